package commands

import (
	"crypto/rand"
	"encoding/binary"
	"strings"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/engine"
	"github.com/qisai/qisai/internal/i18n"
	"github.com/qisai/qisai/storage"
)

func basicCommands() []*Command {
	return []*Command{
		{
			Name: "help", Aliases: []string{"帮助"}, Who: Anyone,
			Args: []Arg{{Name: "command", Kind: Rest, Optional: true, Help: i18n.T{Zh: "要查看的命令", En: "the command to explain"}}},
			Help: i18n.T{Zh: "列出命令，或说明一个命令", En: "list the commands, or explain one"},
			Run:  help,
		},
		{
			Name: "event new", Aliases: []string{"新比赛"}, Who: Anyone,
			Args: []Arg{
				{Name: "name", Kind: Rest, Help: i18n.T{Zh: "比赛名称，之后可写 团体赛、赛制（积分编排、循环赛、淘汰赛、双淘汰 或 分组循环）和轮数（如 轮数 7）", En: "the event's name, then optionally teams, swiss, roundrobin, knockout, double-knockout or groups, and rounds N"}},
			},
			Help:      i18n.T{Zh: "在这个聊天创建比赛，你是组织者", En: "create an event in this chat, with you as its organiser"},
			GroupOnly: true,
			Run:       newEvent,
		},
		{
			Name: "event show", Aliases: []string{"比赛设置"}, Who: Member,
			Help: i18n.T{Zh: "显示比赛的设置", En: "show the event's settings"},
			Run:  showEvent,
		},
	}
}

// newEvent creates an event bound to this chat, its creator organiser.
// The name may end with the system and the rounds:
// "/event new 春季赛 swiss rounds 7".
func newEvent(c *Context) (Reply, error) {
	if c.Req.Chat.IsPrivate() {
		return Reply{}, problem("请在俱乐部的群里创建比赛，而不是私聊。", "Create the event in the club's group chat, not in a private chat.")
	}
	spec, src, err := takeFrom(c.Args["name"], c.named) // club_entry.go: … from roster, … from #春季赛
	if err != nil {
		return Reply{}, err
	}
	spec, teams := takeTeamWord(spec) // team_settings.go
	name, settings, plan, err := eventSpec(spec)
	if err != nil {
		return Reply{}, err
	}
	here, err := c.chatEvents()
	if err == nil {
		err = here.nameFree(name)
	}
	if err != nil {
		return Reply{}, err
	}
	var (
		from     *entering
		starters []starting
		entrants map[int64]int
	)
	if src != (source{}) {
		if from, err = c.entering(); err != nil {
			return Reply{}, err
		}
		if starters, err = c.startingPlayers(from, src); err != nil {
			return Reply{}, err
		}
	}
	settings.Seed = randomSeed()
	actor := c.Actor()
	var founder bool // the creator became the club's organiser
	id, _, err := c.svc.store.Create(c, actor, c.Req.UpdateID, func(ch *storage.Change) error {
		// The event speaks its creator's language to its chats until an
		// organiser sets another (/event set lang).
		if err := ch.Append(&action.Created{Name: name, Settings: settings, Lang: string(c.Lang)}); err != nil {
			return err
		}
		if teams {
			rules := action.NewTeamRules(defaultTeamBoards)
			if err := ch.Append(&action.TeamRulesSet{Rules: &rules}); err != nil {
				return err
			}
		}
		// A team event's plan is the rules' to refuse: any stages of
		// teams but a Swiss (action/team_knockout.go).
		if plan != nil {
			if err := ch.Append(&action.PlanSet{Plan: plan}); err != nil {
				return err
			}
		}
		var err error
		if entrants, err = enterStarting(ch, c.Req.Chat.Platform, starters); err != nil {
			return err
		}
		here.follow(ch)
		ch.Grant(actor.Platform, actor.User, storage.Organiser)
		founder, err = makeHome(ch, c.Req.Chat, actor.User)
		return err
	})
	if err != nil {
		return Reply{}, err
	}
	club := clubNote(founder, c.Lang)
	c.Event = id
	c.enter(from, entrants)
	entered := startedFrom(src, len(starters), c.Lang)
	format, rounds := systemName(settings.System, c.Lang), i18n.T{Zh: "%d 轮", En: "%d rounds"}.In(c.Lang, settings.Rounds)
	switch {
	case plan != nil:
		format, rounds = formatName(*plan, c.Lang), i18n.T{Zh: "/event set 设置局制和阶段", En: "/event set sets the matches and stages"}.In(c.Lang)
	case settings.Rounds == 0:
		rounds = i18n.T{Zh: "轮数按循环表", En: "rounds by the table"}.In(c.Lang)
	}
	if teams {
		return Reply{Text: i18n.T{
			Zh: "已创建团体赛「%s」（%s，%s，每队 %d 台）。你是组织者。\n下一步：/event set boards 台数 等设置（/help event set）；队长用 /team new 队名 注册队伍。",
			En: "Created the team event %q (%s, %s, %d boards a team). You are its organiser.\nNext: /event set boards N and the other settings (/help event set); captains register teams with /team new NAME.",
		}.In(c.Lang, name, format, rounds, defaultTeamBoards) + entered + club + here.besides(name, c.Lang)}, nil
	}
	return Reply{Text: i18n.T{
		Zh: "已创建比赛「%s」（%s，%s）。你是组织者。\n下一步：/signup open 开放报名，或 /player add 名字 添加选手。",
		En: "Created the event %q (%s, %s). You are its organiser.\nNext: /signup open to let players join, or /player add NAME to add them.",
	}.In(c.Lang, name, format, rounds) + entered + club + here.besides(name, c.Lang)}, nil
}

// systemName names a pairing system for people (R-F-1, R-F-2).
func systemName(s engine.System, lang i18n.Lang) string {
	switch s {
	case engine.RoundRobin:
		return i18n.T{Zh: "单循环", En: "round robin"}.In(lang)
	case engine.DoubleRoundRobin:
		return i18n.T{Zh: "双循环", En: "double round robin"}.In(lang)
	}
	return i18n.T{Zh: "积分编排", En: "Swiss"}.In(lang)
}

// eventSpec reads "NAME [swiss|roundrobin|knockout|double-knockout|groups]
// [rounds N]"; a knockout, a double elimination or groups give the plan
// of their stage (action.NewPlan).
func eventSpec(text string) (string, engine.Settings, *action.Plan, error) {
	words := strings.Fields(text)
	set := engine.DefaultSettings(7)
	var plan *action.Plan
	for len(words) > 1 {
		n := len(words)
		if kind, ok := stageFormat(words[n-1]); ok {
			p := action.NewPlan(kind)
			plan, words = &p, words[:n-1]
			continue
		}
		if strings.EqualFold(words[n-2], "rounds") || words[n-2] == "轮数" {
			r, ok := number(words[n-1])
			if !ok || r < 1 {
				return "", set, nil, problem("轮数应是正整数，不是 %q。", "rounds must be a positive number, not %q.", words[n-1])
			}
			set.Rounds, words = r, words[:n-2]
			continue
		}
		if sys, err := engine.ParseSystem(words[n-1]); err == nil || strings.EqualFold(words[n-1], "roundrobin") {
			if err != nil {
				sys = engine.RoundRobin
			}
			set.System, words = sys, words[:n-1]
			if sys != engine.Swiss {
				set.Rounds = 0 // the table decides (R-C-2)
				set.Tiebreaks = []engine.Tiebreak{engine.SonnebornBerger, engine.Wins, engine.Direct, engine.Fouls}
			}
			continue
		}
		break
	}
	name := strings.Join(words, " ")
	if name == "" {
		return "", set, nil, problem("请给比赛起个名字：/event new 名称 [积分编排|循环赛|淘汰赛|双淘汰|分组循环] [轮数 N]", "Give the event a name: /event new NAME [swiss|roundrobin|knockout|double-knockout|groups] [rounds N]")
	}
	return name, set, plan, nil
}

// randomSeed seeds an event's random choices (R-SW-1 shuffle, lots): the
// engine is deterministic given the seed, which is recorded in the log.
func randomSeed() uint64 {
	var b [8]byte
	rand.Read(b[:])
	return binary.LittleEndian.Uint64(b[:])
}

// showEvent prints where the event stands and every setting, with how
// to change it.
func showEvent(c *Context) (Reply, error) {
	st := c.State
	head := i18n.T{Zh: "比赛：%s\n状态：%s\n选手：%d 人，已赛 %d 轮",
		En: "Event: %s\nStatus: %s\nPlayers: %d, rounds paired: %d"}.In(c.Lang,
		st.Event.Name, statusName(st.Status, c.Lang), len(st.Event.Players), len(st.Event.Rounds))
	text := head + "\n" + eventKeysText(st, c.Lang)
	if len(st.Info.Schedule) > 0 {
		text += "\n" + timetableText(st, c.svc.now(), c.Lang)
	}
	return Reply{Text: text}, nil
}

func statusName(s action.Status, lang i18n.Lang) string {
	switch s {
	case action.Signup:
		return i18n.T{Zh: "报名中", En: "sign-up open"}.In(lang)
	case action.Running:
		return i18n.T{Zh: "进行中", En: "running"}.In(lang)
	case action.Finished:
		return i18n.T{Zh: "已结束", En: "finished"}.In(lang)
	case action.CalledOff:
		return i18n.T{Zh: "已取消", En: "cancelled"}.In(lang)
	}
	return i18n.T{Zh: "准备中", En: "being set up"}.In(lang)
}

// greetInDM makes cmd (/start) say hello in a private chat. Telegram sends
// /start when a user presses Start in the bot's private chat — the step
// that lets the bot write to them — and there the organiser's "start the
// event" makes no sense: a private chat follows no event (/event new and
// /link refuse them). Elsewhere cmd runs as declared: the chat's event and
// cmd.Who are checked as Handle checks them. The result is declared Who:
// Anyone so that Handle lets a private chat reach it.
func greetInDM(cmd *Command) *Command {
	declared := *cmd
	run := func(c *Context) (Reply, error) {
		if c.Req.Chat.IsPrivate() && c.ref == nil && len(c.Args) == 0 {
			return welcome(c.Lang), nil // a platform's own /start
		}
		full, err := c.svc.context(c, c.Req, c.Lang, &declared, c.named, c.ref)
		if err != nil {
			return Reply{}, err
		}
		if err := full.allowed(&declared); err != nil {
			return Reply{}, err
		}
		full.Args, full.Own = c.Args, c.Own
		return declared.Run(full)
	}
	greeting := declared
	greeting.Who, greeting.Run = Anyone, run
	greeting.DMHelp = i18n.T{Zh: "打开与我的私聊：对阵、待确认的结果和提和会私信给你", En: "open your private chat with me: your pairings, results to confirm and draw offers arrive here"}
	return &greeting
}

// welcome greets a user who opened their private chat with the bot.
func welcome(lang i18n.Lang) Reply {
	return Reply{Text: i18n.T{
		Zh: "你好！我是棋赛（qisai），象棋比赛助手：在俱乐部的群里报名、编排、报告结果、查看排名。\n" +
			"以后你的私人消息会发到这里：每轮的对阵、需要你确认的结果、提和等。\n" +
			"在比赛的群里用 /join 名字 报名；输入 /help 查看所有命令。",
		En: "Hello! I am qisai, the xiangqi tournament assistant: sign-up, pairings, results and standings, in your club's group.\n" +
			"Your private notes will arrive here: your pairing each round, results waiting for your confirmation, draw offers.\n" +
			"Join an event in its group with /join NAME; type /help to see every command.",
	}.In(lang)}
}
