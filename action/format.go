package action

import (
	"errors"
	"fmt"

	"github.com/qisai/qisai/engine"
)

// Format is what differs between kinds of event (DESIGN, "The event's
// format is a value"): how the next round is paired and published, how
// many rounds there are, which tables show the event and which parts of
// the rules it plays by. Each kind implements it in its own files — an
// individual event (a Swiss or a round robin) here, a staged event in
// stages.go, a team event in team_rounds.go — and State.Format picks the
// event's, so that the layers above ask the format instead of testing
// which parts of the state are set.
type Format interface {
	// Kind names the format.
	Kind() FormatKind
	// Pair pairs the next round: the action that shows the pairing before
	// it is published (R-SW-13), or why there is none.
	Pair(st *State) (Action, error)
	// Publish is the action that publishes the pending preview.
	Publish(st *State) (Action, error)
	// Rounds is how many rounds the event plays; 0 while that is not known
	// (a staged event's stages decide as they go).
	Rounds(st *State) int
	// Tables are the tables that show the event, the ranking first.
	Tables() []Table
	// PlaysBy reports whether the event plays by the settings of part.
	PlaysBy(part RulePart) bool
	// Ties are the ties for places that may not be shared still to settle
	// (R-T-8): an individual event's once its rounds are played, a staged
	// event's current stage's.
	Ties(st *State) []Tie
	// PlaysOffInRounds reports whether a tie's play-off games are paired in
	// the event's next rounds and reported like any game (a staged event),
	// not entered one by one with the tie (R-T-8).
	PlaysOffInRounds() bool
	// GuessesColours reports whether board's colours in round are the
	// board's own to guess when the round is guessed (R-C-3): every board
	// of a round of individual games, only a staged match's first game
	// (the later ones swap colours).
	GuessesColours(st *State, round, board int) bool
	// guessesUnasked reports whether round's games may take their colours
	// by 猜先 without an arbiter's call (R-C-3).
	guessesUnasked(st *State, round int) bool
	// keepGuess keeps the winner of a board's 猜先 in the format's own part
	// of the state (R-C-3).
	keepGuess(st *State, w GuessWon)
	// keepMatches keeps what each board of a pairing previewed plays in
	// the format's own part of the state.
	keepMatches(st *State, matches []BoardOf)
	// fixedPairs refuses a change by hand to the preview's pairs where the
	// format fixes them; fixedColours refuses one to board's colours.
	fixedPairs(st *State) error
	fixedColours(st *State, board int) error
	// keepCaptures keeps the pieces captured that result a was set with in
	// the format's own part of the state (R-F-5).
	keepCaptures(st *State, a *ResultSet)
}

// FormatKind names a kind of event.
type FormatKind string

const (
	// IndividualFormat: a Swiss (R-F-1) or a round robin (R-F-2) of players.
	IndividualFormat FormatKind = "individual"
	// StagedFormat: brackets, groups, or a chain of stages (R-F-3..6).
	StagedFormat FormatKind = "staged"
	// TeamFormat: teams meeting in matches on boards (§12, R-TM-1).
	TeamFormat FormatKind = "teams"
	// TotalsFormat: 队员总分制 (R-TM-3), the players playing an individual
	// event and their teams ranked by their totals (R-T-6).
	TotalsFormat FormatKind = "totals"
	// TeamStagedFormat: a knockout or double elimination of teams, each
	// bracket match a team match (§11.1, team_knockout.go).
	TeamStagedFormat FormatKind = "team-stages"
)

// Table is a table that shows an event.
type Table string

const (
	StandingsTable      Table = "standings"       // the players' standings (R-T-1..3)
	RankingTable        Table = "ranking"         // a staged event's ranking by its stages (R-F-6)
	CrosstableTable     Table = "crosstable"      // 成绩表, per round
	TeamStandingsTable  Table = "team-standings"  // the teams' standings (R-T-4, R-T-5)
	BoardStandingsTable Table = "board-standings" // each board's players
	TeamTotalsTable     Table = "team-totals"     // 队员总分制's team ranking (R-T-6)
	TeamCrosstableTable Table = "team-crosstable" // the teams' 成绩表
)

// RulePart is a part of the rules that settings belong to: a format plays
// by some parts and not by others (a knockout has no Swiss pairing, a team
// event's matches score by match and game points, not by the game scoring).
type RulePart int8

const (
	// EventRules are the event's own: times, reminders, fouls, language.
	EventRules RulePart = iota
	// RoundCount is the number of rounds: a staged event's stages decide it.
	RoundCount
	// GameScoring scores individual games into standings (R-S-1, R-S-3).
	GameScoring
	// SwissPairing pairs a Swiss (R-SW-*).
	SwissPairing
	// SwissTiebreaks rank an individual Swiss (R-T-1, R-T-2).
	SwissTiebreaks
	// MatchRules decide a knockout's matches: games a match, the tie chain
	// and its captures games (R-F-4, R-F-5).
	MatchRules
	// AbsenceRules let a field paired round by round go on without some
	// of it: a player sits a round out (请假, R-E-2), a game waits (补赛,
	// R-E-3).
	AbsenceRules
	// PlayerAwards rank the players beside the standings: categories,
	// prizes, place points, the minimum of games (R-T-8, R-T-10..12).
	PlayerAwards
)

// Format is the event's format.
func (st *State) Format() Format {
	switch {
	case st.Stages != nil && st.Teams != nil:
		return teamStagedFormat{stagedFormat{st.Stages.Plan}}
	case st.Stages != nil:
		return stagedFormat{st.Stages.Plan}
	case st.Teams != nil && st.Teams.Rules.Totalled():
		return totalsFormat{}
	case st.Teams != nil:
		return teamFormat{}
	}
	return individualFormat{}
}

// individualFormat is a Swiss or a round robin of players: the engine
// pairs the whole field each round (R-SW-*, or the Berger table, R-C-2).
type individualFormat struct{ wholeRounds }

func (individualFormat) Kind() FormatKind { return IndividualFormat }

// Pair pairs the whole field but the players with a requested bye (R-E-2).
func (individualFormat) Pair(st *State) (Action, error) {
	p, err := engine.Pair(st.withLeaves())
	var pe *engine.PairingError
	if errors.As(err, &pe) {
		return nil, PairingRefused(pe)
	}
	if err != nil {
		return nil, fmt.Errorf("pair round %d: %w", st.Event.NextRound(), err)
	}
	return &PairingPreviewed{Pairing: p}, nil
}

func (individualFormat) Publish(st *State) (Action, error) {
	if err := st.PreviewReady(); err != nil {
		return nil, err
	}
	return &RoundPublished{Pairing: *st.PendingPreview()}, nil
}

func (individualFormat) Rounds(st *State) int {
	return plannedRounds(st.Event.Settings, entered(st.Event.Players))
}

func (individualFormat) Tables() []Table { return []Table{StandingsTable, CrosstableTable} }

func (individualFormat) PlaysBy(part RulePart) bool { return part != MatchRules }

func (individualFormat) Ties(st *State) []Tie { return st.eventTies() }

// wholeRounds is the part of a format that pairs its whole field round
// by round (an individual or a team event; a staged one pairs matches):
// its boards play single games, the pairing gives their colours unless an
// arbiter calls for 猜先 (R-SW-10, R-C-2, R-C-4), a round robin's table
// is fixed (R-C-2), and a play-off's games are the tie's own, entered with
// it (PlayoffPlayed, R-T-8).
type wholeRounds struct{}

func (wholeRounds) PlaysOffInRounds() bool { return false }

func (wholeRounds) GuessesColours(*State, int, int) bool { return true }

func (wholeRounds) guessesUnasked(*State, int) bool { return false }

// keepCaptures, keepGuess and keepMatches keep nothing: only a staged
// match is settled by the pieces captured (R-F-5), takes its colours from
// its first game's 猜先 (R-C-3) and has boards that play its games.
func (wholeRounds) keepCaptures(*State, *ResultSet) {}

func (wholeRounds) keepGuess(*State, GuessWon) {}

func (wholeRounds) keepMatches(*State, []BoardOf) {}

func (wholeRounds) fixedPairs(st *State) error { return bergerFixed(st) }

func (wholeRounds) fixedColours(st *State, _ int) error { return bergerFixed(st) }

// totalsFormat is 队员总分制 (R-TM-3): the players play an individual event,
// paired, reported and announced as one; the teams are ranked by their
// players' totals beside it (R-T-6).
type totalsFormat struct{ individualFormat }

func (totalsFormat) Kind() FormatKind { return TotalsFormat }

func (totalsFormat) Tables() []Table {
	return []Table{StandingsTable, TeamTotalsTable, CrosstableTable}
}

// entered counts the players who have not withdrawn before the start.
func entered(ps []engine.Player) int {
	n := 0
	for _, p := range ps {
		if p.WithdrawnAfter != -1 {
			n++
		}
	}
	return n
}

// plannedRounds is how many rounds s plays with n entrants: its setting,
// or a round robin's whole table (R-C-2); 0 when neither says.
func plannedRounds(s engine.Settings, n int) int {
	if s.Rounds > 0 || !RoundRobin(s.System) {
		return s.Rounds
	}
	if n < 2 {
		return 0
	}
	rounds := n + n%2 - 1
	if s.System == engine.DoubleRoundRobin {
		rounds *= 2
	}
	return rounds
}

// RoundRobin reports whether system is a round robin, single or double
// (R-F-2): its table fixes the rounds and the pairs (R-C-2).
func RoundRobin(system engine.System) bool {
	return system == engine.RoundRobin || system == engine.DoubleRoundRobin
}
