package engine

// Replay harness against Match BP Online (比赛编排管理系统): every stored
// round of its test events is paired again by qisai from the rounds before
// it, and the two pairings are compared board by board. See
// shared/spec/match-bp-online.md for how that program pairs, and
// notes/bp-settings.md for how its bs_* settings map onto Settings.
//
// Environment:
//
//	QISAI_BP_DEBUG=E:K  print everything needed to debug round K of event E
//	QISAI_BP_DIFFS=1    list every round where qisai differs, as "E:K boards x/y"

import (
	"encoding/json"
	"errors"
	"fmt"
	"github.com/qisai/qisai/internal/shared"
	"math"
	"os"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"
)

// minBoardAgreement is the share of Match BP Online's boards that qisai must
// reproduce with the same pair and the same colours (7380 of 7493 when it
// was set; 7413 before qisai stopped giving up R-SW-12 in rounds where a
// complete pairing of the whole field keeps it — 3:8 and 27:9, where BP's
// board gives a third colour in a row). Where the seeds and that program
// differ the seeds win, so it never reaches 1: every other board is
// explained by R-SW-12 or R-SW-6 a.
const minBoardAgreement = 0.984

// minDefaultAgreement is the same with qisai's defaults and only each
// event's own settings (7185 of 7493 when it was set, and 7405 pairs): the rest of the
// difference is where the seeds and BP part (R-SW-11's window, R-SW-10 (8)).
const minDefaultAgreement = 0.958

// Figures of the stored data that a broken loader would get wrong.
const (
	bpRoundsCompared = 294 // rounds of the replayed events with complete rounds before them, less event 21's round 1
	bpBoardsCompared = 7493
	// bpThreeInARow is how often the stored pairings give a player three
	// games of one colour in a row outside the event's last round (R-SW-12);
	// shared/spec/match-bp-online.md says 17.
	bpThreeInARow = 17
)

// bpFile is bp_events.json: events (bisai) and their players (xuanshou),
// both keyed by the event ID as a string.
type bpFile struct {
	Events  map[string]bpEventJSON    `json:"bisai"`
	Players map[string][]bpPlayerJSON `json:"xuanshou"`
}

// bpEventJSON holds the bs_* settings the replay needs; the meaning of each
// code is in notes/bp-settings.md.
type bpEventJSON struct {
	ID          int    `json:"bs_id"`
	Title       string `json:"bs_biaoti"`
	Rounds      int    `json:"bs_zonglunshu"`
	Scoring     string `json:"bs_jufenmoshi"`   // "red win:draw:loss:black win:draw:loss"
	Kind        int    `json:"bs_BPleixing"`    // 1 = 积分编排 (Swiss)
	ByeOpponent int    `json:"bs_konghaofen"`   // 0: a bye adds 0 to 对手分
	Units       int    `json:"bs_TTbuyu"`       // 1: 同队不相遇
	NoImbalance int    `json:"bs_Jduosan"`      // 1: 禁多三
	NoRun       int    `json:"bs_Jliansan"`     // 1: 禁连三
	ColourTie   int    `json:"bs_tongxianhou"`  // 1 sum parity, 2 round parity
	FirstPairs  int    `json:"bs_peiduimoshi"`  // round-1 pairing method
	FirstColour int    `json:"bs_xianhoumoshi"` // round-1 colour method
	Eliminate   string `json:"bs_dilunfen"`     // "XxY": after round X, below Y points are out
}

type bpPlayerJSON struct {
	Seq       int    `json:"xs_xuhao"`
	Unit      string `json:"xs_danwei"`
	Opponents string `json:"xs_towhos"`    // ",2,,10,," opponent per round, 0 = bye
	Colours   string `json:"xs_xianhous"`  // "+-+" per round, a bye included
	Points    string `json:"xs_fenshus"`   // points per round with a result
	Boards    string `json:"xs_taihaos"`   // board per round
	Marks     string `json:"xs_lianqis"`   // per result: = played, + forfeit win, - forfeit loss
	Floats    string `json:"xs_shangxias"` // per round: A floated up, V down, = none
	Fouls     int    `json:"xs_fangui"`
}

// bpEntry is one player's round as stored.
type bpEntry struct {
	opp    int
	colour Colour
	board  int
	points Points
	scored bool // a result is entered
	mark   byte // from xs_lianqis: '=', '+' or '-'
	float  byte // from xs_shangxias
}

// bpEvent is one stored event made ready for replay.
type bpEvent struct {
	id       int
	title    string
	last     int          // bs_zonglunshu
	ev       Event        // every stored round; WithdrawnAfter is set per replayed round
	entries  [][]bpEntry  // entries[id][r] is round r+1; entries[0] is unused
	played   []int        // played[id]: rounds the player was paired in
	usable   int          // rounds 1..usable have a pairing and complete, consistent rounds before
	skip     string       // why the event is not replayed at all
	first    string       // why round 1 is not compared
	errs     []string     // data errors, each naming its round
	unpaired map[int]bool // rounds whose pairing is inconsistent: not replayed
	unscored map[int]bool // rounds whose results are inconsistent: the rounds after are not replayed
	partial  []string     // games of a round in progress with one player's result entered
	notes    []string     // BP settings without an exact engine equivalent
}

// loadBPEvents reads bp_events.json and returns its events in ID order.
func loadBPEvents(t *testing.T) []*bpEvent {
	t.Helper()
	path := shared.Path(t, "match_bp_online", "bp_events.json")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var f bpFile
	if err := json.Unmarshal(data, &f); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	var out []*bpEvent
	for key, e := range f.Events {
		if strconv.Itoa(e.ID) != key {
			t.Fatalf("%s: event under key %q has bs_id %d", path, key, e.ID)
		}
		out = append(out, newBPEvent(e, f.Players[key]))
	}
	sort.Slice(out, func(i, j int) bool { return out[i].id < out[j].id })
	return out
}

// newBPEvent turns one stored event into an Event with every stored round,
// noting data errors and settings qisai cannot express.
func newBPEvent(e bpEventJSON, players []bpPlayerJSON) *bpEvent {
	b := &bpEvent{id: e.ID, title: e.Title, last: e.Rounds, unpaired: map[int]bool{}, unscored: map[int]bool{}}
	b.ev.Name = e.Title
	settings, err := b.settings(e)
	if err != nil {
		b.skip = err.Error()
		return b
	}
	b.ev.Settings = settings
	if len(players) == 0 {
		b.skip = "no players are stored"
		return b
	}
	sort.Slice(players, func(i, j int) bool { return players[i].Seq < players[j].Seq })
	for i, p := range players {
		if p.Seq != i+1 {
			b.skip = fmt.Sprintf("sequence numbers are not 1..%d: %d stands where %d belongs", len(players), p.Seq, i+1)
			return b
		}
	}
	n := len(players)
	b.entries = make([][]bpEntry, n+1)
	b.played = make([]int, n+1)
	rounds := 0
	for _, p := range players {
		b.ev.Players = append(b.ev.Players, Player{ID: p.Seq, Unit: p.Unit, Penalties: p.Fouls})
		b.entries[p.Seq] = b.parse(p)
		b.played[p.Seq] = len(b.entries[p.Seq])
		rounds = max(rounds, len(b.entries[p.Seq]))
	}
	complete := make([]bool, rounds)
	for r := range rounds {
		var rd Round
		rd, complete[r] = b.round(r)
		b.ev.Rounds = append(b.ev.Rounds, rd)
	}
	// Round k can be replayed when it has a consistent pairing and every
	// round before it is complete and consistent.
	for k := 1; k <= rounds && !b.unpaired[k]; k++ {
		b.usable = k
		if !complete[k-1] || b.unscored[k] {
			break
		}
	}
	switch {
	case e.Eliminate != "" && e.Eliminate != "0x0":
		b.skip = fmt.Sprintf("bs_dilunfen %s eliminates players during the event (a qualification event); qisai has no such setting", e.Eliminate)
	case rounds == 0:
		b.skip = "no round is paired"
	case b.usable == 0:
		b.skip = "round 1 has data errors"
	}
	return b
}

// settings maps the event's bs_* codes onto Settings. It fails when the
// event cannot be replayed at all, and notes the codes that qisai can only
// approximate; round-1 codes without an equivalent set b.first.
func (b *bpEvent) settings(e bpEventJSON) (Settings, error) {
	s := DefaultSettings(e.Rounds)
	if e.Kind != 1 {
		return s, fmt.Errorf("bs_BPleixing %d is not 积分编排 (Swiss)", e.Kind)
	}
	sc := strings.Split(e.Scoring, ":")
	if len(sc) != 6 || strings.Join(sc[:3], ":") != strings.Join(sc[3:], ":") {
		return s, fmt.Errorf("bs_jufenmoshi %q: qisai scores red and black alike and needs red win:draw:loss = black win:draw:loss", e.Scoring)
	}
	scoring, err := ParseScoring(strings.Join(sc[:3], "/"))
	if err != nil {
		return s, fmt.Errorf("bs_jufenmoshi: %w", err)
	}
	s.Scoring = scoring
	s.ByeValue = scoring.Win // its byes score a win in every stored event
	if e.ByeOpponent != 0 {
		b.notes = append(b.notes, "bs_konghaofen 1 (a bye adds the lowest score to 对手分) has no equivalent")
	}
	s.AvoidUnit = AvoidNever
	if e.Units == 1 {
		s.AvoidUnit = AvoidAllRounds // BP checks it from round 2 on only (see notes)
	}
	s.NoThreeInARow = e.NoRun == 1 || e.NoImbalance == 1
	if e.NoRun != e.NoImbalance {
		b.notes = append(b.notes, fmt.Sprintf("bs_Jliansan %d and bs_Jduosan %d differ; qisai has one switch for both", e.NoRun, e.NoImbalance))
	}
	s.ColourTie = RoundParity // BP's default, also for unknown codes
	if e.ColourTie == 1 {
		s.ColourTie = SumParity
	}
	s.ScorePriorityRounds = 4 // housanlun and zuihoulun: from round bs_zonglunshu-3 on
	s.CountByeColour = true   // BP's colour state counts the colour stored with a bye
	s.CountForfeits = true    // and forfeited games, for colours and rematches
	s.EarlierColours = true   // and compares earlier rounds before the numbers

	s.Halves = TopBottom
	switch e.FirstPairs {
	case 1:
		s.FirstRound = Adjacent
	case 2:
		s.FirstRound = HeadTail
	case 3:
		s.FirstRound = Fold
	case 4:
		s.FirstRound = Random
		b.first = "bs_peiduimoshi 4: BP draws with PHP's shuffle"
	case 5:
		b.first = "bs_peiduimoshi 5: upper half against lower half as given by xs_banqu"
	default:
		b.first = fmt.Sprintf("bs_peiduimoshi %d is unknown", e.FirstPairs)
	}
	switch e.FirstColour {
	case 3, 7, 8, 11:
		// 11 keeps each pair as listed (lower number first for adjacent,
		// head-tail and fold); 3 and 7 never swap because of a precedence
		// bug in diyilun.php; 8 is "lower number red" outright.
		s.FirstColour = LowerNumberRed
	case 2:
		s.FirstColour = AlternateBoards
	case 6:
		s.FirstColour = AlternateBoardsHigherRed // what the code does, not its label
	case 4:
		s.FirstColour = DrawnColour
		if b.first == "" {
			b.first = "bs_xianhoumoshi 4: BP draws with PHP's rand"
		}
	default:
		if b.first == "" {
			b.first = fmt.Sprintf("bs_xianhoumoshi %d has no equivalent", e.FirstColour)
		}
	}
	return s, nil
}

// parse reads one player's per-round strings. A round whose strings
// disagree in length is noted as a data error.
func (b *bpEvent) parse(p bpPlayerJSON) []bpEntry {
	opps := bpNumbers(p.Opponents)
	boards := bpNumbers(p.Boards)
	points := bpFields(p.Points)
	es := make([]bpEntry, len(opps))
	for r := range es {
		e := &es[r]
		e.opp, e.mark, e.float = opps[r], '=', '='
		if r < len(boards) {
			e.board = boards[r]
		}
		switch bpByte(p.Colours, r) {
		case '+':
			e.colour = Red
		case '-':
			e.colour = Black
		default:
			b.errorf(b.unpaired, r+1, "player %d has no colour (xs_xianhous %q)", p.Seq, p.Colours)
		}
		if c := bpByte(p.Floats, r); c != 0 {
			e.float = c
		}
		if r < len(points) {
			v, err := ParsePoints(points[r])
			if err != nil {
				b.errorf(b.unscored, r+1, "player %d: %v", p.Seq, err)
			}
			e.points, e.scored = v, true
			if c := bpByte(p.Marks, r); c != 0 {
				e.mark = c
			}
		}
	}
	if len(points) > len(opps) {
		b.errorf(b.unscored, len(opps)+1, "player %d has %d results for %d rounds", p.Seq, len(points), len(opps))
	}
	return es
}

// round builds stored round r+1 from the entries and reports whether all
// its results are in. Inconsistent entries are data errors.
func (b *bpEvent) round(r int) (Round, bool) {
	var rd Round
	complete := true
	for id := 1; id < len(b.entries); id++ {
		if r >= len(b.entries[id]) {
			continue
		}
		e := b.entries[id][r]
		complete = complete && e.scored
		if e.opp == 0 {
			rd.Byes = append(rd.Byes, Bye{Player: id, Kind: PairingBye, Colour: e.colour})
			if e.scored && (e.points != b.ev.Settings.ByeValue || e.mark != '=') {
				b.errorf(b.unscored, r+1, "player %d scored %s%c for a bye worth %s", id, e.points, e.mark, b.ev.Settings.ByeValue)
			}
			continue
		}
		if e.opp < 1 || e.opp >= len(b.entries) || r >= len(b.entries[e.opp]) || b.entries[e.opp][r].opp != id {
			b.errorf(b.unpaired, r+1, "player %d meets %d, who does not meet them", id, e.opp)
			continue
		}
		o := b.entries[e.opp][r]
		if o.colour != e.colour.Opposite() {
			if id < e.opp {
				b.errorf(b.unpaired, r+1, "players %d and %d both have colour %d", id, e.opp, e.colour)
			}
			continue
		}
		if e.colour != Red {
			continue // the red player adds the game
		}
		g := Game{Board: e.board, Red: id, Black: e.opp}
		switch {
		case e.scored && o.scored:
			res, err := bpResult(b.ev.Settings.Scoring, e, o)
			if err != nil {
				b.errorf(b.unscored, r+1, "%d–%d: %v", id, e.opp, err)
			}
			g.Result = res
		case e.scored != o.scored:
			// A round in progress: the game counts as pending.
			b.partial = append(b.partial, fmt.Sprintf("round %d: %d–%d: only one of the two has a result", r+1, id, e.opp))
		}
		rd.Games = append(rd.Games, g)
	}
	sort.Slice(rd.Games, func(i, j int) bool { return rd.Games[i].Board < rd.Games[j].Board })
	return rd, complete
}

// bpResult reads a game's result from both players' points and forfeit marks.
func bpResult(sc Scoring, red, black bpEntry) (Result, error) {
	type key struct {
		red, black   Points
		rMark, bMark byte
	}
	results := map[key]Result{
		{sc.Win, sc.Loss, '=', '='}:  RedWin,
		{sc.Loss, sc.Win, '=', '='}:  BlackWin,
		{sc.Draw, sc.Draw, '=', '='}: Draw,
		{sc.Win, sc.Loss, '+', '-'}:  RedForfeitWin,
		{sc.Loss, sc.Win, '-', '+'}:  BlackForfeitWin,
		{sc.Loss, sc.Loss, '-', '-'}: DoubleForfeit,
	}
	if res, ok := results[key{red.points, black.points, red.mark, black.mark}]; ok {
		return res, nil
	}
	return Pending, fmt.Errorf("red scored %s%c and black %s%c, which is no result under %s", red.points, red.mark, black.points, black.mark, sc)
}

// errorf notes a data error in a round and marks the round in bad
// (b.unpaired or b.unscored).
func (b *bpEvent) errorf(bad map[int]bool, round int, format string, args ...any) {
	bad[round] = true
	b.errs = append(b.errs, fmt.Sprintf("round %d: ", round)+fmt.Sprintf(format, args...))
}

// before returns the event as it stood when round k was paired: rounds
// 1..k-1, and players who were no longer paired marked as withdrawn.
func (b *bpEvent) before(k int) *Event {
	ev := &Event{Name: b.ev.Name, Settings: b.ev.Settings}
	ev.Players = append([]Player(nil), b.ev.Players...)
	for i := range ev.Players {
		if n := b.played[i+1]; n < k {
			ev.Players[i].WithdrawnAfter = n
			if n == 0 {
				ev.Players[i].WithdrawnAfter = -1
			}
		}
	}
	ev.Rounds = b.ev.Rounds[: k-1 : k-1] // the full slice expression keeps the pairer from appending into our rounds
	if k == 1 {
		// BP's round 1 (diyilun) never looks at units: its 同队不相遇 is
		// kept by drawing the sequence numbers, from round 2 on by pairing.
		ev.Settings.AvoidUnit = AvoidNever
	}
	return ev
}

// forfeitsBefore counts the forfeit games in rounds 1..k-1: qisai does not
// count them for colours or rematches (R-T-0) and Match BP Online does, so
// they explain some differences.
func (b *bpEvent) forfeitsBefore(k int) int {
	n := 0
	for _, rd := range b.ev.Rounds[:k-1] {
		for _, g := range rd.Games {
			if g.Result.Decided() && !g.Result.Played() {
				n++
			}
		}
	}
	return n
}

func bpFields(s string) []string {
	return strings.FieldsFunc(s, func(r rune) bool { return r == ',' })
}

func bpNumbers(s string) []int {
	var out []int
	for _, f := range bpFields(s) {
		n, err := strconv.Atoi(f)
		if err != nil {
			n = -1 // reported as an opponent who does not meet the player
		}
		out = append(out, n)
	}
	return out
}

func bpByte(s string, i int) byte {
	if i < len(s) {
		return s[i]
	}
	return 0
}

// TestBPOnlineDefaults replays Match BP Online's events with qisai's
// defaults and only what each event set itself — scoring, bye value, units,
// the colour tie rule, R-SW-12, the round-1 method — and explains every
// difference: by a seed rule where BP departs from the seeds (R-SW-11 from
// the third-last round, not the fourth; R-SW-10 (8) to the numbers, not
// to earlier colours), or as TestBPOnlineAgreement does (R-SW-12, R-SW-6 a).
// The defaults count forfeits and bye colours as BP does (R-T-0, R-S-3).
func TestBPOnlineDefaults(t *testing.T) {
	var total bpTally
	why := map[string]int{}
	for _, b := range loadBPEvents(t) {
		if b.skip != "" {
			continue
		}
		for k := 1; k <= b.usable; k++ {
			if k == 1 && b.first != "" {
				continue
			}
			bp := b.before(k)
			ev := b.before(k)
			def := DefaultSettings(ev.Settings.Rounds)
			ev.Settings.ScorePriorityRounds, ev.Settings.EarlierColours = def.ScorePriorityRounds, def.EarlierColours
			ev.Settings.CountForfeits, ev.Settings.CountByeColour = def.CountForfeits, def.CountByeColour
			q, err := bpPair(ev)
			c := compareBP(b.ev.Rounds[k-1], q, err, ev)
			total.add(c, b.forfeitsBefore(k))
			if c.agree() {
				continue
			}
			explained := ""
			if bq, err := bpPair(bp); err == nil && compareBP(b.ev.Rounds[k-1], bq, nil, bp).agree() {
				explained = b.seedDeparture(k, ev)
			}
			if explained == "" {
				explained = b.explain(k, ev, q)
			}
			if explained == "" {
				t.Errorf("%d:%d: with the defaults qisai differs from Match BP Online and no seed rule explains it", b.id, k)
				continue
			}
			why[strings.SplitN(explained, ":", 2)[0]]++
		}
	}
	t.Logf("BP agreement with qisai's defaults: boards %d/%d (%s), pairs %d/%d, rounds %d/%d, byes %d/%d; failed %d, invalid %d; differences by rule: %v",
		total.same, total.boards, bpPercent(total.same, total.boards), total.pairs, total.boards,
		total.roundsAgree, total.rounds, total.byesAgree, total.byes, total.failed, total.invalid, why)
	if got := float64(total.same) / float64(max(total.boards, 1)); got < minDefaultAgreement {
		t.Errorf("qisai's defaults agree on %.1f%% of the boards, below minDefaultAgreement %.1f%%", 100*got, 100*minDefaultAgreement)
	}
}

// seedDeparture names the BP setting that alone turns ev's pairing of round
// k into BP's, where the seeds say otherwise; "" when none does.
func (b *bpEvent) seedDeparture(k int, ev *Event) string {
	tries := []struct {
		why string
		set func(*Settings)
	}{
		{"R-SW-11: the seed gives the higher score's colour need priority from the third-last round, BP from the fourth-last", func(s *Settings) { s.ScorePriorityRounds = 4 }},
		{"R-SW-10 (8): the seed goes to the numbers when all else is equal, BP looks at earlier colours first", func(s *Settings) { s.EarlierColours = true }},
	}
	for _, tr := range tries {
		e := *ev
		tr.set(&e.Settings)
		if q, err := bpPair(&e); err == nil && compareBP(b.ev.Rounds[k-1], q, nil, &e).agree() {
			return tr.why
		}
	}
	if q, err := bpPair(b.before(k)); err == nil && compareBP(b.ev.Rounds[k-1], q, nil, ev).agree() {
		return "R-SW-11 and R-SW-10 (8): both of BP's departures from the seeds together"
	}
	return ""
}

// bpTally sums the comparison of replayed rounds.
type bpTally struct {
	rounds, roundsAgree int
	boards, pairs, same int // BP's boards; of them, the same pair in qisai; and the same colours too
	byes, byesAgree     int // rounds where either side has a bye; of them, the same byes
	failed, invalid     int // Pair panicked or returned an error; the pairing is not complete
	// The same, for rounds with no forfeit before them.
	clean, cleanAgree, cleanBoards, cleanSame int
}

func (t *bpTally) add(c bpComparison, forfeits int) {
	t.rounds++
	t.boards += c.boards
	t.pairs += c.pairs
	t.same += c.same
	if c.agree() {
		t.roundsAgree++
	}
	if c.byeRound {
		t.byes++
		if c.byeAgree {
			t.byesAgree++
		}
	}
	if c.err != nil {
		t.failed++
	}
	if c.invalid != "" {
		t.invalid++
	}
	if forfeits == 0 {
		t.clean++
		t.cleanBoards += c.boards
		t.cleanSame += c.same
		if c.agree() {
			t.cleanAgree++
		}
	}
}

func (t *bpTally) merge(u bpTally) {
	t.rounds += u.rounds
	t.roundsAgree += u.roundsAgree
	t.boards += u.boards
	t.pairs += u.pairs
	t.same += u.same
	t.byes += u.byes
	t.byesAgree += u.byesAgree
	t.failed += u.failed
	t.invalid += u.invalid
	t.clean += u.clean
	t.cleanAgree += u.cleanAgree
	t.cleanBoards += u.cleanBoards
	t.cleanSame += u.cleanSame
}

func bpPercent(n, of int) string {
	if of == 0 {
		return "-"
	}
	return fmt.Sprintf("%.1f%%", 100*float64(n)/float64(of))
}

// bpComparison compares qisai's pairing of one round with the stored one.
type bpComparison struct {
	boards, pairs, same int
	byeRound, byeAgree  bool
	err                 error
	invalid             string
}

func (c bpComparison) agree() bool {
	return c.err == nil && c.invalid == "" && c.same == c.boards && (!c.byeRound || c.byeAgree)
}

// bpPair pairs the next round, turning a panic into an error: the pairer
// is being written while this harness runs.
func bpPair(ev *Event) (p Pairing, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic: %v", r)
		}
	}()
	return Pair(ev)
}

func compareBP(bp Round, q Pairing, err error, ev *Event) bpComparison {
	c := bpComparison{boards: len(bp.Games), err: err}
	if err != nil {
		c.byeRound = len(bp.Byes) > 0
		return c
	}
	colours := map[[2]int]int{} // unordered pair -> qisai's red
	for _, b := range q.Boards {
		colours[bpKey(b.Red, b.Black)] = b.Red
	}
	for _, g := range bp.Games {
		if red, ok := colours[bpKey(g.Red, g.Black)]; ok {
			c.pairs++
			if red == g.Red {
				c.same++
			}
		}
	}
	var bpByes []int
	for _, b := range bp.Byes {
		bpByes = append(bpByes, b.Player)
	}
	qByes := append([]int(nil), q.Byes...)
	sort.Ints(qByes)
	c.byeRound = len(bpByes) > 0 || len(qByes) > 0
	c.byeAgree = fmt.Sprint(bpByes) == fmt.Sprint(qByes)
	c.invalid = bpIncomplete(ev, q)
	return c
}

func bpKey(a, b int) [2]int {
	if a > b {
		a, b = b, a
	}
	return [2]int{a, b}
}

// bpIncomplete says why q does not give every active player exactly one
// board or bye, or "" when it does.
func bpIncomplete(ev *Event, q Pairing) string {
	round := len(ev.Rounds) + 1
	seen := map[int]int{}
	for _, b := range q.Boards {
		seen[b.Red]++
		seen[b.Black]++
	}
	for _, id := range q.Byes {
		seen[id]++
	}
	var why []string
	for _, p := range ev.Players {
		switch n := seen[p.ID]; {
		case p.Active(round) && n != 1:
			why = append(why, fmt.Sprintf("%d appears %d times", p.ID, n))
		case !p.Active(round) && n != 0:
			why = append(why, fmt.Sprintf("%d is paired after withdrawing", p.ID))
		}
		delete(seen, p.ID)
	}
	for id := range seen {
		why = append(why, fmt.Sprintf("unknown player %d", id))
	}
	sort.Strings(why)
	return strings.Join(why, ", ")
}

// bpTarget reads QISAI_BP_DEBUG=E:K.
func bpTarget(t *testing.T) (event, round int) {
	s := os.Getenv("QISAI_BP_DEBUG")
	if s == "" {
		return 0, 0
	}
	if _, err := fmt.Sscanf(s, "%d:%d", &event, &round); err != nil {
		t.Fatalf("QISAI_BP_DEBUG=%q: write event:round, e.g. 3:5", s)
	}
	return event, round
}

// TestBPOnlineAgreement replays every usable round of Match BP Online's
// test events and reports how often qisai pairs as it did.
func TestBPOnlineAgreement(t *testing.T) {
	events := loadBPEvents(t)
	debugEvent, debugRound := bpTarget(t)
	diffs := os.Getenv("QISAI_BP_DIFFS") != ""
	var total bpTally
	var slowest time.Duration
	var slowestAt string
	start := time.Now()
	for _, b := range events {
		if b.skip != "" {
			t.Logf("event %d skipped: %s", b.id, b.skip)
			continue
		}
		var tally bpTally
		for k := 1; k <= b.usable; k++ {
			if k == 1 && b.first != "" {
				continue
			}
			ev := b.before(k)
			t0 := time.Now()
			q, err := bpPair(ev)
			if d := time.Since(t0); d > slowest {
				slowest, slowestAt = d, fmt.Sprintf("%d:%d", b.id, k)
			}
			c := compareBP(b.ev.Rounds[k-1], q, err, ev)
			tally.add(c, b.forfeitsBefore(k))
			if !c.agree() {
				if diffs {
					t.Logf("%d:%d boards %d/%d%s", b.id, k, c.same, c.boards, bpWhy(c))
				}
				// Every difference must be one a seed rule explains.
				if why := b.explain(k, ev, q); why == "" {
					t.Errorf("%d:%d: qisai differs from Match BP Online and no seed rule explains it", b.id, k)
				} else {
					t.Logf("%d:%d differs by %s", b.id, k, why)
				}
			}
			if b.id == debugEvent && k == debugRound {
				t.Log("\n" + b.debug(k, ev, q, err))
			}
		}
		extra := ""
		if b.first != "" {
			extra = "; round 1 not compared: " + b.first
		}
		if b.usable < len(b.ev.Rounds) {
			extra += fmt.Sprintf("; rounds %d..%d not replayable (results missing or data errors)", b.usable+1, len(b.ev.Rounds))
		}
		t.Logf("event %d (%d players, %s): rounds %d agree %d, boards %d/%d (%s), pairs %d/%d, byes %d/%d, failed %d, invalid %d%s",
			b.id, len(b.ev.Players), b.title, tally.rounds, tally.roundsAgree, tally.same, tally.boards, bpPercent(tally.same, tally.boards),
			tally.pairs, tally.boards, tally.byesAgree, tally.byes, tally.failed, tally.invalid, extra)
		total.merge(tally)
	}
	if debugEvent != 0 {
		bpExplainTarget(t, events, debugEvent, debugRound)
	}
	t.Logf("BP agreement: boards %d/%d (%s), pairs %d/%d, rounds %d/%d, byes %d/%d; failed %d, invalid %d; %s for %d rounds (slowest %s, %s)",
		total.same, total.boards, bpPercent(total.same, total.boards), total.pairs, total.boards,
		total.roundsAgree, total.rounds, total.byesAgree, total.byes, total.failed, total.invalid,
		time.Since(start).Round(time.Millisecond), total.rounds, slowestAt, slowest.Round(time.Microsecond))
	t.Logf("BP agreement without forfeits before the round: boards %d/%d (%s), rounds %d/%d",
		total.cleanSame, total.cleanBoards, bpPercent(total.cleanSame, total.cleanBoards), total.cleanAgree, total.clean)
	if total.rounds != bpRoundsCompared || total.boards != bpBoardsCompared {
		t.Errorf("compared %d rounds with %d boards, want %d and %d: the loader changed", total.rounds, total.boards, bpRoundsCompared, bpBoardsCompared)
	}
	if got := float64(total.same) / float64(max(total.boards, 1)); got < minBoardAgreement {
		t.Errorf("qisai agrees on %.1f%% of the boards, below minBoardAgreement %.1f%%", 100*got, 100*minBoardAgreement)
	}
}

// explain names the seed rule that explains why qisai's pairing of round k
// differs from BP's, or "" when none does.
func (b *bpEvent) explain(k int, ev *Event, q Pairing) string {
	if why := b.breaksRSW12(k, q); why != "" {
		return "R-SW-12: " + why
	}
	// R-SW-6 a (由高调低): equal scores pair first, then the nearest.
	hist := ev.Histories()
	gap := func(red, black int) float64 {
		return math.Abs((Score(hist[red]) - Score(hist[black])).Float())
	}
	var ours, theirs float64
	for _, bd := range q.Boards {
		ours += gap(bd.Red, bd.Black)
	}
	for _, g := range b.ev.Rounds[k-1].Games {
		theirs += gap(g.Red, g.Black)
	}
	if ours < theirs {
		return fmt.Sprintf("R-SW-6 a: qisai's pairs differ by %g points in all, BP's by %g", ours, theirs)
	}
	return ""
}

// breaksRSW12 explains a round where qisai differs from BP by R-SW-12, the
// rule against a third colour in a row (禁连三) and an imbalance of three
// (禁多三), judged by BP's own colour states; "" when it does not. qisai
// avoids both whenever it can, so BP made a board that qisai did not — but
// in the last round a third colour in a row does not break up a pairing
// (003: 最后一轮…连三…均不拆开重排), so there qisai may keep such a board
// that BP broke up.
func (b *bpEvent) breaksRSW12(k int, q Pairing) string {
	var bp, ours [][2]int
	for _, g := range b.ev.Rounds[k-1].Games {
		bp = append(bp, [2]int{g.Red, g.Black})
	}
	for _, bd := range q.Boards {
		ours = append(ours, [2]int{bd.Red, bd.Black})
	}
	last := k == b.ev.Settings.Rounds
	if why := b.breaking("BP's", bp, ours, k, true, !last); why != "" {
		return why
	}
	if last {
		return b.breaking("qisai's", ours, bp, k, false, true)
	}
	return ""
}

// breaking names a board of boards, not among others, that gives an
// imbalance of three (when imbalance) or a third colour in a row (when run).
func (b *bpEvent) breaking(who string, boards, others [][2]int, k int, imbalance, run bool) string {
	skip := map[[2]int]bool{}
	for _, o := range others {
		skip[o] = true
	}
	for _, g := range boards {
		if skip[g] {
			continue // both have this board: it explains nothing
		}
		red, black := b.xianshu(g[0], k), b.xianshu(g[1], k)
		rb, bb := phpRound(float64(red)/100), phpRound(float64(black)/100)
		rr, br := red-rb*100, black-bb*100
		switch {
		case imbalance && (rb+1 >= 3 || bb-1 <= -3):
			return fmt.Sprintf("%s board %d–%d gives an imbalance of three (禁多三)", who, g[0], g[1])
		case run && (rr+1 >= 3 || br-1 <= -3):
			return fmt.Sprintf("%s board %d–%d gives a third colour in a row (禁连三)", who, g[0], g[1])
		}
	}
	return ""
}

func bpWhy(c bpComparison) string {
	switch {
	case c.err != nil:
		return ": " + strings.SplitN(c.err.Error(), "\n", 2)[0]
	case c.invalid != "":
		return ": invalid: " + c.invalid
	case c.byeRound && !c.byeAgree:
		return ", bye differs"
	}
	return ""
}

// bpExplainTarget says why QISAI_BP_DEBUG names a round that was not replayed.
func bpExplainTarget(t *testing.T, events []*bpEvent, event, round int) {
	for _, b := range events {
		if b.id != event {
			continue
		}
		switch {
		case b.skip != "":
			t.Logf("QISAI_BP_DEBUG: event %d is skipped: %s", event, b.skip)
		case round < 1 || round > b.usable:
			t.Logf("QISAI_BP_DEBUG: event %d can replay rounds 1..%d only", event, b.usable)
		case round == 1 && b.first != "":
			t.Logf("QISAI_BP_DEBUG: round 1 of event %d is not compared: %s", event, b.first)
		}
		return
	}
	t.Logf("QISAI_BP_DEBUG: no event %d", event)
}

// debug prints round k of the event: the players as they stood and both
// pairings side by side.
func (b *bpEvent) debug(k int, ev *Event, q Pairing, err error) string {
	var sb strings.Builder
	s := ev.Settings
	fmt.Fprintf(&sb, "event %d round %d of %d: %s\n", b.id, k, b.last, b.title)
	fmt.Fprintf(&sb, "settings: scoring %s, bye %s, round 1 %s/%s/%s, colour tie %s, units %s, no three %v, score priority %d rounds, bye colour counts %v\n",
		s.Scoring, s.ByeValue, s.FirstRound, s.Halves, s.FirstColour, s.ColourTie, s.AvoidUnit, s.NoThreeInARow, s.ScorePriorityRounds, s.CountByeColour)
	for _, n := range b.notes {
		fmt.Fprintf(&sb, "note: %s\n", n)
	}
	h := ev.Histories()
	score := make([]Points, len(h))
	var ids []int
	for _, p := range ev.Players {
		score[p.ID] = Score(h[p.ID])
		if p.Active(k) {
			ids = append(ids, p.ID)
		}
	}
	sort.Slice(ids, func(i, j int) bool {
		if score[ids[i]] != score[ids[j]] {
			return score[ids[i]] > score[ids[j]]
		}
		return ids[i] < ids[j]
	})
	fmt.Fprintf(&sb, "\nplayers (colours: + red, - black, 0 bye, r/b forfeit as red/black; state: BP's xianshu, 100×(reds−blacks) ± current run, byes' colours included; floats: BP's A up, V down)\n")
	fmt.Fprintf(&sb, "%4s %6s  %-12s %-*s %6s  %-*s  %s\n", "id", "score", "unit", k, "colours", "state", k, "floats", "opponents")
	for _, id := range ids {
		var cols, floats strings.Builder
		var opps []string
		for r, e := range h[id] {
			cols.WriteByte(bpColourChar(e))
			if r < len(b.entries[id]) {
				floats.WriteByte(b.entries[id][r].float)
			}
			opps = append(opps, strconv.Itoa(e.Opponent))
		}
		fmt.Fprintf(&sb, "%4d %6s  %-12s %-*s %6d  %-*s  %s\n", id, score[id], ev.Players[id-1].Unit,
			k, cols.String(), b.xianshu(id, k), k, floats.String(), strings.Join(opps, " "))
	}
	for _, p := range ev.Players {
		if !p.Active(k) {
			fmt.Fprintf(&sb, "%4d withdrawn after round %d\n", p.ID, p.WithdrawnAfter)
		}
	}

	bp := b.ev.Rounds[k-1]
	bpRed := map[[2]int]int{}
	for _, g := range bp.Games {
		bpRed[bpKey(g.Red, g.Black)] = g.Red
	}
	qRed := map[[2]int]int{}
	for _, bd := range q.Boards {
		qRed[bpKey(bd.Red, bd.Black)] = bd.Red
	}
	mark := func(other map[[2]int]int, red, black int) string {
		switch r, ok := other[bpKey(red, black)]; {
		case !ok:
			return "*"
		case r != red:
			return "c"
		}
		return " "
	}
	side := func(red, black int) string {
		return fmt.Sprintf("%4d(%s) - %4d(%s)", red, score[red], black, score[black])
	}
	fmt.Fprintf(&sb, "\npairings (* pair not in the other pairing, c same pair other colours)\n")
	fmt.Fprintf(&sb, "%5s  %-26s  %-26s %s\n", "board", "BP", "qisai", "placed / colour rule")
	for i := range max(len(bp.Games), len(q.Boards)) {
		left, right, why := "", "", ""
		if i < len(bp.Games) {
			g := bp.Games[i]
			left = side(g.Red, g.Black) + " " + mark(qRed, g.Red, g.Black)
		}
		if i < len(q.Boards) {
			bd := q.Boards[i]
			right = side(bd.Red, bd.Black) + " " + mark(bpRed, bd.Red, bd.Black)
			why = bpPlacementName(bd.Placed) + " / " + bpColourReasonName(bd.ColourRule)
			if bd.Float {
				why += " / float"
			}
		}
		fmt.Fprintf(&sb, "%5d  %-26s  %-26s %s\n", i+1, left, right, why)
	}
	var bpByes []string
	for _, by := range bp.Byes {
		bpByes = append(bpByes, fmt.Sprintf("%d(%s, recorded %s)", by.Player, score[by.Player], by.Colour.String()))
	}
	var qByes []string
	for _, id := range q.Byes {
		qByes = append(qByes, fmt.Sprintf("%d(%s)", id, score[id]))
	}
	fmt.Fprintf(&sb, "%5s  %-26s  %s\n", "bye", strings.Join(bpByes, " "), strings.Join(qByes, " "))
	for _, r := range q.Relaxed {
		fmt.Fprintf(&sb, "qisai relaxed %s: %s\n", r.Rule, r.Why)
	}
	if err != nil {
		fmt.Fprintf(&sb, "qisai failed: %v\n", err)
	}
	if why := bpIncomplete(ev, q); err == nil && why != "" {
		fmt.Fprintf(&sb, "qisai's pairing is incomplete: %s\n", why)
	}
	return sb.String()
}

func bpColourChar(e Entry) byte {
	switch {
	case e.Outcome == OutcomeBye:
		return '0'
	case e.Played() && e.Colour == Red:
		return '+'
	case e.Played():
		return '-'
	case e.Colour == Red:
		return 'r'
	case e.Colour == Black:
		return 'b'
	}
	return '.'
}

// xianshu is Match BP Online's colour state before round k (ersilun's
// caller in bianpai.php): 100 × (reds − blacks), plus the length of the
// current run, positive for red; a bye's stored colour counts.
func (b *bpEvent) xianshu(id, k int) int {
	es := b.entries[id][:min(k-1, len(b.entries[id]))]
	x := 0
	for _, e := range es {
		if e.colour == Red {
			x += 100
		} else {
			x -= 100
		}
	}
	for i := len(es) - 1; i >= 0 && es[i].colour == es[len(es)-1].colour; i-- {
		if es[i].colour == Red {
			x++
		} else {
			x--
		}
	}
	return x
}

func bpPlacementName(p Placement) string {
	names := map[Placement]string{
		PlacedSame: "same", PlacedShifted: "shifted", PlacedSameRow: "same-row", PlacedFloat: "float",
		PlacedFirstRound: "first-round", PlacedBerger: "berger", PlacedSearch: "search",
	}
	if n, ok := names[p]; ok {
		return n
	}
	return strconv.Itoa(int(p))
}

func bpColourReasonName(c ColourReason) string {
	names := map[ColourReason]string{
		ColourFirstRound: "first-round", ColourFewerReds: "(1) fewer-reds", ColourBlackRun: "(2) black-run",
		ColourLongerBlack: "(3) longer-black", ColourShorterRed: "(4) shorter-red", ColourRunOverLast: "(5) run-over-last",
		ColourLastOverRun: "(6) last-over-run", ColourBlackLast: "(7) black-last", ColourTieNumbers: "(8) tie", ColourEarlier: "earlier-round",
		ColourHigherScore: "higher-score", ColourBerger: "berger", ColourSecondCycle: "second-cycle",
	}
	if n, ok := names[c]; ok {
		return n
	}
	return strconv.Itoa(int(c))
}

// TestBPOnlineDataSelfConsistent checks the stored pairings themselves:
// every opponent relation is symmetric with opposite colours and a result
// both sides agree on, nobody meets anybody twice, the engine's scores add
// up to the stored points; and it counts how often Match BP Online broke
// R-SW-12 (three of one colour in a row, or reds − blacks reaching ±3)
// outside an event's last round.
func TestBPOnlineDataSelfConsistent(t *testing.T) {
	events := loadBPEvents(t)
	loaded, threes, imbalances := 0, 0, 0
	for _, b := range events {
		if b.entries == nil {
			t.Logf("event %d not loaded: %s", b.id, b.skip)
			continue
		}
		loaded++
		for _, e := range b.errs {
			t.Errorf("event %d %s", b.id, e)
		}
		for _, p := range b.partial {
			t.Logf("event %d %s (a round in progress)", b.id, p)
		}
		h := b.ev.Histories()
		for id := 1; id < len(b.entries); id++ {
			met := map[int]int{}
			var stored, engine Points
			for r, e := range b.entries[id] {
				if e.scored {
					stored += e.points
					engine += h[id][r].Points
				}
				if e.opp != 0 {
					if prev, ok := met[e.opp]; ok {
						t.Errorf("event %d: players %d and %d meet in rounds %d and %d", b.id, id, e.opp, prev, r+1)
					}
					met[e.opp] = r + 1
				}
			}
			if engine != stored {
				t.Errorf("event %d player %d: the engine scores the entered rounds %s, the stored points add up to %s", b.id, id, engine, stored)
			}
			// R-SW-12 counts games, forfeits included as BP stored their
			// colours; a bye has no game and ends a run (R-S-3).
			var run, balance int
			var prev Colour
			for r, e := range b.entries[id] {
				if e.opp == 0 {
					run, prev = 0, NoColour
					continue
				}
				if e.colour == prev {
					run++
				} else {
					run, prev = 1, e.colour
				}
				if e.colour == Red {
					balance++
				} else {
					balance--
				}
				if r+1 == b.last {
					continue
				}
				if run >= 3 {
					threes++
					t.Logf("event %d round %d: player %d has %d %ss in a row", b.id, r+1, id, run, e.colour.String())
				}
				if balance >= 3 || balance <= -3 {
					imbalances++
				}
			}
		}
	}
	t.Logf("BP data: %d events loaded; three of one colour in a row %d times, reds − blacks at ±3 %d times, outside a last round", loaded, threes, imbalances)
	if threes != bpThreeInARow {
		t.Errorf("three in a row %d times, want %d (shared/spec/match-bp-online.md)", threes, bpThreeInARow)
	}
}

// TestBPOnlineCompare checks the comparison itself on a round of three
// boards and a bye.
func TestBPOnlineCompare(t *testing.T) {
	ev := &Event{Settings: DefaultSettings(5)}
	for id := 1; id <= 8; id++ {
		ev.Players = append(ev.Players, Player{ID: id})
	}
	ev.Players[7].WithdrawnAfter = -1 // 8 is not paired
	bp := Round{
		Games: []Game{{Board: 1, Red: 1, Black: 2}, {Board: 2, Red: 3, Black: 4}, {Board: 3, Red: 5, Black: 6}},
		Byes:  []Bye{{Player: 7, Kind: PairingBye, Colour: Red}},
	}
	boards := func(pairs ...[2]int) []Board {
		var out []Board
		for i, p := range pairs {
			out = append(out, Board{Number: i + 1, Red: p[0], Black: p[1]})
		}
		return out
	}
	tests := []struct {
		name            string
		q               Pairing
		err             error
		pairs, same     int
		byeAgree, agree bool
		invalidHas      string
	}{
		{"same, other board order", Pairing{Boards: boards([2]int{5, 6}, [2]int{1, 2}, [2]int{3, 4}), Byes: []int{7}}, nil, 3, 3, true, true, ""},
		{"colours swapped", Pairing{Boards: boards([2]int{2, 1}, [2]int{3, 4}, [2]int{5, 6}), Byes: []int{7}}, nil, 3, 2, true, false, ""},
		{"other pairs and bye", Pairing{Boards: boards([2]int{1, 3}, [2]int{2, 4}, [2]int{5, 7}), Byes: []int{6}}, nil, 0, 0, false, false, ""},
		{"pairs the withdrawn", Pairing{Boards: boards([2]int{1, 2}, [2]int{3, 4}, [2]int{5, 6}, [2]int{7, 8})}, nil, 3, 3, false, false, "8 is paired after withdrawing"},
		{"misses a player", Pairing{Boards: boards([2]int{1, 2}, [2]int{3, 4}, [2]int{5, 6})}, nil, 3, 3, false, false, "7 appears 0 times"},
		{"failed", Pairing{}, errors.New("panic: TODO"), 0, 0, false, false, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := compareBP(bp, tt.q, tt.err, ev)
			if c.boards != 3 || c.pairs != tt.pairs || c.same != tt.same || c.byeAgree != tt.byeAgree || c.agree() != tt.agree || !c.byeRound {
				t.Errorf("boards %d pairs %d same %d bye agree %v agree %v bye round %v, want 3 %d %d %v %v true",
					c.boards, c.pairs, c.same, c.byeAgree, c.agree(), c.byeRound, tt.pairs, tt.same, tt.byeAgree, tt.agree)
			}
			if !strings.Contains(c.invalid, tt.invalidHas) || (tt.invalidHas == "") != (c.invalid == "") {
				t.Errorf("invalid %q, want it to say %q", c.invalid, tt.invalidHas)
			}
		})
	}
}
