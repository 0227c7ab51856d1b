// Package trf reads and writes FIDE TRF-16 tournament report files, the
// interchange format of chess arbiters' tools and pairing engines
// (bbpPairings, JaVaFo). White in TRF is red in qisai: the player who moves
// first (R-C-1).
//
// # What is read
//
//   - 001 player lines in their fixed columns: starting rank (5-8), name
//     (15-47), rating (49-52) and one 10-column block per round from column
//     92: opponent (4 digits, 0000 or blank for none), colour (w, b, -) and
//     result. The starting rank is the player's ID; the ranks must run 1..N.
//     Points (81-84) and rank (86-89) are not read: the results are trusted,
//     since other programs score differently.
//   - 012 the event's name; 013 teams (name in 5-36, then starting ranks),
//     which become Player.Unit for same-unit avoidance (R-SW-4).
//   - XXR (or TRF-2026's 142) the total number of rounds; without it, the
//     number of rounds in the player lines.
//   - XXC white1 / black1: the top seed plays red / black on board 1 of
//     round 1 (R-SW-5): engine.AlternateBoards / AlternateBoardsHigherRed.
//   - BBW, BBD, BBL: points for a win, draw and loss (R-S-1, default FIDE's
//     1/½/0); BBU: points for a pairing-allocated bye (R-S-3, default a win).
//   - qisai's own lines (QSN, QSU, QSG, QSB, QSF; see ownLines): whole
//     names, units, games paired without a result, bye colours and fouls.
//
// Every other line is skipped: the other header records (022..132), other
// XX and BB extensions (BBF, BBZ: qisai scores a forfeit loss as a loss and a
// zero bye as nothing) and codes this package does not know.
//
// # Rounds
//
// Results are 1 0 = (played), W D L (played, not rated; read as 1 0 =), + -
// (forfeit) and, with opponent 0000, the byes H (half point), F (full
// point), U (pairing-allocated, worth BBU) and Z or blank (zero point,
// not paired). Letters may be lower case. Older files, FIDE's own example
// among them, write a pairing-allocated bye as "0000 - +"; it is read as U,
// "0000 - =" as H, and "-" without an opponent (lichess's mark for an absent
// player) as Z. A pairing-allocated bye may carry the colour Match BP Online
// gives it ("0000 w U", "0000 b U"; R-S-3), which becomes Bye.Colour; TRF-16
// gives every other bye the colour "-".
// A round block that is entirely blank means the player has no record in
// that round. A game whose result is not in yet is written with a blank
// result ("  12 w  ") and read as engine.Pending.
//
// Both players' blocks of a game must agree: opponents pointing at each
// other, opposite colours, matching results. A forfeit may leave colours
// out ("153 - -" against "13 - +"); then the lower starting rank is red.
// TRF has no board numbers, so the games of a round are numbered 1, 2, ... in
// the order of their lower starting rank, and byes are listed by starting
// rank.
//
// The file must be UTF-8 (bbpPairings asks the same); lines may end in LF,
// CR LF or CR. Read refuses a scoring under which some score would not fit
// the 4-column points field, since Write could not write it.
//
// # What is written
//
// Write writes what Read reads, so Read(Write(ev)) gives ev back for every
// event Read can return, and bbpPairings reads every file it writes
// (bbp_test.go checks each written file the way bbpPairings' parser does).
// bbpPairings takes its input rules from JaVaFo's manual, so JaVaFo should
// read them too; in the 001 line a character beyond Unicode's basic plane
// is written "?", since Java counts it as two columns. What those programs
// would refuse goes into qisai's own lines,
// which they skip: units (bbpPairings refuses 013 team lines), a name longer
// than the 33 columns of the 001 line (cut there, kept whole in QSN), a game
// paired without a result (bbpPairings refuses a blank result, so both
// blocks stay blank and the pairing is a QSG line), a bye's colour
// (bbpPairings refuses "0000 w U") and fouls.
//
// TRF has no place for the rest of an event, which Write leaves out: board
// numbers and game order, Game.Void (the game is written with its result,
// which then counts), withdrawals (Player.WithdrawnAfter), penalties, the
// colour of a bye other than a pairing-allocated one, blanks around names
// and line breaks in them, and every setting except Rounds, Scoring,
// ByeValue and the two alternating first-colour methods. XXR is the larger
// of Settings.Rounds and the rounds present. The rank column ranks by score,
// then starting rank: qisai's tiebreaks are not in the file. A WithdrawnLoss
// bye is written "0000 - -" (a forfeit loss, R-W-3) and so reads back as a
// zero-point bye. Write also emits BBF equal to BBL, so a pairing engine
// scores a forfeit loss as a loss the way qisai does (R-S-1).
package trf

import (
	"fmt"

	"github.com/qisai/qisai/engine"
)

// Error is a parse error at a place in the file.
type Error struct {
	File string
	Line int
	Msg  string
}

func (e *Error) Error() string { return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg) }

// Fixed columns, as 0-based offsets (TRF columns count characters).
const (
	colRank       = 4  // 5-8: starting rank
	colName       = 14 // 15-47
	nameWidth     = 33
	colRating     = 48 // 49-52
	colRounds     = 91 // 92: round 1's block; each block is 10 wide
	blockWidth    = 10
	colTeamName   = 4 // 013: 5-36
	teamNameWidth = 32
	colMembers    = 36 // 013: 37-40, 42-45, ...
	maxRank       = 9999
)

type gameCode struct {
	result     engine.Result
	red, black rune
}

// gameCodes pairs a game result with the result codes of its red and black
// players. Write uses it as it stands; Read looks the pair up in reverse.
var gameCodes = []gameCode{
	{engine.Pending, ' ', ' '},
	{engine.RedWin, '1', '0'},
	{engine.BlackWin, '0', '1'},
	{engine.Draw, '=', '='},
	{engine.RedForfeitWin, '+', '-'},
	{engine.BlackForfeitWin, '-', '+'},
	{engine.DoubleForfeit, '-', '-'},
}

// resultOf is the game result whose red and black result codes are red and
// black: gameCodes in reverse.
func resultOf(red, black byte) (engine.Result, bool) {
	for _, c := range gameCodes {
		if c.red == rune(red) && c.black == rune(black) {
			return c.result, true
		}
	}
	return 0, false
}

// byeCodes is the result code Write gives each kind of bye. Read maps them
// back, except "-", which it reads as a zero-point bye (see the package
// comment).
var byeCodes = map[engine.ByeKind]rune{
	engine.PairingBye:    'U',
	engine.FullBye:       'F',
	engine.HalfBye:       'H',
	engine.ZeroBye:       'Z',
	engine.WithdrawnLoss: '-',
	engine.LateZero:      'Z', // R-E-1: TRF has no late entry, only what it scored
	engine.LateDraw:      'H',
}

// formatPoints writes points the way TRF does: "1.0", "0.5", "17.0".
func formatPoints(p engine.Points) string {
	if p%2 == 0 {
		return p.String() + ".0"
	}
	return p.String()
}

// pointsField formats points for the 4-column points field, dropping ".0"
// when that makes them fit; ok is false when they cannot fit.
func pointsField(p engine.Points) (s string, ok bool) {
	s = formatPoints(p)
	if len(s) > 4 && p%2 == 0 {
		s = p.String()
	}
	return s, len(s) <= 4
}
