package action

import (
	"reflect"
	"strings"

	"github.com/qisai/qisai/engine"
	"github.com/qisai/qisai/internal/names"
)

func init() {
	register(func() Action { return new(Created) })
	register(func() Action { return new(SettingsChanged) })
	register(func() Action { return new(SignupOpened) })
	register(func() Action { return new(SignupClosed) })
	register(func() Action { return new(PlayerAdded) })
	register(func() Action { return new(PlayerEdited) })
	register(func() Action { return new(PlayerRemoved) })
	register(func() Action { return new(Started) })
	register(func() Action { return new(RoundPublished) })
	register(func() Action { return new(ResultSet) })
	register(func() Action { return new(FoulRecorded) })
	register(func() Action { return new(PenaltyRecorded) })
	register(func() Action { return new(Withdrawn) })
	register(func() Action { return new(EventFinished) })
	register(func() Action { return new(Undo) })
}

// Created starts an event's log.
type Created struct {
	Name     string          `json:"name"`
	Settings engine.Settings `json:"settings"`
}

func (*Created) Kind() string { return "created" }

func (a *Created) Apply(st *State) error {
	if st.Through > 0 || st.Event.Name != "" {
		return refuse("比赛已经存在", "the event exists already")
	}
	// The name's form is admitted when it is given (Admit); a log stored
	// before a rule of form folds as it was, tidied for display.
	name := names.Clean(a.Name)
	if name == "" {
		return refuse("比赛需要一个名称", "an event needs a name")
	}
	st.Event.Name = name
	st.Event.Settings = a.Settings
	st.Status = Setup
	return nil
}

// SettingsChanged replaces the event's settings. Before the start anything
// may change; once rounds are played only what does not touch them: the
// number of rounds (not below those paired), the tiebreaks and how shared
// places are written.
type SettingsChanged struct {
	Settings engine.Settings `json:"settings"`
}

func (*SettingsChanged) Kind() string { return "settings-changed" }

func (a *SettingsChanged) Apply(st *State) error {
	if err := open(st); err != nil {
		return err
	}
	if st.Status == Running {
		if n := a.Settings.Rounds; n != 0 && n < len(st.Event.Rounds) {
			return refuse("已经编排了 %d 轮，比赛不能只有 %d 轮", "%d rounds are paired already; the event cannot have only %d", len(st.Event.Rounds), n)
		}
		if !reflect.DeepEqual(fixedSettings(st.Event.Settings), fixedSettings(a.Settings)) {
			return refuse("比赛已经开始：只能修改轮数和名次规则", "the event has started: only the number of rounds and the tiebreaks may change")
		}
	}
	st.Event.Settings = a.Settings
	return nil
}

// fixedSettings blanks what may change once the event runs.
func fixedSettings(s engine.Settings) engine.Settings {
	s.Rounds, s.Tiebreaks, s.SharedPlaceSkips = 0, nil, false
	return s
}

// SignupOpened lets players join.
type SignupOpened struct{}

func (*SignupOpened) Kind() string { return "signup-opened" }

func (*SignupOpened) Apply(st *State) error {
	if err := beforeStart(st); err != nil {
		return err
	}
	st.Status = Signup
	return nil
}

// SignupClosed stops players joining; organisers may still add them.
type SignupClosed struct{}

func (*SignupClosed) Kind() string { return "signup-closed" }

func (*SignupClosed) Apply(st *State) error {
	if st.Status != Signup {
		return refuse("报名没有开放", "sign-up is not open")
	}
	st.Status = Setup
	return nil
}

// PlayerAdded enters a player. Before the start players are numbered in
// the order they entered; Started gives the sequence numbers (R-SW-1).
type PlayerAdded struct {
	Name   string `json:"name"`
	Unit   string `json:"unit,omitempty"`
	Rating int    `json:"rating,omitempty"`
}

func (*PlayerAdded) Kind() string { return "player-added" }

func (a *PlayerAdded) Apply(st *State) error {
	if err := beforeStart(st); err != nil {
		return err
	}
	name := names.Clean(a.Name) // its form and look-alikes: Admit
	if name == "" {
		return refuse("选手需要一个名字", "a player needs a name")
	}
	if other := playerSpelled(st, name); other != nil {
		return refuse("「%[1]s」已经报名了（%[2]d 号）", "%[1]q has entered already (player %[2]d)", name, other.ID)
	}
	st.Event.Players = append(st.Event.Players, engine.Player{
		ID: len(st.Event.Players) + 1, Name: name, Unit: names.Clean(a.Unit), Rating: a.Rating,
	})
	return nil
}

// PlayerEdited changes a player's name, unit or rating.
type PlayerEdited struct {
	Player int    `json:"player"`
	Name   string `json:"name"`
	Unit   string `json:"unit,omitempty"`
	Rating int    `json:"rating,omitempty"`
}

func (*PlayerEdited) Kind() string { return "player-edited" }

func (a *PlayerEdited) Apply(st *State) error {
	if err := open(st); err != nil {
		return err
	}
	p, err := player(st, a.Player)
	if err != nil {
		return err
	}
	name := names.Clean(a.Name) // its form and look-alikes: Admit
	if name == "" {
		return refuse("选手需要一个名字", "a player needs a name")
	}
	if other := playerSpelled(st, name); other != nil && other.ID != p.ID {
		return refuse("%[2]d 号选手已经叫「%[1]s」了", "%[1]q is the name of player %[2]d already", name, other.ID)
	}
	p.Name, p.Unit, p.Rating = name, names.Clean(a.Unit), a.Rating
	return nil
}

// PlayerRemoved takes a player out before the start; the players after
// move up one number. After the start a player withdraws instead (R-W-*).
type PlayerRemoved struct {
	Player int `json:"player"`
}

func (*PlayerRemoved) Kind() string { return "player-removed" }

func (a *PlayerRemoved) Apply(st *State) error {
	if err := beforeStart(st); err != nil {
		return also(err, "请改为让选手退赛", "withdraw the player instead")
	}
	if _, err := player(st, a.Player); err != nil {
		return err
	}
	ps := append(st.Event.Players[:a.Player-1:a.Player-1], st.Event.Players[a.Player:]...)
	for i := range ps {
		ps[i].ID = i + 1
	}
	st.Event.Players = ps
	return nil
}

// Started closes the entries and gives the sequence numbers (R-SW-1).
type Started struct {
	Numbering engine.Numbering `json:"numbering"`
}

func (*Started) Kind() string { return "started" }

func (a *Started) Apply(st *State) error {
	if err := beforeStart(st); err != nil {
		return err
	}
	if len(st.Event.Players) < 2 {
		return refuse("比赛至少要有 2 名选手才能开始，现在有 %d 名", "an event needs at least 2 players to start, it has %d", len(st.Event.Players))
	}
	s := st.Event.Settings
	st.Event.Players = engine.Number(st.Event.Players, a.Numbering, s.Halves, s.Seed)
	st.Status = Running
	return nil
}

// RoundPublished makes a pairing the next round, its results pending.
type RoundPublished struct {
	Pairing engine.Pairing `json:"pairing"`
}

func (*RoundPublished) Kind() string { return "round-published" }

func (a *RoundPublished) Apply(st *State) error {
	if st.Status != Running {
		return refuse("比赛不在进行中", "the event is not running")
	}
	if err := engine.AddRound(&st.Event, a.Pairing); err != nil {
		return refuseErr("不能发布这一轮", err)
	}
	st.startPlay() // the round's clock starts: late arrival counts from here (R-G-4)
	return nil
}

// ResultSet enters or corrects the result of a game (R-G-1).
type ResultSet struct {
	Round  int           `json:"round"`
	Board  int           `json:"board"`
	Result engine.Result `json:"result"`
}

func (*ResultSet) Kind() string { return "result-set" }

func (a *ResultSet) Apply(st *State) error {
	if err := open(st); err != nil {
		return err
	}
	g, err := game(st, a.Round, a.Board)
	if err != nil {
		return err
	}
	if a.Result < engine.Pending || a.Result > engine.DoubleForfeit {
		return refuse("%d 不是一种结果", "result %d is not a result", a.Result)
	}
	g.Result = a.Result
	return nil
}

// FoulRecorded counts a foul against a player in a game (R-G-3).
type FoulRecorded struct {
	Round  int `json:"round"`
	Player int `json:"player"`
}

func (*FoulRecorded) Kind() string { return "foul-recorded" }

func (a *FoulRecorded) Apply(st *State) error {
	if err := open(st); err != nil {
		return err
	}
	if a.Round < 1 || a.Round > len(st.Event.Rounds) {
		return refuse("没有第 %d 轮", "there is no round %d", a.Round)
	}
	for i := range st.Event.Rounds[a.Round-1].Games {
		g := &st.Event.Rounds[a.Round-1].Games[i]
		switch a.Player {
		case g.Red:
			g.RedFouls++
			return nil
		case g.Black:
			g.BlackFouls++
			return nil
		}
	}
	return refuse("%d 号选手在第 %d 轮没有对局", "player %d has no game in round %d", a.Player, a.Round)
}

// PenaltyRecorded counts a warning or game disqualification (R-T-7).
type PenaltyRecorded struct {
	Player int `json:"player"`
}

func (*PenaltyRecorded) Kind() string { return "penalty-recorded" }

func (a *PenaltyRecorded) Apply(st *State) error {
	if err := open(st); err != nil {
		return err
	}
	p, err := player(st, a.Player)
	if err != nil {
		return err
	}
	p.Penalties++
	return nil
}

// Withdrawn takes a player out of the event after a round (R-W-1..4).
type Withdrawn struct {
	Player int `json:"player"`
	After  int `json:"after"`
}

func (*Withdrawn) Kind() string { return "withdrawn" }

func (a *Withdrawn) Apply(st *State) error {
	if err := open(st); err != nil {
		return err
	}
	if err := engine.Withdraw(&st.Event, a.Player, a.After); err != nil {
		return refuseErr("不能退赛", err)
	}
	return nil
}

// EventFinished ends the event: nothing changes after it.
type EventFinished struct{}

func (*EventFinished) Kind() string { return "finished" }

func (*EventFinished) Apply(st *State) error {
	if err := open(st); err != nil {
		return err
	}
	st.Status = Finished
	return nil
}

// Undo cancels the action with sequence number Seq; Fold skips it. An Undo
// of an Undo brings its target back.
type Undo struct {
	Seq int64 `json:"seq"`
}

func (*Undo) Kind() string { return "undo" }

// Apply does nothing: Fold handles undos over the whole log.
func (*Undo) Apply(*State) error { return nil }

// check refuses an undo, recorded as action seq, of anything but an
// earlier action other than the event's creation.
func (u *Undo) check(seq int64) error {
	switch {
	case u.Seq == 1:
		return refuse("不能撤销比赛的创建", "the event's creation cannot be undone")
	case u.Seq < 1 || u.Seq >= seq:
		return refuse("没有更早的第 %d 步可以撤销", "there is no earlier action %d to undo", u.Seq)
	}
	return nil
}

func open(st *State) error {
	switch {
	case st.Event.Name == "":
		return refuse("还没有比赛", "there is no event yet")
	case st.Status == Finished:
		return refuse("比赛已经结束", "the event has finished")
	}
	return nil
}

func beforeStart(st *State) error {
	if err := open(st); err != nil {
		return err
	}
	if st.Status == Running {
		return refuse("比赛已经开始", "the event has started")
	}
	return nil
}

func player(st *State, id int) (*engine.Player, error) {
	if id < 1 || id > len(st.Event.Players) {
		return nil, refuse("没有 %d 号选手", "there is no player %d", id)
	}
	return &st.Event.Players[id-1], nil
}

// playerSpelled finds a player whose name is name but for letter case:
// the rule every log folds under (two entrants of one name could not be
// told apart). Look-alikes are refused when a name is given (Admit).
func playerSpelled(st *State, name string) *engine.Player {
	for i := range st.Event.Players {
		if strings.EqualFold(st.Event.Players[i].Name, name) {
			return &st.Event.Players[i]
		}
	}
	return nil
}

// playerNamed finds a player whose name looks like name: the same but for
// case, width or look-alike letters (names.Key).
func playerNamed(st *State, name string) *engine.Player {
	key := names.Key(name)
	for i := range st.Event.Players {
		if names.Key(st.Event.Players[i].Name) == key {
			return &st.Event.Players[i]
		}
	}
	return nil
}

// nameTaken refuses name, taken by other: in the words given (name, then
// other's number) when the two are written alike but for case, else
// saying both, since the user may not see what makes them the same.
func nameTaken(name string, other *engine.Player, zh, en string) *Refusal {
	if !strings.EqualFold(other.Name, name) {
		return refuse("「%[1]s」和 %[3]d 号选手「%[2]s」看起来一样，请换一个能区分的名字", "%[1]q looks the same as %[2]q (player %[3]d): choose a name that tells them apart", name, other.Name, other.ID)
	}
	return refuse(zh, en, name, other.ID)
}

func game(st *State, round, board int) (*engine.Game, error) {
	if round < 1 || round > len(st.Event.Rounds) {
		return nil, refuse("没有第 %d 轮", "there is no round %d", round)
	}
	for i := range st.Event.Rounds[round-1].Games {
		if g := &st.Event.Rounds[round-1].Games[i]; g.Board == board {
			return g, nil
		}
	}
	return nil, refuse("第 %d 轮没有第 %d 台", "round %d has no board %d", round, board)
}
