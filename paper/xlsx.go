package paper

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/xuri/excelize/v2"

	"github.com/qisai/qisai/internal/i18n"
	"github.com/qisai/qisai/internal/textwidth"
	"github.com/qisai/qisai/sheet"
)

// XLSX is p as an Excel workbook: a worksheet for each of its tables of
// results (the standings and the tables beside them, the crosstable), one
// for each round's pairings and one of the entries. Each starts with the
// event's name and its details (host, venue, dates) and the table's title
// in cells merged across the table, then the headings in full; its
// columns are as wide as their widest cell, a 汉字 counting two. Each
// prints on A4 — landscape when the table is wider than a portrait page —
// fitted to the page's width, the rows down to the headings repeated on
// every page, the page numbers in the footer. Numbers are numbers (a
// place "3=", a result "1-0", a name are text), so that a spreadsheet
// sums and sorts them; the CSV export stays for programs that want text.
func XLSX(p Papers) ([]byte, error) {
	f := excelize.NewFile()
	defer f.Close()
	w := &workbook{f: f, p: p, styles: map[cellLook]int{}, names: map[string]bool{}}
	for _, t := range p.workbookTables() {
		if err := w.add(t); err != nil {
			return nil, fmt.Errorf("xlsx: %s: %w", t.Title, err)
		}
	}
	lang := "zh-CN"
	if p.Lang == i18n.En {
		lang = "en"
	}
	if err := f.SetDocProps(&excelize.DocProperties{Title: p.Event.Event.Name, Creator: "qisai", Language: lang}); err != nil {
		return nil, fmt.Errorf("xlsx: %w", err)
	}
	b, err := f.WriteToBuffer()
	if err != nil {
		return nil, fmt.Errorf("xlsx: %w", err)
	}
	return b.Bytes(), nil
}

// workbookTables are the workbook's worksheets in order: the tables of
// results, each round's pairings, the entries.
func (p Papers) workbookTables() []sheet.Table {
	tables := append([]sheet.Table{}, p.Tables...)
	for r := 1; r <= sheet.CurrentRound(p.Event.Event); r++ {
		tables = append(tables, sheet.Pairings(p.Event, r, p.Lang))
	}
	return append(tables, Players(p))
}

// The measures of a worksheet. Excel measures a column in the widths of
// a digit of its default font: about 7 pixels at 96 dpi, plus 5 of
// padding.
const (
	a4           = 9    // Excel's paper size number for A4
	digitPixels  = 7    // a column width unit, in pixels
	columnPad    = 5    // the pixels Excel adds to each column
	portraitSpan = 690  // an A4 portrait page's width inside the margins, in pixels (7.2 in)
	minWidth     = 4.0  // the narrowest column
	maxWidth     = 40.0 // the widest: a longer name wraps
	margin       = 0.5  // the page margins, in inches
	titleHeight  = 30.0 // the event's name row, in points
	lineHeight   = 18.0 // the other rows
	headHeight   = 34.0 // the headings' row when a heading wraps
	titleSize    = 16.0 // the event's name, in points
	captionSize  = 12.0 // the table's title
	bodySize     = 10.5 // the cells
	smallSize    = 9.0  // the details, the note, the footer
	headFill     = "DFE5EE"
	redInk       = "C01F1F"
	greyInk      = "6A737D"
	ruleColour   = "8C96A3"
	maxSheetName = 31 // Excel's limit on a worksheet's name
)

// workbook is a workbook being written: its styles, made once each, and
// the worksheets' names taken.
type workbook struct {
	f      *excelize.File
	p      Papers
	styles map[cellLook]int
	names  map[string]bool
}

// cellLook is how a cell looks: what it is (a title, a heading, a cell),
// how it sits and how it is marked.
type cellLook struct {
	part  part
	align sheet.Align
	tone  sheet.Tone
}

type part uint8

// line is a row of one text merged across the table.
type line struct {
	text string
	part part
}

const (
	eventPart   part = iota // the event's name
	detailsPart             // host, venue, dates
	captionPart             // the table's title
	notePart                // the table's note, its footer lines
	headPart                // a column's heading
	bodyPart                // a cell of the table
)

// add writes t as a worksheet.
func (w *workbook) add(t sheet.Table) error {
	f, name := w.f, w.sheetName(t.Title)
	if len(w.names) == 1 {
		// The first takes NewFile's empty sheet: deleting that one at the
		// end would read every worksheet written back in.
		if err := f.SetSheetName(f.GetSheetName(0), name); err != nil {
			return err
		}
	} else if _, err := f.NewSheet(name); err != nil {
		return err
	}
	cols := max(1, len(t.Columns))
	widths, wraps := w.widths(t)
	span := 0
	for _, wd := range widths {
		span += int(wd*digitPixels) + columnPad
	}
	orientation := "portrait"
	if span > portraitSpan {
		orientation = "landscape"
	}
	// One page wide, as many long as it takes (a height of 0).
	if err := f.SetPageLayout(name, &excelize.PageLayoutOptions{Size: ptr(a4), Orientation: &orientation, FitToWidth: ptr(1), FitToHeight: ptr(0)}); err != nil {
		return err
	}
	if err := f.SetSheetProps(name, &excelize.SheetPropsOptions{FitToPage: ptr(true)}); err != nil {
		return err
	}
	if err := f.SetPageMargins(name, &excelize.PageLayoutMarginsOptions{Left: ptr(margin), Right: ptr(margin), Top: ptr(margin), Bottom: ptr(2 * margin)}); err != nil {
		return err
	}
	footer := w.p.tr(i18n.T{Zh: "&C第 &P 页，共 &N 页", En: "&CPage &P of &N"})
	if err := f.SetHeaderFooter(name, &excelize.HeaderFooterOptions{OddFooter: footer}); err != nil {
		return err
	}

	// The rows above the headings: the event, its details, the title, the
	// note.
	above := []line{{w.p.Event.Event.Name, eventPart}}
	if d := w.p.detailsLine(); d != "" {
		above = append(above, line{d, detailsPart})
	}
	above = append(above, line{t.Title, captionPart})
	if t.Note != "" {
		above = append(above, line{t.Note, notePart})
	}
	head := len(above) + 1

	sw, err := f.NewStreamWriter(name)
	if err != nil {
		return err
	}
	for i, wd := range widths {
		if err := sw.SetColWidth(i+1, i+1, wd); err != nil {
			return err
		}
	}
	if err := sw.SetPanes(&excelize.Panes{Freeze: true, YSplit: head, TopLeftCell: cell(1, head+1), ActivePane: "bottomLeft"}); err != nil {
		return err
	}
	row := 1
	merged := func(text string, pt part) error {
		style, err := w.style(cellLook{part: pt})
		if err != nil {
			return err
		}
		height := lineHeight
		if pt == eventPart {
			height = titleHeight
		}
		if err := sw.SetRow(cell(1, row), []any{excelize.Cell{StyleID: style, Value: text}}, excelize.RowOpts{Height: height}); err != nil {
			return err
		}
		if cols > 1 {
			if err := sw.MergeCell(cell(1, row), cell(cols, row)); err != nil {
				return err
			}
		}
		row++
		return nil
	}
	for _, a := range above {
		if err := merged(a.text, a.part); err != nil {
			return err
		}
	}

	heads := make([]any, len(t.Columns))
	for i, c := range t.Columns {
		style, err := w.style(cellLook{part: headPart, align: c.Align})
		if err != nil {
			return err
		}
		heads[i] = excelize.Cell{StyleID: style, Value: c.Heading()}
	}
	height := lineHeight
	if wraps {
		height = headHeight
	}
	if err := sw.SetRow(cell(1, row), heads, excelize.RowOpts{Height: height}); err != nil {
		return err
	}
	row++
	values := make([]any, len(t.Columns))
	for _, r := range t.Rows {
		for i, c := range t.Columns {
			var x sheet.Cell
			if i < len(r) {
				x = r[i]
			}
			style, err := w.style(cellLook{part: bodyPart, align: c.Align, tone: x.Tone})
			if err != nil {
				return err
			}
			values[i] = excelize.Cell{StyleID: style, Value: value(x.Text, c)}
		}
		if err := sw.SetRow(cell(1, row), values, excelize.RowOpts{Height: lineHeight}); err != nil {
			return err
		}
		row++
	}
	for _, line := range t.Footer {
		if err := merged(line, notePart); err != nil {
			return err
		}
	}
	if err := sw.Flush(); err != nil {
		return err
	}
	// The rows down to the headings print on every page.
	return f.SetDefinedName(&excelize.DefinedName{
		Name: "_xlnm.Print_Titles", Scope: name,
		RefersTo: "'" + strings.ReplaceAll(name, "'", "''") + "'!$1:$" + strconv.Itoa(head),
	})
}

// detailsLine is the event's details in a line under its name: "主办：…
// 地点：… 日期：…"; "" when none is known.
func (p Papers) detailsLine() string {
	var parts []string
	for _, d := range p.facts() {
		parts = append(parts, p.tr(d.short)+p.tr(i18n.T{Zh: "：", En: ": "})+d.value)
	}
	return strings.Join(parts, p.tr(i18n.T{Zh: "　", En: " · "}))
}

// widths are t's columns' widths in Excel's units: the widest of the
// heading (bold, a little wider) and the cells, a 汉字 two, with a margin;
// wraps reports whether a heading is wider than its column and wraps.
func (w *workbook) widths(t sheet.Table) (widths []float64, wraps bool) {
	widths = make([]float64, max(1, len(t.Columns)))
	for i := range widths {
		widths[i] = minWidth
	}
	for i, c := range t.Columns {
		head := float64(textwidth.Of(c.Heading()))*1.1 + 2
		widths[i] = max(widths[i], min(head, maxWidth))
		wraps = wraps || head > maxWidth
	}
	for _, r := range t.Rows {
		for i, x := range r[:min(len(r), len(t.Columns))] {
			widths[i] = max(widths[i], min(float64(textwidth.Of(x.Text))+2, maxWidth))
		}
	}
	return widths, wraps
}

// value is a cell's value: a number where the text is one and the column
// holds numbers (not a name or a unit, which may be digits), else the
// text; nothing for an empty cell.
func value(text string, c sheet.Column) any {
	if text == "" {
		return nil
	}
	if !c.Shrink && plainNumber(text) {
		if v, err := strconv.ParseFloat(text, 64); err == nil {
			return v
		}
	}
	return text
}

// plainNumber reports whether s is a number as the sheets write one: "12",
// "-3", "2.5"; not "007" (a code), "1e5", "+1" or "3=".
func plainNumber(s string) bool {
	t := strings.TrimPrefix(s, "-")
	whole, frac, dot := strings.Cut(t, ".")
	digits := func(x string) bool {
		return x != "" && strings.Trim(x, "0123456789") == ""
	}
	if !digits(whole) || (dot && !digits(frac)) {
		return false
	}
	return whole == "0" || whole[0] != '0'
}

// style is the workbook's style for a cell that looks like l, made when
// first wanted.
func (w *workbook) style(l cellLook) (int, error) {
	if id, ok := w.styles[l]; ok {
		return id, nil
	}
	family := "等线" // Office's Chinese default face: the names print in it
	if w.p.Lang == i18n.En {
		family = "Calibri"
	}
	font := &excelize.Font{Family: family, Size: bodySize}
	al := &excelize.Alignment{Vertical: "center", Horizontal: horizontal[l.align]}
	s := &excelize.Style{Font: font, Alignment: al}
	switch l.part {
	case eventPart:
		font.Size, font.Bold, al.Horizontal = titleSize, true, "center"
	case detailsPart:
		font.Size, font.Color, al.Horizontal = smallSize, greyInk, "center"
	case captionPart:
		font.Size, font.Bold, al.Horizontal = captionSize, true, "left"
	case notePart:
		font.Size, font.Color, al.Horizontal, al.WrapText = smallSize, greyInk, "left", true
	case headPart:
		font.Bold, al.WrapText = true, true
		s.Fill = excelize.Fill{Type: "pattern", Pattern: 1, Color: []string{headFill}}
		s.Border = borders()
	case bodyPart:
		s.Border = borders()
		switch l.tone {
		case sheet.Red:
			font.Color = redInk
		case sheet.Strong:
			font.Bold = true
		case sheet.Muted:
			font.Color, font.Italic = greyInk, true
		}
	}
	id, err := w.f.NewStyle(s)
	if err != nil {
		return 0, err
	}
	w.styles[l] = id
	return id, nil
}

var horizontal = map[sheet.Align]string{sheet.Left: "left", sheet.Right: "right", sheet.Center: "center"}

// borders are a cell's thin rules on every side.
func borders() []excelize.Border {
	out := make([]excelize.Border, 0, 4)
	for _, side := range []string{"left", "right", "top", "bottom"} {
		out = append(out, excelize.Border{Type: side, Color: ruleColour, Style: 1})
	}
	return out
}

// sheetName is a worksheet's name made from a table's title: without the
// characters Excel refuses in one (: \ / ? * [ ]), at most 31 characters,
// and not a name the workbook has already (", 2" after it; Excel compares
// names without case).
func (w *workbook) sheetName(title string) string {
	name := strings.Map(func(r rune) rune {
		if strings.ContainsRune(`:\/?*[]`, r) {
			return '_'
		}
		return r
	}, strings.TrimSpace(title))
	name = strings.Trim(name, "'")
	if name == "" {
		name = "sheet"
	}
	cut := func(s string, n int) string {
		for utf8.RuneCountInString(s) > n {
			_, size := utf8.DecodeLastRuneInString(s)
			s = s[:len(s)-size]
		}
		return s
	}
	name = cut(name, maxSheetName)
	out := name
	for i := 2; w.names[strings.ToLower(out)]; i++ {
		suffix := " " + strconv.Itoa(i)
		out = cut(name, maxSheetName-len(suffix)) + suffix
	}
	w.names[strings.ToLower(out)] = true
	return out
}

// cell is the name of the cell at column col and row row, from 1: "B3".
func cell(col, row int) string {
	name, _ := excelize.CoordinatesToCellName(col, row)
	return name
}

func ptr[T any](v T) *T { return &v }
