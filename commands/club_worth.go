package commands

import (
	"fmt"
	"math"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/internal/i18n"
)

// What a game is worth on the club's list (R-R-2): each player's private
// round note says what a win, a draw and a loss would change ("胜 +8 / 和 -1
// / 负 -10"), on the ratings before the event, as the event will be rated.

// worth is the club's list as a round's notes read it, with the event's
// entrants' members.
type worth struct {
	list    *clubRatings
	members map[int]int // entrant → member
}

// readWorth reads, before the change that publishes a round, what its
// games are worth: Context.worth, nil when the event is in no club.
func (c *Context) readWorth() error {
	if _, err := c.clubChat(); err != nil {
		return nil // no group: no club, no list
	}
	cl, err := c.loadClub()
	if err != nil {
		return err
	}
	list, err := cl.ratings(nil)
	if err != nil {
		return err
	}
	ids, err := c.svc.store.Identities(c, c.Event)
	if err != nil {
		return err
	}
	w := &worth{list: list, members: map[int]int{}}
	for _, e := range enrolments(cl.Club, c.Event, c.State, ids) {
		if e.member != 0 {
			w.members[e.entrant] = int(e.member)
		}
	}
	c.worth = w
	return nil
}

// worthNote is the line under player's round note: what their game of
// round is worth to them; "" when they or their opponent have no rating
// (the game gives a first rating, or rates neither, R-R-3), or the worth
// was not read.
func (c *Context) worthNote(st *action.State, round, player int, lang i18n.Lang) string {
	if c.worth == nil || round < 1 || round > len(st.Event.Rounds) {
		return ""
	}
	for _, g := range st.Event.Rounds[round-1].Games {
		if g.Red != player && g.Black != player {
			continue
		}
		opp := g.Red
		if player == g.Red {
			opp = g.Black
		}
		me, _ := st.Event.Player(player)
		them, _ := st.Event.Player(opp)
		a, okA := c.worth.members[me.Entrant]
		b, okB := c.worth.members[them.Entrant]
		if !okA || !okB {
			return ""
		}
		w, ok := c.worth.list.Worth(a, b, player == g.Red)
		if !ok {
			return ""
		}
		return "\n" + i18n.T{Zh: "等级分：胜 %s / 和 %s / 负 %s", En: "Rating: win %s / draw %s / loss %s"}.In(lang, signed(w.Win), signed(w.Draw), signed(w.Loss))
	}
	return ""
}

// signed is a change as the notes show it, rounded (R-R-5): "+8", "-10",
// "0".
func signed(x float64) string {
	n := int(math.Round(x))
	if n == 0 {
		return "0"
	}
	return fmt.Sprintf("%+d", n)
}
