package sheet

import "github.com/qisai/qisai/internal/i18n"

// BracketTable is b as a table of the event's page (KindBracket) under
// title: a page or a picture draws b itself; a layout of rows and columns
// (text, a CSV file) has its lines (Lines), a row each.
func BracketTable(b Bracket, title string) Table {
	t := Table{Kind: KindBracket, Title: title, Bracket: &b,
		Columns: []Column{{Title: i18n.T{Zh: "对阵", En: "Matches"}.In(b.Lang)}}}
	for _, line := range b.Lines(bracketTableWidth) {
		t.Rows = append(t.Rows, []Cell{{Text: line}})
	}
	return t
}

// bracketTableWidth is how wide a bracket's lines are in a table: a
// file's, wider than a phone's.
const bracketTableWidth = 60
