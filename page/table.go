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
	writeSection(b, v, func() {
		put(b, "<div class=\"scroll\"><table>\n<thead><tr>")
		for i, h := range v.Heads {
			put(b, "<th", classAttr(h.Class), ">", esc(h.Title))
			writeSlot(b, v.slot(i), "")
			b.WriteString("</th>")
		}
		put(b, "</tr></thead>\n<tbody>\n")
		for _, row := range v.Rows {
			b.WriteString("<tr>")
			for j, c := range row {
				if c.Class == "" {
					b.WriteString("<td>")
				} else {
					put(b, `<td class="`, c.Class, `">`) // classes are views' own words
				}
				text, marks, slot := c.Text, "", v.slot(j)
				if slot != "" {
					text, marks = hang(text)
				}
				if c.Href != "" {
					put(b, `<a href="`, esc(c.Href), `">`, esc(text))
					writeSlot(b, slot, marks)
					b.WriteString("</a></td>")
				} else {
					b.WriteString(esc(text))
					writeSlot(b, slot, marks)
					b.WriteString("</td>")
				}
			}
			b.WriteString("</tr>\n")
		}
		put(b, "</tbody>\n</table></div>\n")
	})
}

// slot is the class of column i's slot for marks, "" for none.
func (v *view) slot(i int) string {
	if i < len(v.Slots) {
		return v.Slots[i]
	}
	return ""
}

// writeSlot writes the slot of class slot (slotClass) holding marks after
// a number, or nothing for a column without one.
func writeSlot(b *bufio.Writer, slot, marks string) {
	if slot != "" {
		put(b, `<span class="m `, slot, `">`, esc(marks), "</span>") // slot is slotClass's word
	}
}

// writeSection writes v as a <section> of the page: its title and note,
// what body writes, and the footer.
func writeSection(b *bufio.Writer, v view, body func()) {
	put(b, `<section class="t `, esc(v.Kind), `" id="`, esc(v.ID), "\">\n<h2>", esc(v.Title), "</h2>\n")
	if v.Note != "" {
		put(b, `<p class="note">`, esc(v.Note), "</p>\n")
	}
	body()
	for _, f := range v.Footer {
		put(b, `<p class="foot">`, esc(f), "</p>\n")
	}
	put(b, "</section>\n")
}

// put writes ss in order.
func put(b *bufio.Writer, ss ...string) {
	for _, s := range ss {
		b.WriteString(s)
	}
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
