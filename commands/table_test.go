package commands

import (
	"strings"
	"testing"

	"github.com/qisai/qisai/chat"

	"github.com/qisai/qisai/sheet"
)

// A table goes into a message as a monospace block of its lines (the
// lines' layout is package sheet's: TestTextAlignsChineseNames); a table
// without rows is nothing.
func TestMonoTable(t *testing.T) {
	var tb sheet.Text
	tb.Row("名次", "姓名", "积分")
	tb.Row("1", "王天一", "10")
	tb.Row("3=", "Bob", "9.5")
	want := strings.Join([]string{
		"名次 姓名   积分",
		"  1  王天一   10",
		"  3= Bob     9.5",
	}, "\n")
	if got := monoTable(&tb); got != chat.Mono(want) {
		t.Errorf("table as a message:\n%s\nwant it as a monospace block:\n%s", got, chat.Mono(want))
	}
	if got := monoTable(&sheet.Text{}); got != "" {
		t.Errorf("a table without rows as a message: %q", got)
	}
}
