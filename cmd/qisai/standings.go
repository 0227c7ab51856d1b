package main

import (
	"bufio"
	"bytes"
	"encoding/csv"
	"encoding/json"
	"flag"
	"fmt"
	"io"

	"github.com/qisai/qisai/internal/textwidth"

	"github.com/qisai/qisai/engine"
)

// nameColumns is the widest a name may be in the text table, so that the
// table with three tiebreaks fits a phone held upright.
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
	rows := engine.Standings(ev)
	w := bufio.NewWriter(stdout)
	switch format {
	case "json":
		err = writeJSON(w, ev, rows)
	case "csv":
		err = writeCSV(w, ev, rows)
	default:
		err = writeText(w, ev, rows)
	}
	if err != nil {
		return err
	}
	return w.Flush()
}

func name(ev *engine.Event, id int) string {
	p, _ := ev.Player(id)
	return p.Name
}

// header is the column titles, in Chinese as the national rules write them.
func header(ev *engine.Event) []string {
	h := []string{"名次", "序号", "姓名", "积分"}
	for _, t := range ev.Settings.Tiebreaks {
		h = append(h, t.Name())
	}
	return h
}

// cells is one standings row as text: place label ("3="), ID, name, score
// and the tiebreak values.
func cells(ev *engine.Event, s engine.Standing) []string {
	c := []string{s.PlaceLabel(), fmt.Sprint(s.Player), name(ev, s.Player), s.Score.String()}
	for _, v := range s.Tiebreaks {
		c = append(c, v.String())
	}
	return c
}

func writeText(w io.Writer, ev *engine.Event, rows []engine.Standing) error {
	h := header(ev)
	t := table{right: make([]bool, len(h))}
	for i := range t.right {
		t.right[i] = i != 2 // all but the name are numbers
	}
	t.add(h...)
	for _, s := range rows {
		c := cells(ev, s)
		c[2] = textwidth.Truncate(c[2], nameColumns)
		t.add(c...)
	}
	return t.write(w)
}

func writeCSV(w io.Writer, ev *engine.Event, rows []engine.Standing) error {
	cw := csv.NewWriter(w)
	cw.Write(header(ev))
	for _, s := range rows {
		cw.Write(cells(ev, s))
	}
	cw.Flush()
	return cw.Error()
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

func writeJSON(w io.Writer, ev *engine.Event, rows []engine.Standing) error {
	out := make([]standingJSON, len(rows))
	for i, s := range rows {
		out[i] = standingJSON{
			Place:     s.PlaceLabel(),
			ID:        s.Player,
			Name:      name(ev, s.Player),
			Score:     s.Score.Float(),
			Tiebreaks: tiebreaksObject(s.Tiebreaks),
		}
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(out)
}
