package main

import (
	"io"
	"strings"

	"github.com/qisai/qisai/internal/textwidth"
)

// table lays out cells in columns for a monospace screen, where East Asian
// wide characters (Chinese names and headers) take two columns.
type table struct {
	right []bool // per column: right-aligned (numbers)
	rows  [][]string
}

func (t *table) add(cells ...string) { t.rows = append(t.rows, cells) }

// write prints the rows one space apart, without trailing spaces.
func (t *table) write(w io.Writer) error {
	var widths []int
	for _, row := range t.rows {
		for i, c := range row {
			if i == len(widths) {
				widths = append(widths, 0)
			}
			widths[i] = max(widths[i], textwidth.Of(c))
		}
	}
	var b strings.Builder
	for _, row := range t.rows {
		var line strings.Builder
		for i, c := range row {
			if i > 0 {
				line.WriteByte(' ')
			}
			pad := strings.Repeat(" ", widths[i]-textwidth.Of(c))
			if i < len(t.right) && t.right[i] {
				line.WriteString(pad + c)
			} else {
				line.WriteString(c + pad)
			}
		}
		b.WriteString(strings.TrimRight(line.String(), " "))
		b.WriteByte('\n')
	}
	_, err := io.WriteString(w, b.String())
	return err
}
