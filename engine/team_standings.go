package engine

import (
	"cmp"
	"fmt"
)

// TeamCriterion is one criterion of the team standings (R-T-4, R-T-5).
type TeamCriterion int8

const (
	TeamMatchPoints   TeamCriterion = iota + 1 // 场分
	TeamGamePoints                             // 局分: the boards' game points (R-S-2)
	TeamGameWins                               // 胜局: boards won, forfeits included
	TeamMatchWins                              // 胜场: matches won
	TeamOpponents                              // 团体对手分: the opponents' match points
	TeamDirect                                 // 直胜: match points among the tied
	TeamFouls                                  // 犯规: the players' fouls, fewer first
	TeamEarlierRounds                          // match points before the last round, then the round before, …
	TeamGameRatio                              // 得失局率: boards won to boards lost (seed 000)
	TeamLots                                   // 抽签 (R-T-8)
)

var teamCriterionNames = enumNames[TeamCriterion]{
	{TeamMatchPoints, []string{"场分", "match-points", "mp"}},
	{TeamGamePoints, []string{"局分", "game-points", "gp"}},
	{TeamGameWins, []string{"胜局", "game-wins"}},
	{TeamMatchWins, []string{"胜场", "match-wins"}},
	{TeamOpponents, []string{"团体对手分", "opponents", "buchholz"}},
	{TeamDirect, []string{"直胜", "direct", "head-to-head"}},
	{TeamFouls, []string{"犯规", "fouls"}},
	{TeamEarlierRounds, []string{"倒数轮次场分", "earlier-rounds"}},
	{TeamGameRatio, []string{"得失局率", "game-ratio"}},
	{TeamLots, []string{"抽签", "lots"}},
}

// Name is the Chinese name, as in tables.
func (c TeamCriterion) Name() string { return teamCriterionNames.name(c) }

// English is the English alias.
func (c TeamCriterion) English() string {
	for _, x := range teamCriterionNames {
		if x.v == c {
			return x.names[1]
		}
	}
	return c.Name()
}

func (c TeamCriterion) String() string { return c.Name() }

// ParseTeamCriterion reads one criterion by its Chinese or English name.
func ParseTeamCriterion(s string) (TeamCriterion, error) {
	return teamCriterionNames.parse("team criterion", s)
}

// The orders the rules give.
var (
	// TeamRoundRobinRanking is R-T-4 (§15.3): 场分, 局分, 胜局, 直胜, 犯规.
	TeamRoundRobinRanking = []TeamCriterion{TeamMatchPoints, TeamGamePoints, TeamGameWins, TeamDirect, TeamFouls}
	// TeamSwissRanking is R-T-5, 003's first format: 场分, 团体对手分, 局分,
	// 胜场, 胜局, 犯规, then 场分 before the last round, …
	TeamSwissRanking = []TeamCriterion{TeamMatchPoints, TeamOpponents, TeamGamePoints, TeamMatchWins, TeamGameWins, TeamFouls, TeamEarlierRounds}
	// TeamSwissGamesFirst is 003's second format: 局分 first, then 场分,
	// 团体对手分, 胜场, 犯规, then 场分 before the last round, … (003 lists
	// no 胜局 here).
	TeamSwissGamesFirst = []TeamCriterion{TeamGamePoints, TeamMatchPoints, TeamOpponents, TeamMatchWins, TeamFouls, TeamEarlierRounds}
)

// TeamStanding is one row of the team standings.
type TeamStanding struct {
	Place  int
	Shared bool // R-T-9
	Team   int
	// MatchPoints (场分) and GamePoints (局分) are shown whatever the order.
	MatchPoints, GamePoints Points
	// Values holds one value for each of Settings.Ranking, in order.
	Values []TeamValue
}

// TeamValue is a team's value for one criterion. Counts are whole points:
// Pts(n). TeamGameRatio keeps the boards won and lost instead.
type TeamValue struct {
	Criterion TeamCriterion
	Value     Points
	Won, Lost int // TeamGameRatio only
}

// String prints the value: "12", "7.5", or "9:3" for a ratio.
func (v TeamValue) String() string {
	if v.Criterion == TeamGameRatio {
		return fmt.Sprintf("%d:%d", v.Won, v.Lost)
	}
	return v.Value.String()
}

// PlaceLabel prints the place: "3" or "3=" (R-T-9).
func (s TeamStanding) PlaceLabel() string {
	return Standing{Place: s.Place, Shared: s.Shared}.PlaceLabel()
}

// TeamStandings ranks the teams by Settings.Ranking (R-T-4, R-T-5), one row
// a team, sorted by place and then by lower ID. After the first criterion a
// penalised team ranks last among equals (R-T-7). Teams equal on all share
// a place (R-T-9), skipping as Settings.Pairing.SharedPlaceSkips says,
// but where Playoffs settled their order (R-T-8).
//
// The criteria that read only match results (场分, 胜场, 团体对手分, 直胜,
// 倒数轮次场分, 抽签, and 犯规 summed a match) are the individual tiebreaks
// of the team-level event (TeamLevel), so they count as Standings counts
// (R-T-0): 团体对手分 sums the final match points of every team met, a bye
// adding as Settings.Pairing.ByeOpponent says; 直胜 compares the match
// points among exactly the tied teams. A bye scores Pairing.ByeValue in
// match points and, as a match won by forfeit on every board (§21.4), a
// win's game points on every board; it adds no board won.
func TeamStandings(ev *TeamEvent) []TeamStanding {
	if ev == nil || len(ev.Teams) == 0 {
		return nil
	}
	scores := ev.scores()
	t := newTable(ev.teamLevel(scores))
	b := ev.boardTotals(scores)
	n, chain := len(ev.Teams), ev.Settings.Ranking

	order := make([]int, n)
	for i := range order {
		order[i] = i + 1
	}
	g := groups{order: order, cut: make([]bool, n+1)}
	g.split(0, n, func(int, int) int { return 0 })

	values := make([]TeamValue, n*len(chain))
	row := func(id int) []TeamValue { return values[(id-1)*len(chain) : id*len(chain) : id*len(chain)] }
	scratch := make([]TiebreakValue, n+1)
	settled := false
	for i, c := range chain {
		if c == TeamLots && !settled {
			g.settle(ev.Playoffs) // play-offs rank above lots (R-T-8)
			settled = true
		}
		var by func(a, b int) int
		if tb, ok := c.tiebreak(); ok {
			by = t.rank(tb, g, func(id int) *TiebreakValue { return &scratch[id] })
			for id := 1; id <= n; id++ {
				row(id)[i] = TeamValue{Criterion: c, Value: scratch[id].Value}
			}
		} else {
			by = b.rank(c, t, func(id int) *TeamValue { return &row(id)[i] })
		}
		g.refine(by)
		if i == 0 {
			g.refine(func(a, b int) int {
				return cmp.Compare(max(ev.Teams[a-1].Penalties, 0), max(ev.Teams[b-1].Penalties, 0))
			})
		}
	}

	if !settled {
		g.settle(ev.Playoffs)
	}

	out := make([]TeamStanding, n)
	place, shared := sharedPlaces(n, ev.Settings.Pairing.SharedPlaceSkips, func(i int) bool { return !g.cut[i] })
	for i, id := range g.order {
		out[i] = TeamStanding{Place: place[i], Shared: shared[i], Team: id, MatchPoints: t.score[id], GamePoints: b.points[id], Values: row(id)}
	}
	return out
}

// tiebreak is the individual tiebreak of the team-level event that c is.
func (c TeamCriterion) tiebreak() (Tiebreak, bool) {
	switch c {
	case TeamMatchWins:
		return Wins, true
	case TeamOpponents:
		return Buchholz, true
	case TeamDirect:
		return Direct, true
	case TeamFouls:
		return Fouls, true
	case TeamEarlierRounds:
		return EarlierRounds, true
	case TeamLots:
		return Lots, true
	}
	return 0, false
}

// boardTotals are the teams' boards added up over the event, by team ID.
type boardTotals struct {
	points       []Points
	wins, losses []int
}

func (ev *TeamEvent) boardTotals(scores [][]MatchScore) boardTotals {
	n := len(ev.Teams)
	b := boardTotals{points: make([]Points, n+1), wins: make([]int, n+1), losses: make([]int, n+1)}
	for r, rd := range ev.Rounds {
		for i, m := range rd.Matches {
			sc := scores[r][i]
			if m.Void || !valid(m.First, n) || !valid(m.Second, n) {
				continue
			}
			b.points[m.First] += sc.First
			b.points[m.Second] += sc.Second
			b.wins[m.First] += sc.FirstWins
			b.wins[m.Second] += sc.SecondWins
			b.losses[m.First] += sc.FirstLosses
			b.losses[m.Second] += sc.SecondLosses
		}
		for _, id := range rd.Byes {
			if valid(id, n) {
				b.points[id] += Points(ev.Settings.Boards) * ev.Settings.GamePoints.Win
			}
		}
	}
	return b
}

// rank fills in the values of a criterion read from the boards and returns
// the order it gives (negative: a ranks higher).
func (b boardTotals) rank(c TeamCriterion, t *table, val func(id int) *TeamValue) func(x, y int) int {
	for id := 1; id < len(b.points); id++ {
		v := TeamValue{Criterion: c}
		switch c {
		case TeamMatchPoints:
			v.Value = t.score[id]
		case TeamGamePoints:
			v.Value = b.points[id]
		case TeamGameWins:
			v.Value = Pts(b.wins[id])
		case TeamGameRatio:
			v.Won, v.Lost = b.wins[id], b.losses[id]
		}
		*val(id) = v
	}
	if c == TeamGameRatio {
		// won/lost, higher first, compared without dividing: no loss at
		// all is the best ratio, and two such teams are equal.
		return func(x, y int) int {
			return cmp.Compare(b.wins[y]*b.losses[x], b.wins[x]*b.losses[y])
		}
	}
	return func(x, y int) int { return cmp.Compare(val(y).Value, val(x).Value) }
}
