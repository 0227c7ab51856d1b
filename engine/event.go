// Package engine holds the competition rules of qisai: pairing, scoring and
// standings for xiangqi events. It is pure and deterministic: it reads no
// clock, does no I/O and draws randomness only from the event's seed, so the
// same event always gives the same pairing and the same standings.
//
// Players are numbered by their sequence number (序号, R-SW-1) from 1; that
// number is the player's ID everywhere (in TRF it is the starting rank).
package engine

// Event is an individual event as far as the rules need it: its settings,
// its players and the rounds played or paired so far.
type Event struct {
	Name     string // the event's title (TRF 012); for display only
	Settings Settings
	Players  []Player // Players[i].ID == i+1
	Rounds   []Round  // Rounds[r-1] is round r
	// Playoffs are the orders play-offs or lots settled among players the
	// tiebreaks leave level for a place that may not be shared (R-T-8),
	// each the tied players best first: Standings ranks by them after the
	// tiebreaks and before 抽签. One is replaced, never changed in place.
	Playoffs [][]int `json:",omitempty"`
}

// Player is one entrant. ID is the sequence number (序号).
type Player struct {
	ID     int
	Name   string
	Unit   string // 单位: club, school or team; same-unit avoidance (R-SW-4)
	Rating int
	// WithdrawnAfter is the last round the player took part in before
	// withdrawing (R-W-1..4); 0 means still in the event. A player who
	// withdrew before round 1 has WithdrawnAfter == -1.
	WithdrawnAfter int
	// Penalties counts warnings and game disqualifications; a penalised
	// player ranks last among equals (R-T-7).
	Penalties int
	// Entrant is the caller's own id for the player, which stays when the
	// sequence number changes (numbering, R-SW-1); the engine carries it
	// along and never reads it. 0: none given.
	Entrant int `json:",omitempty"`
	// Categories are the player's categories (组别, R-T-10: 女子, U12, 教师
	// …): each a ranking the player is in besides the overall one. They
	// never touch the pairing. The slice is replaced, never changed in
	// place, so copies of a player may share it.
	Categories []string `json:",omitempty"`
}

// Active reports whether the player is still paired in round r.
func (p Player) Active(round int) bool {
	return p.WithdrawnAfter == 0 || round <= p.WithdrawnAfter
}

// Round is one round: the games on the boards and the players who had no
// game (byes, absences).
type Round struct {
	Games []Game
	Byes  []Bye
}

// Game is one board. Red moves first (R-C-1). The two small fields come
// last, so that a game takes 48 bytes, not 56: a big event has many.
type Game struct {
	Board      int
	Red, Black int
	RedFouls   int // R-G-3
	BlackFouls int
	Result     Result
	// Void marks a game struck out because a player left a round robin
	// having played fewer than half of their games (R-W-2). It counts for
	// nobody: Histories leaves it out. The game stays in the round (R-W-4).
	Void bool
	// Postponed marks a game the arbiter put off (补赛, R-E-3): while its
	// result is pending, later rounds may be paired without it, its two
	// players at their scores without it and never paired together again.
	Postponed bool
}

// Result of a game (R-G-1).
type Result int8

const (
	Pending         Result = iota // paired, not yet reported
	RedWin                        // 红胜
	BlackWin                      // 黑胜
	Draw                          // 和
	RedForfeitWin                 // black did not play: + for red, − for black (§21.4)
	BlackForfeitWin               // red did not play
	DoubleForfeit                 // neither played
)

// Played reports whether the game was actually played over the board.
// Colours and rematch avoidance count played games only (R-T-0).
func (r Result) Played() bool { return r == RedWin || r == BlackWin || r == Draw }

// Decided reports whether a result has been entered.
func (r Result) Decided() bool { return r != Pending }

// Bye is a player without a game in a round.
type Bye struct {
	Player int
	Kind   ByeKind
	// Colour is the colour Match BP Online records for a pairing bye; qisai
	// itself never counts a bye for colours (R-S-3), so it is NoColour unless
	// an import carries one.
	Colour Colour
}

// ByeKind says why a player had no game and what it scores.
type ByeKind int8

const (
	PairingBye    ByeKind = iota // 轮空 from an odd field: worth Settings.ByeValue (R-S-3)
	FullBye                      // requested, worth a win
	HalfBye                      // requested, worth a draw
	ZeroBye                      // absent or not paired, worth nothing
	WithdrawnLoss                // withdrawn from a Swiss: counts as a forfeit loss (R-W-3)
	// A round before a late entrant's first (R-E-1), scored as the event
	// sets: nothing, or a draw's value. Not a game and not a bye for the
	// tiebreaks: no opponent, no colour, no weight (Late).
	LateZero
	LateDraw
)

// Late reports whether the bye is a round a late entrant missed (R-E-1).
func (k ByeKind) Late() bool { return k == LateZero || k == LateDraw }

// Colour of a player in a game.
type Colour int8

const (
	NoColour Colour = iota
	Red
	Black
)

func (c Colour) String() string {
	switch c {
	case Red:
		return "red"
	case Black:
		return "black"
	}
	return "no colour"
}

// Opposite returns the other colour; NoColour stays NoColour.
func (c Colour) Opposite() Colour {
	switch c {
	case Red:
		return Black
	case Black:
		return Red
	}
	return NoColour
}

// Player returns the player with the given ID, and whether there is one.
func (e *Event) Player(id int) (Player, bool) {
	if id < 1 || id > len(e.Players) {
		return Player{}, false
	}
	return e.Players[id-1], true
}
