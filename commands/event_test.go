package commands

import (
	"context"
	"errors"
	"testing"

	"github.com/qisai/qisai/chat"
	"github.com/qisai/qisai/internal/i18n"
)

// TestFindEvent: the one way to the event a request is about — the chat's
// event, a player's in their private chat, the one a button names — and
// what each says when there is none.
func TestFindEvent(t *testing.T) {
	h := newHarness(t)
	ctx := context.Background()
	other := chat.Chat{Platform: "console", ID: "other"}
	if _, _, err := h.svc.findEvent(ctx, eventQuery{chat: h.group}); !errors.Is(err, noEvent) {
		t.Fatalf("a chat before /event new: %v, want noEvent", err)
	}
	h.say("wang", "/event new 春季赛")
	h.say("wang", "/signup open")
	h.say("li", "/join 李四")
	ev, _, err := h.svc.findEvent(ctx, eventQuery{chat: h.group})
	if err != nil || ev == 0 {
		t.Fatalf("the group's event: %v, %v", ev, err)
	}
	for _, tt := range []struct {
		name string
		q    eventQuery
		want error  // the problem, when it matters which
		says string // what the problem says; "": the event is found
	}{
		{"the group, as a player", eventQuery{chat: h.group, user: "li", asPlayer: true}, nil, ""},
		{"a player in private", eventQuery{chat: chat.Private("console", "li"), user: "li", asPlayer: true}, nil, ""},
		{"a button in private", eventQuery{chat: chat.Private("console", "zhao"), user: "zhao", pressed: &ref{event: ev}}, nil, ""},
		// A private chat follows no event: a player's commands find the
		// events they play in, a staff command those they run, any other
		// both.
		{"a staff command in private", eventQuery{chat: chat.Private("console", "wang"), user: "wang", who: Staff}, nil, ""},
		{"a view in private", eventQuery{chat: chat.Private("console", "wang"), user: "wang", who: Member}, nil, ""},
		{"a player's view in private", eventQuery{chat: chat.Private("console", "li"), user: "li", who: Member}, nil, ""},
		{"no staff in private", eventQuery{chat: chat.Private("console", "li"), user: "li", who: Staff}, runsNone, "You neither play in nor run an event yet"},
		{"a stranger's view in private", eventQuery{chat: chat.Private("console", "zhao"), user: "zhao", who: Member}, runsNone, "You neither play in nor run an event yet"},
		{"no player in private", eventQuery{chat: chat.Private("console", "zhao"), user: "zhao", asPlayer: true}, nil, "You play in no event yet"},
		{"another chat", eventQuery{chat: other, user: "li", asPlayer: true}, noEvent, "This chat follows no event yet"},
		{"a button of a gone event", eventQuery{chat: h.group, pressed: &ref{event: ev + 1}}, nil, "That button no longer applies"},
	} {
		id, st, err := h.svc.findEvent(ctx, tt.q)
		if tt.says == "" {
			if err != nil || id != ev || st == nil || st.Event.Name != "春季赛" {
				t.Errorf("%s: %v (%v), %v; want event %v", tt.name, id, st, err, ev)
			}
			continue
		}
		var p *Problem
		if !errors.As(err, &p) || tt.want != nil && !errors.Is(err, tt.want) {
			t.Errorf("%s: %v, want a problem (%v)", tt.name, err, tt.want)
			continue
		}
		must(t, p.Text.In(i18n.En, p.Args...), tt.says)
	}
}
