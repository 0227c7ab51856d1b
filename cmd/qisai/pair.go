package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"

	"github.com/qisai/qisai/engine"
	"github.com/qisai/qisai/trf"
)

// pairCmd pairs the next round of an event: qisai pair [flags] EVENT.trf.
func pairCmd(args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("pair", flag.ContinueOnError)
	var o overrides
	setting(fs, &o, "system", engine.ParseSystem, func(s *engine.Settings, v engine.System) { s.System = v })
	setting(fs, &o, "first-round", engine.ParseFirstRound, func(s *engine.Settings, v engine.FirstRoundMethod) { s.FirstRound = v })
	setting(fs, &o, "halves", engine.ParseHalves, func(s *engine.Settings, v engine.HalvesMethod) { s.Halves = v })
	setting(fs, &o, "first-colour", engine.ParseFirstColour, func(s *engine.Settings, v engine.FirstColourMethod) { s.FirstColour = v })
	setting(fs, &o, "colour-tie", engine.ParseColourTie, func(s *engine.Settings, v engine.ColourTieRule) { s.ColourTie = v })
	setting(fs, &o, "avoid-same-unit", engine.ParseUnitAvoidance, func(s *engine.Settings, v engine.UnitAvoidance) { s.AvoidUnit = v })
	setting(fs, &o, "rounds", parseRounds, func(s *engine.Settings, n int) { s.Rounds = n })
	setting(fs, &o, "seed", parseSeed, func(s *engine.Settings, n uint64) { s.Seed = n })
	setting(fs, &o, "score-priority", parseRounds, func(s *engine.Settings, n int) { s.ScorePriorityRounds = n })
	switchFlag(fs, &o, "allow-three-in-a-row", func(s *engine.Settings, on bool) { s.NoThreeInARow = !on })
	switchFlag(fs, &o, "count-forfeits", func(s *engine.Settings, on bool) { s.CountForfeits = on })
	switchFlag(fs, &o, "count-bye-colour", func(s *engine.Settings, on bool) { s.CountByeColour = on })
	switchFlag(fs, &o, "earlier-colours", func(s *engine.Settings, on bool) { s.EarlierColours = on })
	scoringFlag(fs, &o)
	explain := fs.Bool("explain", false, "")
	lang := zh
	fs.Func("lang", "", func(s string) (err error) { lang, err = parseLang(s); return err })
	out := fs.String("out", "", "")
	noUnits := fs.Bool("no-units", false, "")

	ev, path, err := loadEvent(fs, args, &o)
	if err != nil {
		return err
	}
	p, err := engine.Pair(ev)
	if err != nil {
		return fmt.Errorf("%s: %w", path, err) // the engine's errors name the round
	}
	// The record needs the scores before this round, so print it first.
	w := bufio.NewWriter(stdout)
	if *explain {
		err = writeRecord(w, ev, p, lang)
	} else {
		err = writePairs(w, p)
	}
	if err != nil {
		return err
	}
	if *out != "" {
		if err := engine.AddRound(ev, p); err != nil {
			return err
		}
		var opts []trf.Option
		if *noUnits {
			opts = append(opts, trf.WithoutUnits())
		}
		if err := writeEvent(*out, ev, opts...); err != nil {
			return err
		}
	}
	return w.Flush()
}

// writePairs prints the pairing the way bbpPairings and JaVaFo do with -p:
// the number of pairs, a bye counting as one, then "RED BLACK" per board
// and "ID 0" per bye, last.
func writePairs(w io.Writer, p engine.Pairing) error {
	b := make([]byte, 0, 12*(len(p.Boards)+len(p.Byes)+1))
	line := func(a, c int) {
		b = strconv.AppendInt(b, int64(a), 10)
		b = append(b, ' ')
		b = strconv.AppendInt(b, int64(c), 10)
		b = append(b, '\n')
	}
	b = append(strconv.AppendInt(b, int64(len(p.Boards)+len(p.Byes)), 10), '\n')
	for _, bd := range p.Boards {
		line(bd.Red, bd.Black)
	}
	for _, id := range p.Byes {
		line(id, 0)
	}
	_, err := w.Write(b)
	return err
}

// writeEvent writes ev as TRF to path through a temporary file, so a failed
// write never leaves a half-written event (path may be the input file).
func writeEvent(path string, ev *engine.Event, opts ...trf.Option) error {
	f, err := os.CreateTemp(filepath.Dir(path), ".qisai-*.trf")
	if err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	defer os.Remove(f.Name()) // fails harmlessly once renamed
	werr := trf.Write(f, ev, opts...)
	if cerr := f.Close(); werr == nil {
		werr = cerr
	}
	if werr != nil {
		return fmt.Errorf("writing %s: %w", path, werr)
	}
	// CreateTemp makes the file 0600; an event file is an ordinary document.
	if err := os.Chmod(f.Name(), 0o644); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	if err := os.Rename(f.Name(), path); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	return nil
}

func parseRounds(s string) (int, error) {
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 {
		return 0, fmt.Errorf("%q is not a number of rounds (write a whole number, at least 1)", s)
	}
	return n, nil
}

func parseSeed(s string) (uint64, error) {
	n, err := strconv.ParseUint(s, 10, 64)
	if err != nil {
		return 0, fmt.Errorf("%q is not a seed (write a whole number from 0)", s)
	}
	return n, nil
}
