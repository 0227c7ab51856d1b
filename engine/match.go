package engine

import (
	"errors"
	"fmt"
	"math/rand/v2"
)

// MatchFormat is how a knockout match is played, as data (R-F-5): the
// regular games, whether it stops once decided, and the chain of tie rules.
type MatchFormat struct {
	// Games is the number of regular games: 1, 2 (两局制, §13.5), 3 (三局两胜)
	// or any N.
	Games int `json:"games"`
	// BestOf stops the match as soon as the trailing player cannot catch up:
	// a best of 3 ends at 2–0 and never plays a third game.
	BestOf bool `json:"bestOf,omitempty"`
	// Tie is tried in order once the regular games are level; its last rule
	// repeats until the match is decided (R-F-5). Empty means TieLots.
	Tie []TieRule `json:"tie,omitempty"`
}

// OneGame is a knockout game decided, if drawn, by replays (加赛, seed 000:
// "重新对局直至分出胜负").
var OneGame = MatchFormat{Games: 1, Tie: []TieRule{TieReplay}}

// BestOfThree is 三局两胜, level matches settled by overtime then captures
// (seed 003: 加时赛十五分钟, 按吃子数多少定胜负), then lots.
var BestOfThree = MatchFormat{Games: 3, BestOf: true, Tie: []TieRule{TieOvertime, TieCaptures, TieLots}}

// TieRule is one step of R-F-5's chain for a level match.
type TieRule int8

const (
	RegularGame   TieRule = iota // a regular game of the match, not a tie rule
	TieReplay                    // 加赛: a replayed game; a draw is void and replayed
	TieOvertime                  // 加时赛: an overtime game (e.g. 15 minutes)
	TieBlitz                     // 快棋加赛: a blitz game
	TieArmageddon                // 和棋黑胜: a draw counts as a win for black
	TieCaptures                  // 吃子数: the arbiter enters the pieces each captured
	TieLots                      // 抽签: drawn from the event's seed, no game
)

var tieRuleNames = enumNames[TieRule]{
	{RegularGame, []string{"regular", "常规"}},
	{TieReplay, []string{"replay", "加赛"}},
	{TieOvertime, []string{"overtime", "加时赛"}},
	{TieBlitz, []string{"blitz", "快棋"}},
	{TieArmageddon, []string{"armageddon", "和棋黑胜"}},
	{TieCaptures, []string{"captures", "吃子数"}},
	{TieLots, []string{"lots", "抽签"}},
}

func (t TieRule) String() string { return tieRuleNames.name(t) }

// Chinese is the rule's Chinese name (加赛, 和棋黑胜 …).
func (t TieRule) Chinese() string { return tieRuleNames.chinese(t) }

// ParseTieRule reads a tie rule by its English or Chinese name.
func ParseTieRule(s string) (TieRule, error) { return tieRuleNames.parse("tie rule", s) }

// MatchGame is one game of a match between two entrants.
type MatchGame struct {
	Red, Black int
	Result     Result
	Step       TieRule // RegularGame for a regular game
	// RedCaptures and BlackCaptures are the pieces each side captured, as
	// the arbiter entered them for a TieCaptures step (seed 003); the step's
	// Result follows from them.
	RedCaptures, BlackCaptures int
}

// NextGame is the game a match plays next.
type NextGame struct {
	Step       TieRule
	Red, Black int
	// Chooser, for an armageddon game, is the player who picks the colour:
	// the one who did not choose in the first 猜先 (R-F-5, seed 003). 0 when
	// nobody chooses (the colours alternate, R-C-3).
	Chooser int
}

// ErrMatchOver is returned for a game added to a decided match (a best of 3
// at 2–0 has no third game).
var ErrMatchOver = errors.New("the match is decided: no more games")

// matchState is what a match's games say so far.
type matchState struct {
	winner   int     // the entrant who won; 0 when nobody goes on
	decided  bool    // the match is over
	doubleFF bool    // a double forfeit ended it: nobody goes on
	next     TieRule // the step the next game belongs to, when not decided
	lots     bool    // decided by lots
}

// state follows the games of a match between a and b (R-F-5). RegularGame
// games score 2/1/0; a level match goes down the tie chain, one game a step
// (the last step repeating); a DoubleForfeit ends the match with nobody
// going on, so the next match sees a bye.
func (f MatchFormat) state(a, b int, games []MatchGame, lots func() int) matchState {
	return f.stateAfter(max(f.Games, 1), a, b, games, lots)
}

// stateAfter is state with regular regular games before the tie chain; a
// play-off has none (Playoff).
func (f MatchFormat) stateAfter(regular, a, b int, games []MatchGame, lots func() int) matchState {
	var pa, pb int
	for i, g := range games {
		if g.Result == DoubleForfeit {
			return matchState{decided: true, doubleFF: true}
		}
		if i >= regular {
			break
		}
		if g.Result == Pending {
			return matchState{next: RegularGame}
		}
		wa, wb := gamePoints(g, a)
		pa, pb = pa+wa, pb+wb
	}
	played := min(len(games), regular)
	if played < regular {
		left := 2 * (regular - played)
		if f.BestOf && (pa-pb > left || pb-pa > left) {
			return matchState{winner: leader(a, b, pa, pb), decided: true}
		}
		return matchState{next: RegularGame}
	}
	if pa != pb {
		return matchState{winner: leader(a, b, pa, pb), decided: true}
	}
	chain := f.Tie
	if len(chain) == 0 {
		chain = []TieRule{TieLots}
	}
	for k, g := range games[regular:] {
		step := chain[min(k, len(chain)-1)]
		if step == TieLots {
			break
		}
		if g.Result == Pending {
			return matchState{next: step}
		}
		if w := tieWinner(g); w != 0 {
			return matchState{winner: w, decided: true}
		}
	}
	step := chain[min(len(games)-regular, len(chain)-1)]
	if step == TieLots {
		// 抽签 (R-F-5, R-T-8): drawn, never played.
		if lots() == 0 {
			return matchState{winner: a, decided: true, lots: true}
		}
		return matchState{winner: b, decided: true, lots: true}
	}
	return matchState{next: step}
}

// gamePoints is a regular game's 2/1/0 for a and for the other player.
func gamePoints(g MatchGame, a int) (int, int) {
	var red, black int
	switch g.Result {
	case RedWin, RedForfeitWin:
		red = 2
	case BlackWin, BlackForfeitWin:
		black = 2
	case Draw:
		red, black = 1, 1
	}
	if g.Red == a {
		return red, black
	}
	return black, red
}

// tieWinner is who won a tie-break game, 0 when it left the match level.
// In armageddon a draw is black's (和棋黑胜).
func tieWinner(g MatchGame) int {
	switch g.Result {
	case RedWin, RedForfeitWin:
		return g.Red
	case BlackWin, BlackForfeitWin:
		return g.Black
	case Draw:
		if g.Step == TieArmageddon {
			return g.Black
		}
	}
	return 0
}

func leader(a, b, pa, pb int) int {
	if pa > pb {
		return a
	}
	return b
}

// next is the game a match plays next: game 1 with the colours of the 猜先
// (firstRed, R-C-3; 0 keeps the pairing's, a red), every later game, tie
// games included, with the previous game's colours swapped (§13.5; seed 003:
// "和棋加赛不再抽签，依次换先"). guessWinner chose colours in the first 猜先;
// the other chooses in armageddon (armageddonChooser).
func (f MatchFormat) next(a, b, firstRed, guessWinner int, games []MatchGame, st matchState) NextGame {
	g := NextGame{Step: st.next, Red: a, Black: b}
	if firstRed == b {
		g.Red, g.Black = b, a
	}
	if n := len(games); n > 0 {
		last := games[n-1]
		g.Red, g.Black = last.Black, last.Red
	}
	if g.Step == TieArmageddon && len(games) > 0 {
		g.Chooser = armageddonChooser(a, b, guessWinner, games[0])
	}
	return g
}

// armageddonChooser is who picks the colours of an armageddon game (R-F-5):
// the player who did not choose in the first 猜先. When nobody guessed, game
// 1's colours were the pairing's, red to the bracket's first slot, as if he
// had chosen: so the player who had black in game 1 chooses. That is the
// rule's own outcome whenever the 猜先's winner takes red, as he mostly
// does; it needs no lots, and both players know it from game 1 on.
func armageddonChooser(a, b, guessWinner int, first MatchGame) int {
	switch guessWinner {
	case a:
		return b
	case b:
		return a
	}
	return first.Black
}

// drawLots is a fair coin for match id drawn from seed: 0 for the first
// slot, 1 for the second. It depends on nothing else, so a match's lots can
// be recorded once and checked (R-T-8).
func drawLots(seed uint64, match int) int {
	r := rand.New(rand.NewPCG(seed, lotsStream^uint64(match)*0x9e3779b97f4a7c15))
	return r.IntN(2)
}

func (f MatchFormat) String() string {
	s := fmt.Sprintf("%d game(s)", f.Games)
	if f.BestOf {
		s = fmt.Sprintf("best of %d", f.Games)
	}
	return fmt.Sprintf("%s, tie %v", s, f.Tie)
}
