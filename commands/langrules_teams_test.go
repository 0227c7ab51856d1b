package commands

import (
	"fmt"
	"strings"
	"testing"

	"github.com/qisai/qisai/internal/i18n"
)

// TestLanguageRulesTeams holds a team event's texts to the language rules
// (as TestLanguageRules does the Swiss's): the team settings and their
// refusals, registering and joining teams with the captain's buttons,
// /teams, the preview, the captains' line-up requests, a refused line-up
// (R-TM-1), the reveal, the boards' results with a match decided early
// (5场3胜制), the round's team and board standings, a team withdrawing,
// /finish; a team knockout's settings, a level match's blitz board, its
// bracket and ranking — in Chinese and English, every reply and every
// message queued.
func TestLanguageRulesTeams(t *testing.T) {
	for _, lang := range []i18n.Lang{i18n.Zh, i18n.En} {
		s := newScript(t)
		typed := []string{"Cup", "zzz", "org"}
		var said saidLog
		run := func(user, text string) string {
			t.Helper()
			return said.keep(s, s.run(user, string(lang), text, false))
		}
		dm := func(user, text string) string {
			t.Helper()
			return said.keep(s, s.run(user, string(lang), text, true))
		}
		run("org", "/event new Cup teams")
		s.pinSeed(3)
		for _, k := range teamKeys {
			run("org", "/event set "+k.name(lang)+" zzz")
		}
		run("org", "/event set boards 3")
		run("org", "/event set decided-at 2")
		run("org", "/event set decided-at 1")
		run("org", "/event set board-order free")
		run("org", "/event set match-points 3,1,0")
		run("org", "/event set team-tiebreaks 场分,直胜,得失局率")
		run("org", "/event set team-order rating")
		run("org", "/event set format roundrobin")
		run("org", "/event set")
		run("org", "/teams")
		run("org", "/team join Nowhere")
		run("org", "/signup open")
		teams := []string{"Red", "Blue", "Gold", "Jade"}
		for k, team := range teams {
			typed = append(typed, team)
			captain := fmt.Sprint("c", k)
			name := fmt.Sprintf("Cap%c", 'A'+k)
			typed = append(typed, captain, name)
			run(captain, "/join "+name)
			run(captain, "/team new "+team)
			var others []string
			for j := 2; j <= 3; j++ {
				others = append(others, fmt.Sprintf("P%c%d", 'A'+k, j))
			}
			typed = append(typed, others...)
			if k == 0 {
				run("u", "/join "+others[0])
				run("u", "/team join Red")
				s.press(captain, 1) // refused
				run("u", "/team join Red")
				s.press(captain, 0)
				run("org", "/team add Red "+others[1])
				continue
			}
			run("org", "/team add "+team+" "+strings.Join(others, " "))
		}
		typed = append(typed, "u")
		run("org", "/team new Spare")
		run("org", "/team delete Spare")
		typed = append(typed, "Spare")
		run("org", "/team add Red PZ9")
		run("org", "/team remove Red PA3")
		run("org", "/team add Red PA3")
		run("org", "/teams")
		run("org", "/start")
		for round := 1; round <= 3; round++ {
			run("org", "/pair")
			run("org", "/publish")
			run("org", "/pair")
			st := s.state()
			m := st.Teams.Rounds[round-1].Matches[0]
			first := fmt.Sprint("c", st.Teams.Teams[m.First-1].Entrant-1)
			second := fmt.Sprint("c", st.Teams.Teams[m.Second-1].Entrant-1)
			run(first, "/lineup 1 2 3")
			dm(first, "/lineup 1 1 2")
			dm(first, "/lineup 9 1 2")
			dm(first, "/lineup 2 1 3")
			dm(second, "/lineup 1 2 3")
			run("org", "/lineup reveal")
			run("org", "/pairings")
			st = s.state()
			for _, g := range st.Event.Rounds[round-1].Games {
				if g2, _ := gameOn(&st.Event, round, g.Board); g2.Void {
					continue
				}
				run("org", fmt.Sprintf("/result %d 1-0", g.Board))
				st = s.state()
			}
			run("org", "/standings")
			run("org", "/standings boards")
			if round == 2 {
				run("org", "/team withdraw Jade 9")
				run("org", "/team withdraw Jade")
			}
		}
		run("org", "/finish")
		run("org", "/help event set")
		run("org", "/help lineup")
		// 队员总分制: an individual round robin, the teams ranked by their
		// players' places (R-T-6).
		typed = append(typed, "Tot", "TA", "TB", "TA1", "TB1", "TB2")
		run("org", "/event new Tot teams roundrobin")
		run("org", "/event set board-order totals")
		run("org", "/event set boards 2")
		run("org", "/event set totals scores")
		run("org", "/signup open")
		run("org", "/team new TA")
		run("org", "/team new TB")
		run("org", "/team add TA TA1")
		run("org", "/team add TB TB1 TB2")
		run("org", "/teams")
		run("org", "/start")
		for round := 1; round <= 3; round++ {
			run("org", "/pair")
			run("org", "/publish")
			run("org", "/result 1 1-0") // three players: one game a round, and a bye

		}
		run("org", "/standings")
		run("org", "/standings boards")
		run("org", "/finish")
		// A team knockout: a level semi-final to its blitz board, the
		// bracket, the ranking of teams.
		typed = append(typed, "KO", "KA", "KB", "KC", "KD")
		run("org", "/event new KO teams knockout")
		run("org", "/event set boards 2")
		run("org", "/event set team-tie zzz")
		run("org", "/event set team-tie boards-won,top-boards,blitz,lots")
		run("org", "/event set match best-of-3")
		run("org", "/event set")
		run("org", "/signup open")
		for _, team := range []string{"KA", "KB", "KC", "KD"} {
			typed = append(typed, team+"1", team+"2")
			run("org", "/team new "+team)
			run("org", fmt.Sprintf("/team add %s %s1 %s2", team, team, team))
		}
		run("org", "/start")
		run("org", "/bracket")
		for round := 1; round <= 3; round++ {
			run("org", "/pair")
			run("org", "/publish")
			st := s.state()
			for _, g := range st.Event.Rounds[round-1].Games {
				res := "1-0"
				if round == 1 && g.Board > 2 {
					res = "1/2" // the second semi-final level: a blitz board
				}
				run("org", fmt.Sprintf("/result %d %s", g.Board, res))
			}
			run("org", "/pairings")
			run("org", "/standings")
		}
		run("org", "/bracket")
		run("org", "/finish")
		if testing.Verbose() {
			t.Log(s.out.String())
		}
		for _, text := range said {
			languageRule(t, lang, "said", text, typed)
		}
	}
}
