package commands

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/qisai/qisai/internal/i18n"
	"github.com/qisai/qisai/sheet"
)

// webLink is the link a reply gives, and its token.
var webLink = regexp.MustCompile(`https://qisai\.example\.org/e/([a-z2-7]{26})/`)

func tokenIn(t *testing.T, reply string) string {
	t.Helper()
	m := webLink.FindStringSubmatch(reply)
	if m == nil {
		t.Fatalf("reply %q gives no link to the event's page", reply)
	}
	return m[1]
}

// TestWebOff: without the page's address, /web says the page is off and
// what to set, in the user's language.
func TestWebOff(t *testing.T) {
	h := setUp(t, "春季赛")
	must(t, h.say("org", "/web"), "网页没有开启", "QISAI_PUBLIC_URL", "--listen")
	must(t, h.sendAs("org", "en", "/web new").Text, "The web page is off", "QISAI_PUBLIC_URL", "--listen")
}

// TestWebLink: /web (网页) gives the event's link, the same each time;
// /web new is the organisers' and replaces it, after which the old token
// leads nowhere; the pages behind the link are the event's and its
// players'.
func TestWebLink(t *testing.T) {
	h := setUp(t, "春季赛 swiss rounds 3")
	h.svc = New(h.seen(), WithClock(h.clock), WithPublicURL("https://qisai.example.org/"))
	ctx := context.Background()
	web := h.svc.Web()

	reply := h.say("王天一", "/网页")
	must(t, reply, "本赛实时网页", "/web new")
	first := tokenIn(t, reply)
	if again := tokenIn(t, h.sendAs("org", "en", "/web").Text); again != first {
		t.Errorf("a second /web gives %s, want the first link %s", again, first)
	}
	p, ok, err := web.Page(ctx, first, 0, i18n.Zh)
	if err != nil || !ok || p.Event != "春季赛" || len(p.Tables) != 0 {
		t.Fatalf("the page before the start: %+v, %v, %v; want the event with no tables yet", p, ok, err)
	}

	must(t, h.say("org", "/start"), "开赛")
	must(t, h.say("org", "/pair"), "第1轮")
	must(t, h.say("org", "/publish"), "第 1 轮已公布")
	v, ok, err := web.Version(ctx, first)
	if want := int64(h.logLen()); err != nil || !ok || v != want {
		t.Errorf("Version = %d, %v, %v; want the log's length %d", v, ok, err, want)
	}
	p, ok, err = web.Page(ctx, first, 0, i18n.En)
	if err != nil || !ok || p.Version != v || len(p.Tables) != 3 || p.Tables[1].Kind != sheet.KindStandings {
		t.Fatalf("the running event's page: %+v, %v, %v; want pairings, standings and crosstable at version %d", p, ok, err, v)
	}
	if p, ok, err := web.Page(ctx, first, 1, i18n.Zh); err != nil || !ok || p.Tables[0].Kind != sheet.KindGames || !strings.Contains(p.Tables[0].Title, "赵鑫鑫") {
		t.Errorf("player 1's page: %+v, %v, %v; want 赵鑫鑫's games", p, ok, err)
	}
	if _, ok, err := web.Page(ctx, first, 10, i18n.Zh); ok || err != nil {
		t.Errorf("player 10 of 9: ok %v, %v; want not found", ok, err)
	}

	must(t, h.say("王天一", "/web new"), "只有组织者可以更换")
	must(t, h.say("org", "/网页 更换"), "旧链接已经失效")
	reply = h.say("org", "/web new")
	must(t, reply, "旧链接已经失效")
	second := tokenIn(t, reply)
	if second == first {
		t.Fatal("/web new gave the old link")
	}
	if _, ok, err := web.Version(ctx, first); ok || err != nil {
		t.Errorf("the revoked link: ok %v, %v; want not found", ok, err)
	}
	if _, ok, err := web.Page(ctx, first, 0, i18n.Zh); ok || err != nil {
		t.Errorf("the revoked link's page: ok %v, %v; want not found", ok, err)
	}
	if got := tokenIn(t, h.say("王天一", "/web")); got != second {
		t.Errorf("/web after /web new gives %s, want the new link %s", got, second)
	}

	// The log says who replaced the link and when, never the token: the
	// log is the staff's, the link anyone's who is given it.
	log := h.say("org", "/log 3")
	must(t, log, "org 更换网页链接（旧链接失效）")
	if strings.Count(log, "更换网页链接") != 2 {
		t.Errorf("/log %q: want both replacements", log)
	}
	must(t, h.sendAs("org", "en", "/log 1").Text, "org replaced the web page's link")
	for _, token := range []string{first, second} {
		if strings.Contains(log, token) {
			t.Errorf("/log %q shows the token %s", log, token)
		}
	}
	must(t, h.say("org", fmt.Sprintf("/undo %d", h.logLen())), "不能撤销", "/web new")
}
