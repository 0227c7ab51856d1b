package commands

import (
	"fmt"
	"slices"
	"strings"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/chat"
	"github.com/qisai/qisai/engine"
	"github.com/qisai/qisai/internal/i18n"
	"github.com/qisai/qisai/sheet"
)

// The views of a staged event: /bracket (the brackets, or the groups'
// tables, in phone-wide text), its ranking with places for /standings
// (R-F-4, R-T-9), also while it runs (who is still in), and /crosstable
// per group (R-F-3).

func bracketCommands() []*Command {
	return []*Command{{
		Name: "bracket", Aliases: []string{"对阵图"}, Who: Member,
		Args: []Arg{asPicture},
		Help: i18n.T{Zh: "显示淘汰赛对阵表（或各组的名次）", En: "show the knockout bracket (or the groups' tables)"},
		Run:  showBracket,
	}}
}

// notStaged is the answer of the staged views to a Swiss or round robin.
func notStaged() *Problem {
	return problem("这场比赛不是淘汰赛或分组赛：输入 /pairings 或 /standings 查看。", "This event is not a knockout or groups: type /pairings or /standings.")
}

func showBracket(c *Context) (Reply, error) {
	st := c.State
	if st.Stages == nil {
		return Reply{}, notStaged()
	}
	pg := st.Progress()
	if pg == nil {
		return Reply{}, problem("比赛开赛后（/start）才有对阵表。", "The bracket is drawn at the start (/start).")
	}
	if c.Args["as"] != "" {
		return bracketPictures(c)
	}
	var parts []string
	for i, run := range pg.Stages {
		head := i18n.T{Zh: "第 %d 阶段：%s", En: "Stage %d: %s"}.In(c.Lang, i+1, stagesText([]action.StagePlan{run.Plan}, c.Lang))
		if run.Bracket != nil {
			lines := stageBracket(st, i, run, c.Lang).Lines(phoneWidth)
			parts = append(parts, head+"\n"+chat.Mono(strings.Join(lines, "\n")))
			continue
		}
		for g, f := range run.Fields {
			parts = append(parts, head+" "+fieldName(st, i, g+1, c.Lang)+"\n"+fieldTable(st, f, c.Lang))
		}
	}
	n := len(pg.Stages)
	if b, sp, ok := st.Ahead(pg); ok {
		// The bracket the groups lead to, by their places (R-F-3, R-F-7).
		head := i18n.T{Zh: "第 %d 阶段：%s（小组赛后确定）", En: "Stage %d: %s (settled by the groups)"}.In(c.Lang, n+1, stagesText([]action.StagePlan{sp}, c.Lang))
		lines := sheet.BracketOf(b, func(id int) string { return entrantName(st, id) }, c.Lang).Lines(phoneWidth)
		parts = append(parts, head+"\n"+chat.Mono(strings.Join(lines, "\n")))
		n++
	}
	if n < len(st.Stages.Plan.Stages) {
		parts = append(parts, i18n.T{Zh: "之后：%s（上一阶段结束后抽定）", En: "Then: %s (drawn when the stage before ends)"}.In(c.Lang, stagesText(st.Stages.Plan.Stages[n:], c.Lang)))
	}
	return Reply{Text: strings.Join(parts, "\n\n")}, nil
}

// bracketPictures answers /bracket picture: the stages drawn so far
// (stageTables) — the groups' tables side by side, each bracket — a page
// a picture (picture.Painter.Staged), as many as the chat takes.
func bracketPictures(c *Context) (Reply, error) {
	if c.svc.painter == nil {
		return Reply{}, noPainter()
	}
	if err := c.pictureTurn(); err != nil {
		return Reply{}, err
	}
	st := c.State
	pages, err := c.svc.painter.Staged(stageTables(st, c.Lang))
	if err != nil {
		return Reply{}, fmt.Errorf("draw the stages of %q: %w", st.Event.Name, err)
	}
	// As many pages as the chat takes (showPicture): the first ones; the
	// live page has the whole.
	limit := privatePages
	if !c.Req.Chat.IsPrivate() {
		limit = groupPages
	}
	title := i18n.T{Zh: "对阵表", En: "Bracket"}.In(c.Lang)
	files := make([]*chat.File, min(len(pages), limit))
	for k := range files {
		name := st.Event.Name + " " + title
		if len(pages) > 1 {
			name += fmt.Sprintf(" %d", k+1)
		}
		files[k] = &chat.File{Name: chat.FileName(name, "png"), Data: pages[k]}
	}
	text := i18n.T{Zh: "对阵表：图片 %d 张", En: "The bracket: %d pictures"}.In(c.Lang, len(files))
	if len(files) < len(pages) {
		text = i18n.T{Zh: "对阵表共 %d 页，这里是前 %d 页；全部见比赛网页（/web）。", En: "The bracket has %d pages; here are the first %d, and the whole is on the event's web page (/web)."}.In(c.Lang, len(pages), len(files))
	}
	return withFiles(c, text, files)
}

// stagedStandings is a staged event's ranking: the final one with places
// once every match is played (R-F-6, R-T-9); before, who is still in and
// who went out where.
func stagedStandings(st *action.State, lang i18n.Lang) string {
	pg := st.Progress()
	if pg == nil {
		return i18n.T{Zh: "比赛还没有开始。", En: "The event has not started."}.In(lang)
	}
	plan := st.Stages.Plan
	if pg.Over(plan) {
		return i18n.T{Zh: "「%s」最终名次：", En: "%q, the final ranking:"}.In(lang, st.Event.Name) + "\n" + rankingTable(st, pg.Ranking(plan), lang) + awardsText(st, lang)
	}
	ev := &st.Event
	names := func(ids []int) string {
		var ns []string
		for _, id := range ids {
			ns = append(ns, entrantName(st, id))
		}
		return strings.Join(ns, i18n.T{Zh: "、", En: ", "}.In(lang))
	}
	lines := []string{i18n.T{Zh: "「%s」进行中（第 %d 阶段）：", En: "%q, under way (stage %d):"}.In(lang, ev.Name, len(pg.Stages))}
	run := pg.Current()
	if run.Bracket != nil {
		in, out := stillIn(run)
		still := i18n.T{Zh: "仍在比赛（%d 人）：%s", En: "Still in (%d): %s"}
		if st.Teams != nil {
			still = i18n.T{Zh: "仍在比赛（%d 队）：%s", En: "Still in (%d): %s"}
		}
		lines = append(lines, still.In(lang, len(in), names(in)))
		for _, o := range out {
			line := i18n.T{Zh: "%s 淘汰：%s", En: "Out in %s: %s"}
			if o.part == engine.ThirdPlace || o.part == engine.Playoff {
				line = i18n.T{Zh: "%s 赛完：%s", En: "%s played: %s"}
			}
			lines = append(lines, line.In(lang, o.where(lang), names(o.players)))
		}
	} else {
		for g, f := range run.Fields {
			if len(run.Fields) > 1 {
				lines = append(lines, i18n.T{Zh: "%s：", En: "%s:"}.In(lang, capital(fieldName(st, len(pg.Stages)-1, g+1, lang))))
			}
			lines = append(lines, fieldTable(st, f, lang))
		}
	}
	for k := len(pg.Stages) - 2; k >= 0; k-- {
		var gone []int
		for _, id := range pg.Stages[k].Entrants {
			if !slices.Contains(pg.Stages[k+1].Entrants, id) {
				gone = append(gone, id)
			}
		}
		if len(gone) > 0 {
			lines = append(lines, i18n.T{Zh: "第 %d 阶段未晋级：%s", En: "Out in stage %d: %s"}.In(lang, k+1, names(gone)))
		}
	}
	return strings.Join(lines, "\n")
}

// rankingSheet is a staged event's final ranking as a sheet, for its
// pictures; false before the last stage is over.
func rankingSheet(st *action.State, lang i18n.Lang) (sheet.Table, bool) {
	pg := st.Progress()
	if pg == nil || !pg.Over(st.Stages.Plan) {
		return sheet.Table{}, false
	}
	t := sheet.Table{
		Kind:    sheet.KindStandings,
		Title:   i18n.T{Zh: "最终名次", En: "Final ranking"}.In(lang),
		Columns: []sheet.Column{{Title: i18n.T{Zh: "名次", En: "Place"}.In(lang), Align: sheet.Right, Brief: true}, {Title: entrantHead(st, lang), Shrink: true, Brief: true}},
	}
	for _, p := range pg.Ranking(st.Stages.Plan) {
		t.Rows = append(t.Rows, []sheet.Cell{{Text: p.PlaceLabel()}, {Text: entrantName(st, p.Entrant)}})
	}
	return t, true
}

// page is what the live page and the print show of a staged event
// (sheet.PageOf). Its standings and crosstable are its stages' (R-F-6),
// not the Swiss sheets of all its games: it shows the round's pairings,
// its stages — the groups' tables, the brackets (stageTables) — from the
// start, and its final ranking once every match is played.
func (stagedFormat) page(st *action.State, lang i18n.Lang) sheet.Page {
	p := sheet.PageOf(sheetOf(st), lang)
	played := len(p.Tables) > 0
	p.Tables = append(p.Tables[:min(len(p.Tables), 1)], stageTables(st, lang)...)
	if t, ok := rankingSheet(st, lang); ok {
		p.Tables = append(p.Tables, t)
	}
	if played {
		p.Tables = append(p.Tables, sheet.AwardTables(sheetOf(st), lang)...)
	}
	return p
}

// out is the players a bracket's round put out.
type out struct {
	part    engine.Part
	round   int
	players []int
}

func (o out) where(lang i18n.Lang) string {
	switch o.part {
	case engine.Winners: // a single elimination's only part
		return i18n.T{Zh: "第 %d 轮", En: "round %d"}.In(lang, o.round)
	case engine.ThirdPlace, engine.Playoff:
		return named(o.part, lang)
	}
	return i18n.T{Zh: "%s第 %d 轮", En: "the %s' round %d"}.In(lang, named(o.part, lang), o.round)
}

// stillIn splits a bracket stage's players into those still in it and
// those out, by the round that put them out: a match's loser is out when
// no later match takes him (a double elimination's losers' bracket does).
func stillIn(run *action.StageRun) (in []int, gone []out) {
	b := run.Bracket
	routed := map[int]bool{}
	for _, m := range b.Matches {
		for _, s := range m.Slots {
			if s.Kind == engine.SlotLoser {
				routed[s.Match] = true
			}
		}
	}
	isOut := map[int]bool{}
	for i, o := range b.Outcomes() {
		m := b.Matches[i]
		done := []int{o.Loser}
		if m.Part == engine.ThirdPlace || m.Part == engine.Playoff {
			done = append(done, o.Winner) // a placing match's winner is placed too
		}
		if o.Decided && o.Winner == 0 && o.Players[0] > 0 && o.Players[1] > 0 {
			done = o.Players[:] // a double forfeit: both are out, whatever follows (R-F-4)
		} else if !o.Decided || o.Loser <= 0 || routed[m.ID] {
			continue
		}
		for _, id := range done {
			isOut[id] = true
		}
		if k := len(gone) - 1; k >= 0 && gone[k].part == m.Part && gone[k].round == m.Round {
			gone[k].players = append(gone[k].players, done...)
			continue
		}
		gone = append(gone, out{part: m.Part, round: m.Round, players: done})
	}
	for _, id := range run.Entrants {
		if !isOut[id] {
			in = append(in, id)
		}
	}
	return in, gone
}

// namedField is f's event under its entrants' names: a field's players
// are numbered 1, 2, … in it and named by their numbers in the event.
func namedField(st *action.State, f *engine.Field) engine.Event {
	ev := *f.Event
	ev.Players = slices.Clone(ev.Players)
	for k := range ev.Players {
		ev.Players[k].Name = entrantName(st, f.Entrants[k])
	}
	return ev
}

// fieldTable is a group's (a field stage's) standings as the chat shows
// them (R-F-3, R-T-*): place ("3=" when shared, R-T-9), entrant, score
// and the tiebreaks that decided a place, so that its ranking reads with
// its reasons.
func fieldTable(st *action.State, f *engine.Field, lang i18n.Lang) string {
	if f.Teams != nil {
		return teamFieldTable(st, f, lang) // team_groups.go
	}
	ev := namedField(st, f)
	s := sheet.Standings(sheet.Of(&ev), lang)
	s.Columns[2].Title = entrantHead(st, lang) // the names: a team staged event's are teams
	return monoTable(s.BriefText(phoneWidth, nil))
}

// stagedCrosstable is each group's (and each field stage's) crosstable
// (R-F-3): the field's games under the players' names.
func stagedCrosstable(st *action.State, lang i18n.Lang) (string, error) {
	pg := st.Progress()
	var parts []string
	if pg != nil {
		for i, run := range pg.Stages {
			for g, f := range run.Fields {
				ev := namedField(st, f)
				ev.Name = i18n.T{Zh: "第 %d 阶段 %s", En: "stage %d %s"}.In(lang, i+1, fieldName(st, i, g+1, lang))
				if len(ev.Rounds) > 0 {
					parts = append(parts, ev.Name+"\n"+crosstable(&action.State{Event: ev, Status: action.Running}, lang))
				}
			}
		}
	}
	if len(parts) == 0 {
		return "", problem("淘汰赛没有成绩表：输入 /bracket 查看对阵。", "A knockout has no crosstable: type /bracket for the bracket.")
	}
	return strings.Join(parts, "\n\n"), nil
}
