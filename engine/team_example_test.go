package engine_test

import (
	"fmt"

	"github.com/qisai/qisai/engine"
)

// A team round robin of four teams of two boards: the Berger table pairs
// the teams (R-C-2), the first-listed team is red on board 1 and black on
// board 2, each match's game points (局分 2/1/0) give its match points
// (场分 2/1/0, §14.2), and the standings follow R-T-4: Hongxing and
// Dongfeng are level until head-to-head (直胜), Hongxing having won their
// match.
func ExamplePairTeams() {
	s := engine.DefaultTeamSettings(0, 2)
	s.Pairing.System = engine.RoundRobin
	s.Ranking = engine.TeamRoundRobinRanking
	ev := &engine.TeamEvent{Settings: s}
	for k, name := range []string{"Hongxing", "Dongfeng", "Changcheng", "Huanghe"} {
		t := engine.Team{ID: k + 1, Name: name}
		for j := 1; j <= 2; j++ {
			id := len(ev.Players) + 1
			ev.Players = append(ev.Players, engine.Player{ID: id, Name: fmt.Sprintf("%s %d", name, j)})
			t.Members = append(t.Members, id)
		}
		ev.Teams = append(ev.Teams, t)
	}
	for round := 1; round <= 3; round++ {
		p, err := engine.PairTeams(ev)
		if err != nil {
			fmt.Println(err)
			return
		}
		if err := engine.AddTeamRound(ev, p); err != nil { // 分台定人: the line-ups are the registered order
			fmt.Println(err)
			return
		}
		for _, m := range ev.Rounds[round-1].Matches {
			g := m.Games
			fmt.Printf("round %d: %s v %s: board 1 %s–%s, board 2 %s–%s\n", round,
				ev.Teams[m.First-1].Name, ev.Teams[m.Second-1].Name,
				ev.Players[g[0].Red-1].Name, ev.Players[g[0].Black-1].Name,
				ev.Players[g[1].Red-1].Name, ev.Players[g[1].Black-1].Name)
			// Red wins on board 1, board 2 is drawn: the first team wins 3–1.
			_ = ev.Record(round, m.Number, 1, engine.RedWin)
			_ = ev.Record(round, m.Number, 2, engine.Draw)
		}
	}
	for _, row := range engine.TeamStandings(ev) {
		fmt.Printf("%s %s: %s match points, %s game points\n", row.PlaceLabel(), ev.Teams[row.Team-1].Name, row.MatchPoints, row.GamePoints)
	}
	// Output:
	// round 1: Hongxing v Huanghe: board 1 Hongxing 1–Huanghe 1, board 2 Huanghe 2–Hongxing 2
	// round 1: Dongfeng v Changcheng: board 1 Dongfeng 1–Changcheng 1, board 2 Changcheng 2–Dongfeng 2
	// round 2: Huanghe v Changcheng: board 1 Huanghe 1–Changcheng 1, board 2 Changcheng 2–Huanghe 2
	// round 2: Hongxing v Dongfeng: board 1 Hongxing 1–Dongfeng 1, board 2 Dongfeng 2–Hongxing 2
	// round 3: Dongfeng v Huanghe: board 1 Dongfeng 1–Huanghe 1, board 2 Huanghe 2–Dongfeng 2
	// round 3: Changcheng v Hongxing: board 1 Changcheng 1–Hongxing 1, board 2 Hongxing 2–Changcheng 2
	// 1 Hongxing: 4 match points, 7 game points
	// 2 Dongfeng: 4 match points, 7 game points
	// 3 Huanghe: 2 match points, 5 game points
	// 4 Changcheng: 2 match points, 5 game points
}
