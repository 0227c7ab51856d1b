package rating

import (
	"math"
	"math/rand/v2"
	"testing"
)

// oracle is a second implementation of R-R-1..4, written from rules.md
// rather than from List: each player's games of an event are gathered
// first, then every rating is worked out from the ratings before the
// event, one player at a time.
type oracle struct {
	s      Settings
	rating map[int]float64 // only the rated
	games  map[int]int
	peak   map[int]float64
	byHand map[int]bool
}

func newOracle(s Settings) *oracle {
	return &oracle{s: s, rating: map[int]float64{}, games: map[int]int{}, peak: map[int]float64{}, byHand: map[int]bool{}}
}

func (o *oracle) set(id int, r float64) {
	if r <= 0 {
		delete(o.rating, id)
		o.games[id], o.byHand[id] = 0, false
		return
	}
	o.rating[id], o.games[id], o.byHand[id] = r, 0, true
	if r > o.peak[id] {
		o.peak[id] = r
	}
}

// played is one game as one player saw it.
type played struct {
	opp   int
	score float64
	red   bool
}

func (o *oracle) expect(mine, theirs float64, red bool) float64 {
	d := mine - theirs
	if red {
		d += o.s.RedBonus
	} else {
		d -= o.s.RedBonus
	}
	if d > o.s.Cap {
		d = o.s.Cap
	}
	if d < -o.s.Cap {
		d = -o.s.Cap
	}
	return 1 / (1 + math.Exp(-d*math.Ln10/400))
}

func (o *oracle) kOf(id int) float64 {
	if o.s.KRule == FixedK {
		return o.s.K
	}
	if o.games[id] < 30 && !o.byHand[id] {
		return 40
	}
	if o.peak[id] >= 2400 {
		return 10
	}
	return 20
}

func (o *oracle) rate(ev Event) {
	byPlayer := map[int][]played{}
	for _, g := range ev.Games {
		if g.Red == g.Black {
			continue
		}
		byPlayer[g.Red] = append(byPlayer[g.Red], played{g.Black, g.RedScore, true})
		byPlayer[g.Black] = append(byPlayer[g.Black], played{g.Red, 1 - g.RedScore, false})
	}
	before := map[int]float64{}
	for id, r := range o.rating {
		before[id] = r
	}
	next := map[int]float64{}
	counted := map[int]int{}
	for id, games := range byPlayer {
		mine, rated := before[id]
		if rated {
			w, we, n := 0.0, 0.0, 0
			for _, g := range games {
				theirs, ok := before[g.opp]
				if !ok {
					continue
				}
				w += g.score
				we += o.expect(mine, theirs, g.red)
				n++
			}
			if n > 0 {
				next[id] = mine + o.kOf(id)*(w-we)
				counted[id] = n
			}
			continue
		}
		var vsRated []played
		for _, g := range games {
			if _, ok := before[g.opp]; ok {
				vsRated = append(vsRated, g)
			}
		}
		pool, avg := vsRated, 0.0
		if len(pool) == 0 {
			pool, avg = games, o.s.Start
		} else {
			for _, g := range pool {
				avg += before[g.opp]
			}
			avg /= float64(len(pool))
		}
		pts := 0.0
		for _, g := range pool {
			pts += g.score
		}
		halfPointsAbove := (pts - float64(len(pool))/2) * 2
		next[id] = avg + 12.5*halfPointsAbove
		counted[id] = len(pool)
		o.games[id], o.byHand[id] = 0, false
	}
	for id, r := range next {
		o.rating[id] = r
		o.games[id] += counted[id]
		if r > o.peak[id] {
			o.peak[id] = r
		}
	}
}

// randomSettings is one of the lists a club may keep.
func randomSettings(rng *rand.Rand) Settings {
	s := Defaults()
	switch rng.IntN(4) {
	case 1:
		s.KRule, s.Cap = FIDEK, 400
	case 2:
		s.K, s.RedBonus = 20, 40
	case 3:
		s.K, s.Cap, s.Provisional, s.Start = 40, 400, 3, 1200
	}
	return s
}

// TestListAgreesWithOracle plays random seasons — players with ratings
// set by hand and without, set again midway, events of random games with
// repeats and unrated newcomers — through List and through the oracle,
// and compares every rating, its games and its provisional mark.
func TestListAgreesWithOracle(t *testing.T) {
	for seed := range uint64(400) {
		rng := rand.New(rand.NewPCG(seed, 27))
		s := randomSettings(rng)
		l, o := New(s), newOracle(s)
		players := 2 + rng.IntN(14)
		for id := 1; id <= players; id++ {
			if rng.IntN(3) > 0 {
				r := float64(1000 + rng.IntN(1600))
				l.Set(id, r)
				o.set(id, r)
			}
		}
		for e := range 1 + rng.IntN(8) {
			if rng.IntN(5) == 0 {
				id, r := 1+rng.IntN(players), float64(rng.IntN(2600))
				l.Set(id, r)
				o.set(id, r)
			}
			ev := Event{ID: int64(e + 1)}
			for range rng.IntN(3 * players) {
				a, b := 1+rng.IntN(players), 1+rng.IntN(players)
				ev.Games = append(ev.Games, Game{Red: a, Black: b, RedScore: float64(rng.IntN(3)) / 2})
			}
			l.Rate(ev)
			o.rate(ev)
		}
		for id := 1; id <= players; id++ {
			p, _ := l.Player(id)
			want, rated := o.rating[id]
			if p.Rated != rated || rated && math.Abs(p.Rating-want) > 1e-9 {
				t.Fatalf("seed %d, player %d: list %v (rated %v), oracle %v (rated %v)", seed, id, p.Rating, p.Rated, want, rated)
			}
			if !rated {
				continue
			}
			if p.Games != o.games[id] {
				t.Fatalf("seed %d, player %d: %d games, oracle %d", seed, id, p.Games, o.games[id])
			}
			if prov := !o.byHand[id] && o.games[id] < s.Provisional; l.Provisional(p) != prov {
				t.Fatalf("seed %d, player %d: provisional %v, oracle %v", seed, id, l.Provisional(p), prov)
			}
		}
	}
}

// BenchmarkSeason rates a club's year: 40 events of 30 players, 7 rounds.
func BenchmarkSeason(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	events := make([]Event, 40)
	for i := range events {
		events[i].ID = int64(i + 1)
		for range 7 * 15 {
			events[i].Games = append(events[i].Games, Game{Red: 1 + rng.IntN(120), Black: 1 + rng.IntN(120), RedScore: float64(rng.IntN(3)) / 2})
		}
	}
	b.ReportAllocs()
	for b.Loop() {
		l := New(Defaults())
		for id := 1; id <= 60; id++ {
			l.Set(id, float64(1200+10*id))
		}
		for _, ev := range events {
			l.Rate(ev)
		}
	}
}
