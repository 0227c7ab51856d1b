package commands

import (
	"strings"
	"unicode"
)

// Message limits of the platforms, in characters (UTF-16 code units, the
// way both count them). splitMessage cuts long replies to fit.
const (
	LimitDiscord  = 2000
	LimitTelegram = 4096
)

// phoneWidth is the widest line a table aims at, so that a phone shows it
// without wrapping in a monospace block.
const phoneWidth = 36

// textWidth is how many columns s takes in a monospace font: East Asian
// wide and fullwidth characters (汉字, fullwidth punctuation, most emoji)
// take two, combining marks and controls none, the rest one.
func textWidth(s string) int {
	w := 0
	for _, r := range s {
		w += runeWidth(r)
	}
	return w
}

// wideRanges are the East Asian Wide (W) and Fullwidth (F) blocks of
// Unicode's EastAsianWidth.txt, merged into the ranges chat text meets;
// sorted, for runeWidth's binary search.
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

func runeWidth(r rune) int {
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

// padRight fills s with spaces to width w; a wider s is left as it is.
func padRight(s string, w int) string {
	return s + strings.Repeat(" ", max(0, w-textWidth(s)))
}

// padLeft is padRight on the left, for numbers.
func padLeft(s string, w int) string {
	return strings.Repeat(" ", max(0, w-textWidth(s))) + s
}

// truncate shortens s to at most w columns, ending it with "…" when it
// cuts; a wide character that would straddle the limit is left out whole.
func truncate(s string, w int) string {
	if textWidth(s) <= w {
		return s
	}
	if w <= 0 {
		return ""
	}
	var b strings.Builder
	used := 0
	for _, r := range s {
		rw := runeWidth(r)
		if used+rw > w-1 {
			break
		}
		b.WriteRune(r)
		used += rw
	}
	return b.String() + "…"
}

// table lays out rows of cells in aligned columns, for a monospace block.
// The first row is the heading. A column whose cells below the heading
// are all numbers (or empty) is right-aligned, heading included; the
// others are left-aligned. String returns plain lines: the adapters wrap
// them in their platform's monospace markup.
type table struct {
	rows [][]string
	// fit, when positive, is the widest a line may be: the columns in
	// shrink (names, mostly) are truncated, the widest first and none below
	// minShrink, to keep lines within it.
	fit    int
	shrink []int
}

// minShrink is the narrowest a shrinking column gets: two 汉字, or three
// letters and "…".
const minShrink = 4

// row adds a row.
func (t *table) row(cells ...string) {
	for i, c := range cells {
		cells[i] = oneLine(c)
	}
	t.rows = append(t.rows, cells)
}

// oneLine turns controls (line breaks, tabs) into spaces, so a cell typed
// by a user cannot break the table's lines.
func oneLine(s string) string {
	if !strings.ContainsFunc(s, unicode.IsControl) {
		return s
	}
	return strings.Map(func(r rune) rune {
		if unicode.IsControl(r) {
			return ' '
		}
		return r
	}, s)
}

// widths returns the natural width of each column and whether it is
// right-aligned.
func (t *table) widths() (w []int, right []bool) {
	for _, r := range t.rows {
		for len(w) < len(r) {
			w = append(w, 0)
		}
		for i, c := range r {
			w[i] = max(w[i], textWidth(c))
		}
	}
	right = make([]bool, len(w))
	for i := range right {
		num, seen := true, false
		for _, r := range t.rows[1:] {
			if i < len(r) && r[i] != "" {
				num, seen = num && isNumber(r[i]), true
			}
		}
		right[i] = num && seen
	}
	return w, right
}

func (t *table) String() string {
	if len(t.rows) == 0 {
		return ""
	}
	w, right := t.widths()
	if t.fit > 0 {
		t.narrow(w)
	}
	var b strings.Builder
	for n, r := range t.rows {
		var line strings.Builder
		for i := range w {
			c := ""
			if i < len(r) {
				c = truncate(r[i], w[i])
			}
			if i > 0 {
				line.WriteByte(' ')
			}
			if right[i] {
				line.WriteString(padLeft(c, w[i]))
			} else {
				line.WriteString(padRight(c, w[i]))
			}
		}
		if n > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(strings.TrimRight(line.String(), " "))
	}
	return b.String()
}

// narrow takes columns off the widest shrinking column, one at a time,
// until the lines fit or every shrinking column is at minShrink.
func (t *table) narrow(w []int) {
	total := len(w) - 1
	for _, x := range w {
		total += x
	}
	for ; total > t.fit; total-- {
		j := -1
		for _, i := range t.shrink {
			if i >= 0 && i < len(w) && w[i] > minShrink && (j < 0 || w[i] > w[j]) {
				j = i
			}
		}
		if j < 0 {
			return
		}
		w[j]--
	}
}

// isNumber reports whether s is a number as tables print them: "12",
// "-3", "6.75". A shared place "3=" is not: it reads better left-aligned.
func isNumber(s string) bool {
	s = strings.TrimPrefix(s, "-")
	digits, dot := 0, false
	for _, r := range s {
		switch {
		case r >= '0' && r <= '9':
			digits++
		case r == '.' && !dot && digits > 0:
			dot = true
		default:
			return false
		}
	}
	return digits > 0 && !strings.HasSuffix(s, ".")
}

// msgLen is the length of s as the platforms count it: UTF-16 code units.
func msgLen(s string) int {
	n := 0
	for _, r := range s {
		n++
		if r >= 0x10000 {
			n++
		}
	}
	return n
}

// splitMessage cuts text into messages of at most limit characters (see
// LimitDiscord, LimitTelegram; an adapter that wraps each part in markup
// passes the limit less the markup). It cuts between lines, so a table row
// is never split; it prefers the last blank line of a message, so that
// sections separated by blank lines stay whole. Only a single line longer
// than limit is cut hard. Parts do not begin or end with blank lines and
// are never empty (the platforms refuse empty messages). A limit below 1
// means no limit.
func splitMessage(text string, limit int) []string {
	var out []string
	emit := func(lines []string) {
		for len(lines) > 0 && isBlank(lines[0]) {
			lines = lines[1:]
		}
		for len(lines) > 0 && isBlank(lines[len(lines)-1]) {
			lines = lines[:len(lines)-1]
		}
		if len(lines) > 0 {
			out = append(out, strings.Join(lines, "\n"))
		}
	}
	if limit < 1 {
		emit(strings.Split(text, "\n"))
		return out
	}
	var cur []string
	size, blank := 0, -1 // size of strings.Join(cur, "\n"); index of cur's last blank line
	for _, line := range strings.Split(text, "\n") {
		n := msgLen(line)
		if n > limit {
			emit(cur)
			cur, size, blank = nil, 0, -1
			for _, part := range cutHard(line, limit) {
				emit([]string{part})
			}
			continue
		}
		if len(cur) > 0 && size+1+n > limit {
			if blank > 0 {
				emit(cur[:blank])
				cur = cur[blank+1:]
				size = msgLen(strings.Join(cur, "\n"))
			}
			if blank <= 0 || (len(cur) > 0 && size+1+n > limit) {
				emit(cur)
				cur, size = nil, 0
			}
			blank = -1
		}
		if len(cur) == 0 && isBlank(line) {
			continue // a part never begins with a blank line
		}
		if len(cur) > 0 {
			size++
		}
		cur = append(cur, line)
		size += n
		if isBlank(line) {
			blank = len(cur) - 1
		}
	}
	emit(cur)
	return out
}

func isBlank(line string) bool { return strings.TrimSpace(line) == "" }

// cutHard cuts a line into pieces of at most limit characters, between
// runes.
func cutHard(line string, limit int) []string {
	var parts []string
	start, n := 0, 0
	for i, r := range line {
		w := msgLen(string(r))
		if n > 0 && n+w > limit {
			parts = append(parts, line[start:i])
			start, n = i, 0
		}
		n += w
	}
	return append(parts, line[start:])
}
