package action

// A team's name and unit, corrected before the start (/team rename, /team
// unit): the line-ups, the pairings and every table name the team by its
// entry, so nothing else changes.

func init() {
	register(func() Action { return new(TeamEdited) })
}

// TeamEdited gives team Team a new name or unit before the start; a field
// left nil stays as it was.
type TeamEdited struct {
	Team int     `json:"team"`
	Name *string `json:"name,omitempty"`
	Unit *string `json:"unit,omitempty"`
}

func (*TeamEdited) Kind() string { return "team-edited" }

func (a *TeamEdited) Apply(st *State) error {
	if err := beforeStart(st); err != nil {
		return err
	}
	t, err := team(st, a.Team)
	if err != nil {
		return err
	}
	if a.Name != nil {
		if *a.Name == "" {
			return refuse(Invalid, "队伍需要一个名字", "a team needs a name")
		}
		if i := st.TeamNamed(*a.Name); i > 0 && i != a.Team {
			return refuse(Conflict, "已经有「%s」队了（%d 号）", "there is a team %q already (team %d)", *a.Name, i)
		}
		t.Name = *a.Name
	}
	if a.Unit != nil {
		t.Unit = *a.Unit
	}
	return nil
}
