package engine

import (
	"fmt"
	"slices"
)

// WithdrawTeam records that team id leaves the event after round `after`
// (0 = before round 1), as Withdraw does for a player (R-W-1..4), applied
// to the team-level event: it refuses with a *WithdrawalError what Withdraw
// refuses, and also a round after `after` in which one of the team's boards
// has a result over the board.
//
// In the rounds already paired after `after`, the team's boards are left
// empty: every board goes to the opponent by forfeit (an opponent without a
// line-up yet plays its regulars). A team that left a round robin having
// played fewer than half of its matches has all its matches struck out
// (Void, R-W-2). In a Swiss the team is not paired again (R-W-3); a bye it
// had in a later round is taken back.
func WithdrawTeam(ev *TeamEvent, id, after int) error { return withdrawTeam(ev, id, after, 0) }

// WithdrawGroupTeam is WithdrawTeam for a team of a staged event whose
// round robin is its group, not the whole event: R-W-2's half (§20.3: "凡
// 已赛对手不足半数者") is of games, the matches the group gives the team (its
// group's size less one, twice in a double round robin). Played fewer than
// half, all its matches are struck out; else they stand and the rest go to
// its opponents by forfeit.
func WithdrawGroupTeam(ev *TeamEvent, id, after, games int) error {
	if games < 1 {
		return fmt.Errorf("withdraw team %d: a group gives it %d matches", id, games)
	}
	return withdrawTeam(ev, id, after, games)
}

// withdrawTeam withdraws team id after round `after`; games, when not 0,
// is the number of matches R-W-2's half is of.
func withdrawTeam(ev *TeamEvent, id, after, games int) error {
	t, ok := ev.Team(id)
	if !ok {
		return fmt.Errorf("withdraw team %d: no such team (teams are numbered 1 to %d)", id, len(ev.Teams))
	}
	for r := max(after, 0); r < len(ev.Rounds); r++ {
		for _, m := range ev.Rounds[r].Matches {
			if m.First != id && m.Second != id {
				continue
			}
			for _, g := range m.Games {
				if g.Result.Played() {
					return fmt.Errorf("withdraw team %d %s after round %d: %w", id, t.Name, after, &WithdrawalError{Reason: WithdrawHasResult, Round: r + 1})
				}
			}
		}
	}
	level := ev.TeamLevel()
	struck := games > 0 && 2*playedMatches(level, id, after) < games
	if err := Withdraw(level, id, after); err != nil {
		return fmt.Errorf("withdraw team %d %s: %w", id, t.Name, err)
	}
	ev.Teams[id-1].WithdrawnAfter = level.Players[id-1].WithdrawnAfter
	for r := range ev.Rounds {
		rd := &ev.Rounds[r]
		for i := range rd.Matches {
			m := &rd.Matches[i]
			if m.First != id && m.Second != id {
				continue
			}
			if games > 0 {
				m.Void = m.Void || struck
			} else {
				m.Void = level.Rounds[r].Games[i].Void
			}
			if r >= after {
				ev.forfeitSide(m, id)
			}
		}
		if r >= after {
			rd.Byes = slices.DeleteFunc(rd.Byes, func(b int) bool { return b == id })
		}
	}
	return nil
}

// forfeitSide empties team id's boards in match m: each goes to the
// opponent by forfeit (R-W-2).
func (ev *TeamEvent) forfeitSide(m *TeamMatch, id int) {
	empty := make([]int, ev.Settings.Boards)
	first, second := m.FirstLineup, m.SecondLineup
	if m.First == id {
		first = empty
	} else {
		second = empty
	}
	if first == nil {
		first = ev.Regulars(m.First)
	}
	if second == nil {
		second = ev.Regulars(m.Second)
	}
	m.FirstLineup, m.SecondLineup = first, second
	m.Games = ev.boardGames(first, second)
}

// settleLeavers settles the matches of a round just added with teams that
// have left: their boards go by forfeit, struck out when their matches are
// (R-W-2).
func (ev *TeamEvent) settleLeavers(round int) {
	rd := &ev.Rounds[round-1]
	for i := range rd.Matches {
		m := &rd.Matches[i]
		for _, id := range []int{m.First, m.Second} {
			if t, ok := ev.Team(id); ok && t.WithdrawnAfter != 0 && round > t.WithdrawnAfter {
				ev.forfeitSide(m, id)
				m.Void = m.Void || ev.StruckOut(id)
			}
		}
	}
}

// StruckOut reports whether team id's matches are struck out (R-W-2): its
// earliest match is Void.
func (ev *TeamEvent) StruckOut(id int) bool {
	for _, rd := range ev.Rounds {
		for _, m := range rd.Matches {
			if m.First == id || m.Second == id {
				return m.Void
			}
		}
	}
	return false
}

// playedMatches counts team id's matches played over the board in the
// first `after` rounds of the team level: forfeits are not played (R-W-2).
func playedMatches(level *Event, id, after int) int {
	n := 0
	for _, rd := range level.Rounds[:min(max(after, 0), len(level.Rounds))] {
		for _, g := range rd.Games {
			if (g.Red == id || g.Black == id) && g.Result.Played() {
				n++
			}
		}
	}
	return n
}
