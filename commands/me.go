package commands

import (
	"errors"
	"strings"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/internal/i18n"
	"github.com/qisai/qisai/storage"
)

// /me answers everybody who has a part in the event: a player with their
// game and what to do in it (playMe), an entrant on the wait list with
// their place (meWaiting), an organiser or an arbiter who does
// not play with where the event stands and what to type next — in the
// group, and in their private chat, where it is about the events they run.

// me is /me.
func me(c *Context) (Reply, error) {
	err := c.loadEvent(true)
	if errors.Is(err, playsNone) {
		c.who = Staff // a private chat of somebody who plays in none: the events they run
		err = c.loadEvent(false)
	}
	if err != nil {
		return Reply{}, err
	}
	if c.Player != 0 {
		return playMe(c)
	}
	w, waiting, err := c.waitingSender()
	switch {
	case err != nil:
		return Reply{}, err
	case waiting:
		return meWaiting(c, w)
	case c.Is(storage.Organiser) || c.Is(storage.Arbiter):
		return staffMe(c), nil
	}
	return Reply{}, c.notAPlayer()
}

// staffMe tells an organiser or an arbiter who does not play their part in
// the event, where it stands and what to type next.
func staffMe(c *Context) Reply {
	st, lang := c.State, c.Own // said to the sender alone
	role := i18n.T{Zh: "裁判", En: "an arbiter"}
	if c.Is(storage.Organiser) {
		role = i18n.T{Zh: "组织者", En: "an organiser"}
	}
	lines := []string{
		i18n.T{Zh: "你是「%s」的%s（%s）。", En: "You are %[2]s of %[1]q (%[3]s)."}.In(lang, st.Event.Name, role.In(lang), statusName(st.Status, lang)),
		i18n.T{Zh: "现在：", En: "Now: "}.In(lang) + staffTodo(st, c.Is(storage.Organiser), lang),
	}
	return Reply{Text: strings.Join(lines, "\n"), Private: true}
}

// staffTodo says what the event's staff do next as st stands; organiser
// says the sender may do what only organisers do.
func staffTodo(st *action.State, organiser bool, lang i18n.Lang) string {
	n := len(st.Event.Rounds)
	switch {
	case st.Status == action.Finished:
		return i18n.T{Zh: "比赛已经结束，最终名次用 /standings 查看。", En: "the event has finished; /standings shows the final standings."}.In(lang)
	case st.Status == action.CalledOff:
		return i18n.T{Zh: "比赛已经取消。", En: "the event was cancelled."}.In(lang)
	case !organiser && st.Status != action.Running:
		return i18n.T{Zh: "等组织者开赛；开赛后由你编排、公布各轮并录入结果。", En: "wait for an organiser to start it; then you pair and publish the rounds and enter results."}.In(lang)
	case st.Status == action.Setup:
		return i18n.T{Zh: "用 /signup open 开放报名，或用 /player add 名字 添加选手。", En: "open sign-up with /signup open, or add players with /player add NAME."}.In(lang)
	case st.Status == action.Signup && len(st.Event.Players) < 2:
		return i18n.T{Zh: "报名中，已有 %d 名选手；至少 2 名才能开赛。", En: "sign-up is open with %d players; it takes 2 to start."}.In(lang, len(st.Event.Players))
	case st.Status == action.Signup:
		return i18n.T{Zh: "报名中，已有 %d 名选手；准备好后输入 /start 开赛。", En: "sign-up is open with %d players; start with /start when ready."}.In(lang, len(st.Event.Players))
	case st.PendingPreview() != nil:
		return i18n.T{Zh: "第 %d 轮已编排，待公布：/publish。", En: "round %d is paired and waits to be published: /publish."}.In(lang, st.PendingPreview().Round)
	case n > 0 && len(openBoards(st.Event.Rounds[n-1])) > 0:
		open := openBoards(st.Event.Rounds[n-1])
		return i18n.T{Zh: "第 %d 轮还有 %d 台没有结果（第 %s 台），用 /result 台次 结果 录入。", En: "round %d has %d boards without a result (boards %s): enter them with /result BOARD RESULT."}.
			In(lang, n, len(open), joinInts(open, lang))
	case allPlayed(st) && organiser:
		return i18n.T{Zh: "全部对局已赛完：/finish 结束比赛。", En: "every game is played: /finish finishes the event."}.In(lang)
	case allPlayed(st):
		return i18n.T{Zh: "全部对局已赛完，等组织者结束比赛。", En: "every game is played; an organiser finishes the event."}.In(lang)
	}
	return i18n.T{Zh: "用 /pair 编排第 %d 轮。", En: "pair round %d with /pair."}.In(lang, n+1)
}

// allPlayed reports whether the event has played every round it plans:
// its rounds, or a staged event's every match.
func allPlayed(st *action.State) bool {
	if pg := st.Progress(); pg != nil {
		return pg.Over(st.Stages.Plan)
	}
	planned := st.Format().Rounds(st)
	return planned > 0 && len(st.Event.Rounds) >= planned
}
