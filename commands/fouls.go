package commands

import (
	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/engine"
	"github.com/qisai/qisai/internal/i18n"
	"github.com/qisai/qisai/storage"
)

// Fouls (R-G-3) and penalties (R-T-7) the arbiters record.

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
		chats.announce(ch, i18n.T{Zh: "%s 受到处罚（第 %d 次）：同分时名列最后（R-T-7）。", En: "%s is penalised (%d so far): they rank last among equal scores (R-T-7)."}.In(chats.lang, p.Name, count))
		return nil
	}); err != nil {
		return Reply{}, err
	}
	return chats.reply(i18n.T{Zh: "已记录对 %s 的处罚（共 %d 次）。撤销：/undo 编号（/log 查看）。", En: "Recorded a penalty against %s (%d in all). Undo it with /undo N (see /log)."}.In(c.Lang, p.Name, count)), nil
}

// lostByFouls says, after a foul's announcement, that it lost the game
// (R-G-3): the round's message shows the result.
var lostByFouls = i18n.T{Zh: "%s 犯规判负。", En: " %s loses the game by fouls."}

func foul(c *Context) (Reply, error) {
	p, err := findPlayer(c.State, c.Args["player"])
	if err != nil {
		return Reply{}, err
	}
	ev := &c.State.Event
	round := currentRound(ev)
	if round == 0 {
		return Reply{}, noRounds(c.State)
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
		said := i18n.T{Zh: "第 %d 轮第 %d 台：%s 犯规（本局第 %d 次，%d 次判负，R-G-3）。", En: "Round %d board %d: foul by %s (%d in this game; %d lose it, R-G-3)."}.
			In(chats.lang, round, g.Board, p.Name, count, limit)
		lost := count >= limit && !g.Result.Decided() && !g.Void
		if lost {
			said += lostByFouls.In(chats.lang, p.Name)
		}
		chats.announce(ch, said)
		if lost {
			return chats.decide(ch, round, g.Board, loss, i18n.T{Zh: p.Name + " 犯规判负", En: p.Name + " lost by fouls"})
		}
		return nil
	})
	if err != nil {
		return Reply{}, err
	}
	reply := i18n.T{Zh: "已记录 %s 的犯规（本局第 %d 次）。", En: "Recorded a foul by %s (%d in this game)."}.In(c.Lang, p.Name, count)
	if count >= limit {
		reply += i18n.T{Zh: "已达 %d 次。", En: " That is %d."}.In(c.Lang, limit)
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
