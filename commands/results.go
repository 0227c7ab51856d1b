package commands

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/chat"
	"github.com/qisai/qisai/engine"
	"github.com/qisai/qisai/internal/i18n"
	"github.com/qisai/qisai/storage"
)

// Results (R-G-1): set or corrected by the arbiters, and as the players
// give them — a report, the opponent's confirmation or dispute, resigning.
// Whether a report is the first one, a confirmation or a contradiction
// depends on the opponent's report, so it is decided inside the update on
// the state the change sees, never on the state loaded before (DESIGN,
// "Data flow" 3): two players reporting at the same moment make a
// confirmation or a dispute, one after the other, and the announcement
// says which.

// resultCodes maps what /result takes, red's result first (R-G-1), to results.
var resultCodes = map[string]engine.Result{
	"1-0": engine.RedWin, "0-1": engine.BlackWin, "1/2": engine.Draw,
	"+-": engine.RedForfeitWin, "-+": engine.BlackForfeitWin, "--": engine.DoubleForfeit,
}

func setResult(c *Context) (Reply, error) {
	ev := &c.State.Event
	round := currentRound(ev)
	if round == 0 {
		return Reply{}, noRounds(c.State)
	}
	if s, ok := c.Args["round"]; ok {
		round, _ = strconv.Atoi(s)
	}
	board, _ := strconv.Atoi(c.Args["board"])
	res := resultCodes[c.Args["result"]]
	captures, err := capturesArg(c, board)
	if err != nil {
		return Reply{}, err
	}
	if captures != nil {
		if !c.State.Format().PlaysBy(action.MatchRules) {
			return Reply{}, problem("吃子数只用于淘汰赛按吃子数定胜负的对局（R-F-5）。请直接输入结果，如 /result %d 1-0", "Pieces captured decide only a knockout's captures game (R-F-5). Enter the result, e.g. /result %d 1-0", board)
		}
		res = engine.CapturesResult(captures.Red, captures.Black)
	}
	// A game that is not there is the append's to refuse (in the update).
	if g, ok := gameOn(ev, round, board); ok && c.State.Status == action.Running {
		if g.Result == res && captures == nil {
			return Reply{Text: i18n.T{Zh: "第 %d 轮第 %d 台已经是 %s，没有改动。", En: "Round %d board %d is %s already; nothing changed."}.In(c.Lang, round, board, resultText(res))}, nil
		}
		if ask, ok := formatOf(c.State).correction(c, round, board, g.Result); ok && c.Args["confirm"] == "" {
			return ask, nil
		}
	}
	chats, err := eventChats(c)
	if err != nil {
		return Reply{}, err
	}
	var was engine.Game
	if _, err := c.Update(func(ch *storage.Change) error {
		// Set or corrected: what the result is as the change sees it (a
		// player may have confirmed it meanwhile).
		was, _ = gameOn(&ch.State.Event, round, board)
		why := i18n.T{Zh: "裁判裁定", En: "set by the arbiter"}
		switch {
		case was.Result == res && ch.State.Status == action.Running && captures == nil:
			return problem("第 %d 轮第 %d 台已经是 %s，没有改动。", "Round %d board %d is %s already; nothing changed.", round, board, resultText(res))
		case was.Result.Decided():
			why = i18n.T{Zh: "裁判更正，原为 " + resultText(was.Result), En: "corrected by the arbiter, was " + resultText(was.Result)}
		}
		if captures != nil {
			why = i18n.T{Zh: fmt.Sprintf("吃子数 红%d:黑%d，", captures.Red, captures.Black) + why.Zh, En: fmt.Sprintf("pieces captured: red %d, black %d; ", captures.Red, captures.Black) + why.En}
		}
		ruling := &action.ResultSet{Round: round, Board: board, Result: res, Cascade: c.Args["confirm"] != "", Captures: captures}
		return formatOf(ch.State).rule(chats, ch, ruling, why)
	}); err != nil {
		if e, ok := rerouteOf(err); ok {
			return askReroute(c, e, round, board, c.Args["result"]), nil
		}
		return Reply{}, err
	}
	lang, now := chats.toldLang(c), resultText(res)
	if captures != nil {
		now += i18n.T{Zh: "（吃子数 红%d:黑%d）", En: " (pieces captured: red %d, black %d)"}.In(lang, captures.Red, captures.Black)
	}
	if was.Result.Decided() {
		return chats.told(i18n.T{Zh: "已更正第 %d 轮第 %d 台：%s（原为 %s）。", En: "Corrected round %d board %d: %s (was %s)."}.In(lang, round, board, now, resultText(was.Result))), nil
	}
	return chats.told(i18n.T{Zh: "已记录第 %d 轮第 %d 台：%s。", En: "Recorded round %d board %d: %s."}.In(lang, round, board, now)), nil
}

// capturesArg reads the pieces each side captured (/result B 吃子 5:3,
// R-F-5), nil for another result; counts come with 吃子 only.
func capturesArg(c *Context, board int) (*action.Captures, error) {
	counts, given := c.Args["captures"]
	if c.Args["result"] != "captures" { // 吃子 too (redFirst)
		if given {
			return nil, problem("只有按吃子数定胜负时才写吃子数：/result %[1]d 吃子 %[2]s", "Counts go with captures only: /result %[1]d captures %[2]s", board, counts)
		}
		return nil, nil
	}
	red, black, ok := parseCounts(counts)
	if !ok {
		return nil, problem("请写出双方的吃子数，红方在前，如 /result %[1]d 吃子 5:3", "Give the pieces each side captured, red's first, e.g. /result %[1]d captures 5:3", board)
	}
	return &action.Captures{Red: red, Black: black}, nil
}

// askCorrection asks the arbiter to confirm a change to a round that later
// rounds were paired on: those pairings stand (they are not re-paired), so
// the arbiter says so knowingly, with a button or by typing confirm; false
// when no later round was paired on it.
func askCorrection(c *Context, round, board int, was engine.Result) (Reply, bool) {
	n := len(c.State.Event.Rounds)
	if n <= round || awaited(&c.State.Event, round, board) {
		return Reply{}, false
	}
	code := c.Args["result"]
	res := resultCodes[code]
	asked, _ := pairedOnOld(round+1, n)
	cmd := fmt.Sprintf("/result %d %s %d confirm", board, code, round)
	from := i18n.T{Zh: "未定", En: "no result"}.In(c.Lang)
	if was.Decided() {
		from = resultText(was)
	}
	return Reply{
		Text: i18n.T{Zh: "第 %d 轮第 %d 台由 %s 改为 %s：%s。确认请按「确认更正」或输入 %s。",
			En: "Round %d board %d from %s to %s: %s. To go ahead, press Confirm or type %s."}.
			In(c.Lang, round, board, from, resultText(res), asked.In(c.Lang), cmd),
		Buttons: []chat.Button{{Label: i18n.T{Zh: "确认更正", En: "Confirm"}.In(c.Lang), Command: cmd}},
	}, true
}

// ruleOnPaired sets the arbiter's ruling a in ch and announces it, in an
// event whose later rounds were paired on the results before them: a
// correction says those rounds stand as paired.
func ruleOnPaired(v *voice, ch *storage.Change, a *action.ResultSet, why i18n.T) error {
	if awaited(&ch.State.Event, a.Round, a.Board) {
		why = i18n.T{Zh: "补赛结果，" + why.Zh, En: "the postponed game's result, " + why.En}
	} else if n := len(ch.State.Event.Rounds); a.Round < n {
		_, told := pairedOnOld(a.Round+1, n)
		why.Zh += "；" + told.Zh
		why.En += "; " + told.En
	}
	return v.decide(ch, a.Round, a.Board, a.Result, why)
}

// awaited reports whether board of round is a game put off (补赛, R-E-3)
// still without a result: the rounds after it were paired knowing it.
func awaited(ev *engine.Event, round, board int) bool {
	g, ok := gameOn(ev, round, board)
	return ok && g.Postponed && !g.Result.Decided()
}

// pairedOnOld says that rounds from to to were paired on a result being
// changed and stand as paired: asked before the change, told after it.
func pairedOnOld(from, to int) (asked, told i18n.T) {
	if from == to {
		return i18n.T{Zh: fmt.Sprintf("第 %d 轮已按原结果编排，改动后不重新编排", from), En: fmt.Sprintf("round %d was paired on the old result and stands as paired", from)},
			i18n.T{Zh: fmt.Sprintf("第 %d 轮已按原结果编排，不重新编排", from), En: fmt.Sprintf("round %d stands as paired on the old result", from)}
	}
	return i18n.T{Zh: fmt.Sprintf("第 %d–%d 轮已按原结果编排，改动后不重新编排", from, to), En: fmt.Sprintf("rounds %d–%d were paired on the old result and stand as paired", from, to)},
		i18n.T{Zh: fmt.Sprintf("第 %d–%d 轮已按原结果编排，不重新编排", from, to), En: fmt.Sprintf("rounds %d–%d stand as paired on the old result", from, to)}
}

// gameOn is the game on board of round.
func gameOn(ev *engine.Event, round, board int) (engine.Game, bool) {
	if round < 1 || round > len(ev.Rounds) {
		return engine.Game{}, false
	}
	for _, g := range ev.Rounds[round-1].Games {
		if g.Board == board {
			return g, true
		}
	}
	return engine.Game{}, false
}

// decide sets a result (R-G-1) and announces it in chats, why being who
// decided: the scheduler's decisions, which no chat asked for.
func decide(ch *storage.Change, event storage.EventID, chats []chat.Chat, round, board int, res engine.Result, why i18n.T) error {
	return (&voice{others: chats, lang: eventLang(ch.State), event: event}).decide(ch, round, board, res, why)
}

// decide sets a result (R-G-1) and announces it, why being who decided;
// the result that completes the current round also announces the
// standings and what comes next.
func (v *voice) decide(ch *storage.Change, round, board int, res engine.Result, why i18n.T) error {
	return v.settle(ch, &action.ResultSet{Round: round, Board: board, Result: res}, why)
}

// settle appends a, which makes a game's result final, and announces it as
// decide does.
func (v *voice) settle(ch *storage.Change, a action.Settling, why i18n.T) error {
	round, board := a.Settles()
	// A result of a round not paired is refused by the append below.
	f := formatOf(ch.State)
	was := f.before(ch.State, round, board)
	if err := ch.Append(a); err != nil {
		return err
	}
	ev := &ch.State.Event
	g, _ := gameOn(ev, round, board)
	said := i18n.T{Zh: "第 %d 轮第 %d 台：%s %s %s（%s）", En: "Round %d board %d: %s %s %s (%s)"}.
		In(v.lang, round, board, playerName(ev, g.Red), resultText(g.Result), playerName(ev, g.Black), why.In(v.lang))
	return f.settled(v, ch, round, board, said, was)
}

// ---- undo, log, finish ----

// playReport reports the sender's result: pending until the opponent
// confirms when the opponent has not reported; the same result as the
// opponent's report confirms it; a contradicting one is a dispute. A line
// that says two results is asked back (askReading); a forfeit is the
// arbiter's to record (R-G-1).
func playReport(c *Context) (Reply, error) {
	said := c.Args["result"]
	for _, r := range reportedAs(said, engine.Red) {
		if !r.Played() {
			return Reply{}, problem("选手只报告胜、负或和；弃权由裁判用 /result 台号 +-、-+ 或 -- 记录（R-G-1）。",
				"Players report a win, a loss or a draw; an arbiter records a forfeit with /result BOARD +-, -+ or -- (R-G-1).")
		}
	}
	if s, ok := seatOf(c.State, c.Player); ok {
		if rs := reportedAs(said, s.colour); len(rs) > 1 {
			return askReading(c, rs, s.colour), nil
		}
	}
	return c.inGame(func(ch *storage.Change, chats *voice, s seat) (string, error) {
		if err := c.pressedRound(ch.State); err != nil { // a round note's button
			return "", err
		}
		ev, gp := &ch.State.Event, s.play
		res := reportedAs(said, s.colour)[0] // one: the colours of a published round stay
		me, them := playerName(ev, c.Player), playerName(ev, s.opponent)
		line := gameLine(ev, s.game, res, c.Lang)
		if r := gp.Report; r != nil && gp.Dispute == nil && r.Player != c.Player && r.Result == res {
			// The same result as the opponent's report: it confirms it.
			return i18n.T{Zh: "已确认：%s。", En: "Confirmed: %s."}.In(c.Lang, line),
				chats.settle(ch, &action.ReportConfirmed{Round: s.round, Board: s.game.Board, Player: c.Player}, i18n.T{Zh: me + " 确认", En: "confirmed by " + me})
		}
		if err := ch.Append(&action.ResultReported{Round: s.round, Board: s.game.Board, Player: c.Player, Result: res}); err != nil {
			return "", err
		}
		if gp.Report != nil {
			if err := chats.refreshRound(ch, s.round); err != nil {
				return "", err
			}
			if err := c.tellStaff(ch, i18n.T{Zh: "第 %d 轮第 %d 台结果有争议：%s 与 %s 的报告不同。请裁决：/result %d 结果（如 1-0）。", En: "Round %d board %d is disputed: %s and %s reported differently. Decide it with /result %d RESULT (e.g. 1-0)."}, s.round, s.game.Board, them, me, s.game.Board); err != nil {
				return "", err
			}
			return i18n.T{Zh: "你的报告（%s）与对手的不同：结果有争议，由裁判裁决。", En: "Your report (%s) contradicts your opponent's: the result is disputed and an arbiter decides."}.In(c.Lang, line), nil
		}
		// The round's message shows the board awaiting confirmation; the
		// question is the opponent's alone (R-G-1).
		if err := chats.refreshRound(ch, s.round); err != nil {
			return "", err
		}
		personal := i18n.T{Zh: "已报告：%s。等待 %s 确认。", En: "Reported: %s. Waiting for %s to confirm."}.In(c.Lang, line, them)
		window := func(lang i18n.Lang) string { return "" }
		if w := ch.State.Info.ConfirmWithin; w > 0 {
			window = func(lang i18n.Lang) string {
				return "\n" + i18n.T{Zh: "%d 分钟内不回应，结果按报告确认（R-G-1）。", En: "If there is no answer within %d minutes, the result stands as reported (R-G-1)."}.In(lang, int(w.Minutes()))
			}
		}
		opp, err := c.contacts(s.opponent)
		if err != nil {
			return "", err
		}
		r := ref{event: c.Event, round: s.round, board: s.game.Board, seq: ch.State.Underway(s.round, s.game.Board).Report.Seq}
		for _, ct := range opp {
			tell(ch, []contact{ct}, i18n.T{Zh: "%s 报告：%s。确认吗？%s", En: "%s reports: %s. Do you confirm?%s"}, []any{me, gameLine(ev, s.game, res, ct.lang), window(ct.lang)},
				button{i18n.T{Zh: "确认", En: "Confirm"}, r.answering("/confirm")}, button{i18n.T{Zh: "异议", En: "Dispute"}, r.answering("/dispute")})
		}
		return personal + window(c.Lang), nil
	})
}

// askReading asks a player whose report says two results (赢 0-1 from
// red) which one they mean, with a button for each; it guesses none.
func askReading(c *Context, rs []engine.Result, colour engine.Colour) Reply {
	var buttons []chat.Button
	var typed []string
	for _, r := range rs {
		cmd := "/report " + resultText(r)
		buttons = append(buttons, chat.Button{Label: i18n.T{Zh: "%s（%s）", En: "%s (%s)"}.In(c.Lang, outcome(r, colour, c.Lang), resultText(r)), Command: cmd})
		typed = append(typed, cmd)
	}
	return Reply{
		Text: i18n.T{Zh: "你的报告前后不一致（你执%s）：是哪一个？请按按钮，或输入 %s。", En: "Your report says two different results (you play %s): which is it? Press a button, or type %s."}.
			In(c.Lang, colourName(colour, c.Lang), strings.Join(typed, i18n.T{Zh: " 或 ", En: " or "}.In(c.Lang))),
		Buttons: buttons,
		Private: true,
	}
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
		if err := c.pressedAction(reportSeq(s.play), i18n.T{Zh: "报告", En: "the report"}); err != nil {
			return "", err
		}
		ev := &ch.State.Event
		me := playerName(ev, c.Player)
		if dispute {
			if err := ch.Append(&action.ReportDisputed{Round: s.round, Board: s.game.Board, Player: c.Player}); err != nil {
				return "", err
			}
			if err := chats.refreshRound(ch, s.round); err != nil {
				return "", err
			}
			if err := c.tellStaff(ch, i18n.T{Zh: "第 %d 轮第 %d 台结果有争议：%s 不同意对手的报告。请裁决：/result %d 结果（如 1-0）。", En: "Round %d board %d is disputed: %s does not accept the report. Decide it with /result %d RESULT (e.g. 1-0)."}, s.round, s.game.Board, me, s.game.Board); err != nil {
				return "", err
			}
			return i18n.T{Zh: "已提出异议：由裁判裁决。", En: "Disputed: an arbiter decides."}.In(c.Lang), nil
		}
		a := &action.ReportConfirmed{Round: s.round, Board: s.game.Board, Player: c.Player}
		if err := chats.settle(ch, a, i18n.T{Zh: me + " 确认", En: "confirmed by " + me}); err != nil {
			return "", err
		}
		g, _ := gameOn(ev, s.round, s.game.Board)
		return i18n.T{Zh: "已确认：%s。", En: "Confirmed: %s."}.In(c.Lang, gameLine(ev, s.game, g.Result, c.Lang)), nil
	})
}

// tellStaff tells the event's organisers and arbiters text privately, each
// in their language: a dispute the round's message shows in the group
// (sheet.Disputed) and only an arbiter decides (R-G-1).
func (c *Context) tellStaff(ch *storage.Change, text i18n.T, args ...any) error {
	staff, err := staffContacts(c.reads())
	if err != nil {
		return err
	}
	for _, ct := range staff {
		if ct.chat != chat.Private(c.Req.Chat.Platform, c.Req.User.ID) { // who did it knows
			ch.Send(chat.Message{Chat: ct.chat, Text: text.In(ct.lang, args...)})
		}
	}
	return nil
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
		if err := chats.settle(ch, a, i18n.T{Zh: me + " 认输", En: me + " resigned"}); err != nil {
			return "", err
		}
		return i18n.T{Zh: "你已认输：%s。", En: "You resigned: %s."}.In(c.Lang, gameLine(ev, s.game, loss(s.colour), c.Lang)), nil
	})
}
