package engine

import (
	"cmp"
	"fmt"
	"slices"
)

// A team event (§12, R-TM-1..3) is two events in one: the teams meet in
// matches, paired like the players of an individual event (a team round
// robin by the Berger tables, a team Swiss by 定位编排), and each match is
// games on boards between the two teams' players. The team-level event is an
// ordinary Event whose players are the teams and whose games are the
// matches, scored in match points (场分): Pair, the Berger tables and the
// tiebreaks that read match results work on it unchanged.

// TeamEvent is a team event as far as the rules need it.
type TeamEvent struct {
	Name     string
	Settings TeamSettings
	Teams    []Team   // Teams[i].ID == i+1: the team's sequence number (序号)
	Players  []Player // every team's players; Players[i].ID == i+1
	Rounds   []TeamRound
	// Playoffs are the orders lots settled among teams the ranking leaves
	// level for a place that may not be shared (R-T-8), as Event.Playoffs.
	Playoffs [][]int `json:",omitempty"`
}

// Team is one team: its players in board order, the first Settings.Boards
// of them the regulars and the rest reserves (替补, §12.2).
type Team struct {
	ID   int
	Name string
	// Unit is the team's 单位; with Settings.Pairing.AvoidUnit, teams of
	// one unit do not meet (R-SW-4 at team level).
	Unit string
	// Members are player IDs in board order (台次): the registration order,
	// which OrderMembers makes by rating (§12.1).
	Members []int
	Captain int // a player ID among Members; 0 when none is named
	// WithdrawnAfter and Penalties mean what Player's do, for the team
	// (R-W-*, R-T-7).
	WithdrawnAfter int
	Penalties      int
	// Entrant is the caller's own id for the team, which stays when the
	// sequence number changes (NumberTeams); the engine never reads it.
	Entrant int `json:",omitempty"`
}

// TeamSettings are the organiser's choices for a team event.
type TeamSettings struct {
	// Pairing pairs the teams: System, Rounds, the 定位编排 choices,
	// AvoidUnit (same-unit teams kept apart), ByeValue in match points,
	// SharedPlaceSkips and Seed. Its Scoring and Tiebreaks are not read:
	// MatchPoints and Ranking are the team event's.
	Pairing Settings
	// Boards is how many boards a match plays (e.g. 4, or 5 v 5); Reserves
	// how many more players a team may register (6 registered, 4 play).
	Boards, Reserves int
	Lineup           LineupRule // §12, R-TM-1
	// GamePoints scores each board's game, and the sum decides the match
	// (§14.2: 局分多者为胜). It is also the 局分 of the team tiebreaks,
	// 2/1/0 a game (R-S-2, 003).
	GamePoints Scoring
	// MatchPoints is the 场分 a match gives: 2/1/0 (§14.2), or any triple
	// (seed 000: a match won 3, lost 1).
	MatchPoints Scoring
	// WinningBoards, when not 0, decides a match as soon as one team has
	// won that many boards (5场3胜制: 3 of 5, seed 000), whatever the other
	// boards do. It must be more than half of Boards.
	WinningBoards int
	// PlayOut plays the other boards of a match decided early; off, they
	// are not played and count for nobody.
	PlayOut bool
	// Ranking is the order of the team standings, its first criterion the
	// main one (TeamRoundRobinRanking, TeamSwissRanking …).
	Ranking []TeamCriterion
}

// DefaultTeamSettings returns the national rules for a team Swiss of the
// given rounds and boards: 分台定人, 局分 2/1/0, 场分 2/1/0 (§14.2), the
// standings of R-T-5 (003's first format).
func DefaultTeamSettings(rounds, boards int) TeamSettings {
	p := DefaultSettings(rounds)
	p.ByeValue = ScoringTwoOne.Win
	return TeamSettings{
		Pairing:     p,
		Boards:      boards,
		Lineup:      FixedBoards,
		GamePoints:  ScoringTwoOne,
		MatchPoints: ScoringTwoOne,
		Ranking:     slices.Clone(TeamSwissRanking),
	}
}

// GamesPerMatch is how many games a match has: one a board, or under 全队轮赛
// every player of one team against every player of the other.
func (s TeamSettings) GamesPerMatch() int {
	if s.Lineup == AllPlayAll {
		return s.Boards * s.Boards
	}
	return s.Boards
}

// Board is the round's number of board b (from 1) of match number m: the
// boards are numbered on through the round's matches.
func (s TeamSettings) Board(m, b int) int { return (m-1)*s.GamesPerMatch() + b }

// Check says what is wrong with the settings, nil when nothing is.
func (s TeamSettings) Check() error {
	switch {
	case s.Boards < 1:
		return fmt.Errorf("a team match needs at least one board, not %d", s.Boards)
	case s.Reserves < 0:
		return fmt.Errorf("reserves: %d is not a number of players", s.Reserves)
	case s.WinningBoards != 0 && (2*s.WinningBoards <= s.Boards || s.WinningBoards > s.Boards):
		return fmt.Errorf("winning boards %d: a match of %d boards is won by more than half of them, %d to %d", s.WinningBoards, s.Boards, s.Boards/2+1, s.Boards)
	case len(s.Ranking) == 0:
		return fmt.Errorf("the team standings need at least one criterion")
	}
	return nil
}

// TeamRound is one round of a team event: its matches and the teams that
// had none (a bye, worth Pairing.ByeValue in match points).
type TeamRound struct {
	Matches []TeamMatch
	Byes    []int // team IDs
}

// TeamMatch is two teams on their boards. First is the team listed first
// in the pairing: red on odd boards, black on even ones (R-C-2, §13.2,
// §13.3).
type TeamMatch struct {
	Number        int // the match's table in the round, from 1
	First, Second int // team IDs
	// Lineups are the players each team puts on boards 1, 2, …; 0 is a
	// board left empty, lost by forfeit. Nil until the line-ups are in.
	FirstLineup, SecondLineup []int
	// Games are the boards' games, Game.Board from 1, Red and Black
	// player IDs (0 on an empty board). Empty until the line-ups are in.
	Games []Game
	// Void marks a match struck out because a team left a round robin
	// having played fewer than half of its matches (R-W-2): it counts for
	// nobody, its boards neither. It stays in the round (R-W-4).
	Void bool
}

// Team returns the team with the given ID, and whether there is one.
func (ev *TeamEvent) Team(id int) (Team, bool) {
	if id < 1 || id > len(ev.Teams) {
		return Team{}, false
	}
	return ev.Teams[id-1], true
}

// Regulars are the team's first Boards members: its line-up under 分台定人
// and the one a captain who sends none plays with (R-TM-1).
func (ev *TeamEvent) Regulars(id int) []int {
	t, _ := ev.Team(id)
	lineup := make([]int, ev.Settings.Boards)
	copy(lineup, t.Members)
	return lineup
}

// OrderMembers puts a team's members in board order by rating, strong to
// weak, the unrated after the rated (§12.1: 无等级分者排在有等级分棋手的后面);
// equal ratings keep the order they were entered in. Members entered in
// the order the organiser wants keep it by not calling this.
func OrderMembers(members []int, players []Player) []int {
	rating := func(id int) int {
		if id >= 1 && id <= len(players) {
			return players[id-1].Rating
		}
		return 0
	}
	out := slices.Clone(members)
	slices.SortStableFunc(out, func(a, b int) int {
		ra, rb := rating(a), rating(b)
		if (ra > 0) != (rb > 0) {
			if ra > 0 {
				return -1
			}
			return 1
		}
		return cmp.Compare(rb, ra)
	})
	return out
}

// CheckTeams says what is wrong with the teams' registration: a team with
// more players than Boards+Reserves, a player in two teams or unknown, a
// captain who is not a member.
func (ev *TeamEvent) CheckTeams() error {
	in := make([]int, len(ev.Players)+1)
	limit := ev.Settings.Boards + ev.Settings.Reserves
	for i, t := range ev.Teams {
		if t.ID != i+1 {
			return fmt.Errorf("team %q has ID %d, want %d: teams are numbered from 1 in order", t.Name, t.ID, i+1)
		}
		if len(t.Members) > limit {
			return fmt.Errorf("team %d %s has %d players: %d boards and %d reserves allow %d", t.ID, t.Name, len(t.Members), ev.Settings.Boards, ev.Settings.Reserves, limit)
		}
		for _, id := range t.Members {
			switch {
			case id < 1 || id > len(ev.Players):
				return fmt.Errorf("team %d %s lists player %d: players are numbered 1 to %d", t.ID, t.Name, id, len(ev.Players))
			case in[id] != 0:
				return fmt.Errorf("player %d is in team %d and in team %d", id, in[id], t.ID)
			}
			in[id] = t.ID
		}
		if t.Captain != 0 && !slices.Contains(t.Members, t.Captain) {
			return fmt.Errorf("team %d %s: the captain, player %d, is not one of its players", t.ID, t.Name, t.Captain)
		}
	}
	return nil
}

// rating is a team's strength for its sequence number (R-SW-1): the mean
// rating of its rated regulars, 0 when none is rated.
func (ev *TeamEvent) rating(id int) int {
	t, _ := ev.Team(id)
	sum, n := 0, 0
	for _, p := range t.Members[:min(len(t.Members), ev.Settings.Boards)] { // the regulars
		if valid(p, len(ev.Players)) && ev.Players[p-1].Rating > 0 {
			sum += ev.Players[p-1].Rating
			n++
		}
	}
	if n == 0 {
		return 0
	}
	return sum / n
}

// NumberTeams gives the teams their sequence numbers (序号) before round 1
// as Number gives players theirs (R-SW-1): by the mean rating of their
// regulars, strong to weak, by lot, or as entered; teams of one unit are
// spread over the halves (R-SW-2) as spread says. Teams[i].ID becomes i+1
// in the new order; Team.Entrant keeps the caller's id. Once a round is
// paired the numbers stand.
func NumberTeams(ev *TeamEvent, by Numbering, spread UnitSpread) error {
	if len(ev.Rounds) > 0 {
		return fmt.Errorf("the teams are numbered before round 1: %d rounds are paired", len(ev.Rounds))
	}
	level := ev.TeamLevel()
	for i := range level.Players {
		level.Players[i].Entrant = i // the team's place in ev.Teams
	}
	numbered, _ := Number(level.Players, by, ev.Settings.Pairing.Halves, ev.Settings.Pairing.Seed, spread)
	teams := make([]Team, len(ev.Teams))
	for i, p := range numbered {
		teams[i] = ev.Teams[p.Entrant]
		teams[i].ID = i + 1
	}
	ev.Teams = teams
	return nil
}
