package commands

import (
	"fmt"
	"strings"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/engine"
	"github.com/qisai/qisai/internal/i18n"
	"github.com/qisai/qisai/sheet"
)

// Groups of teams in the chat (§11.3, R-F-3): a group of a team staged
// event shows its team standings — place, team, 场分 and 局分, ranked by a
// team round robin's chain (R-T-4) — and its team crosstable; a tie the
// chain leaves for a qualifying place is offered as an individual group's
// is (playoff.go; its play-off a blitz board, R-T-8), or said with the
// order lots gave it.

// teamFieldTable is a field of teams' standings as the chat shows them:
// place, team, 场分, 局分 and the team tiebreaks that decided a place
// (R-T-4), the ties lots or a play-off settled in their order (R-T-8).
func teamFieldTable(st *action.State, f *engine.Field, lang i18n.Lang) string {
	e := sheetOf(st)
	e.Teams = &sheet.Teams{Event: f.Settled()}
	return monoTable(sheet.Standings(e, lang).BriefText(phoneWidth, nil))
}

// drawnText says how lots ordered the ties of stage k's fields the team
// standings left for a place that may not be shared (R-T-8): "第 2 组第 1
// 名并列由抽签排定（R-T-8）：东方 第 1 名，昆仑 第 2 名。", a line a tie.
func drawnText(st *action.State, pg *action.Progress, k int, lang i18n.Lang) []string {
	if k < 0 || k >= len(pg.Stages) {
		return nil
	}
	var lines []string
	for _, d := range pg.Stages[k].Drawn {
		names := make([]string, len(d.Order))
		for i, id := range d.Order {
			names[i] = i18n.T{Zh: "%[1]s 第 %[2]d 名", En: "%[3]s %[1]s"}.In(lang, teamName(st, id), d.Place+i, sheet.Ordinal(d.Place+i))
		}
		place := capital(tiePlace(st, action.Tie{Stage: k, Group: d.Group, Place: d.Place}, lang))
		lines = append(lines, i18n.T{Zh: "%s并列由抽签排定（R-T-8）：%s。", En: "%s's tie settled by lots (R-T-8): %s."}.In(lang, place, strings.Join(names, i18n.T{Zh: "，", En: ", "}.In(lang))))
	}
	return lines
}

// groupMatchText says what a team match of a field plays: "第 1 组".
func groupMatchText(st *action.State, b action.BoardOf, lang i18n.Lang) string {
	if b.Match > 0 {
		return fmt.Sprintf("M%d", b.Match)
	}
	return fieldName(st, b.Stage, b.Group, lang)
}

// fieldCrosstables are the team crosstables of a team staged event's
// fields that have played (R-F-3: each group's own, its teams numbered in
// the group), each headed by its stage and group; "" when none has.
func fieldCrosstables(st *action.State, lang i18n.Lang) string {
	var parts []string
	for _, f := range groupCrosstables(st, lang) {
		parts = append(parts, crosstableText(f.table, f.teams, f.rounds))
	}
	return strings.Join(parts, "\n\n")
}

// groupCrosstable is one field's team crosstable, with its size.
type groupCrosstable struct {
	table         sheet.Table
	teams, rounds int
	// where names the field: "第 1 阶段 第 1 组".
	where string
}

// groupCrosstables are the team crosstables of the fields that have played,
// each ranked within its field and titled with its stage and group.
func groupCrosstables(st *action.State, lang i18n.Lang) []groupCrosstable {
	pg := st.Progress()
	if pg == nil {
		return nil
	}
	var out []groupCrosstable
	for i, run := range pg.Stages {
		for g, f := range run.Fields {
			if f.Teams == nil || len(f.Teams.Rounds) == 0 {
				continue
			}
			e := sheetOf(st)
			e.Teams = &sheet.Teams{Event: f.Settled()}
			s := sheet.Crosstable(e, lang)
			where := i18n.T{Zh: "第 %d 阶段 %s", En: "stage %d %s"}.In(lang, i+1, fieldName(st, i, g+1, lang))
			s.Title = i18n.T{Zh: "%s 团体成绩表", En: "%s, team crosstable"}.In(lang, capital(where))
			out = append(out, groupCrosstable{table: s, teams: len(f.Entrants), rounds: len(f.Teams.Rounds), where: where})
		}
	}
	return out
}
