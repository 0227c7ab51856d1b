package commands

import (
	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/engine"
	"github.com/qisai/qisai/storage"
)

// Numbering by the club's list (/event set numbering club, R-R-5): at the
// start each player takes their rating on the club's list — the event
// keeps it, as an organiser's edit would be kept (PlayerEdited) — and the
// players are numbered by rating (R-SW-1). A player the list has no
// rating for goes after the rated, by lot.

// clubSeeding reads, before /start's change, the club ratings the
// players of the loaded event start with: a function that appends them
// to the change, or nil when the event numbers by something else.
func (c *Context) clubSeeding() (func(ch *storage.Change) error, error) {
	if c.State.Event.Settings.Numbering != engine.ByClubRating {
		return nil, nil
	}
	cl, err := c.loadClub()
	if err != nil {
		return nil, err
	}
	list, err := cl.ratings(nil)
	if err != nil {
		return nil, err
	}
	ids, err := c.svc.store.Identities(c, c.Event)
	if err != nil {
		return nil, err
	}
	rated := map[int]int{} // entrant → rating
	for _, e := range enrolments(cl.Club, c.Event, c.State, ids) {
		if p, ok := list.Player(int(e.member)); e.member != 0 && ok && p.Rated {
			rated[e.entrant] = p.Rounded()
		}
	}
	return func(ch *storage.Change) error {
		for _, p := range ch.State.Event.Players {
			if r := rated[p.Entrant]; r != p.Rating {
				if err := ch.Append(&action.PlayerEdited{Player: p.ID, Entrant: p.Entrant, Name: p.Name, Unit: p.Unit, Rating: r}); err != nil {
					return err
				}
			}
		}
		return nil
	}, nil
}
