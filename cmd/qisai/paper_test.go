package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"
)

// TestPaperCommand writes each of the papers of six.trf beside a copy of
// it: the workbook opens in excelize with the event's name on top, the
// programme holds the details the flags gave, the booklet says the event
// (2 of 5 rounds) is not over, the certificates come with a picture each
// where a CJK font is installed; "--out -" writes to standard output.
func TestPaperCommand(t *testing.T) {
	dir := t.TempDir()
	data, err := os.ReadFile("testdata/six.trf")
	if err != nil {
		t.Fatal(err)
	}
	event := filepath.Join(dir, "six.trf")
	if err := os.WriteFile(event, data, 0o644); err != nil {
		t.Fatal(err)
	}
	out := mustRun(t, "paper", "xlsx", event)
	book := filepath.Join(dir, "六人积分编排_after_round_2.xlsx")
	if !strings.Contains(out, book) {
		t.Fatalf("qisai paper xlsx said %q, want it to name %s", out, book)
	}
	b, err := os.ReadFile(book)
	if err != nil {
		t.Fatal(err)
	}
	f, err := excelize.OpenReader(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if v, _ := f.GetCellValue(f.GetSheetList()[0], "A1"); v != "六人积分编排 after round 2" {
		t.Errorf("the workbook's A1 is %q, want the event's name", v)
	}

	mustRun(t, "paper", "秩序册", "--host", "实验中学象棋协会", "--venue", "体育馆", "--arbiters", "张裁判,陈裁判", "--time-control", "25分+5秒", event)
	programme, err := os.ReadFile(filepath.Join(dir, "六人积分编排_after_round_2_秩序册.html"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"实验中学象棋协会", "体育馆", "张裁判、陈裁判", "积分编排制，共5轮", "第一轮对阵", "张三"} {
		if !strings.Contains(string(programme), want) {
			t.Errorf("the programme lacks %q", want)
		}
	}

	booklet := mustRun(t, "paper", "booklet", "--lang", "en", "--out", "-", event)
	for _, want := range []string{`<html lang="en">`, "Round 2 complete. The event is not over", "Prize winners"} {
		if !strings.Contains(booklet, want) {
			t.Errorf("the booklet on standard output lacks %q", want)
		}
	}

	said := mustRun(t, "paper", "certificates", "--awards", "2", "--host", "棋协", event)
	page := filepath.Join(dir, "六人积分编排_after_round_2_奖状.html")
	html, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(html), `<section class="certificate`); n < 2 {
		t.Errorf("%d certificates for the first 2 places", n)
	}
	if strings.Contains(said, "no CJK font") {
		t.Log("no CJK font installed: no pictures")
	} else if pngs, _ := filepath.Glob(filepath.Join(dir, "*_奖状_*.png")); len(pngs) != strings.Count(string(html), `<section class="certificate`) {
		t.Errorf("pictures %q, want one a certificate", pngs)
	}
}

// TestPaperCommandRefuses: a paper that does not exist, a bad flag, and
// certificates of an event without a round are refused, saying why.
func TestPaperCommandRefuses(t *testing.T) {
	for _, tt := range []struct {
		args []string
		code int
		says string
	}{
		{[]string{"paper"}, 2, "name the paper"},
		{[]string{"paper", "diploma", "testdata/six.trf"}, 2, `no paper "diploma"`},
		{[]string{"paper", "xlsx", "--awards", "-1", "testdata/six.trf"}, 2, "--awards is 0 to 100"},
		{[]string{"paper", "xlsx", "--lang", "fr", "testdata/six.trf"}, 2, "unknown language"},
		{[]string{"paper", "certificates", "--out", "-", "testdata/new6.trf"}, 1, "no places yet"},
	} {
		_, stderr, code := qisai(t, tt.args...)
		if code != tt.code || !strings.Contains(stderr, tt.says) {
			t.Errorf("qisai %s: exit %d, %q; want exit %d saying %q", strings.Join(tt.args, " "), code, stderr, tt.code, tt.says)
		}
	}
}
