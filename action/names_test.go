package action_test

import (
	"strings"
	"testing"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/engine"
)

// TestNamesChecked: where a player or an event is named, the name rules
// (internal/names) hold — the width, controls, spaces — and a look-alike
// of an entrant is refused saying both names.
func TestNamesChecked(t *testing.T) {
	runApply(t, []applyCase{
		{name: "spaces collapsed", from: entered, act: is(&action.PlayerAdded{Name: "Xu \u3000 Yinchuan"}),
			want: func(st *action.State) {
				st.Event.Players = append(st.Event.Players, engine.Player{ID: 6, Name: "Xu Yinchuan", Entrant: 7})
			}},
		{name: "too wide", from: entered, act: is(&action.PlayerAdded{Name: strings.Repeat("徐", 13)}), err: "at most 24 columns wide"},
		{name: "a newline", from: entered, act: is(&action.PlayerAdded{Name: "Xu\nBoard 1: Xu 1-0"}), err: "U+000A (a line break)"},
		{name: "Cyrillic look-alike", from: entered, act: is(&action.PlayerAdded{Name: "Li H\u043engb\u043e"}),
			err: `"Li Hоngbо" looks the same as "Li Hongbo" (player 2)`},
		{name: "fullwidth look-alike", from: entered, act: is(&action.PlayerAdded{Name: "Ｌｉ Ｈｏｎｇｂｏ"}), err: "looks the same as \"Li Hongbo\""},
		{name: "zero-width space refused", from: entered, act: is(&action.PlayerAdded{Name: "Li\u200bHongbo"}), err: "U+200B (a zero-width character)"},
		{name: "edited to a look-alike", from: entered, act: is(&action.PlayerEdited{Player: 1, Name: "L\u0456 Hongbo"}), err: "looks the same as \"Li Hongbo\" (player 2)"},
		{name: "an event's name too wide", from: empty, act: is(&action.Created{Name: strings.Repeat("赛", 31)}), err: "at most 60 columns wide"},
		{name: "an event's name trimmed", from: empty, act: is(&action.Created{Name: " Club  night "}),
			want: func(st *action.State) { st.Event.Name, st.Status = "Club night", action.Setup }},
	})
}
