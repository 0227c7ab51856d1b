package commands

// Speed of a team event's commands (issue 13): a 200-team Swiss of six
// boards (1,200 players), round 1 published under 分台定人, where each
// board's report and its confirmation score its match from the log's teams
// and line-ups (action.State.MatchScore), and /standings builds the whole
// team event again (action.State.TeamEvent).
// Run
//
//	go test ./commands -run XXX -bench TeamSwiss200 -benchmem

import (
	"context"
	"fmt"
	"testing"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/engine"
	"github.com/qisai/qisai/storage"
)

// teamSwiss200 is a harness whose event is a 200-team, 6-board Swiss with
// round 1 published, every player linked to console user "p<entrant>".
func teamSwiss200(b *testing.B) *harness {
	b.Helper()
	h := newHarness(b)
	org := action.Actor{Platform: h.group.Platform, User: "org"}
	_, _, err := h.store.Create(context.Background(), org, "", func(ch *storage.Change) error {
		rules := action.NewTeamRules(6)
		if err := ch.Append(&action.Created{Name: "大团体赛", Settings: engine.DefaultSettings(9)}); err != nil {
			return err
		}
		if err := ch.Append(&action.TeamRulesSet{Rules: &rules}); err != nil {
			return err
		}
		for k := range 200 {
			var members []int
			for j := range 6 {
				if err := ch.Append(&action.PlayerAdded{Name: fmt.Sprintf("队%03d-%d", k+1, j+1), Rating: 2400 - k - 10*j}); err != nil {
					return err
				}
				p := ch.State.Event.Players[len(ch.State.Event.Players)-1]
				members = append(members, p.Entrant)
				ch.Identify(h.group.Platform, fmt.Sprint("p", p.Entrant), p.Entrant)
			}
			if err := ch.Append(&action.TeamRegistered{Name: fmt.Sprintf("队%03d", k+1), Members: members}); err != nil {
				return err
			}
		}
		if err := ch.Append(&action.Started{}); err != nil {
			return err
		}
		p, err := engine.PairTeams(ch.State.TeamEvent())
		if err != nil {
			return err
		}
		if err := ch.Append(&action.TeamRoundPublished{Pairing: p}); err != nil {
			return err
		}
		ch.Bind(h.group)
		ch.Grant(org.Platform, org.User, storage.Organiser)
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
	return h
}

// BenchmarkTeamSwiss200: report+confirm is one board's report by its red
// player and the black player's confirmation, the next board each time;
// standings and pairings are /standings and /pairings on round 1.
func BenchmarkTeamSwiss200(b *testing.B) {
	b.Run("report+confirm", func(b *testing.B) {
		h := teamSwiss200(b)
		next := 0
		for b.Loop() {
			st := h.state()
			games := st.Event.Rounds[0].Games
			if next == len(games) {
				b.StopTimer()
				h, next = teamSwiss200(b), 0
				st = h.state()
				games = st.Event.Rounds[0].Games
				b.StartTimer()
			}
			g := games[next]
			next++
			red, black := fmt.Sprint("p", st.EntrantOf(g.Red)), fmt.Sprint("p", st.EntrantOf(g.Black))
			if r := h.say(red, "/report win"); r == "" {
				b.Fatal("the report said nothing")
			}
			if r := h.dm(black, "/confirm"); r == "" {
				b.Fatal("the confirmation said nothing")
			}
		}
	})
	h := teamSwiss200(b)
	for _, cmd := range []string{"/standings", "/pairings"} {
		b.Run(cmd[1:], func(b *testing.B) {
			for b.Loop() {
				if r := h.say("org", cmd); r == "" {
					b.Fatalf("%s said nothing", cmd)
				}
			}
		})
	}
}
