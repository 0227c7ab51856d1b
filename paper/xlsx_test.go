package paper

import (
	"bytes"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"github.com/qisai/qisai/internal/i18n"
	"github.com/qisai/qisai/internal/textwidth"
	"github.com/qisai/qisai/sheet"
)

// open reads a workbook back with excelize, as a spreadsheet would.
func open(t *testing.T, b []byte) *excelize.File {
	t.Helper()
	f, err := excelize.OpenReader(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("excelize cannot open the workbook: %v", err)
	}
	t.Cleanup(func() { f.Close() })
	return f
}

// TestXLSX opens the workbook of a finished 8-player Swiss with excelize
// and reads it cell by cell against the tables it was made from: one
// worksheet per table in order, the event's name, its details and the
// table's title merged across the table above the headings in full, every
// cell's text, numbers stored as numbers and the rest as text, columns as
// wide as their text, and each worksheet set up for A4, fitted to the
// page's width with its headings repeated on every page.
func TestXLSX(t *testing.T) {
	for _, lang := range []i18n.Lang{i18n.Zh, i18n.En} {
		t.Run(string(lang), func(t *testing.T) {
			p := Of(swiss(t, 8, 3, 3), lang, details(lang))
			b, err := XLSX(p)
			if err != nil {
				t.Fatal(err)
			}
			f := open(t, b)
			tables := p.workbookTables()
			if len(tables) != len(p.Tables)+3+1 {
				t.Fatalf("%d tables, want the standings and crosstable, 3 rounds' pairings and the entries", len(tables))
			}
			list := f.GetSheetList()
			if len(list) != len(tables) {
				t.Fatalf("worksheets %q, want one for each of %d tables", list, len(tables))
			}
			for i, tab := range tables {
				if !strings.HasPrefix(tab.Title, list[i]) {
					t.Errorf("worksheet %d is %q, want it named after %q", i+1, list[i], tab.Title)
				}
				checkWorksheet(t, f, list[i], tab, p)
			}
		})
	}
}

// checkWorksheet reads the worksheet name against the table tab.
func checkWorksheet(t *testing.T, f *excelize.File, name string, tab sheet.Table, p Papers) {
	t.Helper()
	at := func(col, row int) string {
		v, err := f.GetCellValue(name, cell(col, row))
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	last := len(tab.Columns)
	above := []string{p.Event.Event.Name, p.detailsLine(), tab.Title}
	if tab.Note != "" {
		above = append(above, tab.Note)
	}
	merges, err := f.GetMergeCells(name)
	if err != nil {
		t.Fatal(err)
	}
	ranges := map[string]string{}
	for _, m := range merges {
		ranges[m.GetStartAxis()] = m.GetEndAxis()
	}
	for r, want := range above {
		if got := at(1, r+1); got != want {
			t.Errorf("%s: A%d is %q, want %q", name, r+1, got, want)
		}
		if end := ranges[cell(1, r+1)]; end != cell(last, r+1) {
			t.Errorf("%s: row %d is merged from A%d to %q, want to %s", name, r+1, r+1, end, cell(last, r+1))
		}
	}
	head := len(above) + 1
	for c, col := range tab.Columns {
		if got := at(c+1, head); got != col.Heading() {
			t.Errorf("%s: heading %s is %q, want %q", name, cell(c+1, head), got, col.Heading())
		}
		width, err := f.GetColWidth(name, strings.TrimRight(cell(c+1, 1), "0123456789"))
		if err != nil {
			t.Fatal(err)
		}
		widest := minWidth
		for _, row := range tab.Rows {
			widest = max(widest, min(float64(textwidth.Of(row[c].Text))+2, maxWidth))
		}
		if width < widest || width > maxWidth {
			t.Errorf("%s: column %d is %.1f wide, want at least %.1f for its widest cell and at most %.0f", name, c+1, width, widest, maxWidth)
		}
	}
	numbers := 0
	for r, row := range tab.Rows {
		for c, x := range row {
			ref := cell(c+1, head+1+r)
			if got := at(c+1, head+1+r); got != x.Text {
				t.Errorf("%s: %s is %q, want %q", name, ref, got, x.Text)
			}
			typ, err := f.GetCellType(name, ref)
			if err != nil {
				t.Fatal(err)
			}
			text := typ == excelize.CellTypeSharedString || typ == excelize.CellTypeInlineString
			number := x.Text != "" && !tab.Columns[c].Shrink && plainNumber(x.Text)
			if number {
				numbers++
			}
			switch {
			case x.Text != "" && number && text:
				t.Errorf("%s: %s %q is stored as text, want a number", name, ref, x.Text)
			case x.Text != "" && !number && !text:
				t.Errorf("%s: %s %q is stored as a number, want text", name, ref, x.Text)
			}
		}
	}
	if len(tab.Rows) > 0 && numbers == 0 {
		t.Errorf("%s: no cell is a number", name)
	}
	for i, line := range tab.Footer {
		row := head + len(tab.Rows) + 1 + i
		if got := at(1, row); got != line {
			t.Errorf("%s: footer row %d is %q, want %q", name, row, got, line)
		}
		if end := ranges[cell(1, row)]; end != cell(last, row) {
			t.Errorf("%s: footer row %d is merged to %q, want %s", name, row, end, cell(last, row))
		}
	}

	layout, err := f.GetPageLayout(name)
	if err != nil {
		t.Fatal(err)
	}
	if *layout.Size != a4 || layout.FitToWidth == nil || *layout.FitToWidth != 1 || layout.FitToHeight == nil || *layout.FitToHeight != 0 {
		t.Errorf("%s: page setup size %d, fit to %v wide by %v tall; want A4 (9), one page wide", name, *layout.Size, layout.FitToWidth, layout.FitToHeight)
	}
	props, err := f.GetSheetProps(name)
	if err != nil {
		t.Fatal(err)
	}
	if props.FitToPage == nil || !*props.FitToPage {
		t.Errorf("%s: fit to page is off", name)
	}
	span := 0
	for c := range tab.Columns {
		w, _ := f.GetColWidth(name, strings.TrimRight(cell(c+1, 1), "0123456789"))
		span += int(w*digitPixels) + columnPad
	}
	if landscape := *layout.Orientation == "landscape"; landscape != (span > portraitSpan) {
		t.Errorf("%s: %s for a table %d pixels wide (a portrait page holds %d)", name, *layout.Orientation, span, portraitSpan)
	}
	titles := ""
	for _, d := range f.GetDefinedName() {
		if d.Name == "_xlnm.Print_Titles" && d.Scope == name {
			titles = d.RefersTo
		}
	}
	if want := "'" + name + "'!$1:$" + strconv.Itoa(head); titles != want {
		t.Errorf("%s: print titles %q, want %q (the rows down to the headings on every page)", name, titles, want)
	}
	hf, err := f.GetHeaderFooter(name)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(hf.OddFooter, "&P") || !strings.Contains(hf.OddFooter, "&N") {
		t.Errorf("%s: footer %q has no page numbers", name, hf.OddFooter)
	}
}

// TestXLSXNumbers: the cells that are numbers are exactly the plain
// numbers outside the names and units.
func TestXLSXNumbers(t *testing.T) {
	for s, want := range map[string]bool{
		"12": true, "0": true, "2.5": true, "-3": true, "0.5": true,
		"3=": false, "1-0": false, "007": false, "1e5": false, "+1": false, "": false, ".5": false, "5.": false, "12红+": false, "½": false,
	} {
		if got := plainNumber(s); got != want {
			t.Errorf("plainNumber(%q) = %v, want %v", s, got, want)
		}
	}
	if v := value("2024", sheet.Column{Shrink: true}); v != "2024" {
		t.Errorf("a name of digits is %v (%T), want the text", v, v)
	}
	if v := value("2.5", sheet.Column{}); v != 2.5 {
		t.Errorf("a score is %v (%T), want the number 2.5", v, v)
	}
}

// TestXLSXSheetNames: the worksheets' names are what Excel takes: no
// forbidden character, at most 31 characters, none twice (in any case).
func TestXLSXSheetNames(t *testing.T) {
	w := &workbook{names: map[string]bool{}}
	var got []string
	for _, title := range []string{"排名", "排名", "Round 1: A/B [x]", strings.Repeat("长", 40), strings.Repeat("长", 40), "ROUND 1_ A_B _x_", "'"} {
		got = append(got, w.sheetName(title))
	}
	want := []string{"排名", "排名 2", "Round 1_ A_B _x_", strings.Repeat("长", 31), strings.Repeat("长", 29) + " 2", "ROUND 1_ A_B _x_ 2", "sheet"}
	if !slices.Equal(got, want) {
		t.Errorf("names %q, want %q", got, want)
	}
}

// BenchmarkXLSX: the workbook of a 1,000-player Swiss after 9 rounds.
func BenchmarkXLSX(b *testing.B) {
	p := Of(swiss(b, 1000, 9, 9), i18n.Zh, details(i18n.Zh))
	b.ReportAllocs()
	for b.Loop() {
		out, err := XLSX(p)
		if err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(float64(len(out))/1e6, "MB/file")
	}
}
