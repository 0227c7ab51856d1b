package engine

import "testing"

// TestR_T_12_GamesPlayed counts the games a player took part in (参赛局数):
// games over the board and forfeit wins count; byes, forfeit losses and
// games without a result do not.
func TestR_T_12_GamesPlayed(t *testing.T) {
	ev := stEvent(t, stSettings(), 6,
		"1-2:1 3-4:= 5-6:+",
		"2-1:0 3-5:- 4:half 6:bye",
		"1-3:? 2-4:-- 5:full 6:zero",
	)
	h := ev.Histories()
	want := []int{0, 2, 2, 1, 1, 2, 0} // by ID
	for id := 1; id <= 6; id++ {
		if got := GamesPlayed(h[id]); got != want[id] {
			t.Errorf("player %d took part in %d games, want %d", id, got, want[id])
		}
	}
	m := Minimum{Games: 2, For: PrizeRankings}
	counted := m.Counted(h, PrizeRankings, nil)
	if !counted(1) || counted(4) || !m.Counted(h, TotalRankings, nil)(4) {
		t.Error("the minimum cancels the short players' results in the rankings it names, and only there")
	}
	if !m.Counted(h, PrizeRankings, func(int) int { return 1 })(4) {
		t.Error("a player who may still reach the minimum is cancelled before the event is over")
	}
	if (Minimum{For: AllRankings}).Cancels(PrizeRankings) {
		t.Error("a minimum of no games cancels nothing")
	}
}

// TestParseRankings reads the names of the rankings R-T-12 names.
func TestParseRankings(t *testing.T) {
	for in, want := range map[string]Rankings{"all": AllRankings, "全部": AllRankings, "奖项": PrizeRankings, "totals": TotalRankings, "团体": TotalRankings} {
		if got, err := ParseRankings(in); err != nil || got != want {
			t.Errorf("ParseRankings(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	if _, err := ParseRankings("nothing"); err == nil {
		t.Error("an unknown word read as rankings")
	}
}
