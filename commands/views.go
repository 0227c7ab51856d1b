package commands

import (
	"encoding/csv"
	"fmt"
	"strconv"
	"strings"
	"unicode"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/engine"
	"github.com/qisai/qisai/internal/textwidth"
	"github.com/qisai/qisai/storage"
	"github.com/qisai/qisai/trf"
)

// The read-only views: pairings, standings, the results table (成绩表) and
// the exports. Anybody in a chat that follows the event may see them.
func viewCommands() []*Command {
	return []*Command{
		{
			Name: "pairings", Aliases: []string{"对阵表"}, Who: Member,
			Args: []Arg{{Name: "round", Kind: Int, Optional: true, Help: T{"轮次，不写则为当前轮", "the round; the current one if left out"}}},
			Help: T{"显示一轮的对阵和结果", "show a round's pairings and results"},
			Run:  showPairings,
		},
		{
			Name: "standings", Aliases: []string{"排名"}, Who: Member,
			Help: T{"显示排名", "show the standings"},
			Run:  showStandings,
		},
		{
			Name: "crosstable", Aliases: []string{"成绩表"}, Who: Member,
			Help: T{"显示成绩表：每轮的对手、先后手和结果", "show the crosstable: each round's opponent, colour and result"},
			Run:  showCrosstable,
		},
		{
			Name: "export", Aliases: []string{"导出"}, Who: Member,
			Args: []Arg{{Name: "format", Kind: Choice, Choices: []string{"trf", "csv"}, Help: T{"trf：全部对局（FIDE TRF-16）；csv：排名表", "trf: every game (FIDE TRF-16); csv: the standings"}}},
			Help: T{"导出比赛文件", "export the event as a file"},
			Run:  export,
		},
	}
}

// noRounds is the answer to a view that needs a published round.
func noRounds() *Problem {
	return problem("还没有公布对阵。组织者用 /pair 编排、/publish 公布第一轮。",
		"No round is published yet. An organiser pairs one with /pair and publishes it with /publish.")
}

func showPairings(c *Context) (Reply, error) {
	ev := &c.State.Event
	if len(ev.Rounds) == 0 {
		return Reply{}, noRounds()
	}
	round := currentRound(ev)
	if s, ok := c.Args["round"]; ok {
		n, _ := strconv.Atoi(s) // parseArgs checked it is a number
		if n < 1 || n > len(ev.Rounds) {
			return Reply{}, problem("没有第 %d 轮：已公布 %d 轮。输入 /pairings 1 到 /pairings %d。",
				"There is no round %d: %d rounds are published. Type /pairings 1 to /pairings %d.", n, len(ev.Rounds), len(ev.Rounds))
		}
		round = n
	}
	return Reply{Text: pairingTable(c.State, round, c.Lang)}, nil
}

func showStandings(c *Context) (Reply, error) {
	if len(c.State.Event.Rounds) == 0 {
		return Reply{}, noRounds()
	}
	return Reply{Text: standingsTable(c.State, c.Lang, 0)}, nil
}

func showCrosstable(c *Context) (Reply, error) {
	if len(c.State.Event.Rounds) == 0 {
		return Reply{}, noRounds()
	}
	return Reply{Text: crosstable(c.State, c.Lang)}, nil
}

// currentRound is the last round with games: a last round that holds only
// byes entered ahead of its pairing is not paired yet (engine.NextRound).
func currentRound(ev *engine.Event) int {
	n := len(ev.Rounds)
	if n > 1 && len(ev.Rounds[n-1].Games) == 0 {
		n--
	}
	return n
}

// pairingTable is round's pairing (编排记录公告): a heading line, then
// board, red, black and result for each game, then the players without a
// game. It is "" for a round that does not exist. The announcement of a
// published round sends it as it is.
func pairingTable(st *action.State, round int, lang Lang) string {
	ev := &st.Event
	if round < 1 || round > len(ev.Rounds) {
		return ""
	}
	rd := ev.Rounds[round-1]
	lines := []string{T{"第%d轮对阵", "Round %d pairings"}.In(lang, round)}
	if len(rd.Games) > 0 {
		t := table{fit: phoneWidth, shrink: []int{1, 2}}
		t.row(T{"台", "Bd"}.In(lang), T{"红方", "Red"}.In(lang), T{"黑方", "Black"}.In(lang), T{"结果", "Result"}.In(lang))
		for _, g := range rd.Games {
			res := resultText(g.Result)
			if g.Void {
				res = T{"作废", "void"}.In(lang) // struck out (R-W-2)
			}
			t.row(strconv.Itoa(g.Board), playerName(ev, g.Red), playerName(ev, g.Black), res)
		}
		lines = append(lines, t.String())
	}
	for _, b := range rd.Byes {
		lines = append(lines, byeName(b.Kind, lang)+T{"：", ": "}.In(lang)+playerName(ev, b.Player))
	}
	return strings.Join(lines, "\n")
}

// resultText writes a result the way /result takes it: red's first.
func resultText(r engine.Result) string {
	switch r {
	case engine.RedWin:
		return "1-0"
	case engine.BlackWin:
		return "0-1"
	case engine.Draw:
		return "1/2"
	case engine.RedForfeitWin:
		return "+-"
	case engine.BlackForfeitWin:
		return "-+"
	case engine.DoubleForfeit:
		return "--"
	}
	return ""
}

func byeName(k engine.ByeKind, lang Lang) string {
	switch k {
	case engine.FullBye:
		return T{"全分轮空", "Full-point bye"}.In(lang)
	case engine.HalfBye:
		return T{"半分轮空", "Half-point bye"}.In(lang)
	case engine.ZeroBye:
		return T{"缺席", "Absent"}.In(lang)
	case engine.WithdrawnLoss:
		return T{"退赛", "Withdrawn"}.In(lang)
	}
	return T{"轮空", "Bye"}.In(lang) // R-S-3
}

func playerName(ev *engine.Event, id int) string {
	if p, ok := ev.Player(id); ok {
		return p.Name
	}
	return "#" + strconv.Itoa(id)
}

// standingsTable is the standings (R-T-*): a heading line, then place
// ("3=" when shared, R-T-9), name, score and the event's first two
// tiebreaks, sized for a phone. top > 0 keeps the first top rows and
// everyone sharing the last place kept; 0 keeps all. The announcement of
// a completed round sends it as it is.
func standingsTable(st *action.State, lang Lang, top int) string {
	ev := &st.Event
	rows := engine.Standings(ev)
	if top > 0 && top < len(rows) {
		last := rows[top-1].Place
		n := top
		for n < len(rows) && rows[n].Place == last {
			n++
		}
		rows = rows[:n]
	}
	tbs := ev.Settings.Tiebreaks
	if len(tbs) > 2 {
		tbs = tbs[:2]
	}
	t := table{fit: phoneWidth, shrink: []int{1}}
	head := []string{T{"名次", "#"}.In(lang), T{"姓名", "Name"}.In(lang), T{"积分", "Pts"}.In(lang)}
	for _, tb := range tbs {
		head = append(head, tiebreakLabel(tb, lang))
	}
	t.row(head...)
	for _, s := range rows {
		cells := []string{s.PlaceLabel(), playerName(ev, s.Player), s.Score.String()}
		for i := range tbs {
			cells = append(cells, s.Tiebreaks[i].String())
		}
		t.row(cells...)
	}
	return standingsTitle(st, lang) + "\n" + t.String()
}

// standingsTitle says which results the standings hold.
func standingsTitle(st *action.State, lang Lang) string {
	n := len(st.Event.Rounds)
	switch {
	case st.Status == action.Finished:
		return T{"最终排名", "Final standings"}.In(lang)
	case n == 0:
		return T{"排名（尚未比赛）", "Standings (no round played)"}.In(lang)
	case pending(st.Event.Rounds[n-1]) > 0:
		return T{"排名（第%d轮进行中）", "Standings (round %d in progress)"}.In(lang, n)
	}
	return T{"第%d轮后排名", "Standings after round %d"}.In(lang, n)
}

// pending counts the games of a round still without a result.
func pending(rd engine.Round) int {
	n := 0
	for _, g := range rd.Games {
		if !g.Result.Decided() && !g.Void {
			n++
		}
	}
	return n
}

// tiebreakLabel is a tiebreak's column heading: short, for a phone.
func tiebreakLabel(tb engine.Tiebreak, lang Lang) string {
	labels := map[engine.Tiebreak]T{
		engine.Buchholz:        {"对手分", "BH"},
		engine.Progressive:     {"累进分", "Prog"},
		engine.Wins:            {"胜局", "Wins"},
		engine.Fouls:           {"犯规", "Fouls"},
		engine.BlackWins:       {"后胜", "BWins"},
		engine.BlackGames:      {"后局", "BGames"},
		engine.Direct:          {"直胜", "H2H"},
		engine.SonnebornBerger: {"小分", "SB"},
		engine.EarlierRounds:   {"前轮分", "Prev"},
		engine.DropRounds:      {"扣轮分", "Drop"},
		engine.Lots:            {"抽签", "Lots"},
	}
	if l, ok := labels[tb]; ok {
		return l.In(lang)
	}
	return tb.Name()
}

// crossName is the width of a name in the crosstable, which repeats it in
// every section: three 汉字.
const crossName = 6

// crosstable is the results table (成绩表, 003 §六): one row per player in
// sequence-number order with, for each round, the opponent's number, the
// colour (红/黑, r/b) and the result (+ = -), then the score, the
// tiebreaks and the place. A table wider than a phone is cut into
// sections of whole columns, each repeating number and name and headed
// "成绩表 1/2", separated by blank lines so splitMessage keeps them whole.
func crosstable(st *action.State, lang Lang) string {
	ev := &st.Event
	hist := ev.Histories()
	place := map[int]string{}
	tbs := map[int][]engine.TiebreakValue{}
	for _, s := range engine.Standings(ev) {
		place[s.Player] = s.PlaceLabel()
		tbs[s.Player] = s.Tiebreaks
	}
	digits := len(strconv.Itoa(len(ev.Players)))

	full := &table{}
	head := []string{T{"号", "No"}.In(lang), T{"姓名", "Name"}.In(lang)}
	for r := range ev.Rounds {
		head = append(head, strconv.Itoa(r+1))
	}
	head = append(head, T{"积分", "Pts"}.In(lang))
	for _, tb := range ev.Settings.Tiebreaks {
		head = append(head, tiebreakLabel(tb, lang))
	}
	full.row(append(head, T{"名次", "#"}.In(lang))...)
	for _, p := range ev.Players {
		row := []string{strconv.Itoa(p.ID), textwidth.Truncate(p.Name, crossName)}
		for _, e := range hist[p.ID] {
			row = append(row, crossCell(e, digits, lang))
		}
		row = append(row, engine.Score(hist[p.ID]).String())
		for _, v := range tbs[p.ID] {
			row = append(row, v.String())
		}
		full.row(append(row, place[p.ID])...)
	}

	// Every section shows the number and the name (the key columns), then
	// as many further columns as fit on a phone, at least one.
	const key = 2
	w, _ := full.widths()
	var sections [][2]int
	for start := key; start < len(w); {
		width, end := w[0]+1+w[1], start
		for end < len(w) && (end == start || width+1+w[end] <= phoneWidth) {
			width += 1 + w[end]
			end++
		}
		sections = append(sections, [2]int{start, end})
		start = end
	}
	var parts []string
	for i, sec := range sections {
		title := T{"成绩表", "Crosstable"}.In(lang)
		if len(sections) > 1 {
			title += fmt.Sprintf(" %d/%d", i+1, len(sections))
		}
		t := &table{}
		for _, r := range full.rows {
			t.row(append(r[:key:key], r[sec[0]:sec[1]]...)...)
		}
		parts = append(parts, title+"\n"+t.String())
	}
	return strings.Join(parts, "\n\n")
}

// crossCell is one player's round in the crosstable: "12红+", " 3黑=",
// "轮空". The opponent's number is padded so the colours line up.
func crossCell(e engine.Entry, digits int, lang Lang) string {
	switch e.Outcome {
	case engine.OutcomeNone:
		return ""
	case engine.OutcomeBye:
		switch e.Bye {
		case engine.FullBye:
			return T{"全分", "full"}.In(lang)
		case engine.HalfBye:
			return T{"半分", "half"}.In(lang)
		case engine.ZeroBye:
			return T{"缺席", "out"}.In(lang)
		case engine.WithdrawnLoss:
			return T{"退赛", "wd"}.In(lang)
		}
		return T{"轮空", "bye"}.In(lang)
	}
	colour := T{"红", "r"}
	if e.Colour == engine.Black {
		colour = T{"黑", "b"}
	}
	res := ""
	switch e.Outcome {
	case engine.OutcomeWin, engine.OutcomeForfeitWin:
		res = "+"
	case engine.OutcomeDraw:
		res = "="
	case engine.OutcomeLoss, engine.OutcomeForfeitLoss:
		res = "-"
	}
	return fmt.Sprintf("%*d%s%s", digits, e.Opponent, colour.In(lang), res)
}

// export answers with a file ("春季赛.trf"), which the adapters send as an
// attachment, and a line saying what it is.
func export(c *Context) (Reply, error) {
	ev := &c.State.Event
	var b strings.Builder
	switch c.Args["format"] {
	case "trf":
		if err := trf.Write(&b, ev); err != nil {
			return Reply{}, &Problem{Text: T{"无法导出 TRF（%v）。请用 /player edit 修改后再试。", "Cannot export TRF (%v). Fix it with /player edit and try again."}, Args: []any{err}}
		}
	default:
		if err := standingsCSV(&b, ev, c.Lang); err != nil {
			return Reply{}, fmt.Errorf("export csv: %w", err)
		}
	}
	name := fileName(ev.Name, c.Args["format"])
	what := T{"「%s」的排名表（CSV）：%s", "The standings of %q (CSV): %s"}
	if c.Args["format"] == "trf" {
		what = T{"「%s」的全部对局（TRF-16）：%s", "Every game of %q (TRF-16): %s"}
	}
	return Reply{Text: what.In(c.Lang, ev.Name, name), File: &storage.File{Name: name, Data: []byte(b.String())}}, nil
}

// standingsCSV writes the standings with every tiebreak, for a
// spreadsheet.
func standingsCSV(b *strings.Builder, ev *engine.Event, lang Lang) error {
	w := csv.NewWriter(b)
	head := []string{T{"名次", "Place"}.In(lang), T{"序号", "No"}.In(lang), T{"姓名", "Name"}.In(lang), T{"单位", "Unit"}.In(lang), T{"积分", "Score"}.In(lang)}
	for _, tb := range ev.Settings.Tiebreaks {
		name := tb.Name()
		if lang == En {
			name = tb.English()
		}
		head = append(head, name)
	}
	w.Write(head)
	for _, s := range engine.Standings(ev) {
		p, _ := ev.Player(s.Player)
		row := []string{s.PlaceLabel(), strconv.Itoa(p.ID), p.Name, p.Unit, s.Score.String()}
		for _, v := range s.Tiebreaks {
			row = append(row, v.String())
		}
		w.Write(row)
	}
	w.Flush()
	return w.Error()
}

// fileName makes a file name from the event's name: letters and digits
// kept (汉字 too), anything else "_", "event" when nothing is left.
func fileName(event, ext string) string {
	name := strings.Map(func(r rune) rune {
		if unicode.IsLetter(r) || unicode.IsDigit(r) || r == '-' {
			return r
		}
		return '_'
	}, strings.TrimSpace(event))
	name = strings.Trim(name, "_")
	if r := []rune(name); len(r) > 60 {
		name = string(r[:60])
	}
	if name == "" {
		name = "event"
	}
	return name + "." + ext
}
