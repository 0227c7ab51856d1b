package commands

import (
	"slices"
	"strconv"
	"strings"
	"unicode"

	"golang.org/x/text/width"

	"github.com/qisai/qisai/internal/i18n"
)

// The written forms of what commands read: numbers, rounds and boards, as
// people type them on a phone (DESIGN, "Outputs people look at"). Each has
// many spellings — full-width digits from a Chinese keyboard (１５), any
// dash, 第2轮 or R2 — and one that the command reads: parseArgs keeps that
// one in Context.Args.

// A Form reads an argument written in any of its common forms.
type Form interface {
	// Read reads the argument at the start of words: its one spelling,
	// and how many words it took.
	Read(words []string) (value string, used int, ok bool)
	// Want says what the argument may be, for a refusal: "a number, as
	// in 2, R2 or round 2".
	Want() i18n.T
}

// narrow is s in the half-width forms a command reads: full-width digits,
// letters and punctuation folded (１－０ is 1-0), and every dash and minus
// a hyphen (1–0, 1—0).
func narrow(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.Is(unicode.Pd, r) || r == '−' {
			return '-'
		}
		return r
	}, width.Fold.String(strings.TrimSpace(s)))
}

// number reads a whole number in half-width or full-width digits.
func number(w string) (int, bool) {
	n, err := strconv.Atoi(narrow(w))
	return n, err == nil
}

// An ordinal is the number of a round, a board or a player, written with
// or without its marks: 2, 第2轮, 2轮, R2, round 2, 第二轮.
type ordinal struct {
	before []string // marks before the number, the longer first ("round" before "r")
	after  []string // marks after it
	want   i18n.T
}

var (
	roundNumber = ordinal{before: []string{"第", "round", "rd", "r"}, after: []string{"轮"},
		want: i18n.T{Zh: "数字，如 2、第2轮", En: "a number, as in 2, R2 or round 2"}}
	boardNumber = ordinal{before: []string{"第", "board", "bd", "b"}, after: []string{"台"},
		want: i18n.T{Zh: "数字，如 5、第5台", En: "a number, as in 5, B5 or board 5"}}
	// playerNumber is a player's sequence number (序号): 7, ７, 7号.
	playerNumber = ordinal{after: []string{"号"}}
)

func (o ordinal) Want() i18n.T { return o.want }

// Read reads the number; a mark standing alone joins the word next to it
// ("round 2", "第 2 轮": some keyboards put spaces between Chinese and
// digits).
func (o ordinal) Read(words []string) (string, int, bool) {
	s := ""
	for k, w := range words[:min(2, len(words))] {
		s += strings.ToLower(narrow(w))
		if n, ok := o.number(s); ok {
			used := k + 1
			if used < len(words) && slices.Contains(o.after, narrow(words[used])) {
				used++
			}
			return strconv.Itoa(n), used, true
		}
		if !slices.Contains(o.before, s) {
			break
		}
	}
	return "", 0, false
}

// number reads one word: digits with or without the marks, or a Chinese
// numeral with a mark (第二轮, 五台: a bare 二 may be a name).
func (o ordinal) number(w string) (int, bool) {
	w = strings.ToLower(narrow(w))
	marked := false
	for _, m := range o.before {
		if rest, ok := strings.CutPrefix(w, m); ok && rest != "" {
			w, marked = rest, true
			break
		}
	}
	for _, m := range o.after {
		if rest, ok := strings.CutSuffix(w, m); ok && rest != "" {
			w, marked = rest, true
			break
		}
	}
	if n, ok := number(w); ok {
		return n, true
	}
	if marked {
		return hanNumber(w)
	}
	return 0, false
}

// hanDigits are the Chinese digits' values.
var hanDigits = map[rune]int{'一': 1, '二': 2, '两': 2, '三': 3, '四': 4, '五': 5, '六': 6, '七': 7, '八': 8, '九': 9}

// hanNumber reads a Chinese numeral from 1 to 99: 五, 十, 十二, 二十, 二十三.
func hanNumber(s string) (int, bool) {
	if s == "" {
		return 0, false
	}
	// digit reads one digit, or none as or (十 is 1×10 + 0).
	digit := func(s string, or int) (int, bool) {
		if s == "" {
			return or, true
		}
		r := []rune(s)
		d, ok := hanDigits[r[0]]
		return d, ok && len(r) == 1
	}
	tens, units, ok := strings.Cut(s, "十")
	if !ok {
		return digit(s, 0)
	}
	t, okT := digit(tens, 1)
	u, okU := digit(units, 0)
	return 10*t + u, okT && okU
}
