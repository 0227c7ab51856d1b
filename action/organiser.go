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
}

func (*InfoChanged) Kind() string { return "info-changed" }

func (a *InfoChanged) Apply(st *State) error {
	if err := open(st); err != nil {
		return err
	}
	switch {
	case a.TimeControl == nil && a.LateAfter == nil && a.RemindBefore == nil && a.ConfirmWithin == nil &&
		a.FreeDrawOffers == nil && a.OfferFoul == nil && a.FoulsToLose == nil && a.Zone == nil && a.LinkCode == nil:
		return refuse("没有要修改的内容", "nothing to change")
	case a.LateAfter != nil && *a.LateAfter < 0, a.ConfirmWithin != nil && *a.ConfirmWithin < 0,
		a.RemindBefore != nil && *a.RemindBefore < 0:
		return refuse("时间不能是负数", "a time limit cannot be negative")
	case a.FoulsToLose != nil && *a.FoulsToLose < 0:
		return refuse("判负的犯规次数不能是负数", "the fouls that lose a game cannot be negative")
	case a.LinkCode != nil && *a.LinkCode == "":
		return refuse("关联代码不能为空", "a link code cannot be empty")
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
	pv := st.PendingPreview()
	if pv == nil {
		return refuse("没有可以修改的编排预览", "there is no pairing preview to change")
	}
	if s := st.Event.Settings.System; s == engine.RoundRobin || s == engine.DoubleRoundRobin {
		return refuse("循环赛按贝格尔表编排，不能换台（R-C-2）", "a round robin follows its Berger table: its boards are not swapped (R-C-2)")
	}
	if a.A == a.B {
		return refuse("请给出两个不同的台次", "name two different boards")
	}
	p := *clonePairing(*pv)
	i := slices.IndexFunc(p.Boards, func(b engine.Board) bool { return b.Number == a.A })
	j := slices.IndexFunc(p.Boards, func(b engine.Board) bool { return b.Number == a.B })
	for _, k := range [][2]int{{i, a.A}, {j, a.B}} {
		if k[0] < 0 {
			return refuse("第 %d 轮没有第 %d 台", "round %d has no board %d", p.Round, k[1])
		}
	}
	x, y := &p.Boards[i], &p.Boards[j]
	x.Black, y.Black = y.Black, x.Black
	h := st.Event.Histories()
	for _, b := range []*engine.Board{x, y} {
		if st.Event.Met(b.Red, b.Black) {
			red, black := st.Event.Players[b.Red-1].Name, st.Event.Players[b.Black-1].Name
			return refuse("%[1]d 号%[2]s和 %[3]d 号%[4]s已经下过，不能再次相遇（R-SW-9）", "%[1]d %[2]s and %[3]d %[4]s have met already: no rematch (R-SW-9)", b.Red, red, b.Black, black)
		}
		b.Placed, b.ColourRule = engine.PlacedByHand, engine.ColourByHand
		b.Float = engine.Score(h[b.Red]) != engine.Score(h[b.Black])
	}
	st.Preview = &p
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
