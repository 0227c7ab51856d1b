package sheet

import (
	"strings"

	"github.com/qisai/qisai/internal/i18n"
	"github.com/qisai/qisai/internal/textwidth"
)

// PhoneWidth is the width, in monospace columns, of the chat's text on a
// phone held upright: Lines(PhoneWidth) reads without wrapping.
const PhoneWidth = 30

// Lines is the bracket as monospace text, no line wider than width
// columns (a 汉字 takes two, internal/textwidth): each part under its
// title, each round under its name, each match on one line —
//
//	M5 张三 2–1 李四
//	M6 王五（轮空）
//	M7 M1胜者 对 M2胜者
//
// — and a second line, indented, for what the score does not say: the
// next game ("第2局：张三执红", "猜先"), a tie-break
// ("张三胜（和棋黑胜）"), a double forfeit. Names are cut ("…") where two
// do not fit beside each other. A line between the rounds keeps a long
// bracket readable; the bracket's title is the caller's to add.
func (b Bracket) Lines(width int) []string {
	labelW := 0
	for _, p := range b.Parts {
		for _, rd := range p.Rounds {
			for _, m := range rd.Matches {
				labelW = max(labelW, textwidth.Of(m.Label))
			}
		}
	}
	l := lineWriter{width: width, lang: b.Lang, indent: strings.Repeat(" ", labelW+1)}
	for _, p := range b.Parts {
		l.blank()
		l.add(i18n.T{Zh: "【%s】", En: "== %s =="}.In(b.Lang, p.Title))
		for _, rd := range p.Rounds {
			if len(p.Rounds) > 1 || rd.Title != p.Title {
				l.blank()
				l.add(rd.Title)
			}
			for _, m := range rd.Matches {
				if m.Caption != "" {
					l.add(m.Caption)
				}
				l.match(m, textwidth.PadRight(m.Label, labelW))
			}
		}
	}
	return l.lines
}

// lineWriter collects the lines, each cut to the width.
type lineWriter struct {
	width  int
	lang   i18n.Lang
	indent string // under the names, past the labels
	lines  []string
}

func (l *lineWriter) add(s string) {
	l.lines = append(l.lines, textwidth.Truncate(strings.TrimRight(s, " "), l.width))
}

// blank separates what follows from what came before.
func (l *lineWriter) blank() {
	if len(l.lines) > 0 {
		l.lines = append(l.lines, "")
	}
}

// room is how many columns are left on a line for names after the fixed
// text around them.
func (l *lineWriter) room(fixed ...string) int {
	w := l.width
	for _, s := range fixed {
		w -= textwidth.Of(s)
	}
	return max(w, 0)
}

// match writes m's line, and its second line when it has one.
func (l *lineWriter) match(m BracketMatch, label string) {
	a, b := m.Sides[0].Short, m.Sides[1].Short
	if m.Sides[0].Entrant == 0 && m.Sides[1].Entrant == 0 { // two byes: a match nobody plays
		l.add(label + " " + i18n.T{Zh: "轮空", En: "bye"}.In(l.lang))
		return
	}
	if m.Bye {
		name := a
		if !m.Sides[0].Known() {
			name = b
		}
		suffix := i18n.T{Zh: "（轮空）", En: " (bye)"}.In(l.lang)
		l.add(label + " " + textwidth.Truncate(name, l.room(label, " ", suffix)) + suffix)
		return
	}
	mid := m.Score
	if mid == "" {
		mid = i18n.T{Zh: "对", En: "v"}.In(l.lang)
	}
	mid = " " + mid + " "
	a, b = fitPair(a, b, l.room(label, " ", mid))
	l.add(label + " " + a + mid + b)

	switch {
	case m.Note != "":
		l.add(l.indent + m.Note)
	case m.Decided && m.Tie != "" && m.Winner >= 0:
		// The winner first: a long tie note is cut at its end.
		won := i18n.T{Zh: "%s胜（%s）", En: "%s wins by %s"}
		name := textwidth.Truncate(m.Sides[m.Winner].Text, l.room(l.indent, won.In(l.lang, "", ""))/2)
		l.add(l.indent + won.In(l.lang, name, m.Tie))
	case m.next.known:
		room := l.room(l.indent, m.next.brief(l.lang, "", ""))
		a, b := textwidth.Truncate(m.Sides[0].Short, room), textwidth.Truncate(m.Sides[1].Short, room)
		l.add(l.indent + m.next.brief(l.lang, a, b))
	}
}

// fitPair cuts a and b so that together they take at most w columns: the
// longer one first, so a short name stays whole beside a long one.
func fitPair(a, b string, w int) (string, string) {
	wa, wb := textwidth.Of(a), textwidth.Of(b)
	if wa+wb <= w {
		return a, b
	}
	half := w / 2
	switch {
	case wa <= half:
		return a, textwidth.Truncate(b, w-wa)
	case wb <= w-half:
		return textwidth.Truncate(a, w-wb), b
	}
	return textwidth.Truncate(a, half), textwidth.Truncate(b, w-half)
}
