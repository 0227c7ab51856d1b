package commands

import (
	"errors"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/engine"
	"github.com/qisai/qisai/internal/i18n"
)

// refusedBy folds log and applies a to the state, which must refuse it.
func refusedBy(t *testing.T, log []action.Action, a action.Action) *action.Refusal {
	t.Helper()
	var recs []action.Record
	at := time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC)
	for i, x := range log {
		recs = append(recs, action.Record{Seq: int64(i + 1), At: at, Action: x})
	}
	st, err := action.Fold(recs)
	if err != nil {
		t.Fatal(err)
	}
	st.At, st.Seq = at, st.Through+1
	var r *action.Refusal
	if err := a.Apply(st); !errors.As(err, &r) {
		t.Fatalf("%s: %v, want a refusal", a.Kind(), err)
	}
	return r
}

// typed is a command to type in a message: "/" and a command's name.
var typed = regexp.MustCompile(`/[a-z]+`)

// TestRefusalSaysWhatToType: a refusal of every kind reaches the user as
// one message in their language that says what was wrong (the action's
// reason, the rule for a rule) and what to type instead.
func TestRefusalSaysWhatToType(t *testing.T) {
	created := &action.Created{Name: "周赛", Settings: engine.DefaultSettings(5)}
	entered := []action.Action{created, &action.PlayerAdded{Name: "王五"}, &action.PlayerAdded{Name: "赵六"}, &action.Started{}}
	st, err := action.Fold(nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range entered {
		if err := a.Apply(st); err != nil {
			t.Fatal(err)
		}
	}
	p, err := engine.Pair(&st.Event)
	if err != nil {
		t.Fatal(err)
	}
	round1 := slices.Concat(entered, []action.Action{&action.RoundPublished{Pairing: p}})
	red, black := p.Boards[0].Red, p.Boards[0].Black
	reported := slices.Concat(round1, []action.Action{&action.ResultReported{Round: 1, Board: 1, Player: red, Result: engine.RedWin}})
	declined := slices.Concat(round1, []action.Action{&action.DrawOffered{Round: 1, Board: 1, Player: red}, &action.DrawDeclined{Round: 1, Board: 1, Player: black}})
	checkedIn := slices.Concat(round1, []action.Action{&action.CheckedIn{Round: 1, Board: 1, Player: red}})

	reg := NewRegistry(all()...)
	for _, tt := range []struct {
		kind    action.Kind
		log     []action.Action
		act     action.Action
		command string
		zh, en  string // what was wrong and what to type, in each language
	}{
		{action.Invalid, []action.Action{created}, &action.InfoChanged{}, "event set",
			"没有要修改的内容。输入 /help event set 查看用法。", "Nothing to change. Type /help event set to see how to use it."},
		{action.NotFound, []action.Action{created, &action.PlayerAdded{Name: "王五"}}, &action.PlayerEdited{Player: 9, Name: "赵六"}, "player edit",
			"没有 9 号选手。输入 /standings 或 /pairings", "There is no player 9. Type /standings or /pairings"},
		{action.Forbidden, reported, &action.ReportConfirmed{Round: 1, Board: 1, Player: red}, "confirm",
			"不能确认自己的报告。要由对手确认；输入 /me", "cannot confirm their own report. Your opponent confirms it; type /me"},
		{action.Conflict, []action.Action{created}, &action.SignupClosed{}, "signup",
			"报名没有开放。组织者输入 /signup open 开放报名。", "Sign-up is not open. An organiser opens it with /signup open."},
		{action.Conflict, checkedIn, &action.CheckedIn{Round: 1, Board: 1, Player: red}, "here",
			"签到了。输入 /me 查看现在要做的事。", "checked in already, at 17:00. Type /me to see what to do now."},
		{action.Rule, declined, &action.DrawOffered{Round: 1, Board: 1, Player: red}, "draw",
			"下一次应由对手提出（R-G-2）。对手提和后，你可以用 /accept 接受。", "the opponent offers next (R-G-2). Once your opponent offers, you can /accept it."},
	} {
		r := refusedBy(t, tt.log, tt.act)
		if r.Kind != tt.kind {
			t.Errorf("%s: a refusal of kind %v, want %v (%s)", tt.act.Kind(), r.Kind, tt.kind, r.En)
		}
		cmd, _ := reg.Lookup(strings.Fields(tt.command))
		if cmd == nil {
			t.Fatalf("no command /%s", tt.command)
		}
		for _, l := range []struct {
			lang i18n.Lang
			want string
		}{{i18n.Zh, tt.zh}, {i18n.En, tt.en}} {
			got := refusalText(r, cmd, l.lang)
			switch {
			case !strings.Contains(got, l.want):
				t.Errorf("%v (%s) in %s: %q, want it to say %q", tt.kind, tt.act.Kind(), l.lang, got, l.want)
			case !typed.MatchString(got):
				t.Errorf("%v (%s) in %s: %q names no command to type", tt.kind, tt.act.Kind(), l.lang, got)
			case (l.lang == i18n.Zh) != cjk(got):
				t.Errorf("%v (%s) in %s: %q is in the other language", tt.kind, tt.act.Kind(), l.lang, got)
			}
		}
	}
}

// TestHintsNameCommands: every hint says what to type, in both languages.
func TestHintsNameCommands(t *testing.T) {
	var hints []i18n.T
	for _, h := range reasonHints {
		hints = append(hints, h)
	}
	for _, h := range kindHints {
		hints = append(hints, h)
	}
	for _, byReason := range commandHints {
		for _, h := range byReason {
			hints = append(hints, h)
		}
	}
	for _, h := range append(hints, playerConflict) {
		if !typed.MatchString(h.Zh) || !typed.MatchString(h.En) {
			t.Errorf("hint %q / %q names no command to type", h.Zh, h.En)
		}
		if !cjk(h.Zh) || cjk(strings.ReplaceAll(h.En, "猜先", "")) {
			t.Errorf("hint %q / %q mixes the languages", h.Zh, h.En)
		}
	}
}
