package telegram

import (
	"regexp"
	"strings"
	"testing"
)

// TestMenuName: a menu entry's command is what Telegram's Bot API takes,
// 1 to 32 of a–z, 0–9 and "_", as the pattern it replaced said.
func TestMenuName(t *testing.T) {
	pattern := regexp.MustCompile(`^[a-z0-9_]{1,32}$`)
	for _, w := range []string{"standings", "a", "_", "r2d2", strings.Repeat("x", 32), strings.Repeat("x", 33), "",
		"Join", "event new", "event-new", "名次", "join@qisai_bot", "é", "z9_"} {
		if got, want := menuName(w), pattern.MatchString(w); got != want {
			t.Errorf("menuName(%q) = %v, want %v", w, got, want)
		}
	}
}
