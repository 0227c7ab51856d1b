package engine

import (
	"cmp"
	"fmt"
	"math"
	"math/bits"
	"slices"
)

// swissPlayer is one player as the 定位编排 procedure sees them before a round.
// What a pair check reads of the other player (R-SW-9, R-SW-12, R-SW-4)
// comes first, side by side: the partner searches ask it of players all
// over the field. It holds no pointer — his unit is a number, his colours
// and opponents are places in the round's histories — so a field of
// players is one block the collector never scans.
type swissPlayer struct {
	id     int
	bal    int32 // reds − blacks, from state
	runLen int32 // the signed run, from state (while readHistories reads the rounds: the run so far)
	unit   int32 // his unit as the round numbers it (unitNumbers), 0 for none
	// hist is where his colours and opponents start in the round's
	// histories (swiss.pastColours, swiss.pastOpps); nColours and nOpps how many.
	hist, nColours, nOpps int32
	reds                  int32 // reds so far: R-SW-10 (1) counts them, not reds − blacks
	hadBye                bool
	state                 int // colour state: 100·(reds−blacks) + signed run (R-SW-7)
	score                 Points
	steps                 float64   // score in scoring steps: the unit of the procedure's weights
	floats                int       // floats up minus floats down so far (R-SW-8 balance)
	metBits               [4]uint64 // bit o%256 set for each opponent o: most pairs are told apart without a scan
}

// run is the signed length of the player's current colour run: +2 after two
// reds, −1 after one black (R-SW-7, R-SW-10).
func (p *swissPlayer) run() int { return int(p.runLen) }

// balance is reds minus blacks.
func (p *swissPlayer) balance() int { return int(p.bal) }

// setState sets the colour state and what the pair checks read of it, once
// a round: R-SW-12 asks for every pair the matching considers.
func (p *swissPlayer) setState(st int) {
	p.state = st
	bal := phpRound(float64(st) / 100)
	p.bal, p.runLen = int32(bal), int32(st-bal*100)
}

// needsBlack reports the "needs black" list (要后行, R-SW-7); everybody
// else is in the "needs red" list (要先行), the colourless included.
func (p *swissPlayer) needsBlack() bool { return p.state > 0 }

// met reports whether p has met player id in a game that counts (R-SW-9).
func (s *swiss) met(p *swissPlayer, id int) bool {
	if b := uint(id) % 256; p.metBits[b/64]&(1<<(b%64)) == 0 {
		return false // the check every pair of a big field asks: mostly no
	}
	for _, o := range s.oppsOf(p) {
		if int(o) == id {
			return true
		}
	}
	return false
}

// coloursOf is p's counted colour history, oldest first (R-SW-10).
func (s *swiss) coloursOf(p *swissPlayer) []Colour {
	return s.pastColours[p.hist : p.hist+p.nColours]
}

// oppsOf is p's opponents in the games that count (R-SW-9).
func (s *swiss) oppsOf(p *swissPlayer) []int32 { return s.pastOpps[p.hist : p.hist+p.nOpps] }

// phpRound rounds half away from zero, as the procedure's reference
// implementation does.
func phpRound(x float64) int { return int(math.Round(x)) }

// pair is two players on one board; p[0] is red until colours are allocated.
type pair struct {
	p      [2]*swissPlayer
	placed Placement
}

// rows are a score group's "needs red" (0) and "needs black" (1) lists.
type rows [2][]*swissPlayer

func (r rows) len() int { return len(r[0]) + len(r[1]) }

func (r rows) flat() []*swissPlayer {
	out := make([]*swissPlayer, 0, r.len())
	return append(append(out, r[0]...), r[1]...)
}

// swiss pairs one round of an individual Swiss by 定位编排 (R-SW-6..12).
type swiss struct {
	set       Settings
	round     int
	players   []*swissPlayer // active players
	step      Points         // one scoring step (the draw value, usually)
	units     bool           // same-unit players may not meet this round (R-SW-4)
	byeScore  float64        // steps of the players who may take the bye
	lastRound bool           // three of a colour in a row is allowed (R-SW-12)
	relaxed   []Relaxation
	// groupsRelaxed: the score groups gave up R-SW-12 to pair everybody.
	groupsRelaxed bool
	memo          *memo // the exhaustive search's memo, reused (swiss_search.go)
	// pastColours and pastOpps are the players' histories, rounds slots a
	// player (swissPlayer.hist): two blocks for the field, not two a player.
	pastColours []Colour
	pastOpps    []int32
	// freeAt is a table by id, all zero, for the next allowedSet
	// (allowedIn): nil while a set holds it.
	freeAt []int32
}

func pairSwiss(ev *Event, round int) (Pairing, error) {
	if round == 1 {
		return pairFirstRound(ev)
	}
	s, err := newSwiss(ev, round)
	if err != nil {
		return Pairing{}, err
	}
	pairs, bye := s.pairGroups()
	switch complete := s.complete(pairs, bye); {
	case !complete || s.groupsRelaxed:
		// R-SW-9: the score groups could not pair everybody under every
		// rule; whether the whole field can, and how, a matching decides.
		full, fullBye, err := s.pairComplete()
		if err != nil {
			return Pairing{}, err
		}
		if complete && s.groupsBreakLess(pairs, bye, full, fullBye) {
			s.relaxed = nil
			s.relax("R-SW-12", RelaxedNoComplete, s.broken12(pairs),
				"no complete pairing of the whole field keeps it (maximum matching): a third colour in a row")
		} else {
			pairs, bye = full, fullBye
		}
	case bye != nil && !s.byeEligible(bye):
		// The groups could only pair everybody by giving the bye to a
		// higher score or a second time: search for a fairer bye (R-S-3).
		if full, fullBye, err := s.pairComplete(); err == nil && fairerBye(fullBye, bye) {
			pairs, bye = full, fullBye
		} else {
			s.relaxed = nil
		}
	}
	if bye != nil && !s.byeEligible(bye) {
		reason := RelaxedHigherBye
		if bye.hadBye {
			reason = RelaxedSecondBye
		}
		s.relax("R-S-3", reason, []int{bye.id}, s.byeWhy(bye))
	}
	return s.finish(pairs, bye), nil
}

// groupsBreakLess reports whether the score groups' complete pairing, which
// gave up R-SW-12, is to be kept over the matching's, which gave up R-SW-12
// alone too: a second bye ranks above R-SW-12, and R-SW-12 above the bye's
// lowest score (R-S-3), so the one whose bye is no second bye where the
// other's is, else the one that breaks R-SW-12 for fewer players, else the
// one with the lower bye; the groups' on a tie.
func (s *swiss) groupsBreakLess(groups []pair, bye *swissPlayer, full []pair, fullBye *swissPlayer) bool {
	if len(s.relaxed) != 1 || s.relaxed[0].Rule != "R-SW-12" {
		return false
	}
	if bye != nil && bye.hadBye != fullBye.hadBye {
		return !bye.hadBye
	}
	if g, f := len(s.broken12(groups)), len(s.broken12(full)); g != f {
		return g < f
	}
	return bye == nil || fullBye.score >= bye.score
}

// fairerBye reports whether a is a fairer bye than b: first one who has
// not had a bye, then the lower score (R-S-3).
func fairerBye(a, b *swissPlayer) bool {
	if a.hadBye != b.hadBye {
		return !a.hadBye
	}
	return a.score < b.score
}

// byeWhy explains a bye that does not go to the lowest score without one:
// none of the complete pairings gives it to a lower score, or those that do
// break R-SW-12 for more players (R-S-3: R-SW-12 ranks above the bye's
// lowest score, as FIDE ranks its absolute colour criteria above its bye
// choice), or pair players of one unit (R-SW-4, given up last, R-SW-9).
func (s *swiss) byeWhy(bye *swissPlayer) string {
	if bye.hadBye {
		return fmt.Sprintf("player %d gets a second bye: every complete pairing needs it", bye.id)
	}
	ps := append([]*swissPlayer(nil), s.players...)
	s.sortPlayers(ps)
	var lower []*swissPlayer // who may take it below him, lowest first (byeClasses)
	for i := len(ps) - 1; i >= 0 && ps[i].score < bye.score; i-- {
		if !ps[i].hadBye {
			lower = append(lower, ps[i])
		}
	}
	switch {
	case s.pairable(ps, lower, completion{rule12: false, units: s.units}):
		return fmt.Sprintf("player %d (score %s) gets the bye: every complete pairing that gives it to a lower score breaks R-SW-12 for more players, and R-SW-12 ranks above the bye's lowest score", bye.id, bye.score)
	case s.pairable(ps, lower, completion{}):
		return fmt.Sprintf("player %d (score %s) gets the bye: every complete pairing that gives it to a lower score pairs players of one unit (R-SW-4)", bye.id, bye.score)
	}
	return fmt.Sprintf("player %d (score %s) gets the bye: no complete pairing gives it to a lower score without one", bye.id, bye.score)
}

func newSwiss(ev *Event, round int) (*swiss, error) {
	set := ev.Settings
	s := &swiss{
		set:   set,
		round: round,
		step:  scoringStep(set.Scoring),
		units: set.AvoidUnit == AvoidAllRounds,
	}
	// R-SW-12: in the last round a pair that gives three of one colour in a
	// row is not broken up to avoid it; the score groups pair fully
	// (003: 最后一轮…连三…均不拆开重排). The seed says this of 连三 only, so
	// an imbalance of three (禁多三) is still avoided.
	s.lastRound = set.Rounds > 0 && round >= set.Rounds
	if err := s.readHistories(ev, round); err != nil {
		return nil, err
	}
	if len(s.players) < 2 {
		return nil, &PairingError{Reason: PairTooFew, Round: round, Players: len(s.players)}
	}
	return s, nil
}

// unitNumbers numbers the event's units from 1 for the round's pair checks
// (R-SW-4: an int compare, not a string's), or is nil when the round keeps
// no units apart: asked is whether it might (all rounds', or the first
// round's check, Check), the event says whether it does.
func unitNumbers(ev *Event, asked bool) func(unit string) int32 {
	if !asked || ev.Settings.AvoidUnit == AvoidNever {
		return nil
	}
	numbers := map[string]int32{"": 0}
	last, lastNumber := "", int32(0) // neighbours often share a unit: no lookup
	return func(unit string) int32 {
		if unit == last {
			return lastNumber
		}
		k, ok := numbers[unit]
		if !ok {
			k = int32(len(numbers))
			numbers[unit] = k
		}
		last, lastNumber = unit, k
		return k
	}
}

func describe(p Player) string {
	if p.Name != "" {
		return fmt.Sprintf("%d %s", p.ID, p.Name)
	}
	return fmt.Sprintf("player %d", p.ID)
}

// scoringStep is the smallest score difference the scoring can make: the
// procedure weighs score differences in these steps (2/1/0 and 1/½/0 both
// count a draw as one step).
func scoringStep(sc Scoring) Points {
	g := 0
	for _, v := range []Points{sc.Win, sc.Draw, sc.Loss} {
		g = gcd(g, int(v))
	}
	if g <= 0 {
		return 1
	}
	return Points(g)
}

func gcd(a, b int) int {
	if a < 0 {
		a = -a
	}
	if b < 0 {
		b = -b
	}
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// oneIf is 1 for true, 0 for false, without a branch.
func oneIf(b bool) int {
	if b {
		return 1
	}
	return 0
}

// allowed reports whether a and b may meet: never a rematch (R-SW-9), no
// third colour in a row and no imbalance of three (R-SW-12) when those
// checks are on — a pair is forbidden only when both colour orders would
// break the rule, for colours then choose the order that keeps it — and no
// same-unit game when the event asks (R-SW-4).
func (s *swiss) allowed(a, b *swissPlayer, threeInARow bool) bool {
	return s.allowedUnder(s.kept(), a, b, threeInARow)
}

// kept is the rules a pair must keep this round, unless relaxed.
func (s *swiss) kept() completion {
	return completion{rule12: s.set.NoThreeInARow, units: s.units}
}

// allowedUnder is allowed with the rules c keeps; threeInARow false leaves
// out the check of a third colour in a row (the break-up's last attempt).
func (s *swiss) allowedUnder(c completion, a, b *swissPlayer, threeInARow bool) bool {
	if s.met(a, b.id) {
		return false
	}
	if c.rule12 {
		three := threeInARow && !s.lastRound
		if s.breaks12(a, b, true, three) > 0 && s.breaks12(b, a, true, three) > 0 {
			return false
		}
	}
	return !c.units || a.unit == 0 || a.unit != b.unit
}

// breaksAsRed and breaksAsBlack say whether red, or black, would break
// R-SW-12 for p whoever the opponent: an imbalance of three, or (but in the
// last round) a third colour in a row.
func breaksAsRed(s *swiss, p *swissPlayer) bool {
	return p.balance() >= 2 || !s.lastRound && p.run() >= 2
}

func breaksAsBlack(s *swiss, p *swissPlayer) bool {
	return p.balance() <= -2 || !s.lastRound && p.run() <= -2
}

// breaks12 counts the players of the two whom red/black would give a third
// colour in a row (with three) or a colour imbalance of three (with
// imbalance): R-SW-12.
func (s *swiss) breaks12(red, black *swissPlayer, imbalance, three bool) int {
	n := 0
	if imbalance && red.balance() >= 2 || three && red.run() >= 2 {
		n++
	}
	if imbalance && black.balance() <= -2 || three && black.run() <= -2 {
		n++
	}
	return n
}

func (s *swiss) ok(a, b *swissPlayer) bool { return s.allowed(a, b, true) }

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// oddRound: in odd rounds lower numbers come first, in even rounds higher
// numbers (R-SW-6 c).
func (s *swiss) oddRound() bool { return s.round%2 == 1 }

// split puts sorted players into the needs-red and needs-black lists.
func split(ps []*swissPlayer) rows {
	black := 0
	for _, p := range ps {
		if p.needsBlack() {
			black++
		}
	}
	var r rows
	r[0], r[1] = sized(len(ps)-black), sized(black)
	for _, p := range ps {
		if p.needsBlack() {
			r[1] = append(r[1], p)
		} else {
			r[0] = append(r[0], p)
		}
	}
	return r
}

// sized is an empty list with room for n players; nil for none, as a list
// appended to from nil would be.
func sized(n int) []*swissPlayer {
	if n == 0 {
		return nil
	}
	return make([]*swissPlayer, 0, n)
}

// scoreGroups splits the players into score groups, high to low (R-SW-6 a),
// each into its two lists (split). The sorted keys tell each player's
// score and list, so the players are not visited in their new order (all
// over the field), and the lists are cut from one block.
func (s *swiss) scoreGroups() []rows {
	k, ok := s.sortedKeys(s.players)
	if !ok {
		return s.scoreGroupsBy()
	}
	lists := make([]*swissPlayer, len(s.players))
	var groups []rows
	for i := 0; i < len(lists); {
		j, red := i, 0
		for j < len(lists) && k.score(j) == k.score(i) {
			red += oneIf(!k.needsBlack(j))
			j++
		}
		r, b := i, i+red // where the next of each list goes
		for x := i; x < j; x++ {
			if p := s.players[k.at(x)]; k.needsBlack(x) {
				lists[b], b = p, b+1
			} else {
				lists[r], r = p, r+1
			}
		}
		var g rows
		if red > 0 {
			g[0] = lists[i : i+red : i+red]
		}
		if i+red < j {
			g[1] = lists[i+red : j : j]
		}
		groups = append(groups, g)
		i = j
	}
	return groups
}

// scoreGroupsBy is scoreGroups for keys too wide to pack (sortPlayersBy).
func (s *swiss) scoreGroupsBy() []rows {
	ps := slices.Clone(s.players)
	s.sortPlayersBy(ps)
	var groups []rows
	for i := 0; i < len(ps); {
		j := i
		for j < len(ps) && ps[j].score == ps[i].score {
			j++
		}
		groups = append(groups, split(ps[i:j]))
		i = j
	}
	return groups
}

// complete reports whether pairs and bye cover every player once with no
// rematch.
func (s *swiss) complete(pairs []pair, bye *swissPlayer) bool {
	top := 0
	for _, p := range s.players {
		top = max(top, p.id)
	}
	seen := make([]bool, top+1) // by id
	count := 0
	mark := func(x *swissPlayer) bool {
		if x == nil || x.id > top || seen[x.id] {
			return false
		}
		seen[x.id] = true
		count++
		return true
	}
	for _, p := range pairs {
		if !mark(p.p[0]) || !mark(p.p[1]) || s.met(p.p[0], p.p[1].id) {
			return false
		}
	}
	if bye != nil && !mark(bye) {
		return false
	}
	return count == len(s.players) && (bye == nil) == (len(s.players)%2 == 0)
}

// finish allocates colours, orders the boards and writes the record.
func (s *swiss) finish(pairs []pair, bye *swissPlayer) Pairing {
	pg := Pairing{Round: s.round, Relaxed: s.relaxed}
	if len(pairs) > 0 {
		pg.Boards = make([]Board, len(pairs)) // none: nil, as a pairing without boards always was
	}
	for j, i := range boardOrder(pairs, s.players) {
		p := pairs[i]
		red, black, why := s.colours(p)
		pg.Boards[j] = Board{Number: j + 1, Red: red.id, Black: black.id, Placed: p.placed,
			Float: red.score != black.score, ColourRule: why}
	}
	if bye != nil {
		pg.Byes = []int{bye.id}
		if s.set.CountByeColour {
			pg.ByeColours = []Colour{byeColour(bye)}
		}
	}
	return pg
}

// boardOrder is the order of the boards, as places in pairs: the higher
// score of a pair high to low, then the lower, then pairing order. The
// two scores, counted down from the highest, and the place fit one
// integer side by side (as sortPlayers' keys), sorted by their bytes; the
// scores' range is the round's players' (a pass along the field, not one
// more to the pairs' players all over it).
func boardOrder(pairs []pair, players []*swissPlayer) []uint64 {
	if len(pairs) == 0 {
		return nil
	}
	scores := func(p pair) (hi, lo Points) {
		hi, lo = p.p[0].score, p.p[1].score
		if lo > hi {
			hi, lo = lo, hi
		}
		return hi, lo
	}
	top, bottom := players[0].score, players[0].score
	for _, p := range players {
		top, bottom = max(top, p.score), min(bottom, p.score)
	}
	place := uint(bits.Len(uint(len(pairs) - 1)))
	width := uint(bits.Len64(uint64(top - bottom)))
	keys := make([]uint64, len(pairs))
	if 2*width+place > 64 {
		for i := range keys {
			keys[i] = uint64(i)
		}
		slices.SortStableFunc(keys, func(a, b uint64) int {
			ha, la := scores(pairs[a])
			hb, lb := scores(pairs[b])
			if ha != hb {
				return cmp.Compare(hb, ha)
			}
			return cmp.Compare(lb, la)
		})
		return keys
	}
	for i, p := range pairs {
		hi, lo := scores(p)
		keys[i] = (uint64(top-hi)<<width|uint64(top-lo))<<place | uint64(i)
	}
	radixSort(keys, place, 2*width+place)
	for j := range keys {
		keys[j] &= 1<<place - 1
	}
	return keys
}

// byeColour is the colour Match BP Online records with a bye: red for a
// player who needs red. qisai's own rules ignore it (R-S-3).
func byeColour(p *swissPlayer) Colour {
	if p.state < 0 {
		return Red
	}
	return Black
}
