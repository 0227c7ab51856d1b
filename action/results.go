package action

import (
	"slices"

	"github.com/qisai/qisai/engine"
)

// Results (R-G-1): an arbiter's result, and the players' reports and
// disputes before it. Confirming a report (ReportConfirmed), accepting a
// draw (DrawAccepted) and resigning (Resigned) make the result final at
// once, as ResultSet does, each checking that it may. Whoever takes a play
// action is at the board from then on (R-G-4).

func init() {
	register(func() Action { return new(ResultSet) })
	register(func() Action { return new(ResultReported) })
	register(func() Action { return new(ReportDisputed) })
	register(func() Action { return new(ReportConfirmed) })
	register(func() Action { return new(Resigned) })
}

// Settling is an action that makes a game's result final: ResultSet, and
// the players' ReportConfirmed, DrawAccepted and Resigned.
type Settling interface {
	Action
	Settles() (round, board int)
}

func (a *ResultSet) Settles() (int, int)       { return a.Round, a.Board }
func (a *ReportConfirmed) Settles() (int, int) { return a.Round, a.Board }
func (a *DrawAccepted) Settles() (int, int)    { return a.Round, a.Board }
func (a *Resigned) Settles() (int, int)        { return a.Round, a.Board }

// ResultSet enters or corrects the result of a game (R-G-1).
type ResultSet struct {
	Round  int           `json:"round"`
	Board  int           `json:"board"`
	Result engine.Result `json:"result"`
	// Cascade, in a staged event, confirms a correction that gives played
	// matches other players: their games are struck out, to be played
	// again (R-F-4). Without it such a correction is refused.
	Cascade bool `json:"cascade,omitempty"`
	// Captures, for a staged event's 吃子数 game, are the pieces each side
	// captured, as the arbiter entered them: Result is theirs (R-F-5).
	Captures *Captures `json:"captures,omitempty"`
}

func (*ResultSet) Kind() string { return "result-set" }

func (a *ResultSet) Apply(st *State) error {
	if err := open(st); err != nil {
		return err
	}
	g, err := game(st, a.Round, a.Board)
	if err != nil {
		return err
	}
	if a.Result < engine.Pending || a.Result > engine.DoubleForfeit {
		return refuse(Invalid, "%d 不是一种结果", "result %d is not a result", a.Result)
	}
	if r := st.unplayed(a.Round, a.Board); g.Void && r != nil {
		return r
	}
	if g.Void {
		return ruled("R-W-2", "第 %d 轮第 %d 台已按退赛规则作废，不再有结果", "round %d board %d was struck out by a withdrawal: it has no result", a.Round, a.Board)
	}
	var before *Progress
	if a.Round < len(st.Event.Rounds) {
		// Only a game of an earlier round can move a match played since:
		// a match after it waits for its result, so plays in a later round.
		before = st.Progress()
	}
	if err := st.checkCaptures(a); err != nil {
		return err
	}
	was, counted := g.Result, st.Stages.clone()
	g.Result = a.Result
	st.Format().keepCaptures(st, a)
	if err := st.checkReroute(before, a.Cascade); err != nil {
		g.Result, st.Stages = was, counted
		return err
	}
	st.settleTeam(a.Round, a.Board)
	return nil
}

// game is board's game in round for an action to change: its round is
// st's own (ownRound).
func game(st *State, round, board int) (*engine.Game, error) {
	i, err := gameIndex(st, round, board)
	if err != nil {
		return nil, err
	}
	return &st.ownRound(round).Games[i], nil
}

// putGame writes g, one of round's games changed, back to its board: the
// round becomes st's own (ownRound).
func (st *State) putGame(round int, g engine.Game) {
	if i, err := gameIndex(st, round, g.Board); err == nil {
		st.ownRound(round).Games[i] = g
	}
}

// gameAt is board's game in round as it stands, to read.
func gameAt(st *State, round, board int) (engine.Game, error) {
	i, err := gameIndex(st, round, board)
	if err != nil {
		return engine.Game{}, err
	}
	return st.Event.Rounds[round-1].Games[i], nil
}

// gameIndex is the index of board's game among round's games, or the
// refusal: no such round, or no such board in it.
func gameIndex(st *State, round, board int) (int, error) {
	if round < 1 || round > len(st.Event.Rounds) {
		return 0, refuse(NotFound, "没有第 %d 轮", "there is no round %d", round).because(NoSuchRound)
	}
	if i := slices.IndexFunc(st.Event.Rounds[round-1].Games, func(g engine.Game) bool { return g.Board == board }); i >= 0 {
		return i, nil
	}
	return 0, refuse(NotFound, "第 %d 轮没有第 %d 台", "round %d has no board %d", round, board).because(NoSuchBoard)
}

// ResultReported is a player's report of their game's result, pending
// until the opponent confirms (R-G-1). A report that contradicts the
// opponent's pending report is a dispute: only an arbiter decides then. A
// report that agrees with it is a confirmation, which is a ResultSet.
type ResultReported struct {
	Round  int           `json:"round"`
	Board  int           `json:"board"`
	Player int           `json:"player"`
	Result engine.Result `json:"result"` // RedWin, BlackWin or Draw
}

func (*ResultReported) Kind() string { return "result-reported" }

func (a *ResultReported) Apply(st *State) error {
	if _, _, err := playing(st, a.Round, a.Board, a.Player); err != nil {
		return err
	}
	if !a.Result.Played() {
		return refuse(Invalid, "选手只能报告胜、负或和；弃权由裁判判定", "a player reports a win, a loss or a draw; forfeits are for the arbiter")
	}
	cur := st.Underway(a.Round, a.Board)
	switch {
	case cur.Dispute != nil:
		return refuse(Conflict, "第 %d 台的结果有争议", "the result of board %d is disputed", a.Board).because(Disputed)
	case cur.Report != nil && cur.Report.Player == a.Player:
		return refuse(Conflict, "%d 号选手已经报告过第 %d 台的结果", "player %d has reported the result of board %d already", a.Player, a.Board).because(Reported)
	case cur.Report != nil && cur.Report.Result == a.Result:
		return refuse(Conflict, "与对手的报告一致：这是确认，应直接记为结果", "the report agrees with the opponent's: that confirms it (a ResultSet)")
	}
	gp := st.gamePlay(a.Round, a.Board)
	r := &Report{Player: a.Player, Result: a.Result, At: st.At, Seq: st.Seq}
	if gp.Report == nil {
		gp.Report = r
	} else {
		gp.Dispute = r // a contradicting report
	}
	gp.arrive(a.Player, st.At)
	st.leaveEvent()
	return nil
}

// ReportDisputed is the opponent's answer to a pending report they do not
// accept (R-G-1): only an arbiter decides the game now.
type ReportDisputed struct {
	Round  int `json:"round"`
	Board  int `json:"board"`
	Player int `json:"player"`
}

func (*ReportDisputed) Kind() string { return "report-disputed" }

func (a *ReportDisputed) Apply(st *State) error {
	if _, _, err := playing(st, a.Round, a.Board, a.Player); err != nil {
		return err
	}
	cur := st.Underway(a.Round, a.Board)
	switch {
	case cur.Dispute != nil:
		return refuse(Conflict, "第 %d 台的结果已经有争议了", "the result of board %d is disputed already", a.Board).because(Disputed)
	case cur.Report == nil:
		return refuse(Conflict, "第 %d 台还没有人报告结果", "nobody has reported the result of board %d", a.Board).because(NoReport)
	case cur.Report.Player == a.Player:
		return refuse(Forbidden, "%d 号选手不能对自己的报告提出异议", "player %d cannot dispute their own report", a.Player).because(OwnReport)
	}
	gp := st.gamePlay(a.Round, a.Board)
	gp.Dispute = &Report{Player: a.Player, Result: engine.Pending, At: st.At, Seq: st.Seq}
	gp.arrive(a.Player, st.At)
	st.leaveEvent()
	return nil
}

// ReportConfirmed is the opponent's yes to a pending report (R-G-1): the
// reported result is final. A disputed result is the arbiter's, and a
// player does not confirm their own report.
type ReportConfirmed struct {
	Round  int `json:"round"`
	Board  int `json:"board"`
	Player int `json:"player"`
}

func (*ReportConfirmed) Kind() string { return "report-confirmed" }

func (a *ReportConfirmed) Apply(st *State) error {
	g, _, err := playing(st, a.Round, a.Board, a.Player)
	if err != nil {
		return err
	}
	cur := st.Underway(a.Round, a.Board)
	switch {
	case cur.Dispute != nil:
		return refuse(Conflict, "第 %d 台的结果有争议", "the result of board %d is disputed", a.Board).because(Disputed)
	case cur.Report == nil:
		return refuse(Conflict, "第 %d 台还没有人报告结果", "nobody has reported the result of board %d", a.Board).because(NoReport)
	case cur.Report.Player == a.Player:
		return refuse(Forbidden, "%d 号选手不能确认自己的报告", "player %d cannot confirm their own report", a.Player).because(OwnReport)
	}
	g.Result = cur.Report.Result
	st.putGame(a.Round, g)
	st.settleTeam(a.Round, a.Board)
	return nil
}

// Resigned is a player's resignation (认输): the opponent wins at once. A
// disputed result is the arbiter's to decide.
type Resigned struct {
	Round  int `json:"round"`
	Board  int `json:"board"`
	Player int `json:"player"`
}

func (*Resigned) Kind() string { return "resigned" }

func (a *Resigned) Apply(st *State) error {
	g, _, err := playing(st, a.Round, a.Board, a.Player)
	if err != nil {
		return err
	}
	if st.Underway(a.Round, a.Board).Dispute != nil {
		return refuse(Conflict, "第 %d 台的结果有争议", "the result of board %d is disputed", a.Board).because(Disputed)
	}
	g.Result = engine.RedWin
	if g.Red == a.Player {
		g.Result = engine.BlackWin
	}
	st.putGame(a.Round, g)
	st.settleTeam(a.Round, a.Board)
	return nil
}
