package commands

import (
	"bytes"
	"fmt"
	"image/png"
	"strings"
	"testing"
	"time"

	"github.com/qisai/qisai/internal/testpainter"

	"github.com/qisai/qisai/chat"
	"github.com/qisai/qisai/picture"
)

// withPainter gives the harness's service a painter.
func (h *harness) withPainter(p *picture.Painter) {
	h.svc = New(h.seen(), WithClock(h.clock), WithPainter(p))
}

// field is n players, strongest first, with units.
func field(n int) []struct{ name, unit string } {
	out := make([]struct{ name, unit string }, n)
	for i := range out {
		out[i].name, out[i].unit = fmt.Sprintf("选手%02d", i+1), fmt.Sprintf("单位%d", i%4)
	}
	return out
}

// pngs are the messages' files, each checked to decode as a PNG.
func pngs(t *testing.T, ms []chat.Message) []string {
	t.Helper()
	var names []string
	for _, m := range ms {
		for _, f := range append([]*chat.File{m.File}, m.Album...) {
			if f == nil || f == m.File && !strings.HasSuffix(f.Name, ".png") {
				continue // a file of another kind: the whole table as CSV
			}
			if _, err := png.Decode(bytes.NewReader(f.Data)); err != nil || !strings.HasSuffix(f.Name, ".png") {
				t.Errorf("%s is no PNG: %v", f.Name, err)
			}
			names = append(names, f.Name)
		}
	}
	return names
}

// The announcements of a published round and of a completed one come with
// the pictures of their sheets where the setting asks for them: auto for
// more than 16 players, on, off. The pictures follow the text in every
// chat of the event.
func TestAnnouncementPictures(t *testing.T) {
	p := testpainter.Open(t)
	for _, tt := range []struct {
		players  int
		setting  string
		pictures bool
	}{
		{9, "", false},
		{17, "", true},
		{9, "on", true},
		{17, "关", false},
		{17, "auto", true},
	} {
		name := fmt.Sprintf("%d players, pictures %q", tt.players, tt.setting)
		h := newHarness(t)
		h.withPainter(p)
		swissOf(t, h, field(tt.players), 0, results)
		if tt.setting != "" {
			must(t, h.say("org", "/event set pictures "+tt.setting), "图片 = ")
		}
		h.say("org", "/pair")
		h.outbox()
		r := h.send("org", "/publish", false)
		must(t, r.Text, "第 1 轮已公布")
		sent := h.outbox()[h.group.ID]
		if len(sent) == 0 || sent[0].Live == nil {
			t.Fatalf("%s: the group got %v, want the round's message first", name, sent)
		}
		text := sent[0].Text
		got := pngs(t, sent)
		var want []string
		if tt.pictures {
			want = []string{"春季赛_2026_第1轮对阵.png"}
		}
		if strings.Join(got, ",") != strings.Join(want, ",") {
			t.Errorf("%s: the published round's pictures %q, want %q", name, got, want)
		}
		must(t, text, "第1轮对阵")

		// The round's last result: the standings, with their picture.
		boards := (tt.players) / 2
		for b := 1; b <= boards; b++ {
			h.say("org", fmt.Sprintf("/result %d 1-0", b))
		}
		got = pngs(t, h.outbox()[h.group.ID])
		want = nil
		if tt.pictures {
			want = []string{"春季赛_2026_第1轮后排名.png"}
		}
		if strings.Join(got, ",") != strings.Join(want, ",") {
			t.Errorf("%s: the completed round's pictures %q, want %q", name, got, want)
		}
	}
}

// The pictures go to the event's other chats too, after the text, and a
// platform that queues its replies gets the text first, then the pictures.
func TestAnnouncementPicturesEveryChat(t *testing.T) {
	h := newHarness(t)
	h.withPainter(testpainter.Open(t))
	swissOf(t, h, field(18), 0, results)
	code := linkCodeIn(t, h.say("org", "/link"))
	other := chat.Chat{Platform: "console", ID: "other"}
	must(t, h.in(other, "mei", "/link "+code), "现在关注比赛")
	h.say("org", "/pair")
	h.outbox()
	r := h.svc.Handle(t.Context(), Request{Chat: h.group, User: User{ID: "org", Name: "org"}, Locale: "zh",
		Text: "/publish", UpdateID: "queued:1", RepliesQueued: true})
	if !r.Private {
		t.Fatalf("the publisher's account %q is said in the group", r.Text)
	}
	out := h.outbox()
	for _, chat := range []string{h.group.ID, other.ID} {
		ms := out[chat]
		if len(ms) != 2 || ms[0].Live == nil || !strings.Contains(ms[0].Text, "第1轮对阵") || len(ms[1].Album) == 0 {
			var what []string
			for _, m := range ms {
				what = append(what, fmt.Sprintf("%.20q pictures %d", m.Text, len(m.Album)))
			}
			t.Errorf("chat %s heard %q: want the round's message, then its pictures as one album", chat, what)
		}
		if got := pngs(t, ms); len(got) != 1 {
			t.Errorf("chat %s got pictures %q", chat, got)
		}
	}
}

// On request a view is sent as pictures: one page with the reply, more
// through the outbox after it. Without a font the answer says how to
// install one, in the user's language.
func TestPicturesOnRequest(t *testing.T) {
	h := newHarness(t)
	swissOf(t, h, field(40), 1, results)
	for _, tt := range []struct{ lang, want string }{
		{"zh", "服务器上没有中文字体"},
		{"en", "the server has no CJK font"},
	} {
		r := h.sendAs("li", tt.lang, "/standings picture")
		must(t, r.Text, tt.want, "fonts-noto-cjk", "QISAI_FONT")
		if r.File != nil {
			t.Errorf("%s: a file without a painter", tt.lang)
		}
	}
	h.withPainter(testpainter.Open(t))
	for _, tt := range []struct {
		cmd, text string
		files     []string
	}{
		{"/pairings picture", "第1轮对阵：图片", []string{"春季赛_2026_第1轮对阵.png"}},
		{"/pairings 1 图片", "第1轮对阵：图片", []string{"春季赛_2026_第1轮对阵.png"}},
		{"/排名 图片", "第1轮后排名：图片 2 张", []string{"春季赛_2026_第1轮后排名_1.png", "春季赛_2026_第1轮后排名_2.png"}},
		{"/crosstable picture", "成绩表：图片 2 张", []string{"春季赛_2026_成绩表_1.png", "春季赛_2026_成绩表_2.png"}},
	} {
		h.advance(pictureSpacing) // a player's pictures in a group: once a minute
		r := h.send("li", tt.cmd, false)
		msgs := h.outbox()[h.group.ID]
		if r.File != nil {
			msgs = append([]chat.Message{{File: r.File}}, msgs...)
		}
		must(t, r.Text, tt.text)
		if got := pngs(t, msgs); strings.Join(got, ",") != strings.Join(tt.files, ",") {
			t.Errorf("%s: pictures %q, want %q", tt.cmd, got, tt.files)
		}
	}
	h.advance(pictureSpacing)
	must(t, h.sendAs("li", "en", "/standings picture").Text, "Standings after round 1: 2 pictures")
	must(t, h.say("li", "/pairings two"), "轮次应是数字")
	must(t, h.say("li", "/pairings 1 photo"), "形式应是图片之一")
}

// /event set pictures takes auto, on and off in either language, and says
// what else it takes.
func TestPicturesSetting(t *testing.T) {
	h := newHarness(t)
	swissOf(t, h, field(4), 0, results)
	for _, tt := range []struct{ value, want, stored string }{
		{"开", "图片 = 开：对阵和排名公告附图片", picturesOn},
		{"off", "图片 = 关", picturesOff},
		{"自动", "图片 = 自动：超过 16 名选手时公告附图片", picturesAuto},
	} {
		must(t, h.say("org", "/event set 图片 "+tt.value), tt.want)
		if got := h.state().Info.Pictures; got != tt.stored {
			t.Errorf("%s: stored %q, want %q", tt.value, got, tt.stored)
		}
	}
	must(t, h.say("org", "/event set pictures maybe"), "自动|开|关")
	must(t, h.sendAs("org", "en", "/event set pictures maybe").Text, "auto|on|off")
	if got := h.state().Info.Pictures; got != picturesAuto {
		t.Errorf("a refused value changed the setting to %q", got)
	}
}

// TestPicturesBudget: a picture command in a group sends at most 4 pages
// — a big field's first page and the asker's, and the whole table as a
// file — as one album; a player's picture commands in a group come once a
// minute (the refusal says when), the staff's whenever they like.
func TestPicturesBudget(t *testing.T) {
	h := newHarness(t)
	h.withPainter(testpainter.Open(t))
	swissOf(t, h, field(200), 1, results) // 6 pages of standings
	h.outbox()
	st := h.state()
	last := st.Standings()[len(st.Event.Players)-1].Player // on the last page
	user := "tail"
	h.identify(user, last)
	r := h.send(user, "/standings picture", false)
	must(t, r.Text, "共 6 页", "第一页和你所在的一页", "CSV")
	sent := h.outbox()[h.group.ID]
	pics := pngs(t, sent)
	if len(pics) != 2 || !strings.HasSuffix(pics[0], "_1.png") || !strings.HasSuffix(pics[1], "_6.png") {
		t.Errorf("a big field's pictures %q, want page 1 and the asker's, page 6", pics)
	}
	albums, csv := 0, 0
	for _, m := range sent {
		if len(m.Album) > 0 {
			albums++
		}
		if m.File != nil && strings.HasSuffix(m.File.Name, ".csv") {
			csv++
			must(t, string(m.File.Data), playerName(&st.Event, last))
		}
	}
	if albums != 1 || csv != 1 {
		t.Errorf("the group got %d albums and %d CSV files, want one of each", albums, csv)
	}

	// The player again within the minute: refused, saying when.
	h.advance(30 * time.Second)
	must(t, h.say(user, "/crosstable picture"), "每分钟一次", "30 秒后")
	if got := pngs(t, h.outbox()[h.group.ID]); len(got) != 0 {
		t.Errorf("a refused picture command sent %q", got)
	}
	must(t, h.sendAs(user, "en", "/pairings picture").Text, "once a minute", "30 s")
	// The organiser: at once.
	must(t, h.say("org", "/pairings picture"), "第1轮对阵：图片")
	h.advance(30 * time.Second)
	must(t, h.say(user, "/pairings picture"), "第1轮对阵：图片")
}
