// Package names checks the names people give players and events, and
// cleans the names that come from files.
//
// A name is said in every announcement, so it must be short, show as what
// it is, and not pass for another: Player and Event trim and collapse
// spaces, refuse control and invisible formatting characters (a newline in
// a name would forge a line of an announcement, a right-to-left mark would
// turn it around), and limit the width in screen columns (a Chinese
// character takes two, internal/textwidth). Key is what two names are
// compared by, so that look-alikes (Cyrillic а for Latin a, fullwidth
// letters, a zero-width space) are the same name. Clean makes a name read
// from a file safe to show without refusing it, so an import never fails.
package names

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/qisai/qisai/internal/i18n"
	"github.com/qisai/qisai/internal/textwidth"
)

// The widest names, in screen columns: a player's fits a table row on a
// phone held upright (12 汉字 or 24 Latin letters); an event's fits one
// line of a title.
const (
	PlayerColumns = 24
	EventColumns  = 60
)

// maxRunesPerColumn bounds the characters a name may hold beyond its width:
// combining marks take no column, and a name of a few letters under
// thousands of stacked accents would still fill an announcement. Two a
// column leaves room for every script's accents and for emoji sequences.
const maxRunesPerColumn = 2

// Error is why a name is refused, in Chinese and English; Error returns
// the English.
type Error struct{ i18n.T }

func (e *Error) Error() string { return e.En }

// what a name names: its width, and the words that say what it is.
type what struct {
	columns          int
	zhName, enName   string // 名字, a player's name
	zhEmpty, enEmpty string // the refusal of a blank name
	zhWide           string // how many 汉字 fit, said in Chinese
}

var (
	player = what{PlayerColumns, "选手的名字", "a player's name", "选手需要一个名字", "a player needs a name", "12"}
	event  = what{EventColumns, "比赛名称", "an event's name", "比赛需要一个名称", "an event needs a name", "30"}
)

// Player checks a player's name and returns it trimmed, its inner runs of
// spaces made one space, or says why it is refused. (The refusal is an
// *Error, not an error, so that callers need not unwrap it to read both
// languages.)
func Player(s string) (string, *Error) { return player.check(s) }

// Event checks an event's name as Player does a player's.
func Event(s string) (string, *Error) { return event.check(s) }

func (w what) check(s string) (string, *Error) {
	name, bad, at := tidy(s, true)
	if at > 0 {
		zh, en := describe(bad)
		return "", &Error{i18n.T{
			Zh: fmt.Sprintf("%s里不能有控制字符或看不见的格式字符：第 %d 个字符是 U+%04X%s", w.zhName, at, bad, zh),
			En: fmt.Sprintf("%s cannot hold control or invisible formatting characters: character %d is U+%04X%s", capital(w.enName), at, bad, en),
		}}
	}
	cols, runes := textwidth.Of(name), utf8.RuneCountInString(name)
	switch {
	case cols == 0:
		return "", &Error{i18n.T{Zh: w.zhEmpty, En: w.enEmpty}}
	case cols > w.columns:
		return "", &Error{i18n.T{
			Zh: fmt.Sprintf("%s最长 %d 个半角字符（一个汉字算两个，最多 %s 个汉字），这个有 %d 个", w.zhName, w.columns, w.zhWide, cols),
			En: fmt.Sprintf("%s is at most %d columns wide (a Chinese character takes two, so %s of them); this one takes %d", capital(w.enName), w.columns, w.zhWide, cols),
		}}
	case runes > maxRunesPerColumn*w.columns:
		return "", &Error{i18n.T{
			Zh: fmt.Sprintf("%s最多 %d 个字符（重音等组合符号也算），这个有 %d 个", w.zhName, maxRunesPerColumn*w.columns, runes),
			En: fmt.Sprintf("%s holds at most %d characters, accents and other combining marks included; this one holds %d", capital(w.enName), maxRunesPerColumn*w.columns, runes),
		}}
	}
	return name, nil
}

// Clean makes a name read from a file (a TRF import) safe to show: broken
// bytes become U+FFFD, control and invisible formatting characters are
// left out (a terminal's escape sequences lose their escape), spaces are
// trimmed and collapsed. It never refuses and does not shorten.
func Clean(s string) string {
	if plain(s) {
		return s // most names: nothing to take out, and no copy of them
	}
	name, _, _ := tidy(s, false)
	return name
}

// plain reports whether tidy gives s back as it is: printable ASCII and
// CJK ideographs (U+4E00–U+9FFF), single spaces between them. A file of
// ten thousand players is read without ten thousand copies of their names.
func plain(s string) bool {
	if s != "" && (s[0] == ' ' || s[len(s)-1] == ' ') {
		return false
	}
	space := false
	for i := 0; i < len(s); {
		switch c := s[i]; {
		case c == ' ':
			if space {
				return false
			}
			space = true
			i++
			continue
		case c > ' ' && c < 0x7F:
			i++
		case c >= 0xE4 && c <= 0xE9 && i+2 < len(s): // the lead byte of U+4000–U+9FFF
			// Checked byte by byte, not decoded: U+4E00 is E4 B8 80, so
			// after E4 the second byte is at least B8.
			if s[i+1] < 0x80 || s[i+1] > 0xBF || c == 0xE4 && s[i+1] < 0xB8 || s[i+2] < 0x80 || s[i+2] > 0xBF {
				return false
			}
			i += 3
		default:
			return false
		}
		space = false
	}
	return true
}

// tidy trims s, makes each inner run of spaces one space and, rune by rune,
// keeps what may show in a name. With stop set it stops at the first rune
// that may not and returns it with its place (counting from 1 after the
// trim); else it leaves such runes out and at is 0.
func tidy(s string, stop bool) (name string, bad rune, at int) {
	s = strings.TrimFunc(s, unicode.IsSpace)
	var b strings.Builder
	b.Grow(len(s))
	space := false
	var prev rune     // the last rune kept but a variation selector, 0 after a space
	selected := false // whether a variation selector follows prev
	i := 0
	for off := 0; off < len(s); {
		r, size := utf8.DecodeRuneInString(s[off:])
		off += size
		i++
		if size == 1 && r == utf8.RuneError {
			if stop {
				return "", r, i
			}
			r = '\uFFFD' // shown as what it is: a broken byte
		}
		if unicode.Is(unicode.Zs, r) {
			space = true
			prev, selected = 0, false
			continue
		}
		next, _ := utf8.DecodeRuneInString(s[off:])
		if !shows(r, prev, next, selected) {
			if stop {
				return "", r, i
			}
			continue
		}
		if space {
			b.WriteByte(' ')
			space = false
		}
		b.WriteRune(r)
		if variationSelector(r) {
			selected = true
		} else {
			prev, selected = r, false
		}
	}
	return b.String(), 0, 0
}

// shows says whether r may stand in a name between prev (0 at the start or
// after a space; selected if a variation selector follows it) and next: not a control (Cc), a line or paragraph
// separator, a format character (Cf: zero-width spaces, direction marks),
// a private-use character (Co: each font draws it as it likes, most not
// at all) or a filler that shows as nothing. Emoji need two of these: the zero
// width joiner between two pictographs (👩‍💻), and variation selectors
// after a character, which choose how it is drawn (❤️, and the 汉字
// variants of the ideographic variation database).
func shows(r, prev, next rune, selected bool) bool {
	switch {
	case r == '\u200D':
		return pictograph(prev) && pictograph(next)
	case variationSelector(r):
		return !selected && unicode.In(prev, unicode.L, unicode.N, unicode.S)
	case unicode.In(r, unicode.Cc, unicode.Cf, unicode.Zl, unicode.Zp, unicode.Co):
		return false
	}
	return !invisible[r]
}

// invisible are the letters and marks Unicode marks as default ignorable:
// they show as nothing and would make a name look like another.
var invisible = map[rune]bool{
	'\u034F': true,                                                 // combining grapheme joiner
	'\u115F': true, '\u1160': true, '\u3164': true, '\uFFA0': true, // Hangul fillers
	'\u17B4': true, '\u17B5': true, // Khmer inherent vowels
	'\u2800': true, // braille blank, a space in disguise
}

func variationSelector(r rune) bool {
	return r >= 0xFE00 && r <= 0xFE0F || r >= 0xE0100 && r <= 0xE01EF || r >= 0x180B && r <= 0x180F && r != 0x180E
}

// pictograph approximates Unicode's Extended_Pictographic: the blocks of
// emoji and the symbols that have emoji forms, skin tones included (a
// joiner may follow a skin tone: 👩🏽‍💻). A variation selector in between
// (❤️‍🔥) is passed over: prev is the pictograph before it.
func pictograph(r rune) bool {
	switch {
	case r >= 0x1F000 && r <= 0x1FAFF, r >= 0x2600 && r <= 0x27BF, r >= 0x2300 && r <= 0x23FF,
		r >= 0x2B00 && r <= 0x2BFF, r >= 0x2190 && r <= 0x21FF, r >= 0x25A0 && r <= 0x25FF:
		return true
	}
	return r == 0x00A9 || r == 0x00AE || r == 0x203C || r == 0x2049 || r == 0x2122 || r == 0x2139 ||
		r == 0x3030 || r == 0x303D || r == 0x3297 || r == 0x3299
}

// describe names the kinds of invisible characters people meet, for the
// refusal: the rune's code alone says little to most.
func describe(r rune) (zh, en string) {
	switch {
	case r == '\n', r == '\r', r == '\v', r == '\f', r == 0x85, r == 0x2028, r == 0x2029:
		return "（换行符）", " (a line break)"
	case r == 0x1B:
		return "（终端的转义符）", " (a terminal's escape)"
	case r == '\t':
		return "（制表符）", " (a tab)"
	case r >= 0x200B && r <= 0x200D, r == 0x2060, r == 0xFEFF:
		return "（零宽字符）", " (a zero-width character)"
	case r == 0x200E, r == 0x200F, r == 0x061C, r >= 0x202A && r <= 0x202E, r >= 0x2066 && r <= 0x2069:
		return "（文字方向控制符）", " (a text direction mark)"
	case r == utf8.RuneError:
		return "（编码有误的字节）", " (a broken byte)"
	}
	return "", ""
}

func capital(s string) string { return strings.ToUpper(s[:1]) + s[1:] }
