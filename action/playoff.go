package action

import (
	"slices"

	"github.com/qisai/qisai/engine"
)

// Play-offs (R-T-8; seed 000 范文三: "若出现平局现象，双方选择加赛一局或以抽签
// 方式分出胜负"): where the tiebreaks leave two players level for a place
// that may not be shared — a group's qualifying places, the champion, the
// prize places — the event's chain (Awards.Playoff) settles it: a play-off
// game, then lots. When the chain has a game the organiser chooses, once
// the tie is known, between playing it off and drawing lots
// (PlayoffChosen). A staged event plays the game on a board of its next
// round, reported like any game (BoardOf.Playoff); an individual event's
// is played once its rounds are over, its result entered by an arbiter
// (PlayoffPlayed). Lots alone — the chain's only rule, or a tie of three
// or more — are drawn from the event's seed, the same on every fold.

func init() {
	register(func() Action { return new(PlayoffChosen) })
	register(func() Action { return new(PlayoffPlayed) })
}

// Playoff is a tie the organiser chose how to settle.
type Playoff struct {
	// Stage (from 0) and Group (from 1) name a staged event's field;
	// Group 0 is an individual event's standings.
	Stage int `json:"stage,omitempty"`
	Group int `json:"group,omitempty"`
	// Place is the place the players share, Players their numbers in the
	// ranking's order.
	Place   int   `json:"place"`
	Players []int `json:"players"`
	// Lots: settled by lots, not played off.
	Lots bool `json:"lots,omitempty"`
	// Games are an individual event's play-off games; a staged event's
	// are boards of its rounds.
	Games []engine.MatchGame `json:"games,omitempty"`
}

func (p Playoff) clone() Playoff {
	p.Players = slices.Clone(p.Players)
	p.Games = slices.Clone(p.Games)
	return p
}

// is reports whether the record settles the tie of players sharing place
// in group of stage.
func (p Playoff) is(stage, group, place int, players []int) bool {
	return p.Stage == stage && p.Group == group && p.Place == place && slices.Equal(p.Players, players)
}

// Tie is a tie for a place that may not be shared still to settle: the
// organiser has not chosen how (Chosen nil), or its play-off is under way
// (Outcome.Next is its next game).
type Tie struct {
	Stage, Group, Place int
	Players             []int
	Chosen              *Playoff
	Outcome             engine.DeciderOutcome
	// Played counts its play-off's games so far.
	Played int
}

// PlaysOff reports whether a chain plays a game before its lots: the
// organiser is then offered the play-off (R-T-8).
func PlaysOff(chain []engine.TieRule) bool {
	return slices.ContainsFunc(chain, func(r engine.TieRule) bool { return r != engine.TieLots })
}

// playoff is the record of the tie, nil when none.
func (st *State) playoff(stage, group, place int, players []int) *Playoff {
	for i := range st.Playoffs {
		if st.Playoffs[i].is(stage, group, place, players) {
			return &st.Playoffs[i]
		}
	}
	return nil
}

// settle is how a tie of players (in the ranking's order) sharing place
// in field group of stage is settled: its order when settled (by lots or
// its play-off), else the tie still to settle. games are its play-off's
// games so far.
func (st *State) settle(stage, group, place int, players []int, games []engine.MatchGame) ([]int, *Tie) {
	seed := st.Event.Settings.Seed
	stream := engine.PlayoffStream(stage, group, place)
	rec := st.playoff(stage, group, place, players)
	chain := st.PlayoffChain()
	if len(players) != 2 || !PlaysOff(chain) || rec != nil && rec.Lots {
		return engine.DrawOrder(players, seed, stream), nil
	}
	tie := &Tie{Stage: stage, Group: group, Place: place, Players: players, Chosen: rec}
	if rec == nil {
		return nil, tie
	}
	d := engine.Decider{Players: [2]int{players[0], players[1]}, Chain: chain, Games: games, Seed: seed, Stream: stream}
	if tie.Outcome = d.Outcome(); tie.Outcome.Decided {
		return tie.Outcome.Order[:], nil
	}
	return nil, tie
}

// PlayoffChain is the chain that settles a tie of st (R-T-8): the event's
// (Awards.Playoff), or between teams of a team staged event the games and
// lots of its team chain — a blitz board of the two teams' first boards,
// then lots (TeamRules.KnockoutChain). 队员总分制's ties are its players'.
func (st *State) PlayoffChain() []engine.TieRule {
	if st.Format().Kind() == TeamStagedFormat {
		return engine.TeamKnockoutFormat(st.Teams.Rules.KnockoutChain()).Tie
	}
	return st.Awards.Playoff
}

// Settled is how tie p, chosen, came out: the order its players were
// settled in, and whether lots did it (chosen, or at the chain's end);
// false while it is still played off.
func (st *State) Settled(p Playoff) (order []int, lots, ok bool) {
	games := p.Games
	if st.Format().PlaysOffInRounds() {
		games = st.playoffGames(p.Stage, p.Group, p.Place)
	}
	if p.Lots || len(p.Players) != 2 {
		return engine.DrawOrder(p.Players, st.Event.Settings.Seed, engine.PlayoffStream(p.Stage, p.Group, p.Place)), true, true
	}
	d := engine.Decider{Players: [2]int{p.Players[0], p.Players[1]}, Chain: st.PlayoffChain(), Games: games,
		Seed: st.Event.Settings.Seed, Stream: engine.PlayoffStream(p.Stage, p.Group, p.Place)}
	o := d.Outcome()
	return o.Order[:], o.ByLots, o.Decided
}

// eventTies are an individual event's ties still to settle by a play-off
// (R-T-8) once its rounds are played: two players level on every
// tiebreak for the prize places (Awards.Prizes; by default the
// champion's), when the chain plays a game. Lots settle the rest at the
// finish (appended to the tiebreaks).
func (st *State) eventTies() []Tie {
	if !PlaysOff(st.Awards.Playoff) || !st.roundsPlayed() {
		return nil
	}
	upto := max(st.Awards.Prizes, 1)
	var out []Tie
	for _, tie := range engine.Ties(engine.Placings(st.Standings()), upto) {
		if len(tie) != 2 {
			continue
		}
		players := []int{tie[0].Entrant, tie[1].Entrant}
		var games []engine.MatchGame
		if rec := st.playoff(0, 0, tie[0].Place, players); rec != nil {
			games = rec.Games
		}
		if _, t := st.settle(0, 0, tie[0].Place, players, games); t != nil {
			out = append(out, *t)
		}
	}
	return out
}

// roundsPlayed reports whether an individual event has played every round
// it plans, every game with its result.
func (st *State) roundsPlayed() bool {
	ev := &st.Event
	n := st.Format().Rounds(st)
	if st.Status != Running || n == 0 || len(ev.Rounds) < n {
		return false
	}
	for _, rd := range ev.Rounds {
		if !roundDone(rd) {
			return false
		}
	}
	return true
}

// Ties are the ties of st still to settle, as its format has them.
func (st *State) Ties() []Tie { return st.Format().Ties(st) }

// tie finds the tie a play-off action names among st's.
func (st *State) tie(stage, group, place int) (Tie, error) {
	for _, t := range st.Ties() {
		if t.Stage == stage && t.Group == group && t.Place == place {
			return t, nil
		}
	}
	return Tie{}, refuse(NotFound, "没有第 %d 名的并列需要加赛或抽签", "no tie for place %d waits for a play-off or lots", place).because(NoSuchTie)
}

// PlayoffChosen is the organiser's choice for a tie (R-T-8): to play it
// off (Lots false) or to draw lots.
type PlayoffChosen struct {
	Stage   int   `json:"stage,omitempty"`
	Group   int   `json:"group,omitempty"`
	Place   int   `json:"place"`
	Players []int `json:"players"`
	Lots    bool  `json:"lots,omitempty"`
}

func (*PlayoffChosen) Kind() string { return "playoff-chosen" }

func (a *PlayoffChosen) Apply(st *State) error {
	if err := running(st); err != nil {
		return err
	}
	t, err := st.tie(a.Stage, a.Group, a.Place)
	if err != nil {
		return err
	}
	switch {
	case !slices.Equal(t.Players, a.Players):
		return refuse(Conflict, "第 %d 名并列的选手已经变了：请重新查看 /playoff", "the players sharing place %d have changed: see /playoff again", a.Place)
	case t.Chosen != nil:
		return refuse(Conflict, "第 %d 名的并列已经选定加赛", "place %d's tie is being played off already", a.Place)
	}
	p := Playoff{Stage: a.Stage, Group: a.Group, Place: a.Place, Players: slices.Clone(a.Players), Lots: a.Lots}
	st.Playoffs = append(st.Playoffs, p)
	// A stage's ranking reads the choice from the play-off (R-T-8); an
	// individual event's standings read the order drawn.
	if a.Lots && !st.Format().PlaysOffInRounds() {
		st.Event.Playoffs = append(slices.Clone(st.Event.Playoffs), engine.DrawOrder(p.Players, st.Event.Settings.Seed, engine.PlayoffStream(0, 0, a.Place)))
	}
	return nil
}

// PlayoffPlayed is the result of an individual event's play-off game
// (R-T-8), the next one of the tie's: its colours are the play-off's.
type PlayoffPlayed struct {
	Place  int           `json:"place"`
	Result engine.Result `json:"result"`
}

func (*PlayoffPlayed) Kind() string { return "playoff-played" }

func (a *PlayoffPlayed) Apply(st *State) error {
	if err := running(st); err != nil {
		return err
	}
	if st.Format().PlaysOffInRounds() {
		return refuse(Conflict, "分阶段比赛的加赛在下一轮编排，像其他对局一样报告结果", "a staged event's play-off is paired in its next round and reported like any game").because(NoSuchTie)
	}
	if !a.Result.Decided() {
		return refuse(Invalid, "请给出加赛的结果", "give the play-off game's result")
	}
	t, err := st.tie(0, 0, a.Place)
	if err != nil {
		return err
	}
	if t.Chosen == nil || t.Chosen.Lots {
		return refuse(Conflict, "第 %d 名的并列还没有选定加赛", "place %d's tie is not being played off", a.Place).because(NoSuchTie)
	}
	rec := st.playoff(0, 0, a.Place, t.Players)
	next := t.Outcome.Next
	rec.Games = append(slices.Clone(rec.Games), engine.MatchGame{Red: next.Red, Black: next.Black, Result: a.Result, Step: next.Step})
	if order, still := st.settle(0, 0, a.Place, t.Players, rec.Games); still == nil {
		st.Event.Playoffs = append(slices.Clone(st.Event.Playoffs), order)
	}
	return nil
}
