package commands

import (
	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/engine"
	"github.com/qisai/qisai/internal/i18n"
	"github.com/qisai/qisai/storage"
)

// 和棋黑胜 (armageddon, R-F-5): a draw counts as black's win, so the
// colours matter, and the player who did not choose at the match's first
// 猜先 chooses them (seed 003: "应由第一次抽签中没机会选择先后手的一方选择先后
// 手"). Once the round is published the bot asks the chooser privately,
// with a button for each colour; the choice holds until the round's start
// (or, without one, until the game begins: a report or a draw offer), and
// unmade, the colours stay as the pairing gave them — which the
// announcement says.

// askChoosers asks the chooser of each armageddon game of round, in ch,
// which colour they take.
func askChoosers(c *Context, ch *storage.Change, round int) error {
	st := ch.State
	if round < 1 || round > len(st.Stages.Rounds) {
		return nil
	}
	for _, b := range st.Stages.Rounds[round-1] {
		if b.Step != engine.TieArmageddon || b.Chooser == 0 {
			continue
		}
		g, ok := gameOn(&st.Event, round, b.Board)
		if !ok {
			continue
		}
		to, err := c.contacts(b.Chooser)
		if err != nil {
			return err
		}
		r := ref{event: c.Event, round: round, board: b.Board, seq: st.Play.Seq}
		mine := engine.Red // as the pairing gave it
		if g.Black == b.Chooser {
			mine = engine.Black
		}
		for _, ct := range to {
			tell(ch, []contact{ct}, i18n.T{
				Zh: "第 %[1]d 轮第 %[2]d 台是和棋黑胜（R-F-5）：和棋算黑方胜，红方用时多于黑方。由你选择先后手：执红还是执黑？%[3]s未选，则按对阵表：你执%[4]s。",
				En: "Round %[1]d board %[2]d is armageddon (R-F-5): a draw is black's win; red has more time than black. You choose the colours: red or black? Not chosen %[3]s, the pairing stands: you play %[4]s."},
				[]any{round, b.Board, chooseBy(st, round, ct.lang), colourName(mine, ct.lang)},
				button{i18n.T{Zh: "执红", En: "Red"}, r.answering("/guess choose red")},
				button{i18n.T{Zh: "执黑", En: "Black"}, r.answering("/guess choose black")})
		}
	}
	return nil
}

// chooseBy says until when an armageddon's colours may be chosen in
// round: its start, or without one the game's beginning.
func chooseBy(st *action.State, round int, lang i18n.Lang) string {
	if p := st.Play; p.Round == round && !p.Starts.IsZero() {
		return i18n.T{Zh: "%s 开始前", En: "by the start at %s"}.In(lang, clock(st, p.Starts))
	}
	return i18n.T{Zh: "对局开始（报告结果或提和）前", En: "before the game begins (a report or a draw offer)"}.In(lang)
}

// choiceOpen reports whether the armageddon on board b of round still
// awaits its chooser's colours as st stands (R-F-5): its game without a
// result, not begun, its colours not chosen, the round's start not come.
// The round's message names the chooser only while it does, so that it
// never asks for a choice /guess would refuse.
func choiceOpen(st *action.State, round int, b action.BoardOf) bool {
	g, ok := gameOn(&st.Event, round, b.Board)
	if !ok || g.Result.Decided() || st.Play.Round != round {
		return false
	}
	cur := st.Underway(round, b.Board)
	return cur.Chose == engine.NoColour && cur.Report == nil && cur.Offer == nil && cur.Declined == 0 && cur.Dispute == nil &&
		(st.Play.Starts.IsZero() || st.At.Before(st.Play.Starts))
}

// isArmageddon reports whether board of round is an armageddon game.
func isArmageddon(st *action.State, round, board int) bool {
	b, ok := st.BoardOf(round, board)
	return ok && b.Step == engine.TieArmageddon
}

// chooseArmageddon is the chooser's choice of an armageddon game's
// colours (R-F-5): the game's colours follow it, and the event's chats
// hear it.
func chooseArmageddon(c *Context, ch *storage.Change, chats *voice, s seat, col engine.Colour) (string, error) {
	if err := c.pressedRound(ch.State); err != nil {
		return "", err
	}
	if err := ch.Append(&action.ColourChosen{Round: s.round, Board: s.game.Board, Player: c.Player, Colour: col}); err != nil {
		return "", err
	}
	ev := &ch.State.Event
	g, _ := gameOn(ev, s.round, s.game.Board)
	red, black := playerName(ev, g.Red), playerName(ev, g.Black)
	chats.announce(ch, i18n.T{Zh: "第%d台和棋黑胜：%s 选择执%s。红方 %s，黑方 %s（和棋算黑方胜）。", En: "Board %d, armageddon: %s chose %s. Red %s, black %s (a draw is black's win)."}.
		In(chats.lang, s.game.Board, playerName(ev, c.Player), colourName(col, chats.lang), red, black))
	if err := chats.refreshRound(ch, s.round); err != nil { // the round's message shows the colours chosen
		return "", err
	}
	opp, err := c.contacts(s.opponent)
	if err != nil {
		return "", err
	}
	theirs := engine.Red
	if col == engine.Red {
		theirs = engine.Black
	}
	for _, ct := range opp {
		tell(ch, []contact{ct}, i18n.T{Zh: "第 %d 轮第 %d 台和棋黑胜：%s 选择执%s，你执%s。", En: "Round %d board %d, armageddon: %s chose %s; you play %s."},
			[]any{s.round, s.game.Board, playerName(ev, c.Player), colourName(col, ct.lang), colourName(theirs, ct.lang)})
	}
	return i18n.T{Zh: "你执%s。第%d台：红方 %s，黑方 %s。", En: "You play %s. Board %d: red %s, black %s."}.In(c.Lang, colourName(col, c.Lang), s.game.Board, red, black), nil
}
