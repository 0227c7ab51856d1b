package commands

import (
	"crypto/subtle"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/engine"
	"github.com/qisai/qisai/storage"
)

// The organiser's and the arbiters' commands: configure the event, enter
// the players, start, pair (a preview with its record, changed by hand,
// then published), set results, record fouls and withdrawals, undo, show
// the log and finish. The organisers run the event (Organiser); arbiters
// run its rounds (Staff): pair, swap, publish, results, fouls,
// withdrawals and the log.
func organiserCommands() []*Command {
	player := Arg{Name: "player", Kind: Word, Help: T{"选手的序号或名字", "the player's number or name"}}
	return []*Command{
		{
			Name: "event set", Aliases: []string{"设定"}, Who: Organiser,
			Args: []Arg{
				{Name: "key", Kind: Word, Optional: true, Help: T{"设置项，例如 rounds、用时；不写则列出全部", "what to set, e.g. rounds or time; leave out to list them all"}},
				{Name: "value", Kind: Rest, Optional: true, Help: T{"新的值", "the new value"}},
			},
			Help: T{"设置比赛：赛制、轮数、计分、名次规则、用时、迟到时限、确认时限、提和规则、犯规判负等", "configure the event: format, rounds, scoring, tiebreaks, time control, late limit, confirmation window, draw offers, fouls and more"},
			Run:  setEvent,
		},
		{
			Name: "signup", Aliases: []string{"报名开关"}, Who: Organiser,
			Args: []Arg{{Name: "state", Kind: Choice, Choices: []string{"open", "close", "开放", "关闭"}, Help: T{"open 开放，close 关闭", "open or close"}}},
			Help: T{"开放或关闭报名", "open or close sign-up"},
			Run:  signup,
		},
		{
			Name: "player add", Aliases: []string{"添加选手"}, Who: Organiser,
			Args: []Arg{
				{Name: "name", Kind: Word, Help: T{"姓名；有空格时加引号", "the name; quote it if it has spaces"}},
				{Name: "unit", Kind: Word, Optional: true, Help: T{"单位：俱乐部、学校或队", "the unit (单位): club, school or team"}},
				{Name: "rating", Kind: Int, Optional: true, Help: T{"等级分", "the rating"}},
			},
			Help: T{"添加选手（开赛前）", "add a player (before the start)"},
			Run:  addPlayer,
		},
		{
			Name: "player edit", Aliases: []string{"修改选手"}, Who: Organiser,
			Args: []Arg{
				{Name: "number", Kind: Int, Help: T{"选手序号", "the player's number"}},
				{Name: "name", Kind: Word, Help: T{"姓名", "the name"}},
				{Name: "unit", Kind: Word, Optional: true, Help: T{"单位；不写则不变，写 - 清空", "the unit; unchanged if left out, - clears it"}},
				{Name: "rating", Kind: Int, Optional: true, Help: T{"等级分；不写则不变", "the rating; unchanged if left out"}},
			},
			Help: T{"修改选手的姓名、单位或等级分", "change a player's name, unit or rating"},
			Run:  editPlayer,
		},
		{
			Name: "player remove", Aliases: []string{"删除选手"}, Who: Organiser,
			Args: []Arg{{Name: "number", Kind: Int, Help: T{"选手序号", "the player's number"}}},
			Help: T{"删除选手（开赛前；开赛后用 /withdraw）", "remove a player (before the start; afterwards /withdraw)"},
			Run:  removePlayer,
		},
		{
			Name: "arbiter add", Aliases: []string{"添加裁判"}, Who: Organiser,
			Args: []Arg{{Name: "user", Kind: Person, Optional: true, Help: T{"裁判：@ 点选、@用户名，或回复裁判的消息时不写", "the arbiter: picked after @, an @username, or left out when replying to their message"}}},
			Help: T{"添加裁判", "add an arbiter"},
			More: namingHelp,
			Run:  addArbiter,
		},
		{
			Name: "link", Aliases: []string{"关联"}, Who: Anyone,
			Args:      []Arg{{Name: "code", Kind: Word, Optional: true, Help: T{"另一场比赛的关联代码", "another event's link code"}}},
			Help:      T{"组织者：取得关联代码；在另一个聊天（任何平台）输入 /link 代码，让它也关注本赛", "organisers: get the link code; type /link CODE in another chat (any platform) to make it follow the event"},
			GroupOnly: true,
			Run:       link,
		},
		greetInDM(&Command{
			Name: "start", Aliases: []string{"开赛"}, Who: Organiser,
			Help: T{"开赛：截止报名，排定序号", "start: close the entries and give the sequence numbers"},
			Run:  start,
		}),
		{
			Name: "pair", Aliases: []string{"编排"}, Who: Staff,
			Help: T{"编排下一轮（预览，附编排记录）", "pair the next round (a preview, with its record)"},
			Run:  pairNext,
		},
		{
			Name: "swap", Aliases: []string{"换台"}, Who: Staff,
			Args: []Arg{
				{Name: "b1", Kind: Int, Help: T{"台次", "a board"}},
				{Name: "b2", Kind: Int, Help: T{"另一台次", "another board"}},
			},
			Help: T{"交换预览中两台的黑方", "exchange the black players of two boards of the preview"},
			Run:  swap,
		},
		{
			Name: "publish", Aliases: []string{"发布"}, Who: Staff,
			Args: []Arg{{Name: "time", Kind: Word, Optional: true, Help: T{"开始时间 时:分（本赛时区），如 19:30，今天已过则为明天；不写则公布即开始", "the start time HH:MM in the event's zone, e.g. 19:30, tomorrow if passed today; left out, the round starts when published"}}},
			Help: T{"公布预览的这一轮，可附开始时间", "publish the previewed round, with its start time if given"},
			Run:  publish,
		},
		{
			Name: "result", Aliases: []string{"裁定"}, Who: Staff,
			Args: []Arg{
				{Name: "board", Kind: Int, Help: T{"台次", "the board"}},
				{Name: "result", Kind: Choice, Choices: []string{"1-0", "0-1", "1/2", "+-", "-+", "--"}, Help: T{"红方在前：1-0 红胜，0-1 黑胜，1/2 和，+- 黑方弃权，-+ 红方弃权，-- 双方弃权", "red's first: 1-0 red wins, 0-1 black wins, 1/2 draw, +- black forfeits, -+ red forfeits, -- both forfeit"}},
				{Name: "round", Kind: Int, Optional: true, Help: T{"轮次；不写则为当前轮", "the round; the current one if left out"}},
			},
			Help: T{"裁定或更正一台的结果", "set or correct a board's result"},
			Run:  setResult,
		},
		{
			Name: "foul", Aliases: []string{"犯规"}, Who: Staff,
			Args: []Arg{player},
			Help: T{"记录选手本轮对局中的一次犯规（R-G-3）", "record a foul by a player in this round's game (R-G-3)"},
			Run:  foul,
		},
		{
			Name: "penalty", Aliases: []string{"处罚"}, Who: Staff,
			Args: []Arg{player},
			Help: T{"记录对选手的警告或判罚：同分时名列最后（R-T-7）", "record a warning or penalty against a player: they rank last among equal scores (R-T-7)"},
			Run:  penalty,
		},
		{
			Name: "withdraw", Aliases: []string{"选手退赛"}, Who: Staff,
			Args: []Arg{player},
			Help: T{"让选手退赛（R-W-1..4）", "withdraw a player from the event (R-W-1..4)"},
			Run:  withdraw,
		},
		{
			Name: "undo", Aliases: []string{"撤销"}, Who: Organiser,
			Args: []Arg{{Name: "n", Kind: Int, Help: T{"操作编号（见 /log）", "the action's number (see /log)"}}},
			Help: T{"撤销一步操作", "undo an action"},
			Run:  undo,
		},
		{
			Name: "log", Aliases: []string{"日志"}, Who: Staff,
			Args: []Arg{{Name: "n", Kind: Int, Optional: true, Help: T{"显示最近几条，默认 10", "how many of the latest to show, 10 if left out"}}},
			Help: T{"显示操作记录：谁在何时做了什么", "show the action log: who did what, when"},
			Run:  showLog,
		},
		{
			Name: "finish", Aliases: []string{"结束比赛"}, Who: Organiser,
			Help: T{"结束比赛，公布最终排名（前八名不并列，R-T-8）", "finish the event and announce the final standings (no shared top-8 places, R-T-8)"},
			Run:  finish,
		},
	}
}

// ---- /event set ----

// eventKey is one thing /event set sets: a rule setting (engine.Settings,
// recorded by SettingsChanged) or an event detail (action.Info, recorded
// by InfoChanged).
type eventKey struct {
	names   []string // the English name first, then aliases
	values  T        // what the value may be
	setting func(s *engine.Settings, v string) error
	info    func(a *action.InfoChanged, v string) error
	show    func(st *action.State, lang Lang) string
}

var eventKeys = []eventKey{
	{
		names: []string{"format", "system", "赛制"}, values: sameIn("swiss|roundrobin|double"),
		setting: setFormat,
		show:    func(st *action.State, _ Lang) string { return st.Event.Settings.System.String() },
	},
	{
		names: []string{"rounds", "轮数"}, values: sameIn("1, 2, …"),
		setting: func(s *engine.Settings, v string) error {
			n, err := strconv.Atoi(v)
			if err != nil || n < 1 {
				return problem("轮数应是正整数，不是「%s」。例如：/event set rounds 7", "rounds must be a positive number, not %q. For example: /event set rounds 7", v)
			}
			if roundRobin(s.System) {
				return problem("循环赛的轮数由循环表决定（R-C-2），不能设置。", "A round robin's rounds come from its table (R-C-2): they cannot be set.")
			}
			s.Rounds = n
			return nil
		},
		show: func(st *action.State, lang Lang) string {
			if st.Event.Settings.Rounds == 0 {
				return T{"按循环表", "by the table"}.In(lang)
			}
			return strconv.Itoa(st.Event.Settings.Rounds)
		},
	},
	{
		names: []string{"scoring", "计分"}, values: sameIn("2/1/0, 1/0.5/0, 3/1/0"),
		setting: func(s *engine.Settings, v string) error {
			sc, err := engine.ParseScoring(v)
			if err != nil {
				return err
			}
			if s.ByeValue == s.Win { // a bye worth a win stays worth a win (R-S-3)
				s.ByeValue = sc.Win
			}
			s.Scoring = sc
			return nil
		},
		show: func(st *action.State, _ Lang) string { return st.Event.Settings.Scoring.String() },
	},
	{
		names: []string{"bye", "轮空分"}, values: sameIn("2, 1, 0.5, …"),
		setting: func(s *engine.Settings, v string) error {
			p, err := engine.ParsePoints(v)
			if err != nil || p < 0 {
				return errors.New("not a number of points")
			}
			s.ByeValue = p
			return nil
		},
		show: func(st *action.State, _ Lang) string { return st.Event.Settings.ByeValue.String() },
	},
	{
		names: []string{"tiebreaks", "名次规则"}, values: T{"对手分,胜局,犯规,小分,直胜,累进分,后走胜局,后走局数,抽签…", "buchholz,wins,fouls,sb,direct,progressive,black-wins,black-games,lots…"},
		setting: func(s *engine.Settings, v string) (err error) {
			s.Tiebreaks, err = engine.ParseTiebreaks(v)
			return err
		},
		show: func(st *action.State, lang Lang) string {
			var names []string
			for _, tb := range st.Event.Settings.Tiebreaks {
				if lang == Zh {
					names = append(names, tb.Name())
				} else {
					names = append(names, tb.English())
				}
			}
			return strings.Join(names, ",")
		},
	},
	{
		names: []string{"first-round", "首轮编排"}, values: sameIn("fold|adjacent|head-tail|random (拦腰|临近|首尾|随机)"),
		setting: func(s *engine.Settings, v string) (err error) {
			s.FirstRound, err = engine.ParseFirstRound(v)
			return err
		},
		show: func(st *action.State, _ Lang) string { return st.Event.Settings.FirstRound.String() },
	},
	{
		names: []string{"halves", "分区"}, values: sameIn("top-bottom|odd-even (对折|单双)"),
		setting: func(s *engine.Settings, v string) (err error) {
			s.Halves, err = engine.ParseHalves(v)
			return err
		},
		show: func(st *action.State, _ Lang) string { return st.Event.Settings.Halves.String() },
	},
	{
		names: []string{"first-colour", "first-color", "首轮先后手"}, values: sameIn("alternate|alternate-higher|upper-red|odd-red|lower-red|drawn"),
		setting: func(s *engine.Settings, v string) (err error) {
			s.FirstColour, err = engine.ParseFirstColour(v)
			return err
		},
		show: func(st *action.State, _ Lang) string { return st.Event.Settings.FirstColour.String() },
	},
	{
		names: []string{"avoid-same-unit", "同单位回避"}, values: sameIn("first-round|all-rounds|off (首轮|同队不相遇|不回避)"),
		setting: func(s *engine.Settings, v string) (err error) {
			s.AvoidUnit, err = engine.ParseUnitAvoidance(v)
			return err
		},
		show: func(st *action.State, _ Lang) string { return st.Event.Settings.AvoidUnit.String() },
	},
	{
		names: []string{"time", "time-control", "用时"}, values: T{"任意文字，如 25分+5秒；- 清除", "any text, e.g. 25 min + 5 s; - clears it"},
		info: func(a *action.InfoChanged, v string) error {
			if v == "-" {
				v = ""
			}
			a.TimeControl = &v
			return nil
		},
		show: func(st *action.State, lang Lang) string { return orUnset(st.Info.TimeControl, lang) },
	},
	{
		names: []string{"late", "迟到"}, values: T{"分钟数，0 不限", "minutes, 0 for none"},
		info: func(a *action.InfoChanged, v string) error {
			d, err := minutes(v)
			a.LateAfter = &d
			return err
		},
		show: func(st *action.State, lang Lang) string { return showMinutes(st.Info.LateAfter, lang) },
	},
	{
		names: []string{"remind", "提醒"}, values: T{"开始前几分钟提醒，0 或 off 不提醒", "minutes before the start, 0 or off for none"},
		info: func(a *action.InfoChanged, v string) error {
			d, err := minutes(v)
			a.RemindBefore = &d
			return err
		},
		show: func(st *action.State, lang Lang) string { return showRemind(st.Info.RemindBefore, lang) },
	},
	{
		names: []string{"confirm", "确认时限"}, values: T{"分钟数，0 不限", "minutes, 0 for none"},
		info: func(a *action.InfoChanged, v string) error {
			d, err := minutes(v)
			a.ConfirmWithin = &d
			return err
		},
		show: func(st *action.State, lang Lang) string { return showMinutes(st.Info.ConfirmWithin, lang) },
	},
	{
		names: []string{"draw-offers", "提和"}, values: sameIn("alternate|free (on|off)"),
		info: func(a *action.InfoChanged, v string) error {
			alternate, ok := onOff(v, "alternate", "轮流")
			if !ok {
				if !strings.EqualFold(v, "free") && v != "自由" {
					return errors.New("not a draw-offer rule")
				}
				alternate = false
			}
			free := !alternate
			a.FreeDrawOffers = &free
			return nil
		},
		show: func(st *action.State, lang Lang) string {
			if st.Info.FreeDrawOffers {
				return T{"自由（不轮流）", "free"}.In(lang)
			}
			return T{"轮流（R-G-2）", "alternate (R-G-2)"}.In(lang)
		},
	},
	{
		names: []string{"offer-foul", "重复提和犯规"}, values: sameIn("on|off"),
		info: func(a *action.InfoChanged, v string) error {
			on, ok := onOff(v)
			if !ok {
				return errors.New("not on or off")
			}
			a.OfferFoul = &on
			return nil
		},
		show: func(st *action.State, lang Lang) string { return showOnOff(st.Info.OfferFoul, lang) },
	},
	{
		names: []string{"fouls", "犯规判负"}, values: sameIn("1, 2, 3, …"),
		info: func(a *action.InfoChanged, v string) error {
			n, err := strconv.Atoi(v)
			if err != nil || n < 1 {
				return errors.New("not a positive number")
			}
			a.FoulsToLose = &n
			return nil
		},
		show: func(st *action.State, _ Lang) string { return strconv.Itoa(st.Info.FoulLimit()) },
	},
	{
		names: []string{"zone", "时区"}, values: sameIn("UTC+8, UTC-5, +5:30"),
		info: func(a *action.InfoChanged, v string) error {
			off, err := action.ParseZone(v)
			if err != nil {
				return err
			}
			z := zoneName(off)
			a.Zone = &z
			return nil
		},
		show: func(st *action.State, _ Lang) string {
			if st.Info.Zone == "" {
				return action.DefaultZone
			}
			return st.Info.Zone
		},
	},
}

// setFormat changes the system; moving between Swiss and round robin also
// brings that family's rounds and tiebreaks (R-T-1, R-T-3), as /event new
// does.
func setFormat(s *engine.Settings, v string) error {
	sys, err := engine.ParseSystem(v)
	switch strings.ToLower(v) {
	case "roundrobin", "round_robin":
		sys, err = engine.RoundRobin, nil
	case "double", "doubleroundrobin":
		sys, err = engine.DoubleRoundRobin, nil
	}
	if err != nil {
		return err
	}
	if roundRobin(sys) != roundRobin(s.System) {
		family := "swiss"
		if roundRobin(sys) {
			family = "roundrobin"
		}
		_, def, _ := eventSpec("_ " + family) // the defaults /event new gives the family
		s.Rounds, s.Tiebreaks = def.Rounds, def.Tiebreaks
	}
	s.System = sys
	return nil
}

// plannedRounds is how many rounds the event plays: the setting or, for a
// round robin that leaves it at 0, its whole table (R-C-2) — one round
// fewer than the entrants rounded up to even (players withdrawn before
// round 1 are not in it, R-W-1), twice that in a double round robin. 0
// when no number is set.
func plannedRounds(ev *engine.Event) int {
	s := ev.Settings
	if s.Rounds > 0 || !roundRobin(s.System) {
		return s.Rounds
	}
	n := 0
	for _, p := range ev.Players {
		if p.WithdrawnAfter != -1 {
			n++
		}
	}
	if n < 2 {
		return 0
	}
	rounds := n + n%2 - 1
	if s.System == engine.DoubleRoundRobin {
		rounds *= 2
	}
	return rounds
}

func roundRobin(s engine.System) bool {
	return s == engine.RoundRobin || s == engine.DoubleRoundRobin
}

// sameIn is a text that reads the same in both languages.
func sameIn(s string) T { return T{s, s} }

func lookupKey(name string) *eventKey {
	for i := range eventKeys {
		for _, n := range eventKeys[i].names {
			if strings.EqualFold(n, name) {
				return &eventKeys[i]
			}
		}
	}
	return nil
}

// setEvent sets one setting or detail, or lists them all with their
// values when no key is given.
func setEvent(c *Context) (Reply, error) {
	name := c.Args["key"]
	if name == "" {
		return Reply{Text: eventKeysText(c.State, c.Lang)}, nil
	}
	k := lookupKey(name)
	if k == nil {
		return Reply{}, problem("没有「%s」这个设置项。输入 /event set 查看所有设置项。", "There is no setting %q. Type /event set to see them all.", name)
	}
	v := strings.TrimSpace(c.Args["value"])
	if v == "" {
		return Reply{}, problem("请写出 %[1]s 的值（%[2]s），例如：/event set %[1]s …", "Give %[1]s a value (%[2]s): /event set %[1]s …", k.names[0], k.values.In(c.Lang))
	}
	var shown string
	_, err := c.Update(func(ch *storage.Change) error {
		var a action.Action
		var err error
		if k.setting != nil {
			s := ch.State.Event.Settings
			err = k.setting(&s, v)
			a = &action.SettingsChanged{Settings: s}
		} else {
			ic := &action.InfoChanged{}
			err = k.info(ic, v)
			a = ic
		}
		if err != nil {
			var p *Problem
			if errors.As(err, &p) {
				return p
			}
			return problem("%[1]s 不能设为「%[2]s」。可以用：%[3]s", "%[1]s cannot be %[2]q. Use: %[3]s", k.names[0], v, k.values.In(c.Lang))
		}
		if err := ch.Append(a); err != nil {
			return err
		}
		shown = k.show(ch.State, c.Lang)
		return nil
	})
	if err != nil {
		return Reply{}, err
	}
	return Reply{Text: T{"已设置：%s = %s。输入 /event set 查看全部设置。", "Set: %s = %s. Type /event set to see every setting."}.In(c.Lang, k.names[0], shown)}, nil
}

// eventKeysText lists what /event set sets, with the values now.
func eventKeysText(st *action.State, lang Lang) string {
	lines := []string{T{"比赛设置（修改：/event set 项目 值）：", "The event's settings (change one: /event set KEY VALUE):"}.In(lang)}
	for _, k := range eventKeys {
		alias := ""
		if len(k.names) > 1 {
			alias = " " + k.names[len(k.names)-1]
		}
		lines = append(lines, fmt.Sprintf("%s%s = %s  [%s]", k.names[0], alias, k.show(st, lang), k.values.In(lang)))
	}
	return strings.Join(lines, "\n")
}

// minutes reads a number of minutes, "15", "15m", "15分钟"; "off" is 0.
func minutes(v string) (time.Duration, error) {
	t := strings.ToLower(strings.TrimSpace(v))
	if off, ok := onOff(t); ok && !off {
		return 0, nil
	}
	for _, suffix := range []string{"minutes", "minute", "mins", "min", "m", "分钟", "分"} {
		t = strings.TrimSpace(strings.TrimSuffix(t, suffix))
	}
	n, err := strconv.Atoi(t)
	if err != nil || n < 0 || n > 24*60 {
		return 0, errors.New("not a number of minutes")
	}
	return time.Duration(n) * time.Minute, nil
}

// onOff reads on/off in English or Chinese; more words may mean on.
func onOff(v string, on ...string) (value, ok bool) {
	t := strings.ToLower(strings.TrimSpace(v))
	for _, w := range append(on, "on", "yes", "true", "开", "是") {
		if t == w {
			return true, true
		}
	}
	for _, w := range []string{"off", "no", "false", "关", "否", "none", "无"} {
		if t == w {
			return false, true
		}
	}
	return false, false
}

func orUnset(s string, lang Lang) string {
	if s == "" {
		return T{"未设", "not set"}.In(lang)
	}
	return s
}

func showMinutes(d time.Duration, lang Lang) string {
	if d == 0 {
		return T{"不限", "none"}.In(lang)
	}
	return T{"%d 分钟", "%d min"}.In(lang, int(d/time.Minute))
}

// showRemind shows how long before a round's start the scheduler reminds.
func showRemind(d time.Duration, lang Lang) string {
	if d == 0 {
		return T{"不提醒", "off"}.In(lang)
	}
	return T{"开始前 %d 分钟", "%d min before the start"}.In(lang, int(d/time.Minute))
}

func showOnOff(on bool, lang Lang) string {
	if on {
		return T{"开", "on"}.In(lang)
	}
	return T{"关", "off"}.In(lang)
}

// zoneName writes an offset of minutes east of UTC as "UTC+8", "UTC-5:30".
func zoneName(off int) string {
	sign := "+"
	if off < 0 {
		sign, off = "-", -off
	}
	if off%60 == 0 {
		return fmt.Sprintf("UTC%s%d", sign, off/60)
	}
	return fmt.Sprintf("UTC%s%d:%02d", sign, off/60, off%60)
}

// ---- entries ----

func signup(c *Context) (Reply, error) {
	open := c.Args["state"] == "open" || c.Args["state"] == "开放"
	st := c.State
	if err := beforeStart(st); err != nil {
		return Reply{}, err
	}
	switch {
	case open && st.Status == action.Signup:
		return Reply{}, problem("报名已经开放了。要关闭，输入 /signup close。", "Sign-up is open already. To close it, type /signup close.")
	case !open && st.Status != action.Signup:
		return Reply{}, problem("报名没有开放。要开放，输入 /signup open。", "Sign-up is not open. To open it, type /signup open.")
	}
	var a action.Action = &action.SignupClosed{}
	text := T{"报名已关闭。组织者仍可用 /player add 名字 添加选手；准备好后输入 /start 开赛。", "Sign-up is closed. Organisers can still add players with /player add NAME; type /start when ready."}
	if open {
		a = &action.SignupOpened{}
		text = T{"报名已开放：选手输入 /join 名字 [单位] 报名。", "Sign-up is open: players join with /join NAME [UNIT]."}
	}
	if _, err := c.Update(func(ch *storage.Change) error { return ch.Append(a) }); err != nil {
		return Reply{}, err
	}
	return Reply{Text: text.In(c.Lang)}, nil
}

// beforeStart refuses what may only happen before the start.
func beforeStart(st *action.State) error {
	switch st.Status {
	case action.Running:
		return problem("比赛已经开始，报名已截止；选手只能退赛（/withdraw）。", "The event has started: the entries are closed; a player can only withdraw (/withdraw).")
	case action.Finished:
		return problem("比赛已经结束。", "The event has finished.")
	}
	return nil
}

// running refuses what needs a started, unfinished event.
func running(st *action.State) error {
	switch st.Status {
	case action.Running:
		return nil
	case action.Finished:
		return problem("比赛已经结束。", "The event has finished.")
	}
	return problem("比赛还没有开始。准备好后组织者输入 /start。", "The event has not started yet. An organiser types /start when ready.")
}

// entry reads NAME [UNIT] [RATING] over old's values: a unit left out
// keeps old's, "-" clears it; a lone number after the name is a rating.
func entry(args map[string]string, old engine.Player) (engine.Player, error) {
	p := old
	p.Name = args["name"]
	unit, hasUnit := args["unit"]
	rating, hasRating := args["rating"]
	if hasUnit && !hasRating {
		if _, err := strconv.Atoi(unit); err == nil {
			rating, hasRating, hasUnit = unit, true, false
		}
	}
	if hasUnit {
		p.Unit = unit
		if unit == "-" {
			p.Unit = ""
		}
	}
	if hasRating {
		r, _ := strconv.Atoi(rating)
		if r < 0 {
			return p, problem("等级分不能是负数。", "A rating cannot be negative.")
		}
		p.Rating = r
	}
	return p, nil
}

// describePlayer is "3 王天一（杭州，2300）".
func describePlayer(p engine.Player, lang Lang) string {
	var more []string
	if p.Unit != "" {
		more = append(more, p.Unit)
	}
	if p.Rating > 0 {
		more = append(more, strconv.Itoa(p.Rating))
	}
	s := strconv.Itoa(p.ID) + " " + p.Name
	if len(more) > 0 {
		s += T{"（%s）", " (%s)"}.In(lang, strings.Join(more, T{"，", ", "}.In(lang)))
	}
	return s
}

func addPlayer(c *Context) (Reply, error) {
	if err := beforeStart(c.State); err != nil {
		return Reply{}, err
	}
	p, err := entry(c.Args, engine.Player{})
	if err != nil {
		return Reply{}, err
	}
	var added engine.Player
	_, err = c.Update(func(ch *storage.Change) error {
		if err := ch.Append(&action.PlayerAdded{Name: p.Name, Unit: p.Unit, Rating: p.Rating}); err != nil {
			return err
		}
		ps := ch.State.Event.Players
		added = ps[len(ps)-1]
		return nil
	})
	if err != nil {
		return Reply{}, err
	}
	return Reply{Text: T{"已添加选手 %s。现有 %d 名选手。", "Added player %s. %d players now."}.In(c.Lang, describePlayer(added, c.Lang), added.ID)}, nil
}

// numbered is player n, or a problem that says which numbers there are.
func numbered(st *action.State, arg string) (engine.Player, error) {
	n, _ := strconv.Atoi(arg)
	p, ok := st.Event.Player(n)
	if !ok {
		return p, problem("没有 %d 号选手：选手是 1 到 %d 号。输入 /pairings 或 /standings 查看。", "There is no player %d: players are numbered 1 to %d. See them with /pairings or /standings.", n, len(st.Event.Players))
	}
	return p, nil
}

func editPlayer(c *Context) (Reply, error) {
	if c.State.Status == action.Finished {
		return Reply{}, running(c.State)
	}
	old, err := numbered(c.State, c.Args["number"])
	if err != nil {
		return Reply{}, err
	}
	p, err := entry(c.Args, old)
	if err != nil {
		return Reply{}, err
	}
	if _, err := c.Update(func(ch *storage.Change) error {
		return ch.Append(&action.PlayerEdited{Player: p.ID, Name: p.Name, Unit: p.Unit, Rating: p.Rating})
	}); err != nil {
		return Reply{}, err
	}
	return Reply{Text: T{"已修改：%s。", "Changed: %s."}.In(c.Lang, describePlayer(p, c.Lang))}, nil
}

func removePlayer(c *Context) (Reply, error) {
	if c.State.Status == action.Running {
		return Reply{}, problem("比赛已经开始，不能删除选手。请改用 /withdraw %s 让选手退赛（R-W-1..3）。", "The event has started: players are not removed. Withdraw them instead: /withdraw %s (R-W-1..3).", c.Args["number"])
	}
	if err := beforeStart(c.State); err != nil {
		return Reply{}, err
	}
	p, err := numbered(c.State, c.Args["number"])
	if err != nil {
		return Reply{}, err
	}
	_, err = c.Update(func(ch *storage.Change) error {
		ids, err := c.svc.store.Identities(c, c.Event)
		if err != nil {
			return err
		}
		for _, id := range ids {
			if id.Player == p.ID {
				// The store cannot unlink a user yet: removing the player
				// would leave the user linked to whoever takes the number.
				return problem("%[1]s 是用户 %[2]s 自己报名的：请他输入 /leave 退出；或开赛后用 /withdraw %[3]d 让他退赛。",
					"%[1]s joined as user %[2]s: they can leave with /leave, or after the start withdraw them with /withdraw %[3]d.", p.Name, id.User, p.ID)
			}
		}
		before := slices.Clone(ch.State.Event.Players)
		if err := ch.Append(&action.PlayerRemoved{Player: p.ID}); err != nil {
			return err
		}
		return renumber(ch, ids, before)
	})
	if err != nil {
		return Reply{}, err
	}
	return Reply{Text: T{"已删除 %d 号选手 %s；后面的选手序号前移一位。", "Removed player %d, %s; the players after them move up one number."}.In(c.Lang, p.ID, p.Name)}, nil
}

// renumber identifies the event's users anew after the change's actions
// gave players new numbers (the start, R-SW-1; a removal; an undo of
// either): a user stays with the player of the same name (names are
// unique in an event); when a name is gone but the number of players is
// the same, the player was renamed and keeps the number. before is the
// players as ids were made for.
func renumber(ch *storage.Change, ids []storage.Identity, before []engine.Player) error {
	after := ch.State.Event.Players
	for _, id := range ids {
		if id.Player < 1 || id.Player > len(before) {
			continue
		}
		name := before[id.Player-1].Name
		to := 0
		for _, p := range after {
			if strings.EqualFold(p.Name, name) {
				to = p.ID
				break
			}
		}
		if to == 0 && len(after) == len(before) {
			to = id.Player
		}
		if to == 0 {
			return problem("这一步会去掉用户 %[1]s 的选手「%[2]s」，不能这样做。", "This would take away player %[2]q, who is user %[1]s: it cannot be done.", id.User, name)
		}
		if to != id.Player {
			ch.Identify(id.Platform, id.User, to)
		}
	}
	return nil
}

// ---- staff and chats ----

// addArbiter gives a user the arbiter's powers. The user is named by a
// mention, a reply or a handle qisai has seen (namedUser): what is stored
// is their numeric id, which the permissions check.
func addArbiter(c *Context) (Reply, error) {
	u, err := c.namedUser(c.Args["user"])
	if err != nil {
		return Reply{}, err
	}
	platform := c.Req.Chat.Platform
	roles, err := c.svc.store.Roles(c, c.Event, platform, u.ID)
	if err != nil {
		return Reply{}, err
	}
	name := u.Name
	if name == "" {
		name = u.ID
	}
	if slices.Contains(roles, storage.Arbiter) {
		return Reply{}, problem("%s 已经是本赛裁判了。", "%s is an arbiter of this event already.", name)
	}
	if _, err := c.Update(func(ch *storage.Change) error {
		ch.Grant(platform, u.ID, storage.Arbiter)
		return nil
	}); err != nil {
		return Reply{}, err
	}
	return Reply{Text: T{"%s 现在是本赛裁判：可以用 /pair、/publish、/result、/foul 等命令。", "%s is now an arbiter of this event: they can use /pair, /publish, /result, /foul and more."}.In(c.Lang, name)}, nil
}

// link shows the event's link code to an organiser (making it the first
// time), or, given a code, makes this chat follow that event.
//
// The code is the secret: whoever types it in a chat on any platform links
// that chat and becomes an organiser there, since an organiser's identity
// on one platform says nothing about another. It is shown only to an
// organiser, privately; it is random (not derived from the event's seed,
// which results may be checked with), and it is "EVENT-NNNNNN", six
// random digits, so it cannot be guessed from the event alone.
func link(c *Context) (Reply, error) {
	if code := c.Args["code"]; code != "" {
		return linkChat(c, code)
	}
	oc, err := c.svc.context(c, c.Req, c.Lang, &Command{Who: Organiser})
	if err != nil {
		return Reply{}, err
	}
	if !oc.Is(storage.Organiser) {
		return Reply{}, problem("只有组织者可以取得关联代码。要让这个聊天关注另一场比赛，输入 /link 代码。", "Only organisers can get the link code. To make this chat follow another event, type /link CODE.")
	}
	code := oc.State.Info.LinkCode
	if code == "" {
		code = fmt.Sprintf("%d-%06d", oc.Event, randomSeed()%1_000_000)
		if _, err := oc.Update(func(ch *storage.Change) error {
			if ch.State.Info.LinkCode != "" { // another organiser made it meanwhile
				code = ch.State.Info.LinkCode
				return nil
			}
			return ch.Append(&action.InfoChanged{LinkCode: &code})
		}); err != nil {
			return Reply{}, err
		}
	}
	return Reply{Private: true, Text: T{
		"「%[1]s」的关联代码：%[2]s\n在另一个群或频道（任何平台）输入 /link %[2]s，那里就会关注本赛，输入的人也成为组织者。请只告诉组织者。",
		"The link code of %[1]q: %[2]s\nType /link %[2]s in another group or channel (any platform) to make it follow this event; whoever types it becomes an organiser there. Give it to organisers only.",
	}.In(c.Lang, oc.State.Event.Name, code)}, nil
}

// linkChat makes this chat follow the event whose code was typed, with
// the sender as an organiser there.
func linkChat(c *Context, code string) (Reply, error) {
	wrong := problem("关联代码不对。请向组织者要代码（组织者在比赛群里输入 /link 取得）。", "That link code is wrong. Ask an organiser for it (they get it with /link in the event's chat).")
	if c.Req.DM {
		return Reply{}, problem("请在要关注比赛的群或频道里输入 /link 代码，而不是私聊。", "Type /link CODE in the group or channel that should follow the event, not in a private chat.")
	}
	head, _, ok := strings.Cut(code, "-")
	n, err := strconv.ParseInt(head, 10, 64)
	if !ok || err != nil || n < 1 {
		return Reply{}, wrong
	}
	id := storage.EventID(n)
	st, err := c.svc.store.Load(c, id)
	if errors.Is(err, storage.ErrNotFound) {
		return Reply{}, wrong
	}
	if err != nil {
		return Reply{}, err
	}
	if st.Info.LinkCode == "" || subtle.ConstantTimeCompare([]byte(st.Info.LinkCode), []byte(code)) != 1 {
		return Reply{}, wrong
	}
	if st.Status == action.Finished {
		return Reply{}, problem("「%s」已经结束，不能再关联。", "%q has finished: it takes no more chats.", st.Event.Name)
	}
	switch cur, err := c.svc.store.EventOf(c, c.Req.Chat); {
	case err == nil && cur == id:
		return Reply{}, problem("这个聊天已经关注「%s」了。", "This chat follows %q already.", st.Event.Name)
	case err == nil:
		other, err := c.svc.store.Load(c, cur)
		if err != nil {
			return Reply{}, err
		}
		if other.Status != action.Finished {
			return Reply{}, problem("这个聊天正在关注另一场比赛「%s」，它还没有结束。结束后（/finish）再关联。", "This chat follows another event, %q, which has not finished. Link it once that one is over (/finish).", other.Event.Name)
		}
	case !errors.Is(err, storage.ErrNotFound):
		return Reply{}, err
	}
	c.Event = id
	chats, err := eventChats(c) // this chat follows it only once linked
	if err != nil {
		return Reply{}, err
	}
	actor := c.Actor()
	if _, err := c.Update(func(ch *storage.Change) error {
		ch.Bind(c.Req.Chat)
		ch.Grant(actor.Platform, actor.User, storage.Organiser)
		chats.announce(ch, T{"一个 %s 上的聊天现在也关注本赛（由 %s 关联）。", "A chat on %s now follows this event too (linked by %s)."}.In(c.Lang, c.Req.Chat.Platform, c.Req.User.Name))
		return nil
	}); err != nil {
		return Reply{}, err
	}
	return Reply{Text: T{"这个聊天现在关注比赛「%s」，你在这里是组织者。输入 /event show 查看。", "This chat now follows %q, with you as an organiser here. Type /event show to see it."}.In(c.Lang, st.Event.Name)}, nil
}

// ---- start, pair, swap, publish ----

// start closes the entries and numbers the players (R-SW-1): by rating
// when every player has one, else shuffled from the event's seed. The
// users who joined as players keep their players under the new numbers.
func start(c *Context) (Reply, error) {
	st := c.State
	if st.Status == action.Running {
		return Reply{}, problem("比赛已经开始了。下一步：/pair 编排下一轮。", "The event has started already. Next: /pair pairs the next round.")
	}
	if err := beforeStart(st); err != nil {
		return Reply{}, err
	}
	if n := len(st.Event.Players); n < 2 {
		return Reply{}, problem("至少要 2 名选手才能开赛，现在有 %d 名。用 /player add 名字 添加，或 /signup open 开放报名。", "An event needs at least 2 players to start; it has %d. Add them with /player add NAME, or open sign-up with /signup open.", n)
	}
	chats, err := eventChats(c)
	if err != nil {
		return Reply{}, err
	}
	_, err = c.Update(func(ch *storage.Change) error {
		ids, err := c.svc.store.Identities(c, c.Event)
		if err != nil {
			return err
		}
		before := slices.Clone(ch.State.Event.Players)
		by := engine.ByRating
		for _, p := range before {
			if p.Rating <= 0 {
				by = engine.Shuffled
			}
		}
		if err := ch.Append(&action.Started{Numbering: by}); err != nil {
			return err
		}
		if err := renumber(ch, ids, before); err != nil {
			return err
		}
		chats.announce(ch, startText(ch.State, by, c.Lang))
		return nil
	})
	if err != nil {
		return Reply{}, err
	}
	return chats.reply(T{"已开赛，序号已公布。下一步：/pair 编排第 1 轮。", "The event has started and the numbers are announced. Next: /pair pairs round 1."}.In(c.Lang),
		T{"下一步：/pair 编排第 1 轮。", "Next: /pair pairs round 1."}.In(c.Lang)), nil
}

// startText announces the start with the players by sequence number.
func startText(st *action.State, by engine.Numbering, lang Lang) string {
	how := T{"按等级分", "by rating"}
	if by == engine.Shuffled {
		how = T{"随机抽签", "at random"}
	}
	t := table{fit: phoneWidth, shrink: []int{1, 2}}
	t.row(T{"序号", "No"}.In(lang), T{"姓名", "Name"}.In(lang), T{"单位", "Unit"}.In(lang), T{"等级分", "Rating"}.In(lang))
	for _, p := range st.Event.Players {
		rating := ""
		if p.Rating > 0 {
			rating = strconv.Itoa(p.Rating)
		}
		t.row(strconv.Itoa(p.ID), p.Name, p.Unit, rating)
	}
	return T{"「%s」开赛！%d 名选手，序号%s排定（R-SW-1）：", "%q has started! %d players, numbered %s (R-SW-1):"}.In(lang, st.Event.Name, len(st.Event.Players), how.In(lang)) +
		"\n" + t.String()
}

// openBoards lists the boards of rd still without a result.
func openBoards(rd engine.Round) []int {
	var bs []int
	for _, g := range rd.Games {
		if !g.Result.Decided() && !g.Void {
			bs = append(bs, g.Board)
		}
	}
	return bs
}

func joinInts(ns []int, lang Lang) string {
	s := make([]string, len(ns))
	for i, n := range ns {
		s[i] = strconv.Itoa(n)
	}
	return strings.Join(s, T{"、", ", "}.In(lang))
}

// roundOpen refuses while the last round has games without a result.
func roundOpen(ev *engine.Event, lang Lang) error {
	n := len(ev.Rounds)
	if n == 0 {
		return nil
	}
	if open := openBoards(ev.Rounds[n-1]); len(open) > 0 {
		return problem("第 %[1]d 轮还有 %[2]d 台没有结果（第 %[3]s 台）。用 /result 台次 结果 录入，例如 /result %[4]d 1-0。",
			"Round %[1]d has %[2]d boards without a result (boards %[3]s). Enter them with /result BOARD RESULT, e.g. /result %[4]d 1-0.",
			n, len(open), joinInts(open, lang), open[0])
	}
	return nil
}

// pairNext pairs the next round as a preview and shows it with its record
// (R-SW-13) to the arbiter who asked.
func pairNext(c *Context) (Reply, error) {
	if err := running(c.State); err != nil {
		return Reply{}, err
	}
	ev := &c.State.Event
	if err := roundOpen(ev, c.Lang); err != nil {
		return Reply{}, err
	}
	if n := plannedRounds(ev); n > 0 && ev.NextRound() > n {
		return Reply{}, problem("全部 %d 轮已赛完。输入 /finish 结束比赛。", "All %d rounds are played. Type /finish to finish the event.", n)
	}
	var text string
	_, err := c.Update(func(ch *storage.Change) error {
		next := ch.State.Event.NextRound()
		p, err := engine.Pair(&ch.State.Event)
		if errors.Is(err, engine.ErrNoPairing) {
			// The engine says why in English only: the Chinese names the
			// usual cause, the players left having all met (R-SW-9).
			return problem("无法编排第 %[1]d 轮：剩下的选手无法两两配对而不重复对阵（R-SW-9），或可编排的选手不足。组织者可以用 /finish 结束比赛。",
				"Round %d cannot be paired: %v. Organisers can finish the event with /finish.", next, err)
		}
		if err != nil {
			return fmt.Errorf("pair round %d: %w", next, err)
		}
		if err := ch.Append(&action.PairingPreviewed{Pairing: p}); err != nil {
			return err
		}
		text = previewText(ch.State, c.Lang)
		return nil
	})
	if err != nil {
		return Reply{}, err
	}
	return Reply{Text: text, Private: true}, nil
}

// previewText is the preview with its record and what to do next.
func previewText(st *action.State, lang Lang) string {
	return pairingRecord(&st.Event, st.Preview, lang) + "\n" +
		T{"换台：/swap 台 台　公布：/publish", "Swap boards: /swap B1 B2   Publish: /publish"}.In(lang)
}

// previewReady refuses when there is no preview to change or publish.
func previewReady(st *action.State) error {
	if err := running(st); err != nil {
		return err
	}
	switch pv := st.Preview; {
	case st.PendingPreview() != nil:
		return nil
	case pv == nil:
		return problem("还没有编排预览。先输入 /pair。", "There is no pairing preview. Type /pair first.")
	case pv.Round < st.Event.NextRound():
		return problem("第 %d 轮已经公布了。输入 /pair 编排下一轮。", "Round %d is published already. Type /pair to pair the next round.", pv.Round)
	}
	return problem("预览之后比赛有了变动（结果、选手或设置），预览作废。请重新输入 /pair。", "The event changed after the preview (a result, a player or a setting): the preview is void. Type /pair again.")
}

// swap exchanges the black players of two boards of the preview: an
// arbiter's change by hand. Colours stay; a rematch is refused (R-SW-9).
func swap(c *Context) (Reply, error) {
	if err := previewReady(c.State); err != nil {
		return Reply{}, err
	}
	a, _ := strconv.Atoi(c.Args["b1"])
	b, _ := strconv.Atoi(c.Args["b2"])
	var text string
	_, err := c.Update(func(ch *storage.Change) error {
		if err := ch.Append(&action.BoardsSwapped{A: a, B: b}); err != nil {
			var r *action.Refusal
			if errors.As(err, &r) {
				return problem("%s。可以换别的台，或输入 /pair 重新编排。", "%s. Swap other boards, or type /pair to pair again.", T{r.Zh, r.En}.In(c.Lang))
			}
			return err
		}
		text = previewText(ch.State, c.Lang)
		return nil
	})
	if err != nil {
		return Reply{}, err
	}
	return Reply{Text: T{"已交换第 %d、%d 台的黑方。\n", "Swapped the black players of boards %d and %d.\n"}.In(c.Lang, a, b) + text, Private: true}, nil
}

// publish makes the preview the next round: the pairing table goes to
// every chat of the event and a private note to each player a user is
// linked to (board, colour, opponent, time control, start time). With a
// time, the round starts then (RoundScheduled): late arrival counts from
// it (R-G-4) and the scheduler reminds everybody before it.
func publish(c *Context) (Reply, error) {
	if err := previewReady(c.State); err != nil {
		return Reply{}, err
	}
	now := c.svc.now()
	var start time.Time
	var tomorrow bool
	if v := c.Args["time"]; v != "" {
		var err error
		if start, tomorrow, err = startTime(c.State, v, now); err != nil {
			return Reply{}, err
		}
	}
	chats, err := eventChats(c)
	if err != nil {
		return Reply{}, err
	}
	var round, notes int
	_, err = c.Update(func(ch *storage.Change) error {
		pv := ch.State.PendingPreview()
		if pv == nil {
			return previewReady(ch.State)
		}
		round, notes = pv.Round, 0
		if err := ch.Append(&action.RoundPublished{Pairing: *pv}); err != nil {
			return err
		}
		if !start.IsZero() {
			if err := ch.Append(&action.RoundScheduled{Round: round, Start: start}); err != nil {
				return err
			}
		}
		chats.announce(ch, pairingTable(ch.State, round, c.Lang)+roundTerms(ch.State, now, c.Lang))
		ids, err := c.svc.store.Identities(c, c.Event)
		if err != nil {
			return err
		}
		for _, id := range ids {
			lang, err := c.readerLang(id.Platform, id.User)
			if err != nil {
				return err
			}
			if note := playerNote(ch.State, round, id.Player, now, lang); note != "" {
				ch.Send(storage.Message{Chat: storage.Chat{Platform: id.Platform, ID: "dm:" + id.User}, Text: note})
				notes++
			}
		}
		return nil
	})
	if err != nil {
		return Reply{}, err
	}
	notesLine := T{"已私信通知 %d 位选手。", "Private notes went to %d players."}.In(c.Lang, notes)
	text := T{"第 %d 轮已公布：对阵表发到 %d 个聊天。", "Round %d is published: the pairings went to %d chats."}.In(c.Lang, round, chats.chats()) + notesLine
	next := []string{notesLine}
	if !start.IsZero() {
		text += "\n" + T{"开始时间：%s。", "Starts: %s."}.In(c.Lang, startClock(c.State, start, now, c.Lang))
		if tomorrow {
			note := T{"今天的 %s 已过，所以是明天。", "Today's %s has passed, so it is tomorrow."}.In(c.Lang, start.In(c.State.Info.Location()).Format("15:04"))
			text += note
			next = append(next, note)
		}
	}
	return chats.reply(text, next...), nil
}

// pastGrace is how long ago a start time given to /publish may have
// passed today and still be refused rather than taken for tomorrow: a
// round published a little late, not a day ahead.
const pastGrace = time.Hour

// startTime reads /publish's "HH:MM" (or "HH：MM") as the next such time
// in the event's zone after now: today, or tomorrow (and says so) when it
// has passed today — except a time passed within pastGrace, which is
// refused: the organiser most likely means the round starts now.
func startTime(st *action.State, v string, now time.Time) (start time.Time, tomorrow bool, err error) {
	hh, mm, ok := strings.Cut(strings.ReplaceAll(v, "：", ":"), ":")
	h, herr := strconv.Atoi(hh)
	m, merr := strconv.Atoi(mm)
	if !ok || herr != nil || merr != nil || len(mm) != 2 || h < 0 || h > 23 || m < 0 || m > 59 {
		return time.Time{}, false, problem("「%s」不是开始时间：请写 时:分，例如 /publish 19:30；不写则公布即开始。", "%q is not a start time: write HH:MM, e.g. /publish 19:30, or leave it out to start on publishing.", v)
	}
	loc := st.Info.Location()
	local := now.In(loc)
	start = time.Date(local.Year(), local.Month(), local.Day(), h, m, 0, 0, loc)
	switch {
	case start.After(now):
		return start.UTC(), false, nil
	case now.Sub(start) < pastGrace:
		hm := start.Format("15:04")
		return time.Time{}, false, problem("%[1]s 已经过了（现在 %[2]s）。要现在开始，直接输入 /publish；或写一个更晚的时间，例如 /publish %[3]s。",
			"%[1]s has passed (it is %[2]s now). To start now, type /publish alone; or give a later time, e.g. /publish %[3]s.",
			hm, local.Format("15:04"), local.Add(30*time.Minute).Truncate(15*time.Minute).Format("15:04"))
	}
	return start.AddDate(0, 0, 1).UTC(), true, nil
}

// startClock shows a round's start in the event's zone as seen at now:
// "19:30" on the same day, "明天 08:00" / "08:00 tomorrow" on the next,
// "3月2日 08:00" / "08:00 on 2 Mar" further off.
func startClock(st *action.State, start, now time.Time, lang Lang) string {
	loc := st.Info.Location()
	s, n := start.In(loc), now.In(loc)
	day := func(t time.Time) time.Time { return time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, loc) }
	hm := s.Format("15:04")
	switch day(s).Sub(day(n)) {
	case 0:
		return hm
	case 24 * time.Hour:
		return T{"明天 %s", "%s tomorrow"}.In(lang, hm)
	}
	return T{"%[1]d月%[2]d日 %[4]s", "%[4]s on %[3]s"}.In(lang, int(s.Month()), s.Day(), s.Format("2 Jan"), hm)
}

// roundTerms are the lines under a published round's pairings: its start
// time, the time control (R-G-5) and the late-arrival limit (R-G-4), as
// seen at now.
func roundTerms(st *action.State, now time.Time, lang Lang) string {
	var s string
	if p := st.Play; p.Round == len(st.Event.Rounds) && !p.Starts.IsZero() {
		s += "\n" + T{"开始时间：%s", "Starts: %s"}.In(lang, startClock(st, p.Starts, now, lang))
	}
	if tc := st.Info.TimeControl; tc != "" {
		s += "\n" + T{"用时：%s", "Time control: %s"}.In(lang, tc)
	}
	return s + lateTerm(st, now, lang)
}

// lateTerm is the line on the late-arrival limit (R-G-4) of the current
// round, "" without one: the minutes after publication, or the deadline's
// clock when the round has a start time.
func lateTerm(st *action.State, now time.Time, lang Lang) string {
	late := st.Info.LateAfter
	if late <= 0 {
		return ""
	}
	if d, ok := st.LateDeadline(); ok && !st.Play.Starts.IsZero() {
		return "\n" + T{"%s 前未签到（/here）判负（R-G-4）。", "Not checked in (/here) by %s: lost by forfeit (R-G-4)."}.In(lang, startClock(st, d, now, lang))
	}
	return "\n" + T{"迟到 %d 分钟未签到（/here）判负（R-G-4）。", "Not checked in (/here) within %d minutes: lost by forfeit (R-G-4)."}.In(lang, int(late/time.Minute))
}

// playerNote tells player their game in round — board, colour, opponent
// and their score — and the terms; or their bye. "" when they have
// neither (a withdrawn player).
func playerNote(st *action.State, round, player int, now time.Time, lang Lang) string {
	ev := &st.Event
	if round < 1 || round > len(ev.Rounds) {
		return ""
	}
	if seat := seatNote(ev, round, player, lang); seat != "" {
		return T{"第 %d 轮：%s。", "Round %d: %s."}.In(lang, round, seat) + roundTerms(st, now, lang)
	}
	for _, b := range ev.Rounds[round-1].Byes {
		if b.Player == player && b.Kind == engine.PairingBye {
			return T{"第 %d 轮你轮空，得 %s 分（R-S-3）。", "Round %d: you have the bye, worth %s pts (R-S-3)."}.In(lang, round, ev.Settings.ByeValue.String())
		}
	}
	return ""
}

// seatNote says player's game in round: "你在第 2 台执红（先走），对手 3 号
// 张三（1 分）"; "" when they have none.
func seatNote(ev *engine.Event, round, player int, lang Lang) string {
	h := ev.Histories()
	for _, g := range ev.Rounds[round-1].Games {
		colour, opp := T{"执红（先走）", "red (you move first)"}, g.Black
		switch player {
		case g.Red:
		case g.Black:
			colour, opp = T{"执黑（后走）", "black"}, g.Red
		default:
			continue
		}
		return T{"你在第 %d 台%s，对手 %d 号 %s（%s 分）", "you play on board %d with %s against %d %s (%s pts)"}.
			In(lang, g.Board, colour.In(lang), opp, playerName(ev, opp), engine.Score(h[opp]).String())
	}
	return ""
}

// ---- results, fouls, withdrawals ----

// resultCodes maps what /result takes, red's result first (R-G-1), to results.
var resultCodes = map[string]engine.Result{
	"1-0": engine.RedWin, "0-1": engine.BlackWin, "1/2": engine.Draw,
	"+-": engine.RedForfeitWin, "-+": engine.BlackForfeitWin, "--": engine.DoubleForfeit,
}

func setResult(c *Context) (Reply, error) {
	if err := running(c.State); err != nil {
		return Reply{}, err
	}
	ev := &c.State.Event
	round := currentRound(ev)
	if round == 0 {
		return Reply{}, noRounds()
	}
	if s, ok := c.Args["round"]; ok {
		n, _ := strconv.Atoi(s)
		if n < 1 || n > len(ev.Rounds) {
			return Reply{}, problem("没有第 %d 轮：已公布 %d 轮。", "There is no round %d: %d rounds are published.", n, len(ev.Rounds))
		}
		round = n
	}
	board, _ := strconv.Atoi(c.Args["board"])
	g, ok := gameOn(ev, round, board)
	switch {
	case !ok:
		return Reply{}, problem("第 %[1]d 轮没有第 %[2]d 台。输入 /pairings %[1]d 查看台次。", "Round %[1]d has no board %[2]d. See the boards with /pairings %[1]d.", round, board)
	case g.Void:
		return Reply{}, problem("第 %d 轮第 %d 台已按退赛规则作废（R-W-2），不再有结果。", "Round %d board %d was struck out by a withdrawal (R-W-2): it has no result.", round, board)
	}
	res := resultCodes[c.Args["result"]]
	if g.Result == res {
		return Reply{Text: T{"第 %d 轮第 %d 台已经是 %s，没有改动。", "Round %d board %d is %s already; nothing changed."}.In(c.Lang, round, board, resultText(res))}, nil
	}
	chats, err := eventChats(c)
	if err != nil {
		return Reply{}, err
	}
	why := T{"裁判裁定", "set by the arbiter"}
	if g.Result.Decided() {
		why = T{"裁判更正，原为 " + resultText(g.Result), "corrected by the arbiter, was " + resultText(g.Result)}
	}
	if _, err := c.Update(func(ch *storage.Change) error {
		return chats.decide(ch, round, board, res, why, c.Lang)
	}); err != nil {
		return Reply{}, err
	}
	return chats.reply(T{"已记录第 %d 轮第 %d 台：%s。", "Recorded round %d board %d: %s."}.In(c.Lang, round, board, resultText(res))), nil
}

// gameOn is the game on board of round.
func gameOn(ev *engine.Event, round, board int) (engine.Game, bool) {
	if round < 1 || round > len(ev.Rounds) {
		return engine.Game{}, false
	}
	for _, g := range ev.Rounds[round-1].Games {
		if g.Board == board {
			return g, true
		}
	}
	return engine.Game{}, false
}

// decide sets a result (R-G-1) and announces it in chats, why being who
// decided: the scheduler's decisions, which no chat asked for.
func decide(ch *storage.Change, chats []storage.Chat, round, board int, res engine.Result, why T, lang Lang) error {
	return (&voice{others: chats}).decide(ch, round, board, res, why, lang)
}

// decide sets a result (R-G-1) and announces it, why being who decided;
// the result that completes the current round also announces the
// standings and what comes next.
func (v *voice) decide(ch *storage.Change, round, board int, res engine.Result, why T, lang Lang) error {
	ev := &ch.State.Event
	wasOpen := round == len(ev.Rounds) && len(openBoards(ev.Rounds[round-1])) > 0
	if err := ch.Append(&action.ResultSet{Round: round, Board: board, Result: res}); err != nil {
		return err
	}
	g, _ := gameOn(ev, round, board)
	v.announce(ch, T{"第 %d 轮第 %d 台：%s %s %s（%s）", "Round %d board %d: %s %s %s (%s)"}.
		In(lang, round, board, playerName(ev, g.Red), resultText(res), playerName(ev, g.Black), why.In(lang)))
	if wasOpen && len(openBoards(ev.Rounds[round-1])) == 0 {
		next := T{"组织者输入 /pair 编排第 %d 轮。", "Organisers: /pair pairs round %d."}.In(lang, round+1)
		if n := plannedRounds(ev); n > 0 && round >= n {
			next = T{"全部轮次已赛完，组织者输入 /finish 结束比赛。", "Every round is played: organisers finish the event with /finish."}.In(lang)
		}
		v.announce(ch, T{"第 %d 轮全部结束。", "Round %d is complete."}.In(lang, round)+"\n"+standingsTable(ch.State, lang, 0)+"\n"+next)
	}
	return nil
}

// findPlayer finds a player by number or name.
func findPlayer(st *action.State, arg string) (engine.Player, error) {
	if _, err := strconv.Atoi(arg); err == nil {
		return numbered(st, arg)
	}
	for _, p := range st.Event.Players {
		if strings.EqualFold(p.Name, arg) {
			return p, nil
		}
	}
	return engine.Player{}, problem("没有叫「%s」的选手。请用序号或全名，输入 /standings 查看。", "There is no player called %q. Use their number or full name; see them with /standings.", arg)
}

// foul records a foul by a player in their game of the current round
// (R-G-3); the foul that reaches the event's limit loses the game, when
// its result is not in yet.
// penalty records a warning or penalty (§18.4): the player ranks last
// among those of equal score (R-T-7).
func penalty(c *Context) (Reply, error) {
	if err := running(c.State); err != nil {
		return Reply{}, err
	}
	p, err := findPlayer(c.State, c.Args["player"])
	if err != nil {
		return Reply{}, err
	}
	chats, err := eventChats(c)
	if err != nil {
		return Reply{}, err
	}
	count := 0
	if _, err := c.Update(func(ch *storage.Change) error {
		if err := ch.Append(&action.PenaltyRecorded{Player: p.ID}); err != nil {
			return err
		}
		count = ch.State.Event.Players[p.ID-1].Penalties
		chats.announce(ch, T{"%s 受到处罚（第 %d 次）：同分时名列最后（R-T-7）。", "%s is penalised (%d so far): they rank last among equal scores (R-T-7)."}.In(c.Lang, p.Name, count))
		return nil
	}); err != nil {
		return Reply{}, err
	}
	return chats.reply(T{"已记录对 %s 的处罚（共 %d 次）。撤销：/undo 编号（/log 查看）。", "Recorded a penalty against %s (%d in all). Undo it with /undo N (see /log)."}.In(c.Lang, p.Name, count)), nil
}

func foul(c *Context) (Reply, error) {
	if err := running(c.State); err != nil {
		return Reply{}, err
	}
	p, err := findPlayer(c.State, c.Args["player"])
	if err != nil {
		return Reply{}, err
	}
	ev := &c.State.Event
	round := currentRound(ev)
	if round == 0 {
		return Reply{}, noRounds()
	}
	if _, _, ok := gameOf(ev, round, p.ID); !ok {
		return Reply{}, problem("%s 在第 %d 轮没有对局；犯规记在对局里（R-G-3）。", "%s has no game in round %d; a foul belongs to a game (R-G-3).", p.Name, round)
	}
	chats, err := eventChats(c)
	if err != nil {
		return Reply{}, err
	}
	var count, limit int
	_, err = c.Update(func(ch *storage.Change) error {
		if err := ch.Append(&action.FoulRecorded{Round: round, Player: p.ID}); err != nil {
			return err
		}
		g, red, _ := gameOf(&ch.State.Event, round, p.ID)
		count, limit = g.BlackFouls, ch.State.Info.FoulLimit()
		loss := engine.RedWin
		if red {
			count, loss = g.RedFouls, engine.BlackWin
		}
		chats.announce(ch, T{"第 %d 轮第 %d 台：%s 犯规（本局第 %d 次，%d 次判负，R-G-3）。", "Round %d board %d: foul by %s (%d in this game; %d lose it, R-G-3)."}.
			In(c.Lang, round, g.Board, p.Name, count, limit))
		if count >= limit && !g.Result.Decided() && !g.Void {
			return chats.decide(ch, round, g.Board, loss, T{p.Name + " 犯规判负", p.Name + " lost by fouls"}, c.Lang)
		}
		return nil
	})
	if err != nil {
		return Reply{}, err
	}
	reply := T{"已记录 %s 的犯规（本局第 %d 次）。", "Recorded a foul by %s (%d in this game)."}.In(c.Lang, p.Name, count)
	if count >= limit {
		reply += T{"已达 %d 次。", " That is %d."}.In(c.Lang, limit)
	}
	return chats.reply(reply), nil
}

// gameOf is player's game in round, and whether they play red.
func gameOf(ev *engine.Event, round, player int) (engine.Game, bool, bool) {
	if round < 1 || round > len(ev.Rounds) {
		return engine.Game{}, false, false
	}
	for _, g := range ev.Rounds[round-1].Games {
		if g.Red == player || g.Black == player {
			return g, g.Red == player, true
		}
	}
	return engine.Game{}, false, false
}

// withdraw takes a player out after the last round they finished: a game
// of theirs still without a result in the current round goes to the
// opponent by forfeit (R-W-2, R-W-3). Before the start a player is removed
// instead (R-W-1).
func withdraw(c *Context) (Reply, error) {
	st := c.State
	if st.Status == action.Setup || st.Status == action.Signup {
		return Reply{}, problem("比赛还没开始：用 /player remove 序号 删除选手（R-W-1）。", "The event has not started: remove the player with /player remove NUMBER (R-W-1).")
	}
	if err := running(st); err != nil {
		return Reply{}, err
	}
	p, err := findPlayer(st, c.Args["player"])
	if err != nil {
		return Reply{}, err
	}
	if p.WithdrawnAfter != 0 {
		return Reply{}, problem("%s 已经退赛了。", "%s has withdrawn already.", p.Name)
	}
	ev := &st.Event
	after := len(ev.Rounds)
	if g, _, ok := gameOf(ev, after, p.ID); ok && !g.Result.Decided() && !g.Void {
		after-- // they leave before playing it: the opponent wins by forfeit
	}
	chats, err := eventChats(c)
	if err != nil {
		return Reply{}, err
	}
	rule := T{"已赛成绩保留，之后各轮记负，不再编排（R-W-3）", "results so far stand; every later round counts as a forfeit loss and they are not paired again (R-W-3)"}
	switch {
	case len(ev.Rounds) == 0:
		rule = T{"第 1 轮之前退赛，不参加编排（R-W-1）", "before round 1: they are not paired (R-W-1)"}
	case roundRobin(ev.Settings.System):
		rule = T{"循环赛：未赛满一半则成绩全部取消，否则余下对局判对手胜（R-W-2）", "round robin: with fewer than half their games played all their results are struck out, else their remaining games go to the opponents (R-W-2)"}
	}
	when := T{"第 %d 轮后", "after round %d"}.In(c.Lang, after)
	if after == 0 {
		when = T{"未下第 1 轮", "before playing round 1"}.In(c.Lang)
	}
	if _, err := c.Update(func(ch *storage.Change) error {
		if err := ch.Append(&action.Withdrawn{Player: p.ID, After: after}); err != nil {
			return err
		}
		chats.announce(ch, T{"%s 退赛（%s）：%s。", "%s withdrew (%s): %s."}.In(c.Lang, p.Name, when, rule.In(c.Lang)))
		return nil
	}); err != nil {
		return Reply{}, err
	}
	return chats.reply(T{"已记录 %s 退赛（%s）。", "Recorded that %s withdrew (%s)."}.In(c.Lang, p.Name, when)), nil
}

// ---- undo, log, finish ----

// undo cancels an earlier action (action.Undo): the log keeps both.
func undo(c *Context) (Reply, error) {
	n, _ := strconv.ParseInt(c.Args["n"], 10, 64)
	log, err := c.svc.store.Log(c, c.Event, 0, 0)
	if err != nil {
		return Reply{}, err
	}
	if n < 1 || n > int64(len(log)) {
		return Reply{}, problem("没有第 %d 步：操作编号是 1 到 %d。输入 /log 查看。", "There is no action %d: actions are numbered 1 to %d. See them with /log.", n, len(log))
	}
	target := log[n-1]
	if _, ok := target.Action.(*action.Created); ok {
		return Reply{}, problem("不能撤销比赛的创建。", "The event's creation cannot be undone.")
	}
	if action.Cancelled(log)[n] {
		by := undoneBy(log, n)
		return Reply{}, problem("第 %[1]d 步已经被第 %[2]d 步撤销了。要恢复它，输入 /undo %[2]d。", "Action %[1]d is undone already, by action %[2]d. To bring it back, type /undo %[2]d.", n, by)
	}
	what := describe(target.Action, c.State, n > startedAt(log), c.Lang)
	chats, err := eventChats(c)
	if err != nil {
		return Reply{}, err
	}
	_, err = c.Update(func(ch *storage.Change) error {
		ids, err := c.svc.store.Identities(c, c.Event)
		if err != nil {
			return err
		}
		before := slices.Clone(ch.State.Event.Players)
		if err := ch.Append(&action.Undo{Seq: n}); err != nil {
			var r *action.Refusal
			if errors.As(err, &r) {
				return problem("不能撤销第 %d 步：之后的操作依赖它（%s）。先撤销那些操作。", "Action %d cannot be undone: later actions depend on it (%s). Undo those first.", n, T{r.Zh, r.En}.In(c.Lang))
			}
			return err
		}
		if err := renumber(ch, ids, before); err != nil {
			return err
		}
		chats.announce(ch, T{"第 %d 步（%s）已被 %s 撤销。", "Action %d (%s) was undone by %s."}.In(c.Lang, n, what, c.Req.User.Name))
		return nil
	})
	if err != nil {
		return Reply{}, err
	}
	return chats.reply(T{"已撤销第 %d 步：%s。", "Undid action %d: %s."}.In(c.Lang, n, what)), nil
}

// undoneBy is the undo that cancels record n: the latest one that targets
// it and is not cancelled itself.
func undoneBy(log []action.Record, n int64) int64 {
	cancelled := action.Cancelled(log)
	for i := len(log) - 1; i >= 0; i-- {
		if u, ok := log[i].Action.(*action.Undo); ok && u.Seq == n && !cancelled[log[i].Seq] {
			return log[i].Seq
		}
	}
	return 0
}

// showLog lists the latest actions: number, time, who, what.
func showLog(c *Context) (Reply, error) {
	n := 10
	if s, ok := c.Args["n"]; ok {
		n, _ = strconv.Atoi(s)
		if n < 1 {
			return Reply{}, problem("条数应是正数，例如 /log 20。", "The count must be positive, e.g. /log 20.")
		}
	}
	n = min(n, 50)
	log, err := c.svc.store.Log(c, c.Event, 0, 0)
	if err != nil {
		return Reply{}, err
	}
	cancelled := action.Cancelled(log)
	started := startedAt(log)
	loc := c.State.Info.Location()
	shown := log[max(0, len(log)-n):]
	names, err := c.actorNames(shown)
	if err != nil {
		return Reply{}, err
	}
	lines := []string{T{"操作记录（最近 %d 条，共 %d 条，时间为 %s）：", "Action log (latest %d of %d, times in %s):"}.In(c.Lang, len(shown), len(log), loc.String())}
	for _, r := range shown {
		line := fmt.Sprintf("%d %s %s %s", r.Seq, r.At.In(loc).Format("01-02 15:04"), actorName(r.Actor, names, c.Req.Chat.Platform, c.Lang),
			describe(r.Action, c.State, r.Seq > started, c.Lang))
		if cancelled[r.Seq] {
			line += T{"（已撤销）", " (undone)"}.In(c.Lang)
		}
		lines = append(lines, line)
	}
	lines = append(lines, T{"撤销一步：/undo 编号", "Undo one: /undo NUMBER"}.In(c.Lang))
	return Reply{Text: strings.Join(lines, "\n")}, nil
}

// startedAt is the seq of the start that stands, or past the log's end
// before the start: player numbers in the actions after it name the
// players as they are numbered now (R-SW-1 renumbers them).
func startedAt(log []action.Record) int64 {
	cancelled := action.Cancelled(log)
	for i := len(log) - 1; i >= 0; i-- {
		if _, ok := log[i].Action.(*action.Started); ok && !cancelled[log[i].Seq] {
			return log[i].Seq
		}
	}
	return int64(len(log)) + 1
}

// actorName is who made a change, by the name names gives them (see
// actorNames), with their platform when it is not the chat's own.
func actorName(a action.Actor, names map[action.Actor]string, platform string, lang Lang) string {
	if a.Platform == "qisai" {
		return T{"系统", "qisai"}.In(lang) // the scheduler
	}
	name := names[a]
	if name == "" {
		name = a.User
	}
	if a.Platform != platform {
		name += "@" + a.Platform
	}
	return name
}

// describe says in one line what an action did. named: player numbers in
// it name the players as they are numbered now (the action came after the
// start); else they are shown as numbers only.
func describe(a action.Action, st *action.State, named bool, lang Lang) string {
	who := func(id int) string {
		if named {
			return T{"%d号%s", "#%d %s"}.In(lang, id, playerName(&st.Event, id))
		}
		return T{"%d号", "#%d"}.In(lang, id)
	}
	switch a := a.(type) {
	case *action.Created:
		return T{"创建比赛「%s」", "created the event %q"}.In(lang, a.Name)
	case *action.SettingsChanged:
		s := a.Settings
		return T{"修改设置（%s，%d 轮，%s）", "changed the settings (%s, %d rounds, %s)"}.In(lang, s.System, s.Rounds, s.Scoring)
	case *action.SignupOpened:
		return T{"开放报名", "opened sign-up"}.In(lang)
	case *action.SignupClosed:
		return T{"关闭报名", "closed sign-up"}.In(lang)
	case *action.PlayerAdded:
		return T{"添加选手 %s", "added player %s"}.In(lang, a.Name)
	case *action.PlayerEdited:
		return T{"修改选手 %s：%s", "edited player %s: %s"}.In(lang, who(a.Player), a.Name)
	case *action.PlayerRemoved:
		return T{"删除选手 %s", "removed player %s"}.In(lang, who(a.Player))
	case *action.Started:
		return T{"开赛，排定序号", "started, numbered the players"}.In(lang)
	case *action.PairingPreviewed:
		return T{"预览第 %d 轮编排", "previewed round %d's pairing"}.In(lang, a.Pairing.Round)
	case *action.BoardsSwapped:
		return T{"交换第 %d、%d 台的黑方", "swapped black on boards %d and %d"}.In(lang, a.A, a.B)
	case *action.RoundPublished:
		return T{"公布第 %d 轮（%d 台）", "published round %d (%d boards)"}.In(lang, a.Pairing.Round, len(a.Pairing.Boards))
	case *action.RoundScheduled:
		return T{"第 %d 轮定于 %s 开始", "round %d set to start at %s"}.In(lang, a.Round, a.Start.In(st.Info.Location()).Format("01-02 15:04"))
	case *action.RoundReminded:
		return T{"提醒第 %d 轮即将开始", "reminded everybody of round %d's start"}.In(lang, a.Round)
	case *action.ResultSet:
		return T{"第 %d 轮第 %d 台结果 %s", "round %d board %d result %s"}.In(lang, a.Round, a.Board, resultText(a.Result))
	case *action.FoulRecorded:
		return T{"第 %d 轮 %s 犯规", "round %d foul by %s"}.In(lang, a.Round, who(a.Player))
	case *action.PenaltyRecorded:
		return T{"处罚 %s", "penalised %s"}.In(lang, who(a.Player))
	case *action.Withdrawn:
		return T{"%s 第 %d 轮后退赛", "%s withdrew after round %d"}.In(lang, who(a.Player), a.After)
	case *action.EventFinished:
		return T{"结束比赛", "finished the event"}.In(lang)
	case *action.Undo:
		return T{"撤销第 %d 步", "undid action %d"}.In(lang, a.Seq)
	case *action.InfoChanged:
		return infoChange(a, lang)
	case *action.ResultReported:
		return T{"%s 报告第 %d 台 %s", "%s reported board %d %s"}.In(lang, who(a.Player), a.Board, resultText(a.Result))
	case *action.ReportDisputed:
		return T{"%s 对第 %d 台结果有异议", "%s disputed board %d"}.In(lang, who(a.Player), a.Board)
	case *action.DrawOffered:
		return T{"%s 在第 %d 台提和", "%s offered a draw on board %d"}.In(lang, who(a.Player), a.Board)
	case *action.DrawDeclined:
		return T{"%s 拒绝第 %d 台的提和", "%s declined the draw on board %d"}.In(lang, who(a.Player), a.Board)
	case *action.CheckedIn:
		return T{"%s 在第 %d 台签到", "%s checked in at board %d"}.In(lang, who(a.Player), a.Board)
	}
	if k := a.Kind(); strings.HasPrefix(k, "guess-") || k == "colour-chosen" {
		return T{"猜先（%s）", "猜先 (%s)"}.In(lang, k) // never the hidden colour (R-C-4)
	}
	return a.Kind()
}

// infoChange lists what an InfoChanged set; never the link code itself.
func infoChange(a *action.InfoChanged, lang Lang) string {
	var parts []string
	add := func(t T, args ...any) { parts = append(parts, t.In(lang, args...)) }
	if a.TimeControl != nil {
		add(T{"用时 %s", "time control %s"}, orUnset(*a.TimeControl, lang))
	}
	if a.LateAfter != nil {
		add(T{"迟到时限 %s", "late limit %s"}, showMinutes(*a.LateAfter, lang))
	}
	if a.RemindBefore != nil {
		add(T{"提醒 %s", "reminder %s"}, showRemind(*a.RemindBefore, lang))
	}
	if a.ConfirmWithin != nil {
		add(T{"确认时限 %s", "confirmation window %s"}, showMinutes(*a.ConfirmWithin, lang))
	}
	if a.FreeDrawOffers != nil {
		add(T{"自由提和 %s", "free draw offers %s"}, showOnOff(*a.FreeDrawOffers, lang))
	}
	if a.OfferFoul != nil {
		add(T{"重复提和犯规 %s", "repeated offer a foul %s"}, showOnOff(*a.OfferFoul, lang))
	}
	if a.FoulsToLose != nil {
		add(T{"%d 次犯规判负", "%d fouls lose"}, *a.FoulsToLose)
	}
	if a.Zone != nil {
		add(T{"时区 %s", "zone %s"}, *a.Zone)
	}
	if a.LinkCode != nil {
		add(T{"生成关联代码", "made a link code"})
	}
	return T{"设置：", "set: "}.In(lang) + strings.Join(parts, T{"，", ", "}.In(lang))
}

// finish ends the event. The places that may not be shared are settled by
// lots (R-T-8): 抽签 goes at the end of the tiebreaks, recorded with the
// finish so that every later table agrees, and the final top 8 are
// announced, with the places lots decided.
func finish(c *Context) (Reply, error) {
	st := c.State
	if err := running(st); err != nil {
		return Reply{}, err
	}
	if len(st.Event.Rounds) == 0 {
		return Reply{}, problem("还没有赛过任何一轮。先 /pair 编排、/publish 公布第 1 轮。", "No round has been played. Pair round 1 with /pair and publish it with /publish first.")
	}
	if err := roundOpen(&st.Event, c.Lang); err != nil {
		return Reply{}, err
	}
	chats, err := eventChats(c)
	if err != nil {
		return Reply{}, err
	}
	_, err = c.Update(func(ch *storage.Change) error {
		before := engine.Standings(&ch.State.Event)
		if s := ch.State.Event.Settings; !slices.Contains(s.Tiebreaks, engine.Lots) {
			s.Tiebreaks = append(slices.Clone(s.Tiebreaks), engine.Lots)
			if err := ch.Append(&action.SettingsChanged{Settings: s}); err != nil {
				return err
			}
		}
		if err := ch.Append(&action.EventFinished{}); err != nil {
			return err
		}
		text := T{"「%s」结束！", "%q is over!"}.In(c.Lang, ch.State.Event.Name) + "\n" + standingsTable(ch.State, c.Lang, prizePlaces)
		if lots := lotsNote(before, engine.Standings(&ch.State.Event), &ch.State.Event, c.Lang); lots != "" {
			text += "\n" + lots
		}
		if n := plannedRounds(&ch.State.Event); n > len(ch.State.Event.Rounds) {
			text += "\n" + T{"（计划 %d 轮，实赛 %d 轮）", "(%d rounds planned, %d played)"}.In(c.Lang, n, len(ch.State.Event.Rounds))
		}
		chats.announce(ch, text)
		return nil
	})
	if err != nil {
		return Reply{}, err
	}
	return chats.reply(T{"比赛已结束，最终排名已公布。完整名次：/standings；成绩表：/crosstable。", "The event is finished and the final standings announced. Full standings: /standings; crosstable: /crosstable."}.In(c.Lang),
		T{"完整名次：/standings；成绩表：/crosstable。", "Full standings: /standings; crosstable: /crosstable."}.In(c.Lang)), nil
}

// prizePlaces are the places that may not be shared (前八名名次不并列, R-T-8).
const prizePlaces = 8

// lotsNote names the prize places that lots decided: players who shared a
// place before lots and have a prize place after.
func lotsNote(before, after []engine.Standing, ev *engine.Event, lang Lang) string {
	shared := map[int]bool{}
	for _, s := range before {
		shared[s.Player] = s.Shared
	}
	var parts []string
	for _, s := range after {
		if s.Place <= prizePlaces && shared[s.Player] {
			parts = append(parts, T{"第 %d 名 %s", "%d. %s"}.In(lang, s.Place, playerName(ev, s.Player)))
		}
	}
	if len(parts) == 0 {
		return ""
	}
	return T{"抽签排定（R-T-8）：", "Settled by lots (R-T-8): "}.In(lang) + strings.Join(parts, T{"，", ", "}.In(lang))
}
