package commands

// Cost of a command late in a long event (issue 10, deliver 10): SQLite,
// 5,000 players, 14 rounds played and round 15 paired. Each sub-benchmark
// works on a fresh copy of one database file built once, so that what it
// times is the command on an event of that length, not the build. Run
//
//	go test ./commands -run XXX -bench Season -benchtime 200x
//
// (publish takes -benchtime 3x or so: each iteration copies the file with
// the timer stopped). Aims: report + confirm ≤ 5 ms a command, /me ≤ 2 ms,
// /log 10 ≤ 5 ms, /publish ≤ 1 s.

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/chat"
	"github.com/qisai/qisai/engine"
	"github.com/qisai/qisai/storage"
)

const seasonPlayers, seasonRounds = 5000, 15

// seasonUser is the user of player p in the season's event.
func seasonUser(p int) string { return fmt.Sprintf("s%d", p) }

// buildSeason writes to path an event of seasonPlayers players with
// seasonRounds-1 rounds played (1-0, 0-1 and 1/2 by board in turn) and the
// last round paired as a preview, followed by chat; player p is user
// seasonUser(p), the organiser "org".
func buildSeason(tb testing.TB, path string, chat chat.Chat) {
	tb.Helper()
	ctx := context.Background()
	store, err := storage.Open(ctx, path)
	if err != nil {
		tb.Fatal(err)
	}
	defer store.Close()
	org := action.Actor{Platform: chat.Platform, User: "org"}
	id, _, err := store.Create(ctx, org, "", func(ch *storage.Change) error {
		steps := []action.Action{&action.Created{Name: "长赛", Settings: engine.DefaultSettings(seasonRounds)}, &action.SignupOpened{}}
		for i := range seasonPlayers {
			steps = append(steps, &action.PlayerAdded{Name: fmt.Sprintf("选手%04d", i+1), Rating: 2400 - i/3})
		}
		for _, a := range append(steps, &action.Started{}) {
			if err := ch.Append(a); err != nil {
				return err
			}
		}
		for _, p := range ch.State.Event.Players {
			ch.Identify(chat.Platform, seasonUser(p.ID), p.Entrant)
		}
		ch.Bind(chat)
		ch.Grant(org.Platform, org.User, storage.Organiser)
		return nil
	})
	if err != nil {
		tb.Fatal(err)
	}
	for r := 1; r <= seasonRounds; r++ {
		_, err := store.Update(ctx, id, org, fmt.Sprintf("season:round:%d", r), func(ch *storage.Change) error {
			p, err := engine.Pair(&ch.State.Event)
			if err != nil {
				return err
			}
			if r == seasonRounds {
				return ch.Append(&action.PairingPreviewed{Pairing: p})
			}
			if err := ch.Append(&action.RoundPublished{Pairing: p}); err != nil {
				return err
			}
			for i, b := range p.Boards {
				res := engine.RedWin + engine.Result(i%3) // red wins, black wins, draws in turn
				if err := ch.Append(&action.ResultSet{Round: r, Board: b.Number, Result: res}); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			tb.Fatalf("round %d: %v", r, err)
		}
	}
}

// copyFile copies the database file from to a new file to.
func copyFile(tb testing.TB, from, to string) {
	tb.Helper()
	src, err := os.Open(from)
	if err != nil {
		tb.Fatal(err)
	}
	defer src.Close()
	dst, err := os.Create(to)
	if err != nil {
		tb.Fatal(err)
	}
	if _, err := io.Copy(dst, src); err != nil {
		tb.Fatal(err)
	}
	if err := dst.Close(); err != nil {
		tb.Fatal(err)
	}
}

// seasonService opens a fresh copy of the season's file.
func seasonService(tb testing.TB, built string) (*Service, *storage.Store) {
	tb.Helper()
	path := filepath.Join(tb.TempDir(), "copy.db")
	copyFile(tb, built, path)
	store, err := storage.Open(context.Background(), path)
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { store.Close() })
	return New(store), store
}

// seasonState loads the event chat follows.
func seasonState(tb testing.TB, store *storage.Store, chat chat.Chat) *action.State {
	tb.Helper()
	id, err := store.EventOf(context.Background(), chat)
	if err != nil {
		tb.Fatal(err)
	}
	st, err := store.Load(context.Background(), id)
	if err != nil {
		tb.Fatal(err)
	}
	return st
}

// seasonSay sends text as user in chat (a group's, or a private chat) and
// fails unless the reply holds want.
func seasonSay(tb testing.TB, svc *Service, chat chat.Chat, user, text, want string) {
	tb.Helper()
	r := svc.Handle(context.Background(), Request{
		Chat: chat, User: User{ID: user, Name: user}, Locale: "zh", Text: text,
		UpdateID: fmt.Sprintf("season:update:%d", benchUpdates.Add(1)),
	})
	if !strings.Contains(r.Text, want) {
		tb.Fatalf("%s %q: %q, want %q in it", user, text, r.Text, want)
	}
}

func BenchmarkSeason(b *testing.B) {
	group := chat.Chat{Platform: "console", ID: "season"}
	built := filepath.Join(b.TempDir(), "season.db")
	buildSeason(b, built, group)
	dm := func(p int) chat.Chat { return chat.Private("console", seasonUser(p)) }

	// published opens a copy with the last round published.
	published := func(b *testing.B) (*Service, *engine.Round) {
		svc, store := seasonService(b, built)
		seasonSay(b, svc, group, "org", "/publish", "轮已公布")
		return svc, &seasonState(b, store, group).Event.Rounds[seasonRounds-1]
	}

	b.Run("report+confirm", func(b *testing.B) {
		svc, rd := published(b)
		if b.N > len(rd.Games) {
			b.Skipf("%d iterations, only %d boards to report", b.N, len(rd.Games))
		}
		i := 0
		for b.Loop() {
			g := rd.Games[i]
			i++
			seasonSay(b, svc, dm(g.Red), seasonUser(g.Red), "/report win", "已报告")
			seasonSay(b, svc, dm(g.Black), seasonUser(g.Black), "/confirm", "已确认")
		}
		b.ReportMetric(float64(b.Elapsed().Microseconds())/1000/float64(2*i), "ms/command")
	})
	b.Run("me", func(b *testing.B) {
		svc, rd := published(b)
		i := 0
		for b.Loop() {
			g := rd.Games[i%len(rd.Games)]
			i++
			seasonSay(b, svc, dm(g.Red), seasonUser(g.Red), "/me", "积分")
		}
	})
	b.Run("log10", func(b *testing.B) {
		svc, _ := published(b)
		for b.Loop() {
			seasonSay(b, svc, group, "org", "/log 10", "最近 10 条")
		}
	})
	b.Run("publish", func(b *testing.B) {
		for b.Loop() {
			b.StopTimer()
			svc, _ := seasonService(b, built)
			b.StartTimer()
			seasonSay(b, svc, group, "org", "/publish", "轮已公布")
		}
	})
}
