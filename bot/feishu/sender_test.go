package feishu

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"image"
	"image/png"
	"io"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	lark "github.com/larksuite/oapi-sdk-go/v3"
	larkcore "github.com/larksuite/oapi-sdk-go/v3/core"

	"github.com/qisai/qisai/chat"
)

// testSender is a Sender on p.
func testSender(p *openPlatform) *Sender {
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	api := lark.NewClient(testAppID, testSecret, lark.WithOpenBaseUrl(p.srv.URL), lark.WithLogger(sdkLog{log}), lark.WithLogLevel(larkcore.LogLevelError))
	return newSender(api, log)
}

var group = chat.Chat{Platform: Platform, ID: club}

func TestSendTextAndCard(t *testing.T) {
	p := newOpenPlatform(t)
	s := testSender(p)
	ctx := context.Background()
	// A name that looks like Feishu's mention markup stays words.
	text := "第1轮对阵 <at user_id=\"all\">所有人</at>\n" + chat.Mono("台 红 黑\n 1 张三 李四")
	if err := s.Send(ctx, chat.Message{Chat: group, Text: text, DedupKey: "k1"}); err != nil {
		t.Fatal(err)
	}
	m, _ := p.await(club, 0, "第1轮对阵")
	var content post
	if err := json.Unmarshal([]byte(m.Content), &content); err != nil || m.Kind != "post" {
		t.Fatalf("sent %s %s; want a rich-text message", m.Kind, m.Content)
	}
	if got := content.ZhCN.Content; len(got) != 2 || got[0][0].Tag != "text" || !strings.Contains(got[0][0].Text, `<at user_id="all">`) ||
		got[1][0].Tag != "code_block" || got[1][0].Text != "台 红 黑\n 1 张三 李四" {
		t.Errorf("content %s; want the line as a text element and the table as a code block", m.Content)
	}

	buttons := []chat.Button{{Label: "确认", Command: "/confirm 3 e1 r2 b3"}, {Label: "太长", Command: "/" + strings.Repeat("x", chat.MaxCommand)}}
	private := chat.Private(Platform, "ou_ann")
	if err := s.Send(ctx, chat.Message{Chat: private, Text: "张三报告：你负。确认吗？", Buttons: buttons, DedupKey: "k2"}); err != nil {
		t.Fatal(err)
	}
	c, _ := p.await("ou_ann", 0, "确认吗？")
	if cmd, dm := c.button("确认"); c.Kind != "interactive" || cmd != "/confirm 3 e1 r2 b3" || !dm {
		t.Errorf("the card %s %s: button 确认 runs %q (private %v); want an interactive card whose button carries its command, private", c.Kind, c.Content, cmd, dm)
	}
	if cmd, _ := c.button("太长"); cmd != "" {
		t.Errorf("a button whose command is over %d bytes was sent: %q", chat.MaxCommand, cmd)
	}
	if !strings.Contains(c.Content, `"update_multi":true`) {
		t.Errorf("the card %s is not shared (update_multi): its edits would show to the presser alone", c.Content)
	}
	without, ok := s.unbuttoned(ctx, c.ID)
	if !ok || strings.Contains(without, "button") || !strings.Contains(without, "确认吗？") {
		t.Errorf("the card without its buttons: %q, %v; want its text and no button", without, ok)
	}
}

// TestSendOnce: a part sent again under the outbox's key (a retry after
// a lost answer) carries the same uuid, and Feishu makes one message of it.
func TestSendOnce(t *testing.T) {
	p := newOpenPlatform(t)
	s := testSender(p)
	m := chat.Message{Chat: group, Text: "报名已开放", DedupKey: "event:1:action:2:0"}
	for range 2 {
		if err := s.Send(context.Background(), m); err != nil {
			t.Fatal(err)
		}
	}
	if other := (chat.Message{Chat: group, Text: "报名已开放", DedupKey: "event:1:action:3:0"}); s.Send(context.Background(), other) != nil {
		t.Fatal("a second message")
	}
	got := sentTo(p, club)
	if len(got) != 2 || got[0].UUID == "" || got[0].UUID == got[1].UUID || len(got[0].UUID) > 50 {
		t.Errorf("sent %+v; want two messages, of two uuids of at most 50 characters", got)
	}
}

func TestSendFiles(t *testing.T) {
	p := newOpenPlatform(t)
	s := testSender(p)
	var pic bytes.Buffer
	png.Encode(&pic, image.NewGray(image.Rect(0, 0, 40, 20)))
	ctx := context.Background()
	for _, f := range []*chat.File{{Name: "第1轮.png", Data: pic.Bytes()}, {Name: "春季赛.trf", Data: []byte("012 Spring\n")}, {Name: "名次.xlsx", Data: []byte("PK")}} {
		if err := s.Send(ctx, chat.Message{Chat: group, File: f}); err != nil {
			t.Fatalf("%s: %v", f.Name, err)
		}
	}
	got := sentTo(p, club)
	if len(got) != 3 || got[0].Kind != "image" || !strings.Contains(got[0].Content, "image_key") || got[1].Kind != "file" || got[2].Kind != "file" {
		t.Fatalf("sent %+v; want an image and two files", got)
	}
	p.mu.Lock()
	uploads := strings.Join(p.uploads, "; ")
	p.mu.Unlock()
	if uploads != "image; file 春季赛.trf stream; file 名次.xlsx xls" {
		t.Errorf("uploads %q; want the picture as an image, the TRF as a stream, the workbook as xls", uploads)
	}
	// Buttons with a file and no text: a card of the buttons alone, no
	// empty text element (Feishu refuses one).
	if err := s.Send(ctx, chat.Message{Chat: group, File: &chat.File{Name: "a.csv", Data: []byte("1")}, Buttons: []chat.Button{{Label: "下一轮", Command: "/pair"}}}); err != nil {
		t.Fatal(err)
	}
	got = sentTo(p, club)
	if last := got[len(got)-2:]; last[0].Kind != "interactive" || strings.Contains(last[0].Content, `"div"`) || last[1].Kind != "file" {
		t.Errorf("a file with buttons went as %s %s, then %s; want a card of the buttons alone and the file", last[0].Kind, last[0].Content, last[1].Kind)
	}
	err := s.Send(ctx, chat.Message{Chat: group, File: &chat.File{Name: "empty.csv"}})
	if !errors.Is(err, chat.ErrUndeliverable) {
		t.Errorf("an empty file: %v; want undeliverable (Feishu takes none)", err)
	}
}

// TestSendAlbum: Feishu has no album: its caption goes first, then each
// picture as an image, each part under a key of its own.
func TestSendAlbum(t *testing.T) {
	p := newOpenPlatform(t)
	s := testSender(p)
	var pic bytes.Buffer
	png.Encode(&pic, image.NewGray(image.Rect(0, 0, 40, 20)))
	album := []*chat.File{{Name: "第1轮-1.png", Data: pic.Bytes()}, {Name: "第1轮-2.png", Data: pic.Bytes()}}
	m := chat.Message{Chat: group, Text: "第1轮对阵", Album: album, DedupKey: "k-album"}
	for range 2 { // a retry sends nothing twice
		if err := s.Send(context.Background(), m); err != nil {
			t.Fatal(err)
		}
	}
	got := sentTo(p, club)
	if len(got) != 3 || got[0].Kind != "post" || !strings.Contains(got[0].text(), "第1轮对阵") || got[1].Kind != "image" || got[2].Kind != "image" {
		t.Fatalf("sent %+v; want the caption, then two images", got)
	}
	if got[1].UUID == got[2].UUID || got[1].UUID == "" {
		t.Errorf("the pictures' uuids %q and %q; want one of its own each", got[1].UUID, got[2].UUID)
	}
}

// TestLiveCard: a live message goes out as a shared card whose
// message_id the outbox learns (chat.Posted), buttons or not; Edit
// updates it in place (PATCH), its buttons too; a card Feishu no longer
// updates (recalled) is refused for good, so the next version is new.
func TestLiveCard(t *testing.T) {
	p := newOpenPlatform(t)
	s := testSender(p)
	var posted string
	ctx := chat.WithPosted(context.Background(), func(id string) { posted = id })
	live := &chat.Live{Key: "round:1:1"}
	if err := s.Send(ctx, chat.Message{Chat: group, Text: "第1轮对阵\n第 1 台 张三 – 李四", Live: live, DedupKey: "k-live"}); err != nil {
		t.Fatal(err)
	}
	m, _ := p.await(club, 0, "第1轮对阵")
	if m.Kind != "interactive" || !strings.Contains(m.Content, `"update_multi":true`) || posted != m.ID {
		t.Fatalf("sent %s %s, posted %q; want a shared card whose id %s the outbox learns", m.Kind, m.Content, posted, m.ID)
	}
	page := []chat.Button{{Label: "实时网页", Command: "/standings"}}
	if err := s.Edit(context.Background(), posted, chat.Message{Chat: group, Text: "第1轮对阵\n第 1 台 张三 1–0 李四", Buttons: page, Live: live}); err != nil {
		t.Fatal(err)
	}
	got := sentTo(p, club)
	if len(got) != 1 || got[0].Edits != 1 || !strings.Contains(got[0].text(), "1–0") {
		t.Fatalf("after the edit the chat has %+v; want the one card, updated to the result", got)
	}
	if cmd, _ := got[0].button("实时网页"); cmd != "/standings" {
		t.Errorf("the edited card's button runs %q; want its new button", cmd)
	}
	err := s.Edit(context.Background(), "om_gone", chat.Message{Chat: group, Text: "x", Live: live})
	if !errors.Is(err, chat.ErrUndeliverable) {
		t.Errorf("an edit of a recalled card: %v; want undeliverable (the next version a new message)", err)
	}
}

// TestSplit: a text past Feishu's 30 KB goes in parts that each fit,
// a table cut across them fenced in each, the outbox's key numbered.
func TestSplit(t *testing.T) {
	var rows []string
	for i := range 900 {
		rows = append(rows, strings.Repeat("棋", 5)+" <"+strings.Repeat("x", 3)+"> "+string(rune('A'+i%26)))
	}
	m := chat.Message{Chat: group, Text: "名次\n" + chat.Mono(strings.Join(rows, "\n")), DedupKey: "k"}
	parts := Split(m)
	if len(parts) < 2 || len(parts) > chat.MaxParts {
		t.Fatalf("%d parts; want 2 to %d", len(parts), chat.MaxParts)
	}
	for i, part := range parts {
		body, _ := json.Marshal(map[string]string{"receive_id": club, "msg_type": "post", "content": postContent(part.Text)})
		if len(body) > 30<<10 {
			t.Errorf("part %d's request has %d bytes; Feishu takes 30 KB", i+1, len(body))
		}
		if bs := chat.Blocks(part.Text); len(bs) == 0 || !bs[len(bs)-1].Mono {
			t.Errorf("part %d does not end in the table: %v", i+1, bs)
		}
		if want := "k#" + strconv.Itoa(i+1); part.DedupKey != want {
			t.Errorf("part %d's key %q; want %q", i+1, part.DedupKey, want)
		}
	}
	if one := Split(chat.Message{Chat: group, Text: "短", DedupKey: "k"}); len(one) != 1 || one[0].DedupKey != "k" {
		t.Errorf("a short message: %+v; want itself, its key kept", one)
	}
}

// TestRefusals: what Feishu's answers mean for the outbox.
func TestRefusals(t *testing.T) {
	limited := &answerError{Status: http.StatusTooManyRequests, Code: codeRateLimited, Reset: 7 * time.Second}
	for _, tt := range []struct {
		name string
		to   chat.Chat
		err  error
		kind error         // chat.ErrNoRights, chat.ErrUndeliverable, or nil
		wait time.Duration // a chat.RetryAfter's
		fix  string
	}{
		{"429 with its reset", group, limited, nil, 7 * time.Second, ""},
		{"a chat's own limit", group, &answerError{Status: 400, Code: codeTooFast}, nil, time.Second, ""},
		{"removed from the group", group, &answerError{Status: 400, Code: codeNotInGroup}, chat.ErrNoRights, 0, "重新加入该群"},
		{"no right to post", group, &answerError{Status: 400, Code: codeNoPermission}, chat.ErrNoRights, 0, "群管理员"},
		{"the group disbanded", group, &answerError{Status: 400, Code: codeChatGone}, chat.ErrNoRights, 0, "/link"},
		{"a user outside the app's availability", chat.Private(Platform, "ou_x"), &answerError{Status: 400, Code: codeNotAvailable}, chat.ErrUndeliverable, 0, "可用范围"},
		{"content too long", group, &answerError{Status: 400, Code: 230025}, chat.ErrUndeliverable, 0, ""},
		{"Feishu failing", group, &answerError{Status: 500, Code: 1}, nil, 0, ""},
		{"the network", group, errors.New("connection refused"), nil, 0, ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			err := refusal(tt.to, tt.err)
			var ra chat.RetryAfter
			if errors.As(err, &ra) != (tt.wait > 0) || ra.Wait != tt.wait {
				t.Errorf("%v: retry after %v; want %v", err, ra.Wait, tt.wait)
			}
			for _, kind := range []error{chat.ErrNoRights, chat.ErrUndeliverable} {
				if errors.Is(err, kind) != (kind == tt.kind) {
					t.Errorf("%v: errors.Is %v = %v", err, kind, !(kind == tt.kind))
				}
			}
			var r *chat.Refusal
			if tt.fix != "" && (!errors.As(err, &r) || !strings.Contains(r.Fix.Zh, tt.fix) || r.Fix.En == "") {
				t.Errorf("%v: fix %+v; want one in both languages with %q", err, r, tt.fix)
			}
			if !errors.Is(err, tt.err) {
				t.Errorf("%v does not wrap Feishu's answer", err)
			}
		})
	}
}

// TestSend429: Feishu's 429 reaches the outbox as a chat.RetryAfter of
// its x-ogw-ratelimit-reset, and the next try goes through.
func TestSend429(t *testing.T) {
	p := newOpenPlatform(t)
	s := testSender(p)
	p.limit(club, 1, 3)
	err := s.Send(context.Background(), chat.Message{Chat: group, Text: "第1轮对阵"})
	var ra chat.RetryAfter
	if !errors.As(err, &ra) || ra.Wait != 3*time.Second {
		t.Fatalf("a 429: %v; want a RetryAfter of 3 s", err)
	}
	if err := s.Send(context.Background(), chat.Message{Chat: group, Text: "第1轮对阵"}); err != nil {
		t.Fatalf("after the reset: %v", err)
	}
	if got := sentTo(p, club); len(got) != 1 {
		t.Errorf("%d messages; want 1", len(got))
	}
}
