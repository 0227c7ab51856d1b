package page

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/qisai/qisai/internal/chromium"
	"github.com/qisai/qisai/internal/i18n"
	"github.com/qisai/qisai/sheet"
)

var shots = flag.String("shots", "", "write screenshots of the live and printed pages (9 and 232 players, both languages, phone and projector) to this folder")

func live(t testing.TB, p sheet.Page, o Options) string {
	t.Helper()
	var b bytes.Buffer
	if err := Live(&b, p, o); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// TestLive: the live page holds every table, its cells' links under the
// event's root, the version it polls for, the language switch, and in
// Chinese only Chinese words of its own.
func TestLive(t *testing.T) {
	p := handMade(9, 5, i18n.Zh)
	got := live(t, p, Options{Root: "/e/tok/"})
	for _, want := range []string{
		`<html lang="zh-CN" data-version="109" data-poll="/e/tok/version" data-view="phone">`,
		`<title>周末快棋赛 · 第5轮进行中，2盘待定</title>`,
		`<section class="t pairings" id="pairings">`, `<section class="t standings" id="standings">`,
		`<section class="t crosstable" id="crosstable">`,
		`<a href="#standings">排名</a>`, `<a href="/e/tok/p/3">3 刘思远</a>`,
		`<b>中文</b>`, `<a href="?lang=en">English</a>`, `<a href="?lang=zh&amp;view=projector">投影模式</a>`,
		`<td class="c muted">待定</td>`, `<th class="r">台</th>`, `第 109 版`,
	} {
		if !strings.Contains(got, want) {
			t.Errorf("the live page lacks %s", want)
		}
	}
	if strings.Contains(got, "Version") || strings.Contains(got, "Projector") {
		t.Error("the Chinese page has English words of its own")
	}
	en := live(t, handMade(9, 5, i18n.En), Options{Root: "/e/tok/", View: Projector})
	for _, want := range []string{`<html lang="en"`, `data-view="projector"`, `<body class="projector">`, `<a href="?lang=en">Phone view</a>`, `<b>English</b>`} {
		if !strings.Contains(en, want) {
			t.Errorf("the English projector page lacks %s", want)
		}
	}
	if strings.Contains(en, `id="crosstable"`) || strings.Contains(en, `href="#`) {
		t.Error("the projector shows the crosstable or a menu")
	}
}

// TestLiveEscapes: what people typed (names, the event's name) is text on
// the page, never markup.
func TestLiveEscapes(t *testing.T) {
	p := handMade(4, 1, i18n.Zh)
	p.Event = `<script>alert(1)</script>`
	p.Tables[0].Rows[0][1] = sheet.Cell{Text: `"><img src=x onerror=alert(2)>`, Link: `javascript:alert(3)`}
	got := live(t, p, Options{Root: "/e/tok/"})
	for _, bad := range []string{"<script>alert", "<img", `href="javascript:`} {
		if strings.Contains(got, bad) {
			t.Errorf("the page contains %q unescaped", bad)
		}
	}
}

// TestCSP: the policy allows exactly the page's inline style and script,
// byte for byte as written into the page.
func TestCSP(t *testing.T) {
	got := live(t, handMade(9, 5, i18n.Zh), Options{Root: "/e/tok/"})
	for _, el := range []string{"style", "script"} {
		m := regexp.MustCompile(`(?s)<` + el + `>(.*?)</` + el + `>`).FindStringSubmatch(got)
		if m == nil {
			t.Fatalf("no <%s> in the page", el)
		}
		sum := sha256.Sum256([]byte(m[1]))
		if h := "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"; !strings.Contains(CSP, h) {
			t.Errorf("CSP %q does not allow the page's <%s> (%s)", CSP, el, h)
		}
	}
}

// TestPrint: the printed file has the pairing sheet first, a score sheet
// per board with its players, move lines and signatures, then the
// crosstable and the standings, in the page's language.
func TestPrint(t *testing.T) {
	p := handMade(9, 5, i18n.Zh)
	var b bytes.Buffer
	if err := Print(&b, p, handMadeSheets(p)); err != nil {
		t.Fatal(err)
	}
	got := b.String()
	order := []string{`id="pairings"`, `<section class="score">`, `1 李伟`, `裁判签名`, `id="standings"`, `id="crosstable"`}
	at := 0
	for _, want := range order {
		i := strings.Index(got[at:], want)
		if i < 0 {
			t.Fatalf("the print lacks %s after byte %d (order %q)", want, at, order)
		}
		at += i
	}
	if n := strings.Count(got, `<section class="score">`); n != 4 {
		t.Errorf("%d score sheets, want one per board (4)", n)
	}
	if n := strings.Count(got, `<td class="n">60</td>`); n != 4 {
		t.Errorf("%d sheets end at move 60, want 4", n)
	}
	if strings.Contains(got, "<a ") || strings.Contains(got, "<script") {
		t.Error("the printed file has links or a script")
	}
	b.Reset()
	if err := Print(&b, handMade(9, 5, i18n.En), nil); err != nil {
		t.Fatal(err)
	}
	if en := b.String(); !strings.Contains(en, `<html lang="en">`) || strings.Contains(en, "记分单") {
		t.Error("the English print is not in English")
	}
}

// TestPrintPages prints the file in Chromium: the pairing sheet, each
// score sheet and the crosstable and standings start a page, and a score
// sheet fits on one A4 page.
func TestPrintPages(t *testing.T) {
	br := chromium.Find(t)
	p := handMade(9, 5, i18n.Zh)
	var b bytes.Buffer
	if err := Print(&b, p, handMadeSheets(p)); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "print.html")
	write(t, path, b.String())
	if n, want := br.PDFPages(t, "file://"+path), 1+4+2; n != want {
		t.Errorf("the print of 4 boards has %d pages, want %d (pairings, 4 score sheets, crosstable, standings)", n, want)
	}
}

// TestScreenshots draws the pages in Chromium into -shots DIR, for a
// person to look at: 9 and 232 players, both languages, a phone's and a
// projector's width, and the printed file.
func TestScreenshots(t *testing.T) {
	if *shots == "" {
		t.Skip("screenshots only with -shots DIR")
	}
	br := chromium.Find(t)
	dir, err := filepath.Abs(*shots)
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []int{9, 232} {
		for _, l := range []i18n.Lang{i18n.Zh, i18n.En} {
			p := handMade(n, 7, l)
			for _, v := range []struct {
				view          View
				width, height int
			}{{Phone, 390, 1600}, {Projector, 1920, 1080}} {
				name := filepath.Join(dir, "live-"+string(l)+"-"+strconv.Itoa(n)+"-"+string(v.view))
				write(t, name+".html", live(t, p, Options{Root: "./", View: v.view}))
				br.Screenshot(t, "file://"+name+".html", name+".png", v.width, v.height)
			}
			var b bytes.Buffer
			if err := Print(&b, p, handMadeSheets(p)[:2]); err != nil {
				t.Fatal(err)
			}
			name := filepath.Join(dir, "print-"+string(l)+"-"+strconv.Itoa(n))
			write(t, name+".html", b.String())
			br.Screenshot(t, "file://"+name+".html", name+".png", 800, 1800)
		}
	}
}

func write(t testing.TB, path, s string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
}

// BenchmarkLive: the live page of a 1,000-player event, 9 rounds in.
func BenchmarkLive(b *testing.B) { benchLive(b, handMade(1000, 9, i18n.Zh)) }

// benchLive writes p's live page over and over.
func benchLive(b *testing.B, p sheet.Page) {
	var out bytes.Buffer
	b.ReportAllocs()
	for b.Loop() {
		out.Reset()
		if err := Live(&out, p, Options{Root: "/e/tok/"}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(out.Len())/1e6, "MB/page")
}
