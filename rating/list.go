package rating

import (
	"cmp"
	"math"
	"slices"
)

// Game is one rated game: its two players (the caller's ids) and red's
// score, 1, ½ or 0. Forfeits and byes are no games (R-R-1): the caller
// leaves them out.
type Game struct {
	Red, Black int
	RedScore   float64
}

// Event is one event's rated games. Its games are rated together, each on
// the ratings its players had before the event (R-R-2).
type Event struct {
	ID    int64 // the caller's, named in the players' histories
	Games []Game
}

// Player is one player of the list.
type Player struct {
	ID int
	// Rating is unrounded; Rounded is what is shown (R-R-5). Rated says
	// there is one.
	Rating float64
	Rated  bool
	// Games counts the rated games played since the rating was first
	// given or last set.
	Games int
	// Peak is the highest rating the player has had (FIDE's K).
	Peak float64
	// set says the rating was set by hand (Set) rather than earned: it is
	// nobody's first performance, and it is not provisional.
	set     bool
	History []Entry
}

// Rounded is the rating as shown: a whole number (R-R-5).
func (p Player) Rounded() int { return Round(p.Rating) }

// Round rounds a rating as the list shows it (R-R-5).
func Round(r float64) int { return int(math.Round(r)) }

// Entry is one line of a player's history: an event they were rated in,
// or a rating set by hand.
type Entry struct {
	Event int64 // the event; 0 for a rating set by hand
	// Before and After are the ratings around it; Before is meaningless
	// when WasRated is false (the event gave the first rating, R-R-3).
	Before, After float64
	WasRated      bool
	// Games, Score and Expected are the event's rated games for the
	// player, what they scored, and what they were expected to (for a
	// first rating: the opponents' average rating instead, Average).
	Games           int
	Score, Expected float64
	Average         float64
	// Set says the rating was set by hand (an import, an organiser's
	// correction); Provisional that the rating after it is provisional.
	Set         bool
	Provisional bool
}

// Change is After − Before as the list shows them: the rounded ratings'
// difference, so that the numbers shown add up (R-R-5). 0 for a first
// rating.
func (e Entry) Change() int {
	if !e.WasRated {
		return 0
	}
	return Round(e.After) - Round(e.Before)
}

// List is a club's rating list as the timeline so far made it.
type List struct {
	s       Settings
	players map[int]*Player
}

// New is an empty list.
func New(s Settings) *List { return &List{s: s, players: map[int]*Player{}} }

// Settings are the list's.
func (l *List) Settings() Settings { return l.s }

// Player is the player id as the list has them; false when the list has
// never heard of them.
func (l *List) Player(id int) (Player, bool) {
	p, ok := l.players[id]
	if !ok {
		return Player{ID: id}, false
	}
	return *p, true
}

// Provisional reports whether p's rating is still provisional (R-R-3): a
// first rating earned, with fewer rated games than the list asks.
func (l *List) Provisional(p Player) bool {
	return p.Rated && !p.set && p.Games < l.s.Provisional
}

// Rated lists the rated players, best first (ties by id).
func (l *List) Rated() []Player {
	var out []Player
	for _, p := range l.players {
		if p.Rated {
			out = append(out, *p)
		}
	}
	slices.SortFunc(out, func(a, b Player) int {
		if c := cmp.Compare(b.Rating, a.Rating); c != 0 {
			return c
		}
		return cmp.Compare(a.ID, b.ID)
	})
	return out
}

// player is id's record, made on first mention.
func (l *List) player(id int) *Player {
	p, ok := l.players[id]
	if !ok {
		p = &Player{ID: id}
		l.players[id] = p
	}
	return p
}

// Set gives the player a rating by hand: an organiser's entry, an import
// of another list. It is established from then on, whatever came before;
// 0 or less makes them unrated again.
func (l *List) Set(id int, r float64) {
	p := l.player(id)
	e := Entry{Before: p.Rating, WasRated: p.Rated, After: r, Set: true}
	if r <= 0 {
		p.Rating, p.Rated, p.set, p.Games = 0, false, false, 0
		e.After = 0
	} else {
		p.Rating, p.Rated, p.set, p.Games = r, true, true, 0
		p.Peak = math.Max(p.Peak, r)
	}
	p.History = append(p.History, e)
}

// tally is one player's part of an event as it is rated.
type tally struct {
	rated  bool    // the player had a rating before the event
	before float64 // which
	// games, score and expected are a rated player's games against rated
	// opponents (R-R-2).
	games           int
	score, expected float64
	// firstGames, firstScore and sum are an unrated player's games against
	// rated opponents, what they scored and their opponents' ratings
	// summed (R-R-3); unrated and unratedScore their games against unrated
	// opponents, which count when there are no others.
	firstGames      int
	firstScore, sum float64
	unrated         int
	unratedScore    float64
}

// Rate rates an event: every game on the ratings its players had before
// it (R-R-2); a player without a rating gets their performance as their
// first one (R-R-3). It returns each player's line of history, by id.
func (l *List) Rate(ev Event) map[int]Entry {
	tallies := map[int]*tally{}
	start := func(id int) *tally {
		t, ok := tallies[id]
		if !ok {
			p := l.player(id)
			t = &tally{rated: p.Rated, before: p.Rating}
			tallies[id] = t
		}
		return t
	}
	for _, g := range ev.Games {
		if g.Red == g.Black {
			continue
		}
		red, black := start(g.Red), start(g.Black)
		l.tallyGame(red, black, g.RedScore, true)
		l.tallyGame(black, red, 1-g.RedScore, false)
	}
	out := make(map[int]Entry, len(tallies))
	for id, t := range tallies {
		if e, ok := l.settle(l.players[id], t, ev.ID); ok {
			out[id] = e
		}
	}
	return out
}

// tallyGame adds one game to the tally of a player who scored w against
// opp, playing red or not.
func (l *List) tallyGame(t, opp *tally, w float64, red bool) {
	switch {
	case t.rated && opp.rated:
		t.games++
		t.score += w
		t.expected += Expected(l.s.difference(t.before, opp.before, red), l.s.Cap)
	case !t.rated && opp.rated:
		// R-R-3: the performance against the rated opponents.
		t.firstGames++
		t.firstScore += w
		t.sum += opp.before
	case !t.rated:
		t.unrated++
		t.unratedScore += w
	}
	// A rated player's game against an unrated opponent rates neither
	// (the opponent had no rating to expect against): it gives the
	// opponent's first rating only.
}

// settle applies a player's tally: Rn = Ro + K·(W − We) (R-R-2), or the
// first rating, their performance (R-R-3). No rated game: no entry.
func (l *List) settle(p *Player, t *tally, event int64) (Entry, bool) {
	if t.rated {
		if t.games == 0 {
			return Entry{}, false
		}
		k := l.s.k(p)
		after := t.before + k*(t.score-t.expected)
		p.Rating = after
		p.Games += t.games
		p.Peak = math.Max(p.Peak, after)
		e := Entry{Event: event, Before: t.before, After: after, WasRated: true, Games: t.games, Score: t.score, Expected: t.expected, Provisional: l.Provisional(*p)}
		p.History = append(p.History, e)
		return e, true
	}
	games, score, average := t.firstGames, t.firstScore, 0.0
	switch {
	case games > 0:
		average = t.sum / float64(games)
	case t.unrated > 0:
		// Nobody they met had a rating: their opponents count at the
		// list's start (Settings.Start), and so a list grows from nothing.
		games, score, average = t.unrated, t.unratedScore, l.s.Start
	default:
		return Entry{}, false
	}
	// R-R-3: 12.5 points per half point above 50 % (below: minus).
	first := average + 12.5*(2*score-float64(games))
	p.Rating, p.Rated, p.Games, p.set = first, true, games, false
	p.Peak = math.Max(p.Peak, first)
	e := Entry{Event: event, After: first, Games: games, Score: score, Average: average, Provisional: l.Provisional(*p)}
	p.History = append(p.History, e)
	return e, true
}

// Worth is what a game is worth to a player (the round note, "胜 +8 / 和 −1 /
// 负 −10"): the change a win, a draw and a loss would make on its own.
type Worth struct {
	Win, Draw, Loss float64
}

// Worth is what a game against opp is worth to player, playing red or
// not, on their ratings now; false when either has no rating (the game
// then rates neither, or gives a first rating, R-R-3).
func (l *List) Worth(player, opp int, red bool) (Worth, bool) {
	p, ok := l.players[player]
	o, okOpp := l.players[opp]
	if !ok || !okOpp || !p.Rated || !o.Rated {
		return Worth{}, false
	}
	k := l.s.k(p)
	we := Expected(l.s.difference(p.Rating, o.Rating, red), l.s.Cap)
	return Worth{Win: k * (1 - we), Draw: k * (0.5 - we), Loss: -k * we}, true
}
