package commands

import (
	"strings"
	"time"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/engine"
	"github.com/qisai/qisai/internal/i18n"
	"github.com/qisai/qisai/storage"
)

// checkIn is /here: a player checks in at the board (playHere), or an
// arbiter checks a player in by number or name (/here 5) — the way for a
// player with no chat user, whom lateness never forfeits automatically
// (R-G-4, sparingUnlinked).
func checkIn(c *Context) (Reply, error) {
	arg := strings.TrimSpace(c.Args["player"])
	if r, handled, err := eventCheckIn(c, arg); handled {
		return r, err // before the start: the check-in for the event (R-E-5)
	}
	if arg == "" {
		return asPlayer(playHere)(c)
	}
	c.who = Staff // the event whose staff the sender is, of several
	if err := c.loadEvent(false); err != nil {
		return Reply{}, err
	}
	if !c.Is(storage.Organiser) && !c.Is(storage.Arbiter) {
		return Reply{}, problem("只有组织者或裁判可以替选手签到；选手自己输入 /here。", "Only the organisers and arbiters check a player in; players type /here themselves.")
	}
	p, err := findPlayer(c.State, arg)
	if err != nil {
		return Reply{}, err
	}
	var s seat
	if _, err := c.Update(func(ch *storage.Change) error {
		if err := running(ch.State); err != nil {
			return err
		}
		var ok bool
		s, ok = seatOf(ch.State, p.ID)
		switch {
		case s.round == 0:
			return problem("第 1 轮还没有公布对阵。", "Round 1 is not published yet.")
		case !ok:
			return &Problem{Text: i18n.T{Zh: "%s", En: "%s"}, Args: []any{noGame(&ch.State.Event, s.round, p.ID, c.Lang)}}
		case s.game.Result.Decided():
			return problem("%s 第 %d 轮的对局已有结果。", "%s's game of round %d has its result.", p.Name, s.round)
		}
		return ch.Append(&action.CheckedIn{Round: s.round, Board: s.game.Board, Player: p.ID})
	}); err != nil {
		return Reply{}, err
	}
	return Reply{Text: i18n.T{Zh: "已为 %s 签到：第 %d 台，%s。", En: "Checked %s in: board %d, %s."}.In(c.Lang, p.Name, s.game.Board, clock(c.State, c.svc.now()))}, nil
}

// A player with no chat user cannot check in (/here), so the clock never
// forfeits them for lateness (R-G-4): an arbiter checks them in (/here N)
// or enters the result. The round's announcement says so.

// sparingUnlinked is due without the forfeits for lateness of a player of
// the event whom no chat user is linked to: the clock forfeits only the
// late players who could have checked in.
func sparingUnlinked(r reader, due dueFunc) (dueFunc, error) {
	ids, err := r.Identities()
	if err != nil {
		return nil, err
	}
	linked := linkedEntrants(ids)
	return func(st *action.State, now time.Time) []action.Action {
		var out []action.Action
		for _, a := range due(st, now) {
			if r, ok := a.(*action.ResultSet); !ok || !lateUnlinked(st, r, linked) {
				out = append(out, a)
			}
		}
		return out
	}, nil
}

func linkedEntrants(ids []storage.Identity) map[int]bool {
	linked := map[int]bool{}
	for _, i := range ids {
		linked[i.Entrant] = true
	}
	return linked
}

// lateUnlinked reports whether r, which the clock made due, forfeits for
// lateness a player with no chat user — rather than confirming a report
// that ran out of time, or forfeiting only players who have one.
func lateUnlinked(st *action.State, r *action.ResultSet, linked map[int]bool) bool {
	if r.Round < 1 || r.Round > len(st.Event.Rounds) {
		return false
	}
	if rep := st.Underway(r.Round, r.Board).Report; rep != nil && rep.Result == r.Result {
		return false // a report standing
	}
	for _, g := range st.Event.Rounds[r.Round-1].Games {
		if g.Board != r.Board {
			continue
		}
		var late []int
		switch r.Result {
		case engine.RedForfeitWin:
			late = []int{g.Black}
		case engine.BlackForfeitWin:
			late = []int{g.Red}
		case engine.DoubleForfeit:
			late = []int{g.Red, g.Black}
		}
		for _, n := range late {
			if !linked[st.EntrantOf(n)] {
				return true
			}
		}
	}
	return false
}

// maxNamed is how many players with no chat user an announcement names;
// it counts more.
const maxNamed = 8

// unlinkedTerm is what round's announcement adds when the event has a
// late limit and players with no chat user play: they are not forfeited
// by the clock.
func unlinkedTerm(st *action.State, round int, ids []storage.Identity, lang i18n.Lang) string {
	if st.Info.LateAfter <= 0 || round < 1 || round > len(st.Event.Rounds) {
		return ""
	}
	linked := linkedEntrants(ids)
	var names []string
	for _, g := range st.Event.Rounds[round-1].Games {
		for _, n := range []int{g.Red, g.Black} {
			if !linked[st.EntrantOf(n)] {
				names = append(names, playerName(&st.Event, n))
			}
		}
	}
	switch {
	case len(names) == 0:
		return ""
	case len(names) > maxNamed:
		return "\n" + i18n.T{Zh: "%d 名选手没有聊天用户（/players 标出），不会因迟到被自动判负：由裁判用 /here 序号 为其签到，或录入结果。",
			En: "%d players have no chat user (/players marks them) and are not forfeited for lateness automatically: an arbiter checks them in with /here NUMBER, or enters the result."}.In(lang, len(names))
	}
	return "\n" + i18n.T{Zh: "没有聊天用户的选手（%s）不会因迟到被自动判负：由裁判用 /here 序号 为其签到，或录入结果。",
		En: "Players with no chat user (%s) are not forfeited for lateness automatically: an arbiter checks them in with /here NUMBER, or enters the result."}.
		In(lang, strings.Join(names, i18n.T{Zh: "、", En: ", "}.In(lang)))
}
