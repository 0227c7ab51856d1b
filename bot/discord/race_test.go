package discord

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/qisai/qisai/engine"
	"github.com/qisai/qisai/storage"
)

// TestHandlerReportsAtOnce: both players of 25 boards report through the
// interactions endpoint at the same moment (R-G-1). On even boards they
// agree: the result is confirmed, never lost; on odd boards they
// contradict each other: the channel is told of a dispute.
func TestHandlerReportsAtOnce(t *testing.T) {
	const boards = 25
	e := newEndpoint(t)
	e.send(e.slash(wang, "event", "new", "name", "并发赛"))
	e.send(e.slash(wang, "signup", "", "state", "open"))
	players := make([]who, 2*boards)
	for i := range players {
		players[i] = who{id: fmt.Sprint(5000 + i), name: fmt.Sprintf("棋手%02d", i)}
		e.send(e.slash(players[i], "join", "", "name", players[i].name))
	}
	e.send(e.slash(wang, "start", ""))
	e.send(e.slash(wang, "pair", ""))
	e.send(e.slash(wang, "publish", ""))

	ctx := context.Background()
	id, err := e.store.EventOf(ctx, storage.Chat{Platform: Platform, ID: "C1"})
	if err != nil {
		t.Fatal(err)
	}
	user := func(player int) who {
		for _, p := range players {
			if n, err := e.store.PlayerOf(ctx, id, Platform, p.id); err == nil && n == player {
				return p
			}
		}
		t.Fatalf("no user plays player %d", player)
		return who{}
	}
	st, err := e.store.Load(ctx, id)
	if err != nil {
		t.Fatal(err)
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
	heard := make([][]string, boards+1) // by board: what the channel was answered
	var mu sync.Mutex
	var wg sync.WaitGroup
	start := make(chan struct{})
	for _, r := range reports {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			status, resp := e.post(r.body, e.priv, time.Now())
			if status != http.StatusOK || resp.Data == nil || resp.Type != discordgo.InteractionResponseChannelMessageWithSource {
				t.Errorf("board %d: status %d, response %+v", r.board, status, resp)
				return
			}
			mu.Lock()
			heard[r.board] = append(heard[r.board], resp.Data.Content)
			mu.Unlock()
		}()
	}
	close(start)
	wg.Wait()

	st, err = e.store.Load(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range st.Event.Rounds[0].Games {
		said := strings.Join(heard[g.Board], " | ")
		if g.Board%2 == 0 {
			if g.Result != engine.RedWin {
				t.Errorf("board %d: both reported red's win, the result is %v; the channel heard %q", g.Board, g.Result, said)
			}
			continue
		}
		if gp := st.Underway(1, g.Board); g.Result.Decided() || gp.Dispute == nil || !strings.Contains(said, "结果有争议") {
			t.Errorf("board %d: contradicting reports left %v, dispute %v; the channel heard %q", g.Board, g.Result, gp.Dispute, said)
		}
	}
}
