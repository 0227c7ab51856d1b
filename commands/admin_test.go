package commands

import (
	"strings"
	"testing"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/internal/i18n"
)

// TestLogDescribesEveryKind: /log says what every kind of action did in
// words of the reader's language — never an action's name from the code
// ("team-round-published") — and never the colour a 猜先 hid (R-C-4).
func TestLogDescribesEveryKind(t *testing.T) {
	st := &action.State{}
	for _, kind := range action.Kinds() {
		a, err := action.Decode(kind, []byte("{}"))
		if err != nil {
			t.Fatal(err)
		}
		for _, lang := range []i18n.Lang{i18n.Zh, i18n.En} {
			got := describe(a, st, false, lang)
			raw := strings.Contains(kind, "-") && strings.Contains(got, kind)
			if got == "" || raw || got == describe(nil, st, false, lang) {
				t.Errorf("%s in %s: %q, want what it did in words", kind, lang, got)
			}
			languageRule(t, lang, kind, got, nil)
		}
	}
	hidden := &action.GuessHidden{Player: 1, Board: 2, Hidden: 1}
	if got := describe(hidden, st, false, i18n.Zh); strings.Contains(got, "红") || strings.Contains(got, "黑") {
		t.Errorf("the log shows the hidden colour: %q", got)
	}
}
