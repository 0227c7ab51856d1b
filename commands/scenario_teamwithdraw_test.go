package commands

import (
	"slices"
	"strings"
	"testing"
)

// The team groups withdrawal scenario (R-W-2, seed 000 §20.3: "凡已赛对手不足
// 半数者，则所有已赛结果一概注销；如达到或超过半数以上，则其成绩有效，其余未赛对局
// 均作弃权，对方获胜"), played from the chat: the eight teams of the groups
// scenario in two groups of four, the top two of each on to a knockout;
// every match goes to the team entered first. 泰山 (group 1) withdraws
// after round 1, having played one match of its three — fewer than half:
// its result against 红星 is struck out and its later matches are not
// played. 长江 (group 2) withdraws after round 2, having played two of
// three — half or more: its results stand and its round 3 match goes to
// 东方 by forfeit on every board. The group tables and the qualifiers
// follow: group 1 is 红星, 长城, 黄河 (泰山 struck out, last), group 2
// 东方, 昆仑, 长江, 华山 — 长江 keeps its win over 华山.
func TestScenarioTeamGroupsWithdraw(t *testing.T) {
	s, started := teamGroups8(t)
	must(t, started, "开赛！")
	order := func(team string) int {
		return slices.IndexFunc(groupTeams, func(x struct{ captain, player, team string }) bool { return x.team == team })
	}
	left := map[string]bool{}
	first := func(a, b string) string {
		switch {
		case left[a] || left[b]:
			return "" // settled by the withdrawal
		case order(a) < order(b):
			return "WWWW"
		}
		return "LLLL"
	}
	for round := 1; round <= 3; round++ {
		s.playGroupRound(round, first)
		switch round {
		case 1:
			must(t, s.say("org", "/team withdraw 泰山"), "「泰山」在第 1 轮后退赛：已赛场次不足半数，所有已赛结果一概注销")
			left["泰山"] = true
		case 2:
			must(t, s.say("org", "/team withdraw 长江"), "「长江」在第 2 轮后退赛：已赛达到半数，成绩有效；余下各场由对方弃权胜")
			left["长江"] = true
		}
	}
	// 泰山's match with 红星 struck out (×), and its later ones; 长江's
	// wins and losses kept, its round 3 match 东方's on every board.
	must(t, s.say("hu", "/crosstable"), " 4 泰山 1×     3×     2×        0", " 1 东方 4+ 8:0 2+ 8:0 3+ 8:0    6", " 3 长江 2- 0:8 4+ 8:0 1- 0:8    2")
	must(t, s.say("hu", "/standings"), "仍在比赛（4 队）：红星、昆仑、东方、长城")
	must(t, s.say("hu", "/bracket"), "1  红星    4   16", "2  长城    2    8", "1 东方    6   24", "3 长江    2    8", "4 华山    0    0", "M1 红星 对 昆仑", "M2 东方 对 长城")
	must(t, s.say("org", "/export csv"), "团体成绩表_第_1_阶段_第_1_组.csv", "团体成绩表_第_1_阶段_第_2_组.csv", "团体全部场次.csv")
	s.golden("teams_groups_withdraw.txt")
	exportedGroupPlaces(t, s)
}

// exportedGroupPlaces checks /export csv's team crosstables after the
// groups: each group's own, its teams numbered 1–4 and placed within the
// group as its table says (R-F-3), and every match in one table without a
// 名次 column, which would rank the two groups' teams together.
func exportedGroupPlaces(t *testing.T, s *script) {
	t.Helper()
	files, err := formatOf(s.state()).files(s.state(), "zh")
	if err != nil {
		t.Fatal(err)
	}
	places := map[string][]string{}
	for _, f := range files {
		title := f.what.In("zh")
		switch {
		case strings.HasPrefix(title, "团体成绩表 第 1 阶段"):
			last := len(f.table.Columns) - 1
			if f.table.Columns[last].Title != "名次" {
				t.Fatalf("%s: last column %q, want 名次", title, f.table.Columns[last].Title)
			}
			for _, r := range f.table.Rows {
				places[title] = append(places[title], r[1].Text+" "+r[last].Text)
			}
		case title == "团体全部场次":
			for _, c := range f.table.Columns {
				if c.Title == "名次" {
					t.Errorf("every match's table has a 名次 column over all groups")
				}
			}
			if len(f.table.Rows) != 8 {
				t.Errorf("every match's table has %d teams, want 8", len(f.table.Rows))
			}
		case strings.HasPrefix(title, "团体成绩表"):
			t.Errorf("a crosstable %q of all the groups' teams together", title)
		}
	}
	want := map[string][]string{
		"团体成绩表 第 1 阶段 第 1 组": {"红星 1", "长城 2", "黄河 3=", "泰山 3="},
		"团体成绩表 第 1 阶段 第 2 组": {"东方 1", "昆仑 2", "长江 3", "华山 4"},
	}
	for title, w := range want {
		if !slices.Equal(places[title], w) {
			t.Errorf("%s: places %v, want %v", title, places[title], w)
		}
	}
}
