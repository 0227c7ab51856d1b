package commands

import (
	"fmt"
	"strings"
	"testing"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/engine"
	"github.com/qisai/qisai/internal/i18n"
)

// TestEveryFormatWalksThroughItsInterface plays one event of every kind —
// a Swiss, a round robin, a knockout, groups into a knockout, a team round
// robin, a team knockout and 队员总分制 — from the start to /finish through
// the chat, and checks at each step what the event's format (action.Format and
// commands' format) answers: its kind, the parts of the rules it plays by,
// a pairing, standings, a crosstable, files and a page that say something,
// and that the event runs out of rounds where the format says it does.
func TestEveryFormatWalksThroughItsInterface(t *testing.T) {
	for _, tc := range []struct {
		name  string
		setup func(t *testing.T) *script
		kind  action.FormatKind
		// plays are the parts of the rules the format plays by; the
		// others it does not.
		plays []action.RulePart
		first action.Table
		// staged: a staged event pairs its play-offs in its rounds (R-T-8),
		// ranks its awards by its stages (R-F-6) and drops its stages when
		// the format becomes a Swiss or round robin again.
		staged bool
	}{
		{"swiss", individualScript("/event new 瑞士 积分编排 rounds 3", 6), action.IndividualFormat,
			[]action.RulePart{action.EventRules, action.RoundCount, action.GameScoring, action.SwissPairing, action.SwissTiebreaks, action.AbsenceRules, action.PlayerAwards}, action.StandingsTable, false},
		{"round robin", individualScript("/event new 循环 roundrobin", 4), action.IndividualFormat,
			[]action.RulePart{action.EventRules, action.RoundCount, action.GameScoring, action.SwissPairing, action.SwissTiebreaks, action.AbsenceRules, action.PlayerAwards}, action.StandingsTable, false},
		{"knockout", individualScript("/event new 杯赛 knockout", 6), action.StagedFormat,
			[]action.RulePart{action.EventRules, action.MatchRules, action.PlayerAwards}, action.RankingTable, true},
		{"groups", individualScript("/event new 分组 groups", 8), action.StagedFormat,
			[]action.RulePart{action.EventRules, action.GameScoring, action.MatchRules, action.PlayerAwards}, action.RankingTable, true},
		{"team round robin", func(t *testing.T) *script { return teamEventScript(t, 2, 0) }, action.TeamFormat,
			[]action.RulePart{action.EventRules, action.RoundCount, action.SwissPairing}, action.TeamStandingsTable, false},
		{"team knockout", func(t *testing.T) *script { return teamEventScript(t, 2, 0, "/event set format knockout") }, action.TeamStagedFormat,
			[]action.RulePart{action.EventRules}, action.RankingTable, true},
		{"player totals", func(t *testing.T) *script { return teamEventScript(t, 2, 0, "/event set 台次 队员总分制") }, action.TotalsFormat,
			[]action.RulePart{action.EventRules, action.RoundCount, action.GameScoring, action.SwissPairing, action.SwissTiebreaks, action.AbsenceRules, action.PlayerAwards}, action.StandingsTable, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := tc.setup(t)
			st := s.state()
			f := st.Format()
			if f.Kind() != tc.kind {
				t.Fatalf("kind %q, want %q", f.Kind(), tc.kind)
			}
			for part := action.EventRules; part <= action.PlayerAwards; part++ {
				want := false
				for _, p := range tc.plays {
					want = want || p == part
				}
				if f.PlaysBy(part) != want {
					t.Errorf("PlaysBy(%d) = %v, want %v", part, !want, want)
				}
			}
			if got := f.Tables()[0]; got != tc.first {
				t.Errorf("the ranking is the %s table, want %s", got, tc.first)
			}
			if got := f.PlaysOffInRounds(); got != tc.staged {
				t.Errorf("PlaysOffInRounds = %v, want %v (R-T-8)", got, tc.staged)
			}
			cf := formatOf(st)
			if got := cf.ranking(st) != nil; got != tc.staged {
				t.Errorf("a ranking beside the standings: %v, want %v (R-F-6)", got, tc.staged)
			}
			var set engine.Settings
			if _, stages := cf.reformat(&set).(*action.PlanSet); stages != tc.staged {
				t.Errorf("a change of format drops the stages: %v, want %v", stages, tc.staged)
			}
			if tc.staged && set.Rounds == 0 {
				t.Errorf("a staged event made a Swiss keeps no rounds: the stages had them")
			}
			rounds := 0
			for ; rounds < 12; rounds++ {
				pair := s.say("org", "/pair")
				if strings.Contains(pair, "/finish") && !strings.Contains(pair, "/publish") {
					break // every round is played: the format says so
				}
				must(t, pair, "/publish")
				s.say("org", "/publish")
				st = s.state()
				round := len(st.Event.Rounds)
				if round != rounds+1 {
					t.Fatalf("/publish: %d rounds published, want %d", round, rounds+1)
				}
				for _, b := range openBoards(st.Event.Rounds[round-1]) {
					s.say("org", fmt.Sprintf("/result %d 1-0", b))
				}
				st = s.state()
				if open := openBoards(st.Event.Rounds[round-1]); len(open) > 0 {
					t.Fatalf("round %d: boards %v still open after /result", round, open)
				}
				cf := formatOf(st)
				for what, text := range map[string]string{
					"pairings":  cf.pairings(st, round, i18n.Zh),
					"name":      cf.name(st, i18n.En),
					"standings": s.say("org", "/standings"),
					"table":     s.say("org", "/crosstable"),
				} {
					if strings.TrimSpace(text) == "" {
						t.Errorf("round %d: the format's %s say nothing", round, what)
					}
				}
				files, err := cf.files(st, i18n.En)
				if err != nil || len(files) == 0 {
					t.Errorf("round %d: files %d, %v", round, len(files), err)
				}
				if p := cf.page(st, i18n.Zh); len(p.Tables) == 0 {
					t.Errorf("round %d: the page shows no table", round)
				}
			}
			if rounds == 0 || rounds == 12 {
				t.Fatalf("%d rounds played: the format never ran out of rounds", rounds)
			}
			if n := f.Rounds(st); n > 0 && n != rounds {
				t.Errorf("the format plans %d rounds, %d were played", n, rounds)
			}
			must(t, s.say("org", "/finish"), "结束")
			if st := s.state(); st.Status != action.Finished {
				t.Errorf("status %s after /finish", st.Status)
			}
		})
	}
}

// individualScript is a started event created by create with n players.
func individualScript(create string, n int) func(t *testing.T) *script {
	return func(t *testing.T) *script {
		s := newScript(t)
		must(t, s.say("org", create), "已创建")
		s.pinSeed(1)
		for i := 1; i <= n; i++ {
			must(t, s.say("org", fmt.Sprintf("/player add P%d", i)), "P")
		}
		must(t, s.say("org", "/start"), "开赛")
		return s
	}
}
