package action

import (
	"slices"
	"strings"
	"unicode"

	"github.com/qisai/qisai/engine"
	"github.com/qisai/qisai/internal/names"
)

// What an event ranks and rewards beside its standings (Awards): the
// players' categories (组别, R-T-10) and the prize places of each ranking
// and how a tie for them is settled (R-T-8), the place points that add up
// to the units' or teams' 团体总分 (R-T-11), and the fewest games a
// player's results count with (R-T-12).
// None of it touches the pairing or the games, so it may change until the
// event finishes; the prize places also after.

func init() {
	register(func() Action { return new(AwardsChanged) })
	register(func() Action { return new(CategoriesSet) })
}

// Awards are the event's rankings and prizes beyond its standings.
type Awards struct {
	// Categories are the event's categories in the order they were first
	// given, each with its ranking's prize places (R-T-10). A player's own
	// are engine.Player.Categories.
	Categories []Category `json:"categories,omitempty"`
	// Prizes is how many places of the overall ranking win prizes: they
	// are never shared (R-T-8). 0: none named. In a team event whose
	// teams play matches the overall ranking is the teams'.
	Prizes int `json:"prizes,omitempty"`
	// TeamPrizes is how many places of the team ranking beside the
	// players' win prizes: the units' 团体总分 of place points (R-T-11),
	// or the teams' totals under 队员总分制 (R-T-6). 0: none named.
	TeamPrizes int `json:"teamPrizes,omitempty"`
	// PlacePoints turn the overall ranking's places into points, added up
	// by unit or team (团体总分, R-T-11); nil: none.
	PlacePoints engine.PlaceTable `json:"placePoints,omitempty"`
	// Minimum cancels the results of players with too few games in the
	// rankings it names (R-T-12).
	Minimum engine.Minimum `json:"minimum,omitempty"`
	// Playoff is the chain that settles a tie for a place that may not be
	// shared (R-T-8): play-off games under its rules, then lots; nil is
	// lots alone.
	Playoff []engine.TieRule `json:"playoff,omitempty"`
}

// Category is one category of the event and the prize places of its
// ranking (0: none named).
type Category struct {
	Name   string `json:"name"`
	Prizes int    `json:"prizes,omitempty"`
}

func (a Awards) clone() Awards {
	a.Categories = slices.Clone(a.Categories)
	a.PlacePoints = slices.Clone(a.PlacePoints)
	a.Playoff = slices.Clone(a.Playoff)
	return a
}

// Category is the event's category called name (case aside), and whether
// it has one.
func (a Awards) Category(name string) (Category, bool) {
	for _, c := range a.Categories {
		if strings.EqualFold(c.Name, name) {
			return c, true
		}
	}
	return Category{}, false
}

// declare adds the categories of names the event does not have yet, in
// order.
func (a *Awards) declare(names []string) {
	for _, n := range names {
		if _, ok := a.Category(n); !ok {
			a.Categories = append(a.Categories, Category{Name: n})
		}
	}
}

// CategoryWords are the words a category may not be called: /standings
// reads them as its other arguments.
var CategoryWords = []string{"picture", "图片", "boards", "台次", "-"}

// categoryNames cleans names (their form and look-alikes, names.Clean),
// each spelled as the event has it when it has it, and refuses one that is
// empty, too long, or a word /standings reads otherwise.
func (st *State) categoryNames(given []string) ([]string, error) {
	var out []string
	for _, g := range given {
		n := names.Clean(g)
		switch {
		case n == "" || strings.ContainsFunc(n, unicode.IsSpace):
			return nil, refuse(Invalid, "组别名不能为空，也不能有空格", "a category's name is one word, not empty")
		case len([]rune(n)) > 12:
			return nil, refuse(Invalid, "组别名「%s」太长：最多 12 个字", "the category %q is too long: 12 characters at most", n)
		case slices.ContainsFunc(CategoryWords, func(w string) bool { return strings.EqualFold(w, n) }):
			return nil, refuse(Invalid, "「%s」不能作组别名", "%q cannot name a category", n)
		}
		if c, ok := st.Awards.Category(n); ok {
			n = c.Name
		}
		if !slices.ContainsFunc(out, func(x string) bool { return strings.EqualFold(x, n) }) {
			out = append(out, n)
		}
	}
	return out, nil
}

// CategoriesSet gives a player their categories, replacing those they
// had (none: in no category). A category the event does not have yet
// becomes one of its. Until the event finishes: categories rank, they do
// not pair (R-T-10); but the player is changed, as by PlayerEdited, and a
// preview is paired again.
type CategoriesSet struct {
	Entrant    int      `json:"entrant"`
	Categories []string `json:"categories,omitempty"`
}

func (*CategoriesSet) Kind() string { return "categories-set" }

func (a *CategoriesSet) Apply(st *State) error {
	if err := open(st); err != nil {
		return err
	}
	p, err := named(st, 0, a.Entrant)
	if err != nil {
		return err
	}
	cats, err := st.categoryNames(a.Categories)
	if err != nil {
		return err
	}
	st.Awards.declare(cats)
	p.Categories = cats // a new slice: copies of the player keep theirs
	return nil
}

// PrizeSet is how many places of a ranking win prizes: the overall one
// (Category "", Team false), a category's, or the team ranking's (Team).
type PrizeSet struct {
	Category string `json:"category,omitempty"`
	Team     bool   `json:"team,omitempty"`
	Places   int    `json:"places"`
}

// AwardsChanged sets some of the event's awards (Awards); the fields left
// nil stay as they were.
type AwardsChanged struct {
	// Categories declares the event's categories, in order: the players
	// pick from them at sign-up. A category a player is in stays.
	Categories  *[]string          `json:"categories,omitempty"`
	Prize       *PrizeSet          `json:"prize,omitempty"`
	PlacePoints *engine.PlaceTable `json:"placePoints,omitempty"`
	Minimum     *engine.Minimum    `json:"minimum,omitempty"`
	Playoff     *[]engine.TieRule  `json:"playoff,omitempty"`
}

func (*AwardsChanged) Kind() string { return "awards-changed" }

func (a *AwardsChanged) Apply(st *State) error {
	// The prize places alone may change once the event is over, as the
	// papers' details may: the certificates are printed at the
	// prize-giving, and the final places they go by are settled, lots
	// included (R-T-8).
	prizeOnly := a.Categories == nil && a.PlacePoints == nil && a.Minimum == nil && a.Playoff == nil
	if err := open(st); err != nil && !(prizeOnly && st.Status == Finished) {
		return err
	}
	switch {
	case a.Categories == nil && a.Prize == nil && a.PlacePoints == nil && a.Minimum == nil && a.Playoff == nil:
		return refuse(Invalid, "没有要修改的内容", "nothing to change")
	case a.Prize != nil && a.Prize.Places < 0:
		return refuse(Invalid, "获奖名次数不能是负数", "the prize places cannot be negative")
	case a.Prize != nil && a.Prize.Places > MaxAwards:
		return refuse(Invalid, "获奖名次数最多 %d", "the prize places are %d at most", MaxAwards)
	case (a.Categories != nil || a.Prize != nil && a.Prize.Category != "") && st.teamMatches():
		return refuse(Invalid, "团体赛按队排名，不分组别", "a team event ranks its teams: it has no categories")
	case a.Minimum != nil && a.Minimum.Games < 0:
		return refuse(Invalid, "最少局数不能是负数", "the fewest games cannot be negative")
	}
	aw := st.Awards.clone()
	if a.Categories != nil {
		cats, err := st.categoryNames(*a.Categories)
		if err != nil {
			return err
		}
		kept := make([]Category, 0, len(cats))
		for _, n := range cats {
			c, _ := aw.Category(n)
			c.Name = n
			kept = append(kept, c)
		}
		for _, c := range aw.Categories {
			if slices.ContainsFunc(kept, func(k Category) bool { return k.Name == c.Name }) {
				continue
			}
			if in := st.inCategory(c.Name); in > 0 {
				return refuse(Conflict, "%[2]d 名选手在「%[1]s」组：先用 /category 改掉他们的组别，才能去掉这个组别", "%[2]d players are in %[1]q: change their categories with /category before dropping it", c.Name, in)
			}
		}
		aw.Categories = kept
	}
	switch p := a.Prize; {
	case p == nil:
	case p.Team && !st.teamMatches():
		aw.TeamPrizes = p.Places
	case p.Team || p.Category == "": // a team event's teams are its overall ranking
		aw.Prizes = p.Places
	default:
		cats, err := st.categoryNames([]string{p.Category})
		if err != nil {
			return err
		}
		aw.declare(cats)
		for i := range aw.Categories {
			if aw.Categories[i].Name == cats[0] {
				aw.Categories[i].Prizes = p.Places
			}
		}
	}
	if a.PlacePoints != nil {
		aw.PlacePoints = slices.Clone(*a.PlacePoints)
	}
	if a.Minimum != nil {
		aw.Minimum = *a.Minimum
	}
	if a.Playoff != nil {
		if slices.Contains(*a.Playoff, engine.RegularGame) {
			return refuse(Invalid, "名次加赛的规则应是加赛、快棋、和棋黑胜或抽签", "a play-off's rules are replay, blitz, armageddon or lots")
		}
		aw.Playoff = slices.Clone(*a.Playoff)
	}
	st.Awards = aw
	st.leaveEvent()
	return nil
}

// teamMatches reports whether the event's teams play matches: their
// ranking is the event's, and its players have no categories.
func (st *State) teamMatches() bool { return st.Teams != nil && !st.Teams.Rules.Totalled() }

// inCategory counts the players in category name.
func (st *State) inCategory(name string) int {
	n := 0
	for _, p := range st.Event.Players {
		if p.In(name) {
			n++
		}
	}
	return n
}
