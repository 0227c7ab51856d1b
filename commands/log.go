package commands

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/storage"
)

// The event's log as the staff read it and undo it: /log names who did
// what, /undo cancels an action with a compensating one.

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
		if err := c.appendUndo(ch, &action.Undo{Seq: n}); err != nil {
			var r *action.Refusal
			if errors.As(err, &r) {
				return problem("不能撤销第 %d 步：之后的操作依赖它（%s）。先撤销那些操作。", "Action %d cannot be undone: later actions depend on it (%s). Undo those first.", n, strings.TrimSuffix(strings.TrimSuffix(refusalReason(r, c.Lang), "。"), "."))
			}
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
	lines := []string{T{"操作记录（最近 %d 条，共 %d 条，时间为 %s）：", "Action log (latest %d of %d, times in %s):"}.In(c.Lang, len(shown), c.State.Through, loc.String())}
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
	case *action.ReportConfirmed:
		return T{"%s 确认第 %d 轮第 %d 台的报告", "%s confirmed the report of round %d board %d"}.In(lang, who(a.Player), a.Round, a.Board)
	case *action.DrawAccepted:
		return T{"%s 接受第 %d 轮第 %d 台的提和", "%s accepted the draw in round %d board %d"}.In(lang, who(a.Player), a.Round, a.Board)
	case *action.Resigned:
		return T{"%s 在第 %d 轮第 %d 台认输", "%s resigned in round %d board %d"}.In(lang, who(a.Player), a.Round, a.Board)
	case *action.CheckedIn:
		return T{"%s 在第 %d 台签到", "%s checked in at board %d"}.In(lang, who(a.Player), a.Board)
	}
	if k := a.Kind(); strings.HasPrefix(k, "guess-") || k == "colour-chosen" {
		return T{"猜先（%s）", "colour guess (%s)"}.In(lang, k) // never the hidden colour (R-C-4)
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
