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
	rd := st.ownRound(a.Round)
	for i := range rd.Games {
		g := &rd.Games[i]
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

// Admit refuses a penalty before round 1 is published: R-T-7 ranks
// players by the penalties of games played, and before the start the
// numbers a penalty names change (R-SW-1 renumbers the entrants). It is a
// check of admission, not of Apply, so that a log stored before it still
// folds to the event it was.
func (a *PenaltyRecorded) Admit(st *State) error {
	if open(st) == nil && len(st.Event.Rounds) == 0 {
		return ruled("R-T-7", "第 1 轮公布之前不能处罚：名次按已赛对局中的处罚计算（R-T-7），现在还没有对局",
			"no penalty before round 1 is published: R-T-7 counts the penalties of games played, and none has been played yet").because(NoGames)
	}
	return nil
}
