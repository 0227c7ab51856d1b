package commands

import "github.com/qisai/qisai/internal/i18n"

// The organiser's and the arbiters' commands: configure the event, enter
// the players, start, pair (a preview with its record, changed by hand,
// then published), set results, record fouls and withdrawals, undo, show
// the log and finish. The organisers run the event (Organiser); arbiters
// run its rounds (Staff): pair, swap, publish, results, fouls,
// withdrawals and the log.
func organiserCommands() []*Command {
	player := Arg{Name: "player", Kind: Word, Help: i18n.T{Zh: "选手的序号或名字", En: "the player's number or name"}}
	return []*Command{
		{
			Name: "event set", Aliases: []string{"设定"}, Who: Organiser,
			Args: []Arg{
				{Name: "key", Kind: Word, Optional: true, Help: i18n.T{Zh: "设置项，例如 轮数、用时；不写则列出全部", En: "what to set, e.g. rounds or time; leave out to list them all"}},
				{Name: "value", Kind: Rest, Optional: true, Help: i18n.T{Zh: "新的值", En: "the new value"}},
			},
			Help: i18n.T{Zh: "设置比赛：赛制、轮数、计分、名次规则、用时、迟到时限、确认时限、提和规则、犯规判负等", En: "configure the event: format, rounds, scoring, tiebreaks, time control, late limit, confirmation window, draw offers, fouls and more"},
			More: i18n.T{Zh: stagesHelp.Zh + "\n" + teamsHelp.Zh + "\n" + awardsHelp.Zh, En: stagesHelp.En + "\n" + teamsHelp.En + "\n" + awardsHelp.En},
			Run:  setEvent,
		},
		{
			Name: "signup", Aliases: []string{"报名开关"}, Who: Organiser,
			Args: []Arg{{Name: "state", Kind: Choice, Choices: []string{"open", "close", "开放", "关闭"}, Help: i18n.T{Zh: "开放 或 关闭", En: "open or close"}}},
			Help: i18n.T{Zh: "开放或关闭报名", En: "open or close sign-up"},
			Run:  signup,
		},
		{
			Name: "player add", Aliases: []string{"添加选手"}, Who: Organiser,
			Args: []Arg{
				{Name: "name", Kind: Word, Help: i18n.T{Zh: "姓名；有空格时加引号", En: "the name; quote it if it has spaces"}},
				{Name: "unit", Kind: Word, Optional: true, Help: i18n.T{Zh: "单位：俱乐部、学校或队", En: "the unit: club, school or team"}},
				{Name: "rating", Kind: Int, Optional: true, Help: i18n.T{Zh: "等级分", En: "the rating"}},
			},
			Help: i18n.T{Zh: "添加选手；开赛后在积分编排赛中迟到报名，从下一轮起参赛", En: "add a player; after the start of a Swiss, a late entry from the next round"},
			More: i18n.T{Zh: "开赛后添加的选手从下一轮起参赛，已编排的轮次各记 0 分或和棋分（/event set 迟报分 0|和），不算对局，也不会和同一对手再下（R-E-1）。",
				En: "A player added after the start plays from the next round; the rounds already paired score 0 or a draw's value each (/event set late-entry 0|draw), count as no game, and never bring a rematch (R-E-1)."},
			Run: addPlayer,
		},
		{
			Name: "player edit", Aliases: []string{"修改选手"}, Who: Organiser,
			Args: []Arg{
				player,
				{Name: "name", Kind: Word, Help: i18n.T{Zh: "新的姓名", En: "the new name"}},
				{Name: "unit", Kind: Word, Optional: true, Help: i18n.T{Zh: "单位；不写则不变，写 - 清空", En: "the unit; unchanged if left out, - clears it"}},
				{Name: "rating", Kind: Int, Optional: true, Help: i18n.T{Zh: "等级分；不写则不变", En: "the rating; unchanged if left out"}},
			},
			Help: i18n.T{Zh: "修改选手的姓名、单位或等级分", En: "change a player's name, unit or rating"},
			Run:  editPlayer,
		},
		{
			Name: "player remove", Aliases: []string{"删除选手"}, Who: Organiser,
			Args: []Arg{player},
			Help: i18n.T{Zh: "删除选手（开赛前；开赛后用 /withdraw）", En: "remove a player (before the start; afterwards /withdraw)"},
			Run:  removePlayer,
		},
		{
			Name: "link", Aliases: []string{"关联"}, Who: Anyone,
			Args:      []Arg{{Name: "code", Kind: Word, Optional: true, Help: i18n.T{Zh: "另一场比赛的关联代码", En: "another event's link code"}}},
			Help:      i18n.T{Zh: "组织者：取得关联代码；在另一个聊天（任何平台）输入 /link 代码，让它也关注本赛", En: "organisers: get the link code; type /link CODE in another chat (any platform) to make it follow the event"},
			GroupOnly: true,
			Run:       link,
		},
		greetInDM(&Command{
			Name: "start", Aliases: []string{"开赛"}, Who: Organiser,
			Args: []Arg{{Name: "confirm", Kind: Choice, Choices: []string{"confirm", "确认"}, Optional: true,
				Help: i18n.T{Zh: "确认：移出没有签到的选手后开赛（R-E-5）", En: "confirm: remove the players not checked in, then start (R-E-5)"}}},
			Help: i18n.T{Zh: "开赛：截止报名，排定序号；开赛前签到的比赛移出未签到者", En: "start: close the entries and give the sequence numbers; with a check-in, remove the absent first"},
			Run:  start,
		}),
		{
			Name: "pair", Aliases: []string{"编排"}, Who: Staff,
			Args: []Arg{{Name: "pending", Kind: Choice, Choices: []string{"with-postponed", "带补赛"}, Optional: true,
				Help: i18n.T{Zh: "带补赛：补赛未下也编排下一轮（R-E-3）", En: "with-postponed: pair the next round while postponed games wait (R-E-3)"}}},
			Help: i18n.T{Zh: "编排下一轮（预览，附编排记录）", En: "pair the next round (a preview, with its record)"},
			Run:  pairNext,
		},
		{
			Name: "swap", Aliases: []string{"换台"}, Who: Staff,
			Args: []Arg{
				{Name: "b1", Kind: Int, Form: boardNumber, Help: i18n.T{Zh: "台次", En: "a board"}},
				{Name: "b2", Kind: Int, Form: boardNumber, Help: i18n.T{Zh: "另一台次", En: "another board"}},
			},
			Help: i18n.T{Zh: "交换预览中两台的黑方", En: "exchange the black players of two boards of the preview"},
			Run:  swap,
		},
		{
			Name: "exchange", Aliases: []string{"换人"}, Who: Staff,
			Args: []Arg{
				{Name: "player1", Kind: Word, Help: i18n.T{Zh: "选手的序号或名字", En: "a player's number or name"}},
				{Name: "player2", Kind: Word, Help: i18n.T{Zh: "另一选手的序号或名字", En: "another player's number or name"}},
			},
			Help: i18n.T{Zh: "预览中两名选手对调位置（各取对方的台次和先后手）", En: "exchange two players of the preview: each takes the other's board and colour"},
			Run:  exchange,
		},
		{
			Name: "flip", Aliases: []string{"对调先后"}, Who: Staff,
			Args: []Arg{{Name: "board", Kind: Int, Form: boardNumber, Help: i18n.T{Zh: "台次", En: "the board"}}},
			Help: i18n.T{Zh: "对调预览中一台的先后手", En: "give a board of the preview the other colours"},
			Run:  flip,
		},
		{
			Name: "publish", Aliases: []string{"发布"}, Who: Staff,
			Args: []Arg{{Name: "time", Kind: Word, Optional: true, Help: i18n.T{Zh: "开始时间 时:分（本赛时区），如 19:30，今天已过则为明天；不写则公布即开始", En: "the start time HH:MM in the event's zone, e.g. 19:30, tomorrow if passed today; left out, the round starts when published"}}},
			Help: i18n.T{Zh: "公布预览的这一轮，可附开始时间；已公布的轮次再输入 /publish 时:分 改开始时间", En: "publish the previewed round, with its start time if given; /publish HH:MM again moves a published round's start"},
			Run:  publish,
		},
		{
			Name: "result", Aliases: []string{"裁定"}, Who: Staff,
			Args: []Arg{
				{Name: "board", Kind: Int, Form: boardNumber, Help: i18n.T{Zh: "台次，如 5 或 第5台", En: "the board, e.g. 5 or B5"}},
				{Name: "result", Kind: Choice, Choices: []string{"1-0", "0-1", "1/2", "+-", "-+", "--", "captures", "吃子"}, Form: redFirst, Help: i18n.T{
					Zh: "红方在前：1-0（1:0、红胜）红胜，0-1（黑胜）黑胜，1/2（½、=、和）和，+- 黑方弃权，-+ 红方弃权，-- 双方弃权；吃子 5:3 按吃子数定胜负（R-F-5）",
					En: "red's first: 1-0 (1:0) red wins, 0-1 black wins, 1/2 (½, =) draw, +- black forfeits, -+ red forfeits, -- both forfeit; captures 5:3 decides by pieces captured (R-F-5)"}},
				{Name: "captures", Kind: Counts, Optional: true, Help: i18n.T{Zh: "吃子数定胜负时双方的吃子数，红方在前，如 5:3", En: "for captures: the pieces each side captured, red's first, e.g. 5:3"}},
				{Name: "round", Kind: Int, Optional: true, Form: roundNumber, Help: i18n.T{Zh: "轮次，如 3 或 第3轮；不写则为当前轮", En: "the round, e.g. 3 or R3; the current one if left out"}},
				{Name: "confirm", Kind: Choice, Choices: []string{"confirm", "确认"}, Optional: true, Help: i18n.T{Zh: "更正已编排过后续轮次的结果时写 确认", En: "confirm, to correct a round that later rounds were paired on"}},
			},
			Help: i18n.T{Zh: "裁定或更正一台的结果；更正后续轮次已编排的结果需确认", En: "set or correct a board's result; correcting a round later rounds were paired on asks to confirm"},
			Run:  setResult,
		},
		{
			Name: "foul", Aliases: []string{"犯规"}, Who: Staff,
			Args: []Arg{player},
			Help: i18n.T{Zh: "记录选手本轮对局中的一次犯规（R-G-3）", En: "record a foul by a player in this round's game (R-G-3)"},
			Run:  foul,
		},
		{
			Name: "penalty", Aliases: []string{"处罚"}, Who: Staff,
			Args: []Arg{player},
			Help: i18n.T{Zh: "记录对选手的警告或判罚：同分时名列最后（R-T-7）", En: "record a warning or penalty against a player: they rank last among equal scores (R-T-7)"},
			Run:  penalty,
		},
		{
			Name: "withdraw", Aliases: []string{"选手退赛"}, Who: Staff,
			Args: []Arg{player},
			Help: i18n.T{Zh: "让选手退赛（R-W-1..4）", En: "withdraw a player from the event (R-W-1..4)"},
			Run:  withdraw,
		},
		{
			Name: "undo", Aliases: []string{"撤销"}, Who: Organiser,
			Args: []Arg{
				{Name: "n", Kind: Int, Optional: true, Help: i18n.T{Zh: "操作编号（见 /log）；不写则先问是否撤销最后一步", En: "the action's number (see /log); left out, you are asked about the last step"}},
				{Name: "keep", Kind: Choice, Choices: undoKeep, Optional: true, Help: i18n.T{Zh: "不撤销（确认消息里的「取消」按钮）", En: "undo nothing (the question's Keep it button)"}},
			},
			Help: i18n.T{Zh: "撤销一步操作；只输入 /undo 撤销最后一步（先确认）", En: "undo an action; /undo alone undoes the last step, once you confirm"},
			Run:  undo,
		},
		{
			Name: "log", Aliases: []string{"日志"}, Who: Staff,
			Args: []Arg{{Name: "n", Kind: Int, Optional: true, Help: i18n.T{Zh: "显示最近几条，默认 10", En: "how many of the latest to show, 10 if left out"}}},
			Help: i18n.T{Zh: "显示操作记录：谁在何时做了什么", En: "show the action log: who did what, when"},
			Run:  showLog,
		},
		{
			Name: "finish", Aliases: []string{"结束比赛"}, Who: Organiser,
			Help: i18n.T{Zh: "结束比赛，公布最终排名（前八名不并列，R-T-8）", En: "finish the event and announce the final standings (no shared top-8 places, R-T-8)"},
			Run:  finish,
		},
	}
}
