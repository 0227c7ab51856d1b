package engine

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
)

// Field is a stage played as an Event of its own — a round-robin pool of a
// groups stage (R-F-3), a round-robin final or a Swiss (R-F-6) — over some
// of the event's entrants. Player i of Event is Entrants[i-1], so the
// Swiss, the Berger tables and Standings work on it unchanged.
type Field struct {
	Entrants []int
	Event    *Event
	// Teams, for a field of teams (OfTeams), is the field's own team
	// event, whose team standings rank it.
	Teams *TeamEvent
	// ranked is a field of teams' ranking as last read, for the ties'
	// orders it was read with: a bracket reads its groups' places over
	// and over (team_groups.go).
	ranked *teamRanked
}

// NewField makes a field of the entrants, in seed order (sequence numbers
// 1, 2, …), played under s. A round robin gets its number of rounds from
// the field's size.
func NewField(entrants []int, s Settings) *Field {
	ev := &Event{Settings: s}
	ev.Settings.Tiebreaks = append([]Tiebreak(nil), s.Tiebreaks...)
	for i, id := range entrants {
		ev.Players = append(ev.Players, Player{ID: i + 1, Name: fmt.Sprint(id)})
	}
	switch {
	case len(entrants) < 2:
		// A field of one plays nobody: it is over at once, and its one
		// player is its first (a group of one when groups outnumber the
		// players who went on).
		if s.System != Swiss {
			ev.Settings.Rounds = 0
		}
	case s.System == RoundRobin:
		ev.Settings.Rounds = len(entrants) - 1 + len(entrants)%2
	case s.System == DoubleRoundRobin:
		ev.Settings.Rounds = 2 * (len(entrants) - 1 + len(entrants)%2)
	}
	return &Field{Entrants: append([]int(nil), entrants...), Event: ev}
}

// Ranking is the field's standings (R-T-*) in entrants' IDs.
func (f *Field) Ranking() []Placing {
	if f.Teams != nil {
		return f.teamRanking()
	}
	var rank []Placing
	for _, s := range Standings(f.Event) {
		rank = append(rank, Placing{Entrant: f.Entrants[s.Player-1], Place: s.Place, Shared: s.Shared})
	}
	return rank
}

// Over reports whether every round of the field is paired and decided.
func (f *Field) Over() bool {
	if len(f.Event.Rounds) < f.Event.Settings.Rounds {
		return false
	}
	for _, r := range f.Event.Rounds {
		for _, g := range r.Games {
			if g.Result == Pending {
				return false
			}
		}
	}
	return true
}

// GroupMethod is how entrants are put into groups (R-F-3).
type GroupMethod int8

const (
	// Snake deals the seeds (种子) in a snake: 1 to group 1, 2 to group 2,
	// …, the next row back from the last group, so every group is as strong.
	Snake GroupMethod = iota
	// DrawnGroups draws the groups by lots from the seed (抽签分组, seed 003).
	DrawnGroups
)

var groupMethodNames = enumNames[GroupMethod]{
	{Snake, []string{"snake", "种子"}},
	{DrawnGroups, []string{"drawn", "抽签"}},
}

func (m GroupMethod) String() string { return groupMethodNames.name(m) }

// Chinese is the method's Chinese name (种子, 抽签).
func (m GroupMethod) Chinese() string { return groupMethodNames.chinese(m) }

// ParseGroupMethod reads snake or drawn, in English or Chinese.
func ParseGroupMethod(s string) (GroupMethod, error) { return groupMethodNames.parse("groups", s) }

// groupStream is the PCG stream of the group draw.
const groupStream = 0x71697361692d6772 // "qisai-gr"

// Groups splits the entrants, in seed order, into count round-robin pools
// (R-F-3) as even as possible: sizes differ by at most one.
func Groups(entrants []int, count int, m GroupMethod, s Settings) []*Field {
	count = max(1, min(count, len(entrants)))
	order := append([]int(nil), entrants...)
	if m == DrawnGroups {
		r := rand.New(rand.NewPCG(s.Seed, groupStream))
		r.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
	}
	members := make([][]int, count)
	for i, id := range order {
		row, col := i/count, i%count
		if m == Snake && row%2 == 1 {
			col = count - 1 - col
		}
		members[col] = append(members[col], id)
	}
	s.System = RoundRobin
	pools := make([]*Field, count)
	for g := range pools {
		pools[g] = NewField(members[g], s)
	}
	return pools
}

// GroupDraw is how the advancing players of the groups meet in the knockout.
type GroupDraw int8

const (
	// GroupHalves: with one going on from each group, group 1's winner
	// meets group n/2+1's, and so on (seed 003, 12 groups: group 1 v group
	// 7); with more, each winner meets a runner-up: group g's runner-up
	// group g+n/2's winner, where the rule below allows.
	GroupHalves GroupDraw = iota
	// WinnerRunnerUp: group 1's winner meets group 2's runner-up, group 2's
	// winner group 1's runner-up, group 3's winner group 4's runner-up …,
	// where the rule below allows. It needs two going on a group.
	WinnerRunnerUp
)

// GroupSlots lists places 1..k of n groups in the order a knockout of
// draw DrawAdjacent pairs them, 1–2, 3–4, … (R-F-3, R-F-6); give them to
// KnockoutOf with the pools, and the bracket shows "G1#1 v G7#1" until
// the groups are played.
//
// With two or more going on a group, the players of one group have met
// already: they are kept apart in the bracket as long as it allows — two
// of a group only in the final — and no two group winners meet in the
// first round. The places are seeded as a standard bracket is (byes to the
// top seeds): the winners first, by group, then the runners-up, and so
// on, each given the free seed of its rank that meets its group's players
// latest, then the one the draw names (its first opponent the winner of
// the draw's partner group), then the first free one.
func GroupSlots(n, k int, d GroupDraw) []Slot {
	place := func(g, r int) Slot { return Slot{Kind: SlotRank, Group: g + 1, Rank: r + 1} }
	if k < 2 {
		var out []Slot
		h := (n + 1) / 2
		for g := range h {
			out = append(out, place(g, 0))
			if g+h < n {
				out = append(out, place(g+h, 0))
			}
		}
		return out
	}
	size := max(nextPow2(n*k), 2)
	order := bracketOrder(size)
	pos := make([]int, size+1) // a seed's bracket position, from 0
	for i, seed := range order {
		pos[seed] = i
	}
	// meets is the round in which positions a and b may meet: 1 for a
	// first-round pair, the final's for the two halves.
	meets := func(a, b int) int { return bits.Len(uint(a ^ b)) }
	partner := func(g int) int {
		if d == WinnerRunnerUp {
			return g ^ 1
		}
		return (g + n/2) % n
	}
	slotOf := make([]Slot, size+1) // by seed; the seeds past the field are byes
	for i := range slotOf {
		slotOf[i] = Slot{Kind: SlotBye}
	}
	seats := make([][]int, n) // each group's positions so far
	for g := range n {
		slotOf[g+1], seats[g] = place(g, 0), []int{pos[g+1]}
	}
	for r := 1; r < k; r++ {
		taken := make([]bool, n) // the rank's seeds given
		for g := range n {
			best, bestScore := 0, -1
			for i := range n {
				seed := r*n + i + 1
				if taken[i] {
					continue
				}
				score := 2 * bits.Len(uint(size))
				for _, at := range seats[g] {
					score = min(score, 2*meets(pos[seed], at))
				}
				if opp := size + 1 - seed; opp == partner(g)+1 && partner(g) != g {
					score++ // the draw's pair, when it costs nothing
				}
				if score > bestScore {
					best, bestScore = i, score
				}
			}
			taken[best] = true
			seed := r*n + best + 1
			slotOf[seed], seats[g] = place(g, r), append(seats[g], pos[seed])
		}
	}
	out := make([]Slot, size)
	for i, seed := range order {
		out[i] = slotOf[seed]
	}
	return out
}

// PairNext pairs the field's next round (Pair) and adds it (AddRound), its
// games waiting for results.
func (f *Field) PairNext() (Pairing, error) {
	p, err := Pair(f.Event)
	if err != nil {
		return p, err
	}
	return p, AddRound(f.Event, p)
}
