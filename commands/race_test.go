package commands

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/chat"
	"github.com/qisai/qisai/engine"
	"github.com/qisai/qisai/internal/pgtest"
	"github.com/qisai/qisai/internal/testchild"
	"github.com/qisai/qisai/storage"
)

// Both players of a board report at the same moment (R-G-1): whether a
// report is the first, a confirmation or a contradiction is decided on the
// state the update sees, so no confirmation is lost and every
// contradiction is announced as a dispute — with goroutines on one
// Service, and with two processes on one PostgreSQL database.

// raceGroup is the chat the race events are announced in.
var raceGroup = chat.Chat{Platform: "console", ID: "group"}

// raceUser is the user who plays player p.
func raceUser(p int) string { return "u" + strconv.Itoa(p) }

// newRaceEvent makes an event of 2·boards players with round 1 published,
// each player identified as raceUser and reading Chinese.
func newRaceEvent(t testing.TB, store *storage.Store, boards int) storage.EventID {
	t.Helper()
	org := action.Actor{Platform: "console", User: "org"}
	id, _, err := store.Create(context.Background(), org, "", func(ch *storage.Change) error {
		if err := ch.Append(&action.Created{Name: "并发赛", Settings: engine.DefaultSettings(5)}); err != nil {
			return err
		}
		for p := 1; p <= 2*boards; p++ {
			if err := ch.Append(&action.PlayerAdded{Name: fmt.Sprintf("选手%d", p), Rating: 3000 - p}); err != nil {
				return err
			}
		}
		if err := ch.Append(&action.Started{Numbering: engine.ByRating}); err != nil {
			return err
		}
		p, err := engine.Pair(&ch.State.Event)
		if err != nil {
			return err
		}
		if err := ch.Append(&action.RoundPublished{Pairing: p}); err != nil {
			return err
		}
		for p := 1; p <= 2*boards; p++ {
			ch.Identify(org.Platform, raceUser(p), ch.State.EntrantOf(p))
		}
		ch.Bind(raceGroup)
		ch.Grant(org.Platform, org.User, storage.Organiser)
		return nil
	})
	if err != nil {
		t.Fatalf("create the race event: %v", err)
	}
	return id
}

// racePlan is what the players of board b report: on even boards they
// agree (red won), on odd boards both say they won.
func racePlan(b int) (red, black string) {
	if b%2 == 0 {
		return "win", "loss"
	}
	return "win", "win"
}

// raceReport has the player of colour on board g report as planned, in
// their private chat.
func raceReport(svc *Service, g engine.Game, black bool, key string) Reply {
	red, blk := racePlan(g.Board)
	player, said := g.Red, red
	if black {
		player, said = g.Black, blk
	}
	u := raceUser(player)
	return svc.Handle(context.Background(), Request{
		Chat: chat.Private("console", u),
		User: User{ID: u, Name: u}, Locale: "zh", Text: "/report " + said, UpdateID: key,
	})
}

// raceBoard finds the board a note to the organiser is about: "第 1 轮第
// 3 台结果有争议…" (R-G-1).
var raceBoard = regexp.MustCompile(`^第 1 轮第 ([0-9]+) 台结果有争议`)

// raceStaff is the organiser's private chat, where disputes are told.
var raceStaff = chat.Private("console", "org")

// checkRace checks the outcome of every board and what the organiser was
// told.
func checkRace(t *testing.T, store *storage.Store, id storage.EventID) {
	t.Helper()
	ctx := context.Background()
	st, err := store.Load(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	announced := map[int][]string{} // by board: what the organiser was told
	for {
		ds, err := store.Claim(ctx, "race", 1000, time.Minute)
		if err != nil {
			t.Fatal(err)
		}
		if len(ds) == 0 {
			break
		}
		for _, d := range ds {
			if m := raceBoard.FindStringSubmatch(d.Message.Text); m != nil && d.Message.Chat == raceStaff {
				b, _ := strconv.Atoi(m[1])
				announced[b] = append(announced[b], d.Message.Text)
			}
			if err := store.MarkSent(ctx, d.ID); err != nil {
				t.Fatal(err)
			}
		}
	}
	lost, undisputed := 0, 0
	for _, g := range st.Event.Rounds[0].Games {
		gp, said := st.Underway(1, g.Board), strings.Join(announced[g.Board], " | ")
		if g.Board%2 == 0 {
			if g.Result != engine.RedWin {
				lost++
				t.Errorf("board %d: both reported red's win, the result is %v (a lost confirmation); the organiser was told %q", g.Board, g.Result, said)
			}
			continue
		}
		if g.Result.Decided() || gp.Dispute == nil || len(announced[g.Board]) != 1 {
			undisputed++
			t.Errorf("board %d: contradicting reports left result %v, dispute %v; the organiser was told %q, want the dispute once", g.Board, g.Result, gp.Dispute, said)
		}
	}
	if lost+undisputed > 0 {
		t.Logf("%d confirmations lost, %d contradictions not announced as disputes", lost, undisputed)
	}
}

// TestRaceReportsOneService: 400 goroutines on one Service, both players
// of 200 boards reporting at once.
func TestRaceReportsOneService(t *testing.T) {
	const boards = 200
	store, err := storage.Open(context.Background(), filepath.Join(t.TempDir(), "qisai.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	id := newRaceEvent(t, store, boards)
	st, err := store.Load(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	svc := New(store)
	start := make(chan struct{})
	var wg sync.WaitGroup
	for _, g := range st.Event.Rounds[0].Games {
		for _, black := range []bool{false, true} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-start
				key := fmt.Sprintf("race:%d:%v", g.Board, black)
				if r := raceReport(svc, g, black, key); strings.Contains(r.Text, "抱歉") {
					t.Errorf("board %d: %q", g.Board, r.Text)
				}
			}()
		}
	}
	close(start)
	wg.Wait()
	checkRace(t, store, id)
}

// The two-process race: this test binary again, as a child that reports
// for one colour on every board (raceChildEnv: "red" or "black").
const (
	raceChildEnv = "QISAI_COMMANDS_RACE_CHILD"
	raceDSNEnv   = "QISAI_COMMANDS_RACE_DSN"
	raceEventEnv = "QISAI_COMMANDS_RACE_EVENT"
)

// TestRaceChild is not a test of its own: it is the child process of
// TestRaceReportsTwoProcesses, and does nothing when run directly.
func TestRaceChild(t *testing.T) {
	colour := os.Getenv(raceChildEnv)
	if colour == "" {
		t.Skip("runs only as the child process of TestRaceReportsTwoProcesses")
	}
	ctx := context.Background()
	store, err := storage.Open(ctx, os.Getenv(raceDSNEnv))
	if err != nil {
		fmt.Println("error", err)
		os.Exit(3)
	}
	n, _ := strconv.ParseInt(os.Getenv(raceEventEnv), 10, 64)
	st, err := store.Load(ctx, storage.EventID(n))
	if err != nil {
		fmt.Println("error", err)
		os.Exit(3)
	}
	svc := New(store)
	out := bufio.NewWriter(os.Stdout)
	for _, g := range st.Event.Rounds[0].Games {
		r := raceReport(svc, g, colour == "black", fmt.Sprintf("race:%d:%s", g.Board, colour))
		if strings.Contains(r.Text, "抱歉") {
			fmt.Fprintln(out, "error board", g.Board, r.Text)
		}
	}
	fmt.Fprintln(out, "done")
	out.Flush()
	os.Exit(0)
}

// TestRaceReportsTwoProcesses: two processes on PostgreSQL, one for each
// player of 500 boards, reporting board after board at the same time.
func TestRaceReportsTwoProcesses(t *testing.T) {
	if testing.Short() {
		t.Skip("starts child processes; skipped with -short")
	}
	dsn := pgtest.Fresh(t)
	if dsn == "" {
		t.Skipf("no PostgreSQL server: set %s (scripts/test does)", pgtest.Env)
	}
	const boards = 500
	store, err := storage.Open(context.Background(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	id := newRaceEvent(t, store, boards)
	var wg sync.WaitGroup
	for _, colour := range []string{"red", "black"} {
		cmd, out := testchild.Start(t, "TestRaceChild", raceChildEnv+"="+colour, raceDSNEnv+"="+dsn, raceEventEnv+"="+strconv.FormatInt(int64(id), 10))
		wg.Add(1)
		go func() {
			defer wg.Done()
			testchild.Watch(t, colour, cmd, out)
		}()
	}
	wg.Wait()
	checkRace(t, store, id)
}
