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

// A staged event's settings (R-F-3..6): the formats /event new and
// /event set format take besides the Swiss and the round robins, the
// stages (/event set stages), and the choices they share — the match
// format and the tie chain (R-F-5), 3rd place and play-offs (R-F-4),
// unshared places (R-T-8), the reset, the seeding, the groups.

// stageWords name the stages, English first, then Chinese.
var stageWords = []struct {
	kind  action.StageKind
	words []string
}{
	{action.KnockoutStage, []string{"knockout", "ko", "淘汰赛", "淘汰", "单淘汰"}},
	{action.DoubleStage, []string{"double-knockout", "double-elimination", "双淘汰", "双败淘汰"}},
	{action.GroupsStage, []string{"groups", "group", "分组循环", "分组", "小组循环"}},
	{action.SwissStage, []string{"swiss", "积分编排", "积分"}},
	{action.RoundRobinStage, []string{"roundrobin", "round-robin", "循环赛", "循环", "单循环"}},
	{action.PlacesStage, []string{"places", "finals-by-place", "place-finals", "同名次决赛", "同名次", "名次决赛"}},
}

func stageKind(w string) (action.StageKind, bool) {
	w = strings.ToLower(w)
	for _, s := range stageWords {
		for _, x := range s.words {
			if w == x {
				return s.kind, true
			}
		}
	}
	return "", false
}

// stageFormat reads a format word of /event new and /event set format
// that makes a staged event: knockout, double-knockout, groups.
func stageFormat(w string) (action.StageKind, bool) {
	k, ok := stageKind(w)
	return k, ok && (k == action.KnockoutStage || k == action.DoubleStage || k == action.GroupsStage)
}

// stagesSyntax says what /event set stages takes, for /help and the
// refusals.
var stagesSyntax = i18n.T{
	Zh: "阶段用 > 连接，先后进行：淘汰 [轮数]、双淘汰、分组 组数 前几名、积分 轮数、循环、同名次决赛（各组同名次者争对应名次：两组时第 1 名对第 1 名争冠亚军、第 2 名对第 2 名争三四名，多组时同名次者打循环）。分组之后可以接淘汰、循环、再分组或同名次决赛。例如：/event set stages 分组 4 前2 > 淘汰；分组 2 前2 > 同名次决赛；分组 4 前2 > 循环；淘汰 1 > 积分 5",
	En: "Stages joined by >, played in turn: knockout [ROUNDS], double-knockout, groups COUNT top N, swiss ROUNDS, roundrobin, places (finals by place: with two groups the winners meet for 1st and 2nd, the runners-up for 3rd and 4th; with more, each place's players play a round robin). Groups can be followed by a knockout, a round robin, more groups or places. For example: /event set stages groups 4 top 2 > knockout; groups 2 top 2 > places; groups 4 top 2 > roundrobin; knockout 1 > swiss 5",
}

// stagesHelp is /help event set's word on staged events.
var stagesHelp = i18n.T{
	Zh: "淘汰赛、双淘汰、分组循环：/event set 赛制 淘汰赛，然后设置 局制（1、2、三局两胜）、加赛规则（如 加赛,和棋黑胜,抽签，依次使用）、三四名赛、五至八名赛、名次不并列、总决赛重赛、种子排序、对阵方式、组数、出线、分组方式、出线对阵。" + stagesSyntax.Zh + "。",
	En: "Knockouts, double elimination, groups: /event set format knockout, then match (1, 2, bo3), tie (replay,armageddon,lots, tried in turn), third-place, playoffs, unshared, reset, seed-order, draw, groups, advance, group-method, group-draw. " + stagesSyntax.En + ".",
}

// parseStages reads "groups 4 top 2 > knockout" (分组 4 前2 > 淘汰): each
// stage a kind and its numbers, a plain number its rounds (knockout,
// swiss) or groups' count, "top N" (前N) how many of each group go on.
func parseStages(v string) ([]action.StagePlan, error) {
	v = strings.NewReplacer("＞", ">", "→", ">", "->", ">").Replace(v)
	var out []action.StagePlan
	for _, part := range strings.Split(v, ">") {
		words := strings.Fields(part)
		if len(words) == 0 {
			return nil, errors.New("an empty stage")
		}
		kind, ok := stageKind(words[0])
		if !ok {
			return nil, fmt.Errorf("not a stage: %q", words[0])
		}
		s := action.StagePlan{Kind: kind}
		for i := 1; i < len(words); i++ {
			w := strings.ToLower(words[i])
			if w == "top" || w == "前" {
				if i+1 == len(words) {
					return nil, errors.New("top without a number")
				}
				i++
				w = "前" + words[i]
			}
			if n, ok := strings.CutPrefix(w, "前"); ok {
				k, err := strconv.Atoi(strings.TrimSuffix(n, "名"))
				if err != nil || k < 1 {
					return nil, fmt.Errorf("not a number who go on: %q", n)
				}
				s.Advance = k
				continue
			}
			n, err := strconv.Atoi(strings.TrimSuffix(strings.TrimSuffix(w, "轮"), "组"))
			if err != nil || n < 1 {
				return nil, fmt.Errorf("not a number: %q", w)
			}
			if kind == action.GroupsStage {
				s.Groups = n
			} else {
				s.Rounds = n
			}
		}
		if kind == action.GroupsStage {
			s.Groups, s.Advance = max(s.Groups, 1), max(s.Advance, 1)
		}
		out = append(out, s)
	}
	return out, nil
}

// stagesText writes the stages as parseStages reads them, in lang.
func stagesText(ss []action.StagePlan, lang i18n.Lang) string {
	var parts []string
	for _, s := range ss {
		var p string
		switch s.Kind {
		case action.KnockoutStage:
			p = i18n.T{Zh: "淘汰", En: "knockout"}.In(lang)
			if s.Rounds > 0 {
				p += i18n.T{Zh: " %d轮", En: " %d"}.In(lang, s.Rounds)
			}
		case action.DoubleStage:
			p = i18n.T{Zh: "双淘汰", En: "double-knockout"}.In(lang)
		case action.GroupsStage:
			p = i18n.T{Zh: "分组 %d组 前%d", En: "groups %d top %d"}.In(lang, s.Groups, s.Advance)
		case action.SwissStage:
			p = i18n.T{Zh: "积分 %d轮", En: "swiss %d"}.In(lang, s.Rounds)
		case action.PlacesStage:
			p = i18n.T{Zh: "同名次决赛", En: "places"}.In(lang)
		default:
			p = i18n.T{Zh: "循环", En: "roundrobin"}.In(lang)
		}
		parts = append(parts, p)
	}
	return strings.Join(parts, " > ")
}

// parseMatch reads a match format (R-F-5): "1", "2" (两局制), "bo3"
// (三局两胜), "bo5" (五局三胜), "N games"; "best of" stops once decided.
func parseMatch(v string, m *engine.MatchFormat) error {
	t := strings.ToLower(strings.ReplaceAll(v, " ", ""))
	switch t {
	case "三局两胜", "三局二胜":
		t = "bo3"
	case "五局三胜":
		t = "bo5"
	case "两局制", "两局", "二局制":
		t = "2"
	case "一局", "一局制", "单局":
		t = "1"
	}
	t = strings.TrimSuffix(strings.TrimSuffix(strings.TrimSuffix(t, "games"), "局"), "game")
	best := false
	for _, p := range []string{"bestof", "bo"} {
		if n, ok := strings.CutPrefix(t, p); ok {
			t, best = n, true
		}
	}
	n, err := strconv.Atoi(t)
	if err != nil || n < 1 || n > 15 {
		return errors.New("not a match format")
	}
	m.Games, m.BestOf = n, best
	return nil
}

// matchText shows a match format: "三局两胜" / "best of 3", "2 局" / "2 games".
func matchText(m engine.MatchFormat, lang i18n.Lang) string {
	switch {
	case m.BestOf && m.Games < 10:
		digits := []rune("零一两三四五六七八九")
		if lang == i18n.Zh {
			return string(digits[m.Games]) + "局" + string(digits[m.Games/2+1]) + "胜"
		}
		return fmt.Sprintf("best of %d", m.Games)
	case m.BestOf:
		return i18n.T{Zh: "%d局%d胜", En: "best of %[1]d"}.In(lang, m.Games, m.Games/2+1)
	case m.Games == 1:
		return i18n.T{Zh: "一局", En: "one game"}.In(lang)
	}
	return i18n.T{Zh: "%d局", En: "%d games"}.In(lang, m.Games)
}

// parseTie reads the tie chain (R-F-5): rules by their English or Chinese
// names, joined by commas (，、 too).
func parseTie(v string) ([]engine.TieRule, error) {
	var out []engine.TieRule
	for _, w := range strings.FieldsFunc(v, func(r rune) bool { return r == ',' || r == '，' || r == '、' || r == ' ' }) {
		r, err := engine.ParseTieRule(w)
		if err != nil || r == engine.RegularGame {
			return nil, errors.New("not a tie rule")
		}
		out = append(out, r)
	}
	if len(out) == 0 {
		return nil, errors.New("no tie rule")
	}
	return out, nil
}

func tieText(rs []engine.TieRule, lang i18n.Lang) string {
	var names []string
	for _, r := range rs {
		names = append(names, named(r, lang))
	}
	return strings.Join(names, i18n.T{Zh: "，", En: ", "}.In(lang))
}

// planKey is one setting of a staged event's plan.
type planKey struct {
	names  []string // English first; the first in Han characters is the Chinese name
	values i18n.T
	set    func(p *action.Plan, v string) error
	show   func(p action.Plan, lang i18n.Lang) string
}

func (k *planKey) name(lang i18n.Lang) string { return (&eventKey{names: k.names}).name(lang) }

// onOffKey is a plan setting that is on or off.
func onOffKey(names []string, field func(p *action.Plan) *bool) planKey {
	return planKey{
		names: names, values: i18n.T{Zh: "开|关", En: "on|off"},
		set: func(p *action.Plan, v string) error {
			on, ok := onOff(v)
			if !ok {
				return errors.New("not on or off")
			}
			*field(p) = on
			return nil
		},
		show: func(p action.Plan, lang i18n.Lang) string { return showOnOff(*field(&p), lang) },
	}
}

var planKeys = []planKey{
	{
		names: []string{"stages", "阶段"}, values: i18n.T{Zh: "分组 4 前2 > 淘汰|淘汰 1 > 积分 5|淘汰 1 > 循环", En: "groups 4 top 2 > knockout|knockout 1 > swiss 5|knockout 1 > roundrobin"},
		set: func(p *action.Plan, v string) (err error) {
			p.Stages, err = parseStages(v)
			return err
		},
		show: func(p action.Plan, lang i18n.Lang) string { return stagesText(p.Stages, lang) },
	},
	{
		names: []string{"match", "局制", "每场局数"}, values: i18n.T{Zh: "1|2|三局两胜|五局三胜", En: "1|2|bo3|bo5"},
		set:  func(p *action.Plan, v string) error { return parseMatch(v, &p.Match) },
		show: func(p action.Plan, lang i18n.Lang) string { return matchText(p.Match, lang) },
	},
	{
		names: []string{"tie", "加赛规则", "平局"}, values: i18n.T{Zh: "加赛,加时赛,快棋,和棋黑胜,吃子数,抽签（依次，最后一项重复）", En: "replay,overtime,blitz,armageddon,captures,lots (in turn, the last repeating)"},
		set: func(p *action.Plan, v string) (err error) {
			p.Match.Tie, err = parseTie(v)
			return err
		},
		show: func(p action.Plan, lang i18n.Lang) string { return tieText(p.Match.Tie, lang) },
	},
	onOffKey([]string{"third-place", "三四名赛", "三四名"}, func(p *action.Plan) *bool { return &p.ThirdPlace }),
	onOffKey([]string{"playoffs", "五至八名赛", "五至八名"}, func(p *action.Plan) *bool { return &p.Playoffs }),
	onOffKey([]string{"reset", "总决赛重赛"}, func(p *action.Plan) *bool { return &p.Reset }),
	{
		names: []string{"unshared", "名次不并列"}, values: i18n.T{Zh: "前几名不并列，0 为都可并列", En: "how many top places are not shared, 0 for none"},
		set: func(p *action.Plan, v string) error {
			n, err := strconv.Atoi(strings.TrimSuffix(strings.TrimPrefix(v, "前"), "名"))
			if err != nil || n < 0 {
				return errors.New("not a number of places")
			}
			p.Unshared = n
			return nil
		},
		show: func(p action.Plan, lang i18n.Lang) string {
			if p.Unshared == 0 {
				return i18n.T{Zh: "可并列", En: "shared"}.In(lang)
			}
			return i18n.T{Zh: "前%d名不并列", En: "top %d unshared"}.In(lang, p.Unshared)
		},
	},
	{
		names: []string{"seed-order", "种子排序"}, values: i18n.T{Zh: "序号|等级分|抽签", En: "number|rating|lots"},
		set: func(p *action.Plan, v string) (err error) {
			p.Seeding, err = engine.ParseSeeding(v)
			return err
		},
		show: func(p action.Plan, lang i18n.Lang) string { return named(p.Seeding, lang) },
	},
	{
		names: []string{"draw", "对阵方式"}, values: i18n.T{Zh: "标准|首尾|对半|相邻", En: "standard|fold|halves|adjacent"},
		set: func(p *action.Plan, v string) (err error) {
			p.Draw, err = engine.ParseDraw(v)
			return err
		},
		show: func(p action.Plan, lang i18n.Lang) string { return named(p.Draw, lang) },
	},
	{
		names: []string{"groups", "组数"}, values: sameIn("2, 4, 8, …"),
		set: func(p *action.Plan, v string) error {
			return setGroups(p, v, func(s *action.StagePlan, n int) { s.Groups = n })
		},
		show: func(p action.Plan, _ i18n.Lang) string { return strconv.Itoa(groupsStage(p).Groups) },
	},
	{
		names: []string{"advance", "出线"}, values: sameIn("1, 2, …"),
		set: func(p *action.Plan, v string) error {
			return setGroups(p, v, func(s *action.StagePlan, n int) { s.Advance = n })
		},
		show: func(p action.Plan, _ i18n.Lang) string { return strconv.Itoa(groupsStage(p).Advance) },
	},
	{
		names: []string{"group-method", "分组方式"}, values: i18n.T{Zh: "种子|抽签", En: "snake|drawn"},
		set: func(p *action.Plan, v string) (err error) {
			p.GroupMethod, err = engine.ParseGroupMethod(v)
			return err
		},
		show: func(p action.Plan, lang i18n.Lang) string { return named(p.GroupMethod, lang) },
	},
	{
		names: []string{"group-draw", "出线对阵"}, values: i18n.T{Zh: "对半|胜者对次名", En: "halves|runner-up"},
		set: func(p *action.Plan, v string) error {
			switch strings.ToLower(v) {
			case "halves", "对半":
				p.GroupDraw = engine.GroupHalves
			case "runner-up", "胜者对次名", "交叉":
				p.GroupDraw = engine.WinnerRunnerUp
			default:
				return errors.New("not a group draw")
			}
			return nil
		},
		show: func(p action.Plan, lang i18n.Lang) string {
			if p.GroupDraw == engine.WinnerRunnerUp {
				return i18n.T{Zh: "胜者对次名", En: "runner-up"}.In(lang)
			}
			return i18n.T{Zh: "对半", En: "halves"}.In(lang)
		},
	},
	{
		names: []string{"earlier-places", "前阶段名次"}, values: i18n.T{Zh: "并列|保留", En: "shared|kept"},
		set: func(p *action.Plan, v string) error {
			switch strings.ToLower(v) {
			case "shared", "并列":
				p.Earlier = engine.ShareByStage
			case "kept", "保留":
				p.Earlier = engine.KeepStagePlaces
			default:
				return errors.New("not shared or kept")
			}
			return nil
		},
		show: func(p action.Plan, lang i18n.Lang) string {
			if p.Earlier == engine.KeepStagePlaces {
				return i18n.T{Zh: "保留", En: "kept"}.In(lang)
			}
			return i18n.T{Zh: "并列", En: "shared"}.In(lang)
		},
	},
}

// groupsStage is the plan's groups stage, the zero one when it has none.
func groupsStage(p action.Plan) action.StagePlan {
	for _, s := range p.Stages {
		if s.Kind == action.GroupsStage {
			return s
		}
	}
	return action.StagePlan{}
}

// setGroups sets a number of the plan's groups stage.
func setGroups(p *action.Plan, v string, to func(*action.StagePlan, int)) error {
	n, err := strconv.Atoi(v)
	if err != nil || n < 1 {
		return errors.New("not a positive number")
	}
	for i := range p.Stages {
		if p.Stages[i].Kind == action.GroupsStage {
			to(&p.Stages[i], n)
			return nil
		}
	}
	return problem("这场比赛没有分组阶段。先设置：/event set stages 分组 4 前2 > 淘汰", "The event has no groups stage. Set one first: /event set stages groups 4 top 2 > knockout")
}

// groupKey reports whether k sets the groups stage.
func groupKey(k *planKey) bool {
	switch k.names[0] {
	case "groups", "advance", "group-method", "group-draw":
		return true
	}
	return false
}

func lookupPlanKey(name string) *planKey {
	for i := range planKeys {
		for _, n := range planKeys[i].names {
			if strings.EqualFold(n, name) {
				return &planKeys[i]
			}
		}
	}
	return nil
}

// planKeysText lists a staged event's plan settings with their values.
func planKeysText(p action.Plan, lang i18n.Lang) []string {
	var lines []string
	groups := groupsStage(p).Kind != ""
	for i := range planKeys {
		k := &planKeys[i]
		if !groups && groupKey(k) {
			continue // the groups' settings, of events with groups only
		}
		lines = append(lines, fmt.Sprintf("%s = %s  [%s]", k.name(lang), k.show(p, lang), k.values.In(lang)))
	}
	return lines
}

// formatName names a staged event's format for people.
func formatName(p action.Plan, lang i18n.Lang) string {
	if len(p.Stages) == 1 {
		switch p.Stages[0].Kind {
		case action.KnockoutStage:
			return i18n.T{Zh: "淘汰赛", En: "knockout"}.In(lang)
		case action.DoubleStage:
			return i18n.T{Zh: "双淘汰", En: "double elimination"}.In(lang)
		case action.GroupsStage:
			return i18n.T{Zh: "分组循环", En: "groups"}.In(lang)
		}
	}
	return stagesText(p.Stages, lang)
}

// badFormat is the refusal of a format /event set format does not take.
func badFormat(v string) *Problem {
	return problem("赛制 不能设为「%s」。可以用：积分编排|单循环|双循环|淘汰赛|双淘汰|分组循环；多个阶段用 /event set stages。"+stagesSyntax.Zh,
		"format cannot be %q. Use: swiss|roundrobin|double-round-robin|knockout|double-knockout|groups; several stages with /event set stages. "+stagesSyntax.En, v)
}

// setPlan sets one setting of a staged event's plan.
func setPlan(c *Context, k *planKey, v string) (Reply, error) {
	if v == "" {
		return Reply{}, problem("请写出 %[1]s 的值（%[2]s），例如：/event set %[1]s …", "Give %[1]s a value (%[2]s): /event set %[1]s …", k.name(c.Lang), k.values.In(c.Lang))
	}
	st := c.State
	if st.Stages == nil {
		return Reply{}, problem("%s 是淘汰赛和分组赛的设置。先设赛制：/event set format 淘汰赛（或 双淘汰、分组循环）。", "%s is a setting of knockouts and groups. Set the format first: /event set format knockout (or double-knockout, groups).", k.name(c.Lang))
	}
	if st.Teams != nil && (k.names[0] == "match" || k.names[0] == "tie") {
		return Reply{}, teamStagedFormat{}.notPlayed(st, &eventKey{names: k.names}, c.Lang)
	}
	p := st.Stages.Plan
	p.Stages = slices.Clone(p.Stages)
	p.Match.Tie = slices.Clone(p.Match.Tie)
	if err := k.set(&p, v); err != nil {
		var pr *Problem
		if errors.As(err, &pr) {
			return Reply{}, pr
		}
		if k.names[0] == "stages" {
			return Reply{}, problem("阶段不能设为「%s」。"+stagesSyntax.Zh, "stages cannot be %q. "+stagesSyntax.En, v)
		}
		return Reply{}, problem("%[1]s 不能设为「%[2]s」。可以用：%[3]s", "%[1]s cannot be %[2]q. Use: %[3]s", k.name(c.Lang), v, k.values.In(c.Lang))
	}
	return changePlan(c, &p, k.name(c.Lang), k.show(p, c.Lang))
}

// changePlan gives the event plan p (PlanSet) and says so: key = shown.
func changePlan(c *Context, p *action.Plan, key, shown string) (Reply, error) {
	if _, err := c.Update(func(ch *storage.Change) error { return ch.Append(&action.PlanSet{Plan: p}) }); err != nil {
		return Reply{}, err
	}
	if key == "format" && c.Lang == i18n.Zh {
		key = "赛制"
	}
	return Reply{Text: i18n.T{Zh: "已设置：%s = %s。输入 /event set 查看全部设置。", En: "Set: %s = %s. Type /event set to see every setting."}.In(c.Lang, key, shown)}, nil
}

// stagedPartRefused says why a staged event (plan p) does not play by
// the settings of part, and what to type: a knockout's matches are decided
// by the match format and the tie chain (R-F-4, R-F-5), so the Swiss's
// pairing rules, its scoring and its tiebreaks play no part in them.
func stagedPartRefused(k *eventKey, p action.Plan, lang i18n.Lang) *Problem {
	switch k.part {
	case action.RoundCount:
		return problem("淘汰赛和分组赛的轮数由阶段决定，不能设置；积分编排阶段的轮数写在阶段里，如 /event set stages 淘汰 1 > 积分 5。", "A knockout's or groups' rounds follow its stages: they cannot be set; a Swiss stage's rounds go in the stages, e.g. /event set stages knockout 1 > swiss 5.")
	case action.GameScoring:
		return problem("%[1]s 只用于分组循环、积分编排和循环赛阶段，这场比赛（%[2]s）没有：淘汰赛的每场比赛按局制和加赛规则决出胜负（/event set match、/event set tie）。",
			"%[1]s is a rule of groups, Swiss and round-robin stages, and this event (%[2]s) has none: a knockout's matches are decided by the match format and the tie rules (/event set match, /event set tie).",
			k.name(lang), formatName(p, lang))
	}
	return problem("%[1]s 只用于积分编排阶段，这场比赛（%[2]s）没有：分组和循环赛阶段按小分、胜局、直胜、犯规排名（R-T-3）。要加积分编排阶段：/event set stages 淘汰 1 > 积分 5",
		"%[1]s is a rule of a Swiss stage, and this event (%[2]s) has none: groups and round-robin stages rank by SB, wins, head-to-head, fouls (R-T-3). To add a Swiss stage: /event set stages knockout 1 > swiss 5",
		k.name(lang), formatName(p, lang))
}
