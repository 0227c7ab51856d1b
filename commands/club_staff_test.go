package commands

import (
	"context"
	"testing"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/chat"
	"github.com/qisai/qisai/storage"
)

// TestRosterKeptByClubStaff_R_E_4: the roster is the club's, kept by the
// chat's organisers (staff.go). The organiser of a later event in the
// group, who is not one of them, may not change it; a group with no event
// whose organiser is club staff fills its roster; a club without staff
// (made before chats had organisers) is kept by its events' organisers.
func TestRosterKeptByClubStaff_R_E_4(t *testing.T) {
	h := newHarness(t)
	must(t, h.say("org", "/event new 春季赛"), "你也是这个群（俱乐部）的组织者")
	must(t, h.say("wang", "/event new 秋季赛"), "这个群（俱乐部）的组织者和裁判也管理本赛")
	must(t, h.say("wang", "/roster add 张三"), "只有这个群（俱乐部）的组织者可以修改名册")
	must(t, h.say("org", "/roster add 张三"), "名册已添加：张三")

	// Staff of a second group that has no event yet.
	ctx := context.Background()
	evs, err := h.store.ChatEvents(ctx, h.group)
	if err != nil || len(evs) == 0 {
		t.Fatalf("the group's events: %v, %v", evs, err)
	}
	org := action.Actor{Platform: "console", User: "org"}
	staff := func(grant func(ch *storage.Change)) {
		t.Helper()
		if _, err := h.store.Update(ctx, evs[0].ID, org, "", func(ch *storage.Change) error { grant(ch); return nil }); err != nil {
			t.Fatal(err)
		}
	}
	first, second := h.group, chat.Chat{Platform: "console", ID: "second"}
	staff(func(ch *storage.Change) { ch.GrantClub(second, "li", storage.Organiser) })
	h.group = second
	must(t, h.say("li", "/roster add 李四"), "名册已添加：李四")
	must(t, h.say("org", "/roster add 王五"), "只有这个群（俱乐部）的组织者可以修改名册")

	// The first group's club without its organiser: its events' organisers
	// keep it.
	h.group = first
	staff(func(ch *storage.Change) { ch.RevokeClub(first, "org", storage.Organiser) })
	must(t, h.say("wang", "/roster add 赵六"), "名册已添加：赵六")
	must(t, h.say("li", "/roster add 钱七"), "只有这个群（俱乐部）的组织者可以修改名册")
}
