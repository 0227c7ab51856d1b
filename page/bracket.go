package page

import (
	"bufio"

	"github.com/qisai/qisai/sheet"
)

// writeBracket writes a bracket's table (sheet.BracketTable) as the
// bracket itself: each part under its title, its rounds in columns from
// left to right, each match a box of its two sides — the winner in bold,
// each side's points — under its label and caption, with a line for what
// it waits for or how it ended beyond its points. A bye whose player
// stands in a later match is left out, as the picture leaves it out.
func writeBracket(b *bufio.Writer, v view) {
	fed := map[int]bool{}
	for _, p := range v.Bracket.Parts {
		for _, rd := range p.Rounds {
			for _, m := range rd.Matches {
				for _, s := range m.Sides {
					fed[s.From] = true
				}
			}
		}
	}
	writeSection(b, v, func() {
		for _, p := range v.Bracket.Parts {
			put(b, `<div class="part"><h3>`, esc(p.Title), "</h3>\n<div class=\"scroll\"><div class=\"rounds\">\n")
			for _, rd := range p.Rounds {
				put(b, `<div class="round"><h4>`, esc(rd.Title), "</h4>\n")
				for i := range rd.Matches {
					m := &rd.Matches[i]
					if byes := m.Sides[0].Entrant == 0 && m.Sides[1].Entrant == 0; (m.Bye || byes) && fed[m.ID] {
						continue
					}
					writeMatch(b, m)
				}
				put(b, "</div>\n")
			}
			put(b, "</div></div></div>\n")
		}
	})
}

// writeMatch writes one match's box.
func writeMatch(b *bufio.Writer, m *sheet.BracketMatch) {
	put(b, `<div class="match"><div class="label">`, esc(m.Label))
	if m.Caption != "" {
		put(b, " ", esc(m.Caption))
	}
	put(b, "</div>\n")
	for k, s := range m.Sides {
		class := "side"
		if m.Winner == k {
			class += " win"
		}
		if c := toneClass[s.Tone]; c != "" && s.Tone != sheet.Strong {
			class += " " + c
		}
		put(b, `<div class="`, class, `"><span class="who">`, esc(s.Text), `</span><span class="pts">`, esc(m.Points[k]), "</span></div>\n")
	}
	note := m.Next
	if m.Note != "" {
		note = m.Note
	}
	for _, s := range []string{m.Boards, m.Tie, note} {
		if s != "" {
			put(b, `<div class="more">`, esc(s), "</div>\n")
		}
	}
	put(b, "</div>\n")
}
