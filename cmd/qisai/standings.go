package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/qisai/qisai/engine"
	"github.com/qisai/qisai/internal/i18n"
	"github.com/qisai/qisai/sheet"
)

// nameColumns is the widest a name may be in the text tables (the
// standings, the pairing record), so that a long name does not push the
// numbers after it off a narrow screen.
const nameColumns = 12

// standingsCmd prints the standings: qisai standings [flags] EVENT.trf.
func standingsCmd(args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("standings", flag.ContinueOnError)
	var o overrides
	setting(fs, &o, "tiebreaks", engine.ParseTiebreaks, func(s *engine.Settings, v []engine.Tiebreak) { s.Tiebreaks = v })
	scoringFlag(fs, &o)
	format := "text"
	fs.Func("format", "", func(s string) error {
		switch s {
		case "text", "json", "csv":
			format = s
			return nil
		}
		return fmt.Errorf("unknown format %q: use text, json or csv", s)
	})

	var aw sheet.Awards
	fs.IntVar(&aw.Prizes, "prizes", 0, "")
	fs.Func("place-points", "", func(s string) (err error) {
		aw.PlacePoints, err = engine.ParsePlaceTable(s)
		return err
	})
	fs.Func("min-games", "", func(s string) error {
		n, err := strconv.Atoi(s)
		if err != nil || n < 0 {
			return fmt.Errorf("--min-games takes a number of games, not %q", s)
		}
		aw.Minimum = engine.Minimum{Games: n, For: engine.AllRankings}
		return nil
	})

	ev, _, err := loadEvent(fs, args, &o)
	if err != nil {
		return err
	}
	e := sheet.Of(ev)
	e.Awards = aw
	w := bufio.NewWriter(stdout)
	switch format {
	case "json":
		err = writeJSON(w, e)
	case "csv":
		err = sheet.WriteCSV(w, sheet.Standings(e, i18n.Zh))
	default:
		err = writeText(w, sheet.Standings(e, i18n.Zh))
		// The tables the awards add beside the standings (R-T-8, R-T-11,
		// R-T-12), each after a blank line with its title and footer.
		for _, t := range sheet.AwardTables(e, i18n.Zh) {
			if err == nil {
				err = writeTitled(w, t)
			}
		}
	}
	if err != nil {
		return err
	}
	return w.Flush()
}

// writeText prints t in full, in aligned columns, its names cut at
// nameColumns.
func writeText(w io.Writer, t sheet.Table) error {
	text := t.FullText()
	text.Widest = nameColumns
	_, err := fmt.Fprintln(w, text)
	return err
}

// writeTitled prints t after a blank line, under its title and above its
// footer, its columns in full.
func writeTitled(w io.Writer, t sheet.Table) error {
	lines := append([]string{"", t.Title, t.FullText().String()}, t.Footer...)
	_, err := fmt.Fprintln(w, strings.Join(lines, "\n"))
	return err
}

// standingJSON is one row of --format json. Points are JSON numbers (1.5).
type standingJSON struct {
	Place     string          `json:"place"`
	ID        int             `json:"id"`
	Name      string          `json:"name"`
	Score     float64         `json:"score"`
	Tiebreaks tiebreaksObject `json:"tiebreaks"`
}

// tiebreaksObject marshals as {"对手分": 30.5, "胜局": 3} in the event's
// tiebreak order (a Go map would sort the keys).
type tiebreaksObject []engine.TiebreakValue

func (t tiebreaksObject) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, v := range t {
		if i > 0 {
			b.WriteByte(',')
		}
		k, err := json.Marshal(v.Tiebreak.Name())
		if err != nil {
			return nil, err
		}
		fmt.Fprintf(&b, "%s:%v", k, v.Float())
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// writeJSON prints the standings of e as data: a row a player, its
// tiebreaks by their engine names.
func writeJSON(w io.Writer, e sheet.Event) error {
	rows := e.Standings()
	out := make([]standingJSON, len(rows))
	for i, s := range rows {
		out[i] = standingJSON{
			Place:     s.PlaceLabel(),
			ID:        s.Player,
			Name:      sheet.PlayerName(e.Event, s.Player),
			Score:     s.Score.Float(),
			Tiebreaks: tiebreaksObject(s.Tiebreaks),
		}
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(out)
}
