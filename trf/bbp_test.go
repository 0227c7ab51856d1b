package trf

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/qisai/qisai/engine"
	"github.com/qisai/qisai/trf/trftest"
)

// bbpCheck makes the checks bbpPairings' TRF parser makes before it pairs
// (BieremaBoyzProgramming/bbpPairings, src/fileformats/trf.cpp: readFile,
// readPlayer, readPoints, validatePairConsistency and validateScores; and
// the scoring in src/tournament/tournament.h, Tournament::getPoints),
// written anew from reading that source. It returns the first line
// bbpPairings would refuse, or nil. With pairing set it checks as for
// `bbpPairings --dutch FILE -p` (the next round is to be paired, so XXR must
// leave a round); without, as for a check of the rounds played (-c).
//
// Lines qisai never writes and bbpPairings reads (240, 250, 260, 162, 192,
// XXA, XXP) are refused here outright rather than checked.
func bbpCheck(data []byte, pairing bool) error {
	c := bbpChecker{bbu: -1}
	line := 0
	for _, piece := range bytes.Split(data, []byte("\r")) { // it splits at CR, then at LF
		for _, l := range bytes.Split(piece, []byte("\n")) {
			line++
			if !utf8.Valid(l) {
				return fmt.Errorf("line %d: the file is not legal UTF-8", line)
			}
			r := []rune(string(l))
			if len(r) < 3 {
				continue
			}
			if err := c.line(r); err != nil {
				return fmt.Errorf("line %d: invalid line %q: %w", line, l, err)
			}
		}
	}
	return c.file(pairing)
}

// errBBPLimit is bbpPairings' refusal of a score above what its default
// build holds (199.8): a limit of the build, not of the format.
var errBBPLimit = errors.New("points above the default build's 199.8")

type bbpMatch struct {
	opp          int // the player's own ID when there is none
	colour       rune
	score        byte // 'W', 'D' or 'L'
	played       bool
	participated bool // paired, or given the pairing-allocated bye
}

type bbpPlayer struct {
	id      int
	score   int // tenths of a point
	matches []bbpMatch
}

type bbpChecker struct {
	players            map[int]*bbpPlayer
	rounds             int // XXR or 142; 0 when absent
	win, draw, loss    int
	zero, forfeit, bbu int // bbu -1: as win
}

func (c *bbpChecker) line(r []rune) error {
	if c.players == nil {
		c.players = map[int]*bbpPlayer{}
		c.win, c.draw = 10, 5
	}
	switch code := string(r[:3]); code {
	case "001":
		return c.player(r)
	case "013", "310":
		return fmt.Errorf("team tournaments are not supported")
	case "240", "250", "260", "162", "192", "XXA", "XXP", "299", "152":
		return fmt.Errorf("a record qisai does not write")
	case "142", "XXR":
		v, err := bbpToken(r[3:], false)
		if err != nil || v == 0 {
			return fmt.Errorf("rounds: %v", err)
		}
		c.rounds = v
	case "BBW", "BBD", "BBL", "BBZ", "BBF", "BBU":
		if len(r) < 8 {
			return fmt.Errorf("shorter than 8 characters: the points belong in columns 5-8")
		}
		v, err := bbpToken(r[4:8], true)
		if err != nil {
			return err
		}
		field := map[string]*int{"BBW": &c.win, "BBD": &c.draw, "BBL": &c.loss, "BBZ": &c.zero, "BBF": &c.forfeit, "BBU": &c.bbu}
		*field[code] = v
	}
	return nil
}

// bbpToken reads the one blank-separated token of s: a whole number, or
// with tenths points of at most one decimal, in tenths.
func bbpToken(s []rune, tenths bool) (int, error) {
	f := strings.Fields(strings.ReplaceAll(string(s), "\t", "x")) // only blanks separate
	if len(f) != 1 {
		return 0, fmt.Errorf("want one value in %q", string(s))
	}
	whole, frac, dot := strings.Cut(f[0], ".")
	if dot && (!tenths || len(frac) > 1) {
		return 0, fmt.Errorf("%q: too many decimals", f[0])
	}
	v := 0
	for _, d := range whole + frac {
		if d < '0' || d > '9' {
			return 0, fmt.Errorf("%q is not a number", f[0])
		}
		v = v*10 + int(d-'0')
	}
	if tenths && (!dot || frac == "") {
		v *= 10
	}
	return v, nil
}

func (c *bbpChecker) player(r []rune) error {
	if len(r) < 84 {
		return fmt.Errorf("a player line needs at least 84 characters")
	}
	id, err := bbpToken(r[4:8], false)
	if err != nil || id == 0 || id > 9999 {
		return fmt.Errorf("player ID: %v", err)
	}
	if strings.TrimSpace(string(r[48:52])) != "" {
		if v, err := bbpToken(r[48:52], false); err != nil || v > 9999 {
			return fmt.Errorf("rating: %v", err)
		}
	}
	score, err := bbpToken(r[80:84], true)
	if err != nil {
		return fmt.Errorf("points: %v", err)
	}
	if score > 1998 {
		return errBBPLimit
	}
	p := &bbpPlayer{id: id, score: score}
	skipped := 0
	start := 91
	for ; start+8 <= len(r); start += 10 {
		m, skip, err := bbpBlock(r[start:start+8], id)
		if err != nil {
			return err
		}
		if skip {
			skipped++
			continue
		}
		for ; skipped > 0; skipped-- {
			p.matches = append(p.matches, bbpMatch{opp: id, score: 'L'})
		}
		p.matches = append(p.matches, m)
	}
	if start < len(r) && strings.TrimSpace(string(r[start:])) != "" {
		return fmt.Errorf("characters after the last whole round block")
	}
	if _, dup := c.players[id]; dup {
		return fmt.Errorf("a pairing number is repeated")
	}
	c.players[id] = p
	return nil
}

// bbpBlock reads one 8-character round block; skip is true for a block
// that says nothing (all blank but for a blank colour and result).
func bbpBlock(b []rune, id int) (m bbpMatch, skip bool, err error) {
	m = bbpMatch{opp: id, played: true}
	skip = true
	switch opp := string(b[:4]); opp {
	case "    ":
	case "0000":
		skip = false
	default:
		v, err := bbpToken(b[:4], false)
		if err != nil || v == 0 || v == id || v > 9999 {
			return m, false, fmt.Errorf("opponent %q", opp)
		}
		m.opp, skip = v, false
	}
	if m.opp == id {
		m.played = false
	}
	m.colour = b[5]
	switch m.colour {
	case 'w', 'b':
		skip = false
	case '-':
		skip, m.played = false, false
	case ' ':
		m.played = false
	default:
		return m, false, fmt.Errorf("colour %q", m.colour)
	}
	if m.opp == id && m.colour != '-' && m.colour != ' ' {
		return m, false, fmt.Errorf("a colour without an opponent")
	}
	res := b[7]
	if res > 127 {
		return m, false, fmt.Errorf("result %q", res)
	}
	res = []rune(strings.ToUpper(string(res)))[0]
	switch res {
	case 'D', '=', 'H':
		m.score = 'D'
	case '+', 'W', '1', 'F', 'U':
		m.score = 'W'
	case '-', 'L', '0', 'Z', ' ':
		m.score = 'L'
	default:
		return m, false, fmt.Errorf("result %q", res)
	}
	switch res {
	case '+', '-', 'H', 'F', 'U', 'Z', ' ':
		m.played = false
		if res != '+' && res != '-' && m.opp != id {
			return m, false, fmt.Errorf("bye result %q with an opponent", res)
		}
	default:
		if (m.colour == '-' || m.colour == ' ') && (res != '=' || m.opp != id) {
			return m, false, fmt.Errorf("result %q without a colour", res)
		}
	}
	if res != ' ' {
		skip = false
	}
	m.participated = m.opp != id || res == 'U' || res == '+'
	return m, skip, nil
}

// file makes the checks on the whole file.
func (c *bbpChecker) file(pairing bool) error {
	for id := 1; id <= len(c.players); id++ {
		if c.players[id] == nil {
			return fmt.Errorf("a pairing number is missing")
		}
	}
	played := 0
	for _, p := range c.players {
		for k, m := range p.matches {
			played = max(played, k)
			if m.participated {
				played = max(played, k+1)
			}
		}
	}
	// Records beyond the rounds played make one more round: when checking,
	// if any player has one; when pairing, if every player has one (byes
	// given ahead for the round to pair).
	complete := pairing
	for _, p := range c.players {
		if pairing != (len(p.matches) > played) {
			complete = !pairing
		}
	}
	if len(c.players) > 0 && complete {
		played++
	}
	for _, p := range c.players {
		for len(p.matches) < played {
			p.matches = append(p.matches, bbpMatch{opp: p.id, score: 'L'})
		}
	}
	unpaired := 0
	if pairing {
		unpaired = 1
		if c.rounds == 0 {
			return fmt.Errorf("the total number of rounds in the tournament must be specified")
		}
	}
	if c.rounds != 0 && played > c.rounds-unpaired {
		return fmt.Errorf("the number of rounds (%d) is larger than the reported number of rounds (%d)", played, c.rounds)
	}
	for _, p := range c.players {
		for k, m := range p.matches[:played] {
			if !m.played {
				continue
			}
			o := c.players[m.opp]
			if o == nil || !o.matches[k].played || o.matches[k].colour == m.colour || o.matches[k].opp != p.id {
				return fmt.Errorf("match %d for player %d contradicts the entry for the opponent", k+1, p.id)
			}
		}
		sum := 0
		for _, m := range p.matches[:played] {
			sum += c.points(p, m)
		}
		if sum != p.score && len(p.matches) > played {
			sum += c.points(p, p.matches[played]) // the score may count the round to pair
		}
		if sum != p.score {
			return fmt.Errorf("the score for player %d (%d tenths) does not match the game results (%d)", p.id, p.score, sum)
		}
	}
	return nil
}

func (c *bbpChecker) points(p *bbpPlayer, m bbpMatch) int {
	switch {
	case m.score == 'L' && !m.participated:
		return c.zero
	case m.score == 'L' && m.played:
		return c.loss
	case m.score == 'L':
		return c.forfeit
	case m.score == 'D':
		return c.draw
	case m.opp == p.id && m.participated && c.bbu >= 0:
		return c.bbu
	}
	return c.win
}

// TestWrittenFilesPassBBPChecks writes every kind of event the tests know —
// byes with colours, forfeits, units, long names, fouls, withdrawals, games
// paired without a result — and checks that bbpPairings would read each
// file (bbpCheck), to check a finished round and, while rounds remain, to
// pair the next.
func TestWrittenFilesPassBBPChecks(t *testing.T) {
	check := func(t *testing.T, ev *engine.Event) {
		t.Helper()
		text := mustWrite(t, ev)
		if err := bbpCheck([]byte(text), false); err != nil {
			t.Fatalf("bbpPairings -c would refuse the file: %v\n%s", err, text)
		}
		if max(ev.Settings.Rounds, len(ev.Rounds)) > len(ev.Rounds) {
			if err := bbpCheck([]byte(text), true); err != nil {
				t.Fatalf("bbpPairings -p would refuse the file: %v\n%s", err, text)
			}
		}
	}
	t.Run("codes", func(t *testing.T) { check(t, readFile(t, "testdata/codes.trf")) })
	for _, name := range sharedFiles {
		t.Run(strings.TrimSuffix(name, ".trf"), func(t *testing.T) { check(t, readFile(t, sharedTRF(t, name))) })
	}
	t.Run("dropped", func(t *testing.T) { check(t, eventTRFCannotHold()) })
	t.Run("names", func(t *testing.T) { check(t, eventWithNames()) })
	t.Run("engine", func(t *testing.T) { check(t, engineEvent(t)) })
	rng := rand.New(rand.NewPCG(3, 4))
	for i := range 500 {
		ev := randomEvent(rng)
		t.Run(fmt.Sprint("random", i), func(t *testing.T) { check(t, ev) })
	}
}

// engineEvent is a Swiss paired by the engine: 41 players, two of them
// withdrawn (R-W-3: forfeit losses), and round 6 of 9 paired without results.
func engineEvent(t *testing.T) *engine.Event {
	t.Helper()
	ev, err := trftest.Swiss(41, 9, 5, 7)
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []struct{ id, after int }{{4, 5}, {17, 5}} {
		if err := engine.Withdraw(ev, w.id, w.after); err != nil {
			t.Fatal(err)
		}
	}
	ev.Rounds[2].Games[0].RedFouls = 2 // R-G-3
	p, err := engine.Pair(ev)
	if err != nil {
		t.Fatal(err)
	}
	if err := engine.AddRound(ev, p); err != nil {
		t.Fatal(err)
	}
	return ev
}

// The checker refuses what bbpPairings refuses: the forms qisai wrote before
// and the forms it keeps out of the 001 lines.
func TestBBPCheckRefuses(t *testing.T) {
	ab := func(a, b string) string {
		return fmt.Sprintf("001    1      A%32s%33s 1.0    1  %s\n001    2      B%32s%33s 0.0    2  %s\nXXR 3\n", "", "", a, "", "", b)
	}
	good := ab("   2 w 1", "   1 b 0")
	if err := bbpCheck([]byte(good), false); err != nil {
		t.Fatalf("refuses a good file: %v\n%s", err, good)
	}
	tests := []struct{ name, text, msg string }{
		{"BB value in column 5", good + "BBW 2.0\n", "columns 5-8"},
		{"team line", good + "013 Red                                 1    2\n", "team tournaments"},
		{"bye with a colour", ab("0000 w U", "0000 - Z"), "a colour without an opponent"},
		{"game without a result", ab("   2 w  ", "   1 b  "), "bye result"},
		{"score not the results", ab("   2 w 0", "   1 b 1"), "does not match"},
		{"same colours", ab("   2 w 1", "   1 w 0"), "contradicts"},
		{"short player line", "001    1      A\n", "84 characters"},
		{"rank missing", strings.Replace(good, "001    2", "001    3", 1), "missing"},
		{"not UTF-8", good + "012 Caf\xe9\n", "UTF-8"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := bbpCheck([]byte(tt.text), false)
			if err == nil || !strings.Contains(err.Error(), tt.msg) {
				t.Errorf("bbpCheck: %v, want an error containing %q\n%s", err, tt.msg, tt.text)
			}
		})
	}
}
