package engine

// Minimum games (R-T-12; seed 000: "参赛局数未达到5局者，取消该队员比赛成
// 绩"): a player who took part in fewer than a number of games has their
// results cancelled for the rankings the event names — prizes, team totals
// — and keeps their place in the standings, marked.

// Minimum is R-T-12's rule: the fewest games a player's results count
// with, and the rankings that cancel them below it. The zero Minimum
// cancels nothing.
type Minimum struct {
	Games int      `json:"games,omitempty"`
	For   Rankings `json:"for,omitempty"`
}

// Rankings names rankings beside the standings, as a set.
type Rankings int8

const (
	// PrizeRankings: the prizes of the overall ranking and of every
	// category (R-T-8, R-T-10).
	PrizeRankings Rankings = 1 << iota
	// TotalRankings: the team totals, of 队员总分制 (R-T-6) and of place
	// points by unit or team (R-T-11).
	TotalRankings
	// AllRankings is every ranking the rule can name.
	AllRankings = PrizeRankings | TotalRankings
)

var rankingsNames = enumNames[Rankings]{
	{AllRankings, []string{"all", "全部"}},
	{PrizeRankings, []string{"prizes", "奖项", "获奖"}},
	{TotalRankings, []string{"totals", "团体", "团体总分"}},
}

func (r Rankings) String() string { return rankingsNames.name(r) }

// Chinese is the set's Chinese name (全部, 奖项, 团体).
func (r Rankings) Chinese() string { return rankingsNames.chinese(r) }

// ParseRankings reads all, prizes or totals, in English or Chinese.
func ParseRankings(s string) (Rankings, error) { return rankingsNames.parse("rankings", s) }

// Cancels reports whether the rule cancels short players' results in r.
func (m Minimum) Cancels(r Rankings) bool { return m.Games > 0 && m.For&r != 0 }

// GamesPlayed is how many games a player took part in (参赛局数, R-T-12),
// from their history: games played over the board and games won by
// forfeit, where the player came and the opponent did not; not byes,
// not games lost by forfeit, not games still without a result.
func GamesPlayed(h []Entry) int {
	n := 0
	for _, e := range h {
		if e.Played() || e.Outcome == OutcomeForfeitWin {
			n++
		}
	}
	return n
}

// Counted reports, by player ID, whether a player's results count in the
// rankings r under m: every player's do unless m cancels r, and then those
// of the players who took part in m.Games games or more — or who still
// may, with left(id) games they may yet play (nil: none, the event is
// over). hist is the event's histories (Event.Histories).
func (m Minimum) Counted(hist [][]Entry, r Rankings, left func(id int) int) func(id int) bool {
	if !m.Cancels(r) {
		return func(int) bool { return true }
	}
	return func(id int) bool {
		if id < 1 || id >= len(hist) {
			return false
		}
		n := GamesPlayed(hist[id])
		if left != nil {
			n += left(id)
		}
		return n >= m.Games
	}
}
