package commands

import (
	"testing"

	"github.com/qisai/qisai/engine"
)

// TestSeedingSetting: /event set seeding (序号) takes the ways of giving
// sequence numbers (R-SW-1) by their English and Chinese names.
func TestSeedingSetting(t *testing.T) {
	h := newHarness(t)
	h.say("org", "/event new 周赛 rounds 3")
	for _, tt := range []struct {
		line string
		want engine.Numbering
	}{
		{"/event set seeding lots", engine.Shuffled},
		{"/event set seeding rating", engine.ByRating},
		{"/event set seeding entered", engine.AsEntered},
		{"/event set 序号 抽签", engine.Shuffled},
		{"/event set 序号 等级分", engine.ByRating},
		{"/event set numbering 报名顺序", engine.AsEntered},
	} {
		must(t, h.say("org", tt.line), "已设置")
		if got := h.state().Event.Settings.Numbering; got != tt.want {
			t.Errorf("%s: numbering %v, want %v", tt.line, got, tt.want)
		}
	}
	must(t, h.say("org", "/event set seeding 随便"), "序号")
}
