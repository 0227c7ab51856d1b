package commands

import (
	"strconv"
	"strings"

	"github.com/qisai/qisai/action"
)

// /players: the roster as the chat shows it, before and after the start —
// who is entered, with what unit and rating, and whether a chat user acts
// for each (an organiser's entries have none until claimed or linked).

func rosterCommands() []*Command {
	return []*Command{{
		Name: "players", Aliases: []string{"选手"}, Who: Member,
		Help: T{"列出报名的选手：序号、名字、单位、等级分，是否有聊天用户", "list the entrants: number, name, unit, rating, and whether a chat user is linked"},
		Run:  listPlayers,
	}}
}

// rosterBlock is how many players a block of /players holds: a long
// roster is cut into blocks, each with its heading, which the splitting of
// long messages keeps whole.
const rosterBlock = 40

func listPlayers(c *Context) (Reply, error) {
	st := c.State
	if len(st.Event.Players) == 0 {
		return Reply{}, problem("还没有选手。选手用 /join 名字 报名，组织者用 /player add 名字 添加。", "No players yet. Players join with /join NAME; organisers add them with /player add NAME.")
	}
	ids, err := c.svc.store.Identities(c, c.Event)
	if err != nil {
		return Reply{}, err
	}
	linked := map[int]bool{}
	for _, id := range ids {
		linked[id.Entrant] = true
	}
	started := st.Status == action.Running || st.Status == action.Finished
	number := T{"报名", "Entry"}
	if started {
		number = T{"序号", "No."}
	}
	head := []string{number.In(c.Lang), T{"名字", "Name"}.In(c.Lang), T{"单位", "Unit"}.In(c.Lang), T{"等级分", "Rating"}.In(c.Lang), T{"用户", "User"}.In(c.Lang)}
	var (
		blocks    []string
		t         *table
		unlinked  int
		withdrawn []string
	)
	for i, p := range st.Event.Players {
		if i%rosterBlock == 0 {
			if t != nil {
				blocks = append(blocks, t.String())
			}
			t = &table{fit: phoneWidth, shrink: []int{1, 2}}
			t.row(head...)
		}
		rating, user := "", ""
		if p.Rating > 0 {
			rating = strconv.Itoa(p.Rating)
		}
		if linked[p.Entrant] {
			user = "✓"
		} else {
			unlinked++
		}
		if p.WithdrawnAfter != 0 {
			withdrawn = append(withdrawn, strconv.Itoa(p.ID))
		}
		t.row(strconv.Itoa(p.ID), p.Name, p.Unit, rating, user)
	}
	blocks = append(blocks, t.String())
	title := T{"%s 选手（%d 人，%s）", "%s: players (%d, %s)"}.In(c.Lang, st.Event.Name, len(st.Event.Players), statusName(st.Status, c.Lang))
	var foot []string
	if len(withdrawn) > 0 {
		foot = append(foot, T{"已退赛：%s 号。", "Withdrawn: %s."}.In(c.Lang, strings.Join(withdrawn, T{"、", ", "}.In(c.Lang))))
	}
	if unlinked > 0 {
		foot = append(foot, T{"✓ 表示有聊天用户；%d 名选手没有，收不到私信。", "✓ marks a player with a chat user; %d have none and get no private notes."}.In(c.Lang, unlinked))
	}
	return Reply{Text: strings.Join(append([]string{title, strings.Join(blocks, "\n\n")}, foot...), "\n")}, nil
}
