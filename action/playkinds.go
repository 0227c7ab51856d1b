package action

import (
	"github.com/qisai/qisai/engine"
)

// The play actions: what players do in a game of the current round before
// its result is final (play.go). Confirming a report, accepting a draw and
// resigning are ResultSet actions: they make the result final at once.
// Whoever takes a play action is at the board from then on (R-G-4).

func init() {
	register(func() Action { return new(ResultReported) })
	register(func() Action { return new(ReportDisputed) })
	register(func() Action { return new(DrawOffered) })
	register(func() Action { return new(DrawDeclined) })
	register(func() Action { return new(CheckedIn) })
	register(func() Action { return new(GuessCalled) })
	register(func() Action { return new(GuessHidden) })
	register(func() Action { return new(GuessMade) })
	register(func() Action { return new(ColourChosen) })
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
		return refuse("选手只能报告胜、负或和；弃权由裁判判定", "a player reports a win, a loss or a draw; forfeits are for the arbiter")
	}
	cur := st.Underway(a.Round, a.Board)
	switch {
	case cur.Dispute != nil:
		return refuse("第 %d 台的结果有争议，由裁判裁决", "the result of board %d is disputed: an arbiter decides it", a.Board)
	case cur.Report != nil && cur.Report.Player == a.Player:
		return refuse("%d 号选手已经报告过第 %d 台的结果", "player %d has reported the result of board %d already", a.Player, a.Board)
	case cur.Report != nil && cur.Report.Result == a.Result:
		return refuse("与对手的报告一致：这是确认，应直接记为结果", "the report agrees with the opponent's: that confirms it (a ResultSet)")
	}
	gp := st.gamePlay(a.Round, a.Board)
	r := &Report{Player: a.Player, Result: a.Result, At: st.At, Seq: st.Seq}
	if gp.Report == nil {
		gp.Report = r
	} else {
		gp.Dispute = r // a contradicting report
	}
	gp.arrive(a.Player, st.At)
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
		return refuse("第 %d 台的结果已经有争议了", "the result of board %d is disputed already", a.Board)
	case cur.Report == nil:
		return refuse("第 %d 台还没有人报告结果", "nobody has reported the result of board %d", a.Board)
	case cur.Report.Player == a.Player:
		return refuse("%d 号选手不能对自己的报告提出异议", "player %d cannot dispute their own report", a.Player)
	}
	gp := st.gamePlay(a.Round, a.Board)
	gp.Dispute = &Report{Player: a.Player, Result: engine.Pending, At: st.At, Seq: st.Seq}
	gp.arrive(a.Player, st.At)
	return nil
}

// DrawOffered is a draw offer (提和, R-G-2). It cannot be withdrawn; the
// opponent accepts (a ResultSet of a draw) or declines (DrawDeclined).
// Offers alternate: a player whose offer was declined may not offer again
// until the opponent has offered, unless the event turned that off
// (Info.FreeDrawOffers).
type DrawOffered struct {
	Round  int `json:"round"`
	Board  int `json:"board"`
	Player int `json:"player"`
}

func (*DrawOffered) Kind() string { return "draw-offered" }

func (a *DrawOffered) Apply(st *State) error {
	if err := st.MayOffer(a.Round, a.Board, a.Player); err != nil {
		return err
	}
	gp := st.gamePlay(a.Round, a.Board)
	if gp.Declined != a.Player {
		gp.Declined = 0 // the opponent's turn to offer was this one
	}
	gp.Offer = &Offer{Player: a.Player, At: st.At, Seq: st.Seq}
	gp.arrive(a.Player, st.At)
	return nil
}

// ErrOfferAgain refuses a second draw offer after a refusal before the
// opponent has offered (R-G-2, §23.1; a foul, §9.1.3).
var ErrOfferAgain = &Refusal{
	Zh: "你的提和被拒绝过：提和须轮流进行，下一次应由对手提出（R-G-2）",
	En: "your draw offer was declined: offers alternate, so the opponent offers next (R-G-2)",
}

// MayOffer says why player may not offer a draw on board of round now, or
// nil; DrawOffered checks the same.
func (st *State) MayOffer(round, board, player int) error {
	if _, _, err := playing(st, round, board, player); err != nil {
		return err
	}
	gp := st.Underway(round, board)
	switch {
	case gp.Offer != nil && gp.Offer.Player == player:
		return refuse("%d 号选手的提和还在等待对手回应；提和不能撤回", "player %d's draw offer is open: it cannot be withdrawn, and the opponent has not answered", player)
	case gp.Offer != nil:
		return refuse("对手已经提和：请接受或拒绝", "the opponent has offered a draw: accept or decline it")
	case gp.Declined == player && !st.Info.FreeDrawOffers:
		return ErrOfferAgain
	}
	return nil
}

// DrawDeclined is the answer to the opponent's open draw offer: no. The
// offerer may not offer again until this player has (R-G-2).
type DrawDeclined struct {
	Round  int `json:"round"`
	Board  int `json:"board"`
	Player int `json:"player"`
}

func (*DrawDeclined) Kind() string { return "draw-declined" }

func (a *DrawDeclined) Apply(st *State) error {
	if _, _, err := playing(st, a.Round, a.Board, a.Player); err != nil {
		return err
	}
	if o := st.Underway(a.Round, a.Board).Offer; o == nil || o.Player == a.Player {
		return refuse("没有需要 %d 号选手回应的提和", "there is no draw offer for player %d to decline", a.Player)
	}
	gp := st.gamePlay(a.Round, a.Board)
	gp.Declined, gp.Offer = gp.Offer.Player, nil
	gp.arrive(a.Player, st.At)
	return nil
}

// CheckedIn records a player at the board (R-G-4): a player not at the
// board by the event's late-arrival limit loses by forfeit (DueActions).
type CheckedIn struct {
	Round  int `json:"round"`
	Board  int `json:"board"`
	Player int `json:"player"`
}

func (*CheckedIn) Kind() string { return "checked-in" }

func (a *CheckedIn) Apply(st *State) error {
	if _, _, err := playing(st, a.Round, a.Board, a.Player); err != nil {
		return err
	}
	if _, here := st.Underway(a.Round, a.Board).Arrived(a.Player); here {
		return refuse("%d 号选手已经签到了", "player %d checked in already", a.Player)
	}
	st.gamePlay(a.Round, a.Board).arrive(a.Player, st.At)
	return nil
}

// GuessCalled is an arbiter's call for 猜先 in the current round (R-C-3:
// a knockout game, the first game of a match — formats qisai does not pair
// itself — or whenever the organiser wants it, R-C-4): the winner of each
// game's guess chooses their colour.
type GuessCalled struct {
	Round int `json:"round"`
}

func (*GuessCalled) Kind() string { return "guess-called" }

func (a *GuessCalled) Apply(st *State) error {
	if err := current(st, a.Round); err != nil {
		return err
	}
	if st.Guessing(a.Round) {
		return refuse("第 %d 轮已经要求猜先了", "round %d is decided by 猜先 already", a.Round)
	}
	st.roundPlay(a.Round).Guessing = true
	return nil
}

// GuessHidden starts a 猜先 (R-C-4): Player hides a colour. The log keeps
// the hidden colour and the nonce (the bot's sealed envelope); the
// commitment is what the bot publishes until the opponent has guessed.
type GuessHidden struct {
	Round      int           `json:"round"`
	Board      int           `json:"board"`
	Player     int           `json:"player"`
	Commitment string        `json:"commitment"`
	Hidden     engine.Colour `json:"hidden"`
	Nonce      string        `json:"nonce"`
}

func (*GuessHidden) Kind() string { return "guess-hidden" }

// minNonce is the shortest nonce that keeps a hidden colour secret: with
// two colours only, a short one could be found by trying.
const minNonce = 16

func (a *GuessHidden) Apply(st *State) error {
	if _, _, err := playing(st, a.Round, a.Board, a.Player); err != nil {
		return err
	}
	switch {
	case !st.Guessing(a.Round):
		return refuse("第 %d 轮的先后手由编排决定，不用猜先", "the pairing gives the colours of round %d: there is no 猜先", a.Round)
	case a.Hidden != engine.Red && a.Hidden != engine.Black:
		return refuse("请藏红或黑", "hide red or black")
	case len(a.Nonce) < minNonce || a.Commitment != Commit(a.Hidden, a.Nonce):
		return refuse("承诺与所藏的颜色和随机数不符", "the commitment does not match the hidden colour and its nonce")
	case st.Underway(a.Round, a.Board).Guess != nil:
		return refuse("第 %d 台的猜先已经开始了", "the 猜先 of board %d has begun already", a.Board)
	}
	gp := st.gamePlay(a.Round, a.Board)
	gp.Guess = &Guess{Hider: a.Player, Seq: st.Seq, Commitment: a.Commitment, Hidden: a.Hidden, Nonce: a.Nonce}
	gp.arrive(a.Player, st.At)
	return nil
}

// GuessMade is the opponent's public guess of the hidden colour (R-C-4):
// right, the guesser wins the 猜先; wrong, the hider does.
type GuessMade struct {
	Round  int           `json:"round"`
	Board  int           `json:"board"`
	Player int           `json:"player"`
	Colour engine.Colour `json:"colour"`
}

func (*GuessMade) Kind() string { return "guess-made" }

func (a *GuessMade) Apply(st *State) error {
	if _, _, err := playing(st, a.Round, a.Board, a.Player); err != nil {
		return err
	}
	switch g := st.Underway(a.Round, a.Board).Guess; {
	case a.Colour != engine.Red && a.Colour != engine.Black:
		return refuse("请猜红或黑", "guess red or black")
	case g == nil:
		return refuse("第 %d 台还没有人藏子", "nobody on board %d has hidden a colour yet", a.Board)
	case g.Hider == a.Player:
		return refuse("%d 号选手是藏子的一方，由对手来猜", "player %d hid the colour: the opponent guesses", a.Player)
	case g.Revealed():
		return refuse("第 %d 台已经猜过了", "the 猜先 of board %d has been guessed already", a.Board)
	}
	gp := st.gamePlay(a.Round, a.Board)
	g := gp.Guess
	g.Guesser, g.Guessed, g.Winner = a.Player, a.Colour, g.Hider
	if a.Colour == g.Hidden {
		g.Winner = a.Player
	}
	gp.arrive(a.Player, st.At)
	return nil
}

// ColourChosen is the 猜先 winner's choice of colour (R-C-4): the game's
// colours follow it. The game must not be under way yet (no report, no
// draw offer).
type ColourChosen struct {
	Round  int           `json:"round"`
	Board  int           `json:"board"`
	Player int           `json:"player"`
	Colour engine.Colour `json:"colour"`
}

func (*ColourChosen) Kind() string { return "colour-chosen" }

func (a *ColourChosen) Apply(st *State) error {
	game, _, err := playing(st, a.Round, a.Board, a.Player)
	if err != nil {
		return err
	}
	cur := st.Underway(a.Round, a.Board)
	switch g := cur.Guess; {
	case a.Colour != engine.Red && a.Colour != engine.Black:
		return refuse("请选红或黑", "choose red or black")
	case g == nil || g.Winner == 0:
		return refuse("第 %d 台的猜先还没有结果", "the 猜先 of board %d is not decided", a.Board)
	case g.Winner != a.Player:
		return refuse("%d 号选手赢得了第 %d 台的猜先，由他选择", "player %d won the 猜先 of board %d: they choose", g.Winner, a.Board)
	case g.Chosen != engine.NoColour:
		return refuse("第 %d 台的先后手已经选定", "the colours of board %d are chosen already", a.Board)
	case cur.Report != nil || cur.Offer != nil || cur.Declined != 0:
		return refuse("第 %d 台的对局已经开始，先后手不变", "the game on board %d is under way: its colours stay", a.Board)
	}
	gp := st.gamePlay(a.Round, a.Board)
	gp.Guess.Chosen = a.Colour
	gp.arrive(a.Player, st.At)
	if (a.Colour == engine.Red) != (game.Red == a.Player) {
		game.Red, game.Black = game.Black, game.Red
		game.RedFouls, game.BlackFouls = game.BlackFouls, game.RedFouls
	}
	return nil
}
