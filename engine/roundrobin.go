package engine

// pairRoundRobin pairs a round of a round robin from the FIDE Berger table
// (循环赛对局秩序表, R-C-2); a double round robin plays the cycle twice,
// colours swapped in the second (R-F-2).
//
// The table is drawn over the entrants: every player except those who
// withdrew before round 1 (R-W-1), numbered 1, 2, … in ID order. With no such
// withdrawal the table number is the player's ID. An odd field plays the table
// of one more; whoever meets that missing number has the bye (Pairing.Byes).
//
// A player who withdrew during the event keeps their place in the table and
// their board is still returned: AddRound turns it into a forfeit (R-W-2).
func pairRoundRobin(ev *Event, round int) (Pairing, error) {
	t, err := newBergerTable(ev)
	if err != nil {
		return Pairing{}, err
	}
	if round < 1 || round > t.rounds {
		return Pairing{}, &PairingError{Reason: PairPastLast, Round: round, Rounds: t.rounds}
	}
	second := (round-1)/(t.size-1) == 1
	p := Pairing{Round: round}
	for _, pair := range bergerRound(t.size, (round-1)%(t.size-1)+1) {
		red, black, rule := pair[0], pair[1], ColourBerger
		if second {
			red, black, rule = black, red, ColourSecondCycle
		}
		switch {
		case red > len(t.ids):
			p.Byes = append(p.Byes, t.ids[black-1])
		case black > len(t.ids):
			p.Byes = append(p.Byes, t.ids[red-1])
		default:
			p.Boards = append(p.Boards, Board{
				Number:     len(p.Boards) + 1,
				Red:        t.ids[red-1],
				Black:      t.ids[black-1],
				Placed:     PlacedBerger,
				ColourRule: rule,
			})
		}
	}
	return p, nil
}

// PlannedRounds is how many rounds ev plays: Settings.Rounds, or in a
// round robin its Berger table's, every entrant meeting every other once
// (twice in a double round robin; R-C-2, R-F-2) unless fewer are set. A
// round robin too small to draw says Settings.Rounds.
func PlannedRounds(ev *Event) int {
	if ev.Settings.System != RoundRobin && ev.Settings.System != DoubleRoundRobin {
		return ev.Settings.Rounds
	}
	t, err := newBergerTable(ev)
	if err != nil {
		return ev.Settings.Rounds
	}
	return t.rounds
}

// bergerTable is a round robin's draw: who holds which table number and
// how many rounds the event plays.
type bergerTable struct {
	ids    []int // ids[k-1] is the player with table number k
	size   int   // the Berger table played: len(ids), or one more when odd
	rounds int   // rounds in the event: whole cycles, or Settings.Rounds
}

func newBergerTable(ev *Event) (bergerTable, error) {
	var t bergerTable
	for _, p := range ev.Players {
		if p.WithdrawnAfter != -1 { // R-W-1: left before the draw
			t.ids = append(t.ids, p.ID)
		}
	}
	if len(t.ids) < 2 {
		// Players withdrawn before round 1 do not count (R-W-1).
		return t, &PairingError{Reason: PairTooFew, Round: 1, Players: len(t.ids)}
	}
	t.size = len(t.ids) + len(t.ids)%2
	cycles := 1
	if ev.Settings.System == DoubleRoundRobin {
		cycles = 2
	}
	t.rounds = cycles * (t.size - 1)
	switch r := ev.Settings.Rounds; {
	case r > t.rounds:
		return t, &PairingError{Reason: PairTableShort, Players: len(t.ids), Rounds: t.rounds, Asked: r}
	case r > 0:
		t.rounds = r
	}
	return t, nil
}

// games counts the games the player with table number k is drawn to play
// over the whole event: every round but the byes.
func (t bergerTable) games(k int) int {
	n := t.rounds
	if t.size > len(t.ids) {
		for r := 1; r <= t.rounds; r++ {
			for _, pair := range bergerRound(t.size, (r-1)%(t.size-1)+1) {
				if pair == [2]int{k, t.size} || pair == [2]int{t.size, k} {
					n--
				}
			}
		}
	}
	return n
}

// number returns the table number of a player, 0 when the player is not in
// the table.
func (t bergerTable) number(id int) int {
	for i, x := range t.ids {
		if x == id {
			return i + 1
		}
	}
	return 0
}

// bergerRound returns round r (1 ≤ r < size) of the Berger table for an even
// size: boards in table order, each [red, black] (R-C-2). It is the
// standard construction behind FIDE Handbook C.05 Annex 1: the number
// `size` stays put while 1 … size−1 turn on a circle. Round r starts the
// circle at 1 + (r−1)·size/2 (mod size−1); that number meets `size` on
// board 1, taking red in odd rounds and black in even ones, and the
// remaining numbers pair off from both ends of the circle, the front one red.
func bergerRound(size, r int) [][2]int {
	m := size - 1
	start := (r - 1) * (size / 2) % m
	at := func(i int) int { return (start+i)%m + 1 }
	boards := make([][2]int, 0, size/2)
	if r%2 == 1 {
		boards = append(boards, [2]int{at(0), size})
	} else {
		boards = append(boards, [2]int{size, at(0)})
	}
	for i := 1; i < size/2; i++ {
		boards = append(boards, [2]int{at(i), at(m - i)})
	}
	return boards
}
