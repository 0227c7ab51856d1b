package commands

import (
	"context"
	"fmt"
	"log/slog"
	"slices"
	"testing"

	"github.com/qisai/qisai/internal/i18n"
)

// TestObserver: the observer hears once of every line that names a
// command, with failed set for an internal error only — refusals are
// normal answers — and never of plain chat or unknown commands.
func TestObserver(t *testing.T) {
	h := newHarness(t)
	type seen struct {
		command string
		failed  bool
	}
	var got []seen
	svc := New(h.store, WithClock(h.clock), WithLogger(slog.New(slog.DiscardHandler)),
		WithObserver(func(command string, failed bool) { got = append(got, seen{command, failed}) }))
	say := func(user, text string) Reply {
		h.update++
		return svc.Handle(context.Background(), Request{Chat: h.group, User: User{ID: user, Name: user}, Locale: "en", Text: text,
			UpdateID: fmt.Sprintf("console:update:%d", h.update)})
	}
	for _, tt := range []struct {
		user, line string
		want       []seen
	}{
		{"wang", "hello everyone", nil},
		{"wang", "/nonsense", nil},
		{"wang", "/help", []seen{{"help", false}}},
		{"wang", "/event show", []seen{{"event show", false}}}, // no event: refused
		{"wang", "/event new Cup", []seen{{"event new", false}}},
		{"li", "/start", []seen{{"start", false}}},   // not the organiser: refused
		{"wang", "/start", []seen{{"start", false}}}, // too few players: the rules refuse
		{"wang", "/event show", []seen{{"event show", false}}},
	} {
		got = nil
		say(tt.user, tt.line)
		if !slices.Equal(got, tt.want) {
			t.Errorf("%s: %s → observed %v, want %v", tt.user, tt.line, got, tt.want)
		}
	}

	// The database gone, the command fails inside: the user gets the
	// apology and the observer a failure.
	if err := h.store.Close(); err != nil {
		t.Fatal(err)
	}
	got = nil
	if r := say("wang", "/event show"); r.Text != apology(i18n.En).Text {
		t.Errorf("with the database closed: reply %q, want the apology", r.Text)
	}
	if want := []seen{{"event show", true}}; !slices.Equal(got, want) {
		t.Errorf("with the database closed: observed %v, want %v", got, want)
	}
}
