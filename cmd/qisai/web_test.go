package main

import (
	"bufio"
	"io"
	"net/http"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// TestConsoleListen: qisai console --listen serves the events' pages, and
// /web in the console gives a link to the page, which a browser opens
// while the console runs; without --listen /web says what to set.
func TestConsoleListen(t *testing.T) {
	dir := t.TempDir()
	cmd := mainCmd(t, dir, "console", "--db", filepath.Join(dir, "club.db"), "--listen", "127.0.0.1:0")
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Wait()
	defer stdin.Close()
	out := make(chan string)
	go func() {
		defer close(out)
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			out <- sc.Text()
		}
	}()
	io.WriteString(stdin, "王芳: /event new 春季赛\n王芳: /web\n")
	link := regexp.MustCompile(`http://127\.0\.0\.1:[0-9]+/e/[a-z2-7]{26}/`)
	// A guard against a console that never answers, not a measure of
	// speed: a loaded machine may take long to start the process.
	guard := time.After(2 * time.Minute)
	var url string
	for url == "" {
		select {
		case line, ok := <-out:
			if !ok {
				t.Fatal("the console ended without giving a link")
			}
			url = link.FindString(line)
		case <-guard:
			t.Fatal("no link from /web within two minutes")
		}
	}
	resp, err := http.Get(url + "?lang=zh")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || !strings.Contains(string(body), "春季赛") {
		t.Errorf("GET %s: %d %.200s", url, resp.StatusCode, body)
	}
	stdin.Close()
	for range out { // let the console finish
	}

	p := runProcess(t, t.TempDir(), "王芳: /event new 春季赛\n王芳: /web\n", nil, "console")
	if !strings.Contains(p.stdout, "网页没有开启") || !strings.Contains(p.stdout, "--listen") {
		t.Errorf("/web without --listen: %q", p.stdout)
	}
}
