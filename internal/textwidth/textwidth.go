// Package textwidth measures text as a monospace screen shows it: East
// Asian wide and fullwidth characters (汉字, fullwidth punctuation, most
// emoji) take two columns, so tables of Chinese names line up in a chat's
// code block and in a terminal.
package textwidth

import (
	"strings"
	"unicode"
)

// Of is how many columns s takes in a monospace font: East Asian
// wide and fullwidth characters (汉字, fullwidth punctuation, most emoji)
// take two, combining marks and controls none, the rest one.
func Of(s string) int {
	w := 0
	for _, r := range s {
		w += Rune(r)
	}
	return w
}

// wideRanges are the East Asian Wide (W) and Fullwidth (F) blocks of
// Unicode's EastAsianWidth.txt, merged into the ranges chat text meets;
// sorted, for Rune's binary search.
var wideRanges = [][2]rune{
	{0x1100, 0x115F},   // Hangul Jamo initials
	{0x231A, 0x231B},   // watch, hourglass
	{0x2329, 0x232A},   // angle brackets
	{0x23E9, 0x23EC},   // media buttons
	{0x23F0, 0x23F0},   // alarm clock
	{0x23F3, 0x23F3},   // hourglass
	{0x25FD, 0x25FE},   // small squares
	{0x2614, 0x2615},   // umbrella, hot beverage
	{0x2648, 0x2653},   // zodiac
	{0x267F, 0x267F},   // wheelchair
	{0x2693, 0x2693},   // anchor
	{0x26A1, 0x26A1},   // high voltage
	{0x26AA, 0x26AB},   // circles
	{0x26BD, 0x26BE},   // balls
	{0x26C4, 0x26C5},   // snowman, sun
	{0x26CE, 0x26CE},   // ophiuchus
	{0x26D4, 0x26D4},   // no entry
	{0x26EA, 0x26EA},   // church
	{0x26F2, 0x26F3},   // fountain, golf
	{0x26F5, 0x26F5},   // sailboat
	{0x26FA, 0x26FA},   // tent
	{0x26FD, 0x26FD},   // fuel pump
	{0x2705, 0x2705},   // check mark
	{0x270A, 0x270B},   // fists
	{0x2728, 0x2728},   // sparkles
	{0x274C, 0x274C},   // cross mark
	{0x274E, 0x274E},   // cross mark
	{0x2753, 0x2755},   // question marks
	{0x2757, 0x2757},   // exclamation
	{0x2795, 0x2797},   // plus, minus, divide
	{0x27B0, 0x27B0},   // curly loop
	{0x27BF, 0x27BF},   // double curly loop
	{0x2B1B, 0x2B1C},   // large squares
	{0x2B50, 0x2B50},   // star
	{0x2B55, 0x2B55},   // circle
	{0x2E80, 0x303E},   // CJK radicals, Kangxi, CJK symbols and punctuation
	{0x3041, 0x33FF},   // kana, bopomofo, Hangul compatibility, CJK compatibility
	{0x3400, 0x4DBF},   // CJK extension A
	{0x4E00, 0x9FFF},   // CJK unified ideographs
	{0xA000, 0xA4CF},   // Yi
	{0xA960, 0xA97F},   // Hangul Jamo extended A
	{0xAC00, 0xD7A3},   // Hangul syllables
	{0xF900, 0xFAFF},   // CJK compatibility ideographs
	{0xFE10, 0xFE19},   // vertical forms
	{0xFE30, 0xFE6F},   // CJK compatibility forms, small forms
	{0xFF00, 0xFF60},   // fullwidth forms
	{0xFFE0, 0xFFE6},   // fullwidth signs
	{0x16FE0, 0x18AFF}, // Tangut and friends
	{0x1B000, 0x1B2FF}, // kana supplement, Nushu
	{0x1F004, 0x1F004}, // mahjong tile
	{0x1F0CF, 0x1F0CF}, // joker
	{0x1F18E, 0x1F18E}, // AB button
	{0x1F191, 0x1F19A}, // squared words
	{0x1F200, 0x1F2FF}, // enclosed ideographic supplement
	{0x1F300, 0x1F64F}, // pictographs, emoticons
	{0x1F680, 0x1F6FF}, // transport and map
	{0x1F7E0, 0x1F7EB}, // coloured circles and squares
	{0x1F900, 0x1F9FF}, // supplemental pictographs
	{0x1FA70, 0x1FAFF}, // pictographs extended A
	{0x20000, 0x3FFFD}, // CJK extensions B and later
}

// Rune is how many columns r takes: 2, 1 or 0 (see Of).
func Rune(r rune) int {
	// Printable ASCII and 汉字 (most text) here, each by one unsigned
	// compare, small enough to be inlined into Of's loop; the lookups in
	// other.
	switch {
	case uint32(r)-' ' < 0x7F-' ':
		return 1
	case uint32(r)-0x4E00 <= 0x9FFF-0x4E00: // CJK unified ideographs
		return 2
	}
	return other(r)
}

// other is Rune of the runes it does not answer itself.
func other(r rune) int {
	switch {
	case unicode.IsControl(r), r >= 0x200B && r <= 0x200F, r == 0xFEFF, unicode.In(r, unicode.Mn, unicode.Me):
		return 0 // controls, zero-width spaces and joiners, combining marks
	case r < 0x1100:
		return 1
	}
	lo, hi := 0, len(wideRanges)
	for lo < hi {
		m := (lo + hi) / 2
		switch {
		case r < wideRanges[m][0]:
			hi = m
		case r > wideRanges[m][1]:
			lo = m + 1
		default:
			return 2
		}
	}
	return 1
}

// PadRight fills s with spaces to width w; a wider s is left as it is.
func PadRight(s string, w int) string {
	return s + strings.Repeat(" ", max(0, w-Of(s)))
}

// PadLeft is PadRight on the left, for numbers.
func PadLeft(s string, w int) string {
	return strings.Repeat(" ", max(0, w-Of(s))) + s
}

// Truncate shortens s to at most w columns, ending it with "…" when it
// cuts; a wide character that would straddle the limit is left out whole.
func Truncate(s string, w int) string {
	head, _, ellipsis := Cut(s, w)
	if ellipsis {
		return head + "…"
	}
	return head
}

// Cut is Truncate(s, w) in parts, s read once (a table cuts thousands of
// names): head, the start of s Truncate keeps, is cols columns wide, and
// ellipsis says whether "…" follows it.
func Cut(s string, w int) (head string, cols int, ellipsis bool) {
	used := 0
	cut, kept := -1, 0 // where "…" goes, and the columns before it
	for i, r := range s {
		rw := Rune(r)
		if cut < 0 && used+rw > w-1 {
			cut, kept = i, used
		}
		if used += rw; used > w {
			if w <= 0 {
				return "", 0, false
			}
			return s[:cut], kept, true
		}
	}
	return s, used, false
}
