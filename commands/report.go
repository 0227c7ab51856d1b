package commands

import (
	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/engine"
	"github.com/qisai/qisai/storage"
)

// Results as the players give them (R-G-1): a report, the opponent's
// confirmation or dispute, resigning. Whether a report is the first one,
// a confirmation or a contradiction depends on the opponent's report, so
// it is decided inside the update on the state the change sees, never on
// the state loaded before (DESIGN, "Data flow" 3): two players reporting
// at the same moment make a confirmation or a dispute, one after the
// other, and the announcement says which.

// playReport reports the sender's result: pending until the opponent
// confirms when the opponent has not reported; the same result as the
// opponent's report confirms it; a contradicting one is a dispute.
func playReport(c *Context) (Reply, error) {
	return c.inGame(func(ch *storage.Change, chats *voice, s seat) (string, error) {
		ev, gp := &ch.State.Event, s.play
		res := resultFor(c.Args["result"], s.colour)
		me, them := playerName(ev, c.Player), playerName(ev, s.opponent)
		line := gameLine(ev, s.game, res, c.Lang)
		if r := gp.Report; r != nil && gp.Dispute == nil && r.Player != c.Player && r.Result == res {
			// The same result as the opponent's report: it confirms it.
			return T{"已确认：%s。", "Confirmed: %s."}.In(c.Lang, line),
				chats.settle(ch, &action.ReportConfirmed{Round: s.round, Board: s.game.Board, Player: c.Player}, T{me + " 确认", "confirmed by " + me}, c.Lang)
		}
		if err := ch.Append(&action.ResultReported{Round: s.round, Board: s.game.Board, Player: c.Player, Result: res}); err != nil {
			return "", err
		}
		if gp.Report != nil {
			chats.announce(ch, T{"第%d台 结果有争议：%s 与 %s 的报告不同，等待裁判用 /result 裁决。", "Board %d: result disputed, %s and %s reported differently; an arbiter decides with /result."}.In(c.Lang, s.game.Board, them, me))
			return T{"你的报告（%s）与对手的不同：结果有争议，由裁判裁决。", "Your report (%s) contradicts your opponent's: the result is disputed and an arbiter decides."}.In(c.Lang, line), nil
		}
		text := T{"第%d台 %s 报告了结果，等待 %s 确认。", "Board %d: %s reported the result; waiting for %s to confirm."}.In(c.Lang, s.game.Board, me, them)
		personal := T{"已报告：%s。等待 %s 确认。", "Reported: %s. Waiting for %s to confirm."}.In(c.Lang, line, them)
		if w := ch.State.Info.ConfirmWithin; w > 0 {
			window := "\n" + T{"%d 分钟内不回应，结果按报告确认（R-G-1）。", "If there is no answer within %d minutes, the result stands as reported (R-G-1)."}.In(c.Lang, int(w.Minutes()))
			text, personal = text+window, personal+window
		}
		chats.announce(ch, text)
		opp, err := c.contacts(s.opponent)
		if err != nil {
			return "", err
		}
		r := ref{event: c.Event, round: s.round, board: s.game.Board, seq: ch.State.Underway(s.round, s.game.Board).Report.Seq}
		for _, ct := range opp {
			tell(ch, []contact{ct}, T{"%s 报告：%s。确认吗？", "%s reports: %s. Do you confirm?"}, []any{me, gameLine(ev, s.game, res, ct.lang)},
				button{T{"确认", "Confirm"}, r.answering("/confirm")}, button{T{"异议", "Dispute"}, r.answering("/dispute")})
		}
		return personal, nil
	})
}

// loss is the result of a game the player of colour loses.
func loss(colour engine.Colour) engine.Result {
	if colour == engine.Red {
		return engine.BlackWin
	}
	return engine.RedWin
}

// playConfirm confirms the opponent's report: the result is final.
func playConfirm(c *Context) (Reply, error) { return answerReport(c, false) }

// playDispute disputes the opponent's report: an arbiter decides (R-G-1).
func playDispute(c *Context) (Reply, error) { return answerReport(c, true) }

// answerReport confirms or disputes the opponent's report as the change
// sees it: the report a pressed button answers, when that is still the
// one pending.
func answerReport(c *Context, dispute bool) (Reply, error) {
	return c.inGame(func(ch *storage.Change, chats *voice, s seat) (string, error) {
		if err := c.pressedAction(reportSeq(s.play), T{"报告", "the report"}); err != nil {
			return "", err
		}
		ev := &ch.State.Event
		me := playerName(ev, c.Player)
		if dispute {
			if err := ch.Append(&action.ReportDisputed{Round: s.round, Board: s.game.Board, Player: c.Player}); err != nil {
				return "", err
			}
			chats.announce(ch, T{"第%d台 结果有争议：%s 不同意对手的报告，等待裁判用 /result 裁决。", "Board %d: result disputed, %s does not accept the report; an arbiter decides with /result."}.In(c.Lang, s.game.Board, me))
			return T{"已提出异议：由裁判裁决。", "Disputed: an arbiter decides."}.In(c.Lang), nil
		}
		a := &action.ReportConfirmed{Round: s.round, Board: s.game.Board, Player: c.Player}
		if err := chats.settle(ch, a, T{me + " 确认", "confirmed by " + me}, c.Lang); err != nil {
			return "", err
		}
		g, _ := gameOn(ev, s.round, s.game.Board)
		return T{"已确认：%s。", "Confirmed: %s."}.In(c.Lang, gameLine(ev, s.game, g.Result, c.Lang)), nil
	})
}

// reportSeq is the action that made the pending report, 0 for none.
func reportSeq(gp action.GamePlay) int64 {
	if gp.Report == nil {
		return 0
	}
	return gp.Report.Seq
}

// playResign ends the sender's game at once: the opponent wins.
func playResign(c *Context) (Reply, error) {
	return c.inGame(func(ch *storage.Change, chats *voice, s seat) (string, error) {
		ev, me := &ch.State.Event, playerName(&ch.State.Event, c.Player)
		a := &action.Resigned{Round: s.round, Board: s.game.Board, Player: c.Player}
		if err := chats.settle(ch, a, T{me + " 认输", me + " resigned"}, c.Lang); err != nil {
			return "", err
		}
		return T{"你已认输：%s。", "You resigned: %s."}.In(c.Lang, gameLine(ev, s.game, loss(s.colour), c.Lang)), nil
	})
}

// inGame runs a command on the sender's game of the current round: fn
// acts on it as the change sees it (liveSeat on the change's state, so
// that what it decides holds when the change commits) and returns the
// sender's own account of it. The reply is what the event's chat heard,
// or that account elsewhere (voice.reply).
func (c *Context) inGame(fn func(ch *storage.Change, chats *voice, s seat) (string, error)) (Reply, error) {
	chats, err := eventChats(c)
	if err != nil {
		return Reply{}, err
	}
	var personal string
	_, err = c.Update(func(ch *storage.Change) error {
		s, err := c.liveSeat(ch.State)
		if err != nil {
			return err
		}
		personal, err = fn(ch, chats, s)
		return err
	})
	if err != nil {
		return Reply{}, err
	}
	return chats.reply(personal), nil
}
