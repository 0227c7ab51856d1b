// Package web serves each event's live page over HTTP, read-only, at the
// secret link the bot gives out (/web):
//
//	/e/TOKEN/           the event: the current round's pairings, the standings, the crosstable
//	/e/TOKEN/p/N        player N's games
//	/e/TOKEN/version    the event's version, which the page polls to reload when it changes
//
// ?lang=zh|en chooses the language (else the browser's), ?view=projector
// the large type for a screen at the venue. There is no login and no
// cookie: the token is the key. An unknown or revoked token, a player the
// event does not have and any other path answer the same 404, so nothing
// tells a guessed token from a wrong one, and nothing of another event is
// reachable from a page. Only GET and HEAD are served.
package web

import (
	"bytes"
	"compress/gzip"
	"context"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"sync"

	"github.com/qisai/qisai/internal/i18n"
	"github.com/qisai/qisai/page"
	"github.com/qisai/qisai/sheet"
)

// Source gives the pages of the events behind web link tokens.
type Source interface {
	// Version is the version of the event whose link token is (it changes
	// whenever the event does); ok is false when no link in use has it.
	Version(ctx context.Context, token string) (v int64, ok bool, err error)
	// Page is the event's page in lang (player 0), or that player's, with
	// their games; ok is false when no link in use has token or the event
	// has no such player.
	Page(ctx context.Context, token string, player int, lang i18n.Lang) (p sheet.Page, ok bool, err error)
}

// Option changes a handler.
type Option func(*handler)

// WithLogger sets where failures to read an event are logged.
func WithLogger(l *slog.Logger) Option { return func(h *handler) { h.log = l } }

// New serves src's pages under /e/.
func New(src Source, opts ...Option) http.Handler {
	h := &handler{src: src, log: slog.Default()}
	for _, o := range opts {
		o(h)
	}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /e/{token}/{$}", h.event)
	mux.HandleFunc("GET /e/{token}/p/{n}", h.player)
	mux.HandleFunc("GET /e/{token}/version", h.version)
	mux.HandleFunc("GET /", notFound) // any other method: 405, on every path alike
	return secure(mux)
}

type handler struct {
	src   Source
	log   *slog.Logger
	cache cache
}

func (h *handler) event(w http.ResponseWriter, r *http.Request) { h.serve(w, r, 0) }

func (h *handler) player(w http.ResponseWriter, r *http.Request) {
	n, err := strconv.Atoi(r.PathValue("n"))
	if err != nil || n < 1 || strconv.Itoa(n) != r.PathValue("n") {
		notFound(w, r)
		return
	}
	h.serve(w, r, n)
}

// serve answers with the page of key, from the cache while the event's
// version is the one cached, and 304 to a browser that has it already.
func (h *handler) serve(w http.ResponseWriter, r *http.Request, player int) {
	lang, chosen := language(r)
	k := key{token: r.PathValue("token"), player: player, lang: lang, view: page.ParseView(r.URL.Query().Get("view"))}
	v, ok, err := h.src.Version(r.Context(), k.token)
	if !h.found(w, r, ok, err) {
		return
	}
	hdr := w.Header()
	hdr.Set("Cache-Control", "private, no-cache") // revalidate each time: the ETag makes that cheap
	hdr.Set("Vary", "Accept-Encoding")
	if !chosen {
		hdr.Add("Vary", "Accept-Language")
	}
	if fresh(r, k.etag(v)) {
		hdr.Set("ETag", k.etag(v))
		w.WriteHeader(http.StatusNotModified)
		return
	}
	e, ok, err := h.cache.get(k, v, func() (*entry, bool, error) { return h.render(r.Context(), k) })
	if !h.found(w, r, ok, err) {
		return
	}
	hdr.Set("ETag", k.etag(e.version))
	hdr.Set("Content-Type", "text/html; charset=utf-8")
	body := e.body
	if acceptsGzip(r) {
		hdr.Set("Content-Encoding", "gzip")
		body = e.gz
	}
	hdr.Set("Content-Length", strconv.Itoa(len(body)))
	w.Write(body)
}

// render makes the page of k as it is now.
func (h *handler) render(ctx context.Context, k key) (*entry, bool, error) {
	p, ok, err := h.src.Page(ctx, k.token, k.player, k.lang)
	if !ok || err != nil {
		return nil, ok, err
	}
	var body bytes.Buffer
	root := "/e/" + k.token + "/"
	if err := page.Live(&body, p, page.Options{Root: root, View: k.view, Player: k.player > 0}); err != nil {
		return nil, false, err
	}
	var gz bytes.Buffer
	zw := gzips.Get().(*gzip.Writer)
	defer gzips.Put(zw)
	zw.Reset(&gz)
	zw.Write(body.Bytes())
	zw.Close()
	return &entry{version: p.Version, body: body.Bytes(), gz: gz.Bytes()}, true, nil
}

// gzips keeps gzip writers between renders: each holds a megabyte of
// tables the garbage collector need not clear again.
var gzips = sync.Pool{New: func() any {
	zw, _ := gzip.NewWriterLevel(nil, gzip.BestSpeed) // a valid level: no error
	return zw
}}

func (h *handler) version(w http.ResponseWriter, r *http.Request) {
	v, ok, err := h.src.Version(r.Context(), r.PathValue("token"))
	if !h.found(w, r, ok, err) {
		return
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.Write([]byte(strconv.FormatInt(v, 10)))
}

// found answers for a page that cannot be shown: 404 when there is none,
// 500 when the event could not be read (logged, without the token).
func (h *handler) found(w http.ResponseWriter, r *http.Request, ok bool, err error) bool {
	switch {
	case err != nil:
		if r.Context().Err() == nil {
			h.log.Error("web page failed", "path", redact(r.URL.Path), "err", err)
		}
		http.Error(w, "暂时无法显示，请稍后再试。\nThe page cannot be shown just now; please try again later.", http.StatusInternalServerError)
		return false
	case !ok:
		notFound(w, r)
		return false
	}
	return true
}

// notFoundBody is the one answer to every page that is not there.
const notFoundBody = "找不到这个网页：链接不对，或者已被组织者更换。\nThere is no such page: the link is wrong, or the organiser has replaced it."

func notFound(w http.ResponseWriter, _ *http.Request) {
	http.Error(w, notFoundBody, http.StatusNotFound)
}

// secure sets the headers every answer carries: the page's own content
// only (CSP), no type sniffing, no Referer (it would carry the token to
// wherever a link leads), no framing, no indexing.
func secure(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Content-Security-Policy", page.CSP)
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "no-referrer")
		h.Set("X-Frame-Options", "DENY")
		h.Set("Cross-Origin-Resource-Policy", "same-origin")
		h.Set("X-Robots-Tag", "noindex, nofollow")
		next.ServeHTTP(w, r)
	})
}

// language is the page's language: ?lang= (chosen), else the first of the
// browser's languages that is Chinese or English, else Chinese.
func language(r *http.Request) (l i18n.Lang, chosen bool) {
	switch r.URL.Query().Get("lang") {
	case "zh":
		return i18n.Zh, true
	case "en":
		return i18n.En, true
	}
	for _, tag := range strings.Split(r.Header.Get("Accept-Language"), ",") {
		tag = strings.ToLower(strings.TrimSpace(tag))
		switch {
		case strings.HasPrefix(tag, "zh"):
			return i18n.Zh, false
		case strings.HasPrefix(tag, "en"):
			return i18n.En, false
		}
	}
	return i18n.Zh, false
}

// fresh reports whether the browser's copy (If-None-Match) is etag.
func fresh(r *http.Request, etag string) bool {
	for _, t := range strings.Split(r.Header.Get("If-None-Match"), ",") {
		if t = strings.TrimPrefix(strings.TrimSpace(t), "W/"); t == etag || t == "*" {
			return true
		}
	}
	return false
}

func acceptsGzip(r *http.Request) bool {
	for _, e := range strings.Split(r.Header.Get("Accept-Encoding"), ",") {
		if name, q, _ := strings.Cut(strings.TrimSpace(e), ";"); strings.TrimSpace(name) == "gzip" {
			return strings.ReplaceAll(q, " ", "") != "q=0"
		}
	}
	return false
}

// redact keeps the token out of the log: a path with it is a key to the page.
func redact(path string) string {
	parts := strings.SplitN(path, "/", 4)
	if len(parts) >= 3 && parts[1] == "e" {
		parts[2] = "…"
	}
	return strings.Join(parts, "/")
}
