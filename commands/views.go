package commands

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/engine"
	"github.com/qisai/qisai/internal/i18n"
	"github.com/qisai/qisai/internal/textwidth"
	"github.com/qisai/qisai/sheet"
)

// The read-only views: pairings, standings and the results table (成绩表);
// the files are export.go's. Anybody in a chat that follows the event may
// see them.
func viewCommands() []*Command {
	return []*Command{
		{
			Name: "pairings", Aliases: []string{"对阵表"}, Who: Member,
			Args: []Arg{{Name: "round", Kind: Int, Optional: true, Form: roundNumber, Help: i18n.T{Zh: "轮次，如 2 或 第2轮；不写则为当前轮", En: "the round, e.g. 2, R2 or round 2; the current one if left out"}}, asPicture},
			Help: i18n.T{Zh: "显示一轮的对阵和结果", En: "show a round's pairings and results"},
			Run:  showPairings,
		},
		{
			Name: "standings", Aliases: []string{"排名"}, Who: Member,
			Args: []Arg{asPicture, boardsArg, categoryArg},
			Help: i18n.T{Zh: "显示排名；写组别则显示该组别的排名", En: "show the standings; with a category, its ranking"},
			Run:  showStandings,
		},
		{
			Name: "crosstable", Aliases: []string{"成绩表"}, Who: Member,
			Args: []Arg{asPicture},
			Help: i18n.T{Zh: "显示成绩表：每轮的对手、先后手和结果", En: "show the crosstable: each round's opponent, colour and result"},
			Run:  showCrosstable,
		},
	}
}

// noRounds is the answer to what needs a published round in an event
// that has none: what comes first, as st stands — the start, the pairing,
// or the publication of the preview.
func noRounds(st *action.State) *Problem {
	switch {
	case st.Status == action.Setup || st.Status == action.Signup:
		return problem("比赛还没有开始，还没有对阵。", "The event has not started: there are no pairings yet.")
	case st.PendingPreview() != nil:
		return problem("第 1 轮已经编排，还没有公布：组织者或裁判输入 /publish 公布。",
			"Round 1 is paired but not published yet: an organiser or arbiter publishes it with /publish.")
	}
	return problem("还没有公布对阵：组织者或裁判输入 /pair 编排第 1 轮，看过预览后公布。",
		"No round is published yet: an organiser or arbiter pairs round 1 with /pair, and publishes it after the preview.")
}

func showPairings(c *Context) (Reply, error) {
	ev := &c.State.Event
	if len(ev.Rounds) == 0 {
		return Reply{}, noRounds(c.State)
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
	if c.Args["as"] != "" {
		return showPicture(c, sheet.Pairings(sheetOf(c.State), round, c.Lang)) // a team event's: its matches
	}
	return Reply{Text: formatOf(c.State).pairings(c.State, round, c.Lang)}, nil
}

func showStandings(c *Context) (Reply, error) {
	if len(c.State.Event.Rounds) == 0 {
		return Reply{}, noRounds(c.State)
	}
	if cat := c.Args["category"]; cat != "" {
		return categoryStandings(c, cat)
	}
	return formatOf(c.State).standings(c)
}

func showCrosstable(c *Context) (Reply, error) {
	if len(c.State.Event.Rounds) == 0 {
		return Reply{}, noRounds(c.State)
	}
	return formatOf(c.State).crosstable(c)
}

// noBoards is /standings boards in an event without boards of teams.
func noBoards() *Problem {
	return problem("台次成绩只有团体赛才有。", "Board standings are a team event's.")
}

// The labels are the sheets' (package sheet), one copy for every reply.
func currentRound(ev *engine.Event) int               { return sheet.CurrentRound(ev) }
func resultText(r engine.Result) string               { return sheet.Result(r) }
func byeName(k engine.ByeKind, lang i18n.Lang) string { return sheet.ByeName(k, lang) }
func playerName(ev *engine.Event, id int) string      { return sheet.PlayerName(ev, id) }

// pairingTable is round's pairing sheet as the chat shows it (编排记录公告):
// the title, then board, red, black and result for each game, then the
// players without a game. It is "" for a round that does not exist. The
// announcement of a published round sends it as it is.
func pairingTable(st *action.State, round int, lang i18n.Lang) string {
	if round < 1 || round > len(st.Event.Rounds) {
		return ""
	}
	s := sheet.Pairings(sheetOf(st), round, lang)
	lines := []string{s.Title}
	if len(s.Rows) > 0 {
		lines = append(lines, monoTable(s.BriefText(phoneWidth, nil)))
	}
	return strings.Join(append(lines, s.Footer...), "\n")
}

// standingsTable is the standings sheet as the chat shows it (R-T-*): the
// title, then place ("3=" when shared, R-T-9), name, score and the
// tiebreaks that decided a place (sheet.Column.Decisive), sized for a
// phone. top > 0 keeps the first top rows and everyone sharing the last
// place kept, and says so under the table (cutNote); 0 keeps all. The
// announcement of a completed round sends it as it is.
func standingsTable(st *action.State, lang i18n.Lang, top int) string {
	s := sheet.Standings(sheetOf(st), lang)
	all := len(s.Rows)
	if top > 0 && top < len(s.Rows) {
		last, n := s.Rows[top-1][0].Text, top // the place column
		for n < len(s.Rows) && s.Rows[n][0].Text == last {
			n++
		}
		s.Rows = s.Rows[:n]
	}
	lines := []string{s.Title, monoTable(s.BriefText(phoneWidth, nil))}
	if cut := cutNote(len(s.Rows), all, lang); cut != "" {
		lines = append(lines, cut)
	}
	return strings.Join(lines, "\n")
}

// cutNote is the line under a ranking cut to its first shown rows of
// all: how many it has in all ("" when it shows them all). The message
// that holds it says where the whole is.
func cutNote(shown, all int, lang i18n.Lang) string {
	if shown >= all {
		return ""
	}
	return i18n.T{Zh: "……以上为前 %d 人，共 %d 人。", En: "… the first %d of %d players."}.In(lang, shown, all)
}

// crossName is the width of a name in the crosstable, which repeats it in
// every section: three 汉字.
const crossName = 6

// crossRounds is the crosstable sheet's first round column: after the
// number, the name and the unit.
const crossRounds = 3

// crosstable is the results table (成绩表, 003 §六) as the chat shows it:
// one row per player in sequence-number order with, for each round, the
// opponent's number, the colour (红/黑, r/b) and the result (+ = -), then
// the score, the tiebreaks and the place. A table wider than a phone is
// cut into sections of whole columns, each repeating number and name and
// headed "成绩表 1/2", separated by blank lines so splitMessage keeps them
// whole.
func crosstable(st *action.State, lang i18n.Lang) string {
	s := sheet.Crosstable(sheetOf(st), lang)
	digits, rounds := len(strconv.Itoa(len(st.Event.Players))), len(st.Event.Rounds)
	full := s.BriefText(0, func(col int, text string) string {
		switch {
		case col == 1: // the name
			return textwidth.Truncate(text, crossName)
		case col >= crossRounds && col < crossRounds+rounds:
			return padOpponent(text, digits) // the colours line up
		}
		return text
	})

	// Every section shows the number and the name (the key columns), then
	// as many further columns as fit on a phone, at least one.
	const key = 2
	w := full.Widths()
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
		title := s.Title
		if len(sections) > 1 {
			title += fmt.Sprintf(" %d/%d", i+1, len(sections))
		}
		t := &sheet.Text{}
		for _, r := range full.Rows {
			t.Row(append(r[:key:key], r[sec[0]:sec[1]]...)...)
		}
		parts = append(parts, title+"\n"+monoTable(t))
	}
	return strings.Join(parts, "\n\n")
}

// padOpponent pads the opponent's number a crosstable cell starts with to
// digits: " 3黑=" under "12红+".
func padOpponent(cell string, digits int) string {
	n := 0
	for n < len(cell) && cell[n] >= '0' && cell[n] <= '9' {
		n++
	}
	if n == 0 || n >= digits {
		return cell
	}
	return strings.Repeat(" ", digits-n) + cell
}
