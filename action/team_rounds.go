package action

import (
	"errors"
	"slices"
	"time"

	"github.com/qisai/qisai/engine"
	"github.com/qisai/qisai/internal/i18n"
)

// A team event's rounds: the teams numbered at the start (R-SW-1), each
// round paired between teams, previewed and published; the line-ups set at
// publication under 分台定人 and 全队轮赛, sent by the captains under 分台换人
// and 临时定台 and revealed when both are in (or by an arbiter, with the
// registered order for a team that sent none, R-TM-1); the boards' games
// played as any game; a match decided early by 5场3胜制 leaves its other
// boards unplayed unless they are played out; a team leaving (R-W-1..4).

func init() {
	register(func() Action { return new(TeamPairingPreviewed) })
	register(func() Action { return new(TeamRoundPublished) })
	register(func() Action { return new(LineupSent) })
	register(func() Action { return new(LineupsRevealed) })
	register(func() Action { return new(TeamWithdrawn) })
}

// GamesPerMatch is how many games a match has (engine.TeamSettings.GamesPerMatch).
func (r TeamRules) GamesPerMatch() int { return r.boards().GamesPerMatch() }

// Board is the round's number of board b (from 1) of match number m
// (engine.TeamSettings.Board).
func (r TeamRules) Board(m, b int) int { return r.boards().Board(m, b) }

// boards are the engine's settings that lay out a round's boards.
func (r TeamRules) boards() engine.TeamSettings {
	return engine.TeamSettings{Boards: r.Boards, Lineup: r.Lineup}
}

// MatchBoard is which match (its number) and which of its boards a board
// of the round is: Board's inverse.
func (r TeamRules) MatchBoard(board int) (match, b int) {
	g := r.GamesPerMatch()
	return (board-1)/g + 1, (board-1)%g + 1
}

// teamBase is the engine's team event without its rounds: the players,
// the teams in board order (by rating when the rules say so, §12.1).
func (st *State) teamBase() *engine.TeamEvent {
	tm := st.Teams
	ev := &engine.TeamEvent{Name: st.Event.Name, Settings: tm.Rules.Settings(st.TeamPairing()), Players: st.Event.Players}
	number := make(map[int]int, len(st.Event.Players)) // entrant → player number
	for _, p := range st.Event.Players {
		number[p.Entrant] = p.ID
	}
	for i, t := range tm.Teams {
		members := make([]int, 0, len(t.Members))
		for _, e := range t.Members {
			if n, ok := number[e]; ok {
				members = append(members, n)
			}
		}
		if tm.Rules.ByRating {
			members = engine.OrderMembers(members, st.Event.Players)
		}
		ev.Teams = append(ev.Teams, engine.Team{ID: i + 1, Name: t.Name, Unit: t.Unit, Members: members, Entrant: i + 1})
	}
	return ev
}

// TeamEvent is the event between teams as the engine sees it: its teams,
// rounds, line-ups, and each board's result as its game has it. Nil for an
// individual event. The caller may change it.
func (st *State) TeamEvent() *engine.TeamEvent {
	if st.Teams == nil {
		return nil
	}
	tm := st.Teams
	ev := st.teamBase()
	for r, rd := range tm.Rounds {
		tr := engine.TeamRound{Byes: slices.Clone(rd.Byes)}
		for _, m := range rd.Matches {
			tr.Matches = append(tr.Matches, engine.TeamMatch{Number: m.Number, First: m.First, Second: m.Second})
		}
		ev.Rounds = append(ev.Rounds, tr)
		var games []engine.Game
		if r < len(st.Event.Rounds) {
			games = st.Event.Rounds[r].Games
		}
		for i, m := range rd.Matches {
			if m.Revealed && !m.Blitz { // a blitz board is no match of boards
				st.playMatch(ev, r+1, &ev.Rounds[r].Matches[i], m, games)
			}
		}
	}
	for i, t := range tm.Teams {
		if t.WithdrawnAfter != 0 {
			_ = withdrawTeam(ev, i+1, max(t.WithdrawnAfter, 0), t.GroupMatches) // checked when it left
		}
	}
	return ev
}

// playMatch lays out match m of round in ev from its line-ups (R-C-2) and
// gives each board the result of its game among games.
func (st *State) playMatch(ev *engine.TeamEvent, round int, into *engine.TeamMatch, m MatchOf, games []engine.Game) {
	if err := ev.SetLineups(round, m.Number, m.FirstLineup, m.SecondLineup); err != nil {
		return // checked when they were sent
	}
	r := st.Teams.Rules
	for i := range into.Games {
		g := &into.Games[i]
		if g.Red == 0 || g.Black == 0 {
			continue
		}
		// The round's games are in board order (reveal).
		board := r.Board(m.Number, g.Board)
		if k, found := slices.BinarySearchFunc(games, board, func(x engine.Game, b int) int { return x.Board - b }); found {
			ig := games[k]
			g.Result, g.RedFouls, g.BlackFouls = ig.Result, ig.RedFouls, ig.BlackFouls
		}
	}
}

// matchOf is round's match number, refused when there is none.
func (st *State) matchOf(round, number int) (*MatchOf, error) {
	tm := st.Teams
	if round < 1 || round > len(tm.Rounds) {
		return nil, refuse(NotFound, "没有第 %d 轮", "there is no round %d", round).because(NoSuchRound)
	}
	for i := range tm.Rounds[round-1].Matches {
		if m := &tm.Rounds[round-1].Matches[i]; m.Number == number {
			return m, nil
		}
	}
	return nil, refuse(NotFound, "第 %d 轮没有第 %d 场", "round %d has no match %d", round, number)
}

// MatchScore is what match number of round says so far, with the match.
func (st *State) MatchScore(round, number int) (engine.MatchScore, engine.TeamMatch, bool) {
	if st.Teams == nil {
		return engine.MatchScore{}, engine.TeamMatch{}, false
	}
	m, err := st.matchOf(round, number)
	if err != nil || !m.Revealed {
		return engine.MatchScore{}, engine.TeamMatch{}, false
	}
	ev := st.teamBase()
	for i, t := range st.Teams.Teams {
		ev.Teams[i].WithdrawnAfter = t.WithdrawnAfter
	}
	ev.Rounds = make([]engine.TeamRound, round)
	ev.Rounds[round-1].Matches = []engine.TeamMatch{{Number: m.Number, First: m.First, Second: m.Second}}
	st.playMatch(ev, round, &ev.Rounds[round-1].Matches[0], *m, st.Event.Rounds[round-1].Games)
	tmatch := ev.Rounds[round-1].Matches[0]
	return ev.Score(tmatch), tmatch, true
}

// settleTeam follows a result on board of round into its match (the
// settling actions call it, Settling): a match
// decided early (5场3胜制) without PlayOut leaves its boards still to play
// unplayed (Void: nobody reports them, they count for nobody); a
// correction that undecides it gives them back.
func (st *State) settleTeam(round, board int) {
	tm := st.Teams
	if tm == nil || round < 1 || round > len(tm.Rounds) || round > len(st.Event.Rounds) {
		return
	}
	number, _ := tm.Rules.MatchBoard(board)
	sc, _, ok := st.MatchScore(round, number)
	if !ok {
		return
	}
	unplayed := sc.Decided && !tm.Rules.PlayOut
	games := st.ownRound(round).Games
	for i := range games {
		if g := &games[i]; g.Result == engine.Pending {
			if n, _ := tm.Rules.MatchBoard(g.Board); n == number {
				g.Void = unplayed
			}
		}
	}
}

// TeamPairingPreviewed shows the teams' pairing of the next round before
// it is published (R-SW-13), replacing any earlier one.
type TeamPairingPreviewed struct {
	Pairing engine.Pairing `json:"pairing"`
	// Matches, in a team knockout, say what each match plays (BoardOf,
	// its Board the match's number).
	Matches []BoardOf `json:"matches,omitempty"`
}

func (*TeamPairingPreviewed) Kind() string { return "team-pairing-previewed" }

func (a *TeamPairingPreviewed) Apply(st *State) error {
	if err := running(st); err != nil {
		return err
	}
	tm, err := teamsOf(st)
	if err != nil {
		return err
	}
	if err := st.checkTeamPairing(a.Pairing); err != nil {
		return err
	}
	tm.Preview = clonePairing(a.Pairing)
	if st.Stages != nil {
		st.Stages.Preview = slices.Clone(a.Matches)
	}
	return nil
}

func (st *State) checkTeamPairing(p engine.Pairing) error {
	tm := st.Teams
	if tm.Rules.Totalled() {
		return refuse(Conflict, "队员总分制不按队伍编排：选手按个人赛编排", "under player totals the teams are not paired: the players are, as in an individual event")
	}
	if next := len(tm.Rounds) + 1; p.Round != next || len(st.Event.Rounds) != len(tm.Rounds) {
		return refuse(Conflict, "这是第 %d 轮的编排，但下一轮是第 %d 轮", "the pairing is for round %d, but the next round is %d", p.Round, next)
	}
	seen := map[int]bool{}
	for id := range paired(p) {
		if id < 1 || id > len(tm.Teams) {
			return refuse(NotFound, "没有 %d 号队伍", "there is no team %d", id)
		}
		if seen[id] {
			return refuse(Invalid, "%d 号队伍在编排里出现了两次", "team %d is paired twice", id)
		}
		seen[id] = true
	}
	return nil
}

// TeamRoundPublished makes a pairing of the teams the next round: one
// match a pairing's board, the first team its red (R-C-2). Under 分台定人
// and 全队轮赛 the line-ups are the registered orders at once; under the
// others the captains send them (LineupSent).
type TeamRoundPublished struct {
	Pairing engine.Pairing `json:"pairing"`
	// Matches, in a team knockout, say what each match plays (BoardOf).
	Matches []BoardOf `json:"matches,omitempty"`
}

func (*TeamRoundPublished) Kind() string { return "team-round-published" }

func (a *TeamRoundPublished) Apply(st *State) error {
	if err := running(st); err != nil {
		return err
	}
	tm, err := teamsOf(st)
	if err != nil {
		return err
	}
	if err := st.checkTeamPairing(a.Pairing); err != nil {
		return err
	}
	rd := TeamRoundOf{Byes: slices.Clone(a.Pairing.Byes)}
	for _, b := range a.Pairing.Boards {
		m := MatchOf{Number: b.Number, First: b.Red, Second: b.Black}
		if of := slices.IndexFunc(a.Matches, func(o BoardOf) bool { return o.Board == b.Number }); of >= 0 && a.Matches[of].Step == engine.TieBlitz {
			red, black := st.blitzPlayers(a.Matches[of], b.Red, b.Black)
			m.Blitz, m.FirstLineup, m.SecondLineup = true, []int{red}, []int{black}
		}
		rd.Matches = append(rd.Matches, m)
	}
	tm.Rounds = append(tm.Rounds, rd)
	st.Event.Rounds = append(st.Event.Rounds, engine.Round{})
	tm.Preview = nil
	if s := st.Stages; s != nil {
		s.Rounds = append(s.Rounds[:min(len(s.Rounds), a.Pairing.Round-1)], slices.Clone(a.Matches))
	}
	round := len(tm.Rounds)
	for i := range rd.Matches {
		if !tm.Rules.SentLineups() || st.leftBy(rd.Matches[i], round) || rd.Matches[i].Blitz {
			st.reveal(round, &tm.Rounds[round-1].Matches[i])
		}
	}
	st.startPlay()
	return nil
}

// SentLineups reports whether the captains send each match's line-up
// (分台换人, 临时定台): under the other rules it is the registered order.
func (r TeamRules) SentLineups() bool {
	return r.Lineup == engine.OrderedSubstitutes || r.Lineup == engine.FreeLineup
}

// leftBy reports whether a team of m had left the event by round.
func (st *State) leftBy(m MatchOf, round int) bool {
	for _, id := range []int{m.First, m.Second} {
		if after := st.Teams.Teams[id-1].WithdrawnAfter; after != 0 && round > after {
			return true
		}
	}
	return false
}

// reveal completes match m's line-ups — the registered order for a team
// that sent none, no one for a team that has left (R-W-2) — and makes its
// boards with two players games of the round.
func (st *State) reveal(round int, m *MatchOf) {
	if m.Blitz {
		st.revealBlitz(round, m)
		return
	}
	base := st.teamBase()
	lineup := func(id int, sent []int) []int {
		if after := st.Teams.Teams[id-1].WithdrawnAfter; after != 0 && round > after {
			return make([]int, st.Teams.Rules.Boards)
		}
		if sent == nil {
			return base.Regulars(id)
		}
		return sent
	}
	m.FirstLineup, m.SecondLineup = lineup(m.First, m.FirstLineup), lineup(m.Second, m.SecondLineup)
	m.Revealed = true
	base.Rounds = make([]engine.TeamRound, round)
	base.Rounds[round-1].Matches = []engine.TeamMatch{{Number: m.Number, First: m.First, Second: m.Second}}
	if err := base.SetLineups(round, m.Number, m.FirstLineup, m.SecondLineup); err != nil {
		return
	}
	rd := st.ownRound(round)
	for _, g := range base.Rounds[round-1].Matches[0].Games {
		if g.Red != 0 && g.Black != 0 {
			g.Board = st.Teams.Rules.Board(m.Number, g.Board)
			rd.Games = append(rd.Games, g)
		}
	}
	slices.SortFunc(rd.Games, func(x, y engine.Game) int { return x.Board - y.Board })
}

// LineupSent is a captain's line-up for their team's match in the current
// round (R-TM-1): player numbers, board 1 first, 0 for a board left empty.
// It stays hidden until the other team's is in too, and may be sent again
// until then.
type LineupSent struct {
	Round  int   `json:"round"`
	Match  int   `json:"match"`
	Team   int   `json:"team"`
	Lineup []int `json:"lineup"`
}

func (*LineupSent) Kind() string { return "lineup-sent" }

func (a *LineupSent) Apply(st *State) error {
	if err := current(st, a.Round); err != nil {
		return err
	}
	tm, err := teamsOf(st)
	if err != nil {
		return err
	}
	if !tm.Rules.SentLineups() {
		return refuse(Conflict, "%s：按报名台次出场，不报出场名单", "%s: the boards follow the registered order, there is no line-up to send", lineupName(tm.Rules.Lineup))
	}
	m, err := st.matchOf(a.Round, a.Match)
	if err != nil {
		return err
	}
	if m.Revealed {
		return refuse(Conflict, "第 %d 场的出场名单已经公布", "match %d's line-ups are out already", a.Match)
	}
	if a.Team != m.First && a.Team != m.Second {
		return refuse(Forbidden, "%d 号队伍不在第 %d 场", "team %d does not play in match %d", a.Team, a.Match)
	}
	if err := st.teamBase().CheckLineup(a.Team, a.Lineup); err != nil {
		var le *engine.LineupError
		if errors.As(err, &le) {
			return &Refusal{Kind: Rule, Rule: "R-TM-1", T: i18n.T{Zh: le.Chinese(), En: le.Error()}}
		}
		return refuseErr(Invalid, "出场名单不成立", err)
	}
	if a.Team == m.First {
		m.FirstLineup = slices.Clone(a.Lineup)
	} else {
		m.SecondLineup = slices.Clone(a.Lineup)
	}
	if m.FirstLineup != nil && m.SecondLineup != nil {
		st.reveal(a.Round, m)
	}
	return nil
}

func lineupName(r engine.LineupRule) string { return r.Chinese() + "（" + r.String() + "）" }

// LineupsRevealed reveals the line-ups of the current round's match (0:
// every match still waiting): a team that sent none plays its registered
// order (R-TM-1). The arbiter's call, or the round's start.
type LineupsRevealed struct {
	Round int `json:"round"`
	Match int `json:"match,omitempty"`
}

func (*LineupsRevealed) Kind() string { return "lineups-revealed" }

func (a *LineupsRevealed) Apply(st *State) error {
	if err := current(st, a.Round); err != nil {
		return err
	}
	tm, err := teamsOf(st)
	if err != nil {
		return err
	}
	done := 0
	for i := range tm.Rounds[a.Round-1].Matches {
		if m := &tm.Rounds[a.Round-1].Matches[i]; !m.Revealed && (a.Match == 0 || m.Number == a.Match) {
			st.reveal(a.Round, m)
			done++
		}
	}
	if done == 0 {
		return refuse(Conflict, "第 %d 轮没有等待公布的出场名单", "round %d has no line-ups waiting", a.Round)
	}
	return nil
}

// TeamWithdrawn takes a team out after a round (R-W-1..4, at team level):
// its boards after it go to the opponents by forfeit, a round robin strikes
// out its matches when it played fewer than half (R-W-2), a Swiss pairs it
// no more (R-W-3).
type TeamWithdrawn struct {
	Team  int `json:"team"`
	After int `json:"after"`
}

func (*TeamWithdrawn) Kind() string { return "team-withdrawn" }

func (a *TeamWithdrawn) Apply(st *State) error {
	if err := running(st); err != nil {
		return err
	}
	t, err := team(st, a.Team)
	if err != nil {
		return err
	}
	if t.WithdrawnAfter != 0 {
		return refuse(Conflict, "「%s」已经退赛了", "team %q has withdrawn already", t.Name)
	}
	games := st.groupMatches(a.Team)
	ev := st.TeamEvent()
	if err := withdrawTeam(ev, a.Team, a.After, games); err != nil {
		var w *engine.WithdrawalError
		if errors.As(err, &w) {
			return withdrawalRefused(w)
		}
		return refuseErr(Conflict, "不能退赛", err)
	}
	t.WithdrawnAfter, t.GroupMatches = ev.Teams[a.Team-1].WithdrawnAfter, games
	for r := max(a.After, 0); r < len(st.Teams.Rounds); r++ {
		for i := range st.Teams.Rounds[r].Matches {
			m := &st.Teams.Rounds[r].Matches[i]
			if m.First != a.Team && m.Second != a.Team {
				continue
			}
			if !m.Revealed {
				st.reveal(r+1, m)
				continue
			}
			st.forfeitBoards(r+1, *m, a.Team)
		}
	}
	return nil
}

// withdrawTeam withdraws team id from ev after round `after`: from its
// group when games, the matches the group gives it, is not 0 (R-W-2).
func withdrawTeam(ev *engine.TeamEvent, id, after, games int) error {
	if games > 0 {
		return engine.WithdrawGroupTeam(ev, id, after, games)
	}
	return engine.WithdrawTeam(ev, id, after)
}

// forfeitBoards gives each game of team id's in match m still without a
// result to its opponent by forfeit (R-W-2).
func (st *State) forfeitBoards(round int, m MatchOf, id int) {
	out := m.FirstLineup
	if m.Second == id {
		out = m.SecondLineup
	}
	games := st.ownRound(round).Games
	for i := range games {
		g := &games[i]
		if n, _ := st.Teams.Rules.MatchBoard(g.Board); n != m.Number || g.Result != engine.Pending {
			continue
		}
		switch {
		case slices.Contains(out, g.Red):
			g.Result = engine.BlackForfeitWin
		case slices.Contains(out, g.Black):
			g.Result = engine.RedForfeitWin
		}
	}
}

// numberTeams gives a team event's teams their sequence numbers at the
// start, as the players get theirs (R-SW-1): by the mean rating of their
// regulars, by lot or as registered; teams of one unit spread over the
// halves (R-SW-2).
func (st *State) numberTeams(by engine.Numbering, spread engine.UnitSpread) error {
	tm := st.Teams
	if tm == nil {
		return nil
	}
	if len(tm.Teams) < 2 {
		return refuse(Conflict, "团体赛至少要有 2 支队伍才能开始，现在有 %d 支", "a team event needs at least 2 teams to start, it has %d", len(tm.Teams)).because(TooFewPlayers)
	}
	ev := st.teamBase()
	if err := engine.NumberTeams(ev, by, spread); err != nil {
		return refuseErr(Conflict, "不能给队伍排序号", err)
	}
	teams := make([]TeamEntry, len(ev.Teams))
	for i, t := range ev.Teams {
		teams[i] = tm.Teams[t.Entrant-1]
	}
	tm.Teams = teams
	return nil
}

// unplayed is the refusal of a board of round that is not played: its
// team match was decided early without play-out (5场3胜制); nil for any
// other board.
func (st *State) unplayed(round, board int) *Refusal {
	tm := st.Teams
	if tm == nil || tm.Rules.PlayOut || tm.Rules.WinningBoards == 0 {
		return nil
	}
	number, b := tm.Rules.MatchBoard(board)
	if sc, _, ok := st.MatchScore(round, number); !ok || !sc.Early {
		return nil
	}
	return refuse(Conflict, "第 %[1]d 轮第 %[2]d 场已提前决出胜负（%[4]d场%[5]d胜制），第 %[3]d 台不再下", "round %[1]d match %[2]d was decided early (%[5]d of %[4]d boards): its board %[3]d is not played",
		round, number, b, tm.Rules.Boards, tm.Rules.WinningBoards).because(ResultIn)
}

// revealDue reports whether the current round of a team event has started
// (its start time, RoundScheduled) with line-ups still waiting: they are
// revealed then (DueActions).
func (st *State) revealDue(now time.Time) bool {
	tm := st.Teams
	round := len(st.Event.Rounds)
	if tm == nil || !tm.Rules.SentLineups() || round != len(tm.Rounds) || st.Play.Round != round || st.Play.Starts.IsZero() || now.Before(st.Play.Starts) {
		return false
	}
	return slices.ContainsFunc(tm.Rounds[round-1].Matches, func(m MatchOf) bool { return !m.Revealed })
}

// teamFormat is a team event whose teams meet in matches (§12): the teams
// are paired as teams (the Berger table, or 定位编排 on match points), each
// match played on boards numbered on through the round.
type teamFormat struct{ wholeRounds }

func (teamFormat) Kind() FormatKind { return TeamFormat }

// Pair pairs the teams; a field that cannot be paired without a rematch
// (R-SW-9) is the engine's error, for the caller to word.
func (teamFormat) Pair(st *State) (Action, error) {
	p, err := engine.PairTeams(st.TeamEvent())
	if err != nil {
		return nil, err
	}
	return &TeamPairingPreviewed{Pairing: p}, nil
}

func (teamFormat) Publish(st *State) (Action, error) {
	pv := st.Teams.Preview
	if pv == nil || pv.Round != len(st.Teams.Rounds)+1 {
		return nil, refuse(Conflict, "还没有编排预览", "there is no pairing preview").because(NoPreview)
	}
	return &TeamRoundPublished{Pairing: *pv}, nil
}

func (teamFormat) Rounds(st *State) int {
	n := 0
	for _, t := range st.Teams.Teams {
		if t.WithdrawnAfter != -1 {
			n++
		}
	}
	return plannedRounds(st.Event.Settings, n)
}

func (teamFormat) Tables() []Table {
	return []Table{TeamStandingsTable, BoardStandingsTable, TeamCrosstableTable}
}

// PlaysBy: match points, game points and the team tiebreaks stand for the
// game scoring and the individual tiebreaks (R-S-2, R-T-4, R-T-5).
func (teamFormat) PlaysBy(part RulePart) bool {
	return part != GameScoring && part != SwissTiebreaks && part != MatchRules && part != AbsenceRules && part != PlayerAwards
}

// Ties are none: the team tiebreaks end in lots (R-T-5), with no play-off.
func (teamFormat) Ties(*State) []Tie { return nil }
