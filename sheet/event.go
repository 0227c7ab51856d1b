package sheet

import (
	"slices"
	"sync"
	"time"

	"github.com/qisai/qisai/engine"
	"github.com/qisai/qisai/internal/i18n"
)

// Event is an event as the sheets read it: the engine's event, what is
// computed from it once for every table, and what a chat knows beside
// it. Of makes one of an engine.Event alone, as a TRF file gives it; the
// chat fills in the rest from its log (package commands).
type Event struct {
	Event *engine.Event
	// Histories and Standings are the event's histories and standings
	// (engine.Event.Histories, engine.Standings), computed once however
	// many tables read them: Of's compute on first use, and a caller that
	// keeps them already gives its own. The tables do not change them.
	Histories func() [][]engine.Entry
	Standings func() []engine.Standing
	// Phase is where the event stands.
	Phase Phase
	// Version changes whenever anything in the event does (Page.Version).
	Version int64
	// Units says the players' tables have their unit (单位) columns.
	Units bool
	// TimeControl is what the organiser announced with the pairings,
	// "25分+5秒" (R-G-5); "" when nothing.
	TimeControl string
	// Start is when a round starts, where the organiser said so.
	Start RoundStart
	// Teams is a team event's side (§12); nil for an individual event.
	Teams *Teams
	// Reported, when set, says where a game of a round without its
	// result stands in the chat (R-G-1): a result reported and awaiting
	// the opponent's confirmation, or disputed. Nil: nothing is known.
	Reported func(round, board int) Reported
	// Ranking is the event's ranking where its standings do not make it
	// (a staged event's stages, R-F-6), computed when a table asks: the
	// categories' rankings, the prizes and the place points read it. Nil:
	// the standings' order.
	Ranking func() []engine.Placing
	// Awards are the categories, prizes, place points and minimum of games
	// it ranks by beside its standings (R-T-8, R-T-10..12).
	Awards Awards
}

// Reported is where a game without a result stands in the chat (R-G-1).
type Reported uint8

const (
	NotReported Reported = iota // nothing reported, or a result in
	Awaiting                    // reported by one player, awaiting the opponent's confirmation
	Disputed                    // the reports disagree: an arbiter decides
)

// reported is where round's game on board stands (Reported).
func (e Event) reported(round, board int) Reported {
	if e.Reported == nil {
		return NotReported
	}
	return e.Reported(round, board)
}

// ReportedText is how a table says where a game without a result stands:
// "待确认", "有争议"; "" when nothing was reported.
func ReportedText(r Reported, lang i18n.Lang) string {
	switch r {
	case Awaiting:
		return i18n.T{Zh: "待确认", En: "to confirm"}.In(lang)
	case Disputed:
		return i18n.T{Zh: "有争议", En: "disputed"}.In(lang)
	}
	return ""
}

// Of is ev as the sheets read it when nothing more is known of it: under
// way, with unit columns where a player has a unit.
func Of(ev *engine.Event) Event {
	return Event{
		Event:     ev,
		Histories: sync.OnceValue(ev.Histories),
		Standings: sync.OnceValue(func() []engine.Standing { return engine.Standings(ev) }),
		Units:     slices.ContainsFunc(ev.Players, func(p engine.Player) bool { return p.Unit != "" }),
	}
}

// Phase is where an event stands. The zero Phase is an event under way,
// as a file of its rounds shows it.
type Phase uint8

const (
	Running   Phase = iota // started: sequence numbers fixed, rounds paired
	Setup                  // created, entries being prepared
	Signup                 // players may join
	Finished               // over
	CalledOff              // cancelled before the start
)

// RoundStart is when round Round starts, At in the event's clock, whose
// location names it ("UTC+8").
type RoundStart struct {
	Round int
	At    time.Time
}

// Teams is a team event's side (§12): the event between its teams as the
// engine has it — the teams, their rounds and line-ups, each board's
// result — and what only the chat knows of it.
type Teams struct {
	Event *engine.TeamEvent
	// Hidden marks the matches whose line-ups are not revealed yet
	// (临时定台, §12.3), Hidden[r-1][i] round r's i-th match: their boards
	// are not shown. Nil when every match's are.
	Hidden [][]bool
	// Totals is what a 队员总分制 ranking adds up (R-T-6).
	Totals engine.TotalsRule
}

// hidden reports whether round's i-th match keeps its line-ups hidden.
func (t *Teams) hidden(round, i int) bool {
	return round-1 < len(t.Hidden) && i < len(t.Hidden[round-1]) && t.Hidden[round-1][i]
}

// units is t as the event's tables have it: without its unit columns cols
// where Units is not set.
func (e Event) units(t Table, cols ...int) Table {
	if !e.Units {
		t.without(cols...)
	}
	return t
}
