package action_test

import (
	"strings"
	"testing"

	"github.com/qisai/qisai/action"
)

// The papers' details join the round trip in action_test.go.
func init() {
	samples = append(samples, struct {
		action  action.Action
		payload string
	}{&action.DetailsSet{Host: ptr("实验中学象棋协会"), Awards: ptr(8)}, `{"host":"实验中学象棋协会","awards":8}`})
}

// TestDetailsSet: the papers' details are set before, during and after the
// event — the certificates are printed once it is over — but not of an
// event cancelled; each is one line of a hundred characters at most.
func TestDetailsSet(t *testing.T) {
	runApply(t, []applyCase{
		{name: "before the start", from: created,
			act: is(&action.DetailsSet{Host: ptr("实验中学象棋协会"), Venue: ptr("体育馆"), Dates: ptr("3月1日—2日")}),
			want: func(st *action.State) {
				st.Info.Host, st.Info.Venue, st.Info.Dates = "实验中学象棋协会", "体育馆", "3月1日—2日"
			}},
		{name: "running", from: round1, act: is(&action.DetailsSet{Awards: ptr(8)}),
			want: func(st *action.State) { st.Info.Awards = 8 }},
		{name: "after the finish", from: finished, act: is(&action.DetailsSet{Host: ptr("棋协")}),
			want: func(st *action.State) { st.Info.Host = "棋协" }},
		{name: "cleared", from: func(t testing.TB) *script { return created(t).do(&action.DetailsSet{Venue: ptr("Hall")}) },
			act: is(&action.DetailsSet{Venue: ptr("")}), want: func(st *action.State) { st.Info.Venue = "" }},
		{name: "cancelled", from: func(t testing.TB) *script { return created(t).do(&action.EventCancelled{}) },
			act: is(&action.DetailsSet{Host: ptr("棋协")}), err: "cancelled"},
		{name: "nothing", from: created, act: is(&action.DetailsSet{}), err: "nothing to change"},
		{name: "too long", from: created, act: is(&action.DetailsSet{Venue: ptr(strings.Repeat("馆", action.MaxDetail+1))}), err: "at most 100"},
		{name: "two lines", from: created, act: is(&action.DetailsSet{Host: ptr("a\nb")}), err: "one line"},
		{name: "negative awards", from: created, act: is(&action.DetailsSet{Awards: ptr(-1)}), err: "0 to 100"},
		{name: "no event", from: empty, act: is(&action.DetailsSet{Host: ptr("x")}), err: "no event"},
	})
}
