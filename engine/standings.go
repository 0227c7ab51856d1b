package engine

import (
	"cmp"
	"math/rand/v2"
	"slices"
)

// Standings ranks the players of ev (R-T-*), one row per player, withdrawn
// players included (R-W-4), sorted by place and then by lower ID.
//
// The order is: score; then, among equal scores, penalised players last,
// fewer penalties first (R-T-7); then ev.Settings.Tiebreaks in order
// (R-T-0..3, R-T-8). Players equal on all of these share a place (R-T-9).
//
// Choices the rules leave open, as a careful arbiter would make them:
//
//   - R-T-7 comes straight after the score. §18.4 says "在积分相同时" the
//     penalised are put "在最后几个位置上", by severity and number: so a
//     penalised player ends below every unpenalised player on the same
//     score, whatever the tiebreaks say. Player.Penalties is a count with
//     no severity, so more penalties rank lower; equal counts go on to the
//     tiebreaks.
//   - Every round in ev.Rounds counts as a round of the event. A game without
//     a result (Pending) scores nothing and adds no opponent, so standings
//     asked for while a round is being played show the results in so far.
//   - 对手分 and 小分 take opponents from games with a result, forfeits
//     included (R-T-0). Under OpponentCountsOwn every bye of any kind adds
//     the player's own score; a round the player was not in at all adds
//     nothing.
//   - 直胜 (R-T-3) follows FIDE's direct encounter: among exactly the
//     players tied on everything before it, it sums each one's points in
//     their games against the others (forfeits count as scored, like 小分).
//     A player is put above the rest only when his sum cannot be reached by
//     any of them even if they had won every game they did not play against
//     the tied players; when all of them met, that is simply the higher sum.
//     Players still tied are compared again among themselves alone, as long
//     as that narrows the group. The value shown is the sum among the whole
//     tied group (0 for a player nobody was tied with), so two players can
//     share a place with different 直胜 values when they did not all meet.
//   - 倒数轮次分 and 扣轮分 compare a sequence (R-T-1, R-T-2); the value
//     shown is its first element: the score after the second-to-last round,
//     and the score without round 1. Between players equal on score (and
//     on 累进分), dropping round 1, then 1 and 2, … orders them the same way
//     as cutting the first running totals off 累进分, the other reading of
//     "扣除第一轮积分".
//   - 小分 is exact: TiebreakValue.Quarter carries the quarter point that
//     half of an odd number of half points leaves.
//   - 抽签 (R-T-8) is one permutation of the players drawn from
//     Settings.Seed; the lower draw number ranks higher. It depends on the
//     seed and the number of players only, so it never changes as results
//     come in and can be recorded once.
func Standings(ev *Event) []Standing {
	if ev == nil || len(ev.Players) == 0 {
		return nil
	}
	t := newTable(ev)
	n, chain := len(ev.Players), ev.Settings.Tiebreaks

	order := make([]int, n)
	for i := range order {
		order[i] = i + 1
	}
	penalties := func(id int) int { return max(ev.Players[id-1].Penalties, 0) }
	first := func(a, b int) int {
		if c := cmp.Compare(t.score[b], t.score[a]); c != 0 {
			return c
		}
		return cmp.Compare(penalties(a), penalties(b))
	}
	slices.SortFunc(order, func(a, b int) int {
		if c := first(a, b); c != 0 {
			return c
		}
		return cmp.Compare(a, b)
	})
	g := groups{order: order, cut: make([]bool, n+1)}
	g.split(0, n, first)

	values := make([]TiebreakValue, n*len(chain))
	row := func(id int) []TiebreakValue {
		return values[(id-1)*len(chain) : id*len(chain) : id*len(chain)]
	}
	settled := false
	for i, tb := range chain {
		if tb == Lots && !settled {
			g.settle(ev.Playoffs) // play-offs rank above lots (R-T-8)
			settled = true
		}
		g.refine(t.rank(tb, g, func(id int) *TiebreakValue { return &row(id)[i] }))
	}
	if !settled {
		g.settle(ev.Playoffs)
	}

	out := make([]Standing, n)
	place, i := 0, 0
	g.each(func(grp []int) {
		if ev.Settings.SharedPlaceSkips {
			place = i + 1
		} else {
			place++
		}
		for _, id := range grp {
			out[i] = Standing{Place: place, Shared: len(grp) > 1, Player: id, Score: t.score[id], Tiebreaks: row(id)}
			i++
		}
	})
	return out
}

// lotsStream is the second PCG seed of the 抽签 draw, so the draw is its own
// stream and does not repeat other random choices made from Settings.Seed.
const lotsStream = 0x71697361692d6c6f // "qisai-lo"

// table holds what every tiebreak reads, indexed by player ID.
type table struct {
	ev     *Event
	hist   [][]Entry
	score  []Points
	run    []Points // run[id*(rounds+1)+r] is the score after round r
	rounds int
	draw   []int // 抽签 draw number by ID, made on first use

	// 直胜 working space
	tier                 []int // tier[id]: rank among the tied, lower is better
	tiers                int
	group                []int // group[id] == groupStamp: id is in the group being ranked
	met                  []int // met[opp] == metStamp: opp already counted as met
	groupStamp, metStamp int
}

func newTable(ev *Event) *table {
	n, rounds := len(ev.Players), len(ev.Rounds)
	t := &table{
		ev:     ev,
		hist:   ev.Histories(),
		score:  make([]Points, n+1),
		run:    make([]Points, (n+1)*(rounds+1)),
		rounds: rounds,
	}
	for id := 1; id <= n; id++ {
		var s Points
		for r, e := range t.hist[id] {
			s += e.Points
			t.run[id*(rounds+1)+r+1] = s
		}
		t.score[id] = s
	}
	return t
}

// after is the player's score after round r (0 before round 1).
func (t *table) after(id, r int) Points { return t.run[id*(t.rounds+1)+r] }

// scored reports whether an entry is a game against an opponent with a
// result entered, forfeits included (R-T-0).
func scored(e Entry) bool {
	if e.Opponent == 0 {
		return false
	}
	switch e.Outcome {
	case OutcomeWin, OutcomeDraw, OutcomeLoss, OutcomeForfeitWin, OutcomeForfeitLoss:
		return true
	}
	return false
}

// measure returns a player's value for a tiebreak that does not depend on
// who else is tied, and a key by which a higher value ranks higher.
func (t *table) measure(tb Tiebreak, id int) (TiebreakValue, int) {
	h := t.hist[id]
	v := TiebreakValue{Tiebreak: tb}
	count := func(f func(Entry) bool) {
		for _, e := range h {
			if f(e) {
				v.Value += Pts(1)
			}
		}
	}
	switch tb {
	case Buchholz: // 对手分 (R-T-0, R-T-1)
		for _, e := range h {
			switch {
			case scored(e):
				v.Value += t.score[e.Opponent]
			case e.Outcome == OutcomeBye && !e.Bye.Late() && t.ev.Settings.ByeOpponent == OpponentCountsOwn:
				v.Value += t.score[id]
			}
		}
	case Progressive: // 累进分 (R-T-2)
		for r := 1; r <= t.rounds; r++ {
			v.Value += t.after(id, r)
		}
	case Wins: // 胜局, forfeit wins included (R-T-0)
		count(Entry.Won)
	case Fouls: // 犯规: fewer ranks higher (R-T-1)
		for _, e := range h {
			v.Value += Pts(e.Fouls)
		}
		return v, -int(v.Value)
	case BlackWins: // 后走胜局, a forfeit win paired as black included (R-T-0)
		count(func(e Entry) bool { return e.Won() && e.Colour == Black })
	case BlackGames: // 后走局数, games played over the board (R-T-0)
		count(func(e Entry) bool { return e.PlayedColour() == Black })
	case SonnebornBerger: // 小分 (R-T-3), counted in quarter points to stay exact
		q := 0
		for _, e := range h {
			switch {
			case !scored(e):
			case e.Won():
				q += 2 * int(t.score[e.Opponent])
			case e.Outcome == OutcomeDraw:
				q += int(t.score[e.Opponent])
			}
		}
		v.Value, v.Quarter = Points(q>>1), q&1 == 1 // floor, so negative sums stay exact too
		return v, q
	case EarlierRounds: // ranked by (*table).earlierRounds
		if t.rounds > 0 {
			v.Value = t.after(id, t.rounds-1)
		}
	case DropRounds: // ranked by (*table).dropRounds
		if t.rounds > 0 {
			v.Value = t.score[id] - t.after(id, 1)
		}
	case Lots: // 抽签 (R-T-8)
		v.Value = Pts(t.lots(id))
		return v, -int(v.Value)
	}
	return v, int(v.Value)
}

// rank fills in every player's value for tb and returns the comparison that
// orders players by tb within the tied runs of g (negative: a ranks higher).
func (t *table) rank(tb Tiebreak, g groups, val func(id int) *TiebreakValue) func(a, b int) int {
	if tb == Direct {
		t.tier = make([]int, len(t.score))
		g.each(func(grp []int) {
			for _, id := range grp {
				*val(id) = TiebreakValue{Tiebreak: Direct}
			}
			if len(grp) > 1 {
				t.direct(grp, func(id int, pts Points) { val(id).Value = pts })
			}
		})
		return func(a, b int) int { return cmp.Compare(t.tier[a], t.tier[b]) }
	}
	key := make([]int, len(t.score)) // higher ranks higher
	for id := 1; id < len(t.score); id++ {
		*val(id), key[id] = t.measure(tb, id)
	}
	switch tb {
	case EarlierRounds:
		return t.earlierRounds
	case DropRounds:
		return t.dropRounds
	}
	return func(a, b int) int { return cmp.Compare(key[b], key[a]) }
}

// earlierRounds compares the scores after the second-to-last round, then
// after the round before, and so on (R-T-1: 比较倒数第二轮积分，依此类推).
func (t *table) earlierRounds(a, b int) int {
	for r := t.rounds - 1; r >= 1; r-- {
		if c := cmp.Compare(t.after(b, r), t.after(a, r)); c != 0 {
			return c
		}
	}
	return 0
}

// dropRounds compares the scores without round 1, then without rounds 1
// and 2, and so on (R-T-2: 扣除第一轮积分；还相同、再扣除第二轮).
func (t *table) dropRounds(a, b int) int {
	for r := 1; r < t.rounds; r++ {
		if c := cmp.Compare(t.score[b]-t.after(b, r), t.score[a]-t.after(a, r)); c != 0 {
			return c
		}
	}
	return 0
}

// lots returns the player's 抽签 draw number, 1 to n (R-T-8).
func (t *table) lots(id int) int {
	if t.draw == nil {
		n := len(t.ev.Players)
		t.draw = make([]int, n+1)
		rng := rand.New(rand.NewPCG(t.ev.Settings.Seed, lotsStream))
		for i, p := range rng.Perm(n) {
			t.draw[p+1] = i + 1
		}
	}
	return t.draw[id]
}

// direct ranks a group of players tied on everything before 直胜 by their
// games against each other (R-T-3, FIDE direct encounter) and numbers the
// tiers it finds in t.tier, best first. show receives each player's points
// against the others of the group.
func (t *table) direct(group []int, show func(id int, v Points)) {
	type line struct {
		id      int
		pts     Points // points scored against the others of the group
		highest Points // pts if every game not played against them had been won
	}
	if t.group == nil {
		t.group, t.met = make([]int, len(t.score)), make([]int, len(t.score))
	}
	t.groupStamp++
	for _, id := range group {
		t.group[id] = t.groupStamp
	}
	sc := t.ev.Settings.Scoring
	win := max(sc.Win, sc.Draw, sc.Loss)
	lines := make([]line, len(group))
	for i, id := range group {
		l := line{id: id}
		met := 0
		t.metStamp++
		for _, e := range t.hist[id] {
			if !scored(e) || t.group[e.Opponent] != t.groupStamp {
				continue
			}
			l.pts += e.Points
			if t.met[e.Opponent] != t.metStamp { // a double round robin meets twice
				t.met[e.Opponent] = t.metStamp
				met++
			}
		}
		l.highest = l.pts + Points(len(group)-1-met)*win
		lines[i] = l
		if show != nil {
			show(id, l.pts)
		}
	}
	slices.SortStableFunc(lines, func(a, b line) int { return cmp.Compare(b.pts, a.pts) })

	// A cut before k is sound when the lowest sum above it beats the highest
	// sum anyone below could have had. When all met, highest == pts.
	reach := make([]Points, len(lines)) // reach[k]: best highest from k on
	for k := len(lines) - 1; k >= 0; k-- {
		reach[k] = lines[k].highest
		if k+1 < len(lines) {
			reach[k] = max(reach[k], reach[k+1])
		}
	}
	start := 0
	for k := 1; k <= len(lines); k++ {
		if k < len(lines) && lines[k-1].pts <= reach[k] {
			continue
		}
		tier := make([]int, 0, k-start)
		for _, l := range lines[start:k] {
			tier = append(tier, l.id)
		}
		if len(tier) > 1 && len(tier) < len(group) {
			t.direct(tier, nil) // still tied: compare them among themselves
		} else {
			t.tiers++
			for _, id := range tier {
				t.tier[id] = t.tiers
			}
		}
		start = k
	}
}

// groups is the ranking being built: players in order, and cut[i] set when
// the players at i-1 and i are not tied. cut[0] and cut[n] are always set.
type groups struct {
	order []int
	cut   []bool
}

// each calls f for every run of tied players, best first.
func (g groups) each(f func(grp []int)) {
	start := 0
	for i := 1; i <= len(g.order); i++ {
		if g.cut[i] {
			f(g.order[start:i])
			start = i
		}
	}
}

// refine sorts every tied run by c, keeping the order of players c finds
// equal, and cuts between players c tells apart.
func (g groups) refine(c func(a, b int) int) {
	start := 0
	for i := 1; i <= len(g.order); i++ {
		if !g.cut[i] {
			continue
		}
		if i-start > 1 {
			slices.SortStableFunc(g.order[start:i], c)
			g.split(start, i, c)
		}
		start = i
	}
}

// settle orders every tied run whose players are exactly those of one of
// orders by it, and cuts between them: a play-off's or lots' order among
// the players it settled (R-T-8). An order for players no longer tied
// together (a result corrected since) orders nobody.
func (g groups) settle(orders [][]int) {
	if len(orders) == 0 {
		return
	}
	start := 0
	for i := 1; i <= len(g.order); i++ {
		if !g.cut[i] {
			continue
		}
		run := g.order[start:i]
		for _, o := range orders {
			if len(o) != len(run) || len(run) < 2 || !sameSet(o, run) {
				continue
			}
			copy(run, o)
			for k := start + 1; k < i; k++ {
				g.cut[k] = true
			}
			break
		}
		start = i
	}
}

// sameSet reports whether a and b hold the same players, b none twice.
func sameSet(a, b []int) bool {
	for _, x := range b {
		if !slices.Contains(a, x) {
			return false
		}
	}
	return true
}

// split sets the cuts in order[start:end], which c has sorted.
func (g groups) split(start, end int, c func(a, b int) int) {
	g.cut[start], g.cut[end] = true, true
	for i := start + 1; i < end; i++ {
		if c(g.order[i-1], g.order[i]) != 0 {
			g.cut[i] = true
		}
	}
}
