package commands

import (
	"fmt"
	"strings"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/chat"
	"github.com/qisai/qisai/internal/i18n"
	"github.com/qisai/qisai/sheet"
	"github.com/qisai/qisai/storage"
)

// A round in the event's chats is one message that lives (chat.Live): its
// boards, published, then edited in place as the results come in, a board
// awaiting its opponent's confirmation or disputed marked so (R-G-1).
// Questions go to the players they concern, privately. A group's budget
// (Telegram: about 20 messages a minute) goes to what is new: the round,
// and the message that says it is complete, with the standings.

// roundKey names round's live message in the event's chats.
func roundKey(event storage.EventID, round int) string {
	return fmt.Sprintf("round:%d:%d", event, round)
}

// standingsKey names the standings a correction of a complete round shows
// (corrected): one message for the corrections made before the next round
// is paired, the rounds being rounds.
func standingsKey(event storage.EventID, rounds int) string {
	return fmt.Sprintf("corrected:%d:%d", event, rounds)
}

// corrected announces a correction of a complete round, its line and the
// standings it changes, as one message that the corrections after it edit
// in place until the next round: corrections in a row re-post the
// standings once, not once each (the round's own message shows every
// corrected result).
func (v *voice) corrected(ch *storage.Change, said, standings string) {
	text := said + "\n\n" + i18n.T{Zh: "成绩更正，排名随之更新：", En: "A corrected result: the standings now read"}.In(v.lang) + "\n" + standings
	live := &chat.Live{Key: standingsKey(ch.Event(), len(ch.State.Event.Rounds)), Attach: true}
	for _, to := range v.all() {
		ch.Send(chat.Message{Chat: to, Text: text, Live: live})
	}
}

// liveRound gives every chat of the event round's message as it reads in
// ch: at publication its first version, later the text it is edited to.
// pictures says the round's pictures go along (illustrate): without them,
// a round too big for one message has its table follow as a file.
func (v *voice) liveRound(ch *storage.Change, round int, pictures bool) error {
	text, err := formatOf(ch.State).live(ch, round, v.lang)
	if err != nil {
		return err
	}
	buttons, err := v.liveButtons(ch)
	if err != nil {
		return err
	}
	live := &chat.Live{Key: roundKey(ch.Event(), round), Brief: roundBrief(ch.State, round, v.lang), Attach: !pictures}
	for _, to := range v.all() {
		ch.Send(chat.Message{Chat: to, Text: text, Buttons: buttons, Live: live})
	}
	return nil
}

// refreshRound edits round's message to what it reads now, where the
// round was published: the results in, the boards awaiting.
func (v *voice) refreshRound(ch *storage.Change, round int) error {
	if round < 1 || round > len(ch.State.Event.Rounds) {
		return nil
	}
	return v.liveRound(ch, round, v.pictures(ch))
}

// playersRound is round's message in an event whose players are paired
// (not teams): the table, notes under it (what a staged event's boards
// play), and its terms (R-G-4, R-G-5) as at ch's time.
func playersRound(ch *storage.Change, round int, notes func(st *action.State, round int, lang i18n.Lang) string, lang i18n.Lang) (string, error) {
	ids, err := ch.Identities()
	if err != nil {
		return "", err
	}
	st := ch.State
	text := pairingTable(st, round, lang)
	if notes != nil {
		text += notes(st, round, lang)
	}
	return text + roundTerms(st, ch.At(), lang) + unlinkedTerm(st, round, ids, lang), nil
}

// maxNamedBoards is how many boards a big round's brief names in a list.
const maxNamedBoards = 20

// roundBrief is what a round's message shows where its table does not
// fit one message: the title, how many boards have their result, which
// await a confirmation or an arbiter, and which are still being played
// once few are.
func roundBrief(st *action.State, round int, lang i18n.Lang) string {
	if round < 1 || round > len(st.Event.Rounds) {
		return ""
	}
	var done, open, awaiting, disputed []int
	for _, g := range st.Event.Rounds[round-1].Games {
		switch {
		case g.Void || g.Postponed:
		case g.Result.Decided():
			done = append(done, g.Board)
		case reportedAt(st, round, g.Board) == sheet.Awaiting:
			awaiting = append(awaiting, g.Board)
		case reportedAt(st, round, g.Board) == sheet.Disputed:
			disputed = append(disputed, g.Board)
		default:
			open = append(open, g.Board)
		}
	}
	total := len(done) + len(open) + len(awaiting) + len(disputed)
	lines := []string{
		sheet.Pairings(sheetOf(st), round, lang).Title,
		i18n.T{Zh: "共 %d 台，已有结果 %d 台。", En: "%d boards, %d with a result."}.In(lang, total, len(done)),
	}
	boards := func(what i18n.T, bs []int) {
		if len(bs) == 0 {
			return
		}
		named := joinInts(bs[:min(len(bs), maxNamedBoards)], lang)
		if len(bs) > maxNamedBoards {
			named += i18n.T{Zh: " 等", En: " and more"}.In(lang)
		}
		lines = append(lines, what.In(lang, len(bs), named))
	}
	boards(i18n.T{Zh: "待确认 %d 台：第 %s 台", En: "Awaiting confirmation, %d: boards %s"}, awaiting)
	boards(i18n.T{Zh: "有争议 %d 台，由裁判裁决：第 %s 台", En: "Disputed, %d, for an arbiter: boards %s"}, disputed)
	if len(open) <= maxNamedBoards {
		boards(i18n.T{Zh: "未出结果 %d 台：第 %s 台", En: "Still playing, %d: boards %s"}, open)
	}
	lines = append(lines, i18n.T{Zh: "对阵表太长，这里只显示进度；全表见图片或附件。", En: "The table is too long for one message: this shows the progress; the full table is in the pictures or the file."}.In(lang))
	return strings.Join(lines, "\n")
}
