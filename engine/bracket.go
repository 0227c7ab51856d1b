package engine

import (
	"errors"
	"fmt"
	"slices"
)

// Bracket is a knockout stage (R-F-4): its matches, each with two slots
// that say where a player comes from, so the whole bracket can be shown
// before it is known. Results are the matches' games; who is in a slot is
// derived from them, so a corrected result re-routes every later match by
// itself (Correct).
//
// The model follows brackets-model's (brackets-manager.js): a stage has
// groups (the winners' bracket, the losers' bracket, the final, play-offs),
// a group has rounds, a round has matches, and a slot is a participant, a
// bye, or a match's winner or loser still to come.
type Bracket struct {
	Format MatchFormat
	Seed   uint64 // lots (抽签) for matches settled by them (R-F-5)
	// Matches[i].ID == i+1. A match's slots only name matches before it,
	// so the matches can be settled in order.
	Matches []Match
	// Tiers rank the entrants (Ranking): the players of one tier share a
	// place, tiers in order. A tier lists winners and losers of matches.
	Tiers [][]Slot
	// Unshared is how many top places may not be shared (前八名名次不并列,
	// R-T-8): a tier reaching into them is ordered by lots.
	Unshared int
	// Pools are the groups whose places SlotRank slots name (R-F-3): the
	// knockout after a groups stage can be shown before the groups end.
	Pools []*Field

	// settled caches the outcomes of the first fresh matches, for Play: a
	// game changes only the matches from its own on.
	settled []MatchOutcome
	fresh   int
}

// Part is the part of a bracket a match belongs to.
type Part int8

const (
	Winners    Part = iota // the main bracket (胜者组)
	Losers                 // the losers' bracket of a double elimination (败者组)
	GrandFinal             // the double elimination's final (and its reset)
	ThirdPlace             // the match for 3rd place (R-F-4)
	Playoff                // the play-offs for 5th–8th (R-F-4)
	PlaceFinal             // finals by place after two groups (同名次决赛, R-F-7)
)

var partNames = enumNames[Part]{
	{Winners, []string{"winners", "胜者组"}},
	{Losers, []string{"losers", "败者组"}},
	{GrandFinal, []string{"final", "总决赛"}},
	{ThirdPlace, []string{"third", "三四名"}},
	{Playoff, []string{"playoff", "附加赛"}},
	{PlaceFinal, []string{"places", "同名次决赛"}},
}

func (p Part) String() string { return partNames.name(p) }

// Chinese is the part's Chinese name (胜者组, 败者组 …).
func (p Part) Chinese() string { return partNames.chinese(p) }

// Match is one knockout match (R-F-5): two slots and the games played.
type Match struct {
	ID    int
	Part  Part
	Round int // the round within its part, from 1
	Slots [2]Slot
	Games []MatchGame
	// GuessWinner won the 猜先 before game 1 and FirstRed is whom he put on
	// red (R-C-3, R-C-4); both 0 when no 猜先 was made: the first slot is red.
	GuessWinner, FirstRed int
	// Reset marks a grand final's second match, played only when the
	// losers' bracket winner won the first.
	Reset bool
}

// SlotKind says where a slot's player comes from.
type SlotKind int8

const (
	SlotEntrant SlotKind = iota // a known entrant
	SlotBye                     // nobody: the other player goes on (抽空者直接进入下一轮, R-F-4)
	SlotWinner                  // the winner of match Match
	SlotLoser                   // the loser of match Match
	SlotRank                    // place Rank of group Group (Bracket.Pools), once it has played
)

// Slot is one side of a match.
type Slot struct {
	Kind    SlotKind
	Entrant int // SlotEntrant
	Match   int // SlotWinner, SlotLoser
	Group   int // SlotRank: the pool, from 1
	Rank    int // SlotRank: the place, from 1
}

// Entrants are slots of known entrants.
func Entrants(ids []int) []Slot {
	s := make([]Slot, len(ids))
	for i, id := range ids {
		s[i] = Slot{Kind: SlotEntrant, Entrant: id}
	}
	return s
}

func (s Slot) String() string {
	switch s.Kind {
	case SlotEntrant:
		return fmt.Sprint(s.Entrant)
	case SlotBye:
		return "bye"
	case SlotWinner:
		return fmt.Sprintf("W%d", s.Match)
	case SlotRank:
		return fmt.Sprintf("G%d#%d", s.Group, s.Rank)
	}
	return fmt.Sprintf("L%d", s.Match)
}

// UnknownPlayer is a slot's player while the match it comes from is undecided.
const UnknownPlayer = -1

// MatchOutcome is a match as far as it is known: its players (an entrant's ID,
// 0 for a bye, UnknownPlayer), and, once decided, who won and who lost (0 when
// nobody: a bye, a double forfeit).
type MatchOutcome struct {
	Players       [2]int
	Winner, Loser int
	Decided       bool
	ByLots        bool // settled by lots (R-F-5)
	Next          NextGame
}

// Outcomes settles every match in order (R-F-4, R-F-5). A match against a
// bye is decided at once; a match of two byes, or one a double forfeit
// ended, is decided with nobody going on, so it passes down the bracket as
// a bye.
//
// Change a bracket's matches through Play, Correct and Guess, which keep
// what is settled up to date.
func (b *Bracket) Outcomes() []MatchOutcome {
	b.fresh = 0
	return slices.Clone(b.settle(len(b.Matches)))
}

// settle brings the outcomes of the first n matches up to date.
func (b *Bracket) settle(n int) []MatchOutcome {
	if len(b.settled) != len(b.Matches) {
		b.settled, b.fresh = make([]MatchOutcome, len(b.Matches)), 0
	}
	if len(b.Pools) > 0 {
		b.fresh = 0 // the groups' games change outside the bracket
	}
	for i := b.fresh; i < n; i++ {
		b.settled[i] = b.outcome(i, b.settled)
	}
	b.fresh = max(b.fresh, n)
	return b.settled
}

// outcome settles match i from the outcomes of the matches before it.
func (b *Bracket) outcome(i int, out []MatchOutcome) MatchOutcome {
	m := &b.Matches[i]
	var o MatchOutcome
	for k, s := range m.Slots {
		o.Players[k] = b.resolve(s, out)
	}
	pa, pb := o.Players[0], o.Players[1]
	switch {
	case m.Reset && b.resetSkipped(m, &o, out):
	case pa == UnknownPlayer || pb == UnknownPlayer:
	case pa == 0 || pb == 0:
		o.Decided, o.Winner = true, pa+pb
	default:
		st := b.Format.state(pa, pb, m.Games, func() int { return drawLots(b.Seed, m.ID) })
		o.Decided, o.ByLots = st.decided, st.lots
		if st.decided && !st.doubleFF {
			o.Winner = st.winner
			o.Loser = pa + pb - st.winner
		}
		if !st.decided {
			o.Next = b.Format.next(pa, pb, m.FirstRed, m.GuessWinner, m.Games, st)
		}
	}
	return o
}

// Guess records match id's 猜先 (R-C-3, R-C-4): who won it and whom he
// put on red for game 1.
func (b *Bracket) Guess(id, winner, red int) error {
	if id < 1 || id > len(b.Matches) {
		return fmt.Errorf("match %d: no such match: %w", id, ErrNoMatch)
	}
	b.Matches[id-1].GuessWinner, b.Matches[id-1].FirstRed = winner, red
	b.fresh = min(b.fresh, id-1)
	return nil
}

// resetSkipped settles a grand final's reset that is not played: the
// winners' bracket winner won the first final, and stays the winner.
func (b *Bracket) resetSkipped(m *Match, o *MatchOutcome, out []MatchOutcome) bool {
	first := out[m.Slots[0].Match-1]
	if !first.Decided || first.Winner != first.Players[0] {
		return false
	}
	o.Decided, o.Winner, o.Loser = true, first.Winner, first.Loser
	return true
}

func (b *Bracket) resolve(s Slot, out []MatchOutcome) int {
	switch s.Kind {
	case SlotEntrant:
		return s.Entrant
	case SlotBye:
		return 0
	case SlotRank:
		if s.Group < 1 || s.Group > len(b.Pools) || !b.Pools[s.Group-1].Over() {
			return UnknownPlayer
		}
		if rank := b.Pools[s.Group-1].Ranking(); s.Rank <= len(rank) {
			return rank[s.Rank-1].Entrant
		}
		return 0 // a group too small to have that place
	}
	o := out[s.Match-1]
	if !o.Decided {
		return UnknownPlayer
	}
	if s.Kind == SlotWinner {
		return o.Winner
	}
	return o.Loser
}

// Play records the next game of match id with its result, checking that
// the match is still being played and the colours are the ones the match
// gives (or the chooser's, in armageddon).
func (b *Bracket) Play(id int, g MatchGame) error {
	if id < 1 || id > len(b.Matches) {
		return fmt.Errorf("match %d: no such match: %w", id, ErrNoMatch)
	}
	o := b.outcome(id-1, b.settle(id-1))
	if o.Decided {
		return fmt.Errorf("match %d: %w", id, ErrMatchOver)
	}
	if o.Players[0] == UnknownPlayer || o.Players[1] == UnknownPlayer {
		return fmt.Errorf("match %d: its players are not known yet: %w", id, ErrNoMatch)
	}
	want := o.Next
	if g.Red != want.Red || g.Black != want.Black {
		swapped := g.Red == want.Black && g.Black == want.Red
		if !swapped || want.Chooser == 0 {
			return fmt.Errorf("match %d: game colours %d–%d, the match gives %d–%d: %w",
				id, g.Red, g.Black, want.Red, want.Black, ErrNoMatch)
		}
	}
	g.Step = want.Step
	if g.Step == TieCaptures && g.Result == Pending {
		g.Result = CapturesResult(g.RedCaptures, g.BlackCaptures)
	}
	if g.Result == Pending {
		return fmt.Errorf("match %d: a game needs its result (pieces captured only for a %s step): %w", id, TieCaptures, ErrNoMatch)
	}
	b.Matches[id-1].Games = append(b.Matches[id-1].Games, g)
	b.fresh = min(b.fresh, id-1)
	return nil
}

// CapturesResult is 按吃子数多少定胜负 (seed 003, R-F-5): the side that
// captured more pieces wins; as many is a draw, and the tie chain goes on.
func CapturesResult(red, black int) Result {
	switch {
	case red > black:
		return RedWin
	case red < black:
		return BlackWin
	}
	return Draw
}

// ErrNoMatch is the kind of a refused game: no such match, players not
// known, wrong colours.
var ErrNoMatch = errors.New("invalid match game")

// ErrLaterPlayed is the kind of a refused correction: a match it re-routes
// has been played. The chat words it and offers the cascade.
var ErrLaterPlayed = errors.New("a later match has been played")

// CorrectionError names the played matches a correction would re-route.
type CorrectionError struct {
	Match int
	Later []int // played matches whose players would change, in order
}

func (e *CorrectionError) Error() string {
	return fmt.Sprintf("correcting match %d changes matches %v, already played: confirm to replay them / 更正第%d场会改变已进行的第%v场，确认后重赛",
		e.Match, e.Later, e.Match, e.Later)
}

func (e *CorrectionError) Unwrap() error { return ErrLaterPlayed }

// Correct replaces match id's games. The players of later matches follow
// the new result by themselves; a later match whose players change and that
// has games already is refused with a *CorrectionError, unless cascade is
// set: then those matches' games are cleared, to be played again.
func (b *Bracket) Correct(id int, games []MatchGame, cascade bool) error {
	if id < 1 || id > len(b.Matches) {
		return fmt.Errorf("match %d: no such match: %w", id, ErrNoMatch)
	}
	defer func() { b.fresh = 0 }() // games changed behind Play's back
	before := b.Outcomes()
	old := b.Matches[id-1].Games
	b.Matches[id-1].Games = games
	after := b.Outcomes()
	var later []int
	for i := id; i < len(b.Matches); i++ {
		if len(b.Matches[i].Games) > 0 && before[i].Players != after[i].Players {
			later = append(later, i+1)
		}
	}
	if len(later) == 0 {
		return nil
	}
	if !cascade {
		b.Matches[id-1].Games = old
		return &CorrectionError{Match: id, Later: later}
	}
	// Clearing a match can change the players of those after it: repeat
	// until nothing played is left with new players.
	for len(later) > 0 {
		for _, m := range later {
			b.Matches[m-1].Games = nil
		}
		now := b.Outcomes()
		later = later[:0]
		for i := id; i < len(b.Matches); i++ {
			if len(b.Matches[i].Games) > 0 && before[i].Players != now[i].Players {
				later = append(later, i+1)
			}
		}
	}
	return nil
}

// Over reports whether every match is decided.
func (b *Bracket) Over() bool {
	for _, o := range b.Outcomes() {
		if !o.Decided {
			return false
		}
	}
	return true
}
