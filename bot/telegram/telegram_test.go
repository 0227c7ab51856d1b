package telegram

import (
	"reflect"
	"strings"
	"testing"

	"github.com/go-telegram/bot/models"

	"github.com/qisai/qisai/chat"
	"github.com/qisai/qisai/commands"
	"github.com/qisai/qisai/internal/i18n"
)

func TestRequest(t *testing.T) {
	ann := &models.User{ID: 7, FirstName: "Ann", LastName: "Lee", LanguageCode: "en"}
	group := models.Chat{ID: -100, Type: models.ChatTypeSupergroup}
	private := models.Chat{ID: 7, Type: models.ChatTypePrivate}
	// Telegram's shared senders: posts as a channel, anonymous admins.
	channelBot := &models.User{ID: 136817688, FirstName: "Channel", Username: "Channel_Bot"}
	groupBot := &models.User{ID: 1087968824, IsBot: true, FirstName: "Group", Username: "GroupAnonymousBot"}
	groupChat := models.Chat{ID: -100, Type: models.ChatTypeSupergroup, Title: "Club"}
	channel := models.Chat{ID: -200, Type: models.ChatTypeChannel, Title: "Xiangqi News", Username: "xqnews"}
	li := &models.User{ID: 9, FirstName: "李", LastName: "Wei"}
	bo := &models.User{ID: 8, Username: "bo"}
	tests := []struct {
		name string
		u    models.Update
		want commands.Request
		ok   bool
	}{
		{"group command with @botname", models.Update{ID: 42, Message: &models.Message{From: ann, Chat: group, Text: "/join@qisai_bot Ann"}},
			commands.Request{Chat: chat.Chat{Platform: "telegram", ID: "-100"}, User: commands.User{ID: "7", Name: "Ann Lee"},
				Locale: "en", Text: "/join@qisai_bot Ann", UpdateID: "telegram:update:42", RepliesQueued: true}, true},
		{"private command", models.Update{ID: 43, Message: &models.Message{From: ann, Chat: private, Text: "/me"}},
			commands.Request{Chat: chat.Private("telegram", "7"), User: commands.User{ID: "7", Name: "Ann Lee"},
				Locale: "en", Text: "/me", UpdateID: "telegram:update:43", RepliesQueued: true}, true},
		{"full-width slash", models.Update{ID: 44, Message: &models.Message{From: ann, Chat: group, Text: "／报名 Ann"}},
			commands.Request{Chat: chat.Chat{Platform: "telegram", ID: "-100"}, User: commands.User{ID: "7", Name: "Ann Lee"},
				Locale: "en", Text: "／报名 Ann", UpdateID: "telegram:update:44", RepliesQueued: true}, true},
		// Plain chat is no command, but the service notes who wrote it.
		{"plain chat", models.Update{ID: 45, Message: &models.Message{From: ann, Chat: group, Text: "good game"}},
			commands.Request{Chat: chat.Chat{Platform: "telegram", ID: "-100"}, User: commands.User{ID: "7", Name: "Ann Lee"},
				Locale: "en", Text: "good game", UpdateID: "telegram:update:45", RepliesQueued: true}, true},
		{"nobody", models.Update{ID: 46, Message: &models.Message{Chat: group, Text: "/pair"}}, commands.Request{}, false},
		{"anonymous admin", models.Update{ID: 51, Message: &models.Message{From: groupBot, SenderChat: &groupChat, Chat: groupChat, Text: "/pair"}},
			commands.Request{Chat: chat.Chat{Platform: "telegram", ID: "-100"}, User: commands.User{ID: "-100", Name: "Club"},
				Anonymous: true, Text: "/pair", UpdateID: "telegram:update:51", RepliesQueued: true}, true},
		{"a post as a channel", models.Update{ID: 52, Message: &models.Message{From: channelBot, SenderChat: &channel, Chat: groupChat, Text: "/event new Cup"}},
			commands.Request{Chat: chat.Chat{Platform: "telegram", ID: "-100"}, User: commands.User{ID: "-200", Name: "Xiangqi News", Username: "xqnews"},
				Text: "/event new Cup", UpdateID: "telegram:update:52", RepliesQueued: true}, true},
		{"a reply and a text mention", models.Update{ID: 53, Message: &models.Message{From: ann, Chat: group, Text: "/arbiter add 李 Wei",
			Entities:       []models.MessageEntity{{Type: models.MessageEntityTypeTextMention, Offset: 13, Length: 5, User: li}},
			ReplyToMessage: &models.Message{From: bo, Chat: group, Text: "hi"}}},
			commands.Request{Chat: chat.Chat{Platform: "telegram", ID: "-100"}, User: commands.User{ID: "7", Name: "Ann Lee"},
				Locale: "en", Text: "/arbiter add 李 Wei", UpdateID: "telegram:update:53", RepliesQueued: true,
				Mentions: []commands.Mention{{Text: "李 Wei", User: commands.User{ID: "9", Name: "李 Wei"}}},
				ReplyTo:  &commands.User{ID: "8", Name: "@bo", Username: "bo"}}, true},
		{"button under a group message", models.Update{ID: 47, CallbackQuery: &models.CallbackQuery{ID: "c", From: *ann, Data: "/confirm 3",
			Message: models.MaybeInaccessibleMessage{Message: &models.Message{Chat: group}}}},
			commands.Request{Chat: chat.Chat{Platform: "telegram", ID: "-100"}, User: commands.User{ID: "7", Name: "Ann Lee"},
				Locale: "en", Text: "/confirm 3", UpdateID: "telegram:update:47", RepliesQueued: true, MessageID: "0"}, true},
		{"button under an old message", models.Update{ID: 48, CallbackQuery: &models.CallbackQuery{ID: "c", From: *ann, Data: "/accept",
			Message: models.MaybeInaccessibleMessage{InaccessibleMessage: &models.InaccessibleMessage{Chat: group}}}},
			commands.Request{Chat: chat.Chat{Platform: "telegram", ID: "-100"}, User: commands.User{ID: "7", Name: "Ann Lee"},
				Locale: "en", Text: "/accept", UpdateID: "telegram:update:48", RepliesQueued: true, MessageID: "0"}, true},
		{"button without a message", models.Update{ID: 49, CallbackQuery: &models.CallbackQuery{ID: "c", From: models.User{ID: 8, Username: "bo"}, Data: "/decline"}},
			commands.Request{Chat: chat.Private("telegram", "8"), User: commands.User{ID: "8", Name: "@bo", Username: "bo"},
				Text: "/decline", UpdateID: "telegram:update:49", RepliesQueued: true}, true},
		{"join and leave notices", models.Update{ID: 50, MyChatMember: &models.ChatMemberUpdated{Chat: group}}, commands.Request{}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := request(&tt.u)
			if ok != tt.ok || (ok && !reflect.DeepEqual(got, tt.want)) {
				t.Errorf("request = %+v, %v; want %+v, %v", got, ok, tt.want, tt.ok)
			}
		})
	}
}

func TestMenus(t *testing.T) {
	help := func(zh, en string) i18n.T { return i18n.T{Zh: zh, En: en} }
	cmds := []*commands.Command{
		{Name: "event new", Help: help("创建比赛", "create an event"), GroupOnly: true},
		{Name: "join", Help: help("报名", "join the event"), Who: commands.Member},
		{Name: "event set", Help: help("设置", "change a setting"), Who: commands.Organiser},
		{Name: "player add", Help: help("添加", "add"), Who: commands.Organiser},
		{Name: "player", Help: help("选手", "the players"), Who: commands.Member},
		{Name: "player remove", Help: help("删除", "remove"), Who: commands.Organiser},
		{Name: "Bad", Help: help("大写", "upper case")},
		{Name: "long", Help: help(strings.Repeat("长", 300), "")},
		{Name: "start", Help: help("开赛", "start the event"), DMHelp: help("打开私聊", "open the private chat")},
	}
	groups := map[string][]string{ // command → description, per language
		"":   {"event", "/event new, set", "join", "报名", "player", "选手", "long", strings.Repeat("长", 255) + "…", "start", "开赛"},
		"zh": {"event", "/event new, set", "join", "报名", "player", "选手", "long", strings.Repeat("长", 255) + "…", "start", "开赛"},
		"en": {"event", "/event new, set", "join", "join the event", "player", "the players", "long", "/long", "start", "start the event"},
	}
	private := map[string][]string{ // what works in a private chat, as it works there
		"":   {"long", strings.Repeat("长", 255) + "…", "start", "打开私聊"},
		"zh": {"long", strings.Repeat("长", 255) + "…", "start", "打开私聊"},
		"en": {"long", "/long", "start", "open the private chat"},
	}
	menus := Menus(cmds)
	if len(menus) != len(groups)+len(private) {
		t.Fatalf("%d menus; want %d", len(menus), len(groups)+len(private))
	}
	for _, m := range menus {
		var got []string
		for _, c := range m.Commands {
			got = append(got, c.Command, c.Description)
		}
		want := groups[m.Lang]
		if _, ok := m.Scope.(*models.BotCommandScopeAllPrivateChats); ok {
			want = private[m.Lang]
		} else if _, ok := m.Scope.(*models.BotCommandScopeAllGroupChats); !ok {
			t.Errorf("menu %q has scope %T, want all groups or all private chats", m.Lang, m.Scope)
		}
		if strings.Join(got, "|") != strings.Join(want, "|") {
			t.Errorf("menu %q %T:\n got %q\nwant %q", m.Lang, m.Scope, got, want)
		}
	}
}

func TestChatID(t *testing.T) {
	tests := []struct {
		chat chat.Chat
		want int64
		ok   bool
	}{
		{chat.Chat{Platform: "telegram", ID: "-1001234"}, -1001234, true},
		{chat.Private("telegram", "42"), 42, true},
		{chat.Chat{Platform: "telegram", ID: "group"}, 0, false},
		{chat.Chat{Platform: "discord", ID: "42"}, 0, false},
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
	kb := keyboard([]chat.Button{{Label: "确认", Command: "/confirm 3"}, {Label: "too long", Command: long}, {Label: "异议", Command: "/dispute 3"}})
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
	page := keyboard([]chat.Button{{Label: "实时网页", URL: "https://qisai.example.org/e/abc/"}})
	if b := page.InlineKeyboard[0][0]; b.URL != "https://qisai.example.org/e/abc/" || b.CallbackData != "" || b.Text != "实时网页" {
		t.Errorf("a link's button = %+v; want a URL button with no callback data", b)
	}
}
