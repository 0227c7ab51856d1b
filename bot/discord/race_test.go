package discord

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/qisai/qisai/engine"
	"github.com/qisai/qisai/internal/i18n"
)

// TestHandlerReportsAtOnce: both players of 25 boards report through the
// interactions endpoint at the same moment (R-G-1). On even boards they
// agree: the result is confirmed, never lost; on odd boards they
// contradict each other: the organiser is told of a dispute.
func TestHandlerReportsAtOnce(t *testing.T) {
	const boards = 25
	e := newEndpoint(t)
	players := e.playing(wang, 2*boards, func(i int) string { return fmt.Sprintf("棋手%02d", i) })

	st := e.state(t)
	users := e.users(t, players)
	user := func(player int) who { return users[player] }
	type report struct {
		board int
		body  string
	}
	var reports []report
	for _, g := range st.Event.Rounds[0].Games {
		black := "loss"
		if g.Board%2 == 1 {
			black = "win" // both say they won
		}
		reports = append(reports,
			report{g.Board, e.slash(user(g.Red), "report", "", "result", "win")},
			report{g.Board, e.slash(user(g.Black), "report", "", "result", black)})
	}
	firsts := make([]discordgo.InteractionResponse, len(reports))
	burst(len(reports), func(i int) {
		r := reports[i]
		status, resp := e.post(r.body, e.priv, time.Now())
		if status != http.StatusOK || resp.Data == nil || resp.Type != discordgo.InteractionResponseDeferredChannelMessageWithSource ||
			resp.Data.Flags&discordgo.MessageFlagsEphemeral == 0 {
			t.Errorf("board %d: status %d, response %+v; want a private deferral", r.board, status, resp)
		}
		firsts[i] = resp
	})
	e.handler.Wait()
	for i, r := range reports {
		// The reporter's own account, privately: the channel sees the
		// report in the round's message, not in a statement of its own.
		if a := e.answerOf(r.body, firsts[i]); a.Content() == "" || a.Content() == announced.In(i18n.Zh) {
			t.Errorf("board %d: response edited to %q, want the reporter's account", r.board, a.Content())
		}
	}
	// The channel's round message shows the boards (edited); it hears no
	// statement of its own for a report, and the organiser is told of
	// each dispute privately.
	if channel := e.heard(); len(channel) != 0 {
		t.Errorf("the channel heard %d statements for %d reports, want none:\n%s", len(channel), len(reports), strings.Join(channel, "\n"))
	}
	var staff []string
	for _, c := range e.out.await(t, 0) {
		if c.method == http.MethodPost && c.path == "/channels/DM-"+wang.id+"/messages" {
			staff = append(staff, c.body["content"].(string))
		}
	}

	st = e.state(t)
	for _, g := range st.Event.Rounds[0].Games {
		if g.Board%2 == 0 {
			if g.Result != engine.RedWin {
				t.Errorf("board %d: both reported red's win, the result is %v", g.Board, g.Result)
			}
			continue
		}
		disputed := 0
		for _, m := range staff {
			if strings.HasPrefix(m, fmt.Sprintf("第 1 轮第 %d 台结果有争议", g.Board)) {
				disputed++
			}
		}
		if gp := st.Underway(1, g.Board); g.Result.Decided() || gp.Dispute == nil || disputed != 1 {
			t.Errorf("board %d: contradicting reports left %v, dispute %v; the organiser heard of a dispute %d times, want once", g.Board, g.Result, gp.Dispute, disputed)
		}
	}
}
