package web

import (
	"bytes"
	"compress/gzip"
	"crypto/rand"
	"encoding/base32"
	"io"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"github.com/qisai/qisai/page"
)

// TestServe: the event's page, a player's, the version; the headers every
// answer carries; 304 for a browser's current copy; gzip; GET and HEAD
// only; no cookie.
func TestServe(t *testing.T) {
	c := newClub(t)
	root := c.nineRunning()

	w := c.get(root)
	if w.Code != http.StatusOK {
		t.Fatalf("GET %s: %d %s", root, w.Code, w.Body)
	}
	body := w.Body.String()
	for _, want := range []string{`<html lang="zh-CN"`, "春季赛", `id="standings"`, "赵鑫鑫", `href="` + root + `p/1"`} {
		if !strings.Contains(body, want) {
			t.Errorf("the event's page lacks %s", want)
		}
	}
	for name, want := range map[string]string{
		"Content-Type":            "text/html; charset=utf-8",
		"Content-Security-Policy": page.CSP,
		"X-Content-Type-Options":  "nosniff",
		"Referrer-Policy":         "no-referrer",
		"X-Frame-Options":         "DENY",
		"Cache-Control":           "private, no-cache",
	} {
		if got := w.Header().Get(name); got != want {
			t.Errorf("%s: %q, want %q", name, got, want)
		}
	}
	if w.Header().Get("Set-Cookie") != "" {
		t.Error("the page sets a cookie")
	}
	etag := w.Header().Get("ETag")
	if etag == "" {
		t.Fatal("no ETag")
	}
	if w := c.get(root, "If-None-Match", etag); w.Code != http.StatusNotModified || w.Body.Len() != 0 {
		t.Errorf("with the current ETag: %d and %d bytes, want 304 and none", w.Code, w.Body.Len())
	}

	en := c.get(root+"?lang=en", "Accept-Encoding", "gzip")
	if en.Header().Get("Content-Encoding") != "gzip" {
		t.Fatal("gzip was accepted and not used")
	}
	zr, err := gzip.NewReader(en.Body)
	if err != nil {
		t.Fatal(err)
	}
	plain, _ := io.ReadAll(zr)
	if !bytes.Contains(plain, []byte(`<html lang="en"`)) || !bytes.Contains(plain, []byte("Standings")) {
		t.Error("?lang=en is not the English page")
	}
	if w := c.get(root, "Accept-Language", "en-GB,en;q=0.9"); !strings.Contains(w.Body.String(), `<html lang="en"`) {
		t.Error("an English browser without ?lang gets another language")
	}
	if en.Header().Get("ETag") == etag {
		t.Error("the English page has the Chinese page's ETag")
	}

	player := c.get(root + "p/1")
	if player.Code != http.StatusOK || !strings.Contains(player.Body.String(), "赵鑫鑫") || !strings.Contains(player.Body.String(), `id="games"`) {
		t.Errorf("player 1's page: %d %s", player.Code, player.Body)
	}
	v := c.get(root + "version")
	if v.Code != http.StatusOK || v.Header().Get("Cache-Control") != "no-store" {
		t.Fatalf("version: %d, %q", v.Code, v.Header().Get("Cache-Control"))
	}
	if !strings.Contains(body, `data-version="`+v.Body.String()+`"`) {
		t.Errorf("the page does not show the version %s it polls", v.Body)
	}

	if w := serve(c.web, http.MethodHead, root); w.Code != http.StatusOK || w.Header().Get("ETag") != etag {
		t.Errorf("HEAD: %d, ETag %q", w.Code, w.Header().Get("ETag"))
	}
	for _, m := range []string{http.MethodPost, http.MethodPut, http.MethodDelete} {
		if w := serve(c.web, m, root); w.Code != http.StatusMethodNotAllowed {
			t.Errorf("%s: %d, want 405", m, w.Code)
		}
	}

	// A change to the event is a new version: a new page, a new ETag.
	c.must(c.say("org", "/result 1 1-0"), "第 1 台")
	w = c.get(root, "If-None-Match", etag)
	if w.Code != http.StatusOK || w.Header().Get("ETag") == etag {
		t.Errorf("after a result: %d, ETag %q; want the new page", w.Code, w.Header().Get("ETag"))
	}
	if c.get(root+"version").Body.String() == v.Body.String() {
		t.Error("the version did not change with a result")
	}
}

// TestNotFound: wrong paths, players the event lacks and 1,000 random
// tokens all get the one 404 answer, with the security headers.
func TestNotFound(t *testing.T) {
	c := newClub(t)
	root := c.nineRunning()
	token := strings.TrimSuffix(strings.TrimPrefix(root, "/e/"), "/")
	paths := []string{
		"/", "/e/", root + "p/10", root + "p/0", root + "p/01", root + "p/-1", root + "p/x",
		root + "x", root + "p/1/x", "/e/" + strings.ToUpper(token) + "/", "/e/" + token[1:] + "/",
		"/e/" + token + "x/", "/e/" + token + "/version/x", "/healthz",
	}
	enc := base32.NewEncoding("abcdefghijklmnopqrstuvwxyz234567").WithPadding(base32.NoPadding)
	for range 1000 {
		paths = append(paths, "/e/"+randomToken(enc)+"/")
	}
	for i := range 10 { // the other endpoints of a random token
		random := randomToken(enc)
		paths = append(paths, "/e/"+random+"/version", "/e/"+random+"/p/"+strconv.Itoa(i+1))
	}
	for _, p := range paths {
		w := c.get(p)
		if w.Code != http.StatusNotFound || strings.TrimSpace(w.Body.String()) != notFoundBody || w.Header().Get("Content-Security-Policy") != page.CSP {
			t.Fatalf("GET %s: %d %q; want the 404 every unknown page gets", p, w.Code, w.Body)
		}
	}
}

// TestRevoked: after /web new the old link answers the same 404 as a
// guess, at once (even with its page cached), and the new one serves.
func TestRevoked(t *testing.T) {
	c := newClub(t)
	old := c.nineRunning()
	if w := c.get(old); w.Code != http.StatusOK {
		t.Fatalf("the link before /web new: %d", w.Code)
	}
	fresh := c.link("/web new")
	for _, p := range []string{old, old + "version", old + "p/1"} {
		if w := c.get(p); w.Code != http.StatusNotFound || strings.TrimSpace(w.Body.String()) != notFoundBody {
			t.Errorf("revoked %s: %d %q; want 404", p, w.Code, w.Body)
		}
	}
	if w := c.get(fresh); w.Code != http.StatusOK || !strings.Contains(w.Body.String(), "春季赛") {
		t.Errorf("the new link: %d", w.Code)
	}
}

// TestRedact: a logged path keeps its token out.
func TestRedact(t *testing.T) {
	for in, want := range map[string]string{
		"/e/abc/":      "/e/…/",
		"/e/abc/p/3":   "/e/…/p/3",
		"/e/abc":       "/e/…",
		"/healthz":     "/healthz",
		"/e/abc/x/y/z": "/e/…/x/y/z",
	} {
		if got := redact(in); got != want {
			t.Errorf("redact(%q) = %q, want %q", in, got, want)
		}
	}
}

// randomToken is a guess at a token: 128 random bits, as tokens are made.
func randomToken(enc *base32.Encoding) string {
	b := make([]byte, 16)
	rand.Read(b)
	return enc.EncodeToString(b)
}
