// Package paper makes the papers a Chinese organiser hands out and keeps
// of an event: the workbook of its tables (.xlsx, XLSX), the programme
// (秩序册, Programme) before it, the results booklet (成绩册, Booklet) after
// it, and a certificate (奖状, Certificates) for each prize place. Each is
// made from the sheets' model of the event (package sheet) in one
// language, the event's: what the chat, the pictures and the live page
// show, the papers show too. The programme, the booklet and the
// certificates are HTML laid out for A4, which a browser prints as it is
// and headless Chromium prints to PDF; a certificate is a PNG picture too
// (package picture).
package paper

import (
	"github.com/qisai/qisai/internal/i18n"
	"github.com/qisai/qisai/sheet"
)

// Papers is an event as its papers tell it: the sheets' model of it, the
// language they are written in, what the organiser told of it beside the
// rules, the tables of its results and its prize places.
type Papers struct {
	Event   sheet.Event
	Lang    i18n.Lang
	Details Details
	// Tables are the event's tables of results in the order a reader wants
	// them — the standings and the tables beside them (a team event's
	// board standings, the team totals of 队员总分制), then the crosstable
	// — as its files have them (Of: sheet.StandingsTables, then
	// sheet.Crosstable; a staged event's caller gives its ranking).
	Tables []sheet.Table
	// Prizes are the places a certificate is written for, ranking by
	// ranking (Prizes).
	Prizes []Prize
}

// Details are what the organiser tells of an event beyond its rules: who
// holds it, where and when, who runs it. Every field may be empty; the
// papers leave out what is not known.
type Details struct {
	Host  string // 主办单位: who holds the event, "实验中学象棋协会"
	Venue string // 比赛地点
	Dates string // 比赛日期, as the organiser writes it: "2026年3月1日—2日"
	// Issued is the date a certificate carries, "2026年3月2日": the day the
	// event ended, as a rule.
	Issued string
	// Organisers and Arbiters are the people who run the event (组织者,
	// 裁判), by the names the chat knows them by.
	Organisers, Arbiters []string
	// Format names the format where the engine's system does not (a
	// knockout, groups, a chain of stages): "分组循环 > 淘汰赛"; "" for the
	// event's system.
	Format string
	// Schedule is when rounds start, where the organiser said so, in the
	// event's clock.
	Schedule []sheet.RoundStart
	// Rules are the rules the event plays by beyond those its settings
	// state (Rules): the late-arrival limit, the fouls that lose a game.
	Rules []Rule
	// Awards is an older event's 录取名次: how many places of its overall
	// ranking and its team totals get a prize when it names no prizes
	// (Prizes); 0 gives DefaultAwards. The prizes setting has taken its
	// place, /event set 录取名次 setting the overall prize places.
	Awards int
}

// The papers' names, as their files are named after the event: "春季赛_秩序册.html".
var (
	ProgrammeName    = i18n.T{Zh: "秩序册", En: "programme"}
	BookletName      = i18n.T{Zh: "成绩册", En: "results booklet"}
	CertificatesName = i18n.T{Zh: "奖状", En: "certificates"}
)

// DefaultAwards is how many places a prize goes to when the organiser
// did not say: the first three (一、二、三等奖, the seeds' most common).
const DefaultAwards = 3

// AwardPlaces is how many places of the overall ranking and the team
// totals get a prize when the event names no prizes: Awards, or
// DefaultAwards when the organiser did not say.
func (d Details) AwardPlaces() int {
	if d.Awards > 0 {
		return d.Awards
	}
	return DefaultAwards
}

// Of is e's papers in lang with details d: its tables of results and its
// prizes as the sheets give them for an individual or a team event.
func Of(e sheet.Event, lang i18n.Lang, d Details) Papers {
	tables := append(sheet.StandingsTables(e, lang, 0), sheet.Crosstable(e, lang))
	return Papers{Event: e, Lang: lang, Details: d, Tables: tables, Prizes: Prizes(e, lang, d)}
}

// tr is a text in the papers' language.
func (p Papers) tr(t i18n.T, args ...any) string { return t.In(p.Lang, args...) }
