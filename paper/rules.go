package paper

import (
	"strings"

	"github.com/qisai/qisai/engine"
	"github.com/qisai/qisai/internal/i18n"
	"github.com/qisai/qisai/sheet"
)

// Rule is one of the rules an event plays by, in words: what it is about
// ("赛制", "计分") and what it says.
type Rule struct {
	Head, Text string
}

// Rules are the rules p's event plays by, in its language, as a programme
// (竞赛办法) states them: the format and its rounds, how numbers and the
// first round are drawn (R-SW-1..5), the colours (R-C-*, R-SW-7..12), the
// scoring (R-S-*), the ranking and its tiebreaks in order (R-T-*), the
// time control (R-G-5), then the organiser's own rules (Details.Rules)
// and the prizes.
func Rules(p Papers) []Rule {
	e := p.Event
	var out []Rule
	add := func(head i18n.T, text string) {
		if text != "" {
			out = append(out, Rule{Head: p.tr(head), Text: text})
		}
	}
	teamMatches := e.TeamMatches()
	s := e.Event.Settings
	if teamMatches {
		s = e.Teams.Event.Settings.Pairing
	}
	swiss := p.Details.Format == "" && s.System == engine.Swiss
	add(i18n.T{Zh: "赛制", En: "Format"}, p.format(s, teamMatches))
	if swiss {
		add(i18n.T{Zh: "序号", En: "Numbers"}, p.tr(numberingWords[s.Numbering]))
		add(i18n.T{Zh: "第一轮", En: "Round 1"}, p.firstRound(s))
		if e.Units {
			add(i18n.T{Zh: "同单位", En: "Units"}, p.tr(unitWords[s.AvoidUnit]))
		}
	}
	add(i18n.T{Zh: "先后手", En: "Colours"}, p.colours(s, swiss, teamMatches))
	add(i18n.T{Zh: "计分", En: "Scoring"}, p.scoring(s, teamMatches))
	add(i18n.T{Zh: "名次", En: "Ranking"}, p.ranking(teamMatches))
	if tc := e.TimeControl; tc != "" {
		add(i18n.T{Zh: "用时", En: "Time control"}, p.tr(i18n.T{Zh: "%s（R-G-5）。", En: "%s (R-G-5)."}, tc))
	}
	out = append(out, p.Details.Rules...)
	add(i18n.T{Zh: "奖励", En: "Prizes"}, p.prizeRule())
	return out
}

// format says the event's format and how many rounds it has.
func (p Papers) format(s engine.Settings, teamMatches bool) string {
	if p.Details.Format != "" {
		return p.tr(i18n.T{Zh: "%s。", En: "%s."}, p.Details.Format)
	}
	system := p.tr(systemWords[s.System])
	rounds := p.rounds(s, teamMatches)
	if !teamMatches {
		text := p.tr(i18n.T{Zh: "%s，共%d轮（R-F-1、R-F-2）。", En: "%s, %d rounds (R-F-1, R-F-2)."}, system, rounds)
		if t := p.Event.Teams; t != nil { // 队员总分制
			text += p.tr(i18n.T{Zh: "团体成绩按每队前%d名队员计算（队员总分制，R-T-6）。", En: " The team ranking adds up each team's best %d players (player totals, R-T-6)."}, t.Event.Settings.Boards)
		}
		return text
	}
	ts := p.Event.Teams.Event.Settings
	text := p.tr(i18n.T{Zh: "团体赛，%s，共%d轮；每场%d台，%s（R-TM-1）。", En: "Teams, %s, %d rounds; %d boards a match, %s (R-TM-1)."},
		system, rounds, ts.Boards, p.tr(lineupWords[ts.Lineup]))
	if ts.Reserves > 0 {
		text += p.tr(i18n.T{Zh: "每队可报替补%d人。", En: " A team may enter %d reserves."}, ts.Reserves)
	}
	if ts.WinningBoards > 0 {
		text += p.tr(i18n.T{Zh: "先胜%d台者胜该场（R-TM-2）。", En: " The first team to win %d boards wins the match (R-TM-2)."}, ts.WinningBoards)
	}
	return text
}

// rounds is how many rounds the event has: a round robin's from its
// table (R-C-2) when none is set.
func (p Papers) rounds(s engine.Settings, teamMatches bool) int {
	if s.Rounds > 0 || s.System == engine.Swiss {
		return s.Rounds
	}
	n := len(p.Event.Event.Players)
	if teamMatches {
		n = len(p.Event.Teams.Event.Teams)
	}
	n += n % 2 // an odd field has a bye a round
	if s.System == engine.DoubleRoundRobin {
		return 2 * (n - 1)
	}
	return n - 1
}

// firstRound says how round 1 is paired (R-SW-2, R-SW-3).
func (p Papers) firstRound(s engine.Settings) string {
	text := p.tr(firstRoundWords[s.FirstRound])
	if s.FirstRound == engine.Fold || s.FirstRound == engine.HeadTail {
		text += p.tr(i18n.T{Zh: "，%s", En: "; %s"}, p.tr(halvesWords[s.Halves]))
	}
	return text + p.tr(i18n.T{Zh: "（R-SW-2、R-SW-3）。", En: " (R-SW-2, R-SW-3)."})
}

// colours says who has red (R-C-*): by the table in a round robin, by the
// match's order in a team match, by 猜先 in a knockout, in a Swiss by the
// first round's method and then the balance of colours.
func (p Papers) colours(s engine.Settings, swiss, teamMatches bool) string {
	switch {
	case p.Details.Format != "":
		return p.tr(i18n.T{Zh: "循环赛按循环表（R-C-2），淘汰赛猜先（R-C-3）；红方先走（R-C-1）。", En: "Round robins by their table (R-C-2), knockouts by guessing (R-C-3); red moves first (R-C-1)."})
	case teamMatches:
		return p.tr(i18n.T{Zh: "每场先列的队单数台执红、双数台执黑（R-C-2）；红方先走（R-C-1）。", En: "The first-listed team of a match has red on odd boards and black on even ones (R-C-2); red moves first (R-C-1)."})
	case !swiss:
		return p.tr(i18n.T{Zh: "按循环表，序号在前者执红（R-C-2）；红方先走（R-C-1）。", En: "By the round-robin table, the first-listed number has red (R-C-2); red moves first (R-C-1)."})
	}
	text := p.tr(firstColourWords[s.FirstColour]) + p.tr(i18n.T{Zh: "；以后各轮按先后手均衡的原则编排（R-SW-7～R-SW-12）", En: "; later rounds balance each player's colours (R-SW-7 to R-SW-12)"})
	if s.NoThreeInARow {
		text += p.tr(i18n.T{Zh: "，不连续三局执同一方，先后手局数之差不超过两局", En: ", never three games in a row with one colour nor three more of one colour than of the other"})
	}
	return text + p.tr(i18n.T{Zh: "；红方先走（R-C-1）。", En: "; red moves first (R-C-1)."})
}

// scoring says what a game, a bye and, in a team event, a match score
// (R-S-1..3).
func (p Papers) scoring(s engine.Settings, teamMatches bool) string {
	if teamMatches {
		ts := p.Event.Teams.Event.Settings
		g, m := ts.GamePoints, ts.MatchPoints
		return p.tr(i18n.T{Zh: "每台胜%s分、和%s分、负%s分（局分）；每场局分多者胜，胜%s分、和%s分、负%s分（场分）；轮空得%s场分（R-S-2、R-S-3）。",
			En: "A board won scores %s, drawn %s, lost %s (game points); the team with more game points wins the match, which scores %s, a draw %s, a loss %s (match points); a bye scores %s match points (R-S-2, R-S-3)."},
			g.Win, g.Draw, g.Loss, m.Win, m.Draw, m.Loss, ts.Pairing.ByeValue)
	}
	text := p.tr(i18n.T{Zh: "胜一局得%s分，和一局得%s分，负一局得%s分", En: "A win scores %s, a draw %s, a loss %s"}, s.Win, s.Draw, s.Loss)
	if s.System == engine.Swiss || len(p.Event.Event.Players)%2 == 1 {
		text += p.tr(i18n.T{Zh: "；轮空得%s分", En: "; a bye %s"}, s.ByeValue)
	}
	return text + p.tr(i18n.T{Zh: "（R-S-1、R-S-3）。", En: " (R-S-1, R-S-3)."})
}

// ranking says how places are decided: the score, then the tiebreaks in
// the event's order (R-T-*).
func (p Papers) ranking(teamMatches bool) string {
	sep := p.tr(i18n.T{Zh: "、", En: ", then "})
	if teamMatches {
		crit := p.Event.Teams.Event.Settings.Ranking
		names := make([]string, len(crit))
		for i, c := range crit {
			names[i] = sheet.TeamCriterionName(c, p.Lang)
		}
		if len(names) == 0 {
			return ""
		}
		text := p.tr(i18n.T{Zh: "团体名次依次比较：%s（R-T-4、R-T-5）。", En: "Teams are ranked by %s (R-T-4, R-T-5)."}, strings.Join(names, sep))
		return text + p.tr(i18n.T{Zh: "各台另按得分、得分率、胜局排出台次名次。", En: " Each board's players are ranked by points, the share of the points, then wins."})
	}
	tbs := p.Event.Event.Settings.Tiebreaks
	names := make([]string, len(tbs))
	for i, tb := range tbs {
		names[i] = sheet.TiebreakName(tb, p.Lang)
	}
	text := p.tr(i18n.T{Zh: "按积分排列名次", En: "Ranked by points"})
	if len(names) > 0 {
		text += p.tr(i18n.T{Zh: "；积分相同依次比较：%s", En: "; equal points are split by %s"}, strings.Join(names, sep))
	}
	rule := "R-T-1"
	if s := p.Event.Event.Settings.System; s == engine.RoundRobin || s == engine.DoubleRoundRobin {
		rule = "R-T-3"
	}
	text += p.tr(i18n.T{Zh: "（%s）。", En: " (%s)."}, rule)
	if t := p.Event.Teams; t != nil { // 队员总分制
		text += p.tr(totalsWords[t.Totals])
	}
	return text
}

// The settings in words, for a sentence of the programme.
var (
	systemWords = map[engine.System]i18n.T{
		engine.Swiss:            {Zh: "积分编排制", En: "Swiss system"},
		engine.RoundRobin:       {Zh: "单循环", En: "round robin"},
		engine.DoubleRoundRobin: {Zh: "双循环", En: "double round robin"},
	}
	numberingWords = map[engine.Numbering]i18n.T{
		engine.ByRating:  {Zh: "序号按等级分由高到低排定（R-SW-1）。", En: "Numbers by rating, highest first (R-SW-1)."},
		engine.Shuffled:  {Zh: "序号抽签排定（R-SW-1）。", En: "Numbers drawn by lot (R-SW-1)."},
		engine.AsEntered: {Zh: "序号按报名顺序排定（R-SW-1）。", En: "Numbers in the order of entry (R-SW-1)."},
	}
	firstRoundWords = map[engine.FirstRoundMethod]i18n.T{
		engine.Fold:     {Zh: "拦腰编排，上半区第1名对下半区第1名，依次类推", En: "Fold: the first of the upper half meets the first of the lower half, and so on"},
		engine.Adjacent: {Zh: "临近编排，1号对2号、3号对4号，依次类推", En: "Adjacent: 1 meets 2, 3 meets 4, and so on"},
		engine.HeadTail: {Zh: "首尾编排，首号对末号，依次靠拢", En: "Head to tail: the first meets the last, and so on inwards"},
		engine.Random:   {Zh: "随机编排", En: "Drawn at random"},
	}
	halvesWords = map[engine.HalvesMethod]i18n.T{
		engine.TopBottom: {Zh: "小号一半为上半区", En: "the lower numbers are the upper half"},
		engine.OddEven:   {Zh: "单号为上半区、双号为下半区", En: "odd numbers are the upper half, even numbers the lower"},
	}
	firstColourWords = map[engine.FirstColourMethod]i18n.T{
		engine.AlternateBoards:          {Zh: "第一轮单数台小号执红、双数台大号执红", En: "In round 1 the lower number has red on odd boards, the higher on even boards"},
		engine.AlternateBoardsHigherRed: {Zh: "第一轮单数台大号执红、双数台小号执红", En: "In round 1 the higher number has red on odd boards, the lower on even boards"},
		engine.UpperRed:                 {Zh: "第一轮上半区执红", En: "In round 1 the upper half has red"},
		engine.OddNumberRed:             {Zh: "第一轮单号执红", En: "In round 1 the odd number has red"},
		engine.LowerNumberRed:           {Zh: "第一轮小号执红", En: "In round 1 the lower number has red"},
		engine.DrawnColour:              {Zh: "第一轮猜先", En: "In round 1 the players guess for colours"},
	}
	unitWords = map[engine.UnitAvoidance]i18n.T{
		engine.AvoidFirstRound: {Zh: "同单位棋手第一轮回避（R-SW-4）。", En: "Players of one unit do not meet in round 1 (R-SW-4)."},
		engine.AvoidAllRounds:  {Zh: "同单位棋手不相遇（R-SW-4）。", En: "Players of one unit never meet (R-SW-4)."},
		engine.AvoidNever:      {Zh: "同单位棋手不回避（R-SW-4）。", En: "Players of one unit may meet in any round (R-SW-4)."},
	}
	lineupWords = map[engine.LineupRule]i18n.T{
		engine.FixedBoards:        {Zh: "分台定人", En: "fixed boards"},
		engine.OrderedSubstitutes: {Zh: "分台换人", En: "fixed board order with substitutes"},
		engine.FreeLineup:         {Zh: "临时定台", En: "line-ups set before each match"},
		engine.AllPlayAll:         {Zh: "全队轮赛", En: "every player meets every player of the other team"},
	}
	totalsWords = map[engine.TotalsRule]i18n.T{
		engine.SumOfPlaces: {Zh: "团体名次按计分队员个人名次之和，小者列前（R-T-6）。", En: " Teams are ranked by their counting players' places added up, lowest first (R-T-6)."},
		engine.SumOfScores: {Zh: "团体名次按计分队员积分之和，多者列前（R-T-6）。", En: " Teams are ranked by their counting players' points added up, highest first (R-T-6)."},
	}
)
