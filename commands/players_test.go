package commands

import (
	"context"
	"slices"
	"testing"

	"github.com/qisai/qisai/chat"
)

func TestPlayers(t *testing.T) {
	h := setUp(t, "选手表")
	must(t, h.say("org", `/player add "Li Wei" 上海 2300`), "已添加")
	h.say("org", "/start") // renumbers the players (R-SW-1)
	must(t, h.say("org", "/withdraw 赵鑫鑫"), "退赛")
	number := map[string]int{}
	for _, p := range h.state().Event.Players {
		number[p.Name] = p.ID
	}
	ctx := context.Background()
	for _, tt := range []struct {
		prefix string
		want   []string // by number
	}{
		{"王", []string{"王天一"}},
		{"赵", nil},                  // withdrew (R-W-1..4)
		{"li", []string{"Li Wei"}},  // letter case aside
		{"WEI", []string{"Li Wei"}}, // a later word of the name
		{" 孙 ", []string{"孙勇征"}},
		{"x", nil},
	} {
		got, err := h.svc.Players(ctx, h.group, tt.prefix)
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		for _, p := range got {
			names = append(names, p.Name)
			if p.Number != number[p.Name] {
				t.Errorf("Players(%q): %s numbered %d, want %d", tt.prefix, p.Name, p.Number, number[p.Name])
			}
		}
		if !slices.Equal(names, tt.want) {
			t.Errorf("Players(%q) = %v, want %v", tt.prefix, names, tt.want)
		}
	}

	all, err := h.svc.Players(ctx, h.group, "")
	if err != nil {
		t.Fatal(err)
	}
	if len(all) != 9 || !slices.IsSortedFunc(all, func(a, b PlayerChoice) int { return a.Number - b.Number }) {
		t.Errorf("Players(\"\") = %+v, want the 9 players still in, by number", all)
	}
	byNumber, _ := h.svc.Players(ctx, h.group, "10")
	if len(byNumber) != 1 || byNumber[0].Number != 10 {
		t.Errorf("Players(10) = %+v, want player 10 alone", byNumber)
	}
	li, _ := h.svc.Players(ctx, h.group, "Li")
	if len(li) != 1 || li[0] != (PlayerChoice{Number: number["Li Wei"], Name: "Li Wei", Unit: "上海"}) {
		t.Errorf("Players(Li) = %+v, want Li Wei of 上海", li)
	}
	none, err := h.svc.Players(ctx, chat.Chat{Platform: "console", ID: "elsewhere"}, "")
	if err != nil || none != nil {
		t.Errorf("a chat without an event: %v, %v; want none and no error", none, err)
	}
}
