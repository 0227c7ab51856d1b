package engine

import (
	"math/rand/v2"
	"slices"
)

// Play-offs (R-T-8; seed 000 范文三: "若出现平局现象，双方选择加赛一局或以抽签
// 方式分出胜负"): places that may not be shared — a group's qualifying
// places, the champion, the prize places — are settled, where the
// tiebreaks leave players level, by a chain: a play-off game under each
// of its rules in turn (加赛, 快棋, 和棋黑胜 …), the last one repeating, then
// lots. Two players play it off; more are drawn by lots. An Event's
// Playoffs hold the orders settled, which Standings ranks by after the
// tiebreaks and before 抽签.

// Ties are the runs of rank's players who share a place reaching into the
// first upto places (3=, 3= with upto 3), each in rank's order.
func Ties(rank []Placing, upto int) [][]Placing {
	var out [][]Placing
	for i := 0; i < len(rank); {
		j := i + 1
		for j < len(rank) && rank[j].Place == rank[i].Place {
			j++
		}
		if j-i > 1 && rank[i].Place <= upto {
			out = append(out, rank[i:j:j])
		}
		i = j
	}
	return out
}

// Decider is two tied players' play-off (加赛, R-T-8): games under Chain's
// rules in turn, the last repeating; 抽签 (TieLots) ends it by lots drawn
// from Seed on Stream, without a game. Players[0] has red in the first
// game, the colours swapping after it (R-C-3), and in armageddon the
// player who had black in the first game chooses (R-F-5).
type Decider struct {
	Players [2]int
	Chain   []TieRule
	Games   []MatchGame
	Seed    uint64
	Stream  uint64
}

// DeciderOutcome is a play-off as far as its games go: once decided, who
// won and lost (Order, best first) and whether lots did it; else the
// next game.
type DeciderOutcome struct {
	Decided bool
	Order   [2]int
	ByLots  bool
	Next    NextGame
}

// Outcome settles the play-off's games so far.
func (p Decider) Outcome() DeciderOutcome {
	a, b := p.Players[0], p.Players[1]
	f := MatchFormat{Tie: p.Chain}
	st := f.stateAfter(0, a, b, p.Games, func() int { return drawLots(p.Seed, int(p.Stream)) })
	if !st.decided {
		return DeciderOutcome{Next: f.next(a, b, 0, 0, p.Games, st)}
	}
	if st.doubleFF || st.winner == 0 {
		// Neither played: the lots settle what the games did not.
		order := DrawOrder([]int{a, b}, p.Seed, p.Stream)
		return DeciderOutcome{Decided: true, Order: [2]int{order[0], order[1]}, ByLots: true}
	}
	return DeciderOutcome{Decided: true, Order: [2]int{st.winner, a + b - st.winner}, ByLots: st.lots}
}

// playoffStream is the PCG stream of the lots that settle ties (R-T-8).
const playoffStream = 0x71697361692d706f // "qisai-po"

// DrawOrder orders tied players by lots (抽签, R-T-8) drawn from seed on
// stream: the same players, seed and stream always give the same order,
// whatever order the players come in.
func DrawOrder(ids []int, seed, stream uint64) []int {
	out := slices.Clone(ids)
	slices.Sort(out)
	r := rand.New(rand.NewPCG(seed, playoffStream^stream*0x9e3779b97f4a7c15))
	r.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
	return out
}

// PlayoffStream is the lots stream of a tie: the stage (from 0), the
// field (from 1, 0 for an event's own standings) and the place it shares,
// so that each tie's lots are its own.
func PlayoffStream(stage, field, place int) uint64 {
	return uint64(stage)<<40 | uint64(field)<<20 | uint64(place)
}
