package engine

import (
	"fmt"
	"math/bits"
	"testing"
)

// R-F-3, R-F-6: the knockout after groups keeps a group's players apart —
// two of one group meet only in the final — and no two group winners meet
// in the first round, for every group count, by either draw; with one
// going on a group, halves pairs group 1 with group n/2+1 (seed 003).
func TestGroupSlotsKeepGroupsApart_R_F_3(t *testing.T) {
	for _, n := range []int{2, 3, 4, 6, 8, 12} {
		for _, k := range []int{1, 2} {
			for _, d := range []GroupDraw{GroupHalves, WinnerRunnerUp} {
				if d == WinnerRunnerUp && k == 1 {
					continue // refused by the plan: no runners-up go on
				}
				t.Run(fmt.Sprintf("%d groups top %d %v", n, k, d), func(t *testing.T) {
					slots := GroupSlots(n, k, d)
					b := KnockoutOf(slots, nil, KnockoutSettings{Draw: DrawAdjacent, Format: OneGame})
					final := b.Matches[len(b.Matches)-1].Round
					seen := map[Slot]int{} // a place's first-round match
					for _, m := range b.Matches {
						if m.Round != 1 {
							continue
						}
						a, c := m.Slots[0], m.Slots[1]
						if a.Kind == SlotRank && c.Kind == SlotRank && a.Rank == 1 && c.Rank == 1 && k > 1 {
							t.Errorf("two winners at once in match %d: %v v %v", m.ID, a, c)
						}
						for _, s := range m.Slots {
							if s.Kind != SlotRank {
								continue
							}
							if _, twice := seen[s]; twice {
								t.Fatalf("%v placed twice: %v", s, slots)
							}
							seen[s] = m.ID
						}
					}
					if len(seen) != n*k {
						t.Fatalf("%d places in the bracket, want %d: %v", len(seen), n*k, slots)
					}
					for g := 1; g <= n; g++ {
						for r := 2; r <= k; r++ {
							a, c := Slot{Kind: SlotRank, Group: g, Rank: 1}, Slot{Kind: SlotRank, Group: g, Rank: r}
							if got := meetingRound(b, seen[a], seen[c]); got != final {
								t.Errorf("%v and %v may meet in round %d, before the final (%d): %v", a, c, got, final, slots)
							}
						}
					}
					if k == 1 && d == GroupHalves {
						if m := b.Matches[0]; m.Slots[1].Group != (n+1)/2+1 {
							t.Errorf("group 1's winner meets %v, want group %d's", m.Slots[1], (n+1)/2+1)
						}
					}
				})
			}
		}
	}
}

// meetingRound is the round in which the winners of first-round matches x
// and y would meet: their matches' paths join there.
func meetingRound(b *Bracket, x, y int) int {
	at := func(id int) map[int]bool {
		path := map[int]bool{id: true}
		for _, m := range b.Matches {
			for _, s := range m.Slots {
				if s.Kind == SlotWinner && path[s.Match] {
					path[m.ID] = true
				}
			}
		}
		return path
	}
	px, py := at(x), at(y)
	for _, m := range b.Matches {
		if px[m.ID] && py[m.ID] {
			return m.Round
		}
	}
	return 0
}

// With byes (3 groups, top 2: 6 of 8), the byes go to the first winners.
func TestGroupSlotsByesToWinners_R_F_4(t *testing.T) {
	slots := GroupSlots(3, 2, GroupHalves)
	if len(slots) != 8 || bits.OnesCount(uint(len(slots))) != 1 {
		t.Fatalf("%d slots: %v", len(slots), slots)
	}
	for i := 0; i < len(slots); i += 2 {
		a, c := slots[i], slots[i+1]
		if c.Kind == SlotBye && (a.Kind != SlotRank || a.Rank != 1) {
			t.Errorf("a bye for %v: %v", a, slots)
		}
	}
}
