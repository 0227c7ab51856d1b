package action_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/engine"
)

// The play kinds' samples join the round trip in action_test.go.
func init() {
	samples = append(samples, []struct {
		action  action.Action
		payload string
	}{
		{&action.ResultReported{Round: 2, Board: 1, Player: 3, Result: engine.Draw}, `{"round":2,"board":1,"player":3,"result":3}`},
		{&action.ReportDisputed{Round: 2, Board: 1, Player: 1}, `{"round":2,"board":1,"player":1}`},
		{&action.DrawOffered{Round: 2, Board: 1, Player: 3}, `{"round":2,"board":1,"player":3}`},
		{&action.DrawDeclined{Round: 2, Board: 1, Player: 1}, `{"round":2,"board":1,"player":1}`},
		{&action.DrawAccepted{Round: 2, Board: 1, Player: 1}, `{"round":2,"board":1,"player":1}`},
		{&action.ReportConfirmed{Round: 2, Board: 1, Player: 3}, `{"round":2,"board":1,"player":3}`},
		{&action.Resigned{Round: 2, Board: 1, Player: 3}, `{"round":2,"board":1,"player":3}`},
		{&action.CheckedIn{Round: 2, Board: 1, Player: 3}, `{"round":2,"board":1,"player":3}`},
		{&action.GuessCalled{Round: 2}, `{"round":2}`},
		{&action.GuessHidden{Round: 1, Board: 2, Player: 4, Commitment: action.Commit(engine.Black, "0123456789abcdef"), Hidden: engine.Black, Nonce: "0123456789abcdef"}, ""},
		{&action.GuessMade{Round: 1, Board: 2, Player: 2, Colour: engine.Red}, `{"round":1,"board":2,"player":2,"colour":1}`},
		{&action.ColourChosen{Round: 1, Board: 2, Player: 2, Colour: engine.Black}, `{"round":1,"board":2,"player":2,"colour":2}`},
	}...)
}

// playAt is the time the play tests' actions are recorded at.
var playAt = time.Date(2026, 3, 1, 14, 0, 0, 0, time.UTC)

// board1 names round 1's first game of a fixture: red, black.
func board1(st *action.State) (red, black int) {
	g := gameAt(st, 1, 1)
	return g.Red, g.Black
}

// playStep is one action of a play scenario: allowed, or refused with a
// message holding err and the state unchanged.
type playStep struct {
	act func(red, black int) action.Action
	err string
}

// runPlay applies steps to round 1 of the fixture, a minute apart, and
// returns the state and board 1's players.
func runPlay(t *testing.T, steps ...playStep) (st *action.State, red, black int) {
	t.Helper()
	st = round1(t).st
	red, black = board1(st)
	for i, s := range steps {
		a := s.act(red, black)
		st.At, st.Seq = playAt.Add(time.Duration(i)*time.Minute), st.Through+int64(i)+1
		before := snapshot(t, st)
		err := a.Apply(st)
		switch {
		case s.err == "" && err != nil:
			t.Fatalf("step %d: %s %+v refused: %v", i+1, a.Kind(), a, err)
		case s.err != "" && (err == nil || !strings.Contains(err.Error(), s.err)):
			t.Fatalf("step %d: %s %+v: error %v, want one saying %q", i+1, a.Kind(), a, err, s.err)
		case s.err != "" && snapshot(t, st) != before:
			t.Fatalf("step %d: refused %s changed the state", i+1, a.Kind())
		}
	}
	return st, red, black
}

// snapshot is st as a store's snapshot holds it.
func snapshot(t testing.TB, st *action.State) string {
	t.Helper()
	b, err := json.Marshal(st)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func ok(act func(red, black int) action.Action) playStep { return playStep{act: act} }
func no(err string, act func(red, black int) action.Action) playStep {
	return playStep{act: act, err: err}
}

func report(by func(red, black int) int, res engine.Result) func(red, black int) action.Action {
	return func(r, b int) action.Action {
		return &action.ResultReported{Round: 1, Board: 1, Player: by(r, b), Result: res}
	}
}
func dispute(by func(red, black int) int) func(red, black int) action.Action {
	return func(r, b int) action.Action { return &action.ReportDisputed{Round: 1, Board: 1, Player: by(r, b)} }
}
func offer(by func(red, black int) int) func(red, black int) action.Action {
	return func(r, b int) action.Action { return &action.DrawOffered{Round: 1, Board: 1, Player: by(r, b)} }
}
func decline(by func(red, black int) int) func(red, black int) action.Action {
	return func(r, b int) action.Action { return &action.DrawDeclined{Round: 1, Board: 1, Player: by(r, b)} }
}
func fixed(a action.Action) func(red, black int) action.Action {
	return func(int, int) action.Action { return a }
}

func redP(r, _ int) int   { return r }
func blackP(_, b int) int { return b }

func TestR_G_1_ReportPendingUntilConfirmed(t *testing.T) {
	st, red, _ := runPlay(t, ok(report(redP, engine.RedWin)))
	gp := st.Underway(1, 1)
	want := &action.Report{Player: red, Result: engine.RedWin, At: playAt, Seq: st.Through + 1}
	if !reflect.DeepEqual(gp.Report, want) || gp.Dispute != nil {
		t.Fatalf("after a report: report %+v dispute %+v, want report %+v and no dispute", gp.Report, gp.Dispute, want)
	}
	if g := gameAt(st, 1, 1); g.Result != engine.Pending {
		t.Errorf("a report made the result %v: it stays pending until confirmed", g.Result)
	}
	// The confirmation is a ResultSet: the game's play is over.
	if err := (&action.ResultSet{Round: 1, Board: 1, Result: engine.RedWin}).Apply(st); err != nil {
		t.Fatal(err)
	}
	if gp := st.Underway(1, 1); gp.Report != nil {
		t.Errorf("a decided game still shows the report %+v", gp.Report)
	}
}

func TestR_G_1_ReportRefusals(t *testing.T) {
	st := round1(t).st
	red, _ := board1(st)
	other := gameAt(st, 1, 2).Red
	tests := []struct {
		name  string
		steps []playStep
	}{
		{"twice by one player", []playStep{ok(report(redP, engine.RedWin)), no("reported the result of board 1 already", report(redP, engine.Draw))}},
		{"agreeing report is a confirmation", []playStep{ok(report(redP, engine.RedWin)), no("confirms it", report(blackP, engine.RedWin))}},
		{"forfeit", []playStep{no("forfeits are for the arbiter", report(redP, engine.RedForfeitWin))}},
		{"someone else's game", []playStep{no("does not play on board 1", fixed(&action.ResultReported{Round: 1, Board: 1, Player: other, Result: engine.RedWin}))}},
		{"no such board", []playStep{no("no board 9", fixed(&action.ResultReported{Round: 1, Board: 9, Player: red, Result: engine.RedWin}))}},
		{"a round not paired", []playStep{no("not the current round", fixed(&action.ResultReported{Round: 2, Board: 1, Player: red, Result: engine.RedWin}))}},
		{"decided game", []playStep{ok(fixed(&action.ResultSet{Round: 1, Board: 1, Result: engine.Draw})), no("is in already", report(redP, engine.RedWin))}},
		{"dispute with no report", []playStep{no("nobody has reported", dispute(blackP))}},
		{"dispute own report", []playStep{ok(report(redP, engine.RedWin)), no("their own report", dispute(redP))}},
		{"report after a dispute", []playStep{ok(report(redP, engine.RedWin)), ok(dispute(blackP)), no("is disputed", report(blackP, engine.BlackWin))}},
		{"dispute twice", []playStep{ok(report(redP, engine.RedWin)), ok(dispute(blackP)), no("disputed already", dispute(blackP))}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { runPlay(t, tt.steps...) })
	}
}

func TestR_G_1_ContradictingReportIsDispute(t *testing.T) {
	st, red, black := runPlay(t, ok(report(redP, engine.RedWin)), ok(report(blackP, engine.BlackWin)))
	gp := st.Underway(1, 1)
	if gp.Report == nil || gp.Report.Player != red || gp.Dispute == nil || gp.Dispute.Player != black || gp.Dispute.Result != engine.BlackWin {
		t.Fatalf("report %+v dispute %+v: want red's report and black's contradicting one", gp.Report, gp.Dispute)
	}
	if due := action.DueActions(st, playAt.Add(1000*time.Hour), time.Time{}); len(due) != 0 {
		t.Errorf("a disputed report became due: %v", due)
	}
}

func TestR_G_1_DisputeRecordsWho(t *testing.T) {
	st, _, black := runPlay(t, ok(report(redP, engine.Draw)), ok(dispute(blackP)))
	d := st.Underway(1, 1).Dispute
	if d == nil || d.Player != black || d.Result != engine.Pending || !d.At.Equal(playAt.Add(time.Minute)) {
		t.Errorf("dispute %+v, want black's at %v with no result of their own", d, playAt.Add(time.Minute))
	}
}

func TestR_G_2_DrawOffers(t *testing.T) {
	tests := []struct {
		name  string
		steps []playStep
	}{
		{"offer, then decline", []playStep{ok(offer(redP)), ok(decline(blackP))}},
		{"second offer after a refusal", []playStep{ok(offer(redP)), ok(decline(blackP)), no("offers alternate", offer(redP))}},
		{"offers alternate", []playStep{ok(offer(redP)), ok(decline(blackP)), ok(offer(blackP)), ok(decline(redP)), ok(offer(redP)), ok(decline(blackP)), no("offers alternate", offer(redP))}},
		{"an offer cannot be withdrawn or repeated", []playStep{ok(offer(redP)), no("waits for the opponent", offer(redP))}},
		{"an open offer is answered, not crossed", []playStep{ok(offer(redP)), no("the opponent has offered a draw", offer(blackP))}},
		{"decline one's own offer", []playStep{ok(offer(redP)), no("no draw offer for player", decline(redP))}},
		{"decline with no offer", []playStep{no("no draw offer for player", decline(blackP))}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { runPlay(t, tt.steps...) })
	}
}

func TestR_G_2_ErrOfferAgain(t *testing.T) {
	st, red, _ := runPlay(t, ok(offer(redP)), ok(decline(blackP)))
	if err := st.MayOffer(1, 1, red); !errors.Is(err, action.ErrOfferAgain) {
		t.Errorf("MayOffer after a refusal = %v, want ErrOfferAgain", err)
	}
	gp := st.Underway(1, 1)
	if gp.Offer != nil || gp.Declined != red {
		t.Errorf("after the refusal: offer %+v, declined %d; want none and %d", gp.Offer, gp.Declined, red)
	}
}

func TestR_G_4_CheckedIn(t *testing.T) {
	checkIn := func(by func(r, b int) int) func(r, b int) action.Action {
		return func(r, b int) action.Action { return &action.CheckedIn{Round: 1, Board: 1, Player: by(r, b)} }
	}
	st, red, black := runPlay(t, ok(checkIn(blackP)), ok(checkIn(redP)), no("checked in already", checkIn(redP)))
	want := []action.CheckIn{{Player: black, At: playAt}, {Player: red, At: playAt.Add(time.Minute)}}
	if got := st.Underway(1, 1).Here; !reflect.DeepEqual(got, want) {
		t.Errorf("check-ins %+v, want %+v", got, want)
	}
}

const nonce = "5f0c7a1e9b2d4c68"

func hide(by func(r, b int) int, c engine.Colour) func(r, b int) action.Action {
	return func(r, b int) action.Action {
		return &action.GuessHidden{Round: 1, Board: 1, Player: by(r, b), Commitment: action.Commit(c, nonce), Hidden: c, Nonce: nonce}
	}
}
func guess(by func(r, b int) int, c engine.Colour) func(r, b int) action.Action {
	return func(r, b int) action.Action {
		return &action.GuessMade{Round: 1, Board: 1, Player: by(r, b), Colour: c}
	}
}
func choose(by func(r, b int) int, c engine.Colour) func(r, b int) action.Action {
	return func(r, b int) action.Action {
		return &action.ColourChosen{Round: 1, Board: 1, Player: by(r, b), Colour: c}
	}
}

// callGuess is an arbiter calling for 猜先 in round 1 (R-C-3).
var callGuess = fixed(&action.GuessCalled{Round: 1})

func TestR_C_4_Commit(t *testing.T) {
	// What anyone gets from: printf 'red:5f0c7a1e9b2d4c68' | sha256sum
	const want = "75d4775c0a8266fdf6b110bc82cf9d9608d19d2a43bbaaa43b01aa75c6101342"
	if got := action.Commit(engine.Red, nonce); got != want {
		t.Errorf("Commit(red, %q) = %s, want %s", nonce, got, want)
	}
	if action.Commit(engine.Black, nonce) == want {
		t.Errorf("the commitment does not depend on the colour")
	}
}

func TestR_C_4_Guess(t *testing.T) {
	// Black hides red; red guesses red and wins; red chooses black: the
	// colours swap.
	st, red, black := runPlay(t,
		no("there is no 猜先", hide(blackP, engine.Red)),
		ok(callGuess),
		no("decided by 猜先 already", callGuess),
		no("commitment does not match", func(r, b int) action.Action {
			return &action.GuessHidden{Round: 1, Board: 1, Player: b, Commitment: action.Commit(engine.Black, nonce), Hidden: engine.Red, Nonce: nonce}
		}),
		no("hide red or black", hide(blackP, engine.NoColour)),
		ok(hide(blackP, engine.Red)),
		no("has begun already", hide(redP, engine.Black)),
		no("the opponent guesses", guess(blackP, engine.Black)),
		no("is not decided", choose(redP, engine.Red)),
		ok(guess(redP, engine.Red)),
		no("guessed already", guess(redP, engine.Black)),
		no("they choose", choose(blackP, engine.Red)),
		ok(choose(redP, engine.Black)),
		no("chosen already", choose(redP, engine.Red)),
	)
	g := st.Underway(1, 1).Guess
	if g == nil || !g.Revealed() || g.Winner != red || g.Guesser != red || g.Hider != black || g.Chosen != engine.Black {
		t.Fatalf("guess %+v: want black hiding, red guessing right and choosing black", g)
	}
	if g.Commitment != action.Commit(g.Hidden, g.Nonce) {
		t.Errorf("the revealed colour and nonce do not give the commitment")
	}
	if game := gameAt(st, 1, 1); game.Red != black || game.Black != red {
		t.Errorf("after choosing black, red is %d and black %d; want %d and %d", game.Red, game.Black, black, red)
	}
}

func TestR_C_4_WrongGuessHiderWins(t *testing.T) {
	st, red, black := runPlay(t, ok(callGuess), ok(hide(redP, engine.Black)), ok(guess(blackP, engine.Red)), ok(choose(redP, engine.Red)))
	if g := st.Underway(1, 1).Guess; g.Winner != red {
		t.Errorf("winner %d, want the hider %d after a wrong guess", g.Winner, red)
	}
	if game := gameAt(st, 1, 1); game.Red != red || game.Black != black {
		t.Errorf("choosing the colour one has swapped the game: red %d black %d", game.Red, game.Black)
	}
}

func TestR_C_4_NoChoiceOnceUnderway(t *testing.T) {
	runPlay(t, ok(callGuess), ok(hide(redP, engine.Black)), ok(guess(blackP, engine.Black)), ok(offer(redP)), no("its colours stay", choose(blackP, engine.Red)))
}

// TestPlayNewRoundStartsClean: nothing of round 1's play reaches round 2.
func TestPlayNewRoundStartsClean(t *testing.T) {
	s := round1(t)
	r1, _ := board1(s.st)
	s.do(&action.DrawOffered{Round: 1, Board: 1, Player: r1})
	s.do(&action.DrawDeclined{Round: 1, Board: 1, Player: gameAt(s.st, 1, 1).Black})
	s.results().publish()
	st := s.st
	for _, g := range st.Event.Rounds[1].Games {
		if gp := st.Underway(2, g.Board); !reflect.DeepEqual(gp, action.GamePlay{Board: g.Board}) {
			t.Errorf("round 2 board %d starts with %+v", g.Board, gp)
		}
		if err := st.MayOffer(2, g.Board, g.Red); err != nil {
			t.Errorf("round 2: player %d may not offer a draw: %v", g.Red, err)
		}
	}
	g := gameAt(st, 2, 1)
	if err := (&action.CheckedIn{Round: 2, Board: 1, Player: g.Red}).Apply(st); err != nil {
		t.Fatal(err)
	}
	if st.Play.Round != 2 || len(st.Play.Games) != 1 {
		t.Errorf("play %+v: want round 2's check-in alone", st.Play)
	}
	if err := (&action.DrawOffered{Round: 1, Board: 1, Player: r1}).Apply(st); err == nil || !strings.Contains(err.Error(), "not the current round") {
		t.Errorf("an offer in round 1 during round 2: %v, want a refusal", err)
	}
}

// TestPlayDecidedGamesDropped: the next play action drops the play of a
// game whose result is in.
func TestPlayDecidedGamesDropped(t *testing.T) {
	st, _, _ := runPlay(t, ok(report(redP, engine.RedWin)), ok(fixed(&action.ResultSet{Round: 1, Board: 1, Result: engine.RedWin})))
	g2 := gameAt(st, 1, 2)
	if err := (&action.DrawOffered{Round: 1, Board: 2, Player: g2.Red}).Apply(st); err != nil {
		t.Fatal(err)
	}
	if len(st.Play.Games) != 1 || st.Play.Games[0].Board != 2 {
		t.Errorf("play %+v: want board 2's offer alone", st.Play.Games)
	}
}

func TestR_G_1_DueActions(t *testing.T) {
	st, _, _ := runPlay(t, ok(report(redP, engine.BlackWin)))
	if due := action.DueActions(st, playAt.Add(24*time.Hour), time.Time{}); len(due) != 0 {
		t.Errorf("no confirmation window, yet due: %v", due)
	}
	st.Info.ConfirmWithin = 30 * time.Minute
	if due := action.DueActions(st, playAt.Add(30*time.Minute-time.Second), time.Time{}); len(due) != 0 {
		t.Errorf("due before the window ended: %v", due)
	}
	want := []action.Action{&action.ResultSet{Round: 1, Board: 1, Result: engine.BlackWin}}
	if due := action.DueActions(st, playAt.Add(30*time.Minute), time.Time{}); !reflect.DeepEqual(due, want) {
		t.Errorf("due when the window ends: %v, want %v", due, want)
	}
	// A disputed report waits for the arbiter however long it takes.
	if err := (&action.ReportDisputed{Round: 1, Board: 1, Player: gameAt(st, 1, 1).Black}).Apply(st); err != nil {
		t.Fatal(err)
	}
	if due := action.DueActions(st, playAt.Add(24*time.Hour), time.Time{}); len(due) != 0 {
		t.Errorf("a disputed report became due: %v", due)
	}
}

func TestR_G_4_LateArrivalForfeits(t *testing.T) {
	start := playAt.Add(-time.Hour)
	tests := []struct {
		name     string
		here     []int // the boards' players at the board, as board*10+colour (1 red, 2 black)
		lateHere []int // ... arriving after the limit
		want     map[int]engine.Result
	}{
		{"everybody in time", []int{11, 12, 21, 22}, nil, map[int]engine.Result{}},
		{"black absent", []int{11, 21, 22}, nil, map[int]engine.Result{1: engine.RedForfeitWin}},
		{"red absent", []int{12, 21, 22}, nil, map[int]engine.Result{1: engine.BlackForfeitWin}},
		{"both absent", []int{21, 22}, nil, map[int]engine.Result{1: engine.DoubleForfeit}},
		{"arrived after the limit", []int{11, 21, 22}, []int{12}, map[int]engine.Result{1: engine.RedForfeitWin}},
		{"nobody", nil, nil, map[int]engine.Result{1: engine.DoubleForfeit, 2: engine.DoubleForfeit}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			st := round1(t).st
			st.Info.LateAfter = 15 * time.Minute
			st.Play = action.Play{Round: 1, Since: start}
			arrive := func(codes []int, at time.Time) {
				for _, c := range codes {
					g := gameAt(st, 1, c/10)
					p := g.Red
					if c%10 == 2 {
						p = g.Black
					}
					st.At = at
					if err := (&action.CheckedIn{Round: 1, Board: g.Board, Player: p}).Apply(st); err != nil {
						t.Fatal(err)
					}
				}
			}
			arrive(tt.here, start.Add(15*time.Minute))
			arrive(tt.lateHere, start.Add(16*time.Minute))
			if due := action.DueActions(st, start.Add(15*time.Minute-time.Second), time.Time{}); len(due) != 0 {
				t.Errorf("due before the limit: %v", due)
			}
			got := map[int]engine.Result{}
			for _, a := range action.DueActions(st, start.Add(15*time.Minute), time.Time{}) {
				rs := a.(*action.ResultSet)
				got[rs.Board] = rs.Result
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("forfeits by board %v, want %v", got, tt.want)
			}
		})
	}
}

// TestR_G_4_ActingIsArriving: a player who reported or offered a draw is at
// the board, checked in or not.
func TestR_G_4_ActingIsArriving(t *testing.T) {
	st, red, black := runPlay(t, ok(offer(blackP)), ok(decline(redP)))
	gp := st.Underway(1, 1)
	for p, at := range map[int]time.Time{black: playAt, red: playAt.Add(time.Minute)} {
		if got, ok := gp.Arrived(p); !ok || !got.Equal(at) {
			t.Errorf("player %d at the board since %v (%v), want %v", p, got, ok, at)
		}
	}
	if err := (&action.CheckedIn{Round: 1, Board: 1, Player: red}).Apply(st); err == nil {
		t.Errorf("a check-in after acting was taken as the first")
	}
}

func TestR_G_2_FreeDrawOffers(t *testing.T) {
	st, red, _ := runPlay(t, ok(offer(redP)), ok(decline(blackP)))
	st.Info.FreeDrawOffers = true
	if err := (&action.DrawOffered{Round: 1, Board: 1, Player: red}).Apply(st); err != nil {
		t.Errorf("with free draw offers a second offer is refused: %v", err)
	}
}

// TestPlayRefusalsSpeakChinese: every refusal a player can meet is a
// Refusal, so a Chinese chat reads it in Chinese.
func TestPlayRefusalsSpeakChinese(t *testing.T) {
	st, red, black := runPlay(t, ok(offer(redP)), ok(decline(blackP)))
	for _, a := range []action.Action{
		&action.DrawOffered{Round: 1, Board: 1, Player: red},
		&action.ReportDisputed{Round: 1, Board: 1, Player: black},
		&action.ResultReported{Round: 1, Board: 1, Player: 99, Result: engine.Draw},
		&action.GuessMade{Round: 1, Board: 1, Player: black, Colour: engine.Red},
		&action.ColourChosen{Round: 1, Board: 1, Player: black, Colour: engine.Red},
	} {
		var r *action.Refusal
		if err := a.Apply(st); !errors.As(err, &r) || r.Zh == "" || r.Zh == r.En {
			t.Errorf("%s: %v is not a refusal in Chinese", a.Kind(), err)
		}
	}
}

// TestPlaySnapshot: play survives a store's snapshot (JSON) and folding on
// from a snapshot leaves the snapshot as it was.
func TestPlaySnapshot(t *testing.T) {
	st, red, black := runPlay(t, ok(report(redP, engine.RedWin)), ok(offer(blackP)), ok(callGuess), ok(hide(redP, engine.Red)))
	var back action.State
	if err := json.Unmarshal([]byte(snapshot(t, st)), &back); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back.Play, st.Play) {
		t.Errorf("play after JSON %+v, want %+v", back.Play, st.Play)
	}
	before := snapshot(t, st)
	next, err := action.FoldFrom(st, []action.Record{
		record(st.Through+1, &action.DrawDeclined{Round: 1, Board: 1, Player: red}),
		record(st.Through+2, &action.ReportDisputed{Round: 1, Board: 1, Player: black}),
		record(st.Through+3, &action.GuessMade{Round: 1, Board: 1, Player: black, Colour: engine.Red}),
	})
	if err != nil {
		t.Fatal(err)
	}
	if snapshot(t, st) != before {
		t.Errorf("folding on from a snapshot changed it")
	}
	if gp := next.Underway(1, 1); gp.Dispute == nil || gp.Offer != nil || gp.Guess.Winner != black || len(gp.Here) != 2 {
		t.Errorf("folded play %+v: want a dispute, no offer, black winning the guess, both at the board", gp)
	}
}

// randomPlay draws a play action for st: mostly one by a player of a
// pending game of the current round, sometimes one st must refuse. The
// fold tests' randomAction can draw from it too.
func randomPlay(rng *rand.Rand, st *action.State) action.Action {
	round := len(st.Event.Rounds)
	board, player := 1+rng.IntN(3), rng.IntN(len(st.Event.Players)+2)
	if round > 0 && rng.IntN(8) > 0 {
		games := st.Event.Rounds[round-1].Games
		if len(games) > 0 {
			g := games[rng.IntN(len(games))]
			board, player = g.Board, []int{g.Red, g.Black}[rng.IntN(2)]
		}
	}
	if rng.IntN(10) == 0 {
		round = rng.IntN(round + 2)
	}
	colour := engine.Colour(rng.IntN(3))
	switch rng.IntN(9) {
	case 8:
		return &action.GuessCalled{Round: round}
	case 0:
		return &action.ResultReported{Round: round, Board: board, Player: player, Result: randomResults[rng.IntN(len(randomResults))]}
	case 1:
		return &action.ReportDisputed{Round: round, Board: board, Player: player}
	case 2:
		return &action.DrawOffered{Round: round, Board: board, Player: player}
	case 3:
		return &action.DrawDeclined{Round: round, Board: board, Player: player}
	case 4:
		return &action.CheckedIn{Round: round, Board: board, Player: player}
	case 5:
		n := fmt.Sprintf("%016x", rng.Uint64())
		commit := action.Commit(colour, n)
		if rng.IntN(10) == 0 {
			commit = action.Commit(colour.Opposite(), n)
		}
		return &action.GuessHidden{Round: round, Board: board, Player: player, Commitment: commit, Hidden: colour, Nonce: n}
	case 6:
		return &action.GuessMade{Round: round, Board: board, Player: player, Colour: colour}
	}
	return &action.ColourChosen{Round: round, Board: board, Player: player, Colour: colour}
}

// TestPlayFoldReplaysLive: random play over three rounds folds, whole or
// from a snapshot taken anywhere, to the state the actions built live, and
// a refused play action leaves the state as it was.
func TestPlayFoldReplaysLive(t *testing.T) {
	seen := map[string]int{}
	for seed := range uint64(100) {
		rng := rand.New(rand.NewPCG(seed, 0x706c6179)) // "play"
		s := round1(t)
		for len(s.st.Event.Rounds) <= 3 && len(s.log) < 400 {
			a := randomPlay(rng, s.st)
			switch rng.IntN(30) {
			case 0:
				s.results()
				if len(s.st.Event.Rounds) < 3 {
					s.publish()
				} else {
					a = &action.EventFinished{}
				}
			case 1:
				// An arbiter sets a result of the round, or reopens one.
				r := len(s.st.Event.Rounds)
				games := s.st.Event.Rounds[r-1].Games
				a = &action.ResultSet{Round: r, Board: games[rng.IntN(len(games))].Board, Result: engine.Result(rng.IntN(4))}
			}
			seq := int64(len(s.log) + 1)
			r := record(seq, a)
			s.st.At, s.st.Seq = r.At, seq
			before := snapshot(t, s.st)
			if err := a.Apply(s.st); err != nil {
				if snapshot(t, s.st) != before {
					t.Fatalf("seed %d: refused %s %+v (%v) changed the state", seed, a.Kind(), a, err)
				}
				continue
			}
			s.st.Through = seq
			s.log = append(s.log, r)
			seen[a.Kind()]++
			if s.st.Status == action.Finished {
				break
			}
		}
		whole, err := action.Fold(s.log)
		if err != nil {
			t.Fatalf("seed %d: Fold: %v", seed, err)
		}
		if snapshot(t, whole) != snapshot(t, s.st) {
			t.Fatalf("seed %d: Fold(log) differs from the live state:\n%s\n%s", seed, snapshot(t, whole), snapshot(t, s.st))
		}
		cut := rng.IntN(len(s.log))
		head, err := action.Fold(s.log[:cut])
		if err != nil {
			t.Fatal(err)
		}
		var snap action.State
		if err := json.Unmarshal([]byte(snapshot(t, head)), &snap); err != nil {
			t.Fatal(err)
		}
		tail, err := action.FoldFrom(&snap, s.log[cut:])
		if err != nil {
			t.Fatalf("seed %d: FoldFrom a snapshot at %d: %v", seed, cut, err)
		}
		if snapshot(t, tail) != snapshot(t, s.st) {
			t.Fatalf("seed %d: folding on from a snapshot at %d differs from the live state", seed, cut)
		}
	}
	for _, k := range []string{"result-reported", "report-disputed", "draw-offered", "draw-declined", "checked-in", "guess-called", "guess-hidden", "guess-made", "colour-chosen"} {
		if seen[k] == 0 {
			t.Errorf("no random log holds a %s record", k)
		}
	}
	t.Logf("records by kind: %v", seen)
}
