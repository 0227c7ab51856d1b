package commands

import (
	"errors"
	"slices"
	"strings"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/internal/i18n"
	"github.com/qisai/qisai/storage"
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

// addSelfToTeam puts the sender, entrant, into team id at once: they are
// its captain, or an organiser, whom nobody needs to ask. joined is what
// their sign-up said, if they signed up with it.
func addSelfToTeam(c *Context, id, entrant int, joined string) (Reply, error) {
	var board int
	if _, err := c.Update(func(ch *storage.Change) error {
		if err := ch.Append(&action.TeamMembersAdded{Team: id, Entrants: []int{entrant}}); err != nil {
			return err
		}
		board = len(ch.State.Teams.Teams[id-1].Members)
		return nil
	}); err != nil {
		return Reply{}, err
	}
	return Reply{Text: joined + i18n.T{Zh: "你已加入「%s」，第 %d 台。", En: "You are in team %q, board %d."}.In(c.Lang, c.State.Teams.Teams[id-1].Name, board)}, nil
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

// captainPlays signs up the captain of the team id just registered, who
// is no player yet, by their chat name (as /team join does), and makes
// them its board 1; what stands in the way (sign-up closed, the name
// taken) is said, with what to type to play, and the team stays
// registered.
func captainPlays(c *Context, id int) (string, error) {
	team := c.State.Teams.Teams[id-1].Name
	r, as, err := c.joinEvent(c.Req.User.Name)
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
		return "", err
	case as == nil:
		return r.Text, nil // on the wait list, or the roster's organisers asked
	}
	if reason != "" {
		return reason + sep(c.Lang) + i18n.T{Zh: "你暂不上场；要上场：/team join %s 名字。", En: "You do not play for now; to play: /team join %s NAME."}.In(c.Lang, argWord(team)), nil
	}
	c.State, c.Player = as.state, as.player.ID
	added, err := addSelfToTeam(c, id, as.player.Entrant, r.Text+"\n")
	return added.Text, err
}
