package commands

import (
	"strings"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/internal/i18n"
	"github.com/qisai/qisai/sheet"
)

// The stages of a staged event as its live page, its print and /bracket
// picture show them (R-F-3..7): each group's table with the places that
// go on, each bracket with its matches' scores, one stage after the other.

// tallier is a format whose bracket matches are team matches (a team
// knockout, §11.1): it scores them by their boards (sheet.TeamTally).
type tallier interface {
	tally(st *action.State, stage int) func(match int) (sheet.TeamTally, bool)
}

// stageBracket is the bracket of stage i, run, as the views show it: a
// match of games scored by its games, a team match by its boards.
func stageBracket(st *action.State, i int, run *action.StageRun, lang i18n.Lang) sheet.Bracket {
	name := func(id int) string { return entrantName(st, id) }
	if t, ok := formatOf(st).(tallier); ok {
		return sheet.TeamBracketOf(run.Bracket, name, t.tally(st, i), lang)
	}
	return sheet.BracketOf(run.Bracket, name, lang)
}

// stageTables are the stages drawn so far, in order: a bracket stage's
// bracket (sheet.BracketTable), a field stage's groups, each its table
// with the places that go on to the next stage marked (sheet.GroupTable);
// while groups play, the bracket they lead to with their places for its
// sides (action.State.Ahead). The last says which stages follow once it
// is over. None before the start.
func stageTables(st *action.State, lang i18n.Lang) []sheet.Table {
	pg := st.Progress()
	if pg == nil {
		return nil
	}
	plan := st.Stages.Plan.Stages
	var out []sheet.Table
	for i, run := range pg.Stages {
		title := i18n.T{Zh: "第 %d 阶段：%s", En: "Stage %d: %s"}.In(lang, i+1, stageTitle(run.Plan, lang))
		if run.Bracket != nil {
			b := stageBracket(st, i, run, lang)
			if len(plan) == 1 {
				title = b.Title
			}
			out = append(out, sheet.BracketTable(b, title))
			continue
		}
		advance := 0
		if run.Plan.Kind == action.GroupsStage && i < len(plan)-1 {
			advance = run.Plan.Advance
		}
		for g, f := range run.Fields {
			// Short, to head a group's small table: the footer says who
			// goes on.
			name := i18n.T{Zh: "第 %d 阶段 · %s", En: "Stage %d · %s"}.In(lang, i+1, fieldName(st, i, g+1, lang))
			if len(run.Fields) == 1 && run.Plan.Kind != action.PlacesStage {
				name = title
			}
			out = append(out, sheet.GroupTable(f, name, advance, func(id int) string { return entrantName(st, id) }, lang))
		}
	}
	n := len(pg.Stages)
	if b, sp, ok := st.Ahead(pg); ok {
		// The bracket the groups lead to, its sides their places until
		// they have played (R-F-3, R-F-7).
		br := sheet.BracketOf(b, func(id int) string { return entrantName(st, id) }, lang)
		title := i18n.T{Zh: "第 %d 阶段：%s（小组赛后确定）", En: "Stage %d: %s (settled by the groups)"}.In(lang, n+1, stageTitle(sp, lang))
		out = append(out, sheet.BracketTable(br, title))
		n++
	}
	if n < len(plan) && len(out) > 0 {
		var later []string
		for _, sp := range plan[n:] {
			later = append(later, stageTitle(sp, lang))
		}
		last := &out[len(out)-1]
		last.Footer = append(last.Footer, i18n.T{Zh: "之后：%s（本阶段结束后抽定）", En: "Then: %s (drawn when this stage ends)"}.
			In(lang, strings.Join(later, " > ")))
	}
	return out
}

// stageTitle says what a stage is in words, for a view's title:
// "分组循环（2 组，各组前 2 名出线）" / "groups (2, the top 2 of each go
// on)".
func stageTitle(sp action.StagePlan, lang i18n.Lang) string {
	switch sp.Kind {
	case action.KnockoutStage:
		return i18n.T{Zh: "淘汰赛", En: "knockout"}.In(lang)
	case action.DoubleStage:
		return i18n.T{Zh: "双淘汰", En: "double elimination"}.In(lang)
	case action.GroupsStage:
		return i18n.T{Zh: "分组循环（%d 组，各组前 %d 名出线）", En: "groups (%d, the top %d of each go on)"}.In(lang, sp.Groups, sp.Advance)
	case action.SwissStage:
		return i18n.T{Zh: "积分编排 %d 轮", En: "Swiss of %d rounds"}.In(lang, sp.Rounds)
	case action.PlacesStage:
		return i18n.T{Zh: "同名次决赛", En: "finals by place"}.In(lang)
	}
	return i18n.T{Zh: "循环赛", En: "round robin"}.In(lang)
}
