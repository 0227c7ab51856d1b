package discord

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/qisai/qisai/chat"
	"github.com/qisai/qisai/storage"
)

// TestArbiterByUserOption: /arbiter add takes Discord's user option, whose
// value is the user's id: that id gets the powers.
func TestArbiterByUserOption(t *testing.T) {
	e := newEndpoint(t)
	e.send(e.slash(wang, "event", "new", "name", "周赛"))
	in := e.interaction(discordgo.InteractionApplicationCommand, map[string]any{
		"id": "9", "name": "arbiter", "type": discordgo.ChatApplicationCommand,
		"options": []map[string]any{{"name": "add", "type": discordgo.ApplicationCommandOptionSubCommand,
			"options": []map[string]any{{"name": "user", "type": discordgo.ApplicationCommandOptionUser, "value": li.id}}}},
		"resolved": map[string]any{"users": map[string]any{li.id: map[string]any{"id": li.id, "username": "lisi", "global_name": li.name}}},
	}, wang)
	e.heard()
	a := e.send(in)
	if said := append(e.heard(), a.Content()); !strings.Contains(strings.Join(said, "\n"), li.name+" 现在是俱乐部的裁判") {
		t.Errorf("/arbiter add with a user option: %q", said)
	}
	ctx := context.Background()
	id, err := e.store.EventOf(ctx, chat.Chat{Platform: Platform, ID: "C1"})
	if err != nil {
		t.Fatal(err)
	}
	if roles, err := e.store.Roles(ctx, id, Platform, li.id); err != nil || !slices.Contains(roles, storage.Arbiter) {
		t.Errorf("李四's roles %v (%v), want arbiter", roles, err)
	}
}

// TestStaleButtonUpdatesMessage: a pressed button the service is done
// with (commands.Reply.Unbutton; here one pressed by a user who plays in
// no such event) is answered by updating its message: the text, the
// answer, and no buttons.
func TestStaleButtonUpdatesMessage(t *testing.T) {
	e := newEndpoint(t)
	e.send(e.slash(wang, "event", "new", "name", "周赛"))
	body := e.interaction(discordgo.InteractionMessageComponent, map[string]any{
		"custom_id": "/confirm e1 r1 b1 a9", "component_type": discordgo.ButtonComponent,
	}, who{id: li.id, name: li.name, dm: true})
	// A button's interaction carries the message it was pressed under.
	body = strings.Replace(body, `"data":`, `"message":{"id":"M1","channel_id":"dm-channel-222","content":"王芳 报告：第1台。确认吗？"},"data":`, 1)
	a := e.send(body)
	if a.first.Type != discordgo.InteractionResponseDeferredMessageUpdate || a.edit == nil {
		t.Fatalf("response %+v, edit %v; want a deferred update (6), then the pressed message edited", a.first, a.edit)
	}
	rows, ok := a.edit["components"].([]any)
	if !ok || len(rows) != 0 || !strings.Contains(a.Content(), "确认吗？") || !strings.Contains(a.Content(), "只有本赛选手") {
		t.Errorf("updated message %q with components %v; want its text, the answer, and no buttons", a.Content(), a.edit["components"])
	}
}
