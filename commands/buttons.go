package commands

import (
	"fmt"
	"strconv"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/chat"
	"github.com/qisai/qisai/internal/i18n"
	"github.com/qisai/qisai/storage"
)

// Buttons under the bot's private messages say what they answer: the
// event, the round and board of the game, and the action they answer (the
// report to confirm, the draw offer, the hidden colour), as
// "/confirm e12 r1 b3 a57". Pressed later — the round moved on, the
// result is in, the report was replaced — a button does nothing but say
// what happened instead, and the adapter removes it (Reply.Unbutton).

// ref is what a button answers.
type ref struct {
	event        storage.EventID
	round, board int
	seq          int64 // the action answered: Report.Seq, Offer.Seq, Guess.Seq
}

// answering is the button's command: cmd with what it answers, at most
// chat.MaxCommand bytes ("/guess choose black e123456 r12 b400 a1234567" is 45).
func (r ref) answering(cmd string) string {
	s := fmt.Sprintf("%s e%d r%d b%d a%d", cmd, r.event, r.round, r.board, r.seq)
	if len(s) > chat.MaxCommand {
		return cmd // too big to say (never, in practice): the bare command
	}
	return s
}

// refWord reads one word of a ref: the letter, then 1 to 18 digits.
func refWord(word string, letter byte) (int64, bool) {
	digits := word[min(1, len(word)):]
	if len(word) < 2 || word[0] != letter || len(digits) > 18 {
		return 0, false
	}
	for _, c := range []byte(digits) {
		if c < '0' || c > '9' {
			return 0, false
		}
	}
	n, err := strconv.ParseInt(digits, 10, 64)
	return n, err == nil
}

// takeRef splits a button's ref off the end of a command line's words:
// the last four are "eN rN bN aN". Typed lines have none.
func takeRef(words []string) (*ref, []string) {
	n := len(words)
	if n < 5 {
		return nil, words
	}
	var nums [4]int64
	for i, letter := range []byte("erba") {
		num, ok := refWord(words[n-4+i], letter)
		if !ok {
			return nil, words
		}
		nums[i] = num
	}
	r := &ref{event: storage.EventID(nums[0]), round: int(nums[1]), board: int(nums[2]), seq: nums[3]}
	return r, words[:n-4]
}

// button is a choice in a private message, labelled in the reader's
// language.
type button struct {
	label   i18n.T
	command string
}

// labelled is buttons labelled in lang.
func labelled(buttons []button, lang i18n.Lang) []chat.Button {
	var out []chat.Button
	for _, b := range buttons {
		out = append(out, chat.Button{Label: b.label.In(lang), Command: b.command})
	}
	return out
}

// tell sends each contact a private message in their language, with
// buttons.
func tell(ch *storage.Change, to []contact, t i18n.T, args []any, buttons ...button) {
	for _, ct := range to {
		ch.Send(chat.Message{Chat: ct.chat, Text: t.In(ct.lang, args...), Buttons: labelled(buttons, ct.lang)})
	}
}

// reportButtons are the buttons of a round's note: the player's result of
// the game r names, from their side (R-G-1), r answering the round's
// publication.
func reportButtons(r ref) []button {
	return []button{
		{i18n.T{Zh: "我胜", En: "I won"}, r.answering("/report win")},
		{i18n.T{Zh: "和棋", En: "Draw"}, r.answering("/report draw")},
		{i18n.T{Zh: "我负", En: "I lost"}, r.answering("/report loss")},
	}
}

// roundButtons are the buttons of a private note about round's game on
// board: to report its result, or (the reminder before the start) to
// check in (R-G-4); none when the round's publication is not known (a
// state saved before it was kept).
func roundButtons(st *action.State, event storage.EventID, round, board int, checkIn bool) []button {
	if st.Play.Round != round || st.Play.Seq == 0 {
		return nil
	}
	r := ref{event: event, round: round, board: board, seq: st.Play.Seq}
	if checkIn {
		return []button{{i18n.T{Zh: "签到", En: "Check in"}, r.answering("/here")}}
	}
	return reportButtons(r)
}

// pressedRound says, for a pressed button of a round's note, that the
// round it answers was published again (undone and published anew) since.
func (c *Context) pressedRound(st *action.State) error {
	if c.ref == nil || st.Play.Seq == 0 {
		return nil
	}
	return c.pressedAction(st.Play.Seq, i18n.T{Zh: "这一轮的对阵", En: "this round's pairing"})
}

// pressedGame says, for a pressed button, why it no longer applies to the
// game it answers, as st (the state the change sees) has it: the event is
// over, the round moved on, or the game's result is in (and who decided
// it). nil for a typed command, or when the game is still under way.
func (c *Context) pressedGame(st *action.State) error {
	r := c.ref
	switch {
	case r == nil:
		return nil
	case st.Status == action.Finished:
		return problem("这个按钮已失效：比赛已经结束。", "That button no longer applies: the event has finished.")
	case r.round != len(st.Event.Rounds):
		return problem("这个按钮已失效：它是第 %d 轮的，现在是第 %d 轮。用 /me 查看现在要做什么。",
			"That button no longer applies: it was for round %d, and round %d is under way. See what to do now with /me.", r.round, len(st.Event.Rounds))
	}
	g, ok := gameOn(&st.Event, r.round, r.board)
	if !ok || !g.Result.Decided() {
		return nil
	}
	line := gameLine(&st.Event, g, g.Result, c.Lang)
	by, err := c.decidedBy(r.round, r.board)
	if err != nil {
		return err
	}
	return problem("这个按钮已失效：结果已经确定（%s，由 %s 确定）。用 /me 查看现在要做什么。",
		"That button no longer applies: the result is in (%s, decided by %s). See what to do now with /me.", line, by)
}

// pressedAction says, for a pressed button, that the action it answers is
// no longer the one under way: seq is the one under way now (0: none).
func (c *Context) pressedAction(seq int64, now i18n.T) error {
	if c.ref == nil || c.ref.seq == seq {
		return nil
	}
	return problem("这个按钮已失效：它回应的%s已被取代或撤销。", "That button no longer applies: what it answered (%s) was replaced or undone.", now.In(c.Lang))
}

// decidedBy names who made the result of board in round final: the player
// who confirmed or agreed, the arbiter, or the bot's clock.
func (c *Context) decidedBy(round, board int) (string, error) {
	log, err := c.reads().Log(0, 0)
	if err != nil {
		return "", err
	}
	cancelled := action.Cancelled(log)
	for i := len(log) - 1; i >= 0; i-- {
		set, ok := log[i].Action.(action.Settling)
		if !ok || cancelled[log[i].Seq] {
			continue
		}
		if r, b := set.Settles(); r != round || b != board {
			continue
		}
		names, err := c.actorNames(log[i : i+1])
		if err != nil {
			return "", err
		}
		return actorName(log[i].Actor, names, c.Req.Chat.Platform, c.Lang), nil
	}
	return i18n.T{Zh: "裁判", En: "an arbiter"}.In(c.Lang), nil
}
