package commands

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/chat"
	"github.com/qisai/qisai/engine"
	"github.com/qisai/qisai/sheet"
	"github.com/qisai/qisai/storage"
)

// Results and what else the arbiters record in a round: results set or
// corrected (R-G-1), fouls (R-G-3), penalties (R-T-7), withdrawals
// (R-W-1..4).

// resultCodes maps what /result takes, red's result first (R-G-1), to results.
var resultCodes = map[string]engine.Result{
	"1-0": engine.RedWin, "0-1": engine.BlackWin, "1/2": engine.Draw,
	"+-": engine.RedForfeitWin, "-+": engine.BlackForfeitWin, "--": engine.DoubleForfeit,
}

func setResult(c *Context) (Reply, error) {
	ev := &c.State.Event
	round := currentRound(ev)
	if round == 0 {
		return Reply{}, noRounds()
	}
	if s, ok := c.Args["round"]; ok {
		round, _ = strconv.Atoi(s)
	}
	board, _ := strconv.Atoi(c.Args["board"])
	res := resultCodes[c.Args["result"]]
	// A game that is not there is the append's to refuse (in the update).
	if g, ok := gameOn(ev, round, board); ok && c.State.Status == action.Running {
		if g.Result == res {
			return Reply{Text: T{"第 %d 轮第 %d 台已经是 %s，没有改动。", "Round %d board %d is %s already; nothing changed."}.In(c.Lang, round, board, resultText(res))}, nil
		}
		if later := len(ev.Rounds) - round; later > 0 && c.Args["confirm"] == "" {
			return askCorrection(c, round, board, g.Result, c.Args["result"]), nil
		}
	}
	chats, err := eventChats(c)
	if err != nil {
		return Reply{}, err
	}
	if _, err := c.Update(func(ch *storage.Change) error {
		// Set or corrected: what the result is as the change sees it (a
		// player may have confirmed it meanwhile).
		was, _ := gameOn(&ch.State.Event, round, board)
		why := T{"裁判裁定", "set by the arbiter"}
		switch {
		case was.Result == res && ch.State.Status == action.Running:
			return problem("第 %d 轮第 %d 台已经是 %s，没有改动。", "Round %d board %d is %s already; nothing changed.", round, board, resultText(res))
		case was.Result.Decided():
			why = T{"裁判更正，原为 " + resultText(was.Result), "corrected by the arbiter, was " + resultText(was.Result)}
		}
		if n := len(ch.State.Event.Rounds); round < n {
			_, told := pairedOnOld(round+1, n)
			why.Zh += "；" + told.Zh
			why.En += "; " + told.En
		}
		return chats.decide(ch, round, board, res, why, c.Lang)
	}); err != nil {
		return Reply{}, err
	}
	return chats.reply(T{"已记录第 %d 轮第 %d 台：%s。", "Recorded round %d board %d: %s."}.In(c.Lang, round, board, resultText(res))), nil
}

// askCorrection asks the arbiter to confirm a change to a round that later
// rounds were paired on: those pairings stand (they are not re-paired), so
// the arbiter says so knowingly, with a button or by typing confirm.
func askCorrection(c *Context, round, board int, was engine.Result, code string) Reply {
	n := len(c.State.Event.Rounds)
	res := resultCodes[code]
	asked, _ := pairedOnOld(round+1, n)
	cmd := fmt.Sprintf("/result %d %s %d confirm", board, code, round)
	from := T{"未定", "no result"}.In(c.Lang)
	if was.Decided() {
		from = resultText(was)
	}
	return Reply{
		Text: T{"第 %d 轮第 %d 台由 %s 改为 %s：%s。确认请按「确认更正」或输入 %s。",
			"Round %d board %d from %s to %s: %s. To go ahead, press Confirm or type %s."}.
			In(c.Lang, round, board, from, resultText(res), asked.In(c.Lang), cmd),
		Buttons: []chat.Button{{Label: T{"确认更正", "Confirm"}.In(c.Lang), Command: cmd}},
	}
}

// pairedOnOld says that rounds from to to were paired on a result being
// changed and stand as paired: asked before the change, told after it.
func pairedOnOld(from, to int) (asked, told T) {
	if from == to {
		return T{fmt.Sprintf("第 %d 轮已按原结果编排，改动后不重新编排", from), fmt.Sprintf("round %d was paired on the old result and stands as paired", from)},
			T{fmt.Sprintf("第 %d 轮已按原结果编排，不重新编排", from), fmt.Sprintf("round %d stands as paired on the old result", from)}
	}
	return T{fmt.Sprintf("第 %d–%d 轮已按原结果编排，改动后不重新编排", from, to), fmt.Sprintf("rounds %d–%d were paired on the old result and stand as paired", from, to)},
		T{fmt.Sprintf("第 %d–%d 轮已按原结果编排，不重新编排", from, to), fmt.Sprintf("rounds %d–%d stand as paired on the old result", from, to)}
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
func decide(ch *storage.Change, chats []chat.Chat, round, board int, res engine.Result, why T, lang Lang) error {
	return (&voice{others: chats}).decide(ch, round, board, res, why, lang)
}

// decide sets a result (R-G-1) and announces it, why being who decided;
// the result that completes the current round also announces the
// standings and what comes next.
func (v *voice) decide(ch *storage.Change, round, board int, res engine.Result, why T, lang Lang) error {
	return v.settle(ch, &action.ResultSet{Round: round, Board: board, Result: res}, why, lang)
}

// settle appends a, which makes a game's result final, and announces it as
// decide does.
func (v *voice) settle(ch *storage.Change, a action.Settling, why T, lang Lang) error {
	round, board := a.Settles()
	ev := &ch.State.Event
	// A result of a round not paired is refused by the append below.
	wasOpen := round >= 1 && round <= len(ev.Rounds) && len(openBoards(ev.Rounds[round-1])) > 0
	if err := ch.Append(a); err != nil {
		return err
	}
	g, _ := gameOn(ev, round, board)
	said := T{"第 %d 轮第 %d 台：%s %s %s（%s）", "Round %d board %d: %s %s %s (%s)"}.
		In(lang, round, board, playerName(ev, g.Red), resultText(g.Result), playerName(ev, g.Black), why.In(lang))
	if !wasOpen {
		// A correction of a complete round changes the standings the
		// group was shown: they are shown again, once, marked as such.
		v.announce(ch, said+"\n\n"+T{"成绩更正，排名随之更新：", "A corrected result: the standings now read"}.In(lang)+"\n"+standingsTable(ch.State, lang, 0))
		v.illustrate(ch, sheet.Standings(ch.State, sheet.Lang(lang)))
		return nil
	}
	v.announce(ch, said)
	if round == len(ev.Rounds) && len(openBoards(ev.Rounds[round-1])) == 0 {
		next := T{"组织者输入 /pair 编排第 %d 轮。", "Organisers: /pair pairs round %d."}.In(lang, round+1)
		if n := plannedRounds(ev); n > 0 && round >= n {
			next = T{"全部轮次已赛完，组织者输入 /finish 结束比赛。", "Every round is played: organisers finish the event with /finish."}.In(lang)
		}
		v.announce(ch, T{"第 %d 轮全部结束。", "Round %d is complete."}.In(lang, round)+"\n"+standingsTable(ch.State, lang, 0)+"\n"+next)
		v.illustrate(ch, sheet.Standings(ch.State, sheet.Lang(lang)))
	}
	return nil
}

// findPlayer finds a player by number or name.
func findPlayer(st *action.State, arg string) (engine.Player, error) {
	if _, err := strconv.Atoi(arg); err == nil {
		return numbered(st, arg)
	}
	for _, p := range st.Event.Players {
		if strings.EqualFold(p.Name, arg) {
			return p, nil
		}
	}
	return engine.Player{}, problem("没有叫「%s」的选手。请用序号或全名，输入 /standings 查看。", "There is no player called %q. Use their number or full name; see them with /standings.", arg)
}

// foul records a foul by a player in their game of the current round
// (R-G-3); the foul that reaches the event's limit loses the game, when
// its result is not in yet.
// penalty records a warning or penalty (§18.4): the player ranks last
// among those of equal score (R-T-7).
func penalty(c *Context) (Reply, error) {
	p, err := findPlayer(c.State, c.Args["player"])
	if err != nil {
		return Reply{}, err
	}
	chats, err := eventChats(c)
	if err != nil {
		return Reply{}, err
	}
	count := 0
	if _, err := c.Update(func(ch *storage.Change) error {
		if err := ch.Append(&action.PenaltyRecorded{Player: p.ID}); err != nil {
			return err
		}
		count = ch.State.Event.Players[p.ID-1].Penalties
		chats.announce(ch, T{"%s 受到处罚（第 %d 次）：同分时名列最后（R-T-7）。", "%s is penalised (%d so far): they rank last among equal scores (R-T-7)."}.In(c.Lang, p.Name, count))
		return nil
	}); err != nil {
		return Reply{}, err
	}
	return chats.reply(T{"已记录对 %s 的处罚（共 %d 次）。撤销：/undo 编号（/log 查看）。", "Recorded a penalty against %s (%d in all). Undo it with /undo N (see /log)."}.In(c.Lang, p.Name, count)), nil
}

func foul(c *Context) (Reply, error) {
	p, err := findPlayer(c.State, c.Args["player"])
	if err != nil {
		return Reply{}, err
	}
	ev := &c.State.Event
	round := currentRound(ev)
	if round == 0 {
		return Reply{}, noRounds()
	}
	chats, err := eventChats(c)
	if err != nil {
		return Reply{}, err
	}
	var count, limit int
	_, err = c.Update(func(ch *storage.Change) error {
		if err := ch.Append(&action.FoulRecorded{Round: round, Player: p.ID}); err != nil {
			return err
		}
		g, red, _ := gameOf(&ch.State.Event, round, p.ID)
		count, limit = g.BlackFouls, ch.State.Info.FoulLimit()
		loss := engine.RedWin
		if red {
			count, loss = g.RedFouls, engine.BlackWin
		}
		chats.announce(ch, T{"第 %d 轮第 %d 台：%s 犯规（本局第 %d 次，%d 次判负，R-G-3）。", "Round %d board %d: foul by %s (%d in this game; %d lose it, R-G-3)."}.
			In(c.Lang, round, g.Board, p.Name, count, limit))
		if count >= limit && !g.Result.Decided() && !g.Void {
			return chats.decide(ch, round, g.Board, loss, T{p.Name + " 犯规判负", p.Name + " lost by fouls"}, c.Lang)
		}
		return nil
	})
	if err != nil {
		return Reply{}, err
	}
	reply := T{"已记录 %s 的犯规（本局第 %d 次）。", "Recorded a foul by %s (%d in this game)."}.In(c.Lang, p.Name, count)
	if count >= limit {
		reply += T{"已达 %d 次。", " That is %d."}.In(c.Lang, limit)
	}
	return chats.reply(reply), nil
}

// gameOf is player's game in round, and whether they play red.
func gameOf(ev *engine.Event, round, player int) (engine.Game, bool, bool) {
	if round < 1 || round > len(ev.Rounds) {
		return engine.Game{}, false, false
	}
	for _, g := range ev.Rounds[round-1].Games {
		if g.Red == player || g.Black == player {
			return g, g.Red == player, true
		}
	}
	return engine.Game{}, false, false
}

// withdraw takes a player out after the last round they finished: a game
// of theirs still without a result in the current round goes to the
// opponent by forfeit (R-W-2, R-W-3). Before the start a player is removed
// instead (R-W-1).
func withdraw(c *Context) (Reply, error) {
	st := c.State
	p, err := findPlayer(st, c.Args["player"])
	if err != nil {
		return Reply{}, err
	}
	ev := &st.Event
	after := len(ev.Rounds)
	if g, _, ok := gameOf(ev, after, p.ID); ok && !g.Result.Decided() && !g.Void {
		after-- // they leave before playing it: the opponent wins by forfeit
	}
	chats, err := eventChats(c)
	if err != nil {
		return Reply{}, err
	}
	rule := T{"已赛成绩保留，之后各轮记负，不再编排（R-W-3）", "results so far stand; every later round counts as a forfeit loss and they are not paired again (R-W-3)"}
	switch {
	case len(ev.Rounds) == 0:
		rule = T{"第 1 轮之前退赛，不参加编排（R-W-1）", "before round 1: they are not paired (R-W-1)"}
	case roundRobin(ev.Settings.System):
		rule = T{"循环赛：未赛满一半则成绩全部取消，否则余下对局判对手胜（R-W-2）", "round robin: with fewer than half their games played all their results are struck out, else their remaining games go to the opponents (R-W-2)"}
	}
	when := T{"第 %d 轮后", "after round %d"}.In(c.Lang, after)
	if after == 0 {
		when = T{"未下第 1 轮", "before playing round 1"}.In(c.Lang)
	}
	if _, err := c.Update(func(ch *storage.Change) error {
		if err := ch.Append(&action.Withdrawn{Player: p.ID, After: after}); err != nil {
			return err
		}
		chats.announce(ch, T{"%s 退赛（%s）：%s。", "%s withdrew (%s): %s."}.In(c.Lang, p.Name, when, rule.In(c.Lang)))
		return nil
	}); err != nil {
		return Reply{}, err
	}
	return chats.reply(T{"已记录 %s 退赛（%s）。", "Recorded that %s withdrew (%s)."}.In(c.Lang, p.Name, when)), nil
}

// ---- undo, log, finish ----
