package commands

import (
	"context"
	"errors"
	"slices"
	"testing"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/internal/i18n"
	"github.com/qisai/qisai/storage"
)

// TestPickEvent: the rules by which a line finds its event among a
// chat's (oldest first) — a name, else the current one while unfinished,
// else the one unfinished, else the current or newest; ambiguous when two
// are unfinished and none current.
func TestPickEvent(t *testing.T) {
	ev := func(id int, name string, s action.Status, current bool) storage.ChatEvent {
		return storage.ChatEvent{ID: storage.EventID(id), Name: name, Status: s, Current: current}
	}
	const (
		fin = action.Finished
		run = action.Running
		sig = action.Signup
		set = action.Setup
	)
	for _, tt := range []struct {
		name    string
		evs     []storage.ChatEvent
		named   string
		private bool // the open events are the running ones, not all unfinished
		want    int  // the event found; 0: an error
		amb     []string
		says    string // what the problem says, in English
	}{
		{name: "no event", says: "This chat follows no event yet"},
		{name: "one, finished and current: still readable",
			evs: []storage.ChatEvent{ev(1, "春季赛", fin, true)}, want: 1},
		{name: "a season: the new event is current",
			evs: []storage.ChatEvent{ev(1, "春季赛", fin, false), ev(2, "冬季赛", set, true)}, want: 2},
		{name: "two at once, one chosen",
			evs: []storage.ChatEvent{ev(1, "学生组", run, false), ev(2, "教师组", sig, true)}, want: 2},
		{name: "two at once, none chosen",
			evs: []storage.ChatEvent{ev(1, "学生组", run, false), ev(2, "教师组", sig, false)}, amb: []string{"学生组", "教师组"}},
		{name: "the current finished, one other unfinished: that one",
			evs: []storage.ChatEvent{ev(1, "学生组", fin, true), ev(2, "教师组", run, false)}, want: 2},
		{name: "the current finished, two others unfinished",
			evs: []storage.ChatEvent{ev(1, "春季赛", fin, true), ev(2, "学生组", run, false), ev(3, "教师组", run, false)}, amb: []string{"学生组", "教师组"}},
		{name: "all finished, none current: the newest",
			evs: []storage.ChatEvent{ev(1, "春季赛", fin, false), ev(2, "冬季赛", fin, false)}, want: 2},
		{name: "named, a finished one beside a running current one",
			evs: []storage.ChatEvent{ev(1, "春季赛", fin, false), ev(2, "冬季赛", run, true)}, named: "春季赛", want: 1},
		{name: "named in another case, ambiguous otherwise",
			evs: []storage.ChatEvent{ev(1, "Students", run, false), ev(2, "Teachers", run, false)}, named: "teachers", want: 2},
		{name: "named but not here",
			evs: []storage.ChatEvent{ev(1, "学生组", run, false), ev(2, "教师组", run, false)}, named: "秋季赛",
			says: `There is no event called "秋季赛" here. The events here: 学生组, 教师组`},
		{name: "private: the one running, not the one in sign-up", private: true,
			evs: []storage.ChatEvent{ev(1, "学生组", run, false), ev(2, "冬季赛", sig, false)}, want: 1},
		{name: "private: two running", private: true,
			evs: []storage.ChatEvent{ev(1, "学生组", run, false), ev(2, "教师组", run, false), ev(3, "春季赛", fin, false)}, amb: []string{"学生组", "教师组"}},
		{name: "private: none running, the newest", private: true,
			evs: []storage.ChatEvent{ev(1, "春季赛", fin, false), ev(2, "冬季赛", sig, false)}, want: 2},
	} {
		open := unfinished
		if tt.private {
			open = isRunning
		}
		got, err := pickEvent(tt.evs, tt.named, open)
		var amb *ambiguousEvent
		var p *Problem
		switch {
		case tt.want != 0:
			if err != nil || got.ID != storage.EventID(tt.want) {
				t.Errorf("%s: event %d (%v), want %d", tt.name, got.ID, err, tt.want)
			}
		case tt.amb != nil:
			if !errors.As(err, &amb) || !slices.Equal(amb.names, tt.amb) {
				t.Errorf("%s: %v, want ambiguous between %v", tt.name, err, tt.amb)
			}
		case !errors.As(err, &p):
			t.Errorf("%s: %v, want a problem", tt.name, err)
		default:
			must(t, p.Text.In(i18n.En, p.Args...), tt.says)
		}
	}
}

// TestAmbiguousReply: the answer names the events and shows the line with
// the first name added; in a private chat each event is a button that
// sends the line again with its name, as long as a button carries it.
func TestAmbiguousReply(t *testing.T) {
	group := (&ambiguousEvent{names: []string{"学生组", "Teachers Open"}}).reply(i18n.Zh, "/pair")
	must(t, group.Text, "2 个未结束的比赛：学生组、Teachers Open", "/pair #学生组", "/event use")
	if len(group.Buttons) != 0 {
		t.Errorf("a group's answer has buttons: %v", group.Buttons)
	}
	long := "/report win and a very long line that no Telegram button can carry at all"
	dm := (&ambiguousEvent{names: []string{"学生组", "Teachers Open"}, private: true, playing: true}).reply(i18n.En, "/report win")
	must(t, dm.Text, "You play in 2 running events: 学生组, Teachers Open", "/report win #学生组")
	staff := (&ambiguousEvent{names: []string{"学生组", "Teachers Open"}, private: true}).reply(i18n.Zh, "/publish")
	must(t, staff.Text, "你有 2 个未结束的比赛：学生组、Teachers Open", "/publish #学生组")
	if len(staff.Buttons) != 2 {
		t.Errorf("the staff's answer in private has buttons %v, want one an event", staff.Buttons)
	}
	want := []string{"/report win #学生组", `/report win #"Teachers Open"`}
	var got []string
	for _, b := range dm.Buttons {
		got = append(got, b.Command)
	}
	if !slices.Equal(got, want) {
		t.Errorf("buttons %q, want %q", got, want)
	}
	if r := (&ambiguousEvent{names: []string{"学生组"}, private: true}).reply(i18n.En, long); len(r.Buttons) != 0 {
		t.Errorf("a button of %d bytes: %v", len(long), r.Buttons)
	}
}

// TestTakeEventWord: the word that names the event is taken from
// anywhere after the command, half- or full-width; a lone "#" is no name.
func TestTakeEventWord(t *testing.T) {
	for _, tt := range []struct {
		words []string
		name  string
		rest  []string
	}{
		{[]string{"win", "#学生组"}, "学生组", []string{"win"}},
		{[]string{"#春季赛"}, "春季赛", []string{}},
		{[]string{"3", "＃教师组", "1-0"}, "教师组", []string{"3", "1-0"}},
		{[]string{"#Spring Open", "picture"}, "Spring Open", []string{"picture"}},
		{[]string{"#", "win"}, "", []string{"#", "win"}},
		{[]string{"win"}, "", []string{"win"}},
	} {
		name, rest := takeEventWord(slices.Clone(tt.words))
		if name != tt.name || !slices.Equal(rest, tt.rest) {
			t.Errorf("takeEventWord(%q) = %q, %q; want %q, %q", tt.words, name, rest, tt.name, tt.rest)
		}
	}
}

// BenchmarkFindEvent: finding a line's event in a group of a season —
// one finished event and two sections at once — for a member's line
// (the current event) and for a staff line settled by who may run it.
func BenchmarkFindEvent(b *testing.B) {
	h := newHarness(b)
	h.say("org", "/event new 春季赛")
	h.say("org", "/event new 学生组")
	h.say("tch", "/event new 教师组")
	h.say("tch", "/event use 教师组")
	ctx := context.Background()
	for _, bm := range []struct {
		name string
		q    eventQuery
	}{
		{"member", eventQuery{chat: h.group, user: "lin", who: Member}},
		{"staff", eventQuery{chat: h.group, user: "org", who: Organiser}},
		{"named", eventQuery{chat: h.group, user: "lin", named: "春季赛", who: Member}},
	} {
		b.Run(bm.name, func(b *testing.B) {
			for b.Loop() {
				if _, _, err := h.svc.findEvent(ctx, bm.q); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
