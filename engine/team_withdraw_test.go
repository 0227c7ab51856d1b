package engine

import (
	"errors"
	"testing"
)

// rrTeams is a team round robin of n teams of two boards, red winning
// every board it plays.
func rrTeams(n int) *TeamEvent {
	s := DefaultTeamSettings(0, 2)
	s.Pairing.System = RoundRobin
	s.Ranking = TeamRoundRobinRanking
	return teamEvent(n, 2, s)
}

func playTeamsRedWins(t *testing.T, ev *TeamEvent, rounds int) {
	t.Helper()
	for range rounds {
		p, err := PairTeams(ev)
		if err != nil {
			t.Fatal(err)
		}
		if err := AddTeamRound(ev, p); err != nil {
			t.Fatal(err)
		}
		rd := &ev.Rounds[len(ev.Rounds)-1]
		for i := range rd.Matches {
			for b := range rd.Matches[i].Games {
				if g := &rd.Matches[i].Games[b]; g.Result == Pending {
					g.Result = RedWin
				}
			}
		}
	}
}

func standingOf(ev *TeamEvent, id int) TeamStanding {
	for _, r := range TeamStandings(ev) {
		if r.Team == id {
			return r
		}
	}
	return TeamStanding{}
}

// TestR_W_2_TeamStruckOut: a team that leaves a round robin of four after
// one match of three has all its matches struck out, the ones still to
// come too; they count for nobody.
func TestR_W_2_TeamStruckOut(t *testing.T) {
	ev := rrTeams(4)
	playTeamsRedWins(t, ev, 1)
	if err := WithdrawTeam(ev, 4, 1); err != nil {
		t.Fatal(err)
	}
	playTeamsRedWins(t, ev, 2)
	for r, rd := range ev.Rounds {
		for _, m := range rd.Matches {
			if (m.First == 4 || m.Second == 4) != m.Void {
				t.Errorf("round %d: %d v %d void %v", r+1, m.First, m.Second, m.Void)
			}
		}
	}
	if st := standingOf(ev, 4); st.MatchPoints != 0 || st.GamePoints != 0 {
		t.Errorf("team 4 after being struck out: %+v", st)
	}
	total := Points(0)
	for id := 1; id <= 3; id++ {
		total += standingOf(ev, id).MatchPoints
	}
	if total != Pts(2*3) { // three matches among teams 1–3, two match points each
		t.Errorf("teams 1–3 have %v match points in all, want 6: only their matches count", total)
	}
}

// TestR_W_2_TeamForfeits: a team that leaves after two matches of three
// keeps its results; its last match goes to the opponent by forfeit on
// every board (§21.4: "+" for a team).
func TestR_W_2_TeamForfeits(t *testing.T) {
	ev := rrTeams(4)
	playTeamsRedWins(t, ev, 2)
	if err := WithdrawTeam(ev, 4, 2); err != nil {
		t.Fatal(err)
	}
	playTeamsRedWins(t, ev, 1)
	for _, m := range ev.Rounds[2].Matches {
		if m.First != 4 && m.Second != 4 {
			continue
		}
		opp := m.First + m.Second - 4
		sc := ev.Score(m)
		if m.Void || sc.Winner != opp || sc.Played != 0 {
			t.Errorf("round 3 %d v %d: %+v void %v, want a forfeit win for team %d", m.First, m.Second, sc, m.Void, opp)
		}
		if r := sc.result(m); r != RedForfeitWin && r != BlackForfeitWin {
			t.Errorf("round 3: team-level result %v, want a forfeit", r)
		}
	}
	if _, err := PairTeams(ev); err == nil {
		t.Error("a fourth round of a round robin of four paired")
	}
}

// TestR_W_3_TeamSwiss: a team that leaves a Swiss is not paired again.
func TestR_W_3_TeamSwiss(t *testing.T) {
	ev := teamEvent(6, 2, DefaultTeamSettings(4, 2))
	playTeamsRedWins(t, ev, 1)
	if err := WithdrawTeam(ev, 2, 1); err != nil {
		t.Fatal(err)
	}
	playTeamsRedWins(t, ev, 1)
	rd := ev.Rounds[1]
	if len(rd.Matches) != 2 || len(rd.Byes) != 1 {
		t.Fatalf("round 2 of five teams: %d matches, byes %v", len(rd.Matches), rd.Byes)
	}
	for _, m := range rd.Matches {
		if m.First == 2 || m.Second == 2 {
			t.Errorf("team 2 paired after leaving: %+v", m)
		}
	}
	if rd.Byes[0] == 2 {
		t.Error("team 2 given a bye after leaving")
	}
}

// TestWithdrawTeamRefused: a team with a board played in a later round did
// not leave then (WithdrawHasResult).
func TestWithdrawTeamRefused(t *testing.T) {
	ev := rrTeams(4)
	playTeamsRedWins(t, ev, 2)
	var w *WithdrawalError
	if err := WithdrawTeam(ev, 1, 1); !errors.As(err, &w) || w.Reason != WithdrawHasResult || w.Round != 2 {
		t.Errorf("withdraw after round 1 with round 2 played: %v", err)
	}
	if err := WithdrawTeam(ev, 1, 0); !errors.As(err, &w) || w.Reason != WithdrawHasResult {
		t.Errorf("withdraw before round 1 with rounds played: %v", err)
	}
	if err := WithdrawTeam(ev, 9, 1); err == nil {
		t.Error("an unknown team withdrawn")
	}
}

// TestR_W_2_TeamLeavesItsGroup: in a staged event a team's round robin is
// its group, and R-W-2's half is of the group's matches (§20.3: "凡已赛对手
// 不足半数者"). Of eight teams, a team that played two matches of its group
// of four's three keeps them, though two is fewer than half of the seven a
// round robin of all eight would give it; one of three is struck out.
func TestR_W_2_TeamLeavesItsGroup(t *testing.T) {
	for _, c := range []struct {
		after  int
		struck bool
	}{{1, true}, {2, false}} {
		whole, group := rrTeams(8), rrTeams(8)
		playTeamsRedWins(t, whole, c.after)
		playTeamsRedWins(t, group, c.after)
		if err := WithdrawTeam(whole, 8, c.after); err != nil {
			t.Fatal(err)
		}
		if err := WithdrawGroupTeam(group, 8, c.after, 3); err != nil {
			t.Fatal(err)
		}
		if !whole.StruckOut(8) {
			t.Errorf("after %d of a round robin of eight: not struck out", c.after)
		}
		if got := group.StruckOut(8); got != c.struck {
			t.Errorf("after %d of a group's three matches: struck out %v, want %v", c.after, got, c.struck)
		}
		if st := standingOf(group, 8); !c.struck && st.GamePoints == 0 {
			t.Errorf("after %d of three: its results %+v, want them kept", c.after, st)
		}
	}
	if err := WithdrawGroupTeam(rrTeams(4), 1, 1, 0); err == nil {
		t.Error("a group of no matches taken")
	}
}
