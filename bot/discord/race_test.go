package discord

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/qisai/qisai/chat"
	"github.com/qisai/qisai/engine"
	"github.com/qisai/qisai/internal/i18n"
)

// TestHandlerReportsAtOnce: both players of 25 boards report through the
// interactions endpoint at the same moment (R-G-1). On even boards they
// agree: the result is confirmed, never lost; on odd boards they
// contradict each other: the channel is told of a dispute.
func TestHandlerReportsAtOnce(t *testing.T) {
	const boards = 25
	e := newEndpoint(t)
	players := e.playing(wang, 2*boards, func(i int) string { return fmt.Sprintf("棋手%02d", i) })

	ctx := context.Background()
	id, err := e.store.EventOf(ctx, chat.Chat{Platform: Platform, ID: "C1"})
	if err != nil {
		t.Fatal(err)
	}
	st, err := e.store.Load(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	user := func(player int) who {
		for _, p := range players {
			if n, err := e.store.PlayerOf(ctx, id, Platform, p.id); err == nil && n == st.EntrantOf(player) {
				return p
			}
		}
		t.Fatalf("no user plays player %d", player)
		return who{}
	}
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
		// The statement is the outbox's (stored with the change); the
		// response acknowledges it privately.
		if a := e.answerOf(r.body, firsts[i]); a.Content() != announced.In(i18n.Zh) {
			t.Errorf("board %d: response edited to %q, want the private acknowledgement", r.board, a.Content())
		}
	}
	channel := e.heard() // what the channel was told
	if len(channel) != len(reports) {
		t.Errorf("the channel heard %d statements for %d reports, want one each:\n%s", len(channel), len(reports), strings.Join(channel, "\n"))
	}

	st, err = e.store.Load(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range st.Event.Rounds[0].Games {
		if g.Board%2 == 0 {
			if g.Result != engine.RedWin {
				t.Errorf("board %d: both reported red's win, the result is %v", g.Board, g.Result)
			}
			continue
		}
		disputed := 0
		for _, m := range channel {
			if strings.HasPrefix(m, fmt.Sprintf("第%d台 结果有争议", g.Board)) {
				disputed++
			}
		}
		if gp := st.Underway(1, g.Board); g.Result.Decided() || gp.Dispute == nil || disputed != 1 {
			t.Errorf("board %d: contradicting reports left %v, dispute %v; the channel heard of a dispute %d times, want once", g.Board, g.Result, gp.Dispute, disputed)
		}
	}
}
