package commands

import (
	"errors"
	"slices"
	"strings"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/internal/i18n"
)

// teamAndName reads /team join's words: the team, and the name the sender
// joins the event by when they have not yet ("" when none is given). The
// whole line names the team when a team is called so ("Intl Team");
// otherwise its first word does and the rest is the name.
func teamAndName(st *action.State, words []string) (int, string, error) {
	if err := teamEvent(st); err != nil {
		return 0, "", err
	}
	whole := strings.Join(words, " ")
	if n := st.TeamNamed(whole); n > 0 || len(words) < 2 {
		id, err := teamNamed(st, whole)
		return id, "", err
	}
	id, err := teamNamed(st, words[0])
	return id, strings.Join(words[1:], " "), err
}

// teamsOpen refuses a new member of a team once the event has started:
// its teams are fixed then (R-TM-1).
func teamsOpen(st *action.State) error {
	if st.Status == action.Setup || st.Status == action.Signup {
		return nil
	}
	return problem("比赛已经开始，队伍不能再加人。", "The event has started: its teams take no more players.")
}

// noPlay are /team new's words for a captain who does not play.
var noPlay = []string{"no-play", "不上场"}

// isNoPlay reports whether w says the captain does not play ("--no-play"
// too, as a command line writes it).
func isNoPlay(w string) bool {
	return w != "" && slices.Contains(noPlay, strings.TrimLeft(w, "-"))
}

// argWord is name as a command's argument is typed: quoted when it has a
// space, so that a hint that names it works as typed.
func argWord(name string) string {
	if strings.ContainsFunc(name, isSpace) {
		return `"` + name + `"`
	}
	return name
}

// onceYouPlay tells a sender on the wait list, or whose roster entry the
// organisers confirm first, how to ask for team once they play.
func onceYouPlay(team string, lang i18n.Lang) string {
	return i18n.T{Zh: "成为正式选手后再输入 /team join %s 申请入队。", En: "Once you play, type /team join %s to ask for a place in the team."}.In(lang, argWord(team))
}

// captainSigning settles the sign-up of a captain who is no player yet, by
// their chat name (as /team join does), for the change that registers
// team: nil, with what stands in the way (sign-up closed, the name taken,
// the roster's organisers asked) and what to type to play, when they do
// not play for now — the team is registered all the same.
func captainSigning(c *Context, team string) (*signing, string, error) {
	su, asked, err := c.prepareJoin(c.Req.User.Name)
	var (
		p      *Problem
		ref    *action.Refusal
		reason string
	)
	switch {
	case errors.As(err, &p):
		reason = p.Text.In(c.Lang, p.Args...)
	case errors.As(err, &ref):
		reason = refusalReason(ref, c.Lang)
	case err != nil:
		return nil, "", err
	case asked != nil:
		return nil, asked.Text + "\n" + onceYouPlay(team, c.Lang), nil
	default:
		return su, "", nil
	}
	return nil, reason + sep(c.Lang) + i18n.T{Zh: "你暂不上场；要上场：/team join %s 名字。", En: "You do not play for now; to play: /team join %s NAME."}.In(c.Lang, argWord(team)), nil
}
