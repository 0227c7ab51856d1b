package main

import (
	"io"
	"slices"
	"strings"

	"github.com/qisai/qisai/internal/textwidth"
)

// table lays out cells in columns for a monospace screen, where East Asian
// wide characters (Chinese names and headers) take two columns.
type table struct {
	right  []bool   // per column: right-aligned (numbers)
	cells  []string // every row's cells, one row after another
	widths []int    // the width of each cell
	ends   []int    // where each row's cells end in cells
}

// reserve makes room for rows more rows of cols cells.
func (t *table) reserve(rows, cols int) {
	t.cells = slices.Grow(t.cells, rows*cols)
	t.widths = slices.Grow(t.widths, rows*cols)
	t.ends = slices.Grow(t.ends, rows)
}

func (t *table) add(cells ...string) {
	for _, c := range cells {
		t.cells = append(t.cells, c)
		t.widths = append(t.widths, textwidth.Of(c))
	}
	t.ends = append(t.ends, len(t.cells))
}

// blanks pads cells; a wider pad is written in pieces.
var blanks = strings.Repeat(" ", 64)

// write prints the rows one space apart, without trailing spaces, in one
// write.
func (t *table) write(w io.Writer) error {
	var cols []int // each column's width
	size, start := 0, 0
	for _, end := range t.ends {
		for i := range end - start {
			if i == len(cols) {
				cols = append(cols, 0)
			}
			cols[i] = max(cols[i], t.widths[start+i])
		}
		start = end
	}
	for _, c := range cols {
		size += c + 1
	}
	b := make([]byte, 0, size*len(t.ends)+len(t.ends))
	start = 0
	for _, end := range t.ends {
		line := len(b)
		for i := range end - start {
			if i > 0 {
				b = append(b, ' ')
			}
			c, pad := t.cells[start+i], cols[i]-t.widths[start+i]
			if i < len(t.right) && t.right[i] {
				b = appendBlanks(b, pad)
				b = append(b, c...)
			} else {
				b = append(b, c...)
				b = appendBlanks(b, pad)
			}
		}
		for len(b) > line && b[len(b)-1] == ' ' {
			b = b[:len(b)-1]
		}
		b = append(b, '\n')
		start = end
	}
	_, err := w.Write(b)
	return err
}

func appendBlanks(b []byte, n int) []byte {
	for ; n > len(blanks); n -= len(blanks) {
		b = append(b, blanks...)
	}
	return append(b, blanks[:n]...)
}
