package sheet

import (
	"fmt"
	"strconv"

	"github.com/qisai/qisai/engine"
)

// The words the sheets are written in: one copy of each label, which the
// chat's replies use too (package commands), so a result or a tiebreak
// reads the same in a message, a picture, a file and a page.

// text is a text in both languages, side by side where it is written.
type text struct{ zh, en string }

// in is t in lang, formatted with args (fmt verbs).
func (t text) in(lang Lang, args ...any) string {
	s := t.en
	if lang == Zh {
		s = t.zh
	}
	if len(args) > 0 {
		s = fmt.Sprintf(s, args...)
	}
	return s
}

// Result is a result the way /result takes it and the tables print it,
// red's side first: "1-0", "1/2", "+-" (R-G-1); "" while pending.
func Result(r engine.Result) string {
	switch r {
	case engine.RedWin:
		return "1-0"
	case engine.BlackWin:
		return "0-1"
	case engine.Draw:
		return "1/2"
	case engine.RedForfeitWin:
		return "+-"
	case engine.BlackForfeitWin:
		return "-+"
	case engine.DoubleForfeit:
		return "--"
	}
	return ""
}

// ByeName is what a player without a game in a round had: "全分轮空",
// "Full-point bye" (R-S-3, R-W-3).
func ByeName(k engine.ByeKind, lang Lang) string {
	switch k {
	case engine.FullBye:
		return text{"全分轮空", "Full-point bye"}.in(lang)
	case engine.HalfBye:
		return text{"半分轮空", "Half-point bye"}.in(lang)
	case engine.ZeroBye:
		return text{"缺席", "Absent"}.in(lang)
	case engine.WithdrawnLoss:
		return text{"退赛", "Withdrawn"}.in(lang)
	}
	return text{"轮空", "Bye"}.in(lang) // R-S-3
}

// byeCell is a bye in a crosstable's round column: short, "轮空", "half".
func byeCell(k engine.ByeKind, lang Lang) string {
	switch k {
	case engine.FullBye:
		return text{"全分", "full"}.in(lang)
	case engine.HalfBye:
		return text{"半分", "half"}.in(lang)
	case engine.ZeroBye:
		return text{"缺席", "out"}.in(lang)
	case engine.WithdrawnLoss:
		return text{"退赛", "wd"}.in(lang)
	}
	return text{"轮空", "bye"}.in(lang)
}

// PlayerName is player id's name, "#7" for a number nobody has.
func PlayerName(ev *engine.Event, id int) string {
	if p, ok := ev.Player(id); ok {
		return p.Name
	}
	return "#" + strconv.Itoa(id)
}

// tiebreakWords are a tiebreak's column heading, short enough for a
// phone, and its name in full for a footer, a file's heading (R-T-0).
var tiebreakWords = labels[engine.Tiebreak]{
	engine.Buchholz:        {text{"对手分", "BH"}, text{"对手分", "Buchholz"}},
	engine.Progressive:     {text{"累进分", "Prog"}, text{"累进分", "progressive score"}},
	engine.Wins:            {text{"胜局", "Wins"}, text{"胜局", "wins"}},
	engine.Fouls:           {text{"犯规", "Fouls"}, text{"犯规（少者优先）", "fouls (fewer first)"}},
	engine.BlackWins:       {text{"后胜", "BWins"}, text{"后走胜局", "wins with black"}},
	engine.BlackGames:      {text{"后局", "BGames"}, text{"后走局数", "games with black"}},
	engine.Direct:          {text{"直胜", "H2H"}, text{"直胜", "head-to-head"}},
	engine.SonnebornBerger: {text{"小分", "SB"}, text{"小分", "Sonneborn-Berger"}},
	engine.EarlierRounds:   {text{"前轮分", "Prev"}, text{"倒数轮次分", "score before the last round"}},
	engine.DropRounds:      {text{"扣轮分", "Drop"}, text{"扣轮分", "score without round 1"}},
	engine.Lots:            {text{"抽签", "Lots"}, text{"抽签", "lots"}},
}

// labels are the words for a kind of ranking criterion: short for a
// column heading on a phone, full for a sentence.
type labels[K interface {
	comparable
	Name() string
}] map[K]struct{ short, full text }

// label is k's column heading; its engine name when it has no words.
func (l labels[K]) label(k K, lang Lang) string {
	if w, ok := l[k]; ok {
		return w.short.in(lang)
	}
	return k.Name()
}

// name is k's name in full; its engine name when it has no words.
func (l labels[K]) name(k K, lang Lang) string {
	if w, ok := l[k]; ok {
		return w.full.in(lang)
	}
	return k.Name()
}

// TiebreakLabel is a tiebreak's column heading: short, for a phone.
func TiebreakLabel(tb engine.Tiebreak, lang Lang) string { return tiebreakWords.label(tb, lang) }

// TiebreakName is a tiebreak's name in full: "后走胜局", "wins with black".
func TiebreakName(tb engine.Tiebreak, lang Lang) string { return tiebreakWords.name(tb, lang) }

// CurrentRound is the last round with games: a last round that holds only
// byes entered ahead of its pairing is not paired yet (engine.NextRound).
// It is 0 before the first round.
func CurrentRound(ev *engine.Event) int {
	n := len(ev.Rounds)
	if n > 1 && len(ev.Rounds[n-1].Games) == 0 {
		n--
	}
	return n
}

// Pending counts the games of a round still without a result; a game
// struck out (R-W-2) waits for none.
func Pending(rd engine.Round) int {
	n := 0
	for _, g := range rd.Games {
		if !g.Result.Decided() && !g.Void {
			n++
		}
	}
	return n
}

// nameCell is player id's name, leading to their page.
func nameCell(ev *engine.Event, id int, tone Tone) Cell {
	return Cell{Text: PlayerName(ev, id), Tone: tone, Link: PlayerLink(id)}
}

// PlayerLink is the path of player id's page, relative to the event's.
func PlayerLink(id int) string { return "p/" + strconv.Itoa(id) }

// unitOf is player id's unit (单位), "" when none.
func unitOf(ev *engine.Event, id int) string {
	p, _ := ev.Player(id)
	return p.Unit
}
