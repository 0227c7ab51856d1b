package sheet

import (
	"strconv"

	"github.com/qisai/qisai/engine"
	"github.com/qisai/qisai/internal/i18n"
)

// The words the sheets are written in: one copy of each label, which the
// chat's replies use too (package commands), so a result or a tiebreak
// reads the same in a message, a picture, a file and a page.

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
func ByeName(k engine.ByeKind, lang i18n.Lang) string {
	switch k {
	case engine.FullBye:
		return i18n.T{Zh: "全分轮空", En: "Full-point bye"}.In(lang)
	case engine.HalfBye:
		return i18n.T{Zh: "半分轮空", En: "Half-point bye"}.In(lang)
	case engine.ZeroBye:
		return i18n.T{Zh: "缺席", En: "Absent"}.In(lang)
	case engine.WithdrawnLoss:
		return i18n.T{Zh: "退赛", En: "Withdrawn"}.In(lang)
	case engine.LateZero, engine.LateDraw:
		return i18n.T{Zh: "未参赛（迟报）", En: "Not yet entered"}.In(lang)
	}
	return i18n.T{Zh: "轮空", En: "Bye"}.In(lang) // R-S-3
}

// byeCell is a bye in a crosstable's round column: short, "轮空", "half".
func byeCell(k engine.ByeKind, lang i18n.Lang) string {
	switch k {
	case engine.FullBye:
		return i18n.T{Zh: "全分", En: "full"}.In(lang)
	case engine.HalfBye:
		return i18n.T{Zh: "半分", En: "half"}.In(lang)
	case engine.ZeroBye:
		return i18n.T{Zh: "缺席", En: "out"}.In(lang)
	case engine.WithdrawnLoss:
		return i18n.T{Zh: "退赛", En: "wd"}.In(lang)
	case engine.LateZero, engine.LateDraw:
		return i18n.T{Zh: "迟报", En: "late"}.In(lang)
	}
	return i18n.T{Zh: "轮空", En: "bye"}.In(lang)
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
	engine.Buchholz:        {i18n.T{Zh: "对手分", En: "BH"}, i18n.T{Zh: "对手分", En: "Buchholz"}},
	engine.Progressive:     {i18n.T{Zh: "累进分", En: "Prog"}, i18n.T{Zh: "累进分", En: "progressive score"}},
	engine.Wins:            {i18n.T{Zh: "胜局", En: "Wins"}, i18n.T{Zh: "胜局", En: "wins"}},
	engine.Fouls:           {i18n.T{Zh: "犯规", En: "Fouls"}, i18n.T{Zh: "犯规（少者优先）", En: "fouls (fewer first)"}},
	engine.BlackWins:       {i18n.T{Zh: "后胜", En: "BWins"}, i18n.T{Zh: "后走胜局", En: "wins with black"}},
	engine.BlackGames:      {i18n.T{Zh: "后局", En: "BGames"}, i18n.T{Zh: "后走局数", En: "games with black"}},
	engine.Direct:          {i18n.T{Zh: "直胜", En: "H2H"}, i18n.T{Zh: "直胜", En: "head-to-head"}},
	engine.SonnebornBerger: {i18n.T{Zh: "小分", En: "SB"}, i18n.T{Zh: "小分", En: "Sonneborn-Berger"}},
	engine.EarlierRounds:   {i18n.T{Zh: "前轮分", En: "Prev"}, i18n.T{Zh: "倒数轮次分", En: "score before the last round"}},
	engine.DropRounds:      {i18n.T{Zh: "扣轮分", En: "Drop"}, i18n.T{Zh: "扣轮分", En: "score without round 1"}},
	engine.Lots:            {i18n.T{Zh: "抽签", En: "Lots"}, i18n.T{Zh: "抽签", En: "lots"}},
}

// labels are the words for a kind of ranking criterion: short for a
// column heading on a phone, full for a sentence.
type labels[K interface {
	comparable
	Name() string
}] map[K]struct{ short, full i18n.T }

// label is k's column heading; its engine name when it has no words.
func (l labels[K]) label(k K, lang i18n.Lang) string {
	if w, ok := l[k]; ok {
		return w.short.In(lang)
	}
	return k.Name()
}

// name is k's name in full; its engine name when it has no words.
func (l labels[K]) name(k K, lang i18n.Lang) string {
	if w, ok := l[k]; ok {
		return w.full.In(lang)
	}
	return k.Name()
}

// TiebreakLabel is a tiebreak's column heading: short, for a phone.
func TiebreakLabel(tb engine.Tiebreak, lang i18n.Lang) string { return tiebreakWords.label(tb, lang) }

// TiebreakName is a tiebreak's name in full: "后走胜局", "wins with black".
func TiebreakName(tb engine.Tiebreak, lang i18n.Lang) string { return tiebreakWords.name(tb, lang) }

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
