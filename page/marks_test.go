package page

import (
	"bytes"
	"fmt"
	"math"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/qisai/qisai/internal/chromium"
	"github.com/qisai/qisai/internal/i18n"
	"github.com/qisai/qisai/sheet"
)

// measure is a script that writes, for every cell of the first column of
// the page's first table, where its number's digits end and where its
// marks begin (-1 for none), in CSS pixels, into an element Chromium's
// DOM shows, whatever the markup of the cell.
const measure = `<script>
// at is the text node and offset of character i of el's text.
function at(el, i) {
	var w = document.createTreeWalker(el, NodeFilter.SHOW_TEXT), n;
	while ((n = w.nextNode())) {
		if (i < n.length) return [n, i];
		i -= n.length;
	}
	return null;
}
// edge is where characters from i to j of el's text are drawn.
function edge(el, i, j) {
	var a = at(el, i), b = at(el, j - 1), r = document.createRange();
	r.setStart(a[0], a[1]);
	r.setEnd(b[0], b[1] + 1);
	return r.getBoundingClientRect();
}
var out = [];
document.querySelectorAll("tbody tr td:first-child").forEach(function (td) {
	var text = td.textContent, n = text.replace(/[=*]+$/, "").length;
	out.push(text + " " + edge(td, 0, n).right + " " + (n < text.length ? edge(td, n, text.length).left : -1));
});
var p = document.createElement("pre");
p.id = "measured";
p.textContent = out.join("\n");
document.body.appendChild(p);
</script>
</body>`

// TestMarksHangAfterDigits_R_T_9: on the live page and the printed file,
// as Chromium lays them out, the digits of every place end at one x, and
// the "=" of a shared place (and the "*" of a cancelled one) hangs after
// them in a slot of the column: "3=" lines up with "12" and "3".
func TestMarksHangAfterDigits_R_T_9(t *testing.T) {
	br := chromium.Find(t)
	places := []string{"1", "3=", "3=", "12", "13=*", "…", "100"}
	tab := sheet.Table{
		Kind:    sheet.KindStandings,
		Title:   "名次",
		Columns: []sheet.Column{{Title: "名次", Align: sheet.Right, Brief: true}, {Title: "姓名", Shrink: true, Brief: true}},
	}
	for i, p := range places {
		tab.Rows = append(tab.Rows, []sheet.Cell{{Text: p}, {Text: fmt.Sprintf("选手%d", i)}})
	}
	pg := sheet.Page{Event: "周末快棋赛", Lang: i18n.Zh, Version: 1, Tables: []sheet.Table{tab}}
	for name, render := range map[string]func(*bytes.Buffer) error{
		"live":  func(b *bytes.Buffer) error { return Live(b, pg, Options{Root: "/e/tok/"}) },
		"print": func(b *bytes.Buffer) error { return Print(b, pg, nil) },
	} {
		var b bytes.Buffer
		if err := render(&b); err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(t.TempDir(), name+".html")
		write(t, path, strings.Replace(b.String(), "</body>", measure, 1))
		dom := br.DOM(t, "file://"+path, 800, 900)
		m := regexp.MustCompile(`(?s)<pre id="measured">(.*?)</pre>`).FindStringSubmatch(dom)
		if m == nil {
			t.Fatalf("%s: nothing measured in %s", name, dom)
		}
		lines := strings.Split(m[1], "\n")
		if len(lines) != len(places) {
			t.Fatalf("%s: measured %q, want the %d places", name, lines, len(places))
		}
		digits := math.NaN()
		for i, line := range lines {
			f := strings.Fields(line)
			end, _ := strconv.ParseFloat(f[1], 64)
			marks, _ := strconv.ParseFloat(f[2], 64)
			if i == 0 {
				digits = end
			}
			if math.Abs(end-digits) > 0.5 {
				t.Errorf("%s: the digits of %q end at x %.1f, those of %q at %.1f", name, places[i], end, places[0], digits)
			}
			if hasMarks := strings.ContainsAny(places[i], "=*"); hasMarks != (marks >= 0) || hasMarks && math.Abs(marks-end) > 0.5 {
				t.Errorf("%s: the marks of %q begin at x %.1f, its digits end at %.1f", name, places[i], marks, end)
			}
		}
	}
}
