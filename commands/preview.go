package commands

import (
	"errors"
	"strconv"
	"strings"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/internal/i18n"
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
	return formatOf(c.State).pair(c)
}

// previewRound pairs the next round as the event's format does and shows
// the preview to the arbiter who asked, with its record (R-SW-13) and what
// may be changed.
func previewRound(c *Context) (Reply, error) {
	var text string
	_, err := c.Update(func(ch *storage.Change) error {
		a, err := ch.State.Format().Pair(ch.State)
		if err != nil {
			return err
		}
		if err := ch.Append(a); err != nil {
			return err
		}
		text = formatOf(ch.State).preview(ch.State, c.Own)
		return nil
	})
	if err != nil {
		return Reply{}, err
	}
	return Reply{Text: text, Private: true}, nil
}

// previewText is an individual event's preview with its record (R-SW-13)
// and what to do next.
func previewText(st *action.State, lang i18n.Lang) string {
	next := i18n.T{Zh: "改动：/swap 台 台 换黑方 · /exchange 序号 序号 换人 · /flip 台 对调先后手\n公布：/publish",
		En: "Change: /swap B1 B2 swaps blacks · /exchange N1 N2 exchanges players · /flip B flips colours\nPublish: /publish"}
	if action.RoundRobin(st.Event.Settings.System) {
		// A round robin's table is fixed (R-C-2): nothing to change by hand.
		next = i18n.T{Zh: "公布：/publish", En: "Publish: /publish"}
	}
	var b strings.Builder // one buffer for thousands of boards
	pairingRecord(&b, st, st.Preview, lang)
	b.WriteString(next.In(lang))
	return b.String()
}

// swap exchanges the black players of two boards of the preview: an
// arbiter's change by hand. Colours stay; a rematch is refused (R-SW-9).
func swap(c *Context) (Reply, error) {
	a, _ := strconv.Atoi(c.Args["b1"])
	b, _ := strconv.Atoi(c.Args["b2"])
	return changePreview(c, &action.BoardsSwapped{A: a, B: b},
		i18n.T{Zh: "已交换第 %d、%d 台的黑方。", En: "Swapped the black players of boards %d and %d."}.In(c.Own, a, b))
}

// flip gives a board of the preview the other colours.
func flip(c *Context) (Reply, error) {
	b, _ := strconv.Atoi(c.Args["board"])
	return changePreview(c, &action.BoardFlipped{Board: b},
		i18n.T{Zh: "已对调第 %d 台的先后手。", En: "Flipped the colours of board %d."}.In(c.Own, b))
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
		i18n.T{Zh: "已对调 %d 号%s和 %d 号%s的位置。", En: "Exchanged %d %s and %d %s."}.In(c.Own, a.ID, a.Name, b.ID, b.Name))
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
		text = formatOf(ch.State).preview(ch.State, c.Own)
		return nil
	})
	if err != nil {
		return Reply{}, err
	}
	return Reply{Text: done + "\n" + text, Private: true}, nil
}
