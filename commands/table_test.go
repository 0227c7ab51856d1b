package commands

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/qisai/qisai/internal/textwidth"
)

// Chinese names count double, so the columns after them line up on screen
// even though the lines hold different numbers of characters. Numbers are
// right-aligned, a shared place "3=" is not a number.
func TestTableAlignsChineseNames(t *testing.T) {
	var tb table
	tb.row("名次", "姓名", "积分")
	tb.row("1", "王天一", "10")
	tb.row("3=", "Bob", "9.5")
	tb.row("3=", "欧阳\n琦", "9.5") // a line break typed into a name stays in its row
	want := strings.Join([]string{
		"名次 姓名    积分",
		"1    王天一    10",
		"3=   Bob      9.5",
		"3=   欧阳 琦  9.5",
	}, "\n")
	if got := tb.lines(); got != want {
		t.Errorf("table:\n%s\nwant\n%s", got, want)
	}
	if got := tb.String(); got != Mono(want) {
		t.Errorf("table as a message:\n%s\nwant it as a monospace block:\n%s", got, Mono(want))
	}
	// The score column starts at the same screen column on every line.
	for _, line := range strings.Split(tb.lines(), "\n")[1:] {
		runes := []rune(line)
		if w := textwidth.Of(string(runes[:len(runes)-4])); w != 13 {
			t.Errorf("line %q: the score starts at column %d, want 13", line, w)
		}
	}
}

// A table wider than fit truncates its shrinking columns, the widest first,
// and no further than minShrink.
func TestTableFit(t *testing.T) {
	tb := table{fit: 20, shrink: []int{1, 2}}
	tb.row("台", "红方", "黑方")
	tb.row("1", "欧阳长名字的选手", "王天一")
	tb.row("10", "Bob", "Alexander Wong")
	got := tb.lines()
	for _, line := range strings.Split(got, "\n") {
		if textwidth.Of(line) > 20 {
			t.Errorf("line %q is %d wide, want at most 20:\n%s", line, textwidth.Of(line), got)
		}
	}
	must(t, got, " 1 欧阳长…  王天一", "10 Bob      Alexand…")

	narrow := table{fit: 5, shrink: []int{0}}
	narrow.row("Name", "x")
	narrow.row("Alexander", "1")
	must(t, narrow.String(), "Ale… 1")
}

func TestSplitMessage(t *testing.T) {
	for _, tt := range []struct {
		name  string
		text  string
		limit int
		want  []string
	}{
		{"fits", "a\nb", 10, []string{"a\nb"}},
		{"at lines", "aaa\nbbb\nccc", 7, []string{"aaa\nbbb", "ccc"}},
		{"exact limit", "aaa\nbbb", 7, []string{"aaa\nbbb"}},
		{"prefers a blank line", "t1\nx\n\nt2\ny\nz", 10, []string{"t1\nx", "t2\ny\nz"}},
		{"long line cut hard", "ab\n王天一许银川\ncd", 4, []string{"ab", "王天一许", "银川", "cd"}},
		{"no empty parts", "\n\n a \n\n\n", 2, []string{" a"}},
		{"blank text", " \n ", 10, nil},
		{"no limit", "a\nb", 0, []string{"a\nb"}},
		{"emoji counts two", "😀😀\n😀", 4, []string{"😀😀", "😀"}},
	} {
		got := SplitMessage(tt.text, tt.limit)
		if strings.Join(got, "|") != strings.Join(tt.want, "|") || len(got) != len(tt.want) {
			t.Errorf("%s: SplitMessage(%q, %d) = %q, want %q", tt.name, tt.text, tt.limit, got, tt.want)
		}
	}
	if n := len(SplitMessage(strings.Repeat("王天一 1-0 许银川\n", 400), LimitDiscord)); n != 3 {
		t.Errorf("400 lines of 14 characters: %d Discord messages, want 3", n)
	}
}

// Property: for random texts and limits, every part fits the limit and
// is not blank at its ends, no text is lost or reordered, and unless a
// line is longer than the limit every part is whole lines of the text.
func TestSplitMessageProperty(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 4096))
	pieces := []string{"a", "王", "1-0", " ", "😀", "天一", "|"}
	for i := range 3000 {
		var lines []string
		long := false
		limit := 2 + rng.IntN(40)
		for range rng.IntN(30) {
			var b strings.Builder
			for range rng.IntN(12) {
				b.WriteString(pieces[rng.IntN(len(pieces))])
			}
			lines = append(lines, b.String())
			long = long || msgLen(b.String()) > limit
		}
		text := strings.Join(lines, "\n")
		parts := SplitMessage(text, limit)
		for _, p := range parts {
			if n := msgLen(p); n > limit || n == 0 {
				t.Fatalf("case %d: part %q has length %d, limit %d", i, p, n, limit)
			}
			ls := strings.Split(p, "\n")
			if isBlank(ls[0]) || isBlank(ls[len(ls)-1]) {
				t.Fatalf("case %d: part %q begins or ends with a blank line", i, p)
			}
			if !long && !strings.Contains("\n"+text+"\n", "\n"+p+"\n") {
				t.Fatalf("case %d: part %q is not whole lines of %q (limit %d)", i, p, text, limit)
			}
		}
		nospace := func(s string) string { return strings.Join(strings.Fields(s), "") }
		if got, want := nospace(strings.Join(parts, "")), nospace(text); got != want {
			t.Fatalf("case %d: parts %q lose or reorder text of %q", i, parts, text)
		}
		if !long {
			// Greedy: a part and the next line of text would not fit
			// together, unless the part ended at a blank line.
			for j := 0; j+1 < len(parts); j++ {
				next := strings.SplitN(parts[j+1], "\n", 2)[0]
				if msgLen(parts[j])+1+msgLen(next) <= limit && !strings.Contains(text, parts[j]+"\n\n") && !strings.Contains(text, parts[j]+"\n ") {
					t.Fatalf("case %d: part %q and the next line %q would fit in %d: %q", i, parts[j], next, limit, text)
				}
			}
		}
	}
}
