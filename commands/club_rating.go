package commands

import (
	"cmp"
	"slices"
	"strconv"
	"time"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/engine"
	"github.com/qisai/qisai/rating"
	"github.com/qisai/qisai/storage"
)

// A club's rating list (R-R-1..5): the games of the events the club took
// in, rated event by event in the order they were played, the ratings set
// by hand applied where they fall in that order. It is computed whole
// from the club whenever it is read, so that a correction of an old event,
// an event that finished late or a merge of two members recomputes
// everything after it (R-R-1).

// clubRatings is a club's list as computed.
type clubRatings struct {
	*rating.List
	// entries are each rated event's lines, by member (int(member id)).
	entries map[storage.EventID]map[int]rating.Entry
	// played are the rated events in the order rated.
	played []storage.EventID
}

// playing is an event the list rates that the club has not taken in (the
// event finishing): its date and its entrants' members, by entrant (new
// members have ids below 0), and the ratings its entrants bring to
// members who have none (enrolment.rating), by member.
type playing struct {
	id      storage.EventID
	st      *action.State
	at      time.Time
	members map[int]int
	bring   map[int]int
}

// The club's settings of its list (/rating set), by name.
const (
	settingK           = "k"           // "30", or "fide" (R-R-2)
	settingCap         = "cap"         // "350" (R-R-2)
	settingProvisional = "provisional" // "5" (R-R-3)
	settingRed         = "red"         // R0, "0" for off (R-R-4)
	settingStart       = "start"       // what a newcomer's unrated opponents count as
)

// ratingSettings are the club's list's settings over the defaults.
func ratingSettings(set map[string]string) rating.Settings {
	s := rating.Defaults()
	num := func(name string, into *float64) {
		if v, err := strconv.ParseFloat(set[name], 64); err == nil {
			*into = v
		}
	}
	if set[settingK] == "fide" {
		s.KRule = rating.FIDEK
	} else {
		num(settingK, &s.K)
	}
	num(settingCap, &s.Cap)
	num(settingRed, &s.RedBonus)
	num(settingStart, &s.Start)
	if n, err := strconv.Atoi(set[settingProvisional]); err == nil {
		s.Provisional = n
	}
	return s
}

// anchor is a rating set by hand and when it applies from.
type anchor struct {
	at     time.Time
	member int
	rating int
}

// ratings computes the club's list: its rated events and, when given, one
// more not taken in yet.
func (cl *club) ratings(more *playing) (*clubRatings, error) {
	type dated struct {
		id      storage.EventID
		at      time.Time
		members map[int]int
		st      *action.State
	}
	var evs []dated
	for _, e := range cl.Events {
		if !e.Rated || more != nil && e.Event == more.id {
			continue
		}
		evs = append(evs, dated{id: e.Event, at: e.PlayedAt})
	}
	if more != nil {
		evs = append(evs, dated{id: more.id, at: more.at, members: more.members, st: more.st})
	}
	slices.SortStableFunc(evs, func(a, b dated) int {
		if c := a.at.Compare(b.at); c != 0 {
			return c
		}
		return cmp.Compare(a.id, b.id)
	})
	var anchors []anchor
	for _, m := range cl.Members {
		if m.Rating > 0 {
			anchors = append(anchors, anchor{at: m.RatedAt, member: int(m.ID), rating: m.Rating})
		}
	}
	if more != nil {
		for m, r := range more.bring {
			anchors = append(anchors, anchor{member: m, rating: r})
		}
	}
	slices.SortStableFunc(anchors, func(a, b anchor) int {
		if c := a.at.Compare(b.at); c != 0 {
			return c
		}
		return cmp.Compare(a.member, b.member)
	})
	entrants := map[storage.EventID]map[int]int{}
	for _, e := range cl.Entries {
		if entrants[e.Event] == nil {
			entrants[e.Event] = map[int]int{}
		}
		entrants[e.Event][e.Entrant] = int(e.Member)
	}
	out := &clubRatings{List: rating.New(ratingSettings(cl.Settings)), entries: map[storage.EventID]map[int]rating.Entry{}}
	next := 0
	for _, e := range evs {
		for ; next < len(anchors) && !anchors[next].at.After(e.at); next++ {
			out.Set(anchors[next].member, float64(anchors[next].rating))
		}
		st, members := e.st, e.members
		if st == nil {
			var err error
			if st, err = cl.state(e.id); err != nil {
				return nil, err
			}
			members = entrants[e.id]
		}
		out.entries[e.id] = out.Rate(rating.Event{ID: int64(e.id), Games: ratedGames(st, members)})
		out.played = append(out.played, e.id)
	}
	for ; next < len(anchors); next++ {
		out.Set(anchors[next].member, float64(anchors[next].rating))
	}
	return out, nil
}

// ratedGames are an event's games the list rates (R-R-1): played over the
// board and confirmed — forfeits, byes and games struck out are none — as
// games between the members its players are. A knockout's tie games
// played at a quicker pace (overtime, blitz, armageddon, captures, R-F-5)
// are no games of the event's time control: the regular games and
// replays are rated.
func ratedGames(st *action.State, members map[int]int) []rating.Game {
	var out []rating.Game
	ev := &st.Event
	for r, rd := range ev.Rounds {
		for _, g := range rd.Games {
			if !g.Result.Played() || g.Void {
				continue
			}
			if b, ok := st.BoardOf(r+1, g.Board); ok && b.Step != engine.RegularGame && b.Step != engine.TieReplay {
				continue
			}
			red, okRed := ev.Player(g.Red)
			black, okBlack := ev.Player(g.Black)
			if !okRed || !okBlack {
				continue
			}
			rm, okR := members[red.Entrant]
			bm, okB := members[black.Entrant]
			if !okR || !okB {
				continue
			}
			score := 0.5
			switch g.Result {
			case engine.RedWin:
				score = 1
			case engine.BlackWin:
				score = 0
			}
			out = append(out, rating.Game{Red: rm, Black: bm, RedScore: score})
		}
	}
	return out
}

// finishing is an event of the club not taken in yet, played at at, as
// the list will rate it once takeIn has: its entrants matched to members
// as takeIn will (new ones with ids below 0, named in the map).
func (cl *club) finishing(id storage.EventID, st *action.State, ids []storage.Identity, at time.Time) (*playing, map[int]string) {
	p := &playing{id: id, st: st, at: at, members: map[int]int{}, bring: map[int]int{}}
	newNames := map[int]string{}
	for i, e := range enrolments(cl.Club, id, st, ids) {
		m, r := int(e.member), e.rating
		if e.member == 0 {
			m, r = -(i + 1), e.add.Rating
			newNames[m] = e.add.Name
		}
		p.members[e.entrant] = m
		if r > 0 {
			p.bring[m] = r
		}
	}
	return p, newNames
}
