package commands

import (
	"strings"
	"testing"

	"github.com/qisai/qisai/chat"
	"github.com/qisai/qisai/internal/textwidth"
)

// Chinese names count double, so the columns after them line up on screen
// even though the lines hold different numbers of characters. Numbers are
// right-aligned, a shared place "3=" is not a number.
func TestTableAlignsChineseNames(t *testing.T) {
	var tb table
	tb.row("名次", "姓名", "积分")
	tb.row("1", "王天一", "10")
	tb.row("3=", "Bob", "9.5")
	tb.row("3=", "欧阳\n琦", "9.5") // a line break typed into a name stays in its row
	want := strings.Join([]string{
		"名次 姓名    积分",
		"1    王天一    10",
		"3=   Bob      9.5",
		"3=   欧阳 琦  9.5",
	}, "\n")
	if got := tb.lines(); got != want {
		t.Errorf("table:\n%s\nwant\n%s", got, want)
	}
	if got := tb.String(); got != chat.Mono(want) {
		t.Errorf("table as a message:\n%s\nwant it as a monospace block:\n%s", got, chat.Mono(want))
	}
	// The score column starts at the same screen column on every line.
	for _, line := range strings.Split(tb.lines(), "\n")[1:] {
		runes := []rune(line)
		if w := textwidth.Of(string(runes[:len(runes)-4])); w != 13 {
			t.Errorf("line %q: the score starts at column %d, want 13", line, w)
		}
	}
}

// A table wider than fit truncates its shrinking columns, the widest first,
// and no further than minShrink.
func TestTableFit(t *testing.T) {
	tb := table{fit: 20, shrink: []int{1, 2}}
	tb.row("台", "红方", "黑方")
	tb.row("1", "欧阳长名字的选手", "王天一")
	tb.row("10", "Bob", "Alexander Wong")
	got := tb.lines()
	for _, line := range strings.Split(got, "\n") {
		if textwidth.Of(line) > 20 {
			t.Errorf("line %q is %d wide, want at most 20:\n%s", line, textwidth.Of(line), got)
		}
	}
	must(t, got, " 1 欧阳长…  王天一", "10 Bob      Alexand…")

	narrow := table{fit: 5, shrink: []int{0}}
	narrow.row("Name", "x")
	narrow.row("Alexander", "1")
	must(t, narrow.String(), "Ale… 1")
}
