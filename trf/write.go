package trf

import (
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/qisai/qisai/engine"
)

// Write writes ev as TRF-16 (with the extension lines below) so Read(Write(ev)) round-trips.
//
// The lines are: 012 (when the event has a name), one 001 line per player,
// qisai's own lines (see ownLines), then XXR, XXC, BBW, BBD, BBL, BBF and
// BBU. The package comment lists what TRF cannot hold. No name makes Write
// fail: a name the 001 line cannot hold is cut there and kept whole in a
// QSN line.
func Write(w io.Writer, ev *engine.Event, opts ...Option) error {
	if ev == nil {
		return fmt.Errorf("trf: no event to write")
	}
	var o options
	for _, opt := range opts {
		opt(&o)
	}
	var b strings.Builder
	if err := write(&b, ev, o); err != nil {
		return fmt.Errorf("trf: %w", err)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// Option changes what Write writes.
type Option func(*options)

type options struct {
	withoutUnits bool
}

// WithoutUnits leaves out the players' units (the QSU lines).
func WithoutUnits() Option { return func(o *options) { o.withoutUnits = true } }

func write(b *strings.Builder, ev *engine.Event, o options) error {
	n := len(ev.Players)
	if n > maxRank {
		return &LimitError{Limit: LimitPlayers, Value: strconv.Itoa(n)}
	}
	blocks, err := roundBlocks(ev)
	if err != nil {
		return err
	}
	if name := cleanText(ev.Name); name != "" {
		fmt.Fprintf(b, "012 %s\n", name)
	}

	hist := readBack(ev).Histories()
	byScore := make([]int, n)
	for i := range byScore {
		byScore[i] = i + 1
	}
	// TRF wants a rank; qisai's standings need tiebreaks that TRF does not
	// carry, so rank by score, then by starting rank.
	slices.SortStableFunc(byScore, func(x, y int) int { return int(engine.Score(hist[y]) - engine.Score(hist[x])) })
	rank := make([]int, n+1)
	for i, id := range byScore {
		rank[id] = i + 1
	}

	names := make([]string, n)
	b.Grow(n * (colRounds + blockWidth*len(ev.Rounds) + 1))
	for i, pl := range ev.Players {
		if pl.ID != i+1 {
			return fmt.Errorf("player %d has ID %d: IDs must be 1, 2, ... in order", i+1, pl.ID)
		}
		if pl.Rating < 0 || pl.Rating > 9999 {
			return &LimitError{Limit: LimitRating, Player: pl.ID, Value: strconv.Itoa(pl.Rating)}
		}
		rating := "    "
		if pl.Rating > 0 {
			rating = fmt.Sprintf("%4d", pl.Rating)
		}
		score, ok := pointsField(engine.Score(hist[pl.ID]))
		if !ok {
			return &LimitError{Limit: LimitScore, Player: pl.ID, Value: score}
		}
		name := fieldName(pl.Name)
		names[i] = name
		// Columns 1-89: code, rank, sex and title (blank), name, rating,
		// federation, FIDE number and birth date (blank), points, rank.
		line := fmt.Sprintf("001 %4d      %s%s %s%28s%4s %4d", pl.ID, name, pad(name, nameWidth), rating, "", score, rank[pl.ID])
		for _, blk := range blocks[pl.ID] {
			line += "  " + blk
		}
		b.WriteString(strings.TrimRight(line, " "))
		b.WriteByte('\n')
	}
	writeOwn(b, ev, names, o)
	return writeSettings(b, ev)
}

// writeSettings writes the extension lines bbpPairings and JaVaFo read, so
// that they pair with the same rounds and points as qisai. bbpPairings
// wants the points of a BB line in columns 5-8 ("BBW  2.0").
func writeSettings(b *strings.Builder, ev *engine.Event) error {
	s := ev.Settings
	if rounds := max(engine.PlannedRounds(ev), len(ev.Rounds)); rounds > 0 { // a round robin's from its table (R-C-2)
		if rounds > maxRank {
			return &LimitError{Limit: LimitRounds, Value: strconv.Itoa(rounds)}
		}
		fmt.Fprintf(b, "XXR %d\n", rounds)
	}
	switch s.FirstColour { // R-SW-5; the other methods have no TRF form
	case engine.AlternateBoards:
		b.WriteString("XXC white1\n")
	case engine.AlternateBoardsHigherRed:
		b.WriteString("XXC black1\n")
	}
	for _, x := range []struct {
		code string
		v    engine.Points
	}{
		{"BBW", s.Win}, {"BBD", s.Draw}, {"BBL", s.Loss},
		{"BBF", s.Loss}, // a forfeit loss scores as a loss (R-S-1)
		{"BBU", s.ByeValue},
	} {
		v, ok := pointsField(x.v)
		if !ok {
			return &LimitError{Limit: LimitPoints, Code: x.code, Value: v}
		}
		fmt.Fprintf(b, "%s %4s\n", x.code, v)
	}
	return nil
}

const emptyBlock = "        "

// roundBlocks returns each player's round blocks (8 columns: opponent,
// colour, result), indexed by player ID and round. A game without a result
// is left blank: bbpPairings refuses a block without a result, so the
// pairing goes to a QSG line.
func roundBlocks(ev *engine.Event) ([][]string, error) {
	n := len(ev.Players)
	blocks := make([][]string, n+1)
	for id := range blocks {
		blocks[id] = slices.Repeat([]string{emptyBlock}, len(ev.Rounds))
	}
	for r, rd := range ev.Rounds {
		seen := make([]bool, n+1)
		place := func(id int, blk string) error {
			if id < 1 || id > n {
				return fmt.Errorf("round %d: player %d is not in the event (IDs run 1..%d)", r+1, id, n)
			}
			if seen[id] {
				return fmt.Errorf("round %d: player %d appears twice", r+1, id)
			}
			seen[id] = true
			blocks[id][r] = blk
			return nil
		}
		for _, g := range rd.Games {
			i := slices.IndexFunc(gameCodes, func(c gameCode) bool { return c.result == g.Result })
			if i < 0 {
				return nil, fmt.Errorf("round %d board %d: unknown result %d", r+1, g.Board, g.Result)
			}
			if min(g.RedFouls, g.BlackFouls) < 0 || max(g.RedFouls, g.BlackFouls) > maxRank {
				bad := g.RedFouls
				if bad >= 0 && bad <= maxRank {
					bad = g.BlackFouls
				}
				return nil, &LimitError{Limit: LimitFouls, Round: r + 1, Board: g.Board, Value: strconv.Itoa(bad)}
			}
			red, black := emptyBlock, emptyBlock
			if c := gameCodes[i]; g.Result != engine.Pending {
				red, black = fmt.Sprintf("%4d w %c", g.Black, c.red), fmt.Sprintf("%4d b %c", g.Red, c.black)
			}
			if err := place(g.Red, red); err != nil {
				return nil, err
			}
			if err := place(g.Black, black); err != nil {
				return nil, err
			}
		}
		for _, by := range rd.Byes {
			c, ok := byeCodes[by.Kind]
			if !ok {
				return nil, fmt.Errorf("round %d: player %d has an unknown kind of bye %d", r+1, by.Player, by.Kind)
			}
			if err := place(by.Player, fmt.Sprintf("0000 - %c", c)); err != nil {
				return nil, err
			}
		}
	}
	return blocks, nil
}

// readBack is ev as the written file gives it back for scoring: a void
// game is written with its result (TRF has no mark for it), so the points
// column counts it, as bbpPairings checks.
func readBack(ev *engine.Event) *engine.Event {
	void := func(g engine.Game) bool { return g.Void }
	if !slices.ContainsFunc(ev.Rounds, func(rd engine.Round) bool { return slices.ContainsFunc(rd.Games, void) }) {
		return ev
	}
	back := *ev
	back.Rounds = slices.Clone(ev.Rounds)
	for r := range back.Rounds {
		back.Rounds[r].Games = slices.Clone(back.Rounds[r].Games)
		for i := range back.Rounds[r].Games {
			back.Rounds[r].Games[i].Void = false
		}
	}
	return &back
}

// cleanText makes s fit one line of a file: valid UTF-8, line breaks as
// blanks, no blanks around it.
func cleanText(s string) string {
	s = strings.ToValidUTF8(s, "\uFFFD")
	if strings.ContainsAny(s, "\r\n") {
		s = strings.NewReplacer("\r", " ", "\n", " ").Replace(s)
	}
	return strings.TrimSpace(s)
}

// fieldName is name as the 001 line's 33 columns hold it: cut to fit, a tab
// as a blank (TRF's columns would shift), and a character beyond Unicode's
// basic plane as "?", since JaVaFo, in Java, counts such a character as two
// columns.
func fieldName(name string) string {
	var b strings.Builder
	cols := 0
	for _, r := range cleanText(name) {
		if cols == nameWidth {
			break
		}
		switch {
		case r == '\t':
			r = ' '
		case r > 0xFFFF:
			r = '?'
		}
		b.WriteRune(r)
		cols++
	}
	return strings.TrimRightFunc(b.String(), unicode.IsSpace)
}

// pad returns the blanks that fill s to width characters.
func pad(s string, width int) string {
	return strings.Repeat(" ", max(0, width-utf8.RuneCountInString(s)))
}
