package commands

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/engine"
	"github.com/qisai/qisai/internal/i18n"
	"github.com/qisai/qisai/storage"
)

// A team event's settings (§12, §14.2, R-T-4..6): /event new NAME teams
// (团体赛) makes one, and /event set sets its boards, reserves, board order
// rule, 局分 and 场分, 5场3胜制 and its play-out, the team standings' chain
// and how a team's players take their boards. The format, the rounds and
// same-unit avoidance are the event's own settings (format, rounds,
// avoid-same-unit), read at team level.

// teamWords make /event new's event a team event.
var teamWords = []string{"teams", "team", "团体赛", "团体"}

// takeTeamWord splits a team word off /event new's words after the name:
// "联赛 teams roundrobin" is "联赛 roundrobin", a team event.
func takeTeamWord(text string) (string, bool) {
	words := strings.Fields(text)
	for i := 1; i < len(words); i++ {
		if slices.ContainsFunc(teamWords, func(w string) bool { return strings.EqualFold(w, words[i]) }) {
			return strings.Join(slices.Delete(words, i, i+1), " "), true
		}
	}
	return text, false
}

// defaultTeamBoards is a team event's boards until /event set boards: the
// national team events' four (§12).
const defaultTeamBoards = 4

// teamKey is one team setting /event set sets.
type teamKey struct {
	names  []string // English first; the first in Han characters is the Chinese name
	values i18n.T
	set    func(r *action.TeamRules, v string) error
	show   func(r action.TeamRules, st *action.State, lang i18n.Lang) string
	// only, when set, says of which events /event set lists it.
	only func(st *action.State) bool
}

func (k *teamKey) name(lang i18n.Lang) string { return (&eventKey{names: k.names}).name(lang) }

// lineupWords are the board order rules' names, English then Chinese.
var lineupWords = i18n.T{Zh: "分台定人|分台换人|临时定台|全队轮赛|队员总分制", En: "fixed|substitutes|free|all-play-all|totals"}

var teamKeys = []teamKey{
	{
		names: []string{"boards", "台数", "每队台数"}, values: sameIn("1, 2, …"),
		set: func(r *action.TeamRules, v string) error {
			n, err := strconv.Atoi(v)
			if err != nil || n < 1 {
				return problem("台数应是正整数，不是「%s」。例如：/event set boards 5", "boards must be a positive number, not %q. For example: /event set boards 5", v)
			}
			r.Boards = n
			if r.WinningBoards != 0 && (2*r.WinningBoards <= n || r.WinningBoards > n) {
				r.WinningBoards = 0 // 5场3胜制 belongs to the old count
			}
			return nil
		},
		show: func(r action.TeamRules, _ *action.State, _ i18n.Lang) string { return strconv.Itoa(r.Boards) },
	},
	{
		names: []string{"reserves", "替补", "替补人数"}, values: sameIn("0, 1, 2, …"),
		set: func(r *action.TeamRules, v string) error {
			n, err := strconv.Atoi(v)
			if err != nil || n < 0 {
				return errors.New("not a number of players")
			}
			r.Reserves = n
			return nil
		},
		show: func(r action.TeamRules, _ *action.State, _ i18n.Lang) string { return strconv.Itoa(r.Reserves) },
	},
	{
		names: []string{"board-order", "lineup", "台次", "出场方式"}, values: lineupWords,
		set: func(r *action.TeamRules, v string) (err error) {
			r.Lineup, err = engine.ParseLineupRule(v)
			return err
		},
		show: func(r action.TeamRules, _ *action.State, lang i18n.Lang) string { return named(r.Lineup, lang) },
	},
	{
		names: []string{"match-points", "场分"}, values: sameIn("2,1,0 | 3,1,0 | 3,2,1"),
		set: func(r *action.TeamRules, v string) (err error) {
			r.MatchPoints, err = engine.ParseScoring(v)
			return err
		},
		show: func(r action.TeamRules, _ *action.State, _ i18n.Lang) string { return r.MatchPoints.String() },
	},
	{
		names: []string{"game-points", "局分"}, values: sameIn("2,1,0 | 1,0.5,0"),
		set: func(r *action.TeamRules, v string) (err error) {
			r.GamePoints, err = engine.ParseScoring(v)
			return err
		},
		show: func(r action.TeamRules, _ *action.State, _ i18n.Lang) string { return r.GamePoints.String() },
	},
	{
		// 5场3胜制 (seed 000): a match is over once a team has won this many
		// boards.
		names: []string{"decided-at", "胜台数", "几胜制"}, values: i18n.T{Zh: "赢几台提前决出胜负，0 不提前，如 5 台 3", En: "boards won that decide a match early, 0 for none, e.g. 3 of 5"},
		set: func(r *action.TeamRules, v string) error {
			n, err := strconv.Atoi(v)
			if err != nil || n < 0 {
				return errors.New("not a number of boards")
			}
			if n != 0 && (2*n <= r.Boards || n > r.Boards) {
				return problem("%[1]d 台的比赛须赢 %[2]d 到 %[1]d 台才提前决出胜负，不是 %[3]d 台。", "A match of %[1]d boards is decided early by %[2]d to %[1]d boards won, not %[3]d.", r.Boards, r.Boards/2+1, n)
			}
			r.WinningBoards = n
			return nil
		},
		show: func(r action.TeamRules, _ *action.State, lang i18n.Lang) string {
			if r.WinningBoards == 0 {
				return i18n.T{Zh: "不提前", En: "off"}.In(lang)
			}
			return i18n.T{Zh: "%[1]d场%[2]d胜制", En: "%[2]d of %[1]d"}.In(lang, r.Boards, r.WinningBoards)
		},
	},
	{
		names: []string{"play-out", "赛完"}, values: i18n.T{Zh: "开|关（决出胜负后其余台是否继续下）", En: "on|off (whether a decided match's other boards are played)"},
		set: func(r *action.TeamRules, v string) error {
			on, ok := onOff(v)
			if !ok {
				return errors.New("not on or off")
			}
			r.PlayOut = on
			return nil
		},
		show: func(r action.TeamRules, _ *action.State, lang i18n.Lang) string { return showOnOff(r.PlayOut, lang) },
	},
	{
		names: []string{"team-tiebreaks", "团体名次规则"}, values: i18n.T{Zh: "场分,局分,胜局,直胜,犯规 (R-T-4) | 场分,团体对手分,局分,胜场,胜局,犯规,倒数轮次场分 (R-T-5) | 得失局率…", En: "match-points,game-points,game-wins,direct,fouls (R-T-4) | match-points,opponents,game-points,match-wins,game-wins,fouls,earlier-rounds (R-T-5) | game-ratio…"},
		set: func(r *action.TeamRules, v string) error {
			chain, err := parseWords(v, engine.ParseTeamCriterion)
			if err == nil {
				r.Ranking = chain
			}
			return err
		},
		show: func(r action.TeamRules, st *action.State, lang i18n.Lang) string {
			var names []string
			for _, c := range r.Settings(st.TeamPairing()).Ranking {
				if lang == i18n.Zh {
					names = append(names, c.Name())
				} else {
					names = append(names, c.English())
				}
			}
			return strings.Join(names, ",")
		},
	},
	{
		// 队员总分制 (R-T-6): the counting players are each team's best
		// boards (台数) players.
		names: []string{"totals", "总分方式"}, values: i18n.T{Zh: "名次之和|局分之和", En: "places|scores"},
		set: func(r *action.TeamRules, v string) (err error) {
			r.Totals, err = engine.ParseTotalsRule(v)
			return err
		},
		show: func(r action.TeamRules, _ *action.State, lang i18n.Lang) string { return named(r.Totals, lang) },
	},
	{
		names: []string{"team-order", "队内台次"}, values: i18n.T{Zh: "等级分|报名顺序", En: "rating|entered"},
		set: func(r *action.TeamRules, v string) error {
			switch strings.ToLower(v) {
			case "rating", "等级分":
				r.ByRating = true
			case "entered", "报名顺序":
				r.ByRating = false
			default:
				return errors.New("not a board order")
			}
			return nil
		},
		show: func(r action.TeamRules, _ *action.State, lang i18n.Lang) string {
			if r.ByRating {
				return i18n.T{Zh: "等级分", En: "rating"}.In(lang)
			}
			return i18n.T{Zh: "报名顺序", En: "entered"}.In(lang)
		},
	},
	knockoutTieKey, // team_knockout.go: a team knockout's level match
}

func lookupTeamKey(name string) *teamKey {
	for i := range teamKeys {
		for _, n := range teamKeys[i].names {
			if strings.EqualFold(n, name) {
				return &teamKeys[i]
			}
		}
	}
	return nil
}

// teamKeysText lists a team event's settings with their values.
func teamKeysText(st *action.State, lang i18n.Lang) []string {
	lines := []string{i18n.T{Zh: "团体赛设置：", En: "Team settings:"}.In(lang)}
	for i := range teamKeys {
		k := &teamKeys[i]
		if k.only != nil && !k.only(st) {
			continue
		}
		lines = append(lines, fmt.Sprintf("%s = %s  [%s]", k.name(lang), k.show(st.Teams.Rules, st, lang), k.values.In(lang)))
	}
	return lines
}

// teamsHelp is /help event set's word on team events.
var teamsHelp = i18n.T{
	Zh: "团体赛：/event new 名称 团体赛，然后设置 台数、替补、台次（" + lineupWords.Zh + "）、场分（如 3,1,0）、局分、胜台数（5场3胜制：3）、赛完、团体名次规则（R-T-4、R-T-5）、队内台次（等级分|报名顺序）；队员总分制按每队前「台数」名计分，总分方式（名次之和|局分之和，R-T-6）；赛制（积分编排|单循环|淘汰赛|双淘汰|分组循环，阶段如 分组 2 前2 > 淘汰赛）、轮数、同单位回避照常设置；团体淘汰赛每场按局分定胜负，平局按团体加赛（胜台数,局分,台次,快棋,抽签，依次；快棋加赛由双方第 1 台下一局）；分组循环每组按团体循环赛名次（场分、局分…），出线名次两队仍并列时由组织者选择快棋加赛或抽签，三队以上抽签。",
	En: "Team events: /event new NAME teams, then set boards, reserves, board-order (" + lineupWords.En + "), match-points (e.g. 3,1,0), game-points, decided-at (3 of 5: 3), play-out, team-tiebreaks (R-T-4, R-T-5), team-order (rating|entered); under totals each team's best «boards» players count, added up by totals (places|scores, R-T-6); format (swiss|roundrobin|knockout|double-knockout|groups, stages as in groups 2 top 2 > knockout), rounds and avoid-same-unit as usual; a team knockout's match is won on game points, a level one by team-tie (boards-won,game-points,top-boards,blitz,lots in turn; the blitz board one game of the two teams' first boards); groups of teams rank by a team round robin's chain (match points, game points …); two teams still level for a qualifying place play off on a blitz board or draw lots, as an organiser chooses, more draw lots.",
}

// setTeamKey sets one team setting (TeamRulesSet).
func setTeamKey(c *Context, k *teamKey, v string) (Reply, error) {
	if v == "" {
		return Reply{}, problem("请写出 %[1]s 的值（%[2]s），例如：/event set %[1]s …", "Give %[1]s a value (%[2]s): /event set %[1]s …", k.name(c.Lang), k.values.In(c.Lang))
	}
	if c.State.Teams == nil {
		return Reply{}, problem("%s 是团体赛的设置。这个比赛是个人赛；团体赛用 /event new 名称 团体赛 创建。", "%s is a team event's setting. This is an individual event; create a team event with /event new NAME teams.", k.name(c.Lang))
	}
	var shown string
	_, err := c.Update(func(ch *storage.Change) error {
		r := ch.State.Teams.Rules
		r.Ranking = slices.Clone(r.Ranking)
		if err := k.set(&r, v); err != nil {
			var p *Problem
			if errors.As(err, &p) {
				return p
			}
			return problem("%[1]s 不能设为「%[2]s」。可以用：%[3]s", "%[1]s cannot be %[2]q. Use: %[3]s", k.name(c.Lang), v, k.values.In(c.Lang))
		}
		if err := ch.Append(&action.TeamRulesSet{Rules: &r}); err != nil {
			return err
		}
		shown = k.show(ch.State.Teams.Rules, ch.State, c.Lang)
		return nil
	})
	if err != nil {
		return Reply{}, err
	}
	return Reply{Text: i18n.T{Zh: "已设置：%s = %s。输入 /event set 查看全部设置。", En: "Set: %s = %s. Type /event set to see every setting."}.In(c.Lang, k.name(c.Lang), shown)}, nil
}
