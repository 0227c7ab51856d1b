package paper

import (
	"slices"
	"strconv"

	"github.com/qisai/qisai/internal/i18n"
	"github.com/qisai/qisai/sheet"
)

// Players is the list of entries (参赛名单): each player's number, name,
// unit and rating, and in a team event their team, in number order; a
// player who withdrew stays, muted (R-W-4). Before the start the numbers
// are the order of entry: the numbering at the start fixes them (R-SW-1),
// which the note says.
func Players(p Papers) sheet.Table {
	ev := p.Event.Event
	t := sheet.Table{
		Kind:  sheet.KindStandings,
		Title: p.tr(i18n.T{Zh: "参赛名单", En: "Entries"}),
		Columns: []sheet.Column{
			{Title: p.tr(i18n.T{Zh: "序号", En: "No"}), Align: sheet.Right, Brief: true},
			{Title: p.tr(i18n.T{Zh: "姓名", En: "Name"}), Shrink: true, Brief: true},
			{Title: p.tr(i18n.T{Zh: "单位", En: "Unit"}), Shrink: true},
			{Title: p.tr(i18n.T{Zh: "等级分", En: "Rating"}), Align: sheet.Right},
		},
	}
	if !p.numbered() {
		t.Note = p.tr(i18n.T{Zh: "序号为报名顺序，开赛时按规程重新排定（R-SW-1）。", En: "Numbers are the order of entry until the start fixes them (R-SW-1)."})
	}
	teamOf := p.teamOf()
	if teamOf != nil {
		t.Columns = append(t.Columns, sheet.Column{Title: p.tr(i18n.T{Zh: "队名", En: "Team"}), Shrink: true})
	}
	for _, pl := range ev.Players {
		tone := sheet.Plain
		if pl.WithdrawnAfter != 0 {
			tone = sheet.Muted
		}
		row := []sheet.Cell{{Text: strconv.Itoa(pl.ID)}, {Text: pl.Name, Tone: tone}, {Text: pl.Unit}, {Text: rating(pl.Rating)}}
		if teamOf != nil {
			row = append(row, sheet.Cell{Text: teamOf[pl.ID]})
		}
		t.Rows = append(t.Rows, row)
	}
	return t
}

// numbered reports whether the players' numbers are fixed: the event has
// started (R-SW-1).
func (p Papers) numbered() bool {
	return p.Event.Phase != sheet.Setup && p.Event.Phase != sheet.Signup
}

// teamOf is each player's team's name by player id in a team event; nil in
// an individual one.
func (p Papers) teamOf() map[int]string {
	if p.Event.Teams == nil {
		return nil
	}
	out := map[int]string{}
	for _, team := range p.Event.Teams.Event.Teams {
		for _, id := range team.Members {
			out[id] = team.Name
		}
	}
	return out
}

// rating is a rating as the papers print it: "" for none.
func rating(r int) string {
	if r <= 0 {
		return ""
	}
	return strconv.Itoa(r)
}

// group is a unit's players or a team, as a programme lists the entries
// (参赛单位及运动员名单): "杭州", "3 实验一队（实验中学）", and its players in
// number order, a team's in board order.
type group struct {
	Label   string
	Members []entry
}

// entry is a player as the programme lists them.
type entry struct {
	Number          int
	Name, Rating    string
	Withdrawn, Lead bool // Lead: a team's captain
}

// groups are the entries as the programme lists them: a team event's by
// team (teams), an individual event's by unit (byUnit).
func (p Papers) groups() []group {
	if p.Event.Teams != nil {
		return p.teams()
	}
	return p.byUnit()
}

// byUnit groups the players by unit, the units in the order of their
// first player's number; the players without a unit come last, under
// "无单位".
func (p Papers) byUnit() []group {
	var groups []group
	at := map[string]int{}
	for _, pl := range p.Event.Event.Players {
		i, ok := at[pl.Unit]
		if !ok {
			i = len(groups)
			at[pl.Unit] = i
			groups = append(groups, group{Label: pl.Unit})
		}
		groups[i].Members = append(groups[i].Members, entry{Number: pl.ID, Name: pl.Name, Rating: rating(pl.Rating), Withdrawn: pl.WithdrawnAfter != 0})
	}
	if i, ok := at[""]; ok {
		none := groups[i]
		none.Label = p.tr(i18n.T{Zh: "无单位", En: "No unit"})
		groups = append(slices.Delete(groups, i, i+1), none)
	}
	return groups
}

// teams are a team event's teams in number order, each labelled with its
// number, name and unit, its members in board order.
func (p Papers) teams() []group {
	ev := p.Event.Event
	var out []group
	for _, team := range p.Event.Teams.Event.Teams {
		g := group{Label: strconv.Itoa(team.ID) + " " + team.Name}
		if team.Unit != "" && team.Unit != team.Name {
			g.Label += p.tr(i18n.T{Zh: "（%s）", En: " (%s)"}, team.Unit)
		}
		for _, id := range team.Members {
			pl, _ := ev.Player(id)
			g.Members = append(g.Members, entry{Number: id, Name: pl.Name, Rating: rating(pl.Rating), Withdrawn: pl.WithdrawnAfter != 0, Lead: id == team.Captain})
		}
		out = append(out, g)
	}
	return out
}
