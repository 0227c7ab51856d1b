package picture

import (
	"errors"
	"flag"
	"testing"

	"github.com/qisai/qisai/sheet"
)

var fontFlag = flag.String("font", "", "the CJK font the tests draw with (default: the system's)")

// cjk is a Painter with the system's CJK font, or -font's; the test skips
// without one.
func cjk(t testing.TB) *Painter {
	t.Helper()
	p, err := Open(*fontFlag)
	if errors.Is(err, ErrNoFont) {
		t.Skipf("no CJK font installed (scripts/test installs fonts-droid-fallback): %v", err)
	}
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func lookTables() map[string]sheet.Table {
	return map[string]sheet.Table{
		"standings9-zh":   standingsTable(9, sheet.Zh),
		"standings9-en":   standingsTable(9, sheet.En),
		"standings232-zh": standingsTable(232, sheet.Zh),
		"standings232-en": standingsTable(232, sheet.En),
		"pairings-zh":     pairingsTable(12, sheet.Zh),
		"pairings-en":     pairingsTable(12, sheet.En),
		"crosstable-zh":   crosstableTable(20, 11, sheet.Zh),
		"crosstable-en":   crosstableTable(20, 11, sheet.En),
	}
}
