package sheet

import "github.com/qisai/qisai/internal/i18n"

// Status is where the event stands, in a line: "第3轮进行中（还有2局）".
func Status(e Event, lang i18n.Lang) string {
	ev := e.Event
	switch e.Phase {
	case Setup:
		return i18n.T{Zh: "筹备中", En: "Being prepared"}.In(lang)
	case Signup:
		return i18n.T{Zh: "报名中（%d人）", En: "Sign-up open (%d players)"}.In(lang, len(ev.Players))
	case Finished:
		return i18n.T{Zh: "比赛已结束", En: "Finished"}.In(lang)
	case CalledOff:
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
// (R-T-6); an event's with awards by its categories' rankings, its
// 团体总分 and its prize winners (AwardTables).
func PageOf(e Event, lang i18n.Lang) Page {
	p := Page{Event: e.Event.Name, Lang: lang, Status: Status(e, lang), Version: e.Version}
	if n := CurrentRound(e.Event); n > 0 {
		p.Tables = append([]Table{Pairings(e, n, lang)}, StandingsTables(e, lang, 0)...)
		p.Tables = append(p.Tables, AwardTables(e, lang)...)
		p.Tables = append(p.Tables, Crosstable(e, lang))
	}
	return p
}

// StandingsTables are the standings and, in a team event, the tables
// beside them: the board standings (top places of each board when top >
// 0), or under 队员总分制 the team totals (R-T-6).
func StandingsTables(e Event, lang i18n.Lang, top int) []Table {
	switch {
	case e.TeamMatches():
		return []Table{teamStandings(e, lang), BoardStandings(e, lang, top)}
	case e.Totalled():
		return []Table{Standings(e, lang), TeamTotals(e, lang)}
	}
	return []Table{Standings(e, lang)}
}
