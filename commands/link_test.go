package commands

import (
	"context"
	"fmt"
	"reflect"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/qisai/qisai/chat"
	"github.com/qisai/qisai/storage"
)

// linkCodeShape is a link code as /link shows it: 80 bits in Crockford's
// base32, four groups of four.
var linkCodeShape = regexp.MustCompile(`[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}`)

// linkCodeIn is the link code a /link reply gives.
func linkCodeIn(t testing.TB, reply string) string {
	t.Helper()
	code := linkCodeShape.FindString(reply)
	if code == "" {
		t.Fatalf("no link code in %q", reply)
	}
	return code
}

// wrongCode is the answer to a code that links nothing, whatever the
// reason: the same words for a code never made, one expired and one used.
const wrongCode = "关联代码不对，或者已经过期、用过了。请向组织者要一个新代码（组织者在比赛群里输入 /link 取得，15 分钟内有效）。"

// TestLinkAnotherChat: an organiser's code, given privately with how long
// it works, links a chat on another platform, whose user becomes an
// organiser there; a code is good once, and typed as people type it.
func TestLinkAnotherChat(t *testing.T) {
	h := setUp(t, "联赛")
	r := h.send("org", "/link", false)
	must(t, r.Text, "关联代码", "只能用一次", "15 分钟内（到 17:15）有效", "/link ")
	if !r.Private {
		t.Error("the link code was said in the group")
	}
	code := linkCodeIn(t, r.Text)
	if again := linkCodeIn(t, h.say("org", "/link")); again == code {
		t.Errorf("a second /link gives the same code %s: each is used once", code)
	}
	must(t, h.in(h.group, "org", "/link "+code), "这个聊天已经关注「联赛」了") // and the code stays good
	must(t, h.in(chat.Private("discord", "mei"), "mei", "/link "+code), "而不是私聊")
	discord := chat.Chat{Platform: "discord", ID: "chan"}
	must(t, h.in(discord, "mei", "/link 1-123456"), wrongCode)
	must(t, h.in(discord, "mei", "/event set rounds 4"), "还没有比赛")
	must(t, h.in(discord, "mei", "/link "+strings.ToLower(strings.ReplaceAll(code, "-", ""))), "现在关注比赛「联赛」")
	must(t, h.in(discord, "mei", "/event set rounds 4"), "轮数 = 4")
	must(t, strings.Join(h.sent()["group"], "\n"), "discord 上的聊天现在也关注本赛")
	if chats, _ := h.store.Chats(context.Background(), h.eventID()); !reflect.DeepEqual(chats, []chat.Chat{h.group, discord}) {
		t.Errorf("the event's chats are %v", chats)
	}
	// Used once: a third chat gets the answer a wrong code gets.
	telegram := chat.Chat{Platform: "telegram", ID: "-100"}
	must(t, h.in(telegram, "stranger", "/link "+code), wrongCode)
	if log := h.say("org", "/log"); strings.Contains(log, code) {
		t.Errorf("the log shows the link code:\n%s", log)
	}
	en := h.sendAs("org", "en", "/link")
	must(t, en.Text, "It works once, for 15 minutes (until 17:15)")
}

// TestLinkCodeExpires: a code typed after its 15 minutes links nothing,
// answered as a wrong one.
func TestLinkCodeExpires(t *testing.T) {
	h := setUp(t, "联赛")
	code := linkCodeIn(t, h.say("org", "/link"))
	h.advance(linkCodeTTL)
	other := chat.Chat{Platform: "discord", ID: "chan"}
	must(t, h.in(other, "mei", "/link "+code), wrongCode)
	must(t, h.in(other, "mei", "/link "+linkCodeIn(t, h.say("org", "/link"))), "现在关注比赛「联赛」")
}

// TestLinkGuessingLimited: wrong codes are limited per user (5 an hour)
// and per chat (10 an hour); past the limit even the right code is
// refused, saying for how long, and a restart does not forgive them.
// Another user in another chat is not held back. An hour on, codes are
// looked at again.
func TestLinkGuessingLimited(t *testing.T) {
	h := setUp(t, "联赛")
	guess := func(i int) string { return fmt.Sprintf("/link %04d-0000-0000-0000", i) }
	a := chat.Chat{Platform: "telegram", ID: "-1"}
	for i := range linkLimits.User {
		must(t, h.in(a, "guesser", guess(i)), wrongCode)
	}
	code := linkCodeIn(t, h.say("org", "/link"))
	must(t, h.in(a, "guesser", "/link "+code), "你输错的关联代码太多了：60 分钟内不再接受你的任何代码")

	// In one chat, many users: the chat's limit.
	b := chat.Chat{Platform: "telegram", ID: "-2"}
	for i := range linkLimits.Chat {
		must(t, h.in(b, fmt.Sprintf("sock%d", i/2), guess(100+i)), wrongCode)
	}
	h.advance(10 * time.Minute)
	must(t, h.in(b, "newcomer", "/link "+code), "这个聊天里输错的关联代码太多了：50 分钟内不再接受任何代码")

	// A restart: a new store and service on the same file.
	st, err := storage.Open(context.Background(), h.path, storage.WithClock(h.clock))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	h.store.Close()
	h.store, h.svc = st, New(st, WithClock(h.clock))
	must(t, h.in(a, "guesser", "/link "+code), "你输错的关联代码太多了")
	must(t, h.in(b, "newcomer", "/link "+code), "这个聊天里输错的关联代码太多了")

	c := chat.Chat{Platform: "discord", ID: "c"}
	must(t, h.in(c, "mei", "/link "+code), "现在关注比赛「联赛」")
	h.advance(time.Hour)
	must(t, h.in(a, "guesser", "/link "+linkCodeIn(t, h.say("org", "/link"))), "现在关注比赛「联赛」")
}

// TestLinkCodeGuessesRate: guesses in a burst (20,000 wrong codes used to
// be tried in 1.6 s) are refused after the limit without being looked at:
// the chance that any of a user's guesses hit a live code is 5 in 2^80.
func TestLinkCodeGuessesRate(t *testing.T) {
	h := setUp(t, "联赛")
	linkCodeIn(t, h.say("org", "/link"))
	x := chat.Chat{Platform: "telegram", ID: "-3"}
	wrong, refused := 0, 0
	for i := range 200 {
		switch r := h.in(x, "guesser", fmt.Sprintf("/link %016d", i)); {
		case r == wrongCode:
			wrong++
		case strings.Contains(r, "太多了"):
			refused++
		default:
			t.Fatalf("guess %d: %q", i, r)
		}
	}
	if wrong != linkLimits.User || refused != 200-linkLimits.User {
		t.Errorf("%d guesses looked at and %d refused, want %d and the rest", wrong, refused, linkLimits.User)
	}
}
