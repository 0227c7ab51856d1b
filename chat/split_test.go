package chat

import (
	"math/rand/v2"
	"strings"
	"testing"
)

func TestSplit(t *testing.T) {
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
		got := Split(tt.text, tt.limit)
		if strings.Join(got, "|") != strings.Join(tt.want, "|") || len(got) != len(tt.want) {
			t.Errorf("%s: Split(%q, %d) = %q, want %q", tt.name, tt.text, tt.limit, got, tt.want)
		}
	}
	if n := len(Split(strings.Repeat("王天一 1-0 许银川\n", 400), LimitDiscord)); n != 3 {
		t.Errorf("400 lines of 14 characters: %d Discord messages, want 3", n)
	}
}

// Property: for random texts and limits, every part fits the limit and
// is not blank at its ends, no text is lost or reordered, and unless a
// line is longer than the limit every part is whole lines of the text.
func TestSplitProperty(t *testing.T) {
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
			long = long || Length(b.String()) > limit
		}
		text := strings.Join(lines, "\n")
		parts := Split(text, limit)
		for _, p := range parts {
			if n := Length(p); n > limit || n == 0 {
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
				if Length(parts[j])+1+Length(next) <= limit && !strings.Contains(text, parts[j]+"\n\n") && !strings.Contains(text, parts[j]+"\n ") {
					t.Fatalf("case %d: part %q and the next line %q would fit in %d: %q", i, parts[j], next, limit, text)
				}
			}
		}
	}
}
