package commands

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/chat"
	"github.com/qisai/qisai/engine"
	"github.com/qisai/qisai/storage"
)

// The event a line in a player's private chat is about, for a player of
// a long season: benchFinished finished events and one running. Run
//
//	go test ./commands -run XXX -bench PrivateEvent -benchmem
//
// The lookup reads the player's unfinished events, not every event they
// ever played; a line that names a finished one reads its name too.
const benchFinished = 200

// buildPlayerSeason makes benchFinished finished events and then one
// running event, each with two players of a round played, the first of
// them user "u"; it returns the service and the running event.
func buildPlayerSeason(b *testing.B) (*Service, storage.EventID) {
	b.Helper()
	ctx := context.Background()
	store, err := storage.Open(ctx, filepath.Join(b.TempDir(), "qisai.db"))
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { store.Close() })
	org := action.Actor{Platform: "console", User: "org"}
	var last storage.EventID
	for e := range benchFinished + 1 {
		id, _, err := store.Create(ctx, org, "", func(ch *storage.Change) error {
			for _, a := range []action.Action{&action.Created{Name: fmt.Sprintf("周赛%03d", e+1), Settings: engine.DefaultSettings(1)},
				&action.PlayerAdded{Name: "王五"}, &action.PlayerAdded{Name: "赵六"}, &action.Started{}} {
				if err := ch.Append(a); err != nil {
					return err
				}
			}
			p, err := engine.Pair(&ch.State.Event)
			if err != nil {
				return err
			}
			acts := []action.Action{&action.RoundPublished{Pairing: p}, &action.ResultSet{Round: 1, Board: 1, Result: engine.RedWin}}
			if e < benchFinished {
				acts = append(acts, &action.EventFinished{})
			}
			for _, a := range acts {
				if err := ch.Append(a); err != nil {
					return err
				}
			}
			ch.Identify("console", "u", ch.State.Event.Players[0].Entrant)
			ch.Bind(chat.Chat{Platform: "console", ID: fmt.Sprintf("group%d", e)})
			return nil
		})
		if err != nil {
			b.Fatal(err)
		}
		last = id
	}
	return New(store), last
}

func BenchmarkPrivateEvent(b *testing.B) {
	svc, running := buildPlayerSeason(b)
	ctx := context.Background()
	dm := chat.Private("console", "u")
	for _, bc := range []struct {
		name, named string
		want        storage.EventID
	}{
		{"running", "", running},
		{"named-finished", "周赛007", 7},
	} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				id, _, err := svc.findEvent(ctx, eventQuery{chat: dm, user: "u", named: bc.named, asPlayer: true})
				if err != nil || id != bc.want {
					b.Fatalf("findEvent = %d, %v; want event %d", id, err, bc.want)
				}
			}
		})
	}
}
