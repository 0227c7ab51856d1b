package commands

import (
	"github.com/qisai/qisai/chat"
	"github.com/qisai/qisai/sheet"
)

// phoneWidth is the widest line a table aims at, so that a phone shows it
// without wrapping in a monospace block.
const phoneWidth = 36

// monoTable is a table as a message holds it: its lines as a monospace
// block (Mono), which each platform's sender renders in its own markup;
// "" for a table without rows.
func monoTable(t *sheet.Text) string {
	if len(t.Rows) == 0 {
		return ""
	}
	return chat.Mono(t.String())
}
