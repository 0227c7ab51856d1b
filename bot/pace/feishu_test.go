package pace

import (
	"fmt"
	"reflect"
	"testing"
	"time"

	"github.com/qisai/qisai/chat"
)

// TestFeishuTimes: Feishu's limits with a margin — 4 a second to one chat
// (Feishu's 5 a second to a user, and to a group shared by its bots), 45 a
// second and 900 a minute overall (Feishu's 50 and 1000 per app).
func TestFeishuTimes(t *testing.T) {
	fs := func(id string) chat.Chat { return chat.Chat{Platform: "feishu", ID: id} }
	many := func(n int) []chat.Chat {
		cs := make([]chat.Chat, n)
		for i := range cs {
			cs[i] = fs(fmt.Sprint("oc_", i))
		}
		return cs
	}
	// 905 chats: 45 a second for 20 s makes the minute's 900; the rest
	// wait for the first to leave the minute.
	var minute []time.Duration
	for s := range 20 {
		minute = append(minute, repeat(time.Duration(s)*time.Second, 45)...)
	}
	minute = append(minute, repeat(time.Minute, 5)...)
	for _, tt := range []struct {
		name string
		to   []chat.Chat
		want []time.Duration
	}{
		{"a group: 4 a second", repeat(fs("oc_club"), 9), secs(0, 0, 0, 0, 1, 1, 1, 1, 2)},
		{"a user: 4 a second", repeat(chat.Private("feishu", "ou_1"), 5), secs(0, 0, 0, 0, 1)},
		{"overall: 45 a second", many(50), append(repeat(time.Duration(0), 45), repeat(time.Second, 5)...)},
		{"overall: 900 a minute", many(905), minute},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if got := sendTimes(t, Feishu, tt.to); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("sent at %v, want %v", got, tt.want)
			}
		})
	}
}
