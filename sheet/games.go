package sheet

import (
	"strconv"

	"github.com/qisai/qisai/engine"
	"github.com/qisai/qisai/internal/i18n"
)

// Games is one player's games, round by round: the board, the colour, the
// opponent (number, name, unit), the result from the player's side and
// the score after the round. A round without a game says why (a bye, an
// absence) in the opponent's place; a round the player was not in is left
// out. A number nobody has gives a table without rows.
func Games(e Event, player int, lang i18n.Lang) Table {
	ev := e.Event
	p, ok := ev.Player(player)
	t := Table{
		Kind:  KindGames,
		Title: i18n.T{Zh: "%d号 %s 的对局", En: "Games of %[2]s (No %[1]d)"}.In(lang, player, p.Name),
		Note:  p.Unit,
		Columns: []Column{
			{Title: i18n.T{Zh: "轮", En: "Rd"}.In(lang), Full: i18n.T{Zh: "轮次", En: "Round"}.In(lang), Align: Right, Brief: true},
			{Title: i18n.T{Zh: "台", En: "Bd"}.In(lang), Full: i18n.T{Zh: "台次", En: "Board"}.In(lang), Align: Right},
			{Title: i18n.T{Zh: "先后", En: "Side"}.In(lang), Align: Center, Brief: true},
			{Title: i18n.T{Zh: "号", En: "No"}.In(lang), Align: Right},
			{Title: i18n.T{Zh: "对手", En: "Opponent"}.In(lang), Shrink: true, Brief: true},
			{Title: i18n.T{Zh: "单位", En: "Unit"}.In(lang), Shrink: true},
			{Title: i18n.T{Zh: "结果", En: "Result"}.In(lang), Align: Center, Brief: true},
			{Title: i18n.T{Zh: "积分", En: "Pts"}.In(lang), Full: i18n.T{Zh: "累计积分", En: "Points"}.In(lang), Align: Right, Brief: true},
		},
	}
	if !ok {
		return e.units(t, 5)
	}
	boards := boardsOf(ev, player)
	var score engine.Points
	for r, x := range e.Histories()[player] {
		score += x.Points
		round := Cell{Text: strconv.Itoa(r + 1)}
		after := Cell{Text: score.String()}
		switch x.Outcome {
		case engine.OutcomeNone:
			continue
		case engine.OutcomeBye:
			t.Rows = append(t.Rows, []Cell{round, {}, {}, {}, {Text: ByeName(x.Bye, lang), Tone: Muted}, {}, {Text: "+" + x.Points.String(), Tone: Muted}, after})
			continue
		}
		side, tone := i18n.T{Zh: "红", En: "Red"}, Red
		if x.Colour == engine.Black {
			side, tone = i18n.T{Zh: "黑", En: "Black"}, Black
		}
		res, resTone := outcomeText(x.Outcome, lang)
		t.Rows = append(t.Rows, []Cell{
			round, {Text: strconv.Itoa(boards[r])}, {Text: side.In(lang), Tone: tone},
			{Text: strconv.Itoa(x.Opponent)}, nameCell(ev, x.Opponent, Plain), {Text: unitOf(ev, x.Opponent)},
			{Text: res, Tone: resTone}, after,
		})
	}
	return e.units(t, 5)
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
func outcomeText(o engine.Outcome, lang i18n.Lang) (string, Tone) {
	switch o {
	case engine.OutcomeWin:
		return i18n.T{Zh: "胜", En: "Win"}.In(lang), Strong
	case engine.OutcomeDraw:
		return i18n.T{Zh: "和", En: "Draw"}.In(lang), Plain
	case engine.OutcomeLoss:
		return i18n.T{Zh: "负", En: "Loss"}.In(lang), Plain
	case engine.OutcomeForfeitWin:
		return i18n.T{Zh: "不战胜", En: "Win by forfeit"}.In(lang), Strong
	case engine.OutcomeForfeitLoss:
		return i18n.T{Zh: "弃权负", En: "Loss by forfeit"}.In(lang), Plain
	}
	return i18n.T{Zh: "未完", En: "Playing"}.In(lang), Muted
}
