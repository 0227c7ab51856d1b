package action

import "github.com/qisai/qisai/engine"

// Draw offers (提和, R-G-2): an offer cannot be withdrawn; the opponent
// accepts it (a ResultSet of a draw) or declines it, and offers alternate.

func init() {
	register(func() Action { return new(DrawOffered) })
	register(func() Action { return new(DrawDeclined) })
	register(func() Action { return new(DrawAccepted) })
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
	st.leaveEvent()
	return nil
}

// ErrOfferAgain refuses a second draw offer after a refusal before the
// opponent has offered (R-G-2, §23.1; a foul, §9.1.3).
var ErrOfferAgain = ruled("R-G-2", "你的提和被拒绝过：提和须轮流进行，下一次应由对手提出",
	"your draw offer was declined: offers alternate, so the opponent offers next").because(OfferTurn)

// MayOffer says why player may not offer a draw on board of round now, or
// nil; DrawOffered checks the same.
func (st *State) MayOffer(round, board, player int) error {
	if _, _, err := playing(st, round, board, player); err != nil {
		return err
	}
	gp := st.Underway(round, board)
	switch {
	case gp.Offer != nil && gp.Offer.Player == player:
		return refuse(Conflict, "%d 号选手的提和还在等待对手回应", "player %d's draw offer waits for the opponent's answer", player).because(OfferOpen)
	case gp.Offer != nil:
		return refuse(Conflict, "对手已经提和", "the opponent has offered a draw").because(OfferTheirs)
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
		return refuse(Conflict, "没有需要 %d 号选手回应的提和", "there is no draw offer for player %d to decline", a.Player).because(NoOffer)
	}
	gp := st.gamePlay(a.Round, a.Board)
	gp.Declined, gp.Offer = gp.Offer.Player, nil
	gp.arrive(a.Player, st.At)
	st.leaveEvent()
	return nil
}

// DrawAccepted is the answer to the opponent's open draw offer: yes. The
// game is drawn (R-G-2).
type DrawAccepted struct {
	Round  int `json:"round"`
	Board  int `json:"board"`
	Player int `json:"player"`
}

func (*DrawAccepted) Kind() string { return "draw-accepted" }

func (a *DrawAccepted) Apply(st *State) error {
	g, _, err := playing(st, a.Round, a.Board, a.Player)
	if err != nil {
		return err
	}
	if o := st.Underway(a.Round, a.Board).Offer; o == nil || o.Player == a.Player {
		return refuse(Conflict, "没有需要 %d 号选手回应的提和", "there is no draw offer for player %d to accept", a.Player).because(NoOffer)
	}
	g.Result = engine.Draw
	st.putGame(a.Round, g)
	st.settleTeam(a.Round, a.Board)
	return nil
}
