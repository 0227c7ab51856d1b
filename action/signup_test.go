package action_test

import (
	"errors"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/qisai/qisai/action"
)

// The sign-up rules' and the schedule's samples join the round trip in
// action_test.go.
func init() {
	deadline := time.Date(2026, 12, 11, 12, 0, 0, 0, time.UTC)
	max, quota, lead := 32, 2, 30*time.Minute
	samples = append(samples, []struct {
		action  action.Action
		payload string
	}{
		{&action.EntryRulesSet{Max: &max, Deadline: &deadline, Quota: &quota, CheckIn: &lead}, `{"max":32,"deadline":"2026-12-11T12:00:00Z","quota":2,"checkIn":1800000000000}`},
		{&action.WaitListed{Name: "Sun Yongzheng", Unit: "Shanghai", Rating: 2400}, `{"name":"Sun Yongzheng","unit":"Shanghai","rating":2400}`},
		{&action.WaitingRemoved{Entrant: 9}, `{"entrant":9}`},
		{&action.SignupDeadlinePassed{At: deadline}, `{"at":"2026-12-11T12:00:00Z"}`},
		{&action.CheckInOpened{Start: deadline}, `{"start":"2026-12-11T12:00:00Z"}`},
		{&action.EventCheckedIn{Entrant: 3}, `{"entrant":3}`},
		{&action.NoShowsRemoved{Entrants: []int{2, 5}}, `{"entrants":[2,5]}`},
		{&action.ScheduleSet{Plan: []action.Planned{{Round: 1, At: deadline}, {Round: 2, At: deadline.Add(5 * time.Hour)}}}, `{"plan":[{"round":1,"at":"2026-12-11T12:00:00Z"},{"round":2,"at":"2026-12-11T17:00:00Z"}]}`},
	}...)
}

// at applies a at t, as a store appending it then would: admitted, then
// applied; the fixture is broken when it is refused.
func (s *script) at(t time.Time, a action.Action) *script {
	s.t.Helper()
	if err := s.try(t, a); err != nil {
		s.t.Fatalf("fixture: %s at %v refused: %v", a.Kind(), t, err)
	}
	return s
}

// try applies a at t and returns why it was refused, recording it when
// it was not.
func (s *script) try(t time.Time, a action.Action) error {
	seq := int64(len(s.log) + 1)
	s.st.At, s.st.Seq = t, seq
	err := action.Admit(s.st, a)
	if err == nil {
		err = a.Apply(s.st)
	}
	if err != nil {
		return err
	}
	s.st.Through = seq
	r := record(seq, a)
	r.At = t
	s.log = append(s.log, r)
	return nil
}

// last is the time of the fixture's last record.
func (s *script) last() time.Time { return s.log[len(s.log)-1].At }

// full is the five entries with a maximum of five.
func full(t testing.TB) *script { return signup(t).do(&action.EntryRulesSet{Max: ptr(5)}) }

func TestEntryRulesSet_R_E_5(t *testing.T) {
	runApply(t, []applyCase{
		{name: "max", from: signup, act: is(&action.EntryRulesSet{Max: ptr(32)}),
			want: func(st *action.State) { st.Info.Entry.Max = 32 }},
		{name: "max as entered", from: signup, act: is(&action.EntryRulesSet{Max: ptr(5)}),
			want: func(st *action.State) { st.Info.Entry.Max = 5 }},
		{name: "max below the entries", from: signup, act: is(&action.EntryRulesSet{Max: ptr(4)}), err: "5 players have entered: the maximum cannot be below 5"},
		{name: "max of one", from: signup, act: is(&action.EntryRulesSet{Max: ptr(1)}), err: "at least 2"},
		{name: "quota", from: signup, act: is(&action.EntryRulesSet{Quota: ptr(2)}),
			want: func(st *action.State) { st.Info.Entry.Quota = 2 }},
		{name: "negative quota", from: signup, act: is(&action.EntryRulesSet{Quota: ptr(-1)}), err: "cannot be negative"},
		{name: "check-in", from: signup, act: is(&action.EntryRulesSet{CheckIn: ptr(30 * time.Minute)}),
			want: func(st *action.State) { st.Info.Entry.CheckIn = 30 * time.Minute }},
		{name: "deadline passed", from: signup, act: func(_ testing.TB, st *action.State) action.Action {
			return &action.EntryRulesSet{Deadline: ptr(st.At.Add(-time.Minute))}
		}, err: "has passed"},
		{name: "nothing", from: signup, act: is(&action.EntryRulesSet{}), err: "nothing to change"},
		{name: "started", from: running, act: is(&action.EntryRulesSet{Max: ptr(8)}), err: "has started"},
	})
}

// TestWaitList_R_E_5: past the maximum an entrant waits; a player who
// leaves before the start makes room for the first waiting, who keeps
// their entrant id; a maximum raised moves the list up.
func TestWaitList_R_E_5(t *testing.T) {
	s := full(t)
	if err := s.try(s.last(), &action.PlayerAdded{Name: "Sun Yongzheng"}); err == nil || !reflect.DeepEqual(refusalOf(err).Reason, action.Full) {
		t.Fatalf("PlayerAdded into a full event: %v, want refused as full", err)
	}
	s.do(&action.WaitListed{Name: "Sun Yongzheng", Unit: "Shanghai"}, &action.WaitListed{Name: "Hong Zhi"})
	sun := s.st.Waiting[0].Entrant
	if len(s.st.Event.Players) != 5 || len(s.st.Waiting) != 2 || s.st.Waiting[1].ID != 2 || sun == 0 {
		t.Fatalf("players %d, wait list %+v: want 5 and two waiting, numbered by place", len(s.st.Event.Players), s.st.Waiting)
	}
	for _, name := range []string{"sun yongzheng", "Wang Tianyi"} {
		if err := s.try(s.last(), &action.WaitListed{Name: name}); err == nil {
			t.Errorf("%q joined the wait list twice", name)
		}
	}
	if err := s.try(s.last(), &action.PlayerAdded{Name: "Hong Zhi"}); err == nil {
		t.Error("a waiting entrant's name was entered as a player's")
	}

	s.do(&action.PlayerRemoved{Player: 2, Entrant: s.st.EntrantOf(2)})
	if n, ok := s.st.Numbered(sun); !ok || n != 5 || len(s.st.Waiting) != 1 || s.st.Waiting[0].Name != "Hong Zhi" || s.st.Waiting[0].ID != 1 {
		t.Fatalf("after a removal: Sun is %d (%v), wait list %+v; want Sun player 5, Hong waiting first", n, ok, s.st.Waiting)
	}
	s.do(&action.EntryRulesSet{Max: ptr(0)})
	if len(s.st.Waiting) != 0 || len(s.st.Event.Players) != 6 {
		t.Fatalf("no maximum: %d players, wait list %+v; want everybody in", len(s.st.Event.Players), s.st.Waiting)
	}
	if st, err := action.Fold(s.log); err != nil || diff(st, s.st) != "" {
		t.Errorf("the log folds to another state: %v %s", err, diff(st, s.st))
	}
}

func TestWaitingRemoved(t *testing.T) {
	waiting := func(t testing.TB) *script {
		return full(t).do(&action.WaitListed{Name: "Sun Yongzheng"}, &action.WaitListed{Name: "Hong Zhi"})
	}
	runApply(t, []applyCase{
		{name: "first", from: waiting, act: func(_ testing.TB, st *action.State) action.Action {
			return &action.WaitingRemoved{Entrant: st.Waiting[0].Entrant}
		}, want: func(st *action.State) {
			st.Waiting = st.Waiting[1:]
			st.Waiting[0].ID = 1
		}},
		{name: "a player", from: waiting, act: func(_ testing.TB, st *action.State) action.Action {
			return &action.WaitingRemoved{Entrant: st.EntrantOf(1)}
		}, err: "not on the wait list"},
	})
}

// TestQuota_R_E_5: a unit's entrants, playing or waiting, stop at the
// quota; the refusal names them; a blank unit has no quota.
func TestQuota_R_E_5(t *testing.T) {
	s := signup(t).do(&action.EntryRulesSet{Quota: ptr(2)}, &action.PlayerAdded{Name: "Sun Yongzheng", Unit: "hangzhou"})
	err := s.try(s.last(), &action.PlayerAdded{Name: "Hong Zhi", Unit: "Hangzhou"})
	r := refusalOf(err)
	if r == nil || r.Rule != "R-E-5" || r.Reason != action.QuotaFull || r.En != "each unit enters at most 2: Hangzhou has Wang Tianyi, Sun Yongzheng already" ||
		r.Zh != "每单位限报 2 人：「Hangzhou」已有 Wang Tianyi、Sun Yongzheng" {
		t.Fatalf("a third of Hangzhou: %v, want refused by R-E-5 naming both", err)
	}
	if err := s.try(s.last(), &action.PlayerEdited{Player: 2, Entrant: s.st.EntrantOf(2), Name: "Li Hongbo", Unit: "HANGZHOU"}); refusalOf(err) == nil || refusalOf(err).Reason != action.QuotaFull {
		t.Errorf("a player moved into a full unit: %v, want refused", err)
	}
	s.do(&action.PlayerAdded{Name: "Hong Zhi"}, &action.EntryRulesSet{Max: ptr(7)}, &action.WaitListed{Name: "Lü Qin", Unit: "Guangdong"})
	if err := s.try(s.last(), &action.WaitListed{Name: "Xu Yinchuan", Unit: "Guangdong"}); refusalOf(err) == nil || !strings.Contains(refusalOf(err).En, "Liu Zonghan, Lü Qin (waiting)") {
		t.Errorf("a third of Guangdong on the wait list: %v, want refused naming the waiting one as such", err)
	}
}

// TestDeadline_R_E_5: the clock closes sign-up at the deadline (once),
// and sign-up cannot open again past it.
func TestDeadline_R_E_5(t *testing.T) {
	s := signup(t)
	deadline := s.last().Add(2 * time.Hour)
	s.do(&action.EntryRulesSet{Deadline: &deadline})
	if got := s.st.WakeAt(); !got.Equal(deadline) {
		t.Errorf("WakeAt = %v, want the deadline %v", got, deadline)
	}
	if due := action.DueActions(s.st, deadline.Add(-time.Second), time.Time{}); len(due) != 0 {
		t.Errorf("before the deadline: %v due", due)
	}
	if err := s.try(deadline.Add(-time.Second), &action.SignupDeadlinePassed{At: deadline}); err == nil {
		t.Error("sign-up closed before its deadline")
	}
	due := action.DueActions(s.st, deadline, time.Time{})
	if !reflect.DeepEqual(due, []action.Action{&action.SignupDeadlinePassed{At: deadline}}) {
		t.Fatalf("at the deadline %v due, want the close", due)
	}
	s.at(deadline, due[0])
	if s.st.Status != action.Setup || !s.st.WakeAt().IsZero() || len(action.DueActions(s.st, deadline.Add(time.Hour), time.Time{})) != 0 {
		t.Errorf("after the close: %s, wake %v; want closed and nothing due", s.st.Status, s.st.WakeAt())
	}
	r := refusalOf(s.try(deadline.Add(time.Minute), &action.SignupOpened{}))
	if r == nil || r.Reason != action.DeadlinePassed || r.Rule != "R-E-5" {
		t.Errorf("sign-up opened past its deadline: %v", r)
	}
	later := deadline.Add(24 * time.Hour)
	s.at(deadline.Add(time.Minute), &action.EntryRulesSet{Deadline: &later}).at(deadline.Add(2*time.Minute), &action.SignupOpened{})
	if s.st.Status != action.Signup {
		t.Error("a later deadline did not let sign-up open again")
	}
}

// TestCheckIn_R_E_5: the check-in opens its lead before round 1's planned
// start, once announced; players and waiting entrants check in once; the
// no-shows are removed and the checked-in waiting move up in order.
func TestCheckIn_R_E_5(t *testing.T) {
	s := full(t).do(&action.WaitListed{Name: "Sun Yongzheng"}, &action.WaitListed{Name: "Hong Zhi"}, &action.WaitListed{Name: "Lü Qin"})
	start := s.last().Add(3 * time.Hour)
	opens := start.Add(-30 * time.Minute)
	s.do(&action.ScheduleSet{Plan: []action.Planned{{Round: 1, At: start}}}, &action.EntryRulesSet{CheckIn: ptr(30 * time.Minute)})
	if got, ok := s.st.CheckInOpens(); !ok || !got.Equal(opens) || !s.st.WakeAt().Equal(opens) {
		t.Fatalf("CheckInOpens = %v, %v, wake %v; want %v", got, ok, s.st.WakeAt(), opens)
	}
	wang := s.st.EntrantOf(1)
	if r := refusalOf(s.try(opens.Add(-time.Minute), &action.EventCheckedIn{Entrant: wang})); r == nil || r.Reason != action.CheckInShut {
		t.Errorf("checked in before the check-in opened: %v", r)
	}
	if got := s.st.NoShows(opens.Add(-time.Minute)); got != nil {
		t.Errorf("no-shows before the check-in: %v", got)
	}
	due := action.DueActions(s.st, opens, time.Time{})
	if !reflect.DeepEqual(due, []action.Action{&action.CheckInOpened{Start: start}}) {
		t.Fatalf("at the opening %v due, want the announcement", due)
	}
	s.at(opens, due[0])
	if len(action.DueActions(s.st, opens.Add(time.Minute), time.Time{})) != 0 || !s.st.WakeAt().IsZero() {
		t.Error("the check-in is announced twice")
	}
	hong, lu := s.st.Waiting[1].Entrant, s.st.Waiting[2].Entrant
	for _, e := range []int{wang, s.st.EntrantOf(3), lu, hong} {
		s.at(opens.Add(time.Minute), &action.EventCheckedIn{Entrant: e})
	}
	if s.try(opens.Add(2*time.Minute), &action.EventCheckedIn{Entrant: wang}) == nil {
		t.Error("checked in twice")
	}
	noShows := s.st.NoShows(opens.Add(2 * time.Minute))
	if len(noShows) != 3 {
		t.Fatalf("no-shows %v, want the three not checked in", noShows)
	}
	if s.try(opens.Add(3*time.Minute), &action.NoShowsRemoved{Entrants: []int{wang}}) == nil {
		t.Error("a player checked in was removed as a no-show")
	}
	var gone []int
	for _, p := range noShows {
		gone = append(gone, p.Entrant)
	}
	s.at(opens.Add(3*time.Minute), &action.NoShowsRemoved{Entrants: gone})
	var got []string
	for _, p := range s.st.Event.Players {
		got = append(got, p.Name)
	}
	// Hong waited before Lü: he moves up first; Sun did not check in.
	want := []string{"Wang Tianyi", "Zhao Xinxin", "Hong Zhi", "Lü Qin"}
	if !reflect.DeepEqual(got, want) || len(s.st.Waiting) != 1 || s.st.Waiting[0].Name != "Sun Yongzheng" {
		t.Errorf("players %v, waiting %+v; want %v with Sun still waiting", got, s.st.Waiting, want)
	}
	for i, p := range s.st.Event.Players {
		if p.ID != i+1 {
			t.Errorf("player %s numbered %d at place %d", p.Name, p.ID, i+1)
		}
	}
	s.at(opens.Add(4*time.Minute), &action.Started{})
	if r := refusalOf(s.try(opens.Add(5*time.Minute), &action.EventCheckedIn{Entrant: s.st.Waiting[0].Entrant})); r == nil || r.Reason != action.EntriesClosed {
		t.Errorf("checked in after the start: %v", r)
	}
}

// TestScheduleSet: a plan in the order of the rounds, each after the one
// before and ahead of now; a published round's plan stays.
func TestScheduleSet(t *testing.T) {
	plan := func(offsets ...time.Duration) func(testing.TB, *action.State) action.Action {
		return func(_ testing.TB, st *action.State) action.Action {
			a := &action.ScheduleSet{}
			for i, d := range offsets {
				a.Plan = append(a.Plan, action.Planned{Round: i + 1, At: st.At.Add(d)})
			}
			return a
		}
	}
	runApply(t, []applyCase{
		{name: "a weekend", from: signup, act: plan(time.Hour, 5*time.Hour, 24*time.Hour), want: func(st *action.State) {
			st.Info.Schedule = []action.Planned{{Round: 1, At: st.At.Add(time.Hour)}, {Round: 2, At: st.At.Add(5 * time.Hour)}, {Round: 3, At: st.At.Add(24 * time.Hour)}}
		}},
		{name: "out of time order", from: signup, act: plan(2*time.Hour, time.Hour), err: "round 2 (2025-03-01 18:"},
		{name: "passed", from: signup, act: plan(-time.Hour), err: "has passed"},
		{name: "cleared", from: signup, act: is(&action.ScheduleSet{}), want: func(*action.State) {}},
		{name: "round 0", from: signup, act: is(&action.ScheduleSet{Plan: []action.Planned{{Round: 0, At: time.Date(2025, 3, 2, 9, 0, 0, 0, time.UTC)}}}), err: "count from 1"},
		{name: "past the rounds", from: signup, act: func(_ testing.TB, st *action.State) action.Action {
			return &action.ScheduleSet{Plan: []action.Planned{{Round: 6, At: st.At.Add(time.Hour)}}}
		}, err: "has 5 rounds"},
		{name: "a published round", from: round1, act: plan(time.Hour), err: "round 1 is published"},
		{name: "the next round", from: round1, act: func(_ testing.TB, st *action.State) action.Action {
			return &action.ScheduleSet{Plan: []action.Planned{{Round: 2, At: st.At.Add(time.Hour)}}}
		}, want: func(st *action.State) { st.Info.Schedule = []action.Planned{{Round: 2, At: st.At.Add(time.Hour)}} }},
	})
}

// refusalOf is err's Refusal, nil when it has none.
func refusalOf(err error) *action.Refusal {
	var r *action.Refusal
	errors.As(err, &r)
	return r
}

// randomSignup draws one of the sign-up rules' actions (R-E-5) for an
// event before its start, often one it allows and sometimes one it must
// refuse.
func randomSignup(rng *rand.Rand, st *action.State) action.Action {
	now := record(st.Through+1, nil).At
	entrant := func() int {
		all := slices.Concat(st.Event.Players, st.Waiting)
		if n := rng.IntN(len(all) + 1); n < len(all) {
			return all[n].Entrant
		}
		return 0
	}
	switch rng.IntN(9) {
	case 0:
		a := &action.EntryRulesSet{Max: ptr(rng.IntN(9)), Quota: ptr(rng.IntN(3))}
		if rng.IntN(2) == 0 {
			// Minutes ahead, as the log's records are a minute apart: it
			// passes while sign-up is open (some are passed already).
			a.Deadline = ptr(now.Add(time.Duration(rng.IntN(12)-2) * time.Minute))
		}
		if rng.IntN(2) == 0 {
			a.CheckIn = ptr(time.Duration(rng.IntN(60)) * time.Minute)
		}
		return a
	case 1, 2:
		return &action.WaitListed{Name: randomNames[rng.IntN(len(randomNames))], Unit: randomUnits[rng.IntN(len(randomUnits))]}
	case 3:
		if len(st.Waiting) > 0 && rng.IntN(4) > 0 {
			return &action.WaitingRemoved{Entrant: st.Waiting[rng.IntN(len(st.Waiting))].Entrant}
		}
		return &action.WaitingRemoved{Entrant: entrant()}
	case 4:
		return &action.SignupDeadlinePassed{At: st.Info.Entry.Deadline}
	case 5:
		return &action.ScheduleSet{Plan: []action.Planned{{Round: 1, At: now.Add(time.Duration(rng.IntN(120)-10) * time.Minute)}}}
	case 6:
		start, _ := st.Planned(1)
		return &action.CheckInOpened{Start: start}
	case 7:
		return &action.EventCheckedIn{Entrant: entrant()}
	}
	a := &action.NoShowsRemoved{}
	for _, p := range st.NoShows(now) {
		a.Entrants = append(a.Entrants, p.Entrant)
	}
	return a
}
