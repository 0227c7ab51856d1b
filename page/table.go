package page

import (
	"bufio"
	"html"
	"strings"
)

// The tables are written by hand rather than by html/template: a
// 1,000-player event's crosstable is some 15,000 cells, which the template
// engine's reflection takes ten times longer over (150 ms against 15).
// Every text is escaped here (html.EscapeString), and every link is a path
// under the event's root that views made.

// writeTables writes each of vs as a <section> of the page.
func writeTables(b *bufio.Writer, vs []view) {
	for _, v := range vs {
		writeTable(b, v)
	}
}

func writeTable(b *bufio.Writer, v view) {
	if v.Bracket != nil {
		writeBracket(b, v)
		return
	}
	w := func(ss ...string) {
		for _, s := range ss {
			b.WriteString(s)
		}
	}
	w(`<section class="t `, esc(v.Kind), `" id="`, esc(v.ID), "\">\n<h2>", esc(v.Title), "</h2>\n")
	if v.Note != "" {
		w(`<p class="note">`, esc(v.Note), "</p>\n")
	}
	w("<div class=\"scroll\"><table>\n<thead><tr>")
	for _, h := range v.Heads {
		w("<th", classAttr(h.Class), ">", esc(h.Title), "</th>")
	}
	w("</tr></thead>\n<tbody>\n")
	for _, row := range v.Rows {
		b.WriteString("<tr>")
		for _, c := range row {
			if c.Class == "" {
				b.WriteString("<td>")
			} else {
				w(`<td class="`, c.Class, `">`) // classes are views' own words
			}
			if c.Href != "" {
				w(`<a href="`, esc(c.Href), `">`, esc(c.Text), "</a></td>")
			} else {
				w(esc(c.Text), "</td>")
			}
		}
		b.WriteString("</tr>\n")
	}
	w("</tbody>\n</table></div>\n")
	for _, f := range v.Footer {
		w(`<p class="foot">`, esc(f), "</p>\n")
	}
	b.WriteString("</section>\n")
}

func classAttr(c string) string {
	if c == "" {
		return ""
	}
	return ` class="` + esc(c) + `"`
}

// esc escapes text for an element's content or a quoted attribute.
func esc(s string) string {
	if !strings.ContainsAny(s, `<>&'"`) {
		return s
	}
	return html.EscapeString(s)
}
