package names

import (
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/qisai/qisai/internal/textwidth"
)

func TestPlayer(t *testing.T) {
	for _, c := range []struct {
		what, in, want string
		refusal        string // a part of the English refusal; "" when accepted
	}{
		{"plain", "王芳", "王芳", ""},
		{"trimmed", "  王芳\u3000", "王芳", ""},
		{"inner spaces collapsed", "Wang \t Fang", "", "character 6 is U+0009 (a tab)"},
		{"inner run of spaces", "Wang \u00a0 \u3000Fang", "Wang Fang", ""},
		{"12 汉字 fit", strings.Repeat("王", 12), strings.Repeat("王", 12), ""},
		{"13 汉字 do not", strings.Repeat("王", 13), "", "at most 24 columns wide (a Chinese character takes two, so 12 of them); this one takes 26"},
		{"24 letters fit", strings.Repeat("a", 24), strings.Repeat("a", 24), ""},
		{"25 letters do not", strings.Repeat("a", 25), "", "this one takes 25"},
		{"mixed scripts count by width", "Li 王" + strings.Repeat("x", 20), "", "this one takes 25"},
		{"a Vietnamese name in decomposed form", "Nguye\u0302\u0303n Thi\u0323 Minh", "Nguye\u0302\u0303n Thi\u0323 Minh", ""},
		{"stacked accents", "Zalgo" + strings.Repeat("\u0301", 60), "", "at most 48 characters, accents and other combining marks included; this one holds 65"},
		{"newline forges a line", "杨帆\n第 1 台 杨帆 1-0", "", "character 3 is U+000A (a line break)"},
		{"line separator", "杨帆\u2028x", "", "U+2028 (a line break)"},
		{"terminal escape", "\x1b[31m杨帆", "", "character 1 is U+001B (a terminal's escape)"},
		{"zero-width space", "杨\u200b帆", "", "character 2 is U+200B (a zero-width character)"},
		{"joiner between letters", "杨\u200d帆", "", "U+200D (a zero-width character)"},
		{"right-to-left override", "\u202e杨帆", "", "U+202E (a text direction mark)"},
		{"right-to-left mark", "Wang\u200fFang", "", "U+200F (a text direction mark)"},
		{"byte order mark", "\ufeff杨帆", "", "U+FEFF"},
		{"Hangul filler", "杨帆\u3164", "", "U+3164"},
		{"broken byte", "杨\xff帆", "", "U+FFFD (a broken byte)"},
		{"blank", " \u3000 ", "", "a player needs a name"},
		{"only a combining mark", "\u0301", "", "a player needs a name"},
		{"emoji with a joiner", "王芳👩\u200d💻", "王芳👩\u200d💻", ""},
		{"emoji with a skin tone and a joiner", "👩🏽\u200d💻", "👩🏽\u200d💻", ""},
		{"emoji with VS16 and a joiner", "❤\ufe0f\u200d🔥 Li", "❤\ufe0f\u200d🔥 Li", ""},
		{"VS16 after a symbol", "Li ❤\ufe0f", "Li ❤\ufe0f", ""},
		{"VS16 alone", "\ufe0fLi", "", "character 1 is U+FE0F"},
		{"two selectors", "❤\ufe0f\ufe0f", "", "character 3 is U+FE0F"},
		{"joiner after an emoji, before a letter", "💻\u200dLi", "", "character 2 is U+200D"},
		{"ideographic variation selector", "葛\U000E0100优", "葛\U000E0100优", ""},
		{"private use", "杨\ue000帆", "", "U+E000"},
	} {
		t.Run(c.what, func(t *testing.T) {
			got, fault := Player(c.in)
			switch {
			case c.refusal == "" && fault != nil:
				t.Fatalf("Player(%q) refused: %s", c.in, fault.En)
			case c.refusal == "" && got != c.want:
				t.Fatalf("Player(%q) = %q, want %q", c.in, got, c.want)
			case c.refusal != "" && fault == nil:
				t.Fatalf("Player(%q) = %q, want a refusal", c.in, got)
			case c.refusal != "" && !strings.Contains(fault.En, c.refusal):
				t.Fatalf("Player(%q) refused with %q, want it to say %q", c.in, fault.En, c.refusal)
			}
			if fault != nil {
				checkBilingual(t, fault)
			}
		})
	}
}

// checkBilingual: a refusal has both texts, no Chinese in the English and
// no English words in the Chinese (a character's code, U+XXXX, is no word).
func checkBilingual(t *testing.T, fault *Error) {
	t.Helper()
	if fault.Zh == "" || fault.En == "" || fault.Error() != fault.En {
		t.Fatalf("refusal %+v: want both texts, Error the English", fault)
	}
	for _, r := range fault.En {
		if unicode.Is(unicode.Han, r) {
			t.Errorf("English refusal %q holds Chinese", fault.En)
			break
		}
	}
	codes := strings.NewReplacer("U+", "")
	for _, word := range strings.FieldsFunc(codes.Replace(fault.Zh), func(r rune) bool { return !unicode.IsLetter(r) || unicode.Is(unicode.Han, r) }) {
		if strings.Trim(word, "0123456789ABCDEF") != "" {
			t.Errorf("Chinese refusal %q holds the word %q", fault.Zh, word)
		}
	}
}

func TestEvent(t *testing.T) {
	for _, c := range []struct {
		in      string
		refusal string
	}{
		{strings.Repeat("赛", 30), ""},
		{"2026 " + strings.Repeat("秋", 27) + " 1", "this one takes 61"}, // 5 + 54 + 2 columns
		{strings.Repeat("赛", 31), "An event's name is at most 60 columns wide (a Chinese character takes two, so 30 of them); this one takes 62"},
		{"", "an event needs a name"},
		{"秋季赛\r\n", ""}, // trimmed: a line break at the end is no part of the name
		{"秋季\r\n赛", "character 3 is U+000D (a line break)"},
	} {
		_, fault := Event(c.in)
		switch {
		case c.refusal == "" && fault != nil:
			t.Errorf("Event(%q) refused: %s", c.in, fault.En)
		case c.refusal != "" && (fault == nil || !strings.Contains(fault.En, c.refusal)):
			t.Errorf("Event(%q) = %v, want a refusal saying %q", c.in, fault, c.refusal)
		}
		if fault != nil {
			checkBilingual(t, fault)
			if strings.Contains(fault.En, "columns") && !strings.Contains(fault.Zh, "60 个半角字符") {
				t.Errorf("Chinese refusal %q does not say the limit", fault.Zh)
			}
		}
	}
}

func TestSameLooksAlike(t *testing.T) {
	for _, c := range []struct {
		a, b string
		same bool
	}{
		{"Wang Fang", "wang fang", true},
		{"Wang Fang", "W\u0430ng F\u0430ng", true}, // Cyrillic а
		{"Popov", "P\u043ep\u043ev", true},         // Cyrillic о
		{"Elena", "\u0415l\u0435na", true},         // Cyrillic Е, е
		{"Wang Fang", "Ｗａｎｇ　Ｆａｎｇ", true},           // fullwidth letters and space (NFKC)
		{"王芳", "王\u200b芳", true},                   // a zero-width space
		{"王芳", "王\u200d芳", true},                   // a zero-width joiner
		{"王芳", "\u200f王芳\u200e", true},             // right-to-left and left-to-right marks
		{"王芳", "\u202e王芳", true},                   // a right-to-left override
		{"Li Na", "Li  Na", true},
		{"Straße", "STRASSE", true}, // case folding, not lower-casing
		{"paypal", "𝔭𝒶ỿ𝕡𝕒ℓ", true},  // mathematical letters (TR39's own example)
		{"Ⅻ", "XII", true},          // a Roman numeral (NFKC)
		{"mike", "rnike", true},     // TR39: rn looks like m
		{"王芳", "王方", false},
		{"杨帆", "杨凡", false},
		{"Wang Fang", "Wang Feng", false},
		{"Li Na", "LiNa", false},
	} {
		if got := Same(c.a, c.b); got != c.same {
			t.Errorf("Same(%q, %q) = %v, want %v (keys %q, %q)", c.a, c.b, got, c.same, Key(c.a), Key(c.b))
		}
	}
}

func TestClean(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"\x1b[2J\x1b[31m杨帆\x1b[0m", "[2J[31m杨帆[0m"},
		{"  Wang\u00a0\u00a0Fang ", "Wang Fang"},
		{"杨\u202e帆\u200b", "杨帆"},
		{"杨\xff帆", "杨\ufffd帆"},
		{"第一行\n第二行", "第一行第二行"},
		{"👩\u200d💻", "👩\u200d💻"},
	} {
		if got := Clean(c.in); got != c.want {
			t.Errorf("Clean(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// FuzzPlayer: whatever the text, Player never panics; what it accepts is
// valid UTF-8 within the limits, holds no control or format character but
// the emoji's joiner, has no space at its ends or two in a row, is checked
// the same again, and Clean leaves it as it is.
func FuzzPlayer(f *testing.F) {
	for _, s := range []string{"王芳", " Wang  Fang ", "杨帆\n1-0", "\x1b[31m", "👩\u200d💻", "❤\ufe0f\u200d🔥", "\u202e", "a\u0301\u0301", "\xff"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		name, fault := Player(s)
		if fault != nil {
			if fault.Zh == "" || fault.En == "" {
				t.Fatalf("Player(%q): refusal without a text", s)
			}
			return
		}
		if !utf8.ValidString(name) || textwidth.Of(name) > PlayerColumns || textwidth.Of(name) == 0 ||
			utf8.RuneCountInString(name) > maxRunesPerColumn*PlayerColumns {
			t.Fatalf("Player(%q) = %q: outside the limits", s, name)
		}
		if strings.TrimSpace(name) != name || strings.Contains(name, "  ") {
			t.Fatalf("Player(%q) = %q: spaces not tidied", s, name)
		}
		for _, r := range name {
			if r != '\u200D' && unicode.In(r, unicode.Cc, unicode.Cf, unicode.Zl, unicode.Zp) {
				t.Fatalf("Player(%q) = %q holds U+%04X", s, name, r)
			}
		}
		if again, fault := Player(name); fault != nil || again != name {
			t.Fatalf("Player(%q) = %q, but Player(%q) = %q, %v", s, name, name, again, fault)
		}
		if Clean(name) != name {
			t.Fatalf("Clean(%q) = %q changes an accepted name", name, Clean(name))
		}
		if Key(name) != Key(Clean(s)) {
			t.Fatalf("Key(%q) = %q, but the key of the cleaned input is %q", name, Key(name), Key(Clean(s)))
		}
	})
}

func BenchmarkKey(b *testing.B) {
	for _, name := range []string{"王天一", "Wang Tianyi", "Nguyễn Thị Minh", "Дмитрий Иванов"} {
		b.Run(name+"/fresh", func(b *testing.B) {
			for b.Loop() {
				key(name)
			}
		})
		b.Run(name+"/memo", func(b *testing.B) {
			for b.Loop() {
				Key(name)
			}
		})
	}
}
