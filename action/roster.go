package action

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/qisai/qisai/engine"
	"github.com/qisai/qisai/internal/names"
)

// The roster: sign-up, the players entered, edited and removed before the
// start, and withdrawals after it (R-W-*).
//
// Entrants: every player gets an id when they enter (PlayerAdded) that no
// numbering changes, their entrant id: the Seq of the action that entered
// them, so that no undo or removal ever gives it to someone else. The
// engine numbers players by sequence number (序号), which the start gives
// anew (R-SW-1) and a removal before it moves up; whatever outside the log
// names a player for good — the chat users bound to them — names the
// entrant, and the state maps one to the other.

func init() {
	register(func() Action { return new(SignupOpened) })
	register(func() Action { return new(SignupClosed) })
	register(func() Action { return new(PlayerAdded) })
	register(func() Action { return new(PlayerEdited) })
	register(func() Action { return new(PlayerRemoved) })
	register(func() Action { return new(Withdrawn) })
}

// SignupOpened lets players join.
type SignupOpened struct{}

func (*SignupOpened) Kind() string { return "signup-opened" }

func (*SignupOpened) Apply(st *State) error {
	if err := beforeStart(st); err != nil {
		return err
	}
	if st.Status == Signup {
		return refuse(Conflict, "报名已经开放了", "sign-up is open already").because(SignupOpen)
	}
	if r := st.deadlinePassed(); r != nil {
		return r // R-E-5: a later deadline first
	}
	st.Status = Signup
	return nil
}

// SignupClosed stops players joining; organisers may still add them.
type SignupClosed struct{}

func (*SignupClosed) Kind() string { return "signup-closed" }

func (*SignupClosed) Apply(st *State) error {
	if err := beforeStart(st); err != nil {
		return err
	}
	if st.Status != Signup {
		return refuse(Conflict, "报名没有开放", "sign-up is not open").because(SignupShut)
	}
	st.Status = Setup
	return nil
}

// PlayerAdded enters a player. Before the start players are numbered in
// the order they entered; Started gives the sequence numbers (R-SW-1).
// The player's entrant id, which never changes, is the number of this
// action in the log (see above).
type PlayerAdded struct {
	Name   string `json:"name"`
	Unit   string `json:"unit,omitempty"`
	Rating int    `json:"rating,omitempty"`
	// Categories are the player's categories (R-T-10, CategoriesSet).
	Categories []string `json:"categories,omitempty"`
}

func (*PlayerAdded) Kind() string { return "player-added" }

func (a *PlayerAdded) Apply(st *State) error {
	if err := beforeStart(st); err != nil {
		return err
	}
	name := names.Clean(a.Name) // its form and look-alikes: Admit
	if name == "" {
		return refuse(Invalid, "选手需要一个名字", "a player needs a name")
	}
	if r := entryRefused(st, name, 0); r != nil {
		return r
	}
	unit := names.Clean(a.Unit)
	if r := st.quotaRefused(unit, 0); r != nil {
		return r // R-E-5
	}
	if !st.room() {
		// R-E-5: the entrant waits instead (WaitListed).
		return ruled("R-E-5", "人数已满（上限 %d 人）", "the event is full (%d players at most)", st.Info.Entry.Max).because(Full)
	}
	cats, err := st.categoryNames(a.Categories)
	if err != nil {
		return err
	}
	st.Awards.declare(cats)
	st.Event.Players = append(st.Event.Players, engine.Player{
		ID: len(st.Event.Players) + 1, Name: name, Unit: unit, Rating: a.Rating,
		Entrant: st.nextEntrant(), Categories: cats,
	})
	return nil
}

// PlayerEdited changes a player's name, unit or rating. Entrant names the
// player (logs before entrant ids have Player only, their number then).
type PlayerEdited struct {
	Player  int    `json:"player"`
	Entrant int    `json:"entrant,omitempty"`
	Name    string `json:"name"`
	Unit    string `json:"unit,omitempty"`
	Rating  int    `json:"rating,omitempty"`
}

func (*PlayerEdited) Kind() string { return "player-edited" }

func (a *PlayerEdited) Apply(st *State) error {
	if err := open(st); err != nil {
		return err
	}
	p, err := named(st, a.Player, a.Entrant)
	if err != nil {
		return err
	}
	name := names.Clean(a.Name) // its form and look-alikes: Admit
	if name == "" {
		return refuse(Invalid, "选手需要一个名字", "a player needs a name")
	}
	if other := playerSpelled(st, name); other != nil && other.ID != p.ID {
		return refuse(Conflict, "%[2]d 号选手已经叫「%[1]s」了", "%[1]q is the name of player %[2]d already", name, other.ID)
	}
	if w := waitingSpelled(st, name); w != nil {
		return refuse(Conflict, "「%[1]s」已在候补名单上（第 %[2]d 位）", "%[1]q is on the wait list already (place %[2]d)", name, w.ID)
	}
	unit := names.Clean(a.Unit)
	if names.Key(unit) != names.Key(p.Unit) && st.Status != Running {
		if r := st.quotaRefused(unit, p.Entrant); r != nil {
			return r // R-E-5: a quota is for entries, before the start
		}
	}
	if err := st.boardOrderKept(p, a.Rating); err != nil {
		return err
	}
	p.Name, p.Unit, p.Rating = name, unit, a.Rating
	return nil
}

// PlayerRemoved takes a player out before the start; the players after
// move up one number. After the start a player withdraws instead (R-W-*).
// Entrant names the player, as in PlayerEdited.
type PlayerRemoved struct {
	Player  int `json:"player"`
	Entrant int `json:"entrant,omitempty"`
}

func (*PlayerRemoved) Kind() string { return "player-removed" }

func (a *PlayerRemoved) Apply(st *State) error {
	if err := beforeStart(st); err != nil {
		return err // EntriesClosed: the player withdraws instead
	}
	p, err := named(st, a.Player, a.Entrant)
	if err != nil {
		return err
	}
	n := p.ID
	ps := append(st.Event.Players[:n-1:n-1], st.Event.Players[n:]...)
	for i := range ps {
		ps[i].ID = i + 1
	}
	st.Event.Players = ps
	st.moveUp(false) // R-E-5: the wait list moves up into the place
	return nil
}

// Withdrawn takes a player out of the event after a round (R-W-1..4).
type Withdrawn struct {
	Player int `json:"player"`
	After  int `json:"after"`
}

func (*Withdrawn) Kind() string { return "withdrawn" }

func (a *Withdrawn) Apply(st *State) error {
	if err := running(st); err != nil { // before the start a player is removed (R-W-1)
		return err
	}
	p, err := player(st, a.Player)
	if err != nil {
		return err
	}
	if p.WithdrawnAfter != 0 {
		return refuse(Conflict, "%d 号选手已经退赛了", "player %d has withdrawn already", a.Player)
	}
	st.ownEvent() // the engine settles the player's games in any round
	if err := engine.Withdraw(&st.Event, a.Player, a.After); err != nil {
		var (
			w  *engine.WithdrawalError
			pe *engine.PairingError // a round robin's table, asked for its length
		)
		switch {
		case errors.As(err, &w):
			return withdrawalRefused(w)
		case errors.As(err, &pe):
			return PairingRefused(pe)
		}
		// The engine's other reasons, no such player and withdrawn
		// already, are refused above.
		return fmt.Errorf("withdraw player %d: %w", a.Player, err)
	}
	return nil
}

// withdrawalRefused says in both languages why the engine refused a
// withdrawal (R-W-1..4).
func withdrawalRefused(w *engine.WithdrawalError) *Refusal {
	switch w.Reason {
	case engine.WithdrawNoRound:
		return refuse(Invalid, "请给出 0（第 1 轮前）到 %d（已编排的最后一轮）之间的轮次", "give a round from 0 (before round 1) to %d, the last round paired", w.Round)
	case engine.WithdrawTableDrawn:
		return ruled("R-W-2", "循环赛的对阵表已排定、第 1 轮已编排：把该选手第 1 轮的对局记为弃权，再让其在第 1 轮后退赛（R-W-2）；或撤销第 1 轮，不含该选手重排对阵表（R-W-1）",
			"the round robin table is drawn and round 1 paired: enter their round 1 game as a forfeit and withdraw them after round 1 (R-W-2), or clear round 1 to redraw the table without them (R-W-1)")
	case engine.WithdrawLastRound:
		return refuse(Conflict, "第 %d 轮是本赛最后一轮：下完最后一轮的选手不算退赛", "round %d is the last of the event: a player who finished it did not withdraw", w.Round)
	}
	return refuse(Conflict, "该选手第 %[1]d 轮已有结果：请让其在第 %[1]d 轮或之后退赛，或先更正那个结果", "they have a result in round %[1]d: withdraw them after round %[1]d or later, or correct that result first", w.Round)
}

func beforeStart(st *State) error {
	if err := open(st); err != nil {
		return err
	}
	if st.Status == Running {
		return refuse(Conflict, "比赛已经开始", "the event has started").because(EntriesClosed)
	}
	return nil
}

// player is player id for an action to change: the players become st's
// own (ownPlayers).
func player(st *State, id int) (*engine.Player, error) {
	if id < 1 || id > len(st.Event.Players) {
		return nil, refuse(NotFound, "没有 %d 号选手", "there is no player %d", id).because(NoSuchPlayer)
	}
	st.ownPlayers()
	return &st.Event.Players[id-1], nil
}

// named is the player an action names, to change as player's: by entrant
// id where it gives one, else by number (logs before entrant ids).
func named(st *State, number, entrant int) (*engine.Player, error) {
	if entrant == 0 {
		return player(st, number)
	}
	n, ok := st.Numbered(entrant)
	if !ok {
		return nil, refuse(NotFound, "这名选手已经不在比赛中了", "that player is no longer in the event").because(NoSuchPlayer)
	}
	return player(st, n)
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
		return refuse(Conflict, "「%[1]s」和 %[3]d 号选手「%[2]s」看起来一样，请换一个能区分的名字", "%[1]q looks the same as %[2]q (player %[3]d): choose a name that tells them apart", name, other.Name, other.ID)
	}
	return refuse(Conflict, zh, en, name, other.ID)
}

// nextEntrant is the entrant id of the player PlayerAdded is entering: the
// action's Seq, or past every id given when the state is applied to
// without a log (Seq 0).
func (st *State) nextEntrant() int {
	id := max(int(st.Seq), 1)
	for _, p := range slices.Concat(st.Event.Players, st.Waiting) {
		id = max(id, p.Entrant+1)
	}
	return id
}

// Numbered returns the sequence number of entrant id, and whether a player
// of the event has it (not: removed, or entered by an undone action).
func (st *State) Numbered(entrant int) (int, bool) {
	if entrant < 1 {
		return 0, false
	}
	for _, p := range st.Event.Players {
		if p.Entrant == entrant {
			return p.ID, true
		}
	}
	return 0, false
}

// EntrantOf returns the entrant id of the player with sequence number
// player, 0 when there is none.
func (st *State) EntrantOf(player int) int {
	if p, ok := st.Event.Player(player); ok {
		return p.Entrant
	}
	return 0
}

// hasEntrants reports whether every player has an entrant id: a state
// saved before entrant ids has none, and FoldFrom does not continue it.
func (st *State) hasEntrants() bool {
	for _, p := range st.Event.Players {
		if p.Entrant == 0 {
			return false
		}
	}
	return true
}
