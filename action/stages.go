package action

import (
	"slices"

	"github.com/qisai/qisai/engine"
)

// An event of stages (R-F-3..6): a knockout, a double elimination, groups,
// or a chain of them ("groups 4 top 2 > knockout"). The event's log keeps
// the plan (PlanSet) and, with each published round, what each board plays
// (BoardOf: which stage, group, match and game); the brackets and fields
// themselves are not stored but drawn again from the plan, the players'
// seed order and the event's seed, and played from the rounds' results
// (Progress, knockout.go). So a corrected result re-routes every later
// match by itself, old logs (without a plan) fold as they did, and a
// snapshot is the plan and the boards, plain JSON.
//
// A staged event's games are engine.Round boards: reporting, confirming,
// 猜先, reminders and the pairing pictures work on them unchanged.

func init() {
	register(func() Action { return new(PlanSet) })
}

// StageKind is one stage's format.
type StageKind string

const (
	KnockoutStage   StageKind = "knockout"   // single elimination (R-F-4)
	DoubleStage     StageKind = "double"     // double elimination (R-F-4)
	GroupsStage     StageKind = "groups"     // round-robin groups (R-F-3)
	SwissStage      StageKind = "swiss"      // a Swiss of the players who go on (R-F-6)
	RoundRobinStage StageKind = "roundrobin" // a round-robin final (R-F-6)
	// PlacesStage: finals by place after groups (同名次决赛, R-F-7): the
	// k-th of each group meet for the places of their level.
	PlacesStage StageKind = "places"
)

// StagePlan is one stage of the plan.
type StagePlan struct {
	Kind StageKind `json:"kind"`
	// Rounds: a knockout's rounds in this stage (0: to the final), whose
	// winners go on (R-F-6); a Swiss's rounds.
	Rounds int `json:"rounds,omitempty"`
	// Groups is a groups stage's number of groups, Advance how many of
	// each go on (R-F-3): to the next stage, or to the finals by place of
	// their level (R-F-7).
	Groups  int `json:"groups,omitempty"`
	Advance int `json:"advance,omitempty"`
}

// Plan is how a staged event is played: its stages, first to last, and
// the choices they share.
type Plan struct {
	Stages []StagePlan `json:"stages"`
	// Match is every knockout match's format: games, best of, the tie
	// chain (R-F-5).
	Match      engine.MatchFormat  `json:"match"`
	Draw       engine.KnockoutDraw `json:"draw,omitempty"`       // the first knockout's pairs (R-F-4)
	ThirdPlace bool                `json:"thirdPlace,omitempty"` // a match for 3rd (R-F-4)
	Playoffs   bool                `json:"playoffs,omitempty"`   // play-offs for 5th–8th (R-F-4)
	Reset      bool                `json:"reset,omitempty"`      // a double elimination's second final
	Unshared   int                 `json:"unshared,omitempty"`   // top places not shared (R-T-8)
	Seeding    engine.Seeding      `json:"seeding,omitempty"`    // the first stage's seed order; with lots, every bracket's
	// GroupMethod deals the groups (snake or drawn, R-F-3); GroupDraw pairs
	// their places in the knockout after them.
	GroupMethod engine.GroupMethod `json:"groupMethod,omitempty"`
	GroupDraw   engine.GroupDraw   `json:"groupDraw,omitempty"`
	// Earlier places the players out before the last stage (R-F-6).
	Earlier engine.EarlierPlaces `json:"earlier,omitempty"`
}

// NewPlan is the plan of one stage of kind, with the defaults the seeds
// use most: one game a match, a draw replayed (加赛, R-F-5); the first
// place not shared (R-T-8, seed 003: "决出第一名"); two groups, the top two
// going on to a knockout where each group's winner meets the other's
// runner-up (with halves, the two winners would meet at once). The seeds
// go by rating (R-SW-1: where ratings are known the strong are seeded
// apart), which is the order of the numbers where nobody has one.
func NewPlan(kind StageKind) Plan {
	p := Plan{Match: engine.MatchFormat{Games: 1, Tie: []engine.TieRule{engine.TieReplay}}, Unshared: 1, Seeding: engine.SeedByRating}
	switch kind {
	case GroupsStage:
		p.Stages = []StagePlan{{Kind: GroupsStage, Groups: 2, Advance: 2}, {Kind: KnockoutStage}}
		p.GroupDraw = engine.WinnerRunnerUp
	default:
		p.Stages = []StagePlan{{Kind: kind}}
	}
	return p
}

func (p Plan) clone() Plan {
	p.Stages = slices.Clone(p.Stages)
	p.Match.Tie = slices.Clone(p.Match.Tie)
	return p
}

// Staged is a staged event's part of the state.
type Staged struct {
	Plan Plan `json:"plan"`
	// Rounds[r-1] says what the boards of round r play.
	Rounds [][]BoardOf `json:"rounds,omitempty"`
	// Preview says what the preview's boards play.
	Preview []BoardOf `json:"preview,omitempty"`
	// Guesses are the 猜先 winners of matches' first games (R-C-3): in
	// armageddon the other player chooses the colour (R-F-5).
	Guesses []GuessWon `json:"guesses,omitempty"`
	// Captures are the pieces captured on the boards of 吃子数 games, as
	// the arbiter entered them (R-F-5).
	Captures []BoardCaptures `json:"captures,omitempty"`
}

// GuessWon is who won the 猜先 on a board.
type GuessWon struct {
	Round  int `json:"round"`
	Board  int `json:"board"`
	Winner int `json:"winner"`
}

// BoardOf says what a board of a staged event plays, or, with Board 0, a
// group's bye.
type BoardOf struct {
	Board int `json:"board"`
	Stage int `json:"stage"`           // from 0
	Group int `json:"group,omitempty"` // a field's group, from 1; 0 for a bracket
	Match int `json:"match,omitempty"` // a bracket's match
	Game  int `json:"game,omitempty"`  // the match's game, from 1
	// Step is the game's part of the match: a regular game or a tie rule.
	Step engine.TieRule `json:"step,omitempty"`
	// Chooser picks the colours of an armageddon game (R-F-5); 0: the
	// colours alternate (R-C-3).
	Chooser int `json:"chooser,omitempty"`
	// Playoff, for a game of Group's play-off, is the place its two
	// players share (R-T-8); Game counts the play-off's games.
	Playoff int `json:"playoff,omitempty"`
	Bye     int `json:"bye,omitempty"` // Board 0: the player of the group's bye
}

func (s *Staged) clone() *Staged {
	if s == nil {
		return nil
	}
	c := *s
	c.Plan = s.Plan.clone()
	c.Rounds = slices.Clone(s.Rounds)
	for i := range c.Rounds {
		c.Rounds[i] = slices.Clone(c.Rounds[i])
	}
	c.Preview = slices.Clone(s.Preview)
	c.Guesses = slices.Clone(s.Guesses)
	c.Captures = slices.Clone(s.Captures)
	return &c
}

// BoardOf is what board of round plays, false when the event is not staged
// or the board is not one of its.
func (st *State) BoardOf(round, board int) (BoardOf, bool) {
	if st.Stages == nil || round < 1 || round > len(st.Stages.Rounds) {
		return BoardOf{}, false
	}
	for _, b := range st.Stages.Rounds[round-1] {
		if b.Board == board && board > 0 {
			return b, true
		}
	}
	return BoardOf{}, false
}

// PlanSet gives the event its stages, before it starts; nil makes it a
// plain Swiss or round robin again (its settings' System).
type PlanSet struct {
	Plan *Plan `json:"plan"`
}

func (*PlanSet) Kind() string { return "plan-set" }

func (a *PlanSet) Apply(st *State) error {
	if err := beforeStart(st); err != nil {
		return err
	}
	if st.Teams != nil {
		if r := teamPlanRefused(a.Plan, st.Teams.Rules); r != nil {
			return r
		}
	}
	if a.Plan == nil {
		st.Stages = nil
		return nil
	}
	if err := a.Plan.check(); err != nil {
		return err
	}
	st.Stages = &Staged{Plan: a.Plan.clone()}
	st.Event.Settings.Rounds = 0 // the stages decide (R-F-4)
	return nil
}

// check refuses a plan that cannot be played: a chain the stages cannot
// follow (R-F-6), a match of no games.
func (p *Plan) check() error {
	n := len(p.Stages)
	if n == 0 {
		return refuse(Invalid, "赛制至少要有一个阶段", "a format needs at least one stage")
	}
	if p.Match.Games < 1 {
		return refuse(Invalid, "一场比赛至少下一局", "a match has at least one game")
	}
	for i, s := range p.Stages {
		last := i == n-1
		switch s.Kind {
		case KnockoutStage:
			if !last && s.Rounds < 1 {
				return refuse(Invalid, "淘汰赛之后还有阶段时，请写出淘汰赛的轮数，如「淘汰 1 > 循环」", "a knockout before another stage needs its rounds, as in \"knockout 1 > roundrobin\"")
			}
		case DoubleStage:
			if !last {
				return refuse(Invalid, "双淘汰只能是最后一个阶段", "a double elimination can only be the last stage")
			}
		case GroupsStage:
			if s.Groups < 1 || s.Advance < 1 {
				return refuse(Invalid, "分组循环要有组数和出线人数，如「分组 4 前2」", "groups need a count and how many go on, as in \"groups 4 top 2\"")
			}
			// R-F-3: a knockout, a round robin of the qualifiers, more
			// groups, or finals by place.
			if !last && (p.Stages[i+1].Kind == DoubleStage || p.Stages[i+1].Kind == SwissStage) {
				return refuse(Invalid, "分组循环之后可以接淘汰赛、循环赛、再分组或同名次决赛", "groups can be followed by a knockout, a round robin, more groups or finals by place")
			}
			if !last && s.Advance < 2 && p.GroupDraw == engine.WinnerRunnerUp && p.Stages[i+1].Kind == KnockoutStage {
				// Each group's winner would meet a runner-up nobody sends on.
				return refuse(Invalid, "胜者对次名要每组至少出线 2 人。每组只出线 1 人时，请先输入 /event set 出线对阵 对半，再重新设置；或让每组出线 2 人：/event set 出线 2", "winner v runner-up needs two of each group to go on. With one going on, type /event set group-draw halves first, then set this again; or let two go on: /event set advance 2")
			}
		case SwissStage, RoundRobinStage:
			if i == 0 || !last {
				return refuse(Invalid, "积分编排阶段只能接在淘汰赛之后、循环赛阶段只能接在淘汰赛或分组循环之后，作为最后一个阶段", "a Swiss stage comes last, after a knockout; a round-robin stage last, after a knockout or groups")
			}
			if s.Kind == SwissStage && s.Rounds < 1 {
				return refuse(Invalid, "积分编排阶段要写出轮数，如「积分 5」", "a Swiss stage needs its rounds, as in \"swiss 5\"")
			}
		case PlacesStage:
			if i == 0 || p.Stages[i-1].Kind != GroupsStage || p.Stages[i-1].Groups < 2 || !last {
				return refuse(Invalid, "同名次决赛只能接在两个或更多小组的分组循环之后，作为最后一个阶段，如「分组 2 前2 > 同名次决赛」", "finals by place come last, after groups of two or more, as in \"groups 2 top 2 > places\"")
			}
		default:
			return refuse(Invalid, "没有「%s」这种阶段", "there is no stage %q", string(s.Kind))
		}
	}
	return nil
}

// stagedFormat is an event of stages (R-F-3..6): each round plays the next
// game of every match whose players are known and the groups' next rounds
// (NextPairing, knockout.go), each board with what it plays (BoardOf).
type stagedFormat struct{ plan Plan }

func (stagedFormat) Kind() FormatKind { return StagedFormat }

func (stagedFormat) Pair(st *State) (Action, error) {
	p, boards, err := st.NextPairing()
	if err != nil {
		return nil, err
	}
	return &PairingPreviewed{Pairing: p, Matches: boards}, nil
}

func (stagedFormat) Publish(st *State) (Action, error) {
	if err := st.PreviewReady(); err != nil {
		return nil, err
	}
	return &RoundPublished{Pairing: *st.PendingPreview(), Matches: st.Stages.Preview}, nil
}

// Rounds is 0: the stages decide as they go (R-F-4).
func (stagedFormat) Rounds(*State) int { return 0 }

func (stagedFormat) Tables() []Table { return []Table{RankingTable, CrosstableTable} }

// PlaysBy: the games of groups, a Swiss or a round-robin stage score by the
// game scoring; a Swiss stage pairs and ranks by the Swiss rules; the
// stages fix the rounds.
func (f stagedFormat) PlaysBy(part RulePart) bool {
	switch part {
	case RoundCount:
		return false
	case GameScoring:
		return f.plan.Has(GroupsStage, SwissStage, RoundRobinStage)
	case SwissPairing, SwissTiebreaks:
		return f.plan.Has(SwissStage)
	case AbsenceRules:
		return false
	}
	return true
}

// Ties are the current stage's (R-T-8): its groups' ties for the places
// that go on or win a prize.
func (stagedFormat) Ties(st *State) []Tie {
	if pg := st.Progress(); pg != nil {
		return pg.Current().Ties
	}
	return nil
}

// PlaysOffInRounds: a stage's play-off is paired by the next round like
// its other games (R-T-8).
func (stagedFormat) PlaysOffInRounds() bool { return true }

// GuessesColours: only a match's first game is guessed; the later ones
// swap colours (R-C-3).
func (stagedFormat) GuessesColours(st *State, round, board int) bool {
	b, ok := st.BoardOf(round, board)
	return ok && b.Match > 0 && b.Game == 1
}

// guessesUnasked: the latest round offers 猜先 for every match's first
// game, which may take its colours by it but need not (R-C-3; GuessHidden).
func (stagedFormat) guessesUnasked(st *State, round int) bool {
	return round >= 1 && round == len(st.Event.Rounds)
}

// keepGuess keeps the winner, who chooses the colours of the match's first
// game (R-C-3) on every fold.
func (stagedFormat) keepGuess(st *State, w GuessWon) {
	st.Stages.Guesses = append(st.Stages.Guesses, w)
}

func (stagedFormat) keepMatches(st *State, matches []BoardOf) {
	st.Stages.Preview = slices.Clone(matches)
}

// fixedPairs: a bracket's pairs are not changed by hand (R-F-4).
func (stagedFormat) fixedPairs(*State) error {
	return ruled("R-F-4", "淘汰赛的对阵由对阵表决定，不能人工改动；猜先或 /flip 改先后手", "a knockout's pairs follow its bracket: they are not changed by hand (a colour guess or /flip changes colours)")
}

// fixedColours: a match's first game may take other colours (as a 猜先
// would give, R-C-3) and an armageddon game those its chooser takes
// (R-F-5); other games swap colours game by game.
func (stagedFormat) fixedColours(st *State, board int) error {
	i := slices.IndexFunc(st.Stages.Preview, func(b BoardOf) bool { return b.Board == board })
	if i >= 0 {
		if b := st.Stages.Preview[i]; b.Match == 0 || (b.Game > 1 && b.Chooser == 0) {
			return ruled("R-C-3", "第 %d 台的先后手由比赛决定（各局依次换先），不能对调", "board %d's colours follow the match (games swap colours in turn): they are not flipped", board)
		}
	}
	return nil
}

// Has reports whether the plan has a stage of one of kinds.
func (p Plan) Has(kinds ...StageKind) bool {
	return slices.ContainsFunc(p.Stages, func(s StagePlan) bool { return slices.Contains(kinds, s.Kind) })
}
