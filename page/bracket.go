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
	w := func(ss ...string) {
		for _, s := range ss {
			b.WriteString(s)
		}
	}
	w(`<section class="t `, esc(v.Kind), `" id="`, esc(v.ID), "\">\n<h2>", esc(v.Title), "</h2>\n")
	if v.Note != "" {
		w(`<p class="note">`, esc(v.Note), "</p>\n")
	}
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
	for _, p := range v.Bracket.Parts {
		w(`<div class="part"><h3>`, esc(p.Title), "</h3>\n<div class=\"scroll\"><div class=\"rounds\">\n")
		for _, rd := range p.Rounds {
			w(`<div class="round"><h4>`, esc(rd.Title), "</h4>\n")
			for i := range rd.Matches {
				m := &rd.Matches[i]
				if byes := m.Sides[0].Entrant == 0 && m.Sides[1].Entrant == 0; (m.Bye || byes) && fed[m.ID] {
					continue
				}
				writeMatch(w, m)
			}
			w("</div>\n")
		}
		w("</div></div></div>\n")
	}
	for _, f := range v.Footer {
		w(`<p class="foot">`, esc(f), "</p>\n")
	}
	b.WriteString("</section>\n")
}

// writeMatch writes one match's box.
func writeMatch(w func(...string), m *sheet.BracketMatch) {
	w(`<div class="match"><div class="label">`, esc(m.Label))
	if m.Caption != "" {
		w(" ", esc(m.Caption))
	}
	w("</div>\n")
	for k, s := range m.Sides {
		class := "side"
		if m.Winner == k {
			class += " win"
		}
		if c := toneClass[s.Tone]; c != "" && s.Tone != sheet.Strong {
			class += " " + c
		}
		w(`<div class="`, class, `"><span class="who">`, esc(s.Text), `</span><span class="pts">`, esc(m.Points[k]), "</span></div>\n")
	}
	note := m.Next
	if m.Note != "" {
		note = m.Note
	}
	for _, s := range []string{m.Boards, m.Tie, note} {
		if s != "" {
			w(`<div class="more">`, esc(s), "</div>\n")
		}
	}
	w("</div>\n")
}
