package engine

import "slices"

// Fields of teams (§11.3: "根据棋手(队)的等级分或比赛成绩排定"种子",分成若干组
// 循环初赛,从各组选出一定人(队)数进行决赛"): the groups, a round-robin
// final or the round robins of finals by place of a team staged event,
// played by teams in team matches. The field's Event is the teams' level —
// one game a match, the first team red (R-C-2), its result the match's —
// which the Berger tables pair and which says when the field is over; its
// Teams rank it by the team standings (R-T-4: 场分, 局分, 胜局, 直胜, 犯规),
// the ties lots settled (Event.Playoffs, R-T-8) after them.

// OfTeams makes f a field of the teams of base, its entrants base's team
// IDs, ranked under s (the team settings of a round robin).
func (f *Field) OfTeams(base *TeamEvent, s TeamSettings) {
	t := &TeamEvent{Name: base.Name, Settings: s, Players: base.Players}
	for i, id := range f.Entrants {
		team, _ := base.Team(id)
		team.ID, team.Members = i+1, slices.Clone(team.Members)
		t.Teams = append(t.Teams, team)
	}
	f.Teams = t
}

// AddTeamRound adds the field's next round: its matches with their boards
// played so far and its byes, in base's team IDs.
func (f *Field) AddTeamRound(matches []TeamMatch, byes []int) {
	local := func(id int) int { return slices.Index(f.Entrants, id) + 1 }
	var tr TeamRound
	var rd Round
	for _, m := range matches {
		m.First, m.Second = local(m.First), local(m.Second)
		m.Games = slices.Clone(m.Games)
		tr.Matches = append(tr.Matches, m)
		rd.Games = append(rd.Games, Game{Board: m.Number, Red: m.First, Black: m.Second, Result: f.Teams.Score(m).result(m), Void: m.Void})
	}
	for _, id := range byes {
		tr.Byes = append(tr.Byes, local(id))
		rd.Byes = append(rd.Byes, Bye{Player: local(id), Kind: PairingBye})
	}
	f.Teams.Rounds = append(f.Teams.Rounds, tr)
	f.Event.Rounds = append(f.Event.Rounds, rd)
	f.ranked = nil
}

// TeamStandings are the field's team standings, in the field's numbers
// (Entrants[Team-1] is the team), the ties lots settled in their order.
func (f *Field) TeamStandings() []TeamStanding { return TeamStandings(f.Settled()) }

// Settled is the field's team event with the orders of its ties settled
// (Event.Playoffs, R-T-8), for the tables that rank its teams.
func (f *Field) Settled() *TeamEvent {
	f.Teams.Playoffs = f.Event.Playoffs
	return f.Teams
}

// teamRanked is a ranking of a field of teams and the ties' orders it was
// made with.
type teamRanked struct {
	playoffs [][]int
	rank     []Placing
}

// teamRanking is a field of teams' ranking in entrants' IDs: made again
// once a round is added or the ties' orders change.
func (f *Field) teamRanking() []Placing {
	if r := f.ranked; r != nil && slices.EqualFunc(r.playoffs, f.Event.Playoffs, slices.Equal) {
		return slices.Clone(r.rank)
	}
	var rank []Placing
	for _, s := range f.TeamStandings() {
		rank = append(rank, Placing{Entrant: f.Entrants[s.Team-1], Place: s.Place, Shared: s.Shared})
	}
	f.ranked = &teamRanked{playoffs: f.Event.Playoffs, rank: rank}
	return slices.Clone(rank)
}
