package engine

import "fmt"

// MatchScore is what a team match's boards say so far (R-S-2, §14.2).
type MatchScore struct {
	// First and Second are the teams' game points (局分), each board scored
	// by Settings.GamePoints, forfeits as wins and losses.
	First, Second Points
	// FirstWins and SecondWins count boards won, forfeit wins included;
	// FirstLosses and SecondLosses boards lost, forfeits included (a board
	// both forfeited is lost by both).
	FirstWins, SecondWins     int
	FirstLosses, SecondLosses int
	// Played counts the boards played over the board, forfeits not.
	Played int
	// Decided: every board counted is in, or one team has won
	// Settings.WinningBoards (Early).
	Decided, Early bool
	// Winner is the team that won the match; 0 for a drawn or undecided one.
	Winner int
}

// Score adds up a match's boards. A match decided early (5场3胜制) counts
// the other boards when Settings.PlayOut plays them, as their results come
// in; without PlayOut they are not played and count for nobody.
func (ev *TeamEvent) Score(m TeamMatch) MatchScore {
	s := ev.Settings
	var sc MatchScore
	if len(m.Games) == 0 {
		return sc
	}
	pending := 0
	for _, g := range m.Games {
		if g.Result == Pending {
			pending++
			continue
		}
		if g.Result.Played() {
			sc.Played++
		}
		fo, so := gameOutcomes(g.Result)
		if !m.firstRed(g) {
			fo, so = so, fo
		}
		sc.First += s.GamePoints.points(fo)
		sc.Second += s.GamePoints.points(so)
		sc.FirstWins += b2i(won(fo))
		sc.SecondWins += b2i(won(so))
		sc.FirstLosses += b2i(lost(fo))
		sc.SecondLosses += b2i(lost(so))
	}
	switch w := s.WinningBoards; {
	case w > 0 && sc.FirstWins >= w:
		sc.Decided, sc.Early, sc.Winner = true, pending > 0, m.First
		return sc
	case w > 0 && sc.SecondWins >= w:
		sc.Decided, sc.Early, sc.Winner = true, pending > 0, m.Second
		return sc
	case pending > 0:
		return sc
	}
	sc.Decided = true
	switch {
	case sc.First > sc.Second:
		sc.Winner = m.First
	case sc.Second > sc.First:
		sc.Winner = m.Second
	}
	return sc
}

func won(o Outcome) bool  { return o == OutcomeWin || o == OutcomeForfeitWin }
func lost(o Outcome) bool { return o == OutcomeLoss || o == OutcomeForfeitLoss }

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// firstRed reports whether the first team has red on the board of g: on
// odd boards, counted within the sub-round under 全队轮赛 (R-C-2, the
// layout of boardGames).
func (m TeamMatch) firstRed(g Game) bool {
	n := max(len(m.FirstLineup), 1)
	return (g.Board-1)%n%2 == 0
}

// result is a match as one game of the team-level event: the first team
// is red (R-C-2). A match won without a board played over the board is a
// forfeit ("+" for a team, §21.4), so the team-level rules that count
// games played (R-T-0, R-W-2) see it as one.
func (sc MatchScore) result(m TeamMatch) Result {
	forfeit := sc.Played == 0
	switch {
	case !sc.Decided:
		return Pending
	case sc.Winner == m.First && forfeit:
		return RedForfeitWin
	case sc.Winner == m.First:
		return RedWin
	case sc.Winner == m.Second && forfeit:
		return BlackForfeitWin
	case sc.Winner == m.Second:
		return BlackWin
	}
	return Draw
}

// TeamLevel is the event between teams: one player a team (ID, name,
// unit, rating, withdrawal and penalties), one game
// a match with the first team red, its result the match's and its fouls the
// teams' fouls, byes as they were given, scored in match points (场分). Pair
// pairs it; standings read it.
func (ev *TeamEvent) TeamLevel() *Event { return ev.teamLevel(ev.scores()) }

// scores are every match's MatchScore, by round and match.
func (ev *TeamEvent) scores() [][]MatchScore {
	out := make([][]MatchScore, len(ev.Rounds))
	for r, rd := range ev.Rounds {
		out[r] = make([]MatchScore, len(rd.Matches))
		for i, m := range rd.Matches {
			out[r][i] = ev.Score(m)
		}
	}
	return out
}

func (ev *TeamEvent) teamLevel(scores [][]MatchScore) *Event {
	set := ev.Settings.Pairing
	set.Scoring = ev.Settings.MatchPoints
	out := &Event{Name: ev.Name, Settings: set, Players: make([]Player, len(ev.Teams)), Rounds: make([]Round, len(ev.Rounds))}
	for i, t := range ev.Teams {
		out.Players[i] = Player{ID: t.ID, Name: t.Name, Unit: t.Unit, Rating: ev.rating(t.ID), WithdrawnAfter: t.WithdrawnAfter, Penalties: t.Penalties}
	}
	for r, rd := range ev.Rounds {
		games := make([]Game, 0, len(rd.Matches))
		for i, m := range rd.Matches {
			g := Game{Board: m.Number, Red: m.First, Black: m.Second, Result: scores[r][i].result(m), Void: m.Void}
			for _, bg := range m.Games {
				if m.firstRed(bg) {
					g.RedFouls, g.BlackFouls = g.RedFouls+bg.RedFouls, g.BlackFouls+bg.BlackFouls
				} else {
					g.RedFouls, g.BlackFouls = g.RedFouls+bg.BlackFouls, g.BlackFouls+bg.RedFouls
				}
			}
			games = append(games, g)
		}
		byes := make([]Bye, len(rd.Byes))
		for i, id := range rd.Byes {
			byes[i] = Bye{Player: id, Kind: PairingBye}
		}
		out.Rounds[r] = Round{Games: games, Byes: byes}
	}
	return out
}

// PairTeams pairs the next round of the teams: by the Berger tables in a
// team round robin, by 定位编排 on match points in a team Swiss, the
// first-listed team of a pair as the red of an individual pairing, and
// same-unit teams kept apart as Settings.Pairing.AvoidUnit says. Every match
// of the rounds before must be decided.
func PairTeams(ev *TeamEvent) (Pairing, error) {
	if err := ev.Settings.Check(); err != nil {
		return Pairing{}, err
	}
	if ev.Settings.Lineup == PlayerTotals {
		return Pairing{}, fmt.Errorf("a team ranked by its players' totals is not paired as a team: pair the individual event: %w", ErrNoPairing)
	}
	return Pair(ev.TeamLevel())
}

// AddTeamRound adds a pairing of the teams as the next round: one match a
// board, the board's red the first team. Under 分台定人 the line-ups are the
// teams' regulars at once; under the other rules the boards wait for
// SetLineups. A team that has left (a round robin keeps its place in the
// table) loses every board by forfeit at once (R-W-2).
func AddTeamRound(ev *TeamEvent, p Pairing) error {
	if want := len(ev.Rounds) + 1; p.Round != want {
		return fmt.Errorf("add round %d: the team event has %d rounds, so the next one is round %d", p.Round, len(ev.Rounds), want)
	}
	rd := TeamRound{Byes: append([]int(nil), p.Byes...)}
	for _, b := range p.Boards {
		rd.Matches = append(rd.Matches, TeamMatch{Number: b.Number, First: b.Red, Second: b.Black})
	}
	ev.Rounds = append(ev.Rounds, rd)
	if ev.Settings.Lineup == FixedBoards {
		for _, m := range rd.Matches {
			if err := ev.SetLineups(p.Round, m.Number, ev.Regulars(m.First), ev.Regulars(m.Second)); err != nil {
				return err
			}
		}
	}
	ev.settleLeavers(p.Round)
	return nil
}

// SetLineups sets both teams' line-ups of a match and lays out its games
// (R-TM-1, R-C-2). It refuses, with a *LineupError, a line-up the rules do
// not allow, and a match whose boards already have a result. A team that
// has left plays no board: its line-up is taken as empty (R-W-2).
func (ev *TeamEvent) SetLineups(round, number int, first, second []int) error {
	m, err := ev.match(round, number)
	if err != nil {
		return err
	}
	for _, g := range m.Games {
		if g.Result.Decided() && g.Red != 0 && g.Black != 0 {
			return fmt.Errorf("round %d match %d: board %d has a result: the line-ups stand", round, number, g.Board)
		}
	}
	if err := ev.CheckLineup(m.First, first); err != nil {
		return err
	}
	if err := ev.CheckLineup(m.Second, second); err != nil {
		return err
	}
	m.FirstLineup, m.SecondLineup = append([]int(nil), first...), append([]int(nil), second...)
	m.Games = ev.boardGames(m.FirstLineup, m.SecondLineup)
	for _, id := range []int{m.First, m.Second} {
		if t, _ := ev.Team(id); t.WithdrawnAfter != 0 && round > t.WithdrawnAfter {
			ev.forfeitSide(m, id)
		}
	}
	return nil
}

// Record enters a board's result. A board of a match decided early is not
// played without Settings.PlayOut: Record refuses it with ErrMatchOver.
func (ev *TeamEvent) Record(round, number, board int, res Result) error {
	m, err := ev.match(round, number)
	if err != nil {
		return err
	}
	if board < 1 || board > len(m.Games) {
		return fmt.Errorf("round %d match %d has boards 1 to %d, not %d", round, number, len(m.Games), board)
	}
	g := &m.Games[board-1]
	if g.Red == 0 || g.Black == 0 {
		return fmt.Errorf("round %d match %d board %d has nobody on one side: it stays a forfeit", round, number, board)
	}
	if sc := ev.Score(*m); sc.Decided && !ev.Settings.PlayOut && g.Result == Pending {
		return fmt.Errorf("round %d match %d board %d: %w", round, number, board, ErrMatchOver)
	}
	g.Result = res
	return nil
}

func (ev *TeamEvent) match(round, number int) (*TeamMatch, error) {
	if round < 1 || round > len(ev.Rounds) {
		return nil, fmt.Errorf("round %d: the team event has rounds 1 to %d", round, len(ev.Rounds))
	}
	ms := ev.Rounds[round-1].Matches
	for i := range ms {
		if ms[i].Number == number {
			return &ms[i], nil
		}
	}
	return nil, fmt.Errorf("round %d has no match %d", round, number)
}
