package action

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"slices"
	"time"

	"github.com/qisai/qisai/engine"
)

// The organiser's actions beyond kinds.go: the event's details (Info) and
// the pairing preview an arbiter checks, changes by hand and publishes.

func init() {
	register(func() Action { return new(InfoChanged) })
	register(func() Action { return new(PairingPreviewed) })
	register(func() Action { return new(BoardsSwapped) })
	register(func() Action { return new(BoardFlipped) })
	register(func() Action { return new(PlayersExchanged) })
}

// InfoChanged sets some of the event's details (Info); the fields left nil
// stay as they were. Details may change at any time until the event
// finishes: they do not touch the rules' results.
type InfoChanged struct {
	TimeControl    *string        `json:"timeControl,omitempty"`
	LateAfter      *time.Duration `json:"lateAfter,omitempty"`
	RemindBefore   *time.Duration `json:"remindBefore,omitempty"`
	ConfirmWithin  *time.Duration `json:"confirmWithin,omitempty"`
	FreeDrawOffers *bool          `json:"freeDrawOffers,omitempty"`
	OfferFoul      *bool          `json:"offerFoul,omitempty"`
	FoulsToLose    *int           `json:"foulsToLose,omitempty"`
	Zone           *string        `json:"zone,omitempty"`
	LinkCode       *string        `json:"linkCode,omitempty"`
	Pictures       *string        `json:"pictures,omitempty"`
}

func (*InfoChanged) Kind() string { return "info-changed" }

func (a *InfoChanged) Apply(st *State) error {
	if err := open(st); err != nil {
		return err
	}
	switch {
	case a.TimeControl == nil && a.LateAfter == nil && a.RemindBefore == nil && a.ConfirmWithin == nil &&
		a.FreeDrawOffers == nil && a.OfferFoul == nil && a.FoulsToLose == nil && a.Zone == nil && a.LinkCode == nil &&
		a.Pictures == nil:
		return refuse("没有要修改的内容", "nothing to change")
	case a.LateAfter != nil && *a.LateAfter < 0, a.ConfirmWithin != nil && *a.ConfirmWithin < 0,
		a.RemindBefore != nil && *a.RemindBefore < 0:
		return refuse("时间不能是负数", "a time limit cannot be negative")
	case a.FoulsToLose != nil && *a.FoulsToLose < 0:
		return refuse("判负的犯规次数不能是负数", "the fouls that lose a game cannot be negative")
	case a.LinkCode != nil && *a.LinkCode == "":
		return refuse("关联代码不能为空", "a link code cannot be empty")
	case a.Pictures != nil && *a.Pictures != "" && *a.Pictures != "on" && *a.Pictures != "off":
		return refuse("图片设置应是 auto、on 或 off", "pictures are auto, on or off")
	}
	if a.Zone != nil {
		if _, err := ParseZone(*a.Zone); err != nil {
			return refuse("%q 不是时区：请写 UTC+8 或 -5:30", "%q is not an offset from UTC: write UTC+8 or -5:30", *a.Zone)
		}
	}
	set(&st.Info.TimeControl, a.TimeControl)
	set(&st.Info.LateAfter, a.LateAfter)
	set(&st.Info.RemindBefore, a.RemindBefore)
	set(&st.Info.ConfirmWithin, a.ConfirmWithin)
	set(&st.Info.FreeDrawOffers, a.FreeDrawOffers)
	set(&st.Info.OfferFoul, a.OfferFoul)
	set(&st.Info.FoulsToLose, a.FoulsToLose)
	set(&st.Info.Zone, a.Zone)
	set(&st.Info.LinkCode, a.LinkCode)
	set(&st.Info.Pictures, a.Pictures)
	return nil
}

// set copies *v to *dst when v is given.
func set[T any](dst *T, v *T) {
	if v != nil {
		*dst = *v
	}
}

// PairingPreviewed shows a pairing of the next round before it is
// published (R-SW-13: with its record). It replaces any earlier preview;
// the preview holds only while the event stays as it was paired on
// (PendingPreview).
type PairingPreviewed struct {
	Pairing engine.Pairing `json:"pairing"`
}

func (*PairingPreviewed) Kind() string { return "pairing-previewed" }

func (a *PairingPreviewed) Apply(st *State) error {
	if st.Status != Running {
		return refuse("比赛还没有开始", "the event has not started")
	}
	p := a.Pairing
	if next := st.Event.NextRound(); p.Round != next {
		return refuse("这是第 %d 轮的编排，但下一轮是第 %d 轮", "the pairing is for round %d, but the next round is %d", p.Round, next)
	}
	if n := st.Event.Settings.Rounds; n > 0 && p.Round > n {
		return refuse("比赛只有 %d 轮", "the event has only %d rounds", n)
	}
	seen := map[int]bool{}
	for _, id := range append(boardPlayers(p.Boards), p.Byes...) {
		if _, ok := st.Event.Player(id); !ok {
			return refuse("没有 %d 号选手", "there is no player %d", id)
		}
		if seen[id] {
			return refuse("%d 号选手在编排里出现了两次", "player %d is paired twice", id)
		}
		seen[id] = true
	}
	st.Preview = clonePairing(p)
	st.Info.PreviewOf = digest(&st.Event)
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
		return refuse("请给出两个不同的台次", "name two different boards")
	}
	i, j := boardIndex(p, a.A), boardIndex(p, a.B)
	for _, k := range [][2]int{{i, a.A}, {j, a.B}} {
		if k[0] < 0 {
			return refuse("第 %d 轮没有第 %d 台", "round %d has no board %d", p.Round, k[1])
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
	p, err := handPreview(st)
	if err != nil {
		return err
	}
	i := boardIndex(p, a.Board)
	if i < 0 {
		return refuse("第 %d 轮没有第 %d 台", "round %d has no board %d", p.Round, a.Board)
	}
	b := &p.Boards[i]
	b.Red, b.Black = b.Black, b.Red
	b.ColourRule = engine.ColourFlippedByHand
	st.Preview = p
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
			return -1, false, refuse("%d 号轮空：轮空不能人工调换，请重新 /pair 编排", "%d has the bye: the bye is not moved by hand; pair again with /pair", id)
		}
		return -1, false, refuse("%d 号不在第 %d 轮的对阵中", "%d is not paired in round %d", id, p.Round)
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
		return refuse("%d 号和 %d 号在同一台：要对调先后手请用 /flip %d", "%d and %d are on one board: to flip its colours, /flip %d", a.A, a.B, p.Boards[i].Number)
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

// handPreview is a copy of the preview for a change by hand, or the
// refusal: no preview to change, or a round robin's fixed table (R-C-2).
func handPreview(st *State) (*engine.Pairing, error) {
	pv := st.PendingPreview()
	if pv == nil {
		return nil, refuse("没有可以修改的编排预览", "there is no pairing preview to change")
	}
	if s := st.Event.Settings.System; s == engine.RoundRobin || s == engine.DoubleRoundRobin {
		return nil, refuse("循环赛按贝格尔表编排，不能人工改动（R-C-2）", "a round robin follows its Berger table: it is not changed by hand (R-C-2)")
	}
	return clonePairing(*pv), nil
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
			return refuse("%[1]d 号%[2]s和 %[3]d 号%[4]s已经下过，不能再次相遇（R-SW-9）", "%[1]d %[2]s and %[3]d %[4]s have met already: no rematch (R-SW-9)", b.Red, red, b.Black, black)
		}
		b.Placed, b.ColourRule = engine.PlacedByHand, engine.ColourByHand
		b.Float = engine.Score(h[b.Red]) != engine.Score(h[b.Black])
	}
	st.Preview = p
	return nil
}

// PendingPreview is the pairing preview when it can still be published:
// the event runs and has not changed since it was paired (no result, player
// or setting changed, no round published). Otherwise nil: pair again.
func (st *State) PendingPreview() *engine.Pairing {
	if st.Status != Running || st.Preview == nil || st.Info.PreviewOf == "" || st.Info.PreviewOf != digest(&st.Event) {
		return nil
	}
	return st.Preview
}

// Cancelled returns the seqs of the log's records that an Undo cancels
// (an Undo of an Undo restores its target), as Fold skips them.
func Cancelled(log []Record) map[int64]bool { return cancelledSeqs(log) }

// digest fingerprints an event, for telling that it changed.
func digest(ev *engine.Event) string {
	b, err := json.Marshal(ev)
	if err != nil {
		return "" // never matches: a preview of it is stale at once
	}
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:16])
}

func boardPlayers(bs []engine.Board) []int {
	var ids []int
	for _, b := range bs {
		ids = append(ids, b.Red, b.Black)
	}
	return ids
}

// clonePairing copies p, so that the state never shares slices with an
// action (a later swap must not change the action the log holds).
func clonePairing(p engine.Pairing) *engine.Pairing {
	p.Boards = slices.Clone(p.Boards)
	p.Byes = slices.Clone(p.Byes)
	p.ByeColours = slices.Clone(p.ByeColours)
	p.Relaxed = slices.Clone(p.Relaxed)
	return &p
}
