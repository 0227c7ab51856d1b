package action

import (
	"slices"
	"strings"

	"github.com/qisai/qisai/engine"
)

// A team event (§12, R-TM-1..3): teams registered with their
// players in board order, paired as teams (a team round robin by the Berger
// tables, a team Swiss by 定位编排 on match points), each match played on
// boards. As a staged event's, a team event's games are engine.Round boards
// of st.Event — one game a board with both players, numbered on through the
// round (match 2's board 3 of a 5-board match is board 8) — so reporting,
// confirming, check-ins, reminders and corrections work on them unchanged.
// The log keeps the teams, the teams' pairings and the line-ups (Teamed);
// the engine's TeamEvent is built again from them and the games' results
// (TeamEvent), so a corrected result changes the match, the standings and
// the boards by itself, and old logs (without teams) fold as they did.

func init() {
	register(func() Action { return new(TeamRulesSet) })
	register(func() Action { return new(TeamRegistered) })
	register(func() Action { return new(TeamJoinAsked) })
	register(func() Action { return new(TeamMembersAdded) })
	register(func() Action { return new(TeamMemberRemoved) })
	register(func() Action { return new(TeamRemoved) })
}

// TeamRules are a team event's choices beyond the pairing's settings (which
// stay st.Event.Settings: the format, the rounds, same-unit avoidance, the
// seed).
type TeamRules struct {
	Boards   int               `json:"boards"`
	Reserves int               `json:"reserves,omitempty"`
	Lineup   engine.LineupRule `json:"lineup,omitempty"`
	// GamePoints score each board (局分), MatchPoints each match (场分).
	GamePoints  engine.Scoring `json:"gamePoints"`
	MatchPoints engine.Scoring `json:"matchPoints"`
	// WinningBoards decides a match early (5场3胜制: 3); PlayOut plays
	// its other boards all the same.
	WinningBoards int  `json:"winningBoards,omitempty"`
	PlayOut       bool `json:"playOut,omitempty"`
	// Ranking is the team standings' chain; nil: R-T-4 in a round robin,
	// R-T-5 in a Swiss.
	Ranking []engine.TeamCriterion `json:"ranking,omitempty"`
	// ByRating puts each team's players in board order by rating (§12.1);
	// off, in the order they were entered.
	ByRating bool `json:"byRating,omitempty"`
	// Totals is what a 队员总分制 ranking adds up (R-T-6), of each team's
	// best Boards players in the individual event its players play.
	Totals engine.TotalsRule `json:"totals,omitempty"`
	// KnockoutTie settles a level match of a team knockout; nil:
	// engine.DefaultTeamTie.
	KnockoutTie []engine.TeamTieRule `json:"knockoutTie,omitempty"`
}

// NewTeamRules are the national rules for a team event of boards boards:
// 分台定人, 局分 and 场分 2/1/0 (§14.2).
func NewTeamRules(boards int) TeamRules {
	return TeamRules{Boards: boards, Lineup: engine.FixedBoards, GamePoints: engine.ScoringTwoOne, MatchPoints: engine.ScoringTwoOne}
}

func (r TeamRules) clone() TeamRules {
	r.Ranking = slices.Clone(r.Ranking)
	r.KnockoutTie = slices.Clone(r.KnockoutTie)
	return r
}

// Settings are the engine's settings of the team event whose pairing
// settings are pairing: a bye is worth a match won (R-S-3 at team level).
func (r TeamRules) Settings(pairing engine.Settings) engine.TeamSettings {
	pairing.ByeValue = r.MatchPoints.Win
	ranking := r.Ranking
	if len(ranking) == 0 {
		ranking = engine.TeamSwissRanking
		if pairing.System == engine.RoundRobin || pairing.System == engine.DoubleRoundRobin {
			ranking = engine.TeamRoundRobinRanking
		}
	}
	return engine.TeamSettings{
		Pairing: pairing, Boards: r.Boards, Reserves: r.Reserves, Lineup: r.Lineup,
		GamePoints: r.GamePoints, MatchPoints: r.MatchPoints, WinningBoards: r.WinningBoards, PlayOut: r.PlayOut,
		Ranking: slices.Clone(ranking),
	}
}

// Teamed is a team event's part of the state.
type Teamed struct {
	Rules TeamRules `json:"rules"`
	// Teams are in registration order until the start, then in sequence
	// order (序号, R-SW-1): Teams[i] is team i+1.
	Teams []TeamEntry `json:"teams,omitempty"`
	// Rounds[r-1] is round r's matches between teams.
	Rounds []TeamRoundOf `json:"rounds,omitempty"`
	// Preview is the next round's pairing of the teams, before /publish.
	Preview *engine.Pairing `json:"preview,omitempty"`
}

// TeamEntry is one team as registered.
type TeamEntry struct {
	Name string `json:"name"`
	Unit string `json:"unit,omitempty"`
	// Captain is who registered the team: they confirm who joins it and
	// send its line-ups (R-TM-1).
	Captain Actor `json:"captain"`
	// Members are entrant ids in the order entered; Asking those who asked
	// to join and wait for the captain.
	Members []int `json:"members,omitempty"`
	Asking  []int `json:"asking,omitempty"`
	// Entrant is the team's registration number, which stays when the
	// start numbers the teams.
	Entrant        int `json:"entrant"`
	WithdrawnAfter int `json:"withdrawnAfter,omitempty"`
	// GroupMatches, for a team that left a staged event's group, is the
	// number of matches its group gave it: R-W-2's half is of those (§20.3).
	GroupMatches int `json:"groupMatches,omitempty"`
}

// TeamRoundOf is one round between teams.
type TeamRoundOf struct {
	Matches []MatchOf `json:"matches"`
	Byes    []int     `json:"byes,omitempty"`
}

// MatchOf is one match: its teams and their line-ups (player numbers,
// board 1 first, 0 an empty board). A line-up sent stays hidden until
// both are in (临时定台, §12.3): Revealed then, and the boards are games.
type MatchOf struct {
	Number       int   `json:"number"`
	First        int   `json:"first"`
	Second       int   `json:"second"`
	FirstLineup  []int `json:"firstLineup,omitempty"`
	SecondLineup []int `json:"secondLineup,omitempty"`
	Revealed     bool  `json:"revealed,omitempty"`
	// Blitz marks a team knockout's blitz board after a level match: one
	// game, on the match's board 1, of the players the line-ups name
	// (team_knockout.go).
	Blitz bool `json:"blitz,omitempty"`
}

func (t *Teamed) clone() *Teamed {
	if t == nil {
		return nil
	}
	c := *t
	c.Rules = t.Rules.clone()
	c.Teams = slices.Clone(t.Teams)
	for i := range c.Teams {
		c.Teams[i].Members = slices.Clone(c.Teams[i].Members)
		c.Teams[i].Asking = slices.Clone(c.Teams[i].Asking)
	}
	c.Rounds = slices.Clone(t.Rounds)
	for i := range c.Rounds {
		c.Rounds[i].Matches = slices.Clone(c.Rounds[i].Matches)
		c.Rounds[i].Byes = slices.Clone(c.Rounds[i].Byes)
		for j := range c.Rounds[i].Matches {
			m := &c.Rounds[i].Matches[j]
			m.FirstLineup, m.SecondLineup = slices.Clone(m.FirstLineup), slices.Clone(m.SecondLineup)
		}
	}
	if t.Preview != nil {
		c.Preview = clonePairing(*t.Preview)
	}
	return &c
}

// TeamRulesSet makes the event a team event with rules, or changes them:
// before the start anything; once it runs, the standings' chain only. Nil
// makes it an individual event again, before the start.
type TeamRulesSet struct {
	Rules *TeamRules `json:"rules"`
}

func (*TeamRulesSet) Kind() string { return "team-rules-set" }

func (a *TeamRulesSet) Apply(st *State) error {
	if err := open(st); err != nil {
		return err
	}
	if st.Status == Running {
		if a.Rules == nil || st.Teams == nil {
			return refuse(Conflict, "比赛已经开始，不能改为或取消团体赛", "the event has started: it cannot become or stop being a team event").because(EntriesClosed)
		}
		if !sameRules(st.Teams.Rules, *a.Rules) {
			return refuse(Conflict, "比赛已经开始：团体赛只能修改名次规则", "the event has started: of a team event's rules only the tiebreaks may change")
		}
		st.Teams.Rules.Ranking = slices.Clone(a.Rules.Ranking)
		return nil
	}
	if a.Rules == nil {
		if st.Teams != nil && len(st.Teams.Teams) > 0 {
			return refuse(Conflict, "已有 %d 支队伍报名：先删除队伍，才能改为个人赛", "%d teams have registered: delete them before making it an individual event", len(st.Teams.Teams))
		}
		st.Teams = nil
		return nil
	}
	if st.Stages != nil {
		if r := teamPlanRefused(&st.Stages.Plan, *a.Rules); r != nil {
			return r
		}
	}
	if err := a.Rules.Settings(st.Event.Settings).Check(); err != nil {
		return teamRulesRefused(*a.Rules)
	}
	if st.Teams == nil {
		st.Teams = &Teamed{}
	}
	for _, t := range st.Teams.Teams {
		if n, limit := len(t.Members), a.Rules.Boards+a.Rules.Reserves; n > limit {
			return refuse(Conflict, "「%s」已有 %d 名队员，超过 %d 台加 %d 名替补", "team %q has %d players, more than %d boards and %d reserves", t.Name, n, a.Rules.Boards, a.Rules.Reserves)
		}
	}
	st.Teams.Rules = a.Rules.clone()
	return nil
}

// sameRules reports whether two rules are equal but for their chains.
func sameRules(a, b TeamRules) bool {
	a.Ranking, b.Ranking = nil, nil
	if !slices.Equal(a.KnockoutTie, b.KnockoutTie) {
		return false
	}
	return a.Boards == b.Boards && a.Reserves == b.Reserves && a.Lineup == b.Lineup && a.GamePoints == b.GamePoints &&
		a.MatchPoints == b.MatchPoints && a.WinningBoards == b.WinningBoards && a.PlayOut == b.PlayOut && a.ByRating == b.ByRating &&
		a.Totals == b.Totals
}

// teamRulesRefused says why engine.TeamSettings.Check refused rules.
func teamRulesRefused(r TeamRules) *Refusal {
	switch {
	case r.Boards < 1:
		return refuse(Invalid, "每场团体比赛至少 1 台，不是 %d 台", "a team match has at least one board, not %d", r.Boards)
	case r.Reserves < 0:
		return refuse(Invalid, "替补人数不能是负数", "the reserves cannot be negative")
	case r.WinningBoards != 0:
		return refuse(Invalid, "%[1]d 台的比赛须赢 %[2]d 到 %[1]d 台才提前决出胜负，不是 %[3]d 台", "a match of %[1]d boards is decided early by %[2]d to %[1]d boards won, not %[3]d", r.Boards, r.Boards/2+1, r.WinningBoards)
	}
	return refuse(Invalid, "团体名次规则至少要有一项", "the team standings need at least one criterion")
}

// teamsOf refuses unless the event is a team event, and returns its part.
func teamsOf(st *State) (*Teamed, error) {
	if st.Teams == nil {
		return nil, refuse(Conflict, "这不是团体赛", "this is not a team event")
	}
	return st.Teams, nil
}

// individual refuses in a team event of matches what only an individual
// event does: its rounds are the teams' (TeamRoundPublished). Under 队员总分制
// (R-TM-3) the players play an individual event and the teams are ranked
// by their results (R-T-6).
func individual(st *State) error {
	if st.teamMatches() {
		return refuse(Conflict, "团体赛按队伍编排对阵", "a team event pairs its teams")
	}
	return nil
}

// Totalled reports whether the teams play no matches (队员总分制, R-TM-3):
// their players play an individual event and the team ranking adds up
// their results (R-T-6).
func (r TeamRules) Totalled() bool { return r.Lineup == engine.PlayerTotals }

// TeamRegistered registers a team, its captain who registered it, and its
// first players (entrant ids), before the start.
type TeamRegistered struct {
	Name    string `json:"name"`
	Unit    string `json:"unit,omitempty"`
	Captain Actor  `json:"captain"`
	Members []int  `json:"members,omitempty"`
}

func (*TeamRegistered) Kind() string { return "team-registered" }

func (a *TeamRegistered) Apply(st *State) error {
	if err := beforeStart(st); err != nil {
		return err
	}
	tm, err := teamsOf(st)
	if err != nil {
		return err
	}
	if a.Name == "" {
		return refuse(Invalid, "队伍需要一个名字", "a team needs a name")
	}
	if i := st.TeamNamed(a.Name); i > 0 {
		return refuse(Conflict, "已经有「%s」队了（%d 号）", "there is a team %q already (team %d)", a.Name, i)
	}
	entrant := 1
	for _, t := range tm.Teams {
		entrant = max(entrant, t.Entrant+1)
	}
	t := TeamEntry{Name: a.Name, Unit: a.Unit, Captain: a.Captain, Entrant: entrant}
	if err := st.checkMembers(t, a.Members); err != nil {
		return err
	}
	t.Members = slices.Clone(a.Members)
	tm.Teams = append(tm.Teams, t)
	return nil
}

// TeamNamed is the number of the team called name (case aside), 0 for none.
func (st *State) TeamNamed(name string) int {
	if st.Teams == nil {
		return 0
	}
	for i, t := range st.Teams.Teams {
		if strings.EqualFold(t.Name, name) {
			return i + 1
		}
	}
	return 0
}

// TeamOf is the number of entrant's team, 0 for none.
func (st *State) TeamOf(entrant int) int {
	if st.Teams == nil {
		return 0
	}
	for i, t := range st.Teams.Teams {
		if slices.Contains(t.Members, entrant) {
			return i + 1
		}
	}
	return 0
}

// team is team number id, refused when there is none.
func team(st *State, id int) (*TeamEntry, error) {
	tm, err := teamsOf(st)
	if err != nil {
		return nil, err
	}
	if id < 1 || id > len(tm.Teams) {
		return nil, refuse(NotFound, "没有 %d 号队伍", "there is no team %d", id)
	}
	return &tm.Teams[id-1], nil
}

// addMembers puts entrants into team id after its players (checkMembers).
func (st *State) addMembers(id int, entrants []int) error {
	t, err := team(st, id)
	if err != nil {
		return err
	}
	if err := st.checkMembers(*t, entrants); err != nil {
		return err
	}
	t.Members = append(t.Members, entrants...)
	t.Asking = slices.DeleteFunc(t.Asking, func(x int) bool { return slices.Contains(entrants, x) })
	return nil
}

// checkMembers refuses to put entrants into team t unless each is a player
// of the event in no team yet, and the team stays no bigger than the boards
// and the reserves (§12.2).
func (st *State) checkMembers(t TeamEntry, entrants []int) error {
	r := st.Teams.Rules
	for i, e := range entrants {
		n, ok := st.Numbered(e)
		if !ok {
			return refuse(NotFound, "没有这名选手", "there is no such player").because(NoSuchPlayer)
		}
		name := playerName(st, n)
		if other := st.TeamOf(e); other != 0 {
			return refuse(Conflict, "%s 已经是「%s」的队员", "%s plays for %q already", name, st.Teams.Teams[other-1].Name)
		}
		if slices.Contains(entrants[:i], e) || slices.Contains(t.Members, e) {
			return refuse(Invalid, "%s 列了两次", "%s is listed twice", name)
		}
		if limit := r.Boards + r.Reserves; len(t.Members)+i >= limit {
			return refuse(Conflict, "「%s」已满：%d 台加 %d 名替补，共 %d 人", "team %q is full: %d boards and %d reserves, %d players", t.Name, r.Boards, r.Reserves, limit)
		}
	}
	return nil
}

func playerName(st *State, id int) string {
	p, _ := st.Event.Player(id)
	return p.Name
}

// TeamJoinAsked is a player's request to join a team: the captain
// confirms it (TeamMembersAdded) or refuses it (Refused).
type TeamJoinAsked struct {
	Team    int  `json:"team"`
	Entrant int  `json:"entrant"`
	Refused bool `json:"refused,omitempty"`
}

func (*TeamJoinAsked) Kind() string { return "team-join-asked" }

func (a *TeamJoinAsked) Apply(st *State) error {
	if err := beforeStart(st); err != nil {
		return err
	}
	t, err := team(st, a.Team)
	if err != nil {
		return err
	}
	if a.Refused {
		t.Asking = slices.DeleteFunc(t.Asking, func(x int) bool { return x == a.Entrant })
		return nil
	}
	n, ok := st.Numbered(a.Entrant)
	if !ok {
		return refuse(NotFound, "没有这名选手", "there is no such player").because(NoSuchPlayer)
	}
	if other := st.TeamOf(a.Entrant); other != 0 {
		return refuse(Conflict, "%s 已经是「%s」的队员", "%s plays for %q already", playerName(st, n), st.Teams.Teams[other-1].Name)
	}
	if !slices.Contains(t.Asking, a.Entrant) {
		t.Asking = append(t.Asking, a.Entrant)
	}
	return nil
}

// TeamMembersAdded puts players (entrant ids) into a team after its
// players, before the start: the captain's yes to a request to join, or
// an organiser's entry.
type TeamMembersAdded struct {
	Team     int   `json:"team"`
	Entrants []int `json:"entrants"`
}

func (*TeamMembersAdded) Kind() string { return "team-members-added" }

func (a *TeamMembersAdded) Apply(st *State) error {
	if err := beforeStart(st); err != nil {
		return err
	}
	return st.addMembers(a.Team, a.Entrants)
}

// TeamMemberRemoved takes a player out of a team before the start; the
// players after them move up a board.
type TeamMemberRemoved struct {
	Team    int `json:"team"`
	Entrant int `json:"entrant"`
}

func (*TeamMemberRemoved) Kind() string { return "team-member-removed" }

func (a *TeamMemberRemoved) Apply(st *State) error {
	if err := beforeStart(st); err != nil {
		return err
	}
	t, err := team(st, a.Team)
	if err != nil {
		return err
	}
	i := slices.Index(t.Members, a.Entrant)
	if i < 0 {
		return refuse(NotFound, "这名选手不是「%s」的队员", "that player is not in team %q", t.Name)
	}
	t.Members = slices.Delete(t.Members, i, i+1)
	return nil
}

// TeamRemoved deletes a team before the start; its players stay entered,
// in no team.
type TeamRemoved struct {
	Team int `json:"team"`
}

func (*TeamRemoved) Kind() string { return "team-removed" }

func (a *TeamRemoved) Apply(st *State) error {
	if err := beforeStart(st); err != nil {
		return err
	}
	if _, err := team(st, a.Team); err != nil {
		return err
	}
	st.Teams.Teams = slices.Delete(st.Teams.Teams, a.Team-1, a.Team)
	return nil
}
