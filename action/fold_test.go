package action_test

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/engine"
)

func add(name string) action.Action { return &action.PlayerAdded{Name: name} }
func undo(seq int64) action.Action  { return &action.Undo{Seq: seq} }
func createdAs(name string) action.Action {
	return &action.Created{Name: name, Settings: engine.DefaultSettings(3)}
}

// names lists the players' names by number.
func names(st *action.State) []string {
	var out []string
	for _, p := range st.Event.Players {
		out = append(out, p.Name)
	}
	return out
}

func TestFoldUndo(t *testing.T) {
	c := createdAs("Club night")
	tests := []struct {
		name    string
		log     []action.Action
		players []string
		status  action.Status
	}{
		{"no undo", []action.Action{c, add("A"), add("B")}, []string{"A", "B"}, action.Setup},
		{"undo skips its target", []action.Action{c, add("A"), add("B"), undo(3)}, []string{"A"}, action.Setup},
		{"undo of an undo restores", []action.Action{c, add("A"), add("B"), undo(3), undo(4)}, []string{"A", "B"}, action.Setup},
		{"a chain of three undoes", []action.Action{c, add("A"), add("B"), undo(3), undo(4), undo(5)}, []string{"A"}, action.Setup},
		{"a chain of four restores", []action.Action{c, add("A"), add("B"), undo(3), undo(4), undo(5), undo(6)}, []string{"A", "B"}, action.Setup},
		{"two undos, one of them undone", []action.Action{c, add("A"), add("B"), add("C"), undo(2), undo(3), undo(6)}, []string{"B", "C"}, action.Setup},
		{"undo of a removal brings the numbers back", []action.Action{c, add("A"), add("B"), add("C"), &action.PlayerRemoved{Player: 1}, undo(5)}, []string{"A", "B", "C"}, action.Setup},
		{"an undone entry frees its name", []action.Action{c, add("A"), undo(2), add("A"), add("B")}, []string{"A", "B"}, action.Setup},
		{"undo of the finish reopens", []action.Action{c, add("A"), add("B"), &action.Started{}, &action.EventFinished{}, undo(5)}, []string{"A", "B"}, action.Running},
		{"undo of the start reopens the entries", []action.Action{c, add("B"), add("A"), &action.Started{}, undo(4), add("C")}, []string{"B", "A", "C"}, action.Setup},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			st, err := action.Fold(numbered(tt.log...))
			if err != nil {
				t.Fatalf("Fold: %v", err)
			}
			if got := names(st); !slices.Equal(got, tt.players) {
				t.Errorf("players %q, want %q", got, tt.players)
			}
			if st.Status != tt.status {
				t.Errorf("status %q, want %q", st.Status, tt.status)
			}
			if want := int64(len(tt.log)); st.Through != want {
				t.Errorf("through %d, want %d (undos and skipped records count)", st.Through, want)
			}
		})
	}
}

// TestFoldErrors: an error in an action names its seq and kind and says
// what was wrong; a log out of order is refused.
func TestFoldErrors(t *testing.T) {
	c := createdAs("Club night")
	tests := []struct {
		name string
		log  []action.Record
		want []string // parts of the message
	}{
		{"refused action", numbered(c, add("A"), add("a")),
			[]string{"action 3 (player-added)", "has entered already"}},
		{"an undo leaves a later action without its ground", numbered(c, add("A"), add("B"), undo(2), &action.PlayerEdited{Player: 2, Name: "X"}),
			[]string{"action 5 (player-edited)", "there is no player 2"}},
		{"seqs are the log's, not positions", []action.Record{record(10, c), record(20, add("A")), record(30, &action.Started{})},
			[]string{"action 30 (started)", "at least 2 players"}},
		{"before the event", numbered(add("A")), []string{"action 1 (player-added)", "no event yet"}},
		{"a seq twice", []action.Record{record(1, c), record(2, add("A")), record(2, add("B"))}, []string{"record 2"}},
		{"seqs going back", []action.Record{record(1, c), record(3, add("A")), record(2, add("B"))}, []string{"record 2"}},
		{"seq 0", []action.Record{record(0, c)}, []string{"record 0"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			st, err := action.Fold(tt.log)
			if err == nil {
				t.Fatalf("Fold = %+v, want an error", st)
			}
			if errors.Is(err, action.ErrRefold) {
				t.Errorf("Fold of a whole log says %v", err)
			}
			for _, w := range tt.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not say %q", err, w)
				}
			}
		})
	}
}

// TestFoldUndoTarget: an undo must cancel an earlier record. One that
// names none, itself or a later record is an error in that undo, never a
// silent skip, and from Fold never ErrRefold (which tells the caller to
// fold the whole log: that is what it did). A later target would also
// break undo of undo (see the last case).
func TestFoldUndoTarget(t *testing.T) {
	c := createdAs("Club night")
	tests := []struct {
		name string
		log  []action.Action
	}{
		{"seq 0", []action.Action{c, add("A"), undo(0)}},
		{"negative seq", []action.Action{c, add("A"), undo(-1)}},
		{"itself", []action.Action{c, add("A"), undo(3)}},
		{"a record not yet written", []action.Action{c, add("A"), undo(9)}},
		// Record 2 cancels record 4, which would cancel record 3: is A
		// in the event or not?
		{"a later record", []action.Action{c, undo(4), add("A"), undo(3)}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			log := numbered(tt.log...)
			st, err := action.Fold(log)
			if err == nil {
				t.Fatalf("Fold = players %q, want an error for the undo", names(st))
			}
			if errors.Is(err, action.ErrRefold) {
				t.Errorf("Fold of the whole log says %q", err)
			}
			if !strings.Contains(err.Error(), "(undo)") {
				t.Errorf("error %q does not name the undo", err)
			}
		})
	}
}

// TestFoldUndoneCreated: once the Created record is undone there is no
// event, and actions after it must be refused as they are before it.
func TestFoldUndoneCreated(t *testing.T) {
	log := numbered(createdAs("Club night"), undo(1), add("A"))
	if st, err := action.Fold(log); err == nil {
		t.Errorf("Fold = event %q (status %s) with players %q; want an error: the event was undone", st.Event.Name, st.Status, names(st))
	}
}

// TestFoldFromRefold: a snapshot continues unless an undo in the tail
// reaches into it.
func TestFoldFromRefold(t *testing.T) {
	c := createdAs("Club night")
	tests := []struct {
		name    string
		log     []action.Action
		split   int      // records in the snapshot
		players []string // nil: want ErrRefold
	}{
		{"undo of a snapshot record", []action.Action{c, add("A"), add("B"), add("C"), undo(3)}, 4, nil},
		{"undo of the snapshot's undo", []action.Action{c, add("A"), add("B"), undo(3), undo(4)}, 4, nil},
		{"undo of a snapshot record, undone in the tail", []action.Action{c, add("A"), add("B"), add("C"), undo(3), undo(5)}, 4, []string{"A", "B", "C"}},
		{"undo of a tail record", []action.Action{c, add("A"), add("B"), undo(3)}, 2, []string{"A"}},
		{"undo of the snapshot's last record", []action.Action{c, add("A"), add("B"), undo(3)}, 3, nil},
		{"undo of an undo in the tail", []action.Action{c, add("A"), add("B"), undo(3), undo(4)}, 3, []string{"A", "B"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			log := numbered(tt.log...)
			snap, err := action.Fold(log[:tt.split])
			if err != nil {
				t.Fatalf("snapshot: %v", err)
			}
			st, err := action.FoldFrom(snap, log[tt.split:])
			if tt.players == nil {
				if !errors.Is(err, action.ErrRefold) {
					t.Fatalf("FoldFrom = %v, %v; want ErrRefold", st, err)
				}
				return
			}
			if err != nil {
				t.Fatalf("FoldFrom: %v", err)
			}
			if got := names(st); !slices.Equal(got, tt.players) {
				t.Errorf("players %q, want %q", got, tt.players)
			}
			if want := int64(len(log)); st.Through != want {
				t.Errorf("through %d, want %d", st.Through, want)
			}
		})
	}
}

// TestFoldFromOrder: the tail must follow the snapshot.
func TestFoldFromOrder(t *testing.T) {
	log := numbered(createdAs("Club night"), add("A"), add("B"))
	snap, err := action.Fold(log)
	if err != nil {
		t.Fatal(err)
	}
	for _, tail := range [][]action.Record{log[2:], {record(1, add("C"))}, {record(4, add("C")), record(3, add("D"))}} {
		st, err := action.FoldFrom(snap, tail)
		switch {
		case err == nil:
			t.Errorf("FoldFrom(through 3, records %d…) = players %q, want an error: the records are out of order", tail[0].Seq, names(st))
		case errors.Is(err, action.ErrRefold):
			t.Errorf("FoldFrom(through 3, records %d…) says %q, want that the records are out of order", tail[0].Seq, err)
		}
	}
}

// TestFoldReplaysLive: the fold of a random valid log is the state its
// actions built one by one (half the logs have undos, kept when the log
// still folds).
func TestFoldReplaysLive(t *testing.T) {
	seen := map[string]int{}
	// 200 logs, and more (up to 600) while a kind is still unseen: the
	// rarest kinds need a play the generator reaches by chance.
	for seed := uint64(0); seed < 200 || seed < 600 && len(seen) < len(action.Kinds()); seed++ {
		log, live := randomLog(t, seed, 60, seed%2 == 1)
		for _, r := range log {
			seen[r.Action.Kind()]++
		}
		st, err := action.Fold(log)
		if err != nil {
			t.Fatalf("seed %d: Fold: %v", seed, err)
		}
		if d := diff(st, live); d != "" {
			t.Fatalf("seed %d: Fold(log) differs from the live state: %s", seed, d)
		}
	}
	// The generator must keep covering every kind, or the test proves
	// less than it says.
	for _, k := range action.Kinds() {
		if seen[k] == 0 {
			t.Errorf("no random log holds a %s record", k)
		}
	}
	t.Logf("records by kind: %v", seen)
}

// TestFoldUndoProperty checks undo against its definition on random logs:
// undoing record s folds like the log without s, and undoing that undo
// folds like the log itself.
func TestFoldUndoProperty(t *testing.T) {
	for seed := range uint64(40) {
		log, _ := randomLog(t, seed, 30, false)
		n := int64(len(log))
		full, err := action.Fold(log)
		if err != nil {
			t.Fatalf("seed %d: Fold: %v", seed, err)
		}
		for s := int64(2); s <= n; s++ {
			without := slices.Delete(slices.Clone(log), int(s-1), int(s))
			want, wantErr := action.Fold(without)
			undone := append(slices.Clone(log), record(n+1, undo(s)))
			got, err := action.Fold(undone)
			switch {
			case wantErr != nil && err == nil:
				t.Errorf("seed %d: undo of %d (%s) folds, but the log without it fails: %v", seed, s, log[s-1].Action.Kind(), wantErr)
			case wantErr == nil && err != nil:
				t.Errorf("seed %d: undo of %d (%s): %v; the log without it folds", seed, s, log[s-1].Action.Kind(), err)
			case wantErr == nil:
				passedOver(want, n+1)
				if d := diff(got, want); d != "" {
					t.Errorf("seed %d: undo of %d (%s) differs from the log without it: %s", seed, s, log[s-1].Action.Kind(), d)
				}
			}
			redone, err := action.Fold(append(undone, record(n+2, undo(n+1))))
			if err != nil {
				t.Fatalf("seed %d: undo of the undo of %d: %v", seed, s, err)
			}
			want = deepCopy(full)
			passedOver(want, n+2)
			if d := diff(redone, want); d != "" {
				t.Errorf("seed %d: undo of the undo of %d (%s) differs from the log: %s", seed, s, log[s-1].Action.Kind(), d)
			}
		}
	}
}

// passedOver moves st on to seq as the fold moves over the records it does
// not apply (an Undo, the records it cancels): Through, and a pending
// preview's PreviewHeld with it.
func passedOver(st *action.State, seq int64) {
	if st.PreviewHeld == st.Through {
		st.PreviewHeld = seq
	}
	st.Through = seq
}

// TestFoldFromSplits: continuing a snapshot at any split of a random log
// gives the fold of the whole log, or ErrRefold when an undo in the tail
// reaches into the snapshot; the snapshot itself never changes.
func TestFoldFromSplits(t *testing.T) {
	refolds := 0
	for seed := range uint64(100) {
		log, _ := randomLog(t, seed, 40, true)
		full, err := action.Fold(log)
		if err != nil {
			t.Fatalf("seed %d: Fold: %v", seed, err)
		}
		for k := range len(log) + 1 {
			var snap *action.State
			if k > 0 {
				if snap, err = action.Fold(log[:k]); err != nil {
					t.Fatalf("seed %d: Fold(first %d): %v", seed, k, err)
				}
			}
			before := deepCopy(snap)
			tail := log[k:]
			got, err := action.FoldFrom(snap, tail)
			if d := diff(snap, before); d != "" {
				t.Fatalf("seed %d: FoldFrom changed the snapshot through %d: %s", seed, k, d)
			}
			reaches := slices.ContainsFunc(tail, func(r action.Record) bool {
				u, ok := r.Action.(*action.Undo)
				return ok && u.Seq <= int64(k)
			})
			switch {
			case errors.Is(err, action.ErrRefold) && reaches:
				refolds++
			case err != nil:
				t.Fatalf("seed %d: FoldFrom(through %d): %v (an undo in the tail reaches the snapshot: %v)", seed, k, err, reaches)
			default:
				// A tail undo may reach the snapshot and change nothing
				// there (its target undone again): continuing is fine,
				// if the result is right.
				if d := diff(norm(got), norm(full)); d != "" {
					t.Fatalf("seed %d: FoldFrom(through %d) differs from Fold: %s", seed, k, d)
				}
			}
			// FoldOnto, on a snapshot of its own, folds the same.
			onto, ontoErr := action.FoldOnto(deepCopy(snap), tail)
			if !errors.Is(ontoErr, err) && (ontoErr == nil) != (err == nil) {
				t.Fatalf("seed %d: FoldOnto(through %d): %v, FoldFrom: %v", seed, k, ontoErr, err)
			}
			if err == nil {
				if d := diff(norm(onto), norm(got)); d != "" {
					t.Fatalf("seed %d: FoldOnto(through %d) differs from FoldFrom: %s", seed, k, d)
				}
			}
		}
	}
	if refolds == 0 {
		t.Error("no split needed a refold: the random logs do not test ErrRefold")
	}
}

// randomLog builds a log of up to n records by trying random actions
// against a live state and keeping those that apply; with undos it also
// tries undos of earlier records (never of Created), kept when the log
// still folds, and the live state becomes that fold. A refused action
// must leave the live state as it was.
func randomLog(t testing.TB, seed uint64, n int, undos bool) ([]action.Record, *action.State) {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 0x666f6c64)) // "fold"
	// Requested byes come from a stream of their own, so that they leave
	// the other kinds' draws as they were.
	side := rand.New(rand.NewPCG(seed, 0x6c65617665)) // "leave"
	// So do the awards (categories, prizes, place points, minimum games).
	awards := rand.New(rand.NewPCG(seed, 0x6177617264)) // "award"
	// The sign-up rules too (R-E-5), before the start.
	entries := rand.New(rand.NewPCG(seed, 0x7369676e7570)) // "signup"
	// The papers' details, which change also after the finish.
	papers := rand.New(rand.NewPCG(seed, 0x706170657273)) // "papers"
	live, err := action.Fold(nil)
	if err != nil {
		t.Fatal(err)
	}
	var log []action.Record
	for try := 0; len(log) < n && try < 40*n; try++ {
		seq := int64(len(log) + 1)
		if undos && seq > 2 && rng.IntN(100) < 4 {
			tried := append(slices.Clone(log), record(seq, undo(2+rng.Int64N(seq-2))))
			if st, err := action.Fold(tried); err == nil {
				log, live = tried, st
			}
			continue
		}
		var a action.Action
		switch w := rng.IntN(100); {
		case side.IntN(12) == 0:
			a = randomLeave(side, live)
		case side.IntN(80) == 0:
			a = &action.GamePostponed{Round: len(live.Event.Rounds), Board: 1 + side.IntN(3)}
		case awards.IntN(150) == 0:
			a = randomAwards(awards, live)
		case live.Status == action.Running && awards.IntN(2) == 0 && len(live.Ties()) > 0:
			a = randomPlayoff(awards, live)
		case papers.IntN(60) == 0:
			venue, places := fmt.Sprintf("Hall %d", papers.IntN(9)), papers.IntN(10)
			a = &action.DetailsSet{Venue: &venue, Awards: &places}
		case (live.Status == action.Setup || live.Status == action.Signup) && entries.IntN(8) == 0:
			a = randomSignup(entries, live) // signup_test.go
		case w < 10:
			a = followUp(rng, live)
			if a == nil {
				a = randomPlay(rng, live)
			}
		case w < 15:
			a = randomPlay(rng, live)
		case w < 22:
			a = randomOrganising(rng, live)
		case w < 24:
			a = randomStart(rng, live)
		default:
			a = randomAction(rng, live)
		}
		before := deepCopy(live)
		live.At, live.Seq = record(seq, a).At, seq // as the fold will see them
		if err := a.Apply(live); err != nil {
			if d := diff(live, before); d != "" {
				t.Fatalf("seed %d: refused %s %+v (%v) changed the state: %s", seed, a.Kind(), a, err, d)
			}
			continue
		}
		live.Through = seq
		// An action that keeps a preview pending leaves what it was
		// paired on as it was (R-SW-13).
		if before.PendingPreview() != nil && live.PendingPreview() != nil && !reflect.DeepEqual(norm(before).Event, norm(live).Event) {
			t.Fatalf("seed %d: %s %+v changed the event, and the preview stays pending", seed, a.Kind(), a)
		}
		log = append(log, record(seq, a))
	}
	return log, live
}

var (
	randomNames = []string{"Wang Tianyi", "Zheng Weitong", "Xu Yinchuan", "Hong Zhi", "Lü Qin", "Zhao Xinxin",
		"Jiang Chuan", "Sun Yongzheng", "Meng Chen", "wang tianyi", "Li Hongjia", " "}
	randomUnits   = []string{"", "", "Beijing", "Shanghai", "Guangdong", "Sichuan"}
	randomResults = []engine.Result{engine.RedWin, engine.RedWin, engine.BlackWin, engine.BlackWin, engine.Draw, engine.Draw,
		engine.RedForfeitWin, engine.BlackForfeitWin, engine.DoubleForfeit, engine.Pending, engine.DoubleForfeit + 1}
)

// followUp answers what is open, so that the rarer kinds that need it
// come up: a swap in a pending preview, a dispute or confirmation of a
// pending report, a draw accepted, a resignation, or the next step of a
// 猜先; nil when nothing is open.
func followUp(rng *rand.Rand, st *action.State) action.Action {
	if pv := st.PendingPreview(); pv != nil && len(pv.Boards) >= 2 {
		return randomSwap(rng, pv)
	}
	if r := len(st.Event.Rounds); r > 0 && st.Play.Round == r {
		for _, gp := range st.Play.Games {
			var g engine.Game
			for _, game := range st.Event.Rounds[r-1].Games {
				if game.Board == gp.Board {
					g = game
				}
			}
			if g.Result.Decided() || g.Void {
				continue
			}
			switch {
			case gp.Offer != nil && rng.IntN(3) == 0:
				return &action.DrawAccepted{Round: r, Board: g.Board, Player: g.Red + g.Black - gp.Offer.Player}
			case gp.Offer != nil && rng.IntN(2) == 0:
				return &action.DrawDeclined{Round: r, Board: g.Board, Player: g.Red + g.Black - gp.Offer.Player}
			case gp.Report != nil && gp.Dispute == nil && rng.IntN(2) == 0:
				other := g.Red + g.Black - gp.Report.Player
				if rng.IntN(2) == 0 {
					return &action.ReportConfirmed{Round: r, Board: g.Board, Player: other}
				}
				return &action.ReportDisputed{Round: r, Board: g.Board, Player: other}
			case len(gp.Here) > 0 && gp.Dispute == nil && rng.IntN(8) == 0:
				return &action.Resigned{Round: r, Board: g.Board, Player: gp.Here[0].Player}
			}
		}
	}
	return guessFollowUp(rng, st)
}

// guessFollowUp continues a 猜先 under way: the opponent guesses, then the
// winner chooses a colour (R-C-4); nil when no guess is open.
func guessFollowUp(rng *rand.Rand, st *action.State) action.Action {
	r := len(st.Event.Rounds)
	for _, gp := range st.Play.Games {
		g := gp.Guess
		if g == nil {
			continue
		}
		var red, black int
		for _, game := range st.Event.Rounds[r-1].Games {
			if game.Board == gp.Board {
				red, black = game.Red, game.Black
			}
		}
		other := red
		if g.Hider == red {
			other = black
		}
		colour := engine.Colour(1 + rng.IntN(2))
		switch {
		case g.Guessed == engine.NoColour:
			return &action.GuessMade{Round: r, Board: gp.Board, Player: other, Colour: colour}
		case g.Chosen == engine.NoColour:
			winner := g.Winner
			if winner == 0 {
				winner = other
			}
			return &action.ColourChosen{Round: r, Board: gp.Board, Player: winner, Colour: colour}
		}
	}
	return nil
}

// randomOrganising draws one of the organiser's actions beyond the rules'
// settings: the event's details, a pairing preview, a swap in it.
func randomOrganising(rng *rand.Rand, st *action.State) action.Action {
	switch rng.IntN(3) {
	case 0:
		tc := fmt.Sprintf("%d min + %d s", 10+rng.IntN(50), rng.IntN(30))
		late := time.Duration(rng.IntN(30)) * time.Minute
		remind := time.Duration(rng.IntN(60)) * time.Minute
		return &action.InfoChanged{TimeControl: &tc, LateAfter: &late, RemindBefore: &remind}
	case 1:
		p, err := engine.Pair(&st.Event)
		if err != nil {
			p = engine.Pairing{Round: len(st.Event.Rounds) + 1}
		}
		return &action.PairingPreviewed{Pairing: p}
	}
	if pv := st.PendingPreview(); pv != nil && len(pv.Boards) >= 2 {
		return randomSwap(rng, pv)
	}
	return &action.BoardsSwapped{A: 1 + rng.IntN(3), B: 1 + rng.IntN(3)}
}

// randomSwap changes the preview pv by hand: swaps the black players of
// two boards, exchanges two players of two boards, or flips a board.
func randomSwap(rng *rand.Rand, pv *engine.Pairing) action.Action {
	i := rng.IntN(len(pv.Boards))
	j := (i + 1 + rng.IntN(len(pv.Boards)-1)) % len(pv.Boards)
	a, b := pv.Boards[i], pv.Boards[j]
	switch rng.IntN(3) {
	case 0:
		return &action.BoardFlipped{Board: a.Number}
	case 1:
		return &action.PlayersExchanged{A: a.Red, B: b.Black}
	}
	return &action.BoardsSwapped{A: a.Number, B: b.Number}
}

// randomStart gives the current round a start time, some of them passed
// when the record is made, reminds of it, leaves its late players to the
// arbiter or starts its late-arrival limit again.
func randomStart(rng *rand.Rand, st *action.State) action.Action {
	round := len(st.Event.Rounds)
	if rng.IntN(3) == 0 {
		// Which one by the log's length: no draw of its own, so that the
		// logs drawn before these kinds came stay as they were.
		switch st.Through % 5 {
		case 1:
			return &action.LateReferred{Round: round}
		case 2:
			return &action.LateWaited{Round: round}
		case 3:
			return &action.RoundReminded{Round: round, Missed: true}
		}
		return &action.RoundReminded{Round: round}
	}
	start := record(st.Through+1, nil).At.Add(time.Duration(rng.IntN(240)-30) * time.Minute)
	return &action.RoundScheduled{Round: round, Start: start}
}

// randomAction draws an action for st, often one that st allows and
// sometimes one it must refuse. It never draws an Undo: its Apply does
// nothing, so the live state could not follow it.
func randomAction(rng *rand.Rand, st *action.State) action.Action {
	ev := &st.Event
	player := func() int { return rng.IntN(len(ev.Players) + 2) } // 0 and n+1 are nobody
	round := func() int { return rng.IntN(len(ev.Rounds) + 2) }
	pick := func(xs []string) string { return xs[rng.IntN(len(xs))] }
	if ev.Name == "" && rng.IntN(10) > 0 {
		return randomCreated(rng)
	}
	if st.Teams != nil && rng.IntN(2) == 0 {
		return randomTeam(rng, st) // team_test.go
	}
	switch w := rng.IntN(100); {
	case w < 2:
		return randomCreated(rng)
	case w < 18:
		if st.Status == action.Running && rng.IntN(3) == 0 {
			return &action.LateEntered{Name: pick(randomNames), Unit: pick(randomUnits)} // R-E-1
		}
		return &action.PlayerAdded{Name: pick(randomNames), Unit: pick(randomUnits), Rating: 1500 + 50*rng.IntN(25)}
	case w < 22:
		return &action.PlayerEdited{Player: player(), Name: pick(randomNames), Unit: pick(randomUnits), Rating: 1500 + 50*rng.IntN(25)}
	case w < 25:
		return &action.PlayerRemoved{Player: player()}
	case w < 28:
		return &action.SignupOpened{}
	case w < 30:
		return &action.SignupClosed{}
	case w < 34:
		return &action.SettingsChanged{Settings: randomSettings(rng, ev.Settings)}
	case w < 39:
		return &action.Started{Numbering: engine.Numbering(rng.IntN(2))}
	case w < 59:
		return randomRound(rng, st)
	case w < 79:
		return randomResult(rng, ev)
	case w < 85:
		return &action.FoulRecorded{Round: round(), Player: player()}
	case w < 89:
		return &action.PenaltyRecorded{Player: player()}
	case w < 94:
		return &action.Withdrawn{Player: player(), After: round()}
	default:
		if len(ev.Rounds) > 0 && rng.IntN(10) == 0 {
			return &action.EventFinished{}
		}
		if len(ev.Rounds) == 0 && rng.IntN(40) == 0 {
			return &action.EventCancelled{} // refused once started
		}
		if rng.IntN(20) == 0 {
			return &action.WebLinkReplaced{}
		}
		if rng.IntN(8) == 0 {
			return randomPlan(rng)
		}
		if rng.IntN(4) == 0 {
			return randomTeamRules(rng)
		}
		return &action.PlayerAdded{Name: pick(randomNames)}
	}
}

// randomLeave asks, grants or drops a requested bye (R-E-2) of a player
// for the next round or one after it, or of nobody.
func randomLeave(rng *rand.Rand, st *action.State) action.Action {
	entrant := rng.IntN(len(st.Event.Players) + 2)
	if entrant > 0 && entrant <= len(st.Event.Players) {
		entrant = st.Event.Players[entrant-1].Entrant
	}
	round := st.Event.NextRound() + rng.IntN(3) - 1
	if len(st.Leaves) > 0 && rng.IntN(3) > 0 {
		l := st.Leaves[rng.IntN(len(st.Leaves))]
		entrant, round = l.Entrant, l.Round
	}
	switch rng.IntN(3) {
	case 0:
		return &action.LeaveAsked{Entrant: entrant, Round: round, Granted: rng.IntN(2) == 0}
	case 1:
		return &action.LeaveGranted{Entrant: entrant, Round: round}
	}
	return &action.LeaveDropped{Entrant: entrant, Round: round}
}

// randomAwards gives a player categories, or declares the event's, or sets
// a prize count, a place points table or a minimum of games (R-T-8,
// R-T-10..12); now and then one that is refused.
func randomAwards(rng *rand.Rand, st *action.State) action.Action {
	cats := []string{"女子", "U12", "教师", " ", "picture"}
	some := func() []string {
		var out []string
		for _, c := range cats {
			if rng.IntN(3) == 0 {
				out = append(out, c)
			}
		}
		return out
	}
	switch rng.IntN(6) {
	case 0:
		entrant := rng.IntN(len(st.Event.Players) + 2)
		if entrant > 0 && entrant <= len(st.Event.Players) {
			entrant = st.Event.Players[entrant-1].Entrant
		}
		return &action.CategoriesSet{Entrant: entrant, Categories: some()}
	case 1:
		declared := some()
		return &action.AwardsChanged{Categories: &declared}
	case 2:
		return &action.AwardsChanged{Prize: &action.PrizeSet{Category: []string{"", "女子", "U12"}[rng.IntN(3)], Places: rng.IntN(5) - 1}}
	case 3:
		t := engine.PlaceTable{engine.Pts(10), engine.Pts(7), engine.Pts(5), engine.Pts(3)}[:rng.IntN(5)]
		return &action.AwardsChanged{PlacePoints: &t}
	case 4:
		chains := [][]engine.TieRule{nil, {engine.TieBlitz, engine.TieLots}, {engine.TieArmageddon}, {engine.TieReplay}, {engine.RegularGame}}
		c := chains[rng.IntN(len(chains))]
		return &action.AwardsChanged{Playoff: &c}
	}
	return &action.AwardsChanged{Minimum: &engine.Minimum{Games: rng.IntN(6) - 1, For: engine.Rankings(rng.IntN(4))}}
}

// randomPlayoff settles one of the event's ties (R-T-8): the organiser's
// choice, or a play-off game's result (now and then a refused one).
func randomPlayoff(rng *rand.Rand, st *action.State) action.Action {
	ties := st.Ties()
	t := ties[rng.IntN(len(ties))]
	if t.Chosen == nil || rng.IntN(8) == 0 {
		return &action.PlayoffChosen{Stage: t.Stage, Group: t.Group, Place: t.Place, Players: t.Players, Lots: rng.IntN(4) == 0}
	}
	return &action.PlayoffPlayed{Place: t.Place, Result: engine.Result(1 + rng.IntN(3))} // red's win, black's, a draw
}

// randomPlan makes the event a knockout, a double elimination or groups,
// or a plain Swiss again.
func randomPlan(rng *rand.Rand) action.Action {
	kinds := []action.StageKind{action.KnockoutStage, action.DoubleStage, action.GroupsStage}
	if k := rng.IntN(len(kinds) + 1); k < len(kinds) {
		p := action.NewPlan(kinds[k])
		return &action.PlanSet{Plan: &p}
	}
	return &action.PlanSet{}
}

func randomCreated(rng *rand.Rand) action.Action {
	s := engine.DefaultSettings(3 + rng.IntN(5))
	if rng.IntN(5) == 0 {
		s.System = engine.RoundRobin
	}
	s.Seed = rng.Uint64()
	return &action.Created{Name: "Open " + string(rune('A'+rng.IntN(26))), Settings: s}
}

// randomSettings changes one thing in s: after the start, only some
// changes are allowed.
func randomSettings(rng *rand.Rand, s engine.Settings) engine.Settings {
	s.Tiebreaks = slices.Clone(s.Tiebreaks)
	switch rng.IntN(6) {
	case 0:
		s.Rounds = rng.IntN(9)
	case 1:
		rng.Shuffle(len(s.Tiebreaks), func(i, j int) { s.Tiebreaks[i], s.Tiebreaks[j] = s.Tiebreaks[j], s.Tiebreaks[i] })
		s.Tiebreaks = s.Tiebreaks[:rng.IntN(len(s.Tiebreaks)+1)]
	case 2:
		s.SharedPlaceSkips = !s.SharedPlaceSkips
	case 3:
		s.Seed = rng.Uint64()
	case 4:
		s.System = []engine.System{engine.Swiss, engine.RoundRobin, engine.DoubleRoundRobin}[rng.IntN(3)]
	default:
		s.Scoring, s.ByeValue = engine.ScoringNational, engine.ScoringNational.Win
	}
	return s
}

// randomRound publishes the round engine.Pair makes, or one with the
// wrong number when there is none (or one time in ten).
func randomRound(rng *rand.Rand, st *action.State) action.Action {
	wrong := &action.RoundPublished{Pairing: engine.Pairing{Round: st.Event.NextRound() + 1}}
	if st.Status != action.Running || rng.IntN(10) == 0 {
		return wrong
	}
	ev := st.Event
	p, err := engine.Pair(&ev)
	if err != nil {
		return wrong
	}
	return &action.RoundPublished{Pairing: p}
}

// randomResult mostly enters a result for a pending game of the last
// round, so that the next round can be paired.
func randomResult(rng *rand.Rand, ev *engine.Event) action.Action {
	res := randomResults[rng.IntN(len(randomResults))]
	if len(ev.Rounds) == 0 || rng.IntN(10) == 0 {
		return &action.ResultSet{Round: rng.IntN(3), Board: 1 + rng.IntN(3), Result: res}
	}
	r := len(ev.Rounds)
	if rng.IntN(5) == 0 {
		r = 1 + rng.IntN(len(ev.Rounds))
	}
	games := ev.Rounds[r-1].Games
	if len(games) == 0 {
		return &action.ResultSet{Round: r, Board: 1, Result: res}
	}
	var pending []engine.Game
	for _, g := range games {
		if g.Result == engine.Pending {
			pending = append(pending, g)
		}
	}
	if len(pending) > 0 && rng.IntN(4) > 0 {
		games = pending
	}
	return &action.ResultSet{Round: r, Board: games[rng.IntN(len(games))].Board, Result: res}
}
