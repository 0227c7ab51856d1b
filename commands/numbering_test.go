package commands

import (
	"context"
	"slices"
	"testing"
)

// TestR_SW_1_NumberingSetting: sequence numbers by rating (the unrated
// after the rated, by lot), by lot, or as entered, as the event sets it
// (/event set numbering), announced at /start with how they were given.
func TestR_SW_1_NumberingSetting(t *testing.T) {
	tests := []struct {
		setting string
		how     string
		first   []string // the names numbered 1, 2, … that the setting fixes
	}{
		{"", "按等级分（无等级分者随后抽签）", []string{"乙", "丙"}},
		{"等级分", "按等级分（无等级分者随后抽签）", []string{"乙", "丙"}},
		{"entered", "按报名顺序", []string{"甲", "乙", "丙", "丁"}},
		{"抽签", "随机抽签", nil},
		{"lots", "随机抽签", nil},
	}
	for _, tt := range tests {
		name := tt.setting
		if name == "" {
			name = "default"
		}
		t.Run(name, func(t *testing.T) {
			h := newHarness(t)
			h.say("org", "/event new 序号赛 swiss rounds 3")
			if tt.setting != "" {
				must(t, h.say("org", "/event set seeding "+tt.setting), "序号 = ")
			}
			h.say("org", "/player add 甲")
			h.say("org", "/player add 乙 - 1900")
			h.say("org", "/player add 丙 - 1700")
			h.say("org", "/player add 丁")
			must(t, h.say("org", "/start"), "序号"+tt.how+"排定")
			st, err := h.store.Load(context.Background(), mustEvent(t, h))
			if err != nil {
				t.Fatal(err)
			}
			var names []string
			for _, p := range st.Event.Players {
				names = append(names, p.Name)
			}
			if len(names) != 4 || !slices.Equal(names[:len(tt.first)], tt.first) {
				t.Errorf("numbered %v, want %v first", names, tt.first)
			}
		})
	}
}

// TestR_T_0_CountingSetting: /event set counting fide counts games played
// only and makes byes colourless; bp (the default) counts every paired game
// and a bye's colour (R-T-0, R-S-3); anything else is refused with the
// values to type.
func TestR_T_0_CountingSetting(t *testing.T) {
	h := newHarness(t)
	h.say("org", "/event new 计数赛 swiss rounds 3")
	must(t, h.say("org", "/event set counting fide"), "计数 = 只计实赛")
	st, err := h.store.Load(context.Background(), mustEvent(t, h))
	if err != nil {
		t.Fatal(err)
	}
	if s := st.Event.Settings; s.CountForfeits || s.CountByeColour {
		t.Errorf("after counting fide: forfeits %v, bye colours %v", s.CountForfeits, s.CountByeColour)
	}
	must(t, h.sendAs("org", "en", "/event set 计数 全计").Text, "counting = bp")
	if st, _ = h.store.Load(context.Background(), mustEvent(t, h)); !st.Event.Settings.CountForfeits || !st.Event.Settings.CountByeColour {
		t.Error("after 计数 全计 the conventions are not Match BP Online's")
	}
	must(t, h.say("org", "/event set counting some"), "不能设为", "全计|只计实赛")
}
