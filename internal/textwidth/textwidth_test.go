package textwidth

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestOf(t *testing.T) {
	for _, tt := range []struct {
		s    string
		want int
	}{
		{"", 0},
		{"Bob", 3},
		{"王天一", 6},
		{"王 Wang", 7},
		{"ＡＢ", 4},       // fullwidth forms
		{"，。", 4},       // CJK punctuation
		{"e\u0301", 1},  // combining accent
		{"a\u200bb", 2}, // zero-width space
		{"😀", 2},
		{"…", 1},
		{"한국", 4},
		{"𠀀", 2}, // CJK extension B
		{"a\tb", 2},
	} {
		if got := Of(tt.s); got != tt.want {
			t.Errorf("Of(%q) = %d, want %d", tt.s, got, tt.want)
		}
	}
}

func TestWideRangesSorted(t *testing.T) {
	for i, r := range wideRanges {
		if r[0] > r[1] || i > 0 && r[0] <= wideRanges[i-1][1] {
			t.Errorf("wideRanges[%d] = %#x..%#x is out of order", i, r[0], r[1])
		}
	}
}

func TestTruncate(t *testing.T) {
	for _, tt := range []struct {
		s    string
		w    int
		want string
	}{
		{"Bob", 3, "Bob"},
		{"Alice", 4, "Ali…"},
		{"王天一", 6, "王天一"},
		{"王天一", 5, "王天…"},
		{"王天一", 4, "王…"}, // 天 would straddle the limit: it goes whole
		{"王天一", 1, "…"},
		{"王天一", 0, ""},
		{"王天一", -1, ""},
	} {
		got := Truncate(tt.s, tt.w)
		if got != tt.want {
			t.Errorf("Truncate(%q, %d) = %q, want %q", tt.s, tt.w, got, tt.want)
		}
		if tt.w >= 0 && Of(got) > tt.w {
			t.Errorf("Truncate(%q, %d) = %q is %d wide", tt.s, tt.w, got, Of(got))
		}
	}
}

// FuzzCut: Truncate, which Cut gives in parts, is s itself when it fits
// in w columns; else the longest start of s that leaves a column for "…",
// and "…" (nothing when w < 1); Cut's columns are its head's.
func FuzzCut(f *testing.F) {
	for _, s := range []string{"", "Bob", "Alice", "王天一", "王 Wang", "e\u0301e\u0301", "a\u200bb", "😀x", "\xff王"} {
		for _, w := range []int{-1, 0, 1, 2, 3, 4, 5, 6} {
			f.Add(s, w)
		}
	}
	f.Fuzz(func(t *testing.T, s string, w int) {
		head, cols, ellipsis := Cut(s, w)
		if cols != Of(head) {
			t.Errorf("Cut(%q, %d) = %q, %d columns; it takes %d", s, w, head, cols, Of(head))
		}
		got := Truncate(s, w)
		if want := map[bool]string{false: head, true: head + "…"}[ellipsis]; got != want {
			t.Errorf("Truncate(%q, %d) = %q; Cut gives %q, ellipsis %v", s, w, got, head, ellipsis)
		}
		switch {
		case Of(s) <= w:
			if got != s {
				t.Errorf("Cut(%q, %d) = %q; it fits as it is", s, w, got)
			}
		case w < 1:
			if got != "" {
				t.Errorf("Cut(%q, %d) = %q, want nothing", s, w, got)
			}
		default:
			head, ok := strings.CutSuffix(got, "…")
			if !ok || !strings.HasPrefix(s, head) || Of(head) > w-1 {
				t.Fatalf("Cut(%q, %d) = %q, want a start of it within %d columns and \"…\"", s, w, got, w-1)
			}
			if next, _ := utf8.DecodeRuneInString(s[len(head):]); Of(head)+Rune(next) <= w-1 {
				t.Errorf("Cut(%q, %d) = %q: %q fits too", s, w, got, head+string(next))
			}
		}
	})
}

func TestPadRight(t *testing.T) {
	for _, tt := range []struct {
		s    string
		w    int
		want string
	}{
		{"王", 4, "王  "},
		{"ab", 4, "ab  "},
		{"王天一", 4, "王天一"}, // wider than w: unchanged
	} {
		if got := PadRight(tt.s, tt.w); got != tt.want {
			t.Errorf("PadRight(%q, %d) = %q, want %q", tt.s, tt.w, got, tt.want)
		}
	}
}

// The command line's cases: ½ and other ambiguous-width characters count one.
func TestOfCommandLine(t *testing.T) {
	tests := []struct {
		s string
		w int
	}{
		{"", 0}, {"abc", 3}, {"张三", 4}, {"对手分", 6}, {"1.5", 3}, {"½", 1},
		{"Ｑ，", 4}, {"e\u0301", 1}, {"한국", 4}, {"王五 Wang", 9},
	}
	for _, tt := range tests {
		if got := Of(tt.s); got != tt.w {
			t.Errorf("Of(%q) = %d, want %d", tt.s, got, tt.w)
		}
	}
}

func TestTruncateCommandLine(t *testing.T) {
	tests := []struct {
		s    string
		n    int
		want string
	}{
		{"张三", 4, "张三"},
		{"abcdef", 6, "abcdef"},
		{"abcdefg", 6, "abcde…"},
		{"欧阳小明同学", 6, "欧阳…"}, // a wide rune that does not fit whole is dropped
		{"欧阳小明同学", 7, "欧阳小…"},
	}
	for _, tt := range tests {
		got := Truncate(tt.s, tt.n)
		if got != tt.want || Of(got) > tt.n {
			t.Errorf("Truncate(%q, %d) = %q, want %q", tt.s, tt.n, got, tt.want)
		}
	}
}
