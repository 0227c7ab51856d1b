package action

// Postponed games (补赛, R-E-3): an arbiter puts off a game of the current
// round whose result is not in; the round completes without it, and the
// next round may be paired with it pending (engine.Game.Postponed: its two
// players at their scores without it, never paired together again). Its
// result counts when it is entered, like any other.

func init() {
	register(func() Action { return new(GamePostponed) })
}

// GamePostponed puts off the game on Board of Round.
type GamePostponed struct {
	Round int `json:"round"`
	Board int `json:"board"`
}

func (*GamePostponed) Kind() string { return "game-postponed" }

func (a *GamePostponed) Apply(st *State) error {
	if err := running(st); err != nil {
		return err
	}
	if !st.Format().PlaysBy(AbsenceRules) {
		return ruled("R-E-3", "只有积分编排和循环赛的对局可以补赛", "only a Swiss's or a round robin's games are postponed")
	}
	g, err := game(st, a.Round, a.Board)
	if err != nil {
		return err
	}
	switch {
	case g.Void:
		return ruled("R-W-2", "第 %d 轮第 %d 台已按退赛规则作废", "round %d board %d was struck out by a withdrawal", a.Round, a.Board)
	case g.Result.Decided():
		return refuse(Conflict, "第 %d 轮第 %d 台已经有结果", "round %d board %d has its result", a.Round, a.Board).because(ResultIn)
	case g.Postponed:
		return refuse(Conflict, "第 %d 轮第 %d 台已经定为补赛", "round %d board %d is postponed already", a.Round, a.Board)
	}
	g.Postponed = true
	return nil
}

// Postponed are the games put off and still without a result, by round
// and board, oldest first.
func (st *State) Postponed() [][2]int {
	var out [][2]int
	for r, rd := range st.Event.Rounds {
		for _, g := range rd.Games {
			if g.Postponed && !g.Result.Decided() && !g.Void {
				out = append(out, [2]int{r + 1, g.Board})
			}
		}
	}
	return out
}
