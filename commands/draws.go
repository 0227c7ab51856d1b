package commands

import (
	"errors"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/engine"
	"github.com/qisai/qisai/internal/i18n"
	"github.com/qisai/qisai/storage"
)

// Draw offers (提和, R-G-2): an offer cannot be withdrawn; the opponent
// accepts or declines it, and offers alternate. Each is decided on the
// state the change sees, as reports are (results.go).

// playDraw offers the opponent a draw. A second offer after a refusal,
// before the opponent has offered, is refused with the reason and recorded
// as a foul where the event says so (§9.1.3); enough fouls lose the game
// (R-G-3).
func playDraw(c *Context) (Reply, error) {
	return c.inGame(func(ch *storage.Change, chats *voice, s seat) (string, error) {
		// A second offer after a refusal may be a foul (R-G-2): the rules
		// say so before the offer is appended, and it is recorded instead.
		if err := ch.State.MayOffer(s.round, s.game.Board, c.Player); errors.Is(err, action.ErrOfferAgain) {
			return c.offerAgain(ch, chats, s)
		}
		if err := ch.Append(&action.DrawOffered{Round: s.round, Board: s.game.Board, Player: c.Player}); err != nil {
			return "", err
		}
		opp, err := c.contacts(s.opponent)
		if err != nil {
			return "", err
		}
		ev := &ch.State.Event
		r := ref{event: c.Event, round: s.round, board: s.game.Board, seq: ch.State.Underway(s.round, s.game.Board).Offer.Seq}
		tell(ch, opp, i18n.T{Zh: "%s 向你提和。", En: "%s offers you a draw."}, []any{playerName(ev, c.Player)},
			button{i18n.T{Zh: "接受", En: "Accept"}, r.answering("/accept")}, button{i18n.T{Zh: "拒绝", En: "Decline"}, r.answering("/decline")})
		return i18n.T{Zh: "已向 %s 提和。提和不能撤回，等对方回应。", En: "Draw offered to %s. An offer cannot be withdrawn; wait for the answer."}.In(c.Lang, playerName(ev, s.opponent)), nil
	})
}

// offerAgain refuses a second draw offer (R-G-2) in ch and, where the
// event says so, records it as a foul (§9.1.3), which may lose the game
// (R-G-3). Without the foul rule it is a refusal and ch stays empty; with
// it, it returns the sender's account of it.
func (c *Context) offerAgain(ch *storage.Change, chats *voice, s seat) (string, error) {
	st := ch.State
	if !st.Info.OfferFoul {
		return "", action.ErrOfferAgain
	}
	said := i18n.T{Zh: refusalReason(action.ErrOfferAgain, i18n.Zh), En: refusalReason(action.ErrOfferAgain, i18n.En)}
	if err := ch.Append(&action.FoulRecorded{Round: s.round, Player: c.Player}); err != nil {
		return "", err
	}
	g, _ := gameOn(&st.Event, s.round, s.game.Board)
	fouls := g.RedFouls
	if s.colour == engine.Black {
		fouls = g.BlackFouls
	}
	me := playerName(&st.Event, c.Player)
	foul := i18n.T{Zh: "第%d台 %s 被拒绝后再次提和：记犯规一次（第 %d 次，R-G-2）。", En: "Board %d: %s offered a draw again after a refusal: a foul (number %d, R-G-2)."}.In(chats.lang, s.game.Board, me, fouls)
	if fouls < st.Info.FoulLimit() {
		chats.announce(ch, foul)
		return i18n.T{Zh: said.Zh + "已记犯规一次（累计 %d 次）。", En: said.En + " It is recorded as a foul (your %d)."}.In(c.Lang, fouls), nil
	}
	chats.announce(ch, foul+lostByFouls.In(chats.lang, me))
	if err := chats.decide(ch, s.round, s.game.Board, loss(s.colour), i18n.T{Zh: me + " 犯规判负", En: me + " lost by fouls"}); err != nil {
		return "", err
	}
	return i18n.T{Zh: said.Zh + "已记犯规，累计 %d 次：本局判负（R-G-3）。", En: said.En + " It is recorded as a foul, your %d: you lose the game (R-G-3)."}.In(c.Lang, fouls), nil
}

// answeringOffer checks, for a pressed button, that the draw offer it
// answers is still the one open.
func (c *Context) answeringOffer(s seat) error {
	var seq int64
	if o := s.play.Offer; o != nil {
		seq = o.Seq
	}
	return c.pressedAction(seq, i18n.T{Zh: "提和", En: "the draw offer"})
}

// playAccept accepts the opponent's draw offer: the game is drawn.
func playAccept(c *Context) (Reply, error) {
	return c.inGame(func(ch *storage.Change, chats *voice, s seat) (string, error) {
		if err := c.answeringOffer(s); err != nil {
			return "", err
		}
		a := &action.DrawAccepted{Round: s.round, Board: s.game.Board, Player: c.Player}
		if err := chats.settle(ch, a, i18n.T{Zh: "同意和棋", En: "draw agreed"}); err != nil {
			return "", err
		}
		return i18n.T{Zh: "已接受提和：%s。", En: "Draw accepted: %s."}.In(c.Lang, gameLine(&ch.State.Event, s.game, engine.Draw, c.Lang)), nil
	})
}

// playDecline declines the opponent's draw offer; they may not offer
// again until the sender has (R-G-2). Only the offerer is told.
func playDecline(c *Context) (Reply, error) {
	return c.inGame(func(ch *storage.Change, _ *voice, s seat) (string, error) {
		if err := c.answeringOffer(s); err != nil {
			return "", err
		}
		if err := ch.Append(&action.DrawDeclined{Round: s.round, Board: s.game.Board, Player: c.Player}); err != nil {
			return "", err
		}
		opp, err := c.contacts(s.opponent)
		if err != nil {
			return "", err
		}
		me := playerName(&ch.State.Event, c.Player)
		tell(ch, opp, i18n.T{Zh: "%s 拒绝了你的提和。提和须轮流：%s 提和之前你不能再提（R-G-2）。", En: "%s declined your draw offer. Offers alternate: you may offer again once %s has offered (R-G-2)."}, []any{me, me})
		return i18n.T{Zh: "已拒绝提和。", En: "Draw offer declined."}.In(c.Lang), nil
	})
}
