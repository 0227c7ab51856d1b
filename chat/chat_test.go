package chat

import (
	"encoding/json"
	"testing"
)

func TestPrivate(t *testing.T) {
	for _, tt := range []struct {
		chat    Chat
		private bool
		user    string
	}{
		{Private("telegram", "7"), true, "7"},
		{Private("console", "李四"), true, "李四"},
		{Chat{Platform: "telegram", ID: "-1001"}, false, ""},
		{Chat{Platform: "discord", ID: "9876"}, false, ""},
		{Chat{Platform: "console", ID: "group"}, false, ""},
	} {
		if got := tt.chat.IsPrivate(); got != tt.private {
			t.Errorf("%v.IsPrivate() = %v, want %v", tt.chat, got, tt.private)
		}
		if got := tt.chat.User(); got != tt.user {
			t.Errorf("%v.User() = %q, want %q", tt.chat, got, tt.user)
		}
	}
	if Private("telegram", "7") == Private("discord", "7") {
		t.Error("user 7's private chats on two platforms are one chat")
	}
}

// TestStoredForm: a private chat is stored as it always was, "dm:" and the
// user's id, so that the chats, outbox rows and notices of an existing
// database read back as private chats.
func TestStoredForm(t *testing.T) {
	if id := Private("telegram", "7").ID; id != "dm:7" {
		t.Errorf("a private chat's ID is %q, want dm:7 (the stored form)", id)
	}
	old := `{"chat":{"platform":"telegram","id":"dm:7"},"text":"hi"}`
	var n Notice
	if err := json.Unmarshal([]byte(old), &n); err != nil {
		t.Fatal(err)
	}
	if !n.Chat.IsPrivate() || n.Chat.User() != "7" || n.Chat != Private("telegram", "7") {
		t.Errorf("%s read as %+v, want user 7's private chat", old, n.Chat)
	}
	b, err := json.Marshal(Notice{Chat: Private("telegram", "7"), Text: "hi"})
	if err != nil {
		t.Fatal(err)
	}
	if string(b) != old {
		t.Errorf("a private chat's notice is written %s, want %s", b, old)
	}
}
