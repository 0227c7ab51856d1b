package commands

import (
	"strconv"
	"strings"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/chat"
	"github.com/qisai/qisai/internal/i18n"
)

// A team short of players at the start (R-TM-1, §21.4): each board it
// cannot fill is lost by forfeit in every match, which an organiser
// should decide knowingly. /start names the short teams and their empty
// boards and asks to confirm, with a button, privately; a team with no
// player at all cannot play one board and is refused: its players are
// entered, or the team deleted, first.

// shortTeamsAtStart refuses or asks about the event's short teams at
// /start; asked says the reply asks, and the start waits for /start 确认.
func shortTeamsAtStart(c *Context) (r Reply, asked bool, err error) {
	st := c.State
	if st.Teams == nil || st.Status != action.Setup && st.Status != action.Signup {
		return Reply{}, false, nil
	}
	var empty, short []string
	lang := c.Own // said to the organiser alone
	for _, t := range st.Teams.Teams {
		switch n := len(t.Members); {
		case n == 0:
			empty = append(empty, t.Name)
		case !st.Teams.Rules.Totalled() && n < st.Teams.Rules.Boards:
			short = append(short, i18n.T{Zh: "「%s」%d 人，缺 %d 人（第 %s 台）", En: "%q has %d, %d short (board %s)"}.In(lang, t.Name, n, st.Teams.Rules.Boards-n, boardSpan(n+1, st.Teams.Rules.Boards)))
		}
	}
	if len(empty) > 0 {
		return Reply{}, false, problem("「%[1]s」还没有队员，不能开赛：用 /team add %[1]s 名字… 录入队员，或用 /team delete %[1]s 删除这支队伍。",
			"%[1]q has no players yet and cannot play: enter them with /team add %[1]s NAME…, or delete the team with /team delete %[1]s.", empty[0])
	}
	if len(short) == 0 || c.Args["confirm"] != "" {
		return Reply{}, false, nil
	}
	text := i18n.T{Zh: "%d 支队伍人数不足台数（每队 %d 台）：%s。", En: "%d teams have fewer players than boards (%d a team): %s."}.
		In(lang, len(short), st.Teams.Rules.Boards, strings.Join(short, i18n.T{Zh: "；", En: "; "}.In(lang))) +
		"\n" + i18n.T{Zh: "开赛后缺的台每场判负（弃权，R-TM-1）。开赛前可用 /team add 队名 名字 补人；照样开赛：/start 确认。",
		En: "After the start their empty boards are lost by forfeit in every match (R-TM-1). Before it, /team add TEAM NAME fills them; to start anyway: /start confirm."}.In(lang)
	return Reply{
		Text:    text,
		Buttons: []chat.Button{{Label: i18n.T{Zh: "照样开赛", En: "Start anyway"}.In(lang), Command: ref{event: c.Event}.answering(i18n.T{Zh: "/start 确认", En: "/start confirm"}.In(lang))}},
		Private: true,
	}, true, nil
}

// boardSpan is "4" or "4–5".
func boardSpan(from, to int) string {
	if from == to {
		return strconv.Itoa(from)
	}
	return strconv.Itoa(from) + "–" + strconv.Itoa(to)
}
