package page

import (
	"bufio"
	"io"

	"github.com/qisai/qisai/sheet"
)

// Sections writes tables as the printed file lays them out — each a
// <section class="t KIND"> of its title, note, table with every heading
// in full, and footer, without links — for the other printed documents
// of an event (package paper), which lay their pages out around them.
func Sections(w io.Writer, tables []sheet.Table) error {
	b := bufio.NewWriterSize(w, 64<<10)
	writeTables(b, views(tables, ""))
	return b.Flush()
}

// BaseCSS is the style every page of qisai shares: the type (a CJK face
// for Chinese), the tables, the tones of their cells.
func BaseCSS() string { return baseCSS }
