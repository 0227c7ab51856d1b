// Package stagedfixture makes the staged events the views' tests show —
// groups into a knockout, groups into finals by place (R-F-3, R-F-7), a
// team knockout with level matches (§11.1) — as the tables of an event's
// page (sheet.GroupTable, sheet.BracketTable), so that the live page's
// and the pictures' tests draw the same events. Tests only.
package stagedfixture

import (
	"fmt"

	"github.com/qisai/qisai/engine"
	"github.com/qisai/qisai/internal/i18n"
	"github.com/qisai/qisai/sheet"
)

// Names are the players of the groups, entrant i (from 1) the i-th.
var names = map[i18n.Lang][]string{
	i18n.Zh: {"王天一", "郑惟桐", "许银川", "蒋川", "洪智", "赵鑫鑫", "汪洋", "孙勇征"},
	i18n.En: {"Wang Tianyi", "Zheng Weitong", "Xu Yinchuan", "Jiang Chuan", "Hong Zhi", "Zhao Xinxin", "Wang Yang", "Sun Yongzheng"},
}

// Teams are the team knockout's four teams.
var Teams = map[i18n.Lang][]string{
	i18n.Zh: {"红星", "东方", "长城", "黄河"},
	i18n.En: {"Red Star", "East", "Great Wall", "Yellow River"},
}

// Name is entrant id of the groups in lang.
func Name(id int, lang i18n.Lang) string { return names[lang][id-1] }

// Groups are eight players in two snake-seeded groups of four, every game
// played: the lower number wins, but 4 and 5 draw.
func Groups() []*engine.Field {
	ids := []int{1, 2, 3, 4, 5, 6, 7, 8}
	s := engine.DefaultSettings(0)
	s.System = engine.RoundRobin
	pools := engine.Groups(ids, 2, engine.Snake, s)
	for _, p := range pools {
		for len(p.Event.Rounds) < p.Event.Settings.Rounds {
			if _, err := p.PairNext(); err != nil {
				panic(fmt.Sprintf("stagedfixture: pair a group: %v", err))
			}
			rd := &p.Event.Rounds[len(p.Event.Rounds)-1]
			for i, g := range rd.Games {
				red, black := p.Entrants[g.Red-1], p.Entrants[g.Black-1]
				switch {
				case red+black == 9 && min(red, black) == 4:
					rd.Games[i].Result = engine.Draw
				case red < black:
					rd.Games[i].Result = engine.RedWin
				default:
					rd.Games[i].Result = engine.BlackWin
				}
			}
		}
	}
	return pools
}

// play plays match id of b: a draw first when draw, then the lower number
// wins.
func play(b *engine.Bracket, id int, draw bool) {
	o := b.Outcomes()[id-1]
	if draw {
		must(b.Play(id, engine.MatchGame{Red: o.Next.Red, Black: o.Next.Black, Result: engine.Draw}))
		o = b.Outcomes()[id-1]
	}
	res := engine.RedWin
	if o.Next.Red > o.Next.Black {
		res = engine.BlackWin
	}
	must(b.Play(id, engine.MatchGame{Red: o.Next.Red, Black: o.Next.Black, Result: res, Step: o.Next.Step}))
}

func must(err error) {
	if err != nil {
		panic("stagedfixture: " + err.Error())
	}
}

// groupTables are the groups' tables, their top two going on.
func groupTables(pools []*engine.Field, lang i18n.Lang) []sheet.Table {
	var out []sheet.Table
	for g, p := range pools {
		title := i18n.T{Zh: "第 1 阶段 · 第 %d 组", En: "Stage 1 · group %d"}.In(lang, g+1)
		out = append(out, sheet.GroupTable(p, title, 2, func(id int) string { return Name(id, lang) }, lang))
	}
	return out
}

// GroupsKnockout is groups → knockout (R-F-3): the two groups played, the
// semi-finals group 1's winner v group 2's runner-up and the other way,
// the first won outright, the second after a replayed draw; the final
// still to play.
func GroupsKnockout(lang i18n.Lang) []sheet.Table {
	pools := Groups()
	b := engine.KnockoutOf(engine.GroupSlots(2, 2, engine.GroupHalves), pools, engine.KnockoutSettings{Draw: engine.DrawAdjacent, Format: engine.OneGame})
	play(b, 1, false)
	play(b, 2, true)
	br := sheet.BracketOf(b, func(id int) string { return Name(id, lang) }, lang)
	return append(groupTables(pools, lang), sheet.BracketTable(br, i18n.T{Zh: "第 2 阶段：淘汰赛", En: "Stage 2: knockout"}.In(lang)))
}

// GroupsPlaces is groups → finals by place (R-F-7, seed 000 范文三): the
// groups' winners meet for 1st and 2nd, their runners-up for 3rd and
// 4th, both played.
func GroupsPlaces(lang i18n.Lang) []sheet.Table {
	pools := Groups()
	b := engine.PlaceFinals(pools, 2, engine.KnockoutSettings{Format: engine.OneGame})
	play(b, 1, false)
	play(b, 2, true)
	br := sheet.BracketOf(b, func(id int) string { return Name(id, lang) }, lang)
	return append(groupTables(pools, lang), sheet.BracketTable(br, i18n.T{Zh: "第 2 阶段：同名次决赛", En: "Stage 2: finals by place"}.In(lang)))
}

// TeamKnockout is a knockout of four teams of three boards (§11.1) under
// the default chain: 红星 beats 黄河 5:1; 东方 and 长城 are level on every
// rule of their boards and 长城 wins the blitz board; the final is level
// 3:3 and 1:1 in boards won, and 长城 wins it on the top board (台次).
func TeamKnockout(lang i18n.Lang) sheet.Table {
	b := engine.Knockout([]int{1, 2, 3, 4}, engine.KnockoutSettings{Format: engine.TeamKnockoutFormat(engine.DefaultTeamTie)})
	// game plays match id's next game, won by side winner (0 or 1; -1 a
	// draw).
	game := func(id, winner int) {
		o := b.Outcomes()[id-1]
		g := engine.MatchGame{Red: o.Next.Red, Black: o.Next.Black, Step: o.Next.Step, Result: engine.Draw}
		if g.Red <= 0 {
			g.Red, g.Black = o.Players[0], o.Players[1]
		}
		switch {
		case winner < 0:
		case o.Players[winner] == g.Red:
			g.Result = engine.RedWin
		default:
			g.Result = engine.BlackWin
		}
		must(b.Play(id, g))
	}
	game(1, 0)
	game(2, -1)
	game(2, 1) // the blitz board
	game(3, 1)
	tallies := map[int]sheet.TeamTally{
		1: {Points: map[int]engine.Points{1: engine.Pts(5), 4: engine.Pts(1)}, Won: map[int]int{1: 2, 4: 0}},
		2: {Points: map[int]engine.Points{2: engine.Pts(3), 3: engine.Pts(3)}, Won: map[int]int{2: 0, 3: 0}},
		3: {Points: map[int]engine.Points{1: engine.Pts(3), 3: engine.Pts(3)}, Won: map[int]int{1: 1, 3: 1}, PartedBy: engine.TeamTieTopBoards},
	}
	br := sheet.TeamBracketOf(b, func(id int) string { return Teams[lang][id-1] }, func(match int) (sheet.TeamTally, bool) {
		t, ok := tallies[match]
		return t, ok
	}, lang)
	return sheet.BracketTable(br, br.Title)
}
