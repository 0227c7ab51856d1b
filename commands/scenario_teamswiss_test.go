package commands

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/qisai/qisai/chat"
)

// TestScenarioTeamSwiss6 plays a team Swiss in English: six teams of two
// boards and a reserve, three rounds under 分台换人 (substitutes in order,
// the boards out once the captains' line-ups are in or revealed), 场分
// 2/1/0 and the R-T-5 chain, the teams numbered by lot (nobody is rated).
// In every match the team with the lower sequence number wins board 1 and
// board 2 is drawn, so it wins 3–1: team 1 wins all three matches (6 match
// points) and team 6 loses all three.
func TestScenarioTeamSwiss6(t *testing.T) {
	s := newScript(t)
	en := func(user, text string) string {
		t.Helper()
		return s.run(user, "en", text, false).Text
	}
	dm := func(user, text string) string {
		t.Helper()
		return s.run(user, "en", text, true).Text
	}
	s.heading("Setting up")
	must(t, en("org", "/event new League teams swiss rounds 3"), "Created the team event \"League\" (Swiss, 3 rounds, 4 boards a team)")
	s.pinSeed(11)
	must(t, en("org", "/event set boards 2"), "boards = 2")
	must(t, en("org", "/event set reserves 1"), "reserves = 1")
	must(t, en("org", "/event set board-order substitutes"), "board-order = substitutes")
	must(t, en("org", "/event set team-order rating"), "team-order = rating")
	en("org", "/signup open")
	for k := 1; k <= 6; k++ {
		captain := fmt.Sprint("cap", k)
		must(t, en(captain, fmt.Sprintf("/join Cap%d", k)), "Joined: Cap")
		must(t, en(captain, fmt.Sprintf("/team new Team%d", k)), "you are its captain")
		must(t, en("org", fmt.Sprintf("/team add Team%d Two%d Res%d", k, k, k)), "now has")
	}
	must(t, en("org", "/teams"), "6 teams of 2 boards (substitutes)", "reserve")
	must(t, en("org", "/start"), "has started! 6 teams, numbered at random (R-SW-1)")
	first, last := teamName(s.state(), 1), teamName(s.state(), 6)

	for round := 1; round <= 3; round++ {
		s.heading(fmt.Sprintf("Round %d", round))
		must(t, en("org", "/pair"), fmt.Sprintf("Round %d preview (teams, Swiss pairing R-SW)", round))
		must(t, en("org", "/publish"), fmt.Sprintf("Round %d is published", round))
		must(t, strings.Join(s.announced(s.group.ID), "\n"), fmt.Sprintf("Round %d pairings (teams;", round))
		st := s.state()
		for i, m := range st.Teams.Rounds[round-1].Matches {
			if i == 0 {
				// The first team fields its reserve on board 2, in order;
				// an inverted order is refused (§12.2).
				cap := fmt.Sprint("cap", st.Teams.Teams[m.First-1].Entrant)
				must(t, dm(cap, "/lineup 2 1"), "may not be inverted", "R-TM-1")
				must(t, dm(cap, "/lineup 1 3"), "Got", "once the other captain's is in")
			}
		}
		must(t, en("org", "/lineup reveal"), fmt.Sprintf("Round %d's line-ups are all revealed", round))
		must(t, strings.Join(s.announced(s.group.ID), "\n"), fmt.Sprintf("Round %d pairings (teams;", round), "Match 1 ")
		st = s.state()
		for _, g := range st.Event.Rounds[round-1].Games {
			number, b := st.Teams.Rules.MatchBoard(g.Board)
			m, _ := findMatch(st, round, number)
			code := "1/2"
			if b == 1 {
				code = "1-0" // the first team red on board 1 (R-C-2)
				if m.First > m.Second {
					code = "0-1"
				}
			}
			recorded(t, en("org", fmt.Sprintf("/result %d %s", g.Board, code)))
		}
	}
	final := strings.Join(s.announced("group"), "\n")
	must(t, final, "Round 3 is complete.", "Team standings (match-points, opponents, game-points, match-wins, game-wins, fouls, earlier-rounds)")
	s.heading("The end")
	must(t, en("org", "/finish"), "\"League\" is over!")
	final = strings.Join(s.announced("group"), "\n")
	lines := strings.Split(chat.Plain(final), "\n")
	at := slices.IndexFunc(lines, func(l string) bool { return strings.HasPrefix(l, "Team standings") })
	if at < 0 || len(lines) < at+8 {
		t.Fatalf("the final announcement:\n%s", final)
	}
	if got := strings.Fields(lines[at+2]); len(got) < 4 || got[0] != "1" || got[1] != first || got[2] != "6" {
		t.Errorf("first: %q, want %s (number 1) with 6 match points", got, first)
	}
	if got := strings.Fields(lines[at+7]); len(got) < 4 || got[0] != "6" || got[1] != last || got[2] != "0" {
		t.Errorf("last: %q, want %s (number 6) with 0 match points", got, last)
	}
	// No team met another twice (R-SW-9 at team level).
	met := map[[2]int]bool{}
	for _, rd := range s.state().Teams.Rounds {
		for _, m := range rd.Matches {
			pair := [2]int{min(m.First, m.Second), max(m.First, m.Second)}
			if met[pair] {
				t.Errorf("teams %v met twice", pair)
			}
			met[pair] = true
		}
	}
	// Every line the bot said is English (the language rule).
	if hs := hanIn(s.out.String(), nil); hs != "" {
		t.Errorf("Chinese %q in the English transcript", hs)
	}
	s.golden("teams_swiss6_en.txt")
}
