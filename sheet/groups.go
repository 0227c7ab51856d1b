package sheet

import (
	"strconv"
	"strings"

	"github.com/qisai/qisai/engine"
	"github.com/qisai/qisai/internal/i18n"
)

// KindGroup is a field of a staged event — a round-robin group, the round
// robin of the groups' qualifiers, finals by place of more than two groups
// (R-F-3, R-F-7) — as its table (GroupTable).
const KindGroup Kind = "group"

// gridMost is the most players a field's table gives a column each: a
// larger field (a Swiss stage of a knockout's winners) is listed by place
// and score only, its games being the event's crosstable's.
const gridMost = 16

// GroupTable is field f of a staged event as people follow a group
// (R-F-3): its players by place, each with their games against every
// other — the column headed k is the player on row k; a game is the
// points it scored them, a forfeit "+" or "−", one a game for a double
// round robin — their score and place, and, once the field has played,
// the places that go on to the next stage marked 出线 (the top advance;
// 0 marks none). An entrant is called nameOf(entrant).
func GroupTable(f *engine.Field, title string, advance int, nameOf func(entrant int) string, lang i18n.Lang) Table {
	standings := engine.Standings(f.Event)
	grid := len(standings) <= gridMost
	t := Table{Kind: KindGroup, Title: title, Columns: []Column{
		{Title: i18n.T{Zh: "名次", En: "#"}.In(lang), Full: i18n.T{Zh: "名次", En: "Place"}.In(lang), Align: Right},
		{Title: i18n.T{Zh: "姓名", En: "Name"}.In(lang), Shrink: true},
	}}
	row := make(map[int]int, len(standings)) // a player's row, from 1, by field number
	for i, s := range standings {
		row[s.Player] = i + 1
	}
	if grid {
		for i := range standings {
			n := strconv.Itoa(i + 1)
			t.Columns = append(t.Columns, Column{Title: n, Full: i18n.T{Zh: "对%s", En: "v %s"}.In(lang, n), Align: Center})
		}
	}
	t.Columns = append(t.Columns, Column{Title: i18n.T{Zh: "积分", En: "Pts"}.In(lang), Full: i18n.T{Zh: "积分", En: "Points"}.In(lang), Align: Right})
	over := len(f.Entrants) < 2 || f.Over()
	if advance > 0 {
		t.Columns = append(t.Columns, Column{Title: i18n.T{Zh: "出线", En: "Q"}.In(lang), Full: i18n.T{Zh: "出线", En: "Qualified"}.In(lang), Align: Center})
		t.Footer = append(t.Footer, i18n.T{Zh: "前 %d 名出线（R-F-3）", En: "The top %d go on (R-F-3)"}.In(lang, advance))
	}
	hist := f.Event.Histories()
	for _, s := range standings {
		goes := over && advance > 0 && s.Place <= advance
		name := Cell{Text: strconv.Itoa(row[s.Player]) + " " + nameOf(f.Entrants[s.Player-1])}
		if goes {
			name.Tone = Strong
		}
		cells := []Cell{{Text: s.PlaceLabel()}, name}
		if grid {
			results := make([][]string, len(standings)+1)
			for _, x := range hist[s.Player] {
				if r, ok := row[x.Opponent]; ok {
					results[r] = append(results[r], gridResult(x))
				}
			}
			for r := 1; r <= len(standings); r++ {
				c := Cell{Text: strings.Join(results[r], "")}
				if r == row[s.Player] {
					c = Cell{Text: "×", Tone: Muted}
				}
				cells = append(cells, c)
			}
		}
		cells = append(cells, Cell{Text: s.Score.String()})
		if advance > 0 {
			mark := Cell{}
			if goes {
				mark = Cell{Text: i18n.T{Zh: "出线", En: "Q"}.In(lang), Tone: Strong}
			}
			cells = append(cells, mark)
		}
		t.Rows = append(t.Rows, cells)
	}
	return t
}

// gridResult is one game in a group's table, from the row's player's side:
// the points it scored them as the event scores a game (R-S-1: "1", "½",
// "0"; "2", "1", "0"), a forfeit "+" or "−"; "" while it is to play.
func gridResult(x engine.Entry) string {
	switch x.Outcome {
	case engine.OutcomeWin, engine.OutcomeDraw, engine.OutcomeLoss:
		if x.Points == 1 {
			return "½"
		}
		return x.Points.String()
	case engine.OutcomeForfeitWin:
		return "+"
	case engine.OutcomeForfeitLoss:
		return "−"
	}
	return ""
}
