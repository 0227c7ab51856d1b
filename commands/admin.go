package commands

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/chat"
	"github.com/qisai/qisai/engine"
	"github.com/qisai/qisai/internal/i18n"
	"github.com/qisai/qisai/sheet"
	"github.com/qisai/qisai/storage"
)

// The event's administration: its log as the staff read it and undo it
// (/log names who did what, /undo cancels an action with a compensating
// one), its staff and chats (arbiters, and the link code that makes
// another chat on any platform follow the event), and the finish, with
// the prize places no two players share settled by lots (R-T-8).

// undo cancels an earlier action (action.Undo): the log keeps both.
// Alone, it asks first which step that is (askUndo).
func undo(c *Context) (Reply, error) {
	if c.Args["keep"] != "" {
		return keepStep(c), nil
	}
	log, err := c.reads().Log(0, 0)
	if err != nil {
		return Reply{}, err
	}
	if c.Args["n"] == "" {
		return askUndo(c, log)
	}
	n, _ := strconv.ParseInt(c.Args["n"], 10, 64)
	if n < 1 || n > int64(len(log)) {
		return Reply{}, problem("没有第 %d 步：操作编号是 1 到 %d。输入 /log 查看。", "There is no action %d: actions are numbered 1 to %d. See them with /log.", n, len(log))
	}
	target := log[n-1]
	switch target.Action.(type) {
	case *action.Created:
		return Reply{}, problem("不能撤销比赛的创建。", "The event's creation cannot be undone.")
	case *action.EventCancelled:
		// Its chats have let it go (no longer current, its name taken
		// again perhaps): it stays cancelled.
		return Reply{}, problem("第 %d 步取消了比赛，不能撤销。要再办，输入 /event new 名称 创建新的比赛。", "Action %d cancelled the event and cannot be undone. To run it after all, create a new one with /event new NAME.", n)
	case *action.WebLinkReplaced:
		// The old link is revoked for good: an undo would not bring it
		// back, only hide from the log that it went.
		return Reply{}, problem("第 %d 步更换了网页链接，不能撤销：旧链接已经永久失效。要再换一个，输入 /web new。", "Action %d replaced the web page's link and cannot be undone: the old link is revoked for good. To replace it again, type /web new.", n)
	}
	if action.Cancelled(log)[n] {
		by := undoneBy(log, n)
		return Reply{}, problem("第 %[1]d 步已经被第 %[2]d 步撤销了。要恢复它，输入 /undo %[2]d。", "Action %[1]d is undone already, by action %[2]d. To bring it back, type /undo %[2]d.", n, by)
	}
	what := func(lang i18n.Lang) string { return describe(target.Action, c.State, n > startedAt(log), lang) }
	chats, err := eventChats(c)
	if err != nil {
		return Reply{}, err
	}
	var after *action.State
	_, err = c.Update(func(ch *storage.Change) error {
		if err := c.appendUndo(ch, &action.Undo{Seq: n}); err != nil {
			var r *action.Refusal
			if errors.As(err, &r) {
				return problem("不能撤销第 %d 步：之后的操作依赖它（%s）。先撤销那些操作。", "Action %d cannot be undone: later actions depend on it (%s). Undo those first.", n, strings.TrimSuffix(strings.TrimSuffix(refusalReason(r, c.Lang), "。"), "."))
			}
			return err
		}
		after = ch.State
		chats.announce(ch, i18n.T{Zh: "第 %d 步（%s）已被 %s 撤销。", En: "Action %d (%s) was undone by %s."}.In(chats.lang, n, what(chats.lang), c.Req.User.Name))
		// A result undone: the round's message shows the board open again.
		return chats.refreshRound(ch, len(ch.State.Event.Rounds))
	})
	if err != nil {
		return Reply{}, err
	}
	now := i18n.T{Zh: "现在：", En: "Now: "}.In(c.Lang) + staffTodo(after, true, c.Lang)
	return chats.reply(i18n.T{Zh: "已撤销第 %d 步：%s。", En: "Undid action %d: %s."}.In(c.Lang, n, what(c.Lang)) + "\n" + now), nil
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
	// The log's tail is read, however long the log: what undid a record
	// shown comes after it, so it is in the tail too.
	shown, err := c.svc.store.LogTail(c, c.Event, n)
	if err != nil {
		return Reply{}, err
	}
	cancelled := action.Cancelled(shown)
	started := startedAt(shown)
	if len(shown) > 0 && started > shown[len(shown)-1].Seq && c.State.Status != action.Setup && c.State.Status != action.Signup {
		started = shown[0].Seq - 1 // the start that stands is before the tail
	}
	loc := c.State.Info.Location()
	names, err := c.actorNames(shown)
	if err != nil {
		return Reply{}, err
	}
	lines := []string{i18n.T{Zh: "操作记录（最近 %d 条，共 %d 条，时间为 %s）：", En: "Action log (latest %d of %d, times in %s):"}.In(c.Lang, len(shown), c.State.Through, loc.String())}
	for _, r := range shown {
		line := fmt.Sprintf("%d %s %s %s", r.Seq, r.At.In(loc).Format("01-02 15:04"), actorName(r.Actor, names, c.Req.Chat.Platform, c.Lang),
			describe(r.Action, c.State, r.Seq > started, c.Lang))
		if cancelled[r.Seq] {
			line += i18n.T{Zh: "（已撤销）", En: " (undone)"}.In(c.Lang)
		}
		lines = append(lines, line)
	}
	lines = append(lines, i18n.T{Zh: "撤销一步：/undo 编号", En: "Undo one: /undo NUMBER"}.In(c.Lang))
	return Reply{Text: strings.Join(lines, "\n")}, nil
}

// startedAt is the seq of the start that stands in log (the whole log, or
// its tail), or past its end when it holds none: player numbers in the
// actions after it name the players as they are numbered now (R-SW-1
// renumbers them).
func startedAt(log []action.Record) int64 {
	cancelled := action.Cancelled(log)
	for i := len(log) - 1; i >= 0; i-- {
		if _, ok := log[i].Action.(*action.Started); ok && !cancelled[log[i].Seq] {
			return log[i].Seq
		}
	}
	if len(log) == 0 {
		return 1
	}
	return log[len(log)-1].Seq + 1
}

// actorName is who made a change, by the name names gives them (see
// actorNames), with their platform when it is not the chat's own.
func actorName(a action.Actor, names map[action.Actor]string, platform string, lang i18n.Lang) string {
	if a.Platform == "qisai" {
		return i18n.T{Zh: "系统", En: "qisai"}.In(lang) // the scheduler
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
func describe(a action.Action, st *action.State, named bool, lang i18n.Lang) string {
	who := func(id int) string {
		if named {
			return i18n.T{Zh: "%d号%s", En: "#%d %s"}.In(lang, id, playerName(&st.Event, id))
		}
		return i18n.T{Zh: "%d号", En: "#%d"}.In(lang, id)
	}
	switch a := a.(type) {
	case *action.Created:
		return i18n.T{Zh: "创建比赛「%s」", En: "created the event %q"}.In(lang, a.Name)
	case *action.SettingsChanged:
		s := a.Settings
		return i18n.T{Zh: "修改设置（%s，%d 轮，%s）", En: "changed the settings (%s, %d rounds, %s)"}.In(lang, systemName(s.System, lang), s.Rounds, s.Scoring)
	case *action.SignupOpened:
		return i18n.T{Zh: "开放报名", En: "opened sign-up"}.In(lang)
	case *action.SignupClosed:
		return i18n.T{Zh: "关闭报名", En: "closed sign-up"}.In(lang)
	case *action.PlayerAdded:
		return i18n.T{Zh: "添加选手 %s", En: "added player %s"}.In(lang, a.Name)
	case *action.LateEntered:
		return i18n.T{Zh: "迟到报名选手 %s", En: "entered player %s late"}.In(lang, a.Name)
	case *action.PlayerEdited:
		return i18n.T{Zh: "修改选手 %s：%s", En: "edited player %s: %s"}.In(lang, who(a.Player), a.Name)
	case *action.PlayerRemoved:
		return i18n.T{Zh: "删除选手 %s", En: "removed player %s"}.In(lang, who(a.Player))
	case *action.Started:
		return i18n.T{Zh: "开赛，排定序号", En: "started, numbered the players"}.In(lang)
	case *action.PairingPreviewed:
		return i18n.T{Zh: "预览第 %d 轮编排", En: "previewed round %d's pairing"}.In(lang, a.Pairing.Round)
	case *action.BoardsSwapped:
		return i18n.T{Zh: "交换第 %d、%d 台的黑方", En: "swapped black on boards %d and %d"}.In(lang, a.A, a.B)
	case *action.RoundPublished:
		return i18n.T{Zh: "公布第 %d 轮（%d 台）", En: "published round %d (%d boards)"}.In(lang, a.Pairing.Round, len(a.Pairing.Boards))
	case *action.RoundScheduled:
		return i18n.T{Zh: "第 %d 轮定于 %s 开始", En: "round %d set to start at %s"}.In(lang, a.Round, a.Start.In(st.Info.Location()).Format("01-02 15:04"))
	case *action.RoundReminded:
		if a.Missed {
			return i18n.T{Zh: "第 %d 轮的开赛提醒未能按时发出", En: "missed the reminder of round %d's start"}.In(lang, a.Round)
		}
		return i18n.T{Zh: "提醒第 %d 轮即将开始", En: "reminded everybody of round %d's start"}.In(lang, a.Round)
	case *action.LateReferred:
		return i18n.T{Zh: "第 %d 轮迟到的选手交由裁判处理", En: "left round %d's late players to the arbiter"}.In(lang, a.Round)
	case *action.LateWaited:
		return i18n.T{Zh: "第 %d 轮重新开始计算迟到时限", En: "started round %d's late-arrival limit again"}.In(lang, a.Round)
	case *action.ResultSet:
		return i18n.T{Zh: "第 %d 轮第 %d 台结果 %s", En: "round %d board %d result %s"}.In(lang, a.Round, a.Board, resultText(a.Result))
	case *action.FoulRecorded:
		return i18n.T{Zh: "第 %d 轮 %s 犯规", En: "round %d foul by %s"}.In(lang, a.Round, who(a.Player))
	case *action.PenaltyRecorded:
		return i18n.T{Zh: "处罚 %s", En: "penalised %s"}.In(lang, who(a.Player))
	case *action.Withdrawn:
		return i18n.T{Zh: "%s 第 %d 轮后退赛", En: "%s withdrew after round %d"}.In(lang, who(a.Player), a.After)
	case *action.EventFinished:
		return i18n.T{Zh: "结束比赛", En: "finished the event"}.In(lang)
	case *action.EventCancelled:
		return i18n.T{Zh: "取消比赛", En: "cancelled the event"}.In(lang)
	case *action.WebLinkReplaced:
		return i18n.T{Zh: "更换网页链接（旧链接失效）", En: "replaced the web page's link (the old one stopped working)"}.In(lang)
	case *action.Undo:
		return i18n.T{Zh: "撤销第 %d 步", En: "undid action %d"}.In(lang, a.Seq)
	case *action.InfoChanged:
		return infoChange(a, lang)
	case *action.DetailsSet:
		return detailsChange(a, lang)
	case *action.ResultReported:
		return i18n.T{Zh: "%s 报告第 %d 台 %s", En: "%s reported board %d %s"}.In(lang, who(a.Player), a.Board, resultText(a.Result))
	case *action.ReportDisputed:
		return i18n.T{Zh: "%s 对第 %d 台结果有异议", En: "%s disputed board %d"}.In(lang, who(a.Player), a.Board)
	case *action.DrawOffered:
		return i18n.T{Zh: "%s 在第 %d 台提和", En: "%s offered a draw on board %d"}.In(lang, who(a.Player), a.Board)
	case *action.DrawDeclined:
		return i18n.T{Zh: "%s 拒绝第 %d 台的提和", En: "%s declined the draw on board %d"}.In(lang, who(a.Player), a.Board)
	case *action.ReportConfirmed:
		return i18n.T{Zh: "%s 确认第 %d 轮第 %d 台的报告", En: "%s confirmed the report of round %d board %d"}.In(lang, who(a.Player), a.Round, a.Board)
	case *action.DrawAccepted:
		return i18n.T{Zh: "%s 接受第 %d 轮第 %d 台的提和", En: "%s accepted the draw in round %d board %d"}.In(lang, who(a.Player), a.Round, a.Board)
	case *action.Resigned:
		return i18n.T{Zh: "%s 在第 %d 轮第 %d 台认输", En: "%s resigned in round %d board %d"}.In(lang, who(a.Player), a.Round, a.Board)
	case *action.CheckedIn:
		return i18n.T{Zh: "%s 在第 %d 台签到", En: "%s checked in at board %d"}.In(lang, who(a.Player), a.Board)
	case *action.LeaveAsked:
		if a.Granted {
			return i18n.T{Zh: "%s 第 %d 轮请假（批准）", En: "bye for %s in round %d (granted)"}.In(lang, entrantWho(st, a.Entrant, lang), a.Round)
		}
		return i18n.T{Zh: "%s 申请第 %d 轮请假", En: "%s asked to sit out round %d"}.In(lang, entrantWho(st, a.Entrant, lang), a.Round)
	case *action.LeaveGranted:
		return i18n.T{Zh: "批准 %s 第 %d 轮请假", En: "granted %s a bye for round %d"}.In(lang, entrantWho(st, a.Entrant, lang), a.Round)
	case *action.LeaveDropped:
		return i18n.T{Zh: "取消 %s 第 %d 轮请假", En: "dropped %s's bye for round %d"}.In(lang, entrantWho(st, a.Entrant, lang), a.Round)
	case *action.GamePostponed:
		return i18n.T{Zh: "第 %d 轮第 %d 台改为补赛", En: "postponed round %d board %d"}.In(lang, a.Round, a.Board)
	case *action.BoardFlipped:
		return i18n.T{Zh: "对调第 %d 台的先后手", En: "flipped board %d's colours"}.In(lang, a.Board)
	case *action.PlayersExchanged:
		return i18n.T{Zh: "对调 %s 和 %s 的位置", En: "exchanged %s and %s"}.In(lang, who(a.A), who(a.B))
	case *action.GuessCalled:
		return i18n.T{Zh: "要求第 %d 轮猜先", En: "called a colour guess for round %d"}.In(lang, a.Round)
	case *action.GuessHidden:
		// Never the hidden colour (R-C-4).
		return i18n.T{Zh: "%s 在第 %d 台藏子（猜先）", En: "%s hid a colour on board %d (colour guess)"}.In(lang, who(a.Player), a.Board)
	case *action.GuessMade:
		return i18n.T{Zh: "%[1]s 在第 %[3]d 台猜%[2]s", En: "%[1]s guessed %[2]s on board %[3]d"}.In(lang, who(a.Player), colourName(a.Colour, lang), a.Board)
	case *action.ColourChosen:
		return i18n.T{Zh: "%[1]s 在第 %[3]d 台选%[2]s", En: "%[1]s chose %[2]s on board %[3]d"}.In(lang, who(a.Player), colourName(a.Colour, lang), a.Board)
	case *action.PlanSet:
		if a.Plan == nil {
			return i18n.T{Zh: "赛制改为积分编排或循环赛", En: "made it a Swiss or round robin again"}.In(lang)
		}
		return i18n.T{Zh: "赛制：%s", En: "format: %s"}.In(lang, formatName(*a.Plan, lang))
	case *action.TeamRulesSet:
		if a.Rules == nil {
			return i18n.T{Zh: "改为个人赛", En: "made it an individual event"}.In(lang)
		}
		return i18n.T{Zh: "团体赛规则：%d 台", En: "team rules: %d boards"}.In(lang, a.Rules.Boards)
	case *action.TeamRegistered:
		return i18n.T{Zh: "登记队伍「%s」", En: "registered team %q"}.In(lang, a.Name)
	case *action.TeamJoinAsked:
		if a.Refused {
			return i18n.T{Zh: "拒绝 %s 加入第 %d 队", En: "refused %s a place in team %d"}.In(lang, entrantWho(st, a.Entrant, lang), a.Team)
		}
		return i18n.T{Zh: "%s 申请加入第 %d 队", En: "%s asked to join team %d"}.In(lang, entrantWho(st, a.Entrant, lang), a.Team)
	case *action.TeamMembersAdded:
		return i18n.T{Zh: "第 %[1]d 队加入 %[2]d 名队员", En: "added %[2]d players to team %[1]d"}.In(lang, a.Team, len(a.Entrants))
	case *action.TeamMemberRemoved:
		return i18n.T{Zh: "%s 离开第 %d 队", En: "took %s off team %d"}.In(lang, entrantWho(st, a.Entrant, lang), a.Team)
	case *action.TeamRemoved:
		return i18n.T{Zh: "删除第 %d 队", En: "deleted team %d"}.In(lang, a.Team)
	case *action.TeamEdited:
		return i18n.T{Zh: "修改第 %d 队", En: "edited team %d"}.In(lang, a.Team)
	case *action.TeamPairingPreviewed:
		return i18n.T{Zh: "预览第 %d 轮团体编排", En: "previewed round %d's team pairing"}.In(lang, a.Pairing.Round)
	case *action.TeamRoundPublished:
		return i18n.T{Zh: "公布第 %d 轮团体对阵（%d 场）", En: "published round %d's team pairing (%d matches)"}.In(lang, a.Pairing.Round, len(a.Pairing.Boards))
	case *action.LineupSent:
		return i18n.T{Zh: "第 %d 队交第 %d 轮第 %d 场出场名单", En: "team %d sent its line-up for round %d match %d"}.In(lang, a.Team, a.Round, a.Match)
	case *action.LineupsRevealed:
		return i18n.T{Zh: "公布第 %d 轮出场名单", En: "revealed round %d's line-ups"}.In(lang, a.Round)
	case *action.EntryRulesSet:
		return describeEntryRules(a, st, lang) // signup_rules.go
	case *action.WaitListed:
		return i18n.T{Zh: "%s 列入候补", En: "put %s on the wait list"}.In(lang, a.Name)
	case *action.WaitingRemoved:
		return i18n.T{Zh: "删除一名候补", En: "took an entrant off the wait list"}.In(lang)
	case *action.SignupDeadlinePassed:
		return i18n.T{Zh: "报名截止（%s）", En: "closed sign-up at its deadline (%s)"}.In(lang, a.At.In(st.Info.Location()).Format("01-02 15:04"))
	case *action.CheckInOpened:
		return i18n.T{Zh: "开始签到", En: "opened the check-in"}.In(lang)
	case *action.EventCheckedIn:
		return i18n.T{Zh: "%s 签到", En: "checked %s in"}.In(lang, entrantWho(st, a.Entrant, lang))
	case *action.NoShowsRemoved:
		if len(a.Entrants) == 1 {
			return i18n.T{Zh: "移出 1 名未签到的选手", En: "removed a player not checked in"}.In(lang)
		}
		return i18n.T{Zh: "移出 %d 名未签到的选手", En: "removed %d players not checked in"}.In(lang, len(a.Entrants))
	case *action.ScheduleSet:
		return i18n.T{Zh: "设定赛程（%d 轮）", En: "set the schedule (%d rounds)"}.In(lang, len(a.Plan))
	case *action.TeamWithdrawn:
		return i18n.T{Zh: "第 %d 队第 %d 轮后退赛", En: "team %d withdrew after round %d"}.In(lang, a.Team, a.After)
	case *action.CategoriesSet, *action.AwardsChanged, *action.PlayoffChosen, *action.PlayoffPlayed:
		return describeAwards(a, st, lang) // awards.go
	}
	return i18n.T{Zh: "其他改动", En: "another change"}.In(lang)
}

// entrantWho names the player of entrant as numbered now.
func entrantWho(st *action.State, entrant int, lang i18n.Lang) string {
	if n, ok := st.Numbered(entrant); ok {
		return i18n.T{Zh: "%d号%s", En: "#%d %s"}.In(lang, n, playerName(&st.Event, n))
	}
	return "?"
}

// infoChange lists what an InfoChanged set; never the link code itself.
func infoChange(a *action.InfoChanged, lang i18n.Lang) string {
	var parts []string
	add := func(t i18n.T, args ...any) { parts = append(parts, t.In(lang, args...)) }
	if a.TimeControl != nil {
		add(i18n.T{Zh: "用时 %s", En: "time control %s"}, orUnset(*a.TimeControl, lang))
	}
	if a.LateAfter != nil {
		add(i18n.T{Zh: "迟到时限 %s", En: "late limit %s"}, showMinutes(*a.LateAfter, lang))
	}
	if a.RemindBefore != nil {
		add(i18n.T{Zh: "提醒 %s", En: "reminder %s"}, showRemind(*a.RemindBefore, lang))
	}
	if a.ConfirmWithin != nil {
		add(i18n.T{Zh: "确认时限 %s", En: "confirmation window %s"}, showMinutes(*a.ConfirmWithin, lang))
	}
	if a.FreeDrawOffers != nil {
		add(i18n.T{Zh: "自由提和 %s", En: "free draw offers %s"}, showOnOff(*a.FreeDrawOffers, lang))
	}
	if a.OfferFoul != nil {
		add(i18n.T{Zh: "重复提和犯规 %s", En: "repeated offer a foul %s"}, showOnOff(*a.OfferFoul, lang))
	}
	if a.FoulsToLose != nil {
		add(i18n.T{Zh: "%d 次犯规判负", En: "%d fouls lose"}, *a.FoulsToLose)
	}
	if a.Zone != nil {
		add(i18n.T{Zh: "时区 %s", En: "zone %s"}, *a.Zone)
	}
	if a.LinkCode != nil {
		add(i18n.T{Zh: "生成关联代码", En: "made a link code"})
	}
	if a.Leaves != nil {
		add(i18n.T{Zh: "请假次数 %d", En: "byes a player %d"}, max(*a.Leaves, 0))
	}
	if a.LeaveWorth != nil {
		add(i18n.T{Zh: "请假分 %s", En: "a bye's worth %s"}, byeName(*a.LeaveWorth, lang))
	}
	if a.LeaveAuto != nil {
		add(i18n.T{Zh: "请假自动批准 %s", En: "byes granted by themselves %s"}, showOnOff(*a.LeaveAuto, lang))
	}
	return i18n.T{Zh: "设置：", En: "set: "}.In(lang) + strings.Join(parts, i18n.T{Zh: "，", En: ", "}.In(lang))
}

// appendUndo appends an undo, which must not take away a player a user
// is bound to (an undone entry): the user would be left bound to nobody.
func (c *Context) appendUndo(ch *storage.Change, u *action.Undo) error {
	ids, err := c.reads().Identities()
	if err != nil {
		return err
	}
	before, progress := ch.State.Event.Players, ch.State.Progress()
	if err := ch.Append(u); err != nil {
		return err
	}
	if rs := action.Reroutes(progress, ch.State.Progress()); len(rs) > 0 {
		return problem("这一步会改变已进行的 %[1]s 的对阵（R-F-4），不能撤销。请用 /result 更正，确认后这些对局重赛。", "This would change who played %[1]s (R-F-4): it is not undone. Correct the result with /result instead; confirmed, those games are played again.", reroutedText(rs, c.Lang))
	}
	for _, id := range ids {
		if _, ok := ch.State.Numbered(id.Entrant); ok {
			continue
		}
		name := id.User
		for _, p := range before {
			if p.Entrant == id.Entrant {
				name = p.Name
			}
		}
		return problem("这一步会去掉用户 %[1]s 的选手「%[2]s」，不能这样做。", "This would take away player %[2]q, who is user %[1]s: it cannot be done.", id.User, name)
	}
	return nil
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
	return formatOf(st).finish(c)
}

// finishEvent finishes the event: first what settle appends (the lots of
// R-T-8), then EventFinished; the event's chats are told it is over with
// the final ranking report gives (its text and its pictures), and how
// many of the planned rounds were played; views are the views that show
// the rest ("完整名次：/standings；…"), naming the event wherever a bare
// line would reach another: in a chat with other unfinished events, and
// in the sender's own answer outside the event's chats.
func finishEvent(c *Context, settle func(ch *storage.Change) error, report func(st *action.State, before []engine.Standing, lang i18n.Lang) (string, []sheet.Table), views []view) (Reply, error) {
	chats, err := eventChats(c)
	if err != nil {
		return Reply{}, err
	}
	changes, err := c.readRatingChanges() // club_finish.go (R-R-2)
	if err != nil {
		return Reply{}, err
	}
	_, err = c.Update(func(ch *storage.Change) error {
		before := engine.Standings(&ch.State.Event)
		if err := settle(ch); err != nil {
			return err
		}
		if err := ch.Append(&action.EventFinished{}); err != nil {
			return err
		}
		lang := chats.lang
		ranking, pictures := report(ch.State, before, lang)
		text := i18n.T{Zh: "「%s」结束！", En: "%q is over!"}.In(lang, ch.State.Event.Name) + "\n" + ranking
		if n, played := ch.State.Format().Rounds(ch.State), len(ch.State.Event.Rounds); n > played {
			text += "\n" + i18n.T{Zh: "（计划 %d 轮，实赛 %d 轮）", En: "(%d rounds planned, %d played)"}.In(lang, n, played)
		}
		ch.PassOn()     // the chats' current event: what /events says (events.go)
		others := false // the request's chat has other unfinished events
		if err := chats.announceEach(ch, func(to chat.Chat) (string, error) {
			now, err := currentNow(ch, c.Event, to, lang)
			others = others || to == c.Req.Chat && now != ""
			return text + now + changes(lang), err
		}); err != nil {
			return err
		}
		for _, t := range pictures {
			chats.illustrate(ch, t)
		}
		chats.also(ch, viewsLine(views, c.State.Event.Name, others, chats.lang))
		return nil
	})
	if err != nil {
		return Reply{}, err
	}
	return chats.reply(i18n.T{Zh: "比赛已结束，最终排名已公布。", En: "The event is finished and the final standings announced. "}.In(c.Lang) +
		viewsLine(views, c.State.Event.Name, true, c.Lang)), nil
}

// A view is a command that shows an event, as a finish names it.
type view struct {
	label i18n.T
	cmd   string
}

// The views of the finished events, for finishEvent: standings and a
// crosstable; a knockout's bracket, its groups' crosstables.
var (
	standingsView = view{i18n.T{Zh: "完整名次", En: "Full standings"}, "/standings"}
	tableView     = view{i18n.T{Zh: "成绩表", En: "crosstable"}, "/crosstable"}
	bracketView   = view{i18n.T{Zh: "对阵", En: "the bracket"}, "/bracket"}
	groupsView    = view{i18n.T{Zh: "小组成绩表", En: "the groups' crosstables"}, "/crosstable"}
)

// viewsLine lists views in lang ("完整名次：/standings；成绩表：/crosstable。"),
// each with the event's name where named says a bare line could reach
// another event.
func viewsLine(views []view, event string, named bool, lang i18n.Lang) string {
	suffix := ""
	if named {
		suffix = " " + eventWord(event)
	}
	parts := make([]string, len(views))
	for i, v := range views {
		parts[i] = i18n.T{Zh: "%s：%s", En: "%s: %s"}.In(lang, v.label.In(lang), v.cmd+suffix)
	}
	return strings.Join(parts, i18n.T{Zh: "；", En: "; "}.In(lang)) + i18n.T{Zh: "。", En: "."}.In(lang)
}

// prizePlaces are the places that may not be shared (前八名名次不并列, R-T-8).
const prizePlaces = 8

// lotsNote names the prize places that lots decided: players who shared a
// place before lots and have a prize place after.
func lotsNote(before, after []engine.Standing, ev *engine.Event, lang i18n.Lang) string {
	shared := map[int]bool{}
	for _, s := range before {
		shared[s.Player] = s.Shared
	}
	var parts []string
	for _, s := range after {
		if s.Place <= prizePlaces && shared[s.Player] {
			parts = append(parts, i18n.T{Zh: "第 %d 名 %s", En: "%d. %s"}.In(lang, s.Place, playerName(ev, s.Player)))
		}
	}
	if len(parts) == 0 {
		return ""
	}
	return i18n.T{Zh: "抽签排定（R-T-8）：", En: "Settled by lots (R-T-8): "}.In(lang) + strings.Join(parts, i18n.T{Zh: "，", En: ", "}.In(lang))
}
