package commands

import (
	"maps"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"golang.org/x/text/width"

	"github.com/qisai/qisai/engine"
	"github.com/qisai/qisai/internal/i18n"
)

// The written forms of what commands read: numbers, rounds, boards and
// results, as people type them on a phone (DESIGN, "Outputs people look
// at"). Each has many spellings — full-width digits from a Chinese
// keyboard (１－０), any dash (1–0), 第2轮 or R2, 红胜 or 1:0 — and one
// that the command reads: parseArgs keeps that one in Context.Args.

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

// A result is written as red's (R-G-1: red first — 1-0, 红胜) or from the
// writer's side (胜, won). redsForms and ownForms list the forms of each
// by the one spelling a command reads: resultCodes' codes for red's, win
// and loss for the writer's. A form is listed as phraseKey makes it: in
// lower case, without spaces, ":" and 比 as "-".
var (
	redsForms = forms(map[string][]string{
		"1-0": {"红胜", "红方胜", "红方获胜", "红先胜", "红赢", "红方赢", "黑负", "黑方负", "黑输", "redwins", "redwon", "blacklost", "blackloses"},
		"0-1": {"黑胜", "黑方胜", "黑方获胜", "黑赢", "黑方赢", "红负", "红方负", "红先负", "红输", "blackwins", "blackwon", "redlost", "redloses"},
		"1/2": {"½", "0.5", "=", "½-½", "1/2-1/2", "0.5-0.5", "和", "和棋", "和局", "平局", "红先和", "draw", "drawn", "drew"},
		"+-":  {"黑方弃权", "黑弃权"},
		"-+":  {"红方弃权", "红弃权"},
		"--":  {"双方弃权"},
	})
	ownForms = forms(map[string][]string{
		"win":  {"胜", "赢", "赢棋", "获胜", "胜利", "won", "wins"},
		"loss": {"负", "输", "输棋", "败", "lost", "lose", "loses"},
	})
)

// forms indexes the forms by phraseKey; each spelling is a form of itself.
func forms(spellings map[string][]string) map[string]string {
	out := map[string]string{}
	for one, others := range spellings {
		for _, f := range append(others, one) {
			out[phraseKey(f)] = one
		}
	}
	return out
}

// phraseKey is a phrase as the forms list it: narrowed, in lower case,
// without spaces, its separators ":" and 比 as "-" (1:0, 1比0), without
// what ends a sentence (赢了！, 输啦) and what says it is the writer's
// (我赢了, I won).
func phraseKey(s string) string {
	s = strings.NewReplacer(" ", "", ":", "-", "比", "-").Replace(strings.ToLower(narrow(s)))
	s = strings.TrimRight(s, "!.。~了啦")
	for _, who := range []string{"我们", "我方", "我", "we", "i"} {
		if rest, ok := strings.CutPrefix(s, who); ok && rest != "" {
			return rest
		}
	}
	return s
}

// phrases reads results written as one of its forms: one phrase, or with
// many, a line of them (/report 赢了 1-0).
type phrases struct {
	forms map[string]string
	many  bool
	want  i18n.T
}

var (
	// redFirst is /result's: red's result first (R-G-1), or the pieces
	// captured decide it (R-F-5: /result B 吃子 5:3).
	redFirst = phrases{forms: both(redsForms, forms(map[string][]string{"captures": {"吃子"}})),
		want: i18n.T{Zh: "红方在前，如 1-0、0-1、1/2、红胜、黑胜、和、+-、-+、--", En: "red's first, as in 1-0, 0-1, 1/2, +-, -+ or --"}}
	// reported is /report's: the player's own (胜, won) or red's (1-0).
	reported = phrases{forms: both(ownForms, redsForms), many: true,
		want: i18n.T{Zh: "胜、负或和（或红方在前：1-0、0-1、红胜、黑胜）", En: "win, loss or draw (or red's first: 1-0, 0-1, 1/2)"}}
)

// both is the forms of a and b.
func both(a, b map[string]string) map[string]string {
	out := maps.Clone(a)
	maps.Copy(out, b)
	return out
}

func (p phrases) Want() i18n.T { return p.want }

// Read reads a phrase, or with many every phrase up to the first that is
// none: their spellings, space-separated.
func (p phrases) Read(words []string) (string, int, bool) {
	var said []string
	i := 0
	for i < len(words) && (p.many || i == 0) {
		one, used := p.phrase(words[i:])
		if used == 0 {
			break
		}
		said, i = append(said, one), i+used
	}
	return strings.Join(said, " "), i, len(said) > 0
}

// phrase reads the phrase at the start of words, which may be written in
// up to three ("red wins", "1 : 0"): its spelling and the words it took.
func (p phrases) phrase(words []string) (string, int) {
	for k := min(3, len(words)); k > 0; k-- {
		if one, ok := p.forms[phraseKey(strings.Join(words[:k], ""))]; ok {
			return one, k
		}
	}
	return "", 0
}

// reportedAs is what a /report line (as reported spells it) says the
// result is, for a player of colour: each result its phrases name, once
// each, in order. The player's words (win, loss) are theirs, the codes
// red's (R-G-1); a line that says two (赢 0-1 from red) is asked back.
func reportedAs(said string, colour engine.Colour) []engine.Result {
	var out []engine.Result
	for _, w := range strings.Fields(said) {
		r := resultCodes[w]
		switch w {
		case "win":
			r = loss(colour.Opposite())
		case "loss":
			r = loss(colour)
		}
		if !slices.Contains(out, r) {
			out = append(out, r)
		}
	}
	return out
}
