package sheet

import (
	"slices"
	"testing"

	"github.com/qisai/qisai/engine"
	"github.com/qisai/qisai/internal/i18n"
)

// placeHeadings are the headings of a column of places.
var placeHeadings = []string{"名次", "组别名次", "总名次", "#", "Place", "Overall place"}

// TestPlacesAlignRight_R_T_9: every table's column of places is
// right-aligned, so that every layout (the chat's text, a picture, a
// page) hangs the "=" of a shared place after the number and "3=" lines
// up with "12". So is any column of numbers with marks, whatever its
// heading.
func TestPlacesAlignRight_R_T_9(t *testing.T) {
	for _, lang := range []i18n.Lang{i18n.Zh, i18n.En} {
		totals := small(engine.Buchholz, engine.Wins)
		totals.Teams = &Teams{Event: &engine.TeamEvent{
			Settings: engine.TeamSettings{Boards: 2, Lineup: engine.PlayerTotals},
			Teams:    []engine.Team{{ID: 1, Name: "甲", Members: []int{1, 3}}, {ID: 2, Name: "乙", Members: []int{2, 4, 5}}},
		}}
		team := teamRoundRobin(t, 2, false)
		boards := BoardStandings(team, lang, 0)
		set := engine.DefaultSettings(0)
		set.System = engine.RoundRobin
		group := engine.Groups([]int{1, 2, 3, 4}, 1, engine.Snake, set)[0]
		shared := []engine.Placing{{Entrant: 1, Place: 1}, {Entrant: 2, Place: 2, Shared: true}, {Entrant: 3, Place: 2, Shared: true}}
		name := func(id int) string { return PlayerName(small().Event, id) }

		tables := slices.Concat(
			PageOf(small(engine.Buchholz), lang).Tables,
			PageOf(team, lang).Tables,
			AwardTables(awarded(), lang),
			BoardTables(boards, lang),
			[]Table{
				Standings(awarded(), lang), Crosstable(small(), lang), boards, TeamTotals(totals, lang),
				GroupTable(group, "G1", 2, name, lang), Ranking(shared, name, lang),
			},
		)
		places := 0
		for _, tab := range tables {
			for i, c := range tab.Columns {
				place := slices.Contains(placeHeadings, c.Title) || slices.Contains(placeHeadings, c.Full)
				if place {
					places++
				}
				if (place || marked(tab, i)) && c.Align != Right {
					t.Errorf("%s: %q's column %q is not right-aligned: its places' digits do not line up", lang, tab.Title, c.Heading())
				}
			}
		}
		if places < len(tables)-2 {
			t.Errorf("%s: %d columns of places in %d tables: the headings are not the ones this test knows", lang, places, len(tables))
		}
	}
}

// marked reports whether column i of t holds numbers, one with marks at
// least (SplitMarks).
func marked(t Table, i int) bool {
	seen := false
	for _, r := range t.Rows {
		_, m, ok := SplitMarks(r[i].Text)
		if !ok {
			return false
		}
		seen = seen || m != ""
	}
	return seen
}
