package telegram

import (
	"strings"
	"testing"

	"github.com/go-telegram/bot/models"

	"github.com/qisai/qisai/commands"
	"github.com/qisai/qisai/storage"
)

func TestRequest(t *testing.T) {
	ann := &models.User{ID: 7, FirstName: "Ann", LastName: "Lee", LanguageCode: "en"}
	group := models.Chat{ID: -100, Type: models.ChatTypeSupergroup}
	private := models.Chat{ID: 7, Type: models.ChatTypePrivate}
	tests := []struct {
		name string
		u    models.Update
		want commands.Request
		ok   bool
	}{
		{"group command with @botname", models.Update{ID: 42, Message: &models.Message{From: ann, Chat: group, Text: "/join@qisai_bot Ann"}},
			commands.Request{Chat: storage.Chat{Platform: "telegram", ID: "-100"}, User: commands.User{ID: "7", Name: "Ann Lee"},
				Locale: "en", Text: "/join@qisai_bot Ann", UpdateID: "telegram:update:42"}, true},
		{"private command", models.Update{ID: 43, Message: &models.Message{From: ann, Chat: private, Text: "/me"}},
			commands.Request{Chat: storage.Chat{Platform: "telegram", ID: "dm:7"}, DM: true, User: commands.User{ID: "7", Name: "Ann Lee"},
				Locale: "en", Text: "/me", UpdateID: "telegram:update:43"}, true},
		{"full-width slash", models.Update{ID: 44, Message: &models.Message{From: ann, Chat: group, Text: "／报名 Ann"}},
			commands.Request{Chat: storage.Chat{Platform: "telegram", ID: "-100"}, User: commands.User{ID: "7", Name: "Ann Lee"},
				Locale: "en", Text: "／报名 Ann", UpdateID: "telegram:update:44"}, true},
		{"plain chat", models.Update{ID: 45, Message: &models.Message{From: ann, Chat: group, Text: "good game"}}, commands.Request{}, false},
		{"anonymous admin", models.Update{ID: 46, Message: &models.Message{Chat: group, Text: "/pair"}}, commands.Request{}, false},
		{"button under a group message", models.Update{ID: 47, CallbackQuery: &models.CallbackQuery{ID: "c", From: *ann, Data: "/confirm 3",
			Message: models.MaybeInaccessibleMessage{Message: &models.Message{Chat: group}}}},
			commands.Request{Chat: storage.Chat{Platform: "telegram", ID: "-100"}, User: commands.User{ID: "7", Name: "Ann Lee"},
				Locale: "en", Text: "/confirm 3", UpdateID: "telegram:update:47"}, true},
		{"button under an old message", models.Update{ID: 48, CallbackQuery: &models.CallbackQuery{ID: "c", From: *ann, Data: "/accept",
			Message: models.MaybeInaccessibleMessage{InaccessibleMessage: &models.InaccessibleMessage{Chat: group}}}},
			commands.Request{Chat: storage.Chat{Platform: "telegram", ID: "-100"}, User: commands.User{ID: "7", Name: "Ann Lee"},
				Locale: "en", Text: "/accept", UpdateID: "telegram:update:48"}, true},
		{"button without a message", models.Update{ID: 49, CallbackQuery: &models.CallbackQuery{ID: "c", From: models.User{ID: 8, Username: "bo"}, Data: "/decline"}},
			commands.Request{Chat: storage.Chat{Platform: "telegram", ID: "dm:8"}, DM: true, User: commands.User{ID: "8", Name: "@bo"},
				Text: "/decline", UpdateID: "telegram:update:49"}, true},
		{"join and leave notices", models.Update{ID: 50, MyChatMember: &models.ChatMemberUpdated{Chat: group}}, commands.Request{}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := request(&tt.u)
			if ok != tt.ok || (ok && got != tt.want) {
				t.Errorf("request = %+v, %v; want %+v, %v", got, ok, tt.want, tt.ok)
			}
		})
	}
}

func TestMenus(t *testing.T) {
	help := func(zh, en string) commands.T { return commands.T{Zh: zh, En: en} }
	cmds := []*commands.Command{
		{Name: "event new", Help: help("创建比赛", "create an event")},
		{Name: "join", Help: help("报名", "join the event")},
		{Name: "event set", Help: help("设置", "change a setting")},
		{Name: "player add", Help: help("添加", "add")},
		{Name: "player", Help: help("选手", "the players")},
		{Name: "player remove", Help: help("删除", "remove")},
		{Name: "Bad", Help: help("大写", "upper case")},
		{Name: "long", Help: help(strings.Repeat("长", 300), "")},
	}
	want := map[string][]string{ // command → description, per language
		"":   {"event", "/event new, set", "join", "报名", "player", "选手", "long", strings.Repeat("长", 255) + "…"},
		"zh": {"event", "/event new, set", "join", "报名", "player", "选手", "long", strings.Repeat("长", 255) + "…"},
		"en": {"event", "/event new, set", "join", "join the event", "player", "the players", "long", "/long"},
	}
	menus := Menus(cmds)
	if len(menus) != len(want) {
		t.Fatalf("%d menus; want %d", len(menus), len(want))
	}
	for _, m := range menus {
		var got []string
		for _, c := range m.Commands {
			got = append(got, c.Command, c.Description)
		}
		if strings.Join(got, "|") != strings.Join(want[m.Lang], "|") {
			t.Errorf("menu %q:\n got %q\nwant %q", m.Lang, got, want[m.Lang])
		}
	}
}

func TestChatID(t *testing.T) {
	tests := []struct {
		chat storage.Chat
		want int64
		ok   bool
	}{
		{storage.Chat{Platform: "telegram", ID: "-1001234"}, -1001234, true},
		{storage.Chat{Platform: "telegram", ID: "dm:42"}, 42, true},
		{storage.Chat{Platform: "telegram", ID: "group"}, 0, false},
		{storage.Chat{Platform: "discord", ID: "42"}, 0, false},
	}
	for _, tt := range tests {
		got, err := chatID(tt.chat)
		if got != tt.want || (err == nil) != tt.ok {
			t.Errorf("chatID(%v) = %d, %v; want %d, ok %v", tt.chat, got, err, tt.want, tt.ok)
		}
	}
}

func TestKeyboard(t *testing.T) {
	long := "/result 1 " + strings.Repeat("x", 60)
	kb := keyboard([]storage.Button{{Label: "确认", Command: "/confirm 3"}, {Label: "too long", Command: long}, {Label: "异议", Command: "/dispute 3"}})
	if kb == nil || len(kb.InlineKeyboard) != 1 {
		t.Fatalf("keyboard = %+v; want one row", kb)
	}
	row := kb.InlineKeyboard[0]
	if len(row) != 2 || row[0].CallbackData != "/confirm 3" || row[1].Text != "异议" || row[1].CallbackData != "/dispute 3" {
		t.Errorf("row = %+v; want 确认 → /confirm 3, 异议 → /dispute 3 (the over-long button left out)", row)
	}
	if kb := keyboard(nil); kb != nil {
		t.Errorf("keyboard(nil) = %+v; want nil (no reply_markup)", kb)
	}
}
