package main

import (
	"fmt"
	"io"
	"strconv"

	chatcmd "github.com/qisai/qisai/commands"
	"github.com/qisai/qisai/engine"
	"github.com/qisai/qisai/internal/i18n"
	"github.com/qisai/qisai/internal/textwidth"
	"github.com/qisai/qisai/sheet"
)

// lang is the language of the pairing record.
type lang int

const (
	zh lang = iota
	en
)

// chat is the language as package commands names it.
func (l lang) chat() i18n.Lang {
	if l == en {
		return i18n.En
	}
	return i18n.Zh
}

func parseLang(s string) (lang, error) {
	switch s {
	case "zh", "中文":
		return zh, nil
	case "en", "english":
		return en, nil
	}
	return zh, fmt.Errorf("unknown language %q: use zh or en", s)
}

// words are the record's fixed texts; index by lang.
var words = map[string][2]string{
	"title":    {"第 %d 轮编排记录（R-SW-13）", "Round %d pairing record (R-SW-13)"},
	"settings": {"赛制 %s，计分 %s，种子 %d", "system %s, scoring %s, seed %d"},
	"board":    {"台次", "Board"},
	"red":      {"红方", "Red"},
	"black":    {"黑方", "Black"},
	"score":    {"积分", "Pts"},
	"placed":   {"配对", "Placed by"},
	"float":    {"下调", "Float"},
	"colour":   {"先后手", "Colours by"},
	"yes":      {"是", "yes"},
	"bye":      {"轮空", "Bye"},
	"relaxed":  {"放宽规则（R-SW-9）", "Rules relaxed (R-SW-9)"},
	"none":     {"所有规则均满足", "Every rule held"},
}

// placements say which move made a pair, with its rule.
// colourReasons say which rule gave the colours, in 高海明's words (003).
// say looks a text up, falling back to the number for values added to the
// engine after this table was written.
func say[K comparable](texts map[K][2]string, k K, l lang) string {
	if t, ok := texts[k]; ok {
		return t[l]
	}
	return fmt.Sprint(k)
}

// writeRecord prints the pairing record (编排记录, R-SW-13): per board the
// players with their scores before the round, the move that paired them,
// whether one floated, and the rule that gave the colours; then the byes
// and the rules given up. An arbiter checks a pairing by hand from it.
func writeRecord(w io.Writer, ev *engine.Event, p engine.Pairing, l lang) error {
	s := ev.Settings
	fmt.Fprintf(w, say(words, "title", l)+"\n", p.Round)
	fmt.Fprintf(w, say(words, "settings", l)+"\n\n", s.System, s.Scoring, s.Seed)

	h := ev.Histories()
	scores := map[engine.Points]string{} // a few scores for thousands of players
	score := func(id int) string {
		if id < 1 || id >= len(h) {
			return ""
		}
		sc := engine.Score(h[id])
		s, ok := scores[sc]
		if !ok {
			s = sc.String()
			scores[sc] = s
		}
		return s
	}
	player := func(id int) string {
		return strconv.Itoa(id) + " " + textwidth.Truncate(sheet.PlayerName(ev, id), nameColumns)
	}

	t := sheet.Text{
		Align: []sheet.Align{sheet.Right, sheet.Left, sheet.Right, sheet.Left, sheet.Right},
		Rows:  make([][]string, 0, 1+len(p.Boards)),
	}
	t.Row(say(words, "board", l), say(words, "red", l), say(words, "score", l), say(words, "black", l),
		say(words, "score", l), say(words, "placed", l), say(words, "float", l), say(words, "colour", l))
	for _, b := range p.Boards {
		float := ""
		if b.Float {
			float = say(words, "yes", l)
		}
		t.Row(strconv.Itoa(b.Number), player(b.Red), score(b.Red), player(b.Black), score(b.Black),
			chatcmd.PlacementName(b.Placed, s, l.chat()), float, chatcmd.ColourRuleName(b.ColourRule, s, l.chat()))
	}
	if _, err := fmt.Fprintln(w, &t); err != nil {
		return err
	}
	for _, id := range p.Byes {
		fmt.Fprintf(w, "%s: %s (%s)\n", say(words, "bye", l), player(id), score(id))
	}
	fmt.Fprintln(w)
	if len(p.Relaxed) == 0 {
		_, err := fmt.Fprintln(w, say(words, "none", l))
		return err
	}
	fmt.Fprintln(w, say(words, "relaxed", l)+":")
	for _, r := range p.Relaxed {
		fmt.Fprintf(w, "  %s\n", chatcmd.RelaxationText(r, l.chat()))
	}
	return nil
}
