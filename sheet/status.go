package sheet

import (
	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/internal/i18n"
)

// Status is where the event stands, in a line: "第3轮进行中（还有2局）".
func Status(st *action.State, lang i18n.Lang) string {
	ev := &st.Event
	switch st.Status {
	case action.Setup:
		return i18n.T{Zh: "筹备中", En: "Being prepared"}.In(lang)
	case action.Signup:
		return i18n.T{Zh: "报名中（%d人）", En: "Sign-up open (%d players)"}.In(lang, len(ev.Players))
	case action.Finished:
		return i18n.T{Zh: "比赛已结束", En: "Finished"}.In(lang)
	case action.CalledOff:
		return i18n.T{Zh: "比赛已取消", En: "Cancelled"}.In(lang)
	}
	n := CurrentRound(ev)
	if n == 0 {
		return i18n.T{Zh: "已开始，尚未公布对阵", En: "Started; no round published yet"}.In(lang)
	}
	if k := Pending(ev.Rounds[n-1]); k > 0 {
		return i18n.T{Zh: "第%d轮进行中（还有%d局）", En: "Round %d in progress (games to finish: %d)"}.In(lang, n, k)
	}
	return i18n.T{Zh: "第%d轮已结束", En: "Round %d complete"}.In(lang, n)
}

// PageOf is everything a live page or a print shows of the event now: the
// current round's pairings, the standings and the crosstable, once a
// round is published; before, none. A team event's standings are
// followed by its board standings, a 队员总分制 event's by its team totals
// (R-T-6).
func PageOf(st *action.State, lang i18n.Lang) Page {
	p := Page{Event: st.Event.Name, Lang: lang, Status: Status(st, lang), Version: st.Through}
	n := CurrentRound(&st.Event)
	switch {
	case n == 0:
	case teamsPlay(st):
		ev := st.TeamEvent() // built once for the four tables
		p.Tables = []Table{teamPairings(st, ev, n, lang), teamStandings(st, ev, lang), boardStandings(st, ev, lang, 0), teamCrosstable(st, ev, lang)}
	default:
		p.Tables = append([]Table{Pairings(st, n, lang)}, StandingsTables(st, lang, 0)...)
		p.Tables = append(p.Tables, Crosstable(st, lang))
	}
	return p
}

// StandingsTables are the standings and, in a team event, the tables
// beside them: the board standings (top places of each board when top >
// 0), or under 队员总分制 the team totals (R-T-6).
func StandingsTables(st *action.State, lang i18n.Lang, top int) []Table {
	switch {
	case teamsPlay(st):
		ev := st.TeamEvent() // built once for both
		return []Table{teamStandings(st, ev, lang), boardStandings(st, ev, lang, top)}
	case st.Teams != nil:
		return []Table{Standings(st, lang), TeamTotals(st, lang)}
	}
	return []Table{Standings(st, lang)}
}
