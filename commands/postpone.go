package commands

import (
	"strconv"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/internal/i18n"
	"github.com/qisai/qisai/storage"
)

// Postponed games from the chat (补赛, R-E-3): an arbiter puts off a board
// of the current round (/postpone 3); the round completes without it, the
// next is paired with it pending when the organiser chooses (/pair
// 带补赛), and its result is entered when it is played (/result 3 1-0 2).

func postponeCommands() []*Command {
	return []*Command{{
		Name: "postpone", Aliases: []string{"补赛"}, Who: Staff,
		Args: []Arg{
			{Name: "board", Kind: Int, Form: boardNumber, Help: i18n.T{Zh: "台次", En: "the board"}},
			{Name: "round", Kind: Int, Optional: true, Form: roundNumber, Help: i18n.T{Zh: "轮次，不写则为当前轮", En: "the round; the current one if left out"}},
		},
		Help: i18n.T{Zh: "补赛：这一台改期再下，本轮不等它结束（R-E-3）", En: "postpone a board's game: the round completes without it (R-E-3)"},
		Run:  postpone,
	}}
}

func postpone(c *Context) (Reply, error) {
	round := currentRound(&c.State.Event)
	if s, ok := c.Args["round"]; ok {
		round, _ = strconv.Atoi(s)
	}
	board, _ := strconv.Atoi(c.Args["board"])
	chats, err := eventChats(c)
	if err != nil {
		return Reply{}, err
	}
	var said string
	_, err = c.Update(func(ch *storage.Change) error {
		if err := ch.Append(&action.GamePostponed{Round: round, Board: board}); err != nil {
			return err
		}
		ev := &ch.State.Event
		g, _ := gameOn(ev, round, board)
		said = i18n.T{Zh: "第 %d 轮第 %d 台 %s—%s 改为补赛（R-E-3），本轮不等它结束；结果下完后用 /result %d 结果 %d 录入。",
			En: "Round %d board %d, %s v %s, is postponed (R-E-3): the round completes without it; enter its result once played with /result %d RESULT %d."}.
			In(chats.lang, round, board, playerName(ev, g.Red), playerName(ev, g.Black), board, round)
		chats.announce(ch, said)
		if round == len(ev.Rounds) && len(openBoards(ev.Rounds[round-1])) == 0 {
			// It was the last game the round waited for.
			if f, ok := formatOf(ch.State).(individualFormat); ok {
				f.roundComplete(chats, ch, round)
			}
		}
		return nil
	})
	if err != nil {
		return Reply{}, err
	}
	return chats.reply(said), nil
}
