package trf

import (
	"fmt"
	"io"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/qisai/qisai/engine"
)

// Write writes ev as TRF-16 (with the extension lines below) so Read(Write(ev)) round-trips.
//
// The lines are: 012 (when the event has a name), one 001 line per player,
// one 013 line per unit, then XXR, XXC, BBW, BBD, BBL, BBF and BBU. The
// package comment lists what TRF cannot hold.
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

// WithoutUnits leaves out the 013 lines that carry the players' units:
// bbpPairings refuses a file that has them (it pairs individuals only).
func WithoutUnits() Option { return func(o *options) { o.withoutUnits = true } }

func write(b *strings.Builder, ev *engine.Event, o options) error {
	n := len(ev.Players)
	if n > maxRank {
		return fmt.Errorf("%d players: TRF-16 holds at most %d", n, maxRank)
	}
	blocks, err := roundBlocks(ev)
	if err != nil {
		return err
	}
	if name := strings.TrimSpace(ev.Name); name != "" {
		if err := text("the event name", name, 0); err != nil {
			return err
		}
		fmt.Fprintf(b, "012 %s\n", name)
	}

	hist := ev.Histories()
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

	var units []string
	members := map[string][]int{}
	for i, pl := range ev.Players {
		if pl.ID != i+1 {
			return fmt.Errorf("player %d has ID %d: IDs must be 1, 2, ... in order", i+1, pl.ID)
		}
		name := strings.TrimSpace(pl.Name)
		if err := text(fmt.Sprintf("player %d's name", pl.ID), name, nameWidth); err != nil {
			return err
		}
		if pl.Rating < 0 || pl.Rating > 9999 {
			return fmt.Errorf("player %d's rating %d does not fit TRF's 4 columns", pl.ID, pl.Rating)
		}
		rating := "    "
		if pl.Rating > 0 {
			rating = fmt.Sprintf("%4d", pl.Rating)
		}
		score, ok := pointsField(engine.Score(hist[pl.ID]))
		if !ok {
			return fmt.Errorf("player %d's score %s does not fit TRF's 4-column points field", pl.ID, score)
		}
		// Columns 1-89: code, rank, sex and title (blank), name, rating,
		// federation, FIDE number and birth date (blank), points, rank.
		line := fmt.Sprintf("001 %4d      %s%s %s%28s%4s %4d", pl.ID, name, pad(name, nameWidth), rating, "", score, rank[pl.ID])
		for _, blk := range blocks[pl.ID] {
			line += "  " + blk
		}
		b.WriteString(strings.TrimRight(line, " ") + "\n")

		if unit := strings.TrimSpace(pl.Unit); unit != "" && !o.withoutUnits {
			if err := text(fmt.Sprintf("player %d's unit", pl.ID), unit, teamNameWidth); err != nil {
				return err
			}
			if members[unit] == nil {
				units = append(units, unit)
			}
			members[unit] = append(members[unit], pl.ID)
		}
	}
	for _, unit := range units { // R-SW-4 reads Unit back from these
		fmt.Fprintf(b, "013 %s%s", unit, pad(unit, teamNameWidth))
		for i, id := range members[unit] {
			if i > 0 {
				b.WriteByte(' ')
			}
			fmt.Fprintf(b, "%4d", id)
		}
		b.WriteByte('\n')
	}
	return writeSettings(b, ev)
}

// writeSettings writes the extension lines bbpPairings and JaVaFo read, so
// that they pair with the same rounds and points as qisai.
func writeSettings(b *strings.Builder, ev *engine.Event) error {
	s := ev.Settings
	if rounds := max(s.Rounds, len(ev.Rounds)); rounds > 0 {
		if rounds > maxRank {
			return fmt.Errorf("%d rounds: TRF holds at most %d", rounds, maxRank)
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
		if _, ok := pointsField(x.v); !ok {
			return fmt.Errorf("%s %s: TRF holds points of at most 4 characters", x.code, formatPoints(x.v))
		}
		fmt.Fprintf(b, "%s %s\n", x.code, formatPoints(x.v))
	}
	return nil
}

// roundBlocks returns each player's round blocks (8 columns: opponent,
// colour, result), indexed by player ID and round.
func roundBlocks(ev *engine.Event) ([][]string, error) {
	n := len(ev.Players)
	blocks := make([][]string, n+1)
	for id := range blocks {
		blocks[id] = slices.Repeat([]string{"        "}, len(ev.Rounds))
	}
	for r, rd := range ev.Rounds {
		seen := map[int]bool{}
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
			c := gameCodes[i]
			if err := place(g.Red, fmt.Sprintf("%4d w %c", g.Black, c.red)); err != nil {
				return nil, err
			}
			if err := place(g.Black, fmt.Sprintf("%4d b %c", g.Red, c.black)); err != nil {
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

// text checks that s can be written and read back: one line of UTF-8, no
// tabs (the columns would shift), and at most width characters (0: any).
func text(what, s string, width int) error {
	switch {
	case !utf8.ValidString(s):
		return fmt.Errorf("%s %q is not UTF-8", what, s)
	case strings.ContainsAny(s, "\r\n"), width > 0 && strings.ContainsRune(s, '\t'):
		return fmt.Errorf("%s %q contains a line break or tab", what, s)
	case width > 0 && utf8.RuneCountInString(s) > width:
		return fmt.Errorf("%s %q is longer than the %d characters TRF-16 has for it", what, s, width)
	}
	return nil
}

// pad returns the blanks that fill s to width characters.
func pad(s string, width int) string {
	return strings.Repeat(" ", max(0, width-utf8.RuneCountInString(s)))
}
