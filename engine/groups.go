package engine

import (
	"fmt"
	"math/rand/v2"
)

// Field is a stage played as an Event of its own — a round-robin pool of a
// groups stage (R-F-3), a round-robin final or a Swiss (R-F-6) — over some
// of the event's entrants. Player i of Event is Entrants[i-1], so the
// Swiss, the Berger tables and Standings work on it unchanged.
type Field struct {
	Entrants []int
	Event    *Event
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
	switch s.System {
	case RoundRobin:
		ev.Settings.Rounds = len(entrants) - 1 + len(entrants)%2
	case DoubleRoundRobin:
		ev.Settings.Rounds = 2 * (len(entrants) - 1 + len(entrants)%2)
	}
	return &Field{Entrants: append([]int(nil), entrants...), Event: ev}
}

// Ranking is the field's standings (R-T-*) in entrants' IDs.
func (f *Field) Ranking() []Placing {
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
	// GroupHalves: group 1's winner meets group n/2+1's, and so on (seed
	// 003, 12 groups: group 1 v group 7); with two advancing a group, the
	// runners-up follow the same way.
	GroupHalves GroupDraw = iota
	// WinnerRunnerUp: group 1's winner meets group 2's runner-up, group 2's
	// winner group 1's runner-up, group 3's winner group 4's runner-up …
	WinnerRunnerUp
)

// GroupSlots lists places 1..k of n groups in the order a knockout of
// draw DrawAdjacent pairs them, 1–2, 3–4, … (R-F-3, R-F-6); give them to
// KnockoutOf with the pools, and the bracket shows "G1#1 v G7#1" until
// the groups are played.
func GroupSlots(n, k int, d GroupDraw) []Slot {
	place := func(g, r int) Slot { return Slot{Kind: SlotRank, Group: g + 1, Rank: r + 1} }
	var out []Slot
	switch d {
	case WinnerRunnerUp:
		for g := 0; g+1 < n; g += 2 {
			out = append(out, place(g, 0), place(g+1, 1), place(g+1, 0), place(g, 1))
			for r := 2; r < k; r++ {
				out = append(out, place(g, r), place(g+1, r))
			}
		}
		if n%2 == 1 {
			for r := range k {
				out = append(out, place(n-1, r))
			}
		}
	default:
		h := (n + 1) / 2
		for r := range k {
			for g := range h {
				out = append(out, place(g, r))
				if g+h < n {
					out = append(out, place(g+h, r))
				}
			}
		}
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
