package action

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/qisai/qisai/engine"
)

// A staged event as its rounds have played it (Progress): each stage drawn
// from the plan — the first from the seed order, each later one from the
// ranking of the one before, once that is over (R-F-6) — and played from
// the published rounds' results; the next round's boards (NextPairing);
// and what a corrected result would move (Reroutes).

// Progress is a staged event's stages as far as they are drawn.
type Progress struct {
	Stages []*StageRun
	// seed draws the lots that settle the places that may not be shared
	// (R-T-8), unshared of them: the plan's, or the prize places when more.
	seed     uint64
	unshared int
}

// StageRun is one stage: a bracket, or fields (the groups, a Swiss, a
// round-robin final) whose players are Entrants in seed order.
type StageRun struct {
	Plan     StagePlan
	Entrants []int
	Bracket  *engine.Bracket
	Fields   []*engine.Field
	// Ties are its fields' ties for places that may not be shared still
	// to settle (R-T-8): the stage is not over before they are.
	Ties []Tie
	// Drawn are its fields' ties that lots settled without a choice: the
	// ties of teams (team_groups.go).
	Drawn []Drawn
}

// Drawn is a tie for place in field Group that lots settled in Order,
// best first (R-T-8).
type Drawn struct {
	Group, Place int
	Order        []int
}

// Current is the stage being played: the last one drawn.
func (p *Progress) Current() *StageRun { return p.Stages[len(p.Stages)-1] }

// Over reports whether the last stage of the plan is drawn and decided.
func (p *Progress) Over(plan Plan) bool {
	return len(p.Stages) == len(plan.Stages) && p.Current().Over()
}

// Over reports whether every match or round of the stage is decided, and
// every tie for a place that may not be shared settled (R-T-8).
func (r *StageRun) Over() bool {
	if r.Bracket != nil {
		return r.Bracket.Over()
	}
	for _, f := range r.Fields {
		if !fieldOver(f) {
			return false
		}
	}
	return len(r.Ties) == 0
}

// fieldOver reports whether a field has played every round; a field of
// one player (a knockout stage with one winner) has none to play.
func fieldOver(f *engine.Field) bool { return len(f.Entrants) < 2 || f.Over() }

// Ranking is the stage's ranking: the bracket's (R-F-4), the field's
// standings (R-T-*), the finals by place one level after the other
// (R-F-7), or the groups' places, every group's winner first, then the
// runners-up, and so on (R-F-3).
func (r *StageRun) Ranking() []engine.Placing {
	switch {
	case r.Bracket != nil:
		return r.Bracket.Ranking()
	case r.Plan.Kind == PlacesStage:
		return engine.PlaceRanking(r.Fields)
	case len(r.Fields) == 1:
		return r.Fields[0].Ranking()
	}
	var ranks [][]engine.Placing
	most := 0
	for _, f := range r.Fields {
		ranks = append(ranks, f.Ranking())
		most = max(most, len(ranks[len(ranks)-1]))
	}
	var out []engine.Placing
	for k := range most {
		for _, rank := range ranks {
			if k < len(rank) {
				out = append(out, engine.Placing{Entrant: rank[k].Entrant, Place: k + 1})
			}
		}
	}
	return out
}

// Ranking is the event's final ranking once the last stage is over
// (engine.FinalRanking, R-F-6), its places that may not be shared — the
// plan's unshared, the prize places (Awards.Prizes) — settled by lots
// (R-T-8); nil before.
func (p *Progress) Ranking(plan Plan) []engine.Placing {
	if !p.Over(plan) {
		return nil
	}
	var ranks [][]engine.Placing
	for _, r := range p.Stages {
		ranks = append(ranks, r.Ranking())
	}
	return engine.Unshare(engine.FinalRanking(ranks, plan.Earlier), p.unshared, p.seed)
}

// Progress draws and plays the stages of a staged event; nil when the
// event is not staged or has not started.
func (st *State) Progress() *Progress {
	if st.Stages == nil || st.Status == Setup || st.Status == Signup {
		return nil
	}
	plan := st.Stages.Plan
	var players []engine.Player
	for _, p := range st.stagePlayers() {
		if p.WithdrawnAfter != -1 {
			players = append(players, p)
		}
	}
	seed := st.Event.Settings.Seed
	match := st.stageMatch()
	entrants := engine.SeedOrder(players, plan.Seeding, seed)
	var pools []*engine.Field
	var advance int
	p := &Progress{seed: seed, unshared: max(plan.Unshared, st.Awards.Prizes)}
	for i, sp := range plan.Stages {
		if i > 0 && pools == nil && plan.Seeding == engine.SeedByLots && (sp.Kind == KnockoutStage || sp.Kind == DoubleStage) {
			// A later bracket is drawn by lots as the first was, not
			// seeded by the stage before's ranking (R-F-4).
			entrants = engine.DrawStage(entrants, seed, i)
		}
		run := &StageRun{Plan: sp, Entrants: entrants}
		// Only the last stage places anyone for good: an earlier stage's
		// tie (a knockout round's winners) is who goes on (R-T-8).
		unshared := 0
		if i == len(plan.Stages)-1 {
			unshared = p.unshared
		}
		switch sp.Kind {
		case KnockoutStage:
			if pools != nil {
				run.Bracket = groupsBracket(plan, sp, match, pools, advance, unshared, seed)
				run.Entrants = placed(run.Bracket)
				break
			}
			ks := engine.KnockoutSettings{Draw: plan.Draw, Format: match, Rounds: sp.Rounds,
				ThirdPlace: plan.ThirdPlace, Playoffs: plan.Playoffs, Unshared: unshared, Seed: seed}
			run.Bracket = engine.KnockoutOf(engine.Entrants(entrants), nil, ks)
		case PlacesStage:
			// Two groups' k-ths play a match, more groups' a round robin
			// (R-F-7).
			if len(pools) == 2 {
				run.Bracket = groupsBracket(plan, sp, match, pools, advance, unshared, seed)
				run.Entrants = placed(run.Bracket)
			} else {
				run.Fields = engine.PlaceFields(pools, advance, fieldSettings(st, RoundRobinStage, 0))
				run.Entrants = nil
				for _, f := range run.Fields {
					run.Entrants = append(run.Entrants, f.Entrants...)
				}
			}
		case DoubleStage:
			run.Bracket = engine.DoubleKnockout(entrants, engine.DoubleSettings{Format: match, Reset: plan.Reset, Unshared: unshared, Seed: seed})
		case GroupsStage:
			run.Fields = engine.Groups(entrants, sp.Groups, plan.GroupMethod, fieldSettings(st, RoundRobinStage, 0))
		default:
			// A Swiss of n players has at most n − 1 rounds without a
			// rematch (R-SW-9): a small field plays fewer.
			rounds := min(sp.Rounds, max(len(entrants)-1, 1))
			run.Fields = []*engine.Field{engine.NewField(entrants, fieldSettings(st, sp.Kind, rounds))}
		}
		if st.Teams != nil {
			st.replayTeams(i, run) // team_knockout.go, team_groups.go
		} else {
			st.replay(i, run)
		}
		st.settleFields(i, run, p.unshared)
		p.Stages = append(p.Stages, run)
		if !run.Over() || i == len(plan.Stages)-1 {
			break
		}
		pools = nil
		if sp.Kind == GroupsStage {
			// A knockout or finals by place name the groups' places; a
			// round robin, a Swiss or more groups take who went on, the
			// winners first (R-F-3).
			pools, advance = run.Fields, sp.Advance
			entrants = qualifiers(run.Ranking(), sp.Advance)
			continue
		}
		entrants = winners(run.Ranking())
	}
	return p
}

// settleFields settles the ties of run's fields, once each is over, for
// places that may not be shared (R-T-8): a groups stage's qualifying
// places, before the stage after it; the unshared places of a last stage
// of one field (a round-robin final, a Swiss). A tie settled gives its
// field's standings its order (engine.Event.Playoffs); one still to
// settle stays in run.Ties.
func (st *State) settleFields(i int, run *StageRun, unshared int) {
	upto := 0
	switch last := i == len(st.Stages.Plan.Stages)-1; {
	case run.Plan.Kind == GroupsStage && !last:
		upto = run.Plan.Advance
	case last && len(run.Fields) == 1:
		upto = unshared
	}
	if upto == 0 {
		return
	}
	for g, f := range run.Fields {
		if !fieldOver(f) {
			continue
		}
		var orders [][]int
		for _, tie := range engine.Ties(f.Ranking(), upto) {
			players := make([]int, len(tie))
			for k, p := range tie {
				players[k] = p.Entrant
			}
			order, t := st.settleField(run, i, g+1, tie[0].Place, players)
			if t != nil {
				run.Ties = append(run.Ties, *t)
				continue
			}
			ids := make([]int, len(order))
			for k, id := range order {
				ids[k] = local(f, id)
			}
			orders = append(orders, ids)
		}
		f.Event.Playoffs = orders
	}
}

// settleField settles a tie of players sharing place in field group of
// stage run (settle). Teams the team standings left level are settled by
// their chain's blitz board (R-T-8) when two are and the chain plays one,
// else by lots, kept in run.Drawn.
func (st *State) settleField(run *StageRun, stage, group, place int, players []int) ([]int, *Tie) {
	if st.Teams != nil && (len(players) != 2 || !PlaysOff(st.PlayoffChain())) {
		order := engine.DrawOrder(players, st.Event.Settings.Seed, engine.PlayoffStream(stage, group, place))
		run.Drawn = append(run.Drawn, Drawn{Group: group, Place: place, Order: order})
		return order, nil
	}
	games := st.playoffGames(stage, group, place)
	order, t := st.settle(stage, group, place, players, games)
	if t != nil {
		t.Played = len(games)
	}
	return order, t
}

// playoffGames are the games played so far on the boards of the play-off
// for place in group of stage (BoardOf.Playoff), in order.
func (st *State) playoffGames(stage, group, place int) []engine.MatchGame {
	var out []engine.MatchGame
	for r, boards := range st.Stages.Rounds {
		for _, b := range boards {
			if b.Stage != stage || b.Group != group || b.Playoff != place || r >= len(st.Event.Rounds) {
				continue
			}
			red, black := st.playoffSides(r, b)
			if g, ok := roundGame(st.Event.Rounds[r], st.GameBoards(b)[0]); ok && !g.Void && g.Result.Decided() {
				out = append(out, engine.MatchGame{Red: red(g), Black: black(g), Result: g.Result, Step: b.Step})
			}
		}
	}
	return out
}

// placed are the players the groups' places put into a bracket's first
// round (R-F-3), in its order.
func placed(b *engine.Bracket) []int {
	var out []int
	for i, o := range b.Outcomes() {
		for k, s := range b.Matches[i].Slots {
			if s.Kind == engine.SlotRank && o.Players[k] > 0 {
				out = append(out, o.Players[k])
			}
		}
	}
	return out
}

// winners are the players who share a ranking's first place: the winners
// of a knockout stage's last round, who go on (R-F-6).
func winners(rank []engine.Placing) []int {
	var out []int
	for _, p := range rank {
		if p.Place != rank[0].Place {
			break
		}
		out = append(out, p.Entrant)
	}
	return out
}

// qualifiers are the players a groups stage's ranking (every group's
// winner, then the runners-up, …) sends on: its top advance of each group.
func qualifiers(rank []engine.Placing, advance int) []int {
	var out []int
	for _, p := range rank {
		if p.Place <= advance {
			out = append(out, p.Entrant)
		}
	}
	return out
}

// roundRobinTiebreaks are a round robin's (R-T-3), as /event new gives one.
var roundRobinTiebreaks = []engine.Tiebreak{engine.SonnebornBerger, engine.Wins, engine.Direct, engine.Fouls}

// fieldSettings are the rules of a field stage: the event's, as a round
// robin with its tiebreaks, or a Swiss of rounds.
func fieldSettings(st *State, kind StageKind, rounds int) engine.Settings {
	s := st.Event.Settings
	s.Tiebreaks = slices.Clone(s.Tiebreaks)
	if kind == SwissStage {
		s.System, s.Rounds = engine.Swiss, rounds
		return s
	}
	s.System, s.Rounds, s.Tiebreaks = engine.RoundRobin, 0, slices.Clone(roundRobinTiebreaks)
	return s
}

// replay plays the published games of stage i into run: each decided game
// into its match, each group's round into its field.
func (st *State) replay(i int, run *StageRun) {
	for r, boards := range st.Stages.Rounds {
		if r >= len(st.Event.Rounds) {
			break
		}
		rounds := map[int]*engine.Round{}
		for _, b := range boards {
			if b.Stage != i || b.Playoff > 0 {
				continue // a play-off game settles a tie (settleFields), in no round
			}
			g, found := roundGame(st.Event.Rounds[r], b.Board)
			if run.Bracket != nil {
				if found && !g.Void && g.Result.Decided() && b.Match >= 1 && b.Match <= len(run.Bracket.Matches) {
					st.playInto(run.Bracket, b, r+1, g)
				}
				continue
			}
			if b.Group < 1 || b.Group > len(run.Fields) {
				continue
			}
			f := run.Fields[b.Group-1]
			rd := rounds[b.Group]
			if rd == nil {
				rd = &engine.Round{}
				rounds[b.Group] = rd
			}
			switch {
			case b.Board == 0:
				rd.Byes = append(rd.Byes, engine.Bye{Player: local(f, b.Bye), Kind: engine.PairingBye})
			case found:
				rd.Games = append(rd.Games, engine.Game{Board: b.Board, Red: local(f, g.Red), Black: local(f, g.Black), Result: g.Result, Void: g.Void})
			}
		}
		for grp, rd := range rounds {
			ev := run.Fields[grp-1].Event
			ev.Rounds = append(ev.Rounds, *rd)
		}
	}
}

// playInto plays game g of round into its match, with the colours as
// played: the pairing's, or the 猜先's for a first game (R-C-3). A game
// the match no longer gives (an undo re-routed it) does not count.
func (st *State) playInto(b *engine.Bracket, bo BoardOf, round int, g engine.Game) {
	if len(b.Matches[bo.Match-1].Games) == 0 {
		winner := 0
		for _, w := range st.Stages.Guesses {
			if w.Round == round && w.Board == bo.Board {
				winner = w.Winner
			}
		}
		_ = b.Guess(bo.Match, winner, g.Red) // the match exists: replay checked it
	}
	mg := engine.MatchGame{Red: g.Red, Black: g.Black, Result: g.Result}
	if c, ok := st.CapturesOn(round, bo.Board); ok {
		mg.RedCaptures, mg.BlackCaptures = c.Red, c.Black
	}
	_ = b.Play(bo.Match, mg)
}

func roundGame(rd engine.Round, board int) (engine.Game, bool) {
	for _, g := range rd.Games {
		if g.Board == board {
			return g, true
		}
	}
	return engine.Game{}, false
}

// local is an entrant's number in field f (its Event's player ID).
func local(f *engine.Field, entrant int) int { return slices.Index(f.Entrants, entrant) + 1 }

// NextPairing pairs the next round of a staged event: the next game of
// every undecided match of each part's first round still playing whose
// players are known (R-F-5: a match's next game, a tie-break game), and
// the next round of every group or field still playing. It refuses once
// the last stage is over.
func (st *State) NextPairing() (engine.Pairing, []BoardOf, error) {
	pg := st.Progress()
	if pg == nil {
		return engine.Pairing{}, nil, refuse(Conflict, "比赛还没有开始", "the event has not started").because(NotRunning)
	}
	if pg.Over(st.Stages.Plan) {
		return engine.Pairing{}, nil, refuse(Conflict, "全部对局已赛完", "every match is played").because(StagesOver)
	}
	p := engine.Pairing{Round: st.Event.NextRound()}
	var boards []BoardOf
	stage := len(pg.Stages) - 1
	run := pg.Current()
	add := func(red, black int, b BoardOf) {
		b.Board, b.Stage = len(p.Boards)+1, stage
		p.Boards = append(p.Boards, engine.Board{Number: b.Board, Red: red, Black: black})
		boards = append(boards, b)
	}
	if run.Bracket != nil {
		outs := run.Bracket.Outcomes()
		// A part's rounds are played in turn: a semi-final waits for
		// every quarter-final, even one whose players are known.
		first := map[engine.Part]int{}
		for i, o := range outs {
			m := run.Bracket.Matches[i]
			if r, ok := first[m.Part]; !o.Decided && (!ok || m.Round < r) {
				first[m.Part] = m.Round
			}
		}
		for i, o := range outs {
			m := run.Bracket.Matches[i]
			if o.Decided || o.Players[0] <= 0 || o.Players[1] <= 0 || m.Round != first[m.Part] {
				continue
			}
			add(o.Next.Red, o.Next.Black, BoardOf{Match: m.ID, Game: len(m.Games) + 1, Step: o.Next.Step, Chooser: o.Next.Chooser})
		}
	}
	for _, t := range run.Ties {
		// A play-off game the organiser chose (R-T-8).
		if n := t.Outcome.Next; t.Chosen != nil && !t.Chosen.Lots {
			add(n.Red, n.Black, BoardOf{Group: t.Group, Playoff: t.Place, Game: t.Played + 1, Step: n.Step, Chooser: n.Chooser})
		}
	}
	for g, f := range run.Fields {
		if fieldOver(f) || len(f.Event.Rounds) >= f.Event.Settings.Rounds || (len(f.Event.Rounds) > 0 && !roundDone(f.Event.Rounds[len(f.Event.Rounds)-1])) {
			continue
		}
		fp, err := engine.Pair(f.Event)
		var pe *engine.PairingError
		if errors.As(err, &pe) {
			r := PairingRefused(pe)
			r.Zh, r.En = fmt.Sprintf("第 %d 组", g+1)+r.Zh, fmt.Sprintf("group %d: ", g+1)+r.En
			return engine.Pairing{}, nil, r
		}
		if err != nil {
			return engine.Pairing{}, nil, fmt.Errorf("pair group %d: %w", g+1, err)
		}
		for _, b := range fp.Boards {
			add(f.Entrants[b.Red-1], f.Entrants[b.Black-1], BoardOf{Group: g + 1})
		}
		for _, id := range fp.Byes {
			p.Byes = append(p.Byes, f.Entrants[id-1])
			boards = append(boards, BoardOf{Stage: stage, Group: g + 1, Bye: f.Entrants[id-1]})
		}
	}
	if len(p.Boards) == 0 && len(p.Byes) == 0 {
		if len(run.Ties) > 0 {
			t := run.Ties[0]
			names := make([]string, len(t.Players))
			for k, id := range t.Players {
				names[k] = st.entrantName(id)
			}
			zh, en := strings.Join(names, "、"), strings.Join(names, ", ")
			if len(run.Fields) == 1 {
				return engine.Pairing{}, nil, refuse(Conflict, "第 %[1]d 名并列（%[2]s），等组织者选择加赛或抽签（R-T-8）：/playoff",
					"place %[1]d is shared (%[3]s): an organiser chooses a play-off or lots (R-T-8): /playoff", t.Place, zh, en).because(TieWaiting)
			}
			return engine.Pairing{}, nil, refuse(Conflict, "第 %[1]d 组第 %[2]d 名并列（%[3]s），等组织者选择加赛或抽签（R-T-8）：/playoff",
				"group %[1]d: place %[2]d is shared (%[4]s): an organiser chooses a play-off or lots (R-T-8): /playoff", t.Group, t.Place, zh, en).because(TieWaiting)
		}
		return engine.Pairing{}, nil, refuse(Conflict, "现在没有可以编排的对局", "there is no game to pair now").because(StagesOver)
	}
	return p, boards, nil
}

func roundDone(rd engine.Round) bool {
	for _, g := range rd.Games {
		if !g.Result.Decided() && !g.Void {
			return false
		}
	}
	return true
}

// Rerouted is a match (or, Match 0, a whole stage) a changed result gives
// other players although it has games already.
type Rerouted struct {
	Stage, Match int
}

// Reroutes lists what after changes of before: played matches whose
// players differ (engine.CorrectionError's rule, R-F-4), and later stages
// with games whose entrants differ or that are no longer drawn. Nil when
// either is (an event not staged or not started).
func Reroutes(before, after *Progress) []Rerouted {
	if before == nil || after == nil {
		return nil
	}
	var out []Rerouted
	for i, b := range before.Stages {
		if i >= len(after.Stages) || !slices.Equal(b.Entrants, after.Stages[i].Entrants) {
			if played(b) {
				out = append(out, Rerouted{Stage: i})
			}
			continue
		}
		if b.Bracket == nil {
			continue
		}
		was, now := b.Bracket.Outcomes(), after.Stages[i].Bracket.Outcomes()
		for m := range was {
			if len(b.Bracket.Matches[m].Games) > 0 && was[m].Players != now[m].Players {
				out = append(out, Rerouted{Stage: i, Match: m + 1})
			}
		}
	}
	return out
}

// played reports whether a stage has games.
func played(r *StageRun) bool {
	if r.Bracket != nil {
		for _, m := range r.Bracket.Matches {
			if len(m.Games) > 0 {
				return true
			}
		}
		return false
	}
	for _, f := range r.Fields {
		if len(f.Event.Rounds) > 0 {
			return true
		}
	}
	return false
}

// voidRerouted strikes out the games of the rerouted matches and stages:
// they are played again (the cascade an arbiter confirmed, R-F-4).
func (st *State) voidRerouted(rs []Rerouted) {
	for r, boards := range st.Stages.Rounds {
		for _, b := range boards {
			if b.Board == 0 || r >= len(st.Event.Rounds) {
				continue
			}
			for _, x := range rs {
				if x.Stage != b.Stage || (x.Match != 0 && x.Match != b.Match) {
					continue
				}
				for _, board := range st.GameBoards(b) {
					if g, err := game(st, r+1, board); err == nil {
						g.Void = true
					}
				}
			}
		}
	}
}

// GameBoards are the round's boards whose games a staged event's board of
// the plan plays: the board itself, or a team match's boards.
func (st *State) GameBoards(b BoardOf) []int {
	if st.Teams == nil {
		return []int{b.Board}
	}
	r := st.Teams.Rules
	out := make([]int, r.GamesPerMatch())
	for k := range out {
		out[k] = r.Board(b.Board, k+1)
	}
	return out
}

// checkReroute is the rule on a changed result of a staged event: a
// result that gives a played match other players is refused
// (RerouteError), unless cascade: then those matches are played again.
// before is the progress before the change; the state holds the change.
func (st *State) checkReroute(before *Progress, cascade bool) error {
	if before == nil {
		return nil
	}
	rs := Reroutes(before, st.Progress())
	if len(rs) == 0 {
		return nil
	}
	if !cascade {
		return &RerouteError{Later: rs}
	}
	// Striking out a match's games changes who plays the matches after
	// it: repeat until nothing played has other players.
	for len(rs) > 0 {
		st.voidRerouted(rs)
		rs = Reroutes(before, st.Progress())
		rs = slices.DeleteFunc(rs, func(x Rerouted) bool { return st.struckOut(x) })
	}
	return nil
}

// struckOut reports whether every game of a rerouted match or stage is
// void already.
func (st *State) struckOut(x Rerouted) bool {
	for r, boards := range st.Stages.Rounds {
		for _, b := range boards {
			if b.Board == 0 || b.Stage != x.Stage || (x.Match != 0 && b.Match != x.Match) || r >= len(st.Event.Rounds) {
				continue
			}
			for _, board := range st.GameBoards(b) {
				if g, ok := roundGame(st.Event.Rounds[r], board); ok && !g.Void {
					return false
				}
			}
		}
	}
	return true
}

// RerouteError refuses a corrected result that gives played matches other
// players (R-F-4): it names them; the arbiter may confirm the cascade.
type RerouteError struct {
	Later []Rerouted
}

func (e *RerouteError) Error() string {
	return "the correction changes the players of matches already played: confirm to play them again"
}

// keepCaptures keeps the counts a result was set with, and drops those of
// a board set again without them (the arbiter ruled otherwise).
func (stagedFormat) keepCaptures(st *State, a *ResultSet) {
	cs := st.Stages.Captures[:0:0]
	for _, c := range st.Stages.Captures {
		if c.Round != a.Round || c.Board != a.Board {
			cs = append(cs, c)
		}
	}
	if a.Captures != nil {
		cs = append(cs, BoardCaptures{Round: a.Round, Board: a.Board, Captures: *a.Captures})
	}
	st.Stages.Captures = cs
}

// CapturesOn are the pieces captured on board of round, false when none
// were entered.
func (st *State) CapturesOn(round, board int) (Captures, bool) {
	for _, c := range st.Stages.Captures {
		if c.Round == round && c.Board == board {
			return c.Captures, true
		}
	}
	return Captures{}, false
}
