package action_test

import (
	"slices"
	"testing"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/engine"
)

// TestR_T_10_CategoriesSet: a player's categories replace the ones they
// had and become the event's, in the order first given, spelled as the
// event has them; until the event finishes, since they rank and do not
// pair; a category is one word of a few characters, not a word
// /standings reads otherwise.
func TestR_T_10_CategoriesSet(t *testing.T) {
	entrant := func(st *action.State, n int) int { return st.EntrantOf(n) }
	set := func(n int, cats ...string) func(testing.TB, *action.State) action.Action {
		return func(_ testing.TB, st *action.State) action.Action {
			return &action.CategoriesSet{Entrant: entrant(st, n), Categories: cats}
		}
	}
	runApply(t, []applyCase{
		{name: "two categories", from: round1, act: set(4, "女子", "U12", "女子"),
			want: func(st *action.State) {
				st.Event.Players[3].Categories = []string{"女子", "U12"}
				st.Awards.Categories = []action.Category{{Name: "女子"}, {Name: "U12"}}
			}},
		{name: "none", from: round1, act: set(4),
			want: func(*action.State) {}},
		{name: "a space", from: round1, act: set(4, "U 12"), err: "one word"},
		{name: "too long", from: round1, act: set(4, "一二三四五六七八九十一二三"), err: "too long"},
		{name: "a word of /standings", from: round1, act: set(4, "Boards"), err: "cannot name a category"},
		{name: "nobody", from: round1, act: is(&action.CategoriesSet{Entrant: 999, Categories: []string{"女子"}}), err: "no longer in the event"},
		{name: "finished", from: finished, act: set(1, "女子"), err: "has finished"},
	})
	s := round1(t)
	s.do(&action.AwardsChanged{Categories: &[]string{"U12", "女子"}})
	s.do(&action.CategoriesSet{Entrant: entrant(s.st, 2), Categories: []string{"u12"}})
	if got := s.st.Event.Players[1].Categories; len(got) != 1 || got[0] != "U12" {
		t.Errorf("categories %q, want the event's spelling [U12]", got)
	}
	if got := engine.Categories(s.st.Event.Players); len(got) != 1 {
		t.Errorf("the players' categories %v", got)
	}
}

// TestR_T_10_PlayerAddedWithCategories: a player entered with categories
// is in them, and the event has them.
func TestR_T_10_PlayerAddedWithCategories(t *testing.T) {
	runApply(t, []applyCase{
		{name: "at sign-up", from: signup, act: is(&action.PlayerAdded{Name: "Tang Dan", Categories: []string{"女子"}}),
			want: func(st *action.State) {
				st.Event.Players = append(st.Event.Players, engine.Player{ID: 6, Name: "Tang Dan", Entrant: 7, Categories: []string{"女子"}})
				st.Awards.Categories = []action.Category{{Name: "女子"}}
			}},
		{name: "a bad category", from: signup, act: is(&action.PlayerAdded{Name: "Tang Dan", Categories: []string{""}}), err: "one word"},
	})
}

// TestAwardsChanged: the declared categories, the prizes of a ranking
// (a category's declares it; the team ranking's), place points and the
// minimum of games; a category a player is in is not dropped; once the
// event is over, the prize places alone.
func TestAwardsChanged(t *testing.T) {
	withWomen := func(t testing.TB) *script {
		s := round1(t)
		return s.do(&action.CategoriesSet{Entrant: s.st.EntrantOf(1), Categories: []string{"女子"}})
	}
	table := engine.PlaceTable{engine.Pts(10), engine.Pts(7), engine.Pts(5), engine.Pts(3)}
	runApply(t, []applyCase{
		{name: "declared", from: round1, act: is(&action.AwardsChanged{Categories: &[]string{"女子", "U12"}}),
			want: func(st *action.State) { st.Awards.Categories = []action.Category{{Name: "女子"}, {Name: "U12"}} }},
		{name: "a used one dropped", from: withWomen, act: is(&action.AwardsChanged{Categories: &[]string{"U12"}}), err: "1 players are in \"女子\""},
		{name: "overall prizes", from: round1, act: is(&action.AwardsChanged{Prize: &action.PrizeSet{Places: 8}}),
			want: func(st *action.State) { st.Awards.Prizes = 8 }},
		{name: "a category's prizes", from: withWomen, act: is(&action.AwardsChanged{Prize: &action.PrizeSet{Category: "女子", Places: 3}}),
			want: func(st *action.State) { st.Awards.Categories = []action.Category{{Name: "女子", Prizes: 3}} }},
		{name: "a new category's prizes", from: round1, act: is(&action.AwardsChanged{Prize: &action.PrizeSet{Category: "U12", Places: 1}}),
			want: func(st *action.State) { st.Awards.Categories = []action.Category{{Name: "U12", Prizes: 1}} }},
		{name: "negative prizes", from: round1, act: is(&action.AwardsChanged{Prize: &action.PrizeSet{Places: -1}}), err: "negative"},
		{name: "place points and the minimum", from: round1, act: is(&action.AwardsChanged{PlacePoints: &table, Minimum: &engine.Minimum{Games: 5, For: engine.AllRankings}}),
			want: func(st *action.State) {
				st.Awards.PlacePoints = table
				st.Awards.Minimum = engine.Minimum{Games: 5, For: engine.AllRankings}
			}},
		{name: "nothing", from: round1, act: is(&action.AwardsChanged{}), err: "nothing to change"},
		{name: "team prizes", from: round1, act: is(&action.AwardsChanged{Prize: &action.PrizeSet{Team: true, Places: 2}}),
			want: func(st *action.State) { st.Awards.TeamPrizes = 2 }},
		{name: "too many prizes", from: round1, act: is(&action.AwardsChanged{Prize: &action.PrizeSet{Places: action.MaxAwards + 1}}), err: "at most"},
		// The certificates are printed at the prize-giving: the prize
		// places may change then, nothing else.
		{name: "prizes once finished", from: finished, act: is(&action.AwardsChanged{Prize: &action.PrizeSet{Places: 3}}),
			want: func(st *action.State) { st.Awards.Prizes = 3 }},
		{name: "place points once finished", from: finished, act: is(&action.AwardsChanged{PlacePoints: &table}), err: "has finished"},
	})
}

// TestR_T_10_WaitingKeepsCategories: an entrant who waits (R-E-5) keeps
// the categories they entered in, and plays in them once moved up.
func TestR_T_10_WaitingKeepsCategories(t *testing.T) {
	s := full(t)
	s.do(&action.WaitListed{Name: "Tang Dan", Categories: []string{"女子"}})
	if w := s.st.Waiting; len(w) != 1 || !slices.Equal(w[0].Categories, []string{"女子"}) {
		t.Fatalf("wait list %+v, want Tang Dan waiting in 女子", w)
	}
	if err := s.try(s.last(), &action.WaitListed{Name: "Hu Ming", Categories: []string{""}}); err == nil {
		t.Error("a waiting entrant of a category without a name taken")
	}
	s.do(&action.PlayerRemoved{Player: 1, Entrant: s.st.EntrantOf(1)})
	ps := s.st.Event.Players
	if p := ps[len(ps)-1]; p.Name != "Tang Dan" || !slices.Equal(p.Categories, []string{"女子"}) {
		t.Fatalf("moved up: %+v, want Tang Dan in 女子", p)
	}
	if got := engine.Categories(ps); !slices.Equal(got, []string{"女子"}) {
		t.Errorf("the players' categories %v, want 女子", got)
	}
}
