package action

import (
	"slices"

	"github.com/qisai/qisai/engine"
)

// A team knockout (§11.1: "人(队)…可酌情采用单淘汰制、双淘汰制"): a staged
// event whose entrants are teams — a knockout or a double elimination —
// each bracket match one team match on the boards, paired, published with
// its line-ups (the seeds' board-order rules, R-TM-1) and reported as a
// team event's. A match level in game points goes down the event's chain
// (TeamRules.KnockoutTie: 胜台数, 局分, the boards from the top), then plays
// a blitz board — the teams' first boards of the level match — and then
// draws lots (engine.TeamKnockoutFormat).

// KnockoutChain is the chain that settles a level team match in a bracket.
func (r TeamRules) KnockoutChain() []engine.TeamTieRule {
	if len(r.KnockoutTie) == 0 {
		return engine.DefaultTeamTie
	}
	return r.KnockoutTie
}

// teamStages reports whether a plan's stages may be played by teams: any
// but a Swiss stage (a Swiss of teams is a team Swiss event, R-T-5).
func (p Plan) teamStages() bool { return !p.Has(SwissStage) }

// teamPlanRefused says why a plan and a team event do not go together, nil
// when they do.
func teamPlanRefused(p *Plan, r TeamRules) *Refusal {
	switch {
	case p == nil:
		return nil
	case r.Totalled():
		return refuse(Conflict, "队员总分制的选手下个人赛，不能分阶段：请先改台次规则", "under player totals the players play an individual event, which has no stages: change the board order rule first")
	case !p.teamStages():
		return refuse(Conflict, "团体赛的阶段可以是淘汰赛、双淘汰、分组循环、循环赛或同名次决赛；积分编排请用团体积分编排赛：/event set format swiss", "a team event's stages may be knockouts, a double elimination, groups, a round robin or finals by place; for a Swiss of teams make it a team Swiss: /event set format swiss")
	}
	return nil
}

// stagePlayers are a staged event's entrants as players: its players, or
// in a team event its teams (their sequence numbers, names and the mean
// rating of their regulars, R-SW-1).
func (st *State) stagePlayers() []engine.Player {
	if st.Teams == nil {
		return st.Event.Players
	}
	ps := st.teamBase().TeamLevel().Players
	for i, t := range st.Teams.Teams {
		ps[i].WithdrawnAfter = t.WithdrawnAfter
	}
	return ps
}

// stageMatch is how a staged event's bracket matches are played: the
// plan's match format, or a team match with its chain.
func (st *State) stageMatch() engine.MatchFormat {
	if st.Teams == nil {
		return st.Stages.Plan.Match
	}
	return engine.TeamKnockoutFormat(st.Teams.Rules.KnockoutChain())
}

// replayTeams plays the team matches of stage i into its bracket: each
// decided match as one game, the first team red (R-C-2), won by game
// points or down the chain's board rules, else drawn; a blitz board's game
// as the next (R-F-5). A match whose boards were struck out (a confirmed
// cascade, R-F-4) does not count.
func (st *State) replayTeams(i int, run *StageRun) {
	if run.Bracket == nil {
		st.replayTeamFields(i, run) // team_groups.go
		return
	}
	ev := st.TeamEvent()
	chain := st.Teams.Rules.KnockoutChain()
	for r, boards := range st.Stages.Rounds {
		if r >= len(st.Teams.Rounds) || r >= len(st.Event.Rounds) {
			break
		}
		for _, b := range boards {
			if b.Stage != i || b.Match < 1 || b.Match > len(run.Bracket.Matches) || st.struck(r, b) {
				continue
			}
			k := slices.IndexFunc(st.Teams.Rounds[r].Matches, func(m MatchOf) bool { return m.Number == b.Board })
			if k < 0 || !st.Teams.Rounds[r].Matches[k].Revealed {
				continue
			}
			m := st.Teams.Rounds[r].Matches[k]
			res, _ := ev.KnockoutResult(ev.Rounds[r].Matches[k], chain)
			if m.Blitz {
				g, _ := roundGame(st.Event.Rounds[r], st.Teams.Rules.Board(m.Number, 1))
				res = g.Result // board 1: the first team's red
			}
			if res.Decided() {
				_ = run.Bracket.Play(b.Match, engine.MatchGame{Red: m.First, Black: m.Second, Result: res, Step: b.Step})
			}
		}
	}
}

// struck reports whether board b of round r+1 was struck out: one of its
// games void with a result (a confirmed cascade, R-F-4), not one a match
// decided early left unplayed.
func (st *State) struck(r int, b BoardOf) bool {
	for _, board := range st.GameBoards(b) {
		if g, ok := roundGame(st.Event.Rounds[r], board); ok && g.Void && g.Result.Decided() {
			return true
		}
	}
	return false
}

// blitzPlayers are the two players of a blitz board between first and
// second (R-F-5 for teams): each team's first board in the match of the
// bracket that was level, else — a group's play-off (R-T-8) — its first
// regular.
func (st *State) blitzPlayers(b BoardOf, first, second int) (int, int) {
	base := st.teamBase()
	pick := map[int]int{first: base.Regulars(first)[0], second: base.Regulars(second)[0]}
	for r, boards := range st.Stages.Rounds {
		for _, o := range boards {
			if b.Match == 0 || o.Stage != b.Stage || o.Match != b.Match || o.Step != engine.RegularGame || r >= len(st.Teams.Rounds) {
				continue
			}
			for _, m := range st.Teams.Rounds[r].Matches {
				if m.Number == o.Board && len(m.FirstLineup) > 0 && len(m.SecondLineup) > 0 {
					pick[m.First], pick[m.Second] = m.FirstLineup[0], m.SecondLineup[0]
				}
			}
		}
	}
	return pick[first], pick[second]
}

// teamStagedFormat is a team knockout: its bracket's matches paired as a
// staged event's (NextPairing), published and played as a team event's.
type teamStagedFormat struct{ stagedFormat }

func (teamStagedFormat) Kind() FormatKind { return TeamStagedFormat }

func (teamStagedFormat) Pair(st *State) (Action, error) {
	p, boards, err := st.NextPairing()
	if err != nil {
		return nil, err
	}
	return &TeamPairingPreviewed{Pairing: p, Matches: boards}, nil
}

func (teamStagedFormat) Publish(st *State) (Action, error) {
	pv := st.Teams.Preview
	if pv == nil || pv.Round != len(st.Teams.Rounds)+1 {
		return nil, refuse(Conflict, "还没有编排预览", "there is no pairing preview").because(NoPreview)
	}
	return &TeamRoundPublished{Pairing: *pv, Matches: st.Stages.Preview}, nil
}

func (teamStagedFormat) Tables() []Table {
	return []Table{RankingTable, BoardStandingsTable, TeamCrosstableTable}
}

// PlaysBy: a team knockout's matches score by boards (R-S-2) and its ties
// by the team chain, not by a match format of games.
func (f teamStagedFormat) PlaysBy(part RulePart) bool {
	switch part {
	case GameScoring, MatchRules, PlayerAwards:
		return false
	}
	return f.stagedFormat.PlaysBy(part)
}

// guessesUnasked: a team match's boards take the colours R-C-2 gives, not
// a 猜先 of each match.
func (teamStagedFormat) guessesUnasked(*State, int) bool { return false }

// revealBlitz makes a blitz board (MatchOf.Blitz) a game of the round:
// board 1 of its match, the first team red (R-C-2).
func (st *State) revealBlitz(round int, m *MatchOf) {
	m.Revealed = true
	rd := st.ownRound(round)
	rd.Games = append(rd.Games, engine.Game{Board: st.Teams.Rules.Board(m.Number, 1), Red: m.FirstLineup[0], Black: m.SecondLineup[0]})
	slices.SortFunc(rd.Games, func(x, y engine.Game) int { return x.Board - y.Board })
}
