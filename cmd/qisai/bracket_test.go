package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode"
)

func writeBracketFile(t *testing.T, name, text string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// qisai bracket: a five-player knockout by rating, byes to the top seeds
// (R-F-4), a drawn game replayed with the colours swapped (R-F-5, R-C-3).
func TestBracketCommand(t *testing.T) {
	players := writeBracketFile(t, "p.csv", "name,rating\n王芳,1900\n李四,2100\n张三,1800\n赵六,1700\n钱七,1600\n")
	results := writeBracketFile(t, "r.txt", "M2 1-0\nM5 =\nM5 0-1\nM6 1-0\nM7 0-1\n")
	var out, errb bytes.Buffer
	if code := run([]string{"bracket", "--seeding", "rating", "--results", results, players}, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	for _, want := range []string{"M5 李四 v 赵六 = 0-1 → 李四", "M7 李四 v 王芳 0-1 → 王芳", "名次 姓名\n  1  王芳\n  2  李四\n  3= 张三\n  3= 赵六\n  5  钱七\n"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}
	out.Reset()
	if code := run([]string{"bracket", "--format", "double", "--reset", "--out", "json", players}, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	var doc struct {
		Matches []struct {
			ID      int    `json:"id"`
			Part    string `json:"part"`
			Players [2]int `json:"players"`
		} `json:"matches"`
		Ranking []any `json:"ranking"`
	}
	if err := json.Unmarshal(out.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	if doc.Matches[0].Players != [2]int{1, 0} || doc.Matches[len(doc.Matches)-1].Part != "final" || len(doc.Ranking) != 0 {
		t.Fatalf("json = %+v", doc)
	}
}

func TestBracketCommandErrors(t *testing.T) {
	players := writeBracketFile(t, "p.csv", "A\nB\n")
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"bracket", "--format", "swiss", players}, 2, "unknown --format"},
		{[]string{"bracket", "--tie", "coin", players}, 2, "unknown tie rule"},
		{[]string{"bracket", "--results", writeBracketFile(t, "r.txt", "M1 1-0\nM1 1-0\n"), players}, 1, "r.txt:2: match 1: the match is decided"},
		{[]string{"bracket", "--results", writeBracketFile(t, "r.txt", "M9 1-0\n"), players}, 1, "r.txt:1: want"},
	} {
		var out, errb bytes.Buffer
		if code := run(c.args, &out, &errb); code != c.code || !strings.Contains(errb.String(), c.want) {
			t.Errorf("%v: exit %d, %q; want %d with %q", c.args, code, errb.String(), c.code, c.want)
		}
	}
	var out, errb bytes.Buffer
	if code := run([]string{"bracket", "--help"}, &out, &errb); code != 0 || !strings.Contains(out.String(), "和棋黑胜") {
		t.Errorf("--help: exit %d, %q", code, out.String())
	}
}

// qisai bracket --groups: two snake-seeded groups of four (R-F-3), the top
// two of each on to a knockout, winner v the other group's runner-up; the
// groups' others share fifth (R-F-6).
func TestBracketCommandGroups(t *testing.T) {
	players := writeBracketFile(t, "g.csv", "A\nB\nC\nD\nE\nF\nG\nH\n")
	args := []string{"bracket", "--groups", "2", "--advance", "2", "--group-draw", "runner-up", players}
	var out, errb bytes.Buffer
	if code := run(args, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	if !strings.Contains(out.String(), "M1 G1#1 v G2#2") {
		t.Fatalf("the knockout is not drawn from the groups' places:\n%s", out.String())
	}
	// Every group game: the earlier letter wins.
	var results []string
	for _, l := range strings.Split(out.String(), "\n") {
		f := strings.Fields(l)
		if len(f) == 6 && strings.HasPrefix(f[0], "G") {
			res := "0-1"
			if f[3] < f[5] {
				res = "1-0"
			}
			results = append(results, strings.Join(append(f[:3:3], res), " "))
		}
	}
	results = append(results, "M1 1-0", "M2 0-1", "M3 =", "M3 1-0")
	file := writeBracketFile(t, "r.txt", strings.Join(results, "\n")+"\n")
	out.Reset()
	if code := run(append(args, "--results", file), &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	want := "M1 A v C 1-0 → A\n  M2 B v D 0-1 → D\n胜者组 第2轮\n  M3 A v D = 1-0 → D\n名次 姓名\n  1  D\n  2  A\n  3= B\n  3= C\n  5= E\n  5= F\n  5= G\n  5= H\n"
	if !strings.HasSuffix(out.String(), want) {
		t.Fatalf("output:\n%s\nwant it to end with:\n%s", out.String(), want)
	}
	// In English every line is English: the players here have Latin names.
	out.Reset()
	if code := run(append(args, "--results", file, "--lang", "en"), &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	if !strings.Contains(out.String(), "group 2\n") || !strings.Contains(out.String(), "winners round 2\n  M3 A v D = 1-0 → D\n") {
		t.Errorf("--lang en: output:\n%s", out.String())
	}
	if strings.ContainsFunc(out.String(), func(r rune) bool { return unicode.Is(unicode.Han, r) }) {
		t.Errorf("--lang en: Chinese in the output:\n%s", out.String())
	}
}

// qisai bracket --picture: the groups' tables side by side, then the
// knockout, each a PNG file (R-F-3); without a font, a clear refusal.
func TestBracketCommandPicture(t *testing.T) {
	font := "/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf"
	if _, err := os.Stat(font); err != nil {
		t.Skipf("the pictures need a CJK font: %s is not installed (scripts/test installs it)", font)
	}
	players := writeBracketFile(t, "g.csv", "A\nB\nC\nD\nE\nF\nG\nH\n")
	pic := filepath.Join(t.TempDir(), "对阵.png")
	var out, errb bytes.Buffer
	args := []string{"bracket", "--groups", "2", "--advance", "2", "--font", font, "--picture", pic, players}
	if code := run(args, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	second := strings.TrimSuffix(pic, ".png") + "_2.png"
	for _, p := range []string{pic, second} {
		b, err := os.ReadFile(p)
		if err != nil || !bytes.HasPrefix(b, []byte("\x89PNG")) {
			t.Errorf("%s: not a PNG (%v)", p, err)
		}
		if !strings.Contains(out.String(), "Wrote "+p) {
			t.Errorf("the output does not say it wrote %s:\n%s", p, out.String())
		}
	}
	out.Reset()
	errb.Reset()
	if code := run([]string{"bracket", "--font", filepath.Join(t.TempDir(), "none.ttf"), "--picture", pic, players}, &out, &errb); code == 0 || !strings.Contains(errb.String(), "--font") {
		t.Errorf("a missing font: exit %d, %q", code, errb.String())
	}
}
