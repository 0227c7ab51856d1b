package commands

import (
	"errors"
	"slices"
	"strconv"
	"strings"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/engine"
	"github.com/qisai/qisai/internal/i18n"
)

// The seeds' board-order rules as a captain meets them (§12, R-TM-1): the
// line-up is asked for with an example the rule takes, and a line-up the
// rule refuses is answered with the rule in the captain's words — the
// players by name and registered place — and the line-up to send instead.
// 分台换人 (§12.2): "各轮比赛出场者可以有所不同，但台次顺序不能前后颠倒。例如：
// 比赛分四台进行，另有两名替补队员，则出场顺序可以是1-2-3-4，也可以是1-2-3-5，
// 直至3-4-5-6共十五种顺序".

// exampleLineup is a line-up rule takes, in registered places: under 分台换人
// the regulars with the first reserve on the last board ("1 2 3 5"); under
// 临时定台 the first two boards swapped ("2 1 3 4").
func exampleLineup(r action.TeamRules) string {
	places := make([]int, r.Boards)
	for i := range places {
		places[i] = i + 1
	}
	switch {
	case r.Lineup == engine.OrderedSubstitutes && r.Reserves > 0:
		places[r.Boards-1] = r.Boards + 1
	case r.Lineup != engine.OrderedSubstitutes && r.Boards >= 2:
		places[0], places[1] = 2, 1
	}
	return placesText(places)
}

// lineupRuleText says what a line-up rule asks of a captain.
func lineupRuleText(r engine.LineupRule) i18n.T {
	if r == engine.OrderedSubstitutes {
		return i18n.T{Zh: "分台换人：可以换上替补，但须按报名台次先后排列，台次顺序不能前后颠倒，缺人时空台排在最后（R-TM-1，§12.2）", En: "Substitutes: reserves may play, in registered order; the board order may not be inverted, and empty boards come last (R-TM-1, §12.2)"}
	}
	return i18n.T{Zh: "临时定台：各台人选和顺序由队长排定（R-TM-1，§12.3）", En: "Free line-up: the captain puts any of the team's players on any board (R-TM-1, §12.3)"}
}

// placesText writes registered places as /lineup takes them, 0 as "-".
func placesText(places []int) string {
	w := make([]string, len(places))
	for i, p := range places {
		w[i] = "-"
		if p > 0 {
			w[i] = strconv.Itoa(p)
		}
	}
	return strings.Join(w, " ")
}

// lineupRefused checks team id's line-up (player numbers, 0 an empty board)
// by the event's rule (engine.TeamEvent.CheckLineup): nil when it stands,
// else the rule broken, said with the players' names and registered places,
// and a line-up to send instead.
func lineupRefused(st *action.State, id int, lineup []int) *Problem {
	ev := st.TeamEvent()
	var le *engine.LineupError
	if err := ev.CheckLineup(id, lineup); !errors.As(err, &le) {
		return nil
	}
	members := ev.Teams[id-1].Members
	// who names player p with its registered place (台次), in lang.
	who := func(lang i18n.Lang, p int) string {
		return i18n.T{Zh: "%s（报名第 %d）", En: "%s (registered %d)"}.In(lang, playerName(&st.Event, p), slices.Index(members, p)+1)
	}
	instead := placesText(suggestedLineup(st.Teams.Rules, members, lineup))
	var p *Problem
	switch le.Reason {
	case engine.LineupSize:
		p = problem("出场名单要排 %[1]d 台（空台写 -），你排了 %[2]d 台。", "A line-up names %[1]d boards (- for one left empty); yours names %[2]d.", le.Other, le.Player)
	case engine.LineupNotMember:
		p = problem("第 %[1]d 台：%[2]s 不是「%[3]s」的队员。", "Board %[1]d: %[2]s is not one of %[3]q's players.", le.Board, playerName(&st.Event, le.Player), teamName(st, id))
	case engine.LineupTwice:
		p = problem("%[1]s 排在第 %[2]d 台又排在第 %[3]d 台：每人只能下一台。", "%[1]s is on board %[2]d and on board %[3]d: one board a player.", playerName(&st.Event, le.Player), le.Board, le.Other)
	case engine.LineupGap:
		instead = placesText(boardsMovedUp(members, lineup))
		p = problem("分台换人的出场顺序是整队依次排下来的（R-TM-1，§12.2）：缺人时后面的队员依次上移，空台只能是最后几台。第 %[1]d 台空着，%[2]s却排在第 %[3]d 台。",
			"Under substitutes the players fill the boards in order (R-TM-1, §12.2): when the team is short, the players move up and the empty boards are the last ones. Board %[1]d is empty, yet %[4]s is on board %[3]d.",
			le.Board, who(i18n.Zh, le.Player), le.Other, who(i18n.En, le.Player))
	case engine.LineupInverted:
		p = problem("分台换人按报名台次出场，台次顺序不能前后颠倒（R-TM-1，§12.2）：%[1]s排在第 %[2]d 台，报名在前的 %[3]s却排在第 %[4]d 台。",
			"Under substitutes the players go in registered order: the board order may not be inverted (R-TM-1, §12.2). %[5]s is on board %[2]d, yet %[6]s, registered before, is on board %[4]d.",
			who(i18n.Zh, le.Player), le.Board, who(i18n.Zh, le.OtherPlayer), le.Other, who(i18n.En, le.Player), who(i18n.En, le.OtherPlayer))
	default:
		return &Problem{Text: i18n.T{Zh: le.Chinese() + "（R-TM-1）。", En: le.Error() + " (R-TM-1)."}}
	}
	p.Text.Zh += "请改为：/lineup " + instead
	p.Text.En += " Send instead: /lineup " + instead
	return p
}

// boardsMovedUp is a line-up with an empty board in the middle as 分台换人 plays
// it (§12.2): the same players in the same order moved up, the empty
// boards last, in registered places.
func boardsMovedUp(members, lineup []int) []int {
	places := make([]int, 0, len(lineup))
	for _, p := range lineup {
		if p != 0 {
			places = append(places, slices.Index(members, p)+1)
		}
	}
	return append(places, make([]int, len(lineup)-len(places))...)
}

// suggestedLineup is a line-up the rule takes that keeps what a refused one
// meant, in registered places: its team's players once each on the boards
// it gave them, the other boards given the first players it left out (or
// left empty when the team has no more) — and under 分台换人 all of them in
// registered order.
func suggestedLineup(r action.TeamRules, members, lineup []int) []int {
	places := make([]int, r.Boards)
	used := make([]bool, len(members)+1)
	for i, p := range lineup[:min(len(lineup), r.Boards)] {
		if k := slices.Index(members, p) + 1; k > 0 && !used[k] {
			places[i], used[k] = k, true
		}
	}
	next := 1
	for i := range places {
		for next <= len(members) && used[next] {
			next++
		}
		if places[i] == 0 && next <= len(members) {
			places[i], used[next] = next, true
		}
	}
	if r.Lineup == engine.OrderedSubstitutes {
		slices.SortFunc(places, func(a, b int) int {
			if a == 0 || b == 0 {
				return b - a // an empty board last
			}
			return a - b
		})
	}
	return places
}
