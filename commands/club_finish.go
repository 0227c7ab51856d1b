package commands

import (
	"cmp"
	"slices"
	"strconv"

	"github.com/qisai/qisai/internal/i18n"
	"github.com/qisai/qisai/rating"
	"github.com/qisai/qisai/sheet"
)

// The final standings show what the event did to each player's rating on
// the club's list (R-R-2, R-R-3): it is rated as the club will rate it once
// it has taken the finished event in, computed before /finish's change.

// ratingChange is one player's line of the event on the list.
type ratingChange struct {
	name  string
	entry rating.Entry
}

// ratingChangesShown is how many lines the finish shows: a big field's
// biggest movers, /rating NAME the rest.
const ratingChangesShown = 40

// readRatingChanges reads, before /finish's change, the rating changes
// the loaded event makes: a function that writes them in a language, ""
// when the event is in no club or rates no game.
func (c *Context) readRatingChanges() (func(lang i18n.Lang) string, error) {
	none := func(i18n.Lang) string { return "" }
	if _, err := c.clubChat(); err != nil {
		return none, nil
	}
	cl, err := c.loadClub()
	if err != nil {
		return nil, err
	}
	ids, err := c.svc.store.Identities(c, c.Event)
	if err != nil {
		return nil, err
	}
	played, err := c.svc.playedAt(c, c.Event)
	if err != nil {
		return nil, err
	}
	more, newNames := cl.finishing(c.Event, c.State, ids, played)
	list, err := cl.ratings(more)
	if err != nil {
		return nil, err
	}
	var rows []ratingChange
	for m, e := range list.entries[c.Event] {
		name := newNames[m]
		if mb, ok := cl.Member(int64(m)); ok {
			name = mb.Name
		}
		rows = append(rows, ratingChange{name: name, entry: e})
	}
	if len(rows) == 0 {
		return none, nil
	}
	// The biggest gains first, the first ratings after them by rating.
	slices.SortFunc(rows, func(a, b ratingChange) int {
		if a.entry.WasRated != b.entry.WasRated {
			if a.entry.WasRated {
				return -1
			}
			return 1
		}
		if c := cmp.Compare(b.entry.Change(), a.entry.Change()); c != 0 && a.entry.WasRated {
			return c
		}
		if c := cmp.Compare(b.entry.After, a.entry.After); c != 0 {
			return c
		}
		return cmp.Compare(a.name, b.name)
	})
	provisional := list.Settings().Provisional
	return func(lang i18n.Lang) string {
		t := &sheet.Text{Fit: phoneWidth, Shrink: []int{0}}
		t.Row(i18n.T{Zh: "姓名", En: "Name"}.In(lang), i18n.T{Zh: "赛前", En: "Before"}.In(lang), i18n.T{Zh: "赛后", En: "After"}.In(lang), "±")
		first := false
		for _, r := range rows[:min(len(rows), ratingChangesShown)] {
			before, change := strconv.Itoa(rating.Round(r.entry.Before)), signed(float64(r.entry.Change()))
			after := strconv.Itoa(rating.Round(r.entry.After))
			if r.entry.Provisional {
				after += "*"
			}
			if !r.entry.WasRated {
				before, change, first = "", i18n.T{Zh: "首次", En: "first"}.In(lang), true
			}
			t.Row(r.name, before, after, change)
		}
		text := "\n\n" + i18n.T{Zh: "等级分变化（R-R-2）", En: "Rating changes (R-R-2)"}.In(lang) + "\n" + monoTable(t)
		if first {
			text += "\n" + i18n.T{Zh: "首次：第一次得到的等级分是表现分（R-R-3）；* 临时等级分，下满 %d 局后转正。", En: "first: a first rating is the player's performance (R-R-3); * provisional until %d rated games."}.In(lang, provisional)
		}
		if len(rows) > ratingChangesShown {
			text += "\n" + i18n.T{Zh: "只列出 %d 人：/rating 名字 查看其他选手。", En: "%d shown: /rating NAME shows the others."}.In(lang, ratingChangesShown)
		}
		return text
	}, nil
}
