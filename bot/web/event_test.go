package web

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/chat"
	"github.com/qisai/qisai/commands"
	"github.com/qisai/qisai/engine"
	"github.com/qisai/qisai/storage"
)

// club is a group chat on the console platform running events through
// the real commands on a real SQLite store, with the web page served from
// the same service.
type club struct {
	t      testing.TB
	store  *storage.Store
	svc    *commands.Service
	web    http.Handler
	group  chat.Chat
	update int
}

func newClub(t testing.TB) *club {
	t.Helper()
	st, err := storage.Open(context.Background(), filepath.Join(t.TempDir(), "qisai.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	svc := commands.New(st, commands.WithPublicURL("https://qisai.example.org"))
	return &club{t: t, store: st, svc: svc, web: New(svc.Web()), group: chat.Chat{Platform: "console", ID: "group"}}
}

// say is user typing text in the group, in Chinese; the reply's text.
func (c *club) say(user, text string) string {
	c.t.Helper()
	c.update++
	r := c.svc.Handle(context.Background(), commands.Request{
		Chat: c.group, User: commands.User{ID: user, Name: user}, Locale: "zh", Text: text,
		UpdateID: fmt.Sprintf("console:update:%d", c.update),
	})
	return r.Text
}

// must fails the test unless the reply holds every want.
func (c *club) must(reply string, want ...string) {
	c.t.Helper()
	for _, w := range want {
		if !strings.Contains(reply, w) {
			c.t.Fatalf("reply %q lacks %q", reply, w)
		}
	}
}

var linkToken = regexp.MustCompile(`/e/([a-z2-7]{26})/`)

// link asks for the event's page with /web and returns its path.
func (c *club) link(text string) string {
	c.t.Helper()
	m := linkToken.FindStringSubmatch(c.say("org", text))
	if m == nil {
		c.t.Fatalf("%s gave no link", text)
	}
	return "/e/" + m[1] + "/"
}

// nine are the players of the small event, by rating: 赵鑫鑫 is 1.
var nine = []struct {
	name, unit string
	rating     int
}{
	{"王天一", "杭州", 2700}, {"郑惟桐", "四川", 2650}, {"赵鑫鑫", "浙江", 2720},
	{"许银川", "广东", 2600}, {"洪智", "湖北", 2550}, {"吕钦", "广东", 2500},
	{"蒋川", "北京", 2450}, {"孟辰", "四川", 2400}, {"孙勇征", "上海", 2350},
}

// nineRunning starts a 9-player Swiss through the commands and publishes
// round 1; it returns the event page's path.
func (c *club) nineRunning() string {
	c.t.Helper()
	c.must(c.say("org", "/event new 春季赛 swiss rounds 5"), "组织者")
	for _, p := range nine {
		c.must(c.say("org", fmt.Sprintf("/player add %s %s %d", p.name, p.unit, p.rating)), p.name)
	}
	c.must(c.say("org", "/start"), "开赛")
	c.must(c.say("org", "/pair"), "第1轮")
	c.must(c.say("org", "/publish"), "第 1 轮已公布")
	return c.link("/web")
}

// get serves a GET of path with headers (name, value pairs).
func (c *club) get(path string, headers ...string) *httptest.ResponseRecorder {
	c.t.Helper()
	return serve(c.web, http.MethodGet, path, headers...)
}

func serve(h http.Handler, method, path string, headers ...string) *httptest.ResponseRecorder {
	r := httptest.NewRequest(method, path, nil)
	for i := 0; i+1 < len(headers); i += 2 {
		r.Header.Set(headers[i], headers[i+1])
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	return w
}

// bigEvent makes a Swiss of n players after rounds rounds, the last one's
// results half in, straight through the store (as the organiser's
// commands would build it, faster): the higher number wins on odd boards,
// even boards are drawn. It returns the event's page path.
func (c *club) bigEvent(name string, n, rounds int) string {
	c.t.Helper()
	org := action.Actor{Platform: c.group.Platform, User: "org"}
	units := []string{"一中", "实验中学", "外国语学校", "师大附中", "棋院少儿队", "工人文化宫", "大学生队"}
	surnames := []rune("王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董")
	given := []string{"芳", "伟", "天一", "思远", "晓明", "静", "磊", "雨桐", "子涵", "国强", "丽华", "志刚", "一鸣"}
	id, _, err := c.store.Create(context.Background(), org, "", func(ch *storage.Change) error {
		steps := []action.Action{&action.Created{Name: name, Settings: engine.DefaultSettings(rounds)}, &action.SignupOpened{}}
		for i := range n {
			pname := fmt.Sprintf("%c%s", surnames[i%len(surnames)], given[(i/len(surnames)+i)%len(given)])
			if i >= len(surnames)*len(given) {
				pname += fmt.Sprint(i)
			}
			steps = append(steps, &action.PlayerAdded{Name: pname, Unit: units[i%len(units)], Rating: 2400 - i})
		}
		for _, a := range append(steps, &action.Started{}) {
			if err := ch.Append(a); err != nil {
				return err
			}
		}
		for r := 1; r <= rounds; r++ {
			p, err := engine.Pair(&ch.State.Event)
			if err != nil {
				return err
			}
			if err := ch.Append(&action.RoundPublished{Pairing: p}); err != nil {
				return err
			}
			for _, g := range ch.State.Event.Rounds[r-1].Games {
				if r == rounds && g.Board > len(p.Boards)/2 {
					break // the last round's results are half in
				}
				res := engine.Draw
				if g.Board%2 == 1 {
					res = engine.RedWin
				}
				if err := ch.Append(&action.ResultSet{Round: r, Board: g.Board, Result: res}); err != nil {
					return err
				}
			}
		}
		ch.Bind(c.group)
		ch.Grant(org.Platform, org.User, storage.Organiser)
		return nil
	})
	if err != nil {
		c.t.Fatal(err)
	}
	if got, err := c.store.EventOf(context.Background(), c.group); err != nil || got != id {
		c.t.Fatalf("the group follows event %d (%v), want %d", got, err, id)
	}
	return c.link("/web")
}
