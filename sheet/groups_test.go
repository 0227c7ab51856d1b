package sheet_test

import (
	"strings"
	"testing"

	"github.com/qisai/qisai/engine"
	"github.com/qisai/qisai/internal/i18n"
	"github.com/qisai/qisai/internal/stagedfixture"
	"github.com/qisai/qisai/sheet"
)

// R-F-3: a group's table lists its players by place, each row's games
// against the others under the rows' numbers, and once the group has
// played marks the places that go on.
func TestGroupTable_R_F_3(t *testing.T) {
	pools := stagedfixture.Groups()
	for _, lang := range []i18n.Lang{i18n.Zh, i18n.En} {
		name := func(id int) string { return stagedfixture.Name(id, lang) }
		tab := sheet.GroupTable(pools[0], "G1", 2, name, lang)
		if tab.Kind != sheet.KindGroup || len(tab.Columns) != 2+4+2 {
			t.Fatalf("%s: kind %s, %d columns, want a group's 8", lang, tab.Kind, len(tab.Columns))
		}
		// Snake seeding: group 1 holds 1, 4, 5, 8; the lower number wins,
		// 4 and 5 draw, a game scoring 2/1/0 (the national default,
		// R-S-1); 5 goes above 4 on the tiebreaks.
		want := [][]string{
			{"1", "1 " + name(1), "×", "2", "2", "2", "6", "Q"},
			{"2", "2 " + name(5), "0", "×", "1", "2", "3", "Q"},
			{"3", "3 " + name(4), "0", "1", "×", "2", "3", ""},
			{"4", "4 " + name(8), "0", "0", "0", "×", "0", ""},
		}
		mark := i18n.T{Zh: "出线", En: "Q"}.In(lang)
		for i, row := range tab.Rows {
			var got []string
			for _, c := range row {
				got = append(got, c.Text)
			}
			w := append([]string(nil), want[i]...)
			if w[7] != "" {
				w[7] = mark
			}
			if strings.Join(got, "|") != strings.Join(w, "|") {
				t.Errorf("%s row %d = %q, want %q", lang, i+1, got, w)
			}
		}
		if tab.Rows[0][1].Tone != sheet.Strong || tab.Rows[3][1].Tone == sheet.Strong {
			t.Errorf("%s: the qualifiers are not the rows in bold", lang)
		}
	}
	// Before a game is played nobody is marked, and no game shows.
	s := engine.DefaultSettings(0)
	s.System = engine.RoundRobin
	fresh := engine.Groups([]int{1, 2, 3, 4}, 1, engine.Snake, s)[0]
	for _, row := range sheet.GroupTable(fresh, "G", 2, func(id int) string { return stagedfixture.Name(id, i18n.Zh) }, i18n.Zh).Rows {
		if mark := row[len(row)-1].Text; mark != "" {
			t.Errorf("a group not played marks %q", mark)
		}
	}
}

// §11.1: a team knockout's match is scored by its boards — game points,
// boards won — and a level one says how the chain settled it.
func TestTeamBracketOf(t *testing.T) {
	for _, tt := range []struct {
		lang               i18n.Lang
		boards, blitz, top string
	}{{i18n.Zh, "胜台 2:0", "快棋加赛", "台次"}, {i18n.En, "boards won 2–0", "blitz", "top boards"}} {
		b := stagedfixture.TeamKnockout(tt.lang).Bracket
		semis, final := b.Parts[0].Rounds[0].Matches, b.Parts[0].Rounds[1].Matches[0]
		if m := semis[0]; m.Score != "5–1" || m.Boards != tt.boards || m.Tie != "" || m.Winner != 0 {
			t.Errorf("%s M1: %q %q %q winner %d, want 5–1 %q, no tie, the first side", tt.lang, m.Score, m.Boards, m.Tie, m.Winner, tt.boards)
		}
		if m := semis[1]; m.Score != "3–3" || m.Tie != tt.blitz || m.Winner != 1 {
			t.Errorf("%s M2: %q tie %q winner %d, want 3–3 by %q, the second side", tt.lang, m.Score, m.Tie, m.Winner, tt.blitz)
		}
		if m := final; m.Score != "3–3" || m.Tie != tt.top || m.Winner != 1 || m.Points != [2]string{"3", "3"} {
			t.Errorf("%s final: %q %v tie %q winner %d, want 3–3 by %q", tt.lang, m.Score, m.Points, m.Tie, m.Winner, tt.top)
		}
	}
}
