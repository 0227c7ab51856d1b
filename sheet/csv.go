package sheet

import (
	"bytes"
	"encoding/csv"
	"io"
	"strings"
)

// WriteCSV writes t to w as CSV for a program or a spreadsheet: the
// headings in full (Column.Heading), then the rows. A text cell that a
// spreadsheet would take for a formula (a name typed as
// "=HYPERLINK(…)") is written with a leading "'", which shows it as text.
func WriteCSV(w io.Writer, t Table) error { return writeCSV(w, t, false) }

// CSVFile is t as a CSV file for a spreadsheet, as WriteCSV writes it:
// Excel takes a CSV for the local code page unless it starts with UTF-8's
// byte order mark, so it does (汉字 would be garbled without), and its
// lines end in CRLF as Excel writes them.
func CSVFile(t Table) ([]byte, error) {
	var b bytes.Buffer
	b.WriteString("\ufeff")
	err := writeCSV(&b, t, true)
	return b.Bytes(), err
}

func writeCSV(w io.Writer, t Table, crlf bool) error {
	cw := csv.NewWriter(w)
	cw.UseCRLF = crlf
	head := make([]string, len(t.Columns))
	for i, c := range t.Columns {
		head[i] = c.Heading()
	}
	cw.Write(head)
	row := make([]string, len(t.Columns))
	for _, r := range t.Rows {
		for i, c := range r {
			row[i] = asText(c.Text)
		}
		cw.Write(row)
	}
	cw.Flush()
	return cw.Error()
}

// asText keeps a spreadsheet from evaluating s: a cell that starts with
// = + - @ (or a tab or CR) and is not a number gets a leading "'".
func asText(s string) string {
	if s == "" || !strings.ContainsRune("=+-@\t\r", rune(s[0])) || isNumber(s) {
		return s
	}
	return "'" + s
}
