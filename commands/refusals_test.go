package commands

import (
	"context"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"
	"unicode"

	"github.com/qisai/qisai/chat"
)

// The player commands on someone else's game, and a round nobody can
// pair: refusals that change nothing.

// playerLines is one line for every player command.
var playerLines = []string{
	"/join 某人", "/leave", "/me", "/here", "/guess red", "/report win", "/confirm", "/dispute",
	"/resign", "/draw", "/accept", "/decline",
}

// TestPermissionsOthersGame: the player commands act on the sender's own
// game only. A user who plays in no game — a stranger, in the group or in
// private, the organiser, the player with the bye — and a player answering
// what was said in another game are all refused with the reason, in their
// language, and nothing changes: not the log, not the outbox. (The
// organiser's commands are TestPermissions'.)
func TestPermissionsOthersGame(t *testing.T) {
	for _, cmd := range playerCommands() {
		if !slices.ContainsFunc(playerLines, func(l string) bool { return strings.HasPrefix(l+" ", "/"+cmd.Name+" ") }) {
			t.Errorf("/%s is not tried: add a line for it to playerLines", cmd.Name)
		}
	}
	h := newHarness(t)
	e := newPlayEvent(t, h, nil).start()
	red1, black1 := e.board(1)
	red2, black2 := e.board(2)
	bye := e.byeUser()
	must(t, h.say(red1, "/report win"), "已报告") // a report waits on board 1
	must(t, h.say(red2, "/draw"), "已向")        // an offer waits on board 2
	h.outbox()
	ctx := context.Background()
	before, err := h.store.Log(ctx, e.id, 0, 0)
	if err != nil {
		t.Fatal(err)
	}

	// Names are the same in both languages.
	var names []string
	for _, en := range entrants {
		names = append(names, en.name, "")
	}
	content := strings.NewReplacer(names...)

	type want struct{ zh, en string }
	everything := func(w want, except map[string]want) map[string]want {
		m := map[string]want{}
		for _, l := range playerLines {
			m[l] = w
			if x, ok := except[l]; ok {
				m[l] = x
			}
		}
		return m
	}
	n := func(user string) string { return fmt.Sprint(e.player[user]) }
	notPlayer := want{"只有本赛选手", "Only players of the event"}
	started := want{"比赛已经开始", "has started"}
	for _, tt := range []struct {
		who   string
		user  string
		dm    bool
		lines map[string]want
	}{
		{"a stranger", "stranger", false, everything(notPlayer, map[string]want{
			"/join 某人": started, "/guess red": {"只有本赛选手才能猜先", "Only players of the event take part"},
		})},
		{"a stranger in private", "stranger", true, everything(want{"你还没有参加任何比赛", "You play in no event yet"}, map[string]want{
			"/join 某人": {"你还没有参加或负责任何比赛", "You neither play in nor run an event yet"},
			"/me":      {"你还没有参加或负责任何比赛", "You neither play in nor run an event yet"},
		})},
		{"the organiser", "org", false, everything(notPlayer, map[string]want{
			"/join 某人": started, "/guess red": {"只有本赛选手才能猜先", "Only players of the event take part"},
			"/me": {}, // where the event stands: allowed (me.go)
		})},
		{"the player with the bye", bye, false, everything(want{"第 1 轮：轮空，没有对局。", "Round 1: bye, no game."}, map[string]want{
			"/join 某人": {"你已经以「" + e.name(bye) + "」报名了", "You have joined already"},
			"/leave":   {"比赛已经开始。开赛后选手只能退赛", "The event has started. After the start a player can only withdraw"},
			"/me":      {}, // their own business: allowed
		})},
		{"board 2's black, about board 1's report", black2, true, map[string]want{
			"/confirm": {"第 2 台还没有人报告结果。下完后用 /report", "Nobody has reported the result of board 2. After the game, report it with /report"},
			"/dispute": {"第 2 台还没有人报告结果。下完后用 /report", "Nobody has reported the result of board 2. After the game, report it with /report"},
		}},
		{"board 1's black, about board 2's offer", black1, true, map[string]want{
			"/accept":  {"没有需要 " + n(black1) + " 号选手回应的提和。要提和请用 /draw", "There is no draw offer for player " + n(black1) + " to accept. To offer a draw, type /draw"},
			"/decline": {"没有需要 " + n(black1) + " 号选手回应的提和。要提和请用 /draw", "There is no draw offer for player " + n(black1) + " to decline. To offer a draw, type /draw"},
		}},
		{"board 1's red, about their own report", red1, false, map[string]want{
			"/confirm":    {"不能确认自己的报告。要由对手确认", "cannot confirm their own report. Your opponent confirms it"},
			"/report win": {"已经报告过第 1 台的结果。等待对手确认", "has reported the result of board 1 already. Wait for your opponent to confirm"},
		}},
		{"board 2's red, about their own offer", red2, false, map[string]want{
			"/accept": {"没有需要 " + n(red2) + " 号选手回应的提和", "There is no draw offer for player " + n(red2) + " to accept"},
			"/draw":   {"的提和还在等待对手回应。提和不能撤回", "draw offer waits for the opponent's answer. An offer cannot be withdrawn"},
		}},
		{"a player calling for 猜先", red1, false, map[string]want{
			"/guess call": {"只有组织者或裁判可以要求猜先", "Only the organisers and arbiters can call for a colour guess"},
		}},
	} {
		for _, line := range playerLines {
			w, ok := tt.lines[line]
			if !ok || w == (want{}) {
				continue
			}
			for _, l := range []struct{ locale, want string }{{"zh", w.zh}, {"en", w.en}} {
				c := h.group
				if tt.dm {
					c = chat.Private("console", tt.user)
				}
				h.update++
				r := h.svc.Handle(ctx, Request{Chat: c, User: User{ID: tt.user, Name: tt.user}, Locale: l.locale,
					Text: line, UpdateID: fmt.Sprintf("console:update:%d", h.update)})
				if !strings.Contains(r.Text, l.want) {
					t.Errorf("%s (%s): %s → %q, want a refusal saying %q", tt.who, l.locale, line, r.Text, l.want)
				}
				if (l.locale == "zh") != cjk(content.Replace(r.Text)) {
					t.Errorf("%s (%s): %s → %q is in the other language", tt.who, l.locale, line, r.Text)
				}
			}
		}
		for line := range tt.lines {
			if !slices.Contains(playerLines, line) && line != "/guess call" {
				t.Errorf("%s: %s is not in playerLines", tt.who, line)
			}
		}
		if w, ok := tt.lines["/guess call"]; ok {
			must(t, h.say(tt.user, "/guess call"), w.zh)
			must(t, h.sendAs(tt.user, "en", "/guess call").Text, w.en)
		}
	}
	after, err := h.store.Log(ctx, e.id, 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(after, before) {
		t.Errorf("the refused commands changed the log: %d actions, were %d", len(after), len(before))
	}
	if out := h.outbox(); len(out) != 0 {
		t.Errorf("the refused commands sent %v", out)
	}
}

// TestR_SW_9_NoPairingLeft: when the players left have all met, /pair
// says so in the reader's language — no English in a Chinese chat — and
// what to do.
func TestR_SW_9_NoPairingLeft(t *testing.T) {
	h := newHarness(t)
	h.say("org", "/event new 双人赛 swiss rounds 2")
	h.say("org", "/player add 甲")
	h.say("org", "/player add 乙")
	h.say("org", "/start")
	h.say("org", "/pair")
	h.say("org", "/publish")
	recorded(t, h.say("org", "/result 1 1-0"))
	n := h.logLen()
	zh := h.say("org", "/pair")
	must(t, zh, "无法编排第 2 轮", "R-SW-9", "/finish")
	if rest := strings.NewReplacer("/finish", "", "R-SW-", "").Replace(zh); strings.ContainsFunc(rest, func(r rune) bool { return r < unicode.MaxASCII && unicode.IsLetter(r) }) {
		t.Errorf("the Chinese refusal has English in it: %q", zh)
	}
	must(t, h.sendAs("org", "en", "/pair").Text, "Round 2 cannot be paired", "repeat a game", "/finish")
	if got := h.logLen(); got != n {
		t.Errorf("the refused /pair changed the log: %d actions, were %d", got, n)
	}
}
