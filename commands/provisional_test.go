package commands

import (
	"fmt"
	"strings"
	"testing"

	"github.com/qisai/qisai/internal/i18n"
)

// provisionalRows is the provisional ranking's rows as "place name status".
func provisionalRows(t *testing.T, h *harness) []string {
	t.Helper()
	tb, ok := provisionalSheet(h.state(), i18n.Zh)
	if !ok {
		t.Fatal("no provisional ranking")
	}
	var rows []string
	for _, r := range tb.Rows {
		rows = append(rows, r[0].Text+" "+r[1].Text+" "+r[2].Text)
	}
	return rows
}

// R-F-4, R-T-7: mid-event, the picture's and the CSV's ranking is the
// event as it stands — still in, then out where, a double forfeit's pair
// last — marked provisional; the final ranking once every match is played.
func TestProvisionalRanking_R_F_4(t *testing.T) {
	h := koEvent(t, 8)
	must(t, h.say("org", "/pair"), "预览")
	must(t, h.say("org", "/publish"), "对阵")
	rd := h.state().Event.Rounds[0]
	for _, g := range rd.Games {
		code := "1-0"
		if g.Red == 1 || g.Black == 1 {
			code = "--" // 1 v 8: both forfeit
		} else if g.Black < g.Red {
			code = "0-1"
		}
		recorded(t, h.say("org", fmt.Sprintf("/result %d %s", g.Board, code)))
	}
	got := strings.Join(provisionalRows(t, h), "\n")
	want := strings.Join([]string{
		"1= P2 仍在比赛", "1= P3 仍在比赛", "1= P4 仍在比赛",
		"4= P5 第 1 轮淘汰", "4= P6 第 1 轮淘汰", "4= P7 第 1 轮淘汰",
		"7= P1 双方弃权", "7= P8 双方弃权",
	}, "\n")
	if got != want {
		t.Errorf("provisional ranking:\n%s\nwant:\n%s", got, want)
	}
	text := h.say("org", "/standings")
	must(t, text, "仍在比赛（3 人）：P2、P3、P4")
	must(t, h.say("org", "/export csv"), "暂定名次表（比赛进行中）")
	koRound(t, h)
	koRound(t, h)
	must(t, h.say("org", "/export csv"), "的排名表和成绩表", "排名.csv")
}

// R-F-3: groups under way rank by the place in each group, the groups'
// winners sharing the first place, their runners-up the next.
func TestProvisionalGroups_R_F_3(t *testing.T) {
	h := koEvent(t, 8, "stages 分组 2 前2 > 淘汰")
	koRound(t, h)
	got := strings.Join(provisionalRows(t, h)[:4], "\n")
	if want := "1= P1 第 1 组\n1= P2 第 2 组\n3= P4 第 1 组\n3= P3 第 2 组"; got != want {
		t.Errorf("provisional ranking:\n%s\nwant:\n%s", got, want)
	}
}
