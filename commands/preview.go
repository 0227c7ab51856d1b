package commands

import (
	"errors"
	"fmt"
	"strconv"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/engine"
	"github.com/qisai/qisai/storage"
)

// The pairing preview: the next round paired with its record (R-SW-13),
// and changed by hand — swaps, flips, exchanges — before it is published.

// pairNext pairs the next round as a preview and shows it with its record
// (R-SW-13) to the arbiter who asked.
func pairNext(c *Context) (Reply, error) {
	if err := running(c.State); err != nil {
		return Reply{}, err
	}
	if c.State.Stages != nil {
		return pairStaged(c)
	}
	if matchesPlayed(c.State) {
		return pairTeams(c) // team_rounds.go
	}
	ev := &c.State.Event
	if err := roundOpen(ev, c.Lang); err != nil {
		return Reply{}, err
	}
	if n := plannedRounds(ev); n > 0 && ev.NextRound() > n {
		return Reply{}, problem("全部 %d 轮已赛完。输入 /finish 结束比赛。", "All %d rounds are played. Type /finish to finish the event.", n)
	}
	var text string
	_, err := c.Update(func(ch *storage.Change) error {
		next := ch.State.Event.NextRound()
		p, err := engine.Pair(&ch.State.Event)
		var pe *engine.PairingError
		if errors.As(err, &pe) {
			return action.PairingRefused(pe) // in the user's language, with what to do
		}
		if err != nil {
			return fmt.Errorf("pair round %d: %w", next, err)
		}
		if err := ch.Append(&action.PairingPreviewed{Pairing: p}); err != nil {
			return err
		}
		text = previewText(ch.State, c.Lang)
		return nil
	})
	if err != nil {
		return Reply{}, err
	}
	return Reply{Text: text, Private: true}, nil
}

// previewText is the preview with its record and what to do next.
func previewText(st *action.State, lang Lang) string {
	if st.Stages != nil {
		return stagedPreview(st, lang)
	}
	text := pairingRecord(st, st.Preview, lang) + "\n"
	if s := st.Event.Settings.System; s == engine.RoundRobin || s == engine.DoubleRoundRobin {
		// A round robin's table is fixed (R-C-2): nothing to change by hand.
		return text + T{"公布：/publish", "Publish: /publish"}.In(lang)
	}
	return text + T{"改动：/swap 台 台 换黑方 · /exchange 序号 序号 换人 · /flip 台 对调先后手\n公布：/publish",
		"Change: /swap B1 B2 swaps blacks · /exchange N1 N2 exchanges players · /flip B flips colours\nPublish: /publish"}.In(lang)
}

// swap exchanges the black players of two boards of the preview: an
// arbiter's change by hand. Colours stay; a rematch is refused (R-SW-9).
func swap(c *Context) (Reply, error) {
	a, _ := strconv.Atoi(c.Args["b1"])
	b, _ := strconv.Atoi(c.Args["b2"])
	return changePreview(c, &action.BoardsSwapped{A: a, B: b},
		T{"已交换第 %d、%d 台的黑方。", "Swapped the black players of boards %d and %d."}.In(c.Lang, a, b))
}

// flip gives a board of the preview the other colours.
func flip(c *Context) (Reply, error) {
	b, _ := strconv.Atoi(c.Args["board"])
	return changePreview(c, &action.BoardFlipped{Board: b},
		T{"已对调第 %d 台的先后手。", "Flipped the colours of board %d."}.In(c.Lang, b))
}

// exchange exchanges two players of the preview between their boards.
func exchange(c *Context) (Reply, error) {
	a, err := findPlayer(c.State, c.Args["player1"])
	if err != nil {
		return Reply{}, err
	}
	b, err := findPlayer(c.State, c.Args["player2"])
	if err != nil {
		return Reply{}, err
	}
	return changePreview(c, &action.PlayersExchanged{A: a.ID, B: b.ID},
		T{"已对调 %d 号%s和 %d 号%s的位置。", "Exchanged %d %s and %d %s."}.In(c.Lang, a.ID, a.Name, b.ID, b.Name))
}

// changePreview applies a change by hand to the preview and shows it again,
// re-checked: the record names each rule the change breaks (engine.Check).
func changePreview(c *Context, a action.Action, done string) (Reply, error) {
	var text string
	_, err := c.Update(func(ch *storage.Change) error {
		if err := ch.Append(a); err != nil {
			// A change the rules refuse leaves the preview as it was.
			if r := (*action.Refusal)(nil); errors.As(err, &r) && r.Reason != action.NoPreview && r.Reason != action.Published {
				return problem("%s可以改别的台，或输入 /pair 重新编排。", "%s Change other boards, or type /pair to pair again.", refusalReason(r, c.Lang))
			}
			return err
		}
		text = previewText(ch.State, c.Lang)
		return nil
	})
	if err != nil {
		return Reply{}, err
	}
	return Reply{Text: done + "\n" + text, Private: true}, nil
}
