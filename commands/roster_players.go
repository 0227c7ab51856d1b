package commands

import (
	"strconv"
	"strings"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/internal/i18n"
	"github.com/qisai/qisai/sheet"
)

// /players: the roster as the chat shows it, before and after the start —
// who is entered, with what unit and rating, and whether a chat user acts
// for each (an organiser's entries have none until claimed or linked).

func rosterCommands() []*Command {
	return []*Command{{
		Name: "players", Aliases: []string{"选手"}, Who: Member,
		Help: i18n.T{Zh: "列出报名的选手：序号、名字、单位、等级分，是否有聊天用户", En: "list the entrants: number, name, unit, rating, and whether a chat user is linked"},
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
	ids, err := c.reads().Identities()
	if err != nil {
		return Reply{}, err
	}
	linked := map[int]bool{}
	for _, id := range ids {
		linked[id.Entrant] = true
	}
	started := st.Status == action.Running || st.Status == action.Finished
	number := i18n.T{Zh: "报名", En: "Entry"}
	if started {
		number = i18n.T{Zh: "序号", En: "No."}
	}
	head := []string{number.In(c.Lang), i18n.T{Zh: "名字", En: "Name"}.In(c.Lang), i18n.T{Zh: "单位", En: "Unit"}.In(c.Lang), i18n.T{Zh: "等级分", En: "Rating"}.In(c.Lang), i18n.T{Zh: "用户", En: "User"}.In(c.Lang)}
	categories := len(st.Awards.Categories) > 0 // R-T-10
	if categories {
		head = append(head, i18n.T{Zh: "组别", En: "Category"}.In(c.Lang))
	}
	var (
		blocks    []string
		t         *sheet.Text
		unlinked  int
		withdrawn []string
	)
	for i, p := range st.Event.Players {
		if i%rosterBlock == 0 {
			if t != nil {
				blocks = append(blocks, monoTable(t))
			}
			t = &sheet.Text{Fit: phoneWidth, Shrink: []int{1, 2}}
			t.Row(head...)
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
		row := []string{strconv.Itoa(p.ID), p.Name, p.Unit, rating, user}
		if categories {
			row = append(row, strings.Join(p.Categories, "、"))
		}
		t.Row(row...)
	}
	blocks = append(blocks, monoTable(t))
	title := i18n.T{Zh: "%s 选手（%d 人，%s）", En: "%s: players (%d, %s)"}.In(c.Lang, st.Event.Name, len(st.Event.Players), statusName(st.Status, c.Lang))
	var foot []string
	if len(withdrawn) > 0 {
		foot = append(foot, i18n.T{Zh: "已退赛：%s 号。", En: "Withdrawn: %s."}.In(c.Lang, strings.Join(withdrawn, i18n.T{Zh: "、", En: ", "}.In(c.Lang))))
	}
	if unlinked > 0 {
		foot = append(foot, i18n.T{Zh: "✓ 表示有聊天用户；%d 名选手没有，收不到私信。", En: "✓ marks a player with a chat user; %d have none and get no private notes."}.In(c.Lang, unlinked))
	}
	foot = append(foot, entryFoot(st, c.svc.now(), c.Lang)...) // R-E-5
	return Reply{Text: strings.Join(append([]string{title, strings.Join(blocks, "\n\n")}, foot...), "\n")}, nil
}
