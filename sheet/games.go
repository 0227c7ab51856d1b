package sheet

import (
	"strconv"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/engine"
)

// Games is one player's games, round by round: the board, the colour, the
// opponent (number, name, unit), the result from the player's side and
// the score after the round. A round without a game says why (a bye, an
// absence) in the opponent's place; a round the player was not in is left
// out. A number nobody has gives a table without rows.
func Games(st *action.State, player int, lang Lang) Table {
	ev := &st.Event
	p, ok := ev.Player(player)
	t := Table{
		Kind:  KindGames,
		Title: text{"%d号 %s 的对局", "Games of %[2]s (No %[1]d)"}.in(lang, player, p.Name),
		Note:  p.Unit,
		Columns: []Column{
			{Title: text{"轮", "Rd"}.in(lang), Full: text{"轮次", "Round"}.in(lang), Align: Right, Brief: true},
			{Title: text{"台", "Bd"}.in(lang), Full: text{"台次", "Board"}.in(lang), Align: Right},
			{Title: text{"先后", "Side"}.in(lang), Align: Center, Brief: true},
			{Title: text{"号", "No"}.in(lang), Align: Right},
			{Title: text{"对手", "Opponent"}.in(lang), Shrink: true, Brief: true},
			{Title: text{"单位", "Unit"}.in(lang), Shrink: true},
			{Title: text{"结果", "Result"}.in(lang), Align: Center, Brief: true},
			{Title: text{"积分", "Pts"}.in(lang), Full: text{"累计积分", "Points"}.in(lang), Align: Right, Brief: true},
		},
	}
	if !ok {
		return t
	}
	boards := boardsOf(ev, player)
	var score engine.Points
	for r, e := range st.Histories()[player] {
		score += e.Points
		round := Cell{Text: strconv.Itoa(r + 1)}
		after := Cell{Text: score.String()}
		switch e.Outcome {
		case engine.OutcomeNone:
			continue
		case engine.OutcomeBye:
			t.Rows = append(t.Rows, []Cell{round, {}, {}, {}, {Text: ByeName(e.Bye, lang), Tone: Muted}, {}, {Text: "+" + e.Points.String(), Tone: Muted}, after})
			continue
		}
		side, tone := text{"红", "Red"}, Red
		if e.Colour == engine.Black {
			side, tone = text{"黑", "Black"}, Black
		}
		res, resTone := outcomeText(e.Outcome, lang)
		t.Rows = append(t.Rows, []Cell{
			round, {Text: strconv.Itoa(boards[r])}, {Text: side.in(lang), Tone: tone},
			{Text: strconv.Itoa(e.Opponent)}, nameCell(ev, e.Opponent, Plain), {Text: unitOf(ev, e.Opponent)},
			{Text: res, Tone: resTone}, after,
		})
	}
	return t
}

// boardsOf is the board player sat at in each round, 0 where none.
func boardsOf(ev *engine.Event, player int) []int {
	out := make([]int, len(ev.Rounds))
	for r, rd := range ev.Rounds {
		for _, g := range rd.Games {
			if g.Red == player || g.Black == player {
				out[r] = g.Board
			}
		}
	}
	return out
}

// outcomeText is a game's result from one side: "胜", "Loss by forfeit".
func outcomeText(o engine.Outcome, lang Lang) (string, Tone) {
	switch o {
	case engine.OutcomeWin:
		return text{"胜", "Win"}.in(lang), Strong
	case engine.OutcomeDraw:
		return text{"和", "Draw"}.in(lang), Plain
	case engine.OutcomeLoss:
		return text{"负", "Loss"}.in(lang), Plain
	case engine.OutcomeForfeitWin:
		return text{"不战胜", "Win by forfeit"}.in(lang), Strong
	case engine.OutcomeForfeitLoss:
		return text{"弃权负", "Loss by forfeit"}.in(lang), Plain
	}
	return text{"未完", "Playing"}.in(lang), Muted
}
