package action

import (
	"iter"
	"slices"

	"github.com/qisai/qisai/engine"
)

// The pairing preview: the next round paired and shown with its record
// (R-SW-13) before it is published, and changed by hand — boards' black
// players swapped, a board's colours flipped, two players exchanged —
// refusing a rematch (R-SW-9) and a round robin's fixed table (R-C-2).

func init() {
	register(func() Action { return new(PairingPreviewed) })
	register(func() Action { return new(BoardsSwapped) })
	register(func() Action { return new(BoardFlipped) })
	register(func() Action { return new(PlayersExchanged) })
}

// PairingPreviewed shows a pairing of the next round before it is
// published (R-SW-13: with its record). It replaces any earlier preview;
// the preview holds only while the event stays as it was paired on
// (PendingPreview). It leaves the event itself as it was.
type PairingPreviewed struct {
	Pairing engine.Pairing `json:"pairing"`
	// Matches, in a staged event, say what each board plays (BoardOf).
	Matches []BoardOf `json:"matches,omitempty"`
}

func (*PairingPreviewed) Kind() string { return "pairing-previewed" }

func (a *PairingPreviewed) Apply(st *State) error {
	if err := running(st); err != nil {
		return err
	}
	if err := individual(st); err != nil {
		return err
	}
	p := a.Pairing
	if next := st.Event.NextRound(); p.Round != next {
		return refuse(Conflict, "这是第 %d 轮的编排，但下一轮是第 %d 轮", "the pairing is for round %d, but the next round is %d", p.Round, next)
	}
	if n := st.Event.Settings.Rounds; n > 0 && p.Round > n {
		return refuse(Conflict, "比赛只有 %d 轮", "the event has only %d rounds", n)
	}
	seen := make([]bool, len(st.Event.Players)+1) // by sequence number: a field of thousands is paired at once
	for id := range paired(p) {
		if _, ok := st.Event.Player(id); !ok {
			return refuse(NotFound, "没有 %d 号选手", "there is no player %d", id).because(NoSuchPlayer)
		}
		if seen[id] {
			return refuse(Invalid, "%d 号选手在编排里出现了两次", "player %d is paired twice", id)
		}
		seen[id] = true
	}
	st.Preview = &p // shared with the action: neither is changed in place (clonePairing)
	st.PreviewSeq, st.PreviewHeld = st.Seq, st.Seq
	st.carryViews()
	st.Format().keepMatches(st, a.Matches)
	return nil
}

// BoardsSwapped exchanges the black players of two boards of the preview:
// what an arbiter does by hand to a pairing. Colours stay with the players
// who had them; the two new pairs must not be rematches (R-SW-9), and
// their record says they were placed by hand (R-SW-13). A round robin's
// table is fixed (R-C-2): its boards are not swapped.
type BoardsSwapped struct {
	A int `json:"a"`
	B int `json:"b"`
}

func (*BoardsSwapped) Kind() string { return "boards-swapped" }

func (a *BoardsSwapped) Apply(st *State) error {
	p, err := handPreview(st)
	if err != nil {
		return err
	}
	if a.A == a.B {
		return refuse(Invalid, "请给出两个不同的台次", "name two different boards")
	}
	i, j := boardIndex(p, a.A), boardIndex(p, a.B)
	for _, k := range [][2]int{{i, a.A}, {j, a.B}} {
		if k[0] < 0 {
			return refuse(NotFound, "第 %d 轮没有第 %d 台", "round %d has no board %d", p.Round, k[1]).because(NoSuchBoard)
		}
	}
	p.Boards[i].Black, p.Boards[j].Black = p.Boards[j].Black, p.Boards[i].Black
	return placeByHand(st, p, i, j)
}

// BoardFlipped gives a board of the preview the other colours: red plays
// black and black red. The pair stays; the preview names the rules the
// new colours break (engine.Check: R-SW-10, R-SW-12).
type BoardFlipped struct {
	Board int `json:"board"`
}

func (*BoardFlipped) Kind() string { return "board-flipped" }

func (a *BoardFlipped) Apply(st *State) error {
	p, err := flipPreview(st, a.Board)
	if err != nil {
		return err
	}
	i := boardIndex(p, a.Board)
	if i < 0 {
		return refuse(NotFound, "第 %d 轮没有第 %d 台", "round %d has no board %d", p.Round, a.Board).because(NoSuchBoard)
	}
	b := &p.Boards[i]
	b.Red, b.Black = b.Black, b.Red
	b.ColourRule = engine.ColourFlippedByHand
	st.Preview = p
	st.leaveEvent() // a change to the preview, not to what it was paired on
	return nil
}

// PlayersExchanged exchanges two players of the preview on different
// boards: each takes the other's seat and colour. The new pairs must not be
// rematches (R-SW-9); the preview names any other rule they break
// (engine.Check). The bye is not moved by hand: pair again for another.
type PlayersExchanged struct {
	A int `json:"a"`
	B int `json:"b"`
}

func (*PlayersExchanged) Kind() string { return "players-exchanged" }

func (a *PlayersExchanged) Apply(st *State) error {
	p, err := handPreview(st)
	if err != nil {
		return err
	}
	seat := func(id int) (board int, red bool, err error) {
		for i, b := range p.Boards {
			if b.Red == id || b.Black == id {
				return i, b.Red == id, nil
			}
		}
		if slices.Contains(p.Byes, id) {
			return -1, false, refuse(Conflict, "%d 号轮空：轮空不能人工调换，请重新 /pair 编排", "%d has the bye: the bye is not moved by hand; pair again with /pair", id)
		}
		return -1, false, refuse(NotFound, "%d 号不在第 %d 轮的对阵中", "%d is not paired in round %d", id, p.Round).because(NoSuchPlayer)
	}
	i, ri, err := seat(a.A)
	if err != nil {
		return err
	}
	j, rj, err := seat(a.B)
	if err != nil {
		return err
	}
	if i == j {
		return refuse(Invalid, "%d 号和 %d 号在同一台：要对调先后手请用 /flip %d", "%d and %d are on one board: to flip its colours, /flip %d", a.A, a.B, p.Boards[i].Number)
	}
	put := func(b *engine.Board, red bool, id int) {
		if red {
			b.Red = id
		} else {
			b.Black = id
		}
	}
	put(&p.Boards[i], ri, a.B)
	put(&p.Boards[j], rj, a.A)
	return placeByHand(st, p, i, j)
}

// flipPreview is a copy of the preview for flipping board, or the refusal:
// no preview to change (PreviewReady), or colours the format fixes.
func flipPreview(st *State, board int) (*engine.Pairing, error) {
	if err := st.PreviewReady(); err != nil {
		return nil, err
	}
	if err := st.Format().fixedColours(st, board); err != nil {
		return nil, err
	}
	return clonePairing(*st.PendingPreview()), nil
}

// handPreview is a copy of the preview for a change by hand, or the
// refusal: no preview to change (PreviewReady), or pairs the format fixes.
func handPreview(st *State) (*engine.Pairing, error) {
	if err := st.PreviewReady(); err != nil {
		return nil, err
	}
	if err := st.Format().fixedPairs(st); err != nil {
		return nil, err
	}
	return clonePairing(*st.PendingPreview()), nil
}

// bergerFixed refuses a change by hand to a round robin's pairing: its
// table is fixed (R-C-2).
func bergerFixed(st *State) error {
	if RoundRobin(st.Event.Settings.System) {
		return ruled("R-C-2", "循环赛按贝格尔表编排，不能人工改动", "a round robin follows its Berger table: it is not changed by hand")
	}
	return nil
}

func boardIndex(p *engine.Pairing, number int) int {
	return slices.IndexFunc(p.Boards, func(b engine.Board) bool { return b.Number == number })
}

// placeByHand marks boards i and j of p as placed by hand (R-SW-13) and
// makes p the preview, refusing a rematch (R-SW-9): the one rule no change
// by hand may break. The others it breaks the preview names.
func placeByHand(st *State, p *engine.Pairing, i, j int) error {
	h := st.Event.Histories()
	for _, b := range []*engine.Board{&p.Boards[i], &p.Boards[j]} {
		if st.Event.Met(b.Red, b.Black) {
			red, black := st.Event.Players[b.Red-1].Name, st.Event.Players[b.Black-1].Name
			return ruled("R-SW-9", "%[1]d 号%[2]s和 %[3]d 号%[4]s已经下过，不能再次相遇", "%[1]d %[2]s and %[3]d %[4]s have met already: no rematch", b.Red, red, b.Black, black)
		}
		b.Placed, b.ColourRule = engine.PlacedByHand, engine.ColourByHand
		b.Float = engine.Score(h[b.Red]) != engine.Score(h[b.Black])
	}
	st.Preview = p
	st.leaveEvent() // a change to the preview, not to what it was paired on
	return nil
}

// PreviewReady says why there is no pairing preview to change or publish
// (none, published already, or the event changed since: PendingPreview),
// or nil when there is one.
func (st *State) PreviewReady() error {
	if err := running(st); err != nil {
		return err
	}
	switch pv := st.Preview; {
	case st.PendingPreview() != nil:
		return nil
	case pv == nil:
		return refuse(Conflict, "还没有编排预览", "there is no pairing preview").because(NoPreview)
	case pv.Round < st.Event.NextRound():
		return refuse(Conflict, "第 %d 轮已经公布了", "round %d is published already", pv.Round).because(Published)
	}
	return refuse(Conflict, "预览之后比赛有了变动（结果、选手或设置），预览作废", "the event changed after the preview (a result, a player or a setting): the preview is void").because(NoPreview)
}

// PendingPreview is the pairing preview when it can still be published:
// the event runs and has not changed since it was paired (no result, player
// or setting changed, no round published). Otherwise nil: pair again.
//
// The preview holds while every action after it is one known to leave
// the event as it was (leaveEvent): PreviewHeld, moved on by each of
// them, is then the last action folded. Any other action — a result, a
// player, a setting, a round, and whatever kind comes next — voids it,
// whether or not it changed anything a pairing reads.
func (st *State) PendingPreview() *engine.Pairing {
	if st.Status != Running || st.Preview == nil || st.PreviewSeq == 0 || st.PreviewHeld != st.Through {
		return nil
	}
	return st.Preview
}

// leaveEvent says that the action being applied (st.Seq) leaves st.Event as
// it was: a pending preview stays pending (PendingPreview), and the views
// computed from the event (views.go) stay good. Actions that only touch
// the games under way (Play), the organiser's details (Info) or the
// preview itself call it last in their Apply; the rest never do.
func (st *State) leaveEvent() {
	if st.PreviewHeld == st.Through {
		st.PreviewHeld = st.Seq
	}
	st.carryViews()
}

// passOver moves a pending preview past record seq of the log, which the
// fold does not apply (FoldFrom): an Undo, or a record an Undo cancelled.
// The fold is then that of the log without them (Undo), and so is the
// preview: pending as it would be had they never been recorded.
func (st *State) passOver(seq int64) {
	if st.PreviewHeld == st.Through {
		st.PreviewHeld = seq
	}
}

// paired yields those p pairs, board by board, red before black, then
// those with a bye: a list not made, of thousands at a big event's /pair.
func paired(p engine.Pairing) iter.Seq[int] {
	return func(yield func(int) bool) {
		for _, b := range p.Boards {
			if !yield(b.Red) || !yield(b.Black) {
				return
			}
		}
		for _, id := range p.Byes {
			if !yield(id) {
				return
			}
		}
	}
}

// clonePairing copies p for a change by hand. A preview is never changed
// in place, but replaced by its changed copy: the action that made it,
// and the copies of the state (clone), share it.
func clonePairing(p engine.Pairing) *engine.Pairing {
	p.Boards = slices.Clone(p.Boards)
	p.Byes = slices.Clone(p.Byes)
	p.ByeColours = slices.Clone(p.ByeColours)
	p.Relaxed = slices.Clone(p.Relaxed)
	return &p
}
