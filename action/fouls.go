package action

// Fouls (R-G-3) and penalties (R-T-7).

func init() {
	register(func() Action { return new(FoulRecorded) })
	register(func() Action { return new(PenaltyRecorded) })
}

// FoulRecorded counts a foul against a player in a game (R-G-3).
type FoulRecorded struct {
	Round  int `json:"round"`
	Player int `json:"player"`
}

func (*FoulRecorded) Kind() string { return "foul-recorded" }

func (a *FoulRecorded) Apply(st *State) error {
	if err := open(st); err != nil {
		return err
	}
	if a.Round < 1 || a.Round > len(st.Event.Rounds) {
		return refuse(NotFound, "没有第 %d 轮", "there is no round %d", a.Round).because(NoSuchRound)
	}
	for i := range st.Event.Rounds[a.Round-1].Games {
		g := &st.Event.Rounds[a.Round-1].Games[i]
		switch a.Player {
		case g.Red:
			g.RedFouls++
			return nil
		case g.Black:
			g.BlackFouls++
			return nil
		}
	}
	return refuse(NotFound, "%d 号选手在第 %d 轮没有对局", "player %d has no game in round %d", a.Player, a.Round)
}

// PenaltyRecorded counts a warning or game disqualification (R-T-7).
type PenaltyRecorded struct {
	Player int `json:"player"`
}

func (*PenaltyRecorded) Kind() string { return "penalty-recorded" }

func (a *PenaltyRecorded) Apply(st *State) error {
	if err := open(st); err != nil {
		return err
	}
	p, err := player(st, a.Player)
	if err != nil {
		return err
	}
	p.Penalties++
	return nil
}
