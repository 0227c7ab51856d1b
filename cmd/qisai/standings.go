package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"

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

	ev, _, err := loadEvent(fs, args, &o)
	if err != nil {
		return err
	}
	e := sheet.Of(ev)
	w := bufio.NewWriter(stdout)
	switch format {
	case "json":
		err = writeJSON(w, e)
	case "csv":
		err = sheet.WriteCSV(w, sheet.Standings(e, i18n.Zh))
	default:
		err = writeText(w, sheet.Standings(e, i18n.Zh))
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
