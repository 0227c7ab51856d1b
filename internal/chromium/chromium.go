// Package chromium runs headless Chromium for tests: the DOM of a page
// after its scripts ran, and screenshots. Tests that need it skip, saying
// why, when Chromium is not installed (scripts/test installs Debian's
// chromium package when it can).
package chromium

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"
	"time"
)

// candidates are where Chromium is looked for, the binary behind Debian's
// launcher script first (the script adds nothing headless needs).
var candidates = []string{"/usr/lib/chromium/chromium", "chromium", "chromium-browser", "google-chrome"}

// Browser is a Chromium binary.
type Browser struct{ path string }

// Find returns Chromium, or skips t when there is none.
func Find(t testing.TB) *Browser {
	t.Helper()
	for _, c := range candidates {
		if p, err := exec.LookPath(c); err == nil {
			return &Browser{path: p}
		}
	}
	t.Skip("headless Chromium not found (install Debian's chromium package; scripts/test does): the page's browser test is skipped")
	return nil
}

// timeout bounds one run of Chromium: a loaded machine starts it slowly,
// and a page that never loads must fail the test, not hang it.
const timeout = 2 * time.Minute

// run runs Chromium headless on url with args, in a profile of its own
// (concurrent runs do not share one), and returns what it printed.
func (b *Browser) run(t testing.TB, url string, args ...string) []byte {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	profile, err := os.MkdirTemp("", "qisai-chromium-")
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(profile)
	all := append([]string{
		"--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--hide-scrollbars",
		"--disable-background-networking", "--disable-component-update", "--disable-sync",
		// A screenshot waits for every tile to be drawn: on a busy
		// machine Chromium may otherwise capture a tile still grey.
		"--run-all-compositor-stages-before-draw",
		"--user-data-dir=" + profile,
	}, args...)
	cmd := exec.CommandContext(ctx, b.path, append(all, url)...)
	var out, errs bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errs
	if err := cmd.Run(); err != nil {
		t.Fatalf("chromium %s: %v\n%s", url, err, tail(errs.Bytes()))
	}
	return out.Bytes()
}

// DOM is the page at url as Chromium has it once loaded and its scripts
// ran (--dump-dom), at a window width × height.
func (b *Browser) DOM(t testing.TB, url string, width, height int) string {
	t.Helper()
	return string(b.run(t, url, "--window-size="+size(width, height), "--dump-dom"))
}

// Screenshot saves the page at url, as a window of width × height CSS
// pixels shows it, to the PNG file path.
func (b *Browser) Screenshot(t testing.TB, url, path string, width, height int) {
	t.Helper()
	b.run(t, url, "--window-size="+size(width, height), "--screenshot="+path)
	if fi, err := os.Stat(path); err != nil || fi.Size() == 0 {
		t.Fatalf("chromium wrote no screenshot of %s to %s (%v)", url, path, err)
	}
}

// PDFPages prints the page at url to a PDF as Chromium prints it (the
// page's print CSS and paper size, no header or footer) and returns the
// number of pages.
func (b *Browser) PDFPages(t testing.TB, url string) int {
	t.Helper()
	return Pages(t, b.PDF(t, url))
}

// PDF prints the page at url to a PDF as Chromium prints it (the page's
// print CSS and paper size, no header or footer) and returns the file.
func (b *Browser) PDF(t testing.TB, url string) []byte {
	t.Helper()
	path := filepath.Join(t.TempDir(), "print.pdf")
	b.run(t, url, "--no-pdf-header-footer", "--print-to-pdf="+path)
	pdf, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("chromium printed no PDF of %s: %v", url, err)
	}
	return pdf
}

// Pages is the number of pages of a PDF Chromium printed.
func Pages(t testing.TB, pdf []byte) int {
	t.Helper()
	// A long document's page tree has nodes under its root, each with its
	// own count; the root's, the largest, counts them all.
	n := 0
	for _, m := range pageCount.FindAllSubmatch(pdf, -1) {
		c, _ := strconv.Atoi(string(m[1]))
		n = max(n, c)
	}
	if n == 0 {
		t.Fatal("the PDF has no page count")
	}
	return n
}

// PageSizes are the sizes of a PDF's pages in points (1/72 inch), width by
// height, in the order Chromium writes them: A4 is 595 × 842 upright.
func PageSizes(pdf []byte) [][2]float64 {
	var out [][2]float64
	for _, m := range mediaBox.FindAllSubmatch(pdf, -1) {
		w, _ := strconv.ParseFloat(string(m[1]), 64)
		h, _ := strconv.ParseFloat(string(m[2]), 64)
		out = append(out, [2]float64{w, h})
	}
	return out
}

// mediaBox is a page's size in the PDFs Chromium writes.
var mediaBox = regexp.MustCompile(`/MediaBox \[0 0 ([0-9.]+) ([0-9.]+)\]`)

// pageCount is a page tree node's count in the PDFs Chromium writes.
var pageCount = regexp.MustCompile(`/Type /Pages[^>]*/Count ([0-9]+)`)

func size(width, height int) string { return strconv.Itoa(width) + "," + strconv.Itoa(height) }

// tail is the end of Chromium's log, where a failure says why.
func tail(b []byte) string {
	const keep = 2000
	if len(b) > keep {
		b = b[len(b)-keep:]
	}
	return string(b)
}
