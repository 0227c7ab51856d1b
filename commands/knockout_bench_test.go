package commands

// Speed of a staged event's commands (issue 11): a 512-player knockout
// with round 1 played, where every command draws the bracket again from
// the plan and replays the results (action.Progress). Run
//
//	go test ./commands -run XXX -bench Knockout512 -benchmem

import (
	"context"
	"fmt"
	"testing"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/engine"
	"github.com/qisai/qisai/storage"
)

// knockout512 is a harness whose event is a 512-player knockout, round 1
// published and decided (the stronger wins), built through the store.
func knockout512(b *testing.B) *harness {
	b.Helper()
	h := newHarness(b)
	org := action.Actor{Platform: h.group.Platform, User: "org"}
	id, _, err := h.store.Create(context.Background(), org, "", func(ch *storage.Change) error {
		plan := action.NewPlan(action.KnockoutStage)
		steps := []action.Action{&action.Created{Name: "大淘汰赛", Settings: engine.DefaultSettings(0)}, &action.PlanSet{Plan: &plan}}
		for i := range 512 {
			steps = append(steps, &action.PlayerAdded{Name: fmt.Sprintf("选手%03d", i+1), Rating: 2400 - i})
		}
		for _, a := range append(steps, &action.Started{}) {
			if err := ch.Append(a); err != nil {
				return err
			}
		}
		ch.Bind(h.group)
		ch.Grant(org.Platform, org.User, storage.Organiser)
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
	_, err = h.store.Update(context.Background(), id, org, "", func(ch *storage.Change) error {
		p, boards, err := ch.State.NextPairing()
		if err != nil {
			return err
		}
		if err := ch.Append(&action.RoundPublished{Pairing: p, Matches: boards}); err != nil {
			return err
		}
		for _, g := range p.Boards {
			if err := ch.Append(&action.ResultSet{Round: 1, Board: g.Number, Result: engine.RedWin}); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
	return h
}

func BenchmarkKnockout512(b *testing.B) {
	h := knockout512(b)
	for _, cmd := range []string{"/pair", "/bracket", "/standings"} {
		b.Run(cmd[1:], func(b *testing.B) {
			for b.Loop() {
				if r := h.say("org", cmd); r == "" {
					b.Fatalf("%s said nothing", cmd)
				}
			}
		})
	}
}
