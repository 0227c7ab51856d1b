package action

import (
	"slices"

	"github.com/qisai/qisai/engine"
)

// Groups of teams (§11.3: "分成若干组循环初赛,从各组选出一定人(队)数进行决赛";
// R-F-3, R-F-6, R-F-7): a team staged event's groups, its round-robin final
// and its finals by place are fields of teams (engine.Field.OfTeams). Each
// board of their rounds is a team match, paired by the Berger tables,
// published with its line-ups and reported as a team event's; the field
// ranks its teams by the team standings of a round robin (R-T-4: 场分, 局分,
// 胜局, 直胜, 犯规), and a tie for a place that may not be shared — a
// qualifying place, the champion of a round-robin final — that the whole
// chain leaves is settled as R-T-8 says (settleField): two teams, where
// the team chain plays a blitz board, as the organiser chooses — a play-off
// on a blitz board of their first boards (BoardOf.Playoff), or lots — and
// more teams, or a chain without one, by lots drawn from the event's seed.

// replayTeamFields makes run's fields fields of teams and plays the team
// matches of stage i into them, round by round: each group's matches with
// their boards as played, and its byes.
func (st *State) replayTeamFields(i int, run *StageRun) {
	if len(run.Fields) == 0 {
		return
	}
	ev := st.TeamEvent()
	rules := st.Teams.Rules.Settings(fieldSettings(st, RoundRobinStage, 0))
	for _, f := range run.Fields {
		f.OfTeams(ev, rules)
	}
	for r, boards := range st.Stages.Rounds {
		if r >= len(ev.Rounds) || r >= len(st.Teams.Rounds) {
			break
		}
		matches := map[int][]engine.TeamMatch{}
		byes := map[int][]int{}
		for _, b := range boards {
			if b.Stage != i || b.Group < 1 || b.Group > len(run.Fields) || b.Playoff > 0 {
				continue // a play-off's blitz board settles a tie (settleField), in no round
			}
			if b.Board == 0 {
				byes[b.Group] = append(byes[b.Group], b.Bye)
				continue
			}
			if k := slices.IndexFunc(st.Teams.Rounds[r].Matches, func(m MatchOf) bool { return m.Number == b.Board }); k >= 0 {
				matches[b.Group] = append(matches[b.Group], ev.Rounds[r].Matches[k])
			}
		}
		for g, f := range run.Fields {
			if ms, bs := matches[g+1], byes[g+1]; len(ms) > 0 || len(bs) > 0 {
				f.AddTeamRound(ms, bs)
			}
		}
	}
}

// TeamPairing are the pairing settings a team event's teams are scored and
// ranked under (TeamRules.Settings): its own, or a staged event's as a
// round robin — its groups and round-robin stages are round robins, ranked
// by R-T-4 unless the organiser chose a chain, and its brackets rank by
// themselves.
func (st *State) TeamPairing() engine.Settings {
	s := st.Event.Settings
	if st.Stages != nil {
		s.System = engine.RoundRobin
	}
	return s
}

// playoffSides read the two sides of a play-off game on board b of round
// r+1 (playoffGames): its players, or in a team event the teams of its
// blitz board's match, the first red (R-C-2).
func (st *State) playoffSides(r int, b BoardOf) (red, black func(engine.Game) int) {
	if st.Teams == nil || r >= len(st.Teams.Rounds) {
		return func(g engine.Game) int { return g.Red }, func(g engine.Game) int { return g.Black }
	}
	var m MatchOf
	if k := slices.IndexFunc(st.Teams.Rounds[r].Matches, func(m MatchOf) bool { return m.Number == b.Board }); k >= 0 {
		m = st.Teams.Rounds[r].Matches[k]
	}
	return func(engine.Game) int { return m.First }, func(engine.Game) int { return m.Second }
}

// entrantName names a staged event's entrant: a team, or a player.
func (st *State) entrantName(id int) string {
	if st.Teams != nil && id >= 1 && id <= len(st.Teams.Teams) {
		return st.Teams.Teams[id-1].Name
	}
	return playerName(st, id)
}

// groupMatches is the number of matches team id's group gives it in the
// stage being played, when that stage is of round-robin groups (R-F-3): the
// round robin R-W-2's half is of (§20.3); 0 when the team plays no group.
func (st *State) groupMatches(id int) int {
	p := st.Progress()
	if p == nil || len(p.Stages) == 0 || p.Current().Bracket != nil {
		return 0
	}
	for _, f := range p.Current().Fields {
		if slices.Contains(f.Entrants, id) {
			cycles := 1
			if f.Event.Settings.System == engine.DoubleRoundRobin {
				cycles = 2
			}
			return (len(f.Entrants) - 1) * cycles
		}
	}
	return 0
}
