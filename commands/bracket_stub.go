package commands

import "github.com/qisai/qisai/engine"

// bracketLines is the bracket in phone-wide text. TEMPORARY: it stands for
// sheet.BracketOf(b, names, lang).Lines(width), being written on main;
// this file goes once that is there.
func bracketLines(b *engine.Bracket, names func(int) string, lang Lang, width int) []string {
	_ = width
	who := func(id int) string {
		switch id {
		case 0:
			return T{"轮空", "bye"}.In(lang)
		case engine.UnknownPlayer:
			return "?"
		}
		return names(id)
	}
	var lines []string
	for i, o := range b.Outcomes() {
		m := b.Matches[i]
		line := T{"第%d场 %s 对 %s", "M%d %s v %s"}.In(lang, m.ID, who(o.Players[0]), who(o.Players[1]))
		if o.Decided && o.Winner > 0 {
			line += " → " + who(o.Winner)
		}
		lines = append(lines, line)
	}
	return lines
}
