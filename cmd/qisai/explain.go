package main

import (
	"fmt"
	"io"

	"github.com/qisai/qisai/engine"
)

// lang is the language of the pairing record.
type lang int

const (
	zh lang = iota
	en
)

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
var placements = map[engine.Placement][2]string{
	engine.PlacedSame:       {"同位 R-SW-8", "same position R-SW-8"},
	engine.PlacedShifted:    {"错位 R-SW-8", "shifted R-SW-8"},
	engine.PlacedSameRow:    {"同行 R-SW-8", "same list R-SW-8"},
	engine.PlacedFloat:      {"下调 R-SW-8", "floated R-SW-8"},
	engine.PlacedFirstRound: {"首轮 R-SW-3", "first round R-SW-3"},
	engine.PlacedBerger:     {"贝格尔表 R-C-2", "Berger table R-C-2"},
	engine.PlacedSearch:     {"搜索 R-SW-9", "search R-SW-9"},
}

// colourReasons say which rule gave the colours, in 高海明's words (003).
var colourReasons = map[engine.ColourReason][2]string{
	engine.ColourFirstRound:  {"首轮 R-SW-5", "first round R-SW-5"},
	engine.ColourFewerReds:   {"少先先走 R-SW-10(1)", "fewer reds R-SW-10(1)"},
	engine.ColourBlackRun:    {"连后对连先 R-SW-10(2)", "black run over red run R-SW-10(2)"},
	engine.ColourLongerBlack: {"连后多者先 R-SW-10(3)", "longer black run R-SW-10(3)"},
	engine.ColourShorterRed:  {"连先少者先 R-SW-10(4)", "shorter red run R-SW-10(4)"},
	engine.ColourRunOverLast: {"连后对上后 R-SW-10(5)", "black run over last black R-SW-10(5)"},
	engine.ColourLastOverRun: {"上先对连先 R-SW-10(6)", "last red over red run R-SW-10(6)"},
	engine.ColourBlackLast:   {"上后先走 R-SW-10(7)", "black last round R-SW-10(7)"},
	engine.ColourTieNumbers:  {"条件均等 R-SW-10(8)", "all equal R-SW-10(8)"},
	engine.ColourEarlier:     {"前几轮后走者先", "black in an earlier round"},
	engine.ColourHigherScore: {"缺先补先 R-SW-11", "higher score's need R-SW-11"},
	engine.ColourBerger:      {"贝格尔表 R-C-2", "Berger table R-C-2"},
	engine.ColourSecondCycle: {"第二循环互换 R-F-2", "second cycle swap R-F-2"},
}

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
	score := func(id int) string {
		if id < 1 || id >= len(h) {
			return ""
		}
		return engine.Score(h[id]).String()
	}
	player := func(id int) string { return fmt.Sprintf("%d %s", id, truncate(name(ev, id), nameColumns)) }

	t := table{right: []bool{true, false, true, false, true}}
	t.add(say(words, "board", l), say(words, "red", l), say(words, "score", l), say(words, "black", l),
		say(words, "score", l), say(words, "placed", l), say(words, "float", l), say(words, "colour", l))
	for _, b := range p.Boards {
		float := ""
		if b.Float {
			float = say(words, "yes", l)
		}
		t.add(fmt.Sprint(b.Number), player(b.Red), score(b.Red), player(b.Black), score(b.Black),
			placement(b.Placed, s, l), float, colourReason(b.ColourRule, s, l))
	}
	if err := t.write(w); err != nil {
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
		fmt.Fprintf(w, "  %s: %s\n", r.Rule, r.Why)
	}
	return nil
}

// placement names the move that made a pair, adding the first-round method
// the event chose (R-SW-3).
func placement(p engine.Placement, s engine.Settings, l lang) string {
	if p == engine.PlacedFirstRound {
		return say(placements, p, l) + " " + s.FirstRound.String()
	}
	return say(placements, p, l)
}

// colourReason names the colour rule, adding the method the event chose
// where the rule is a setting (R-SW-5, R-SW-10 (8)).
func colourReason(r engine.ColourReason, s engine.Settings, l lang) string {
	text := say(colourReasons, r, l)
	switch r {
	case engine.ColourFirstRound:
		return text + " " + s.FirstColour.String()
	case engine.ColourTieNumbers:
		return text + " " + s.ColourTie.String()
	}
	return text
}
