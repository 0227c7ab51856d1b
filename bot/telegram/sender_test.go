package telegram

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf16"

	"github.com/qisai/qisai/chat"
)

// TestSenderTooManyRequests: a 429 reaches pace and the outbox as a
// RetryAfter of the wait Telegram asked for (pace waits a short one out,
// the outbox holds the message back for a long one).
func TestSenderTooManyRequests(t *testing.T) {
	for _, tt := range []struct {
		after int
		wait  time.Duration
	}{{1, time.Second}, {600, 10 * time.Minute}} {
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			if strings.HasSuffix(r.URL.Path, "/sendMessage") {
				fmt.Fprintf(w, `{"ok":false,"error_code":429,"description":"Too Many Requests: retry after %d","parameters":{"retry_after":%d}}`, tt.after, tt.after)
				return
			}
			fmt.Fprint(w, `{"ok":true,"result":true}`)
		}))
		s, err := newTestSender(srv.URL)
		if err != nil {
			t.Fatal(err)
		}
		err = s.Send(context.Background(), chat.Message{Chat: chat.Chat{Platform: Platform, ID: "-100"}, Text: "hi"})
		srv.Close()
		var ra chat.RetryAfter
		switch {
		case err == nil:
			t.Errorf("retry_after %d: no error", tt.after)
		case tt.wait > 0 && (!errors.As(err, &ra) || ra.Wait != tt.wait):
			t.Errorf("retry_after %d: %v, want a chat.RetryAfter of %v", tt.after, err, tt.wait)
		}
	}
}

// TestSenderForbiddenDM: a 403 to a user's private chat is undeliverable
// (no retries); a 403 to a group is an ordinary failure.
func TestSenderForbiddenDM(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		if strings.HasSuffix(r.URL.Path, "/sendMessage") {
			w.WriteHeader(http.StatusForbidden)
			fmt.Fprint(w, `{"ok":false,"error_code":403,"description":"Forbidden: bot can't initiate conversation with a user"}`)
			return
		}
		fmt.Fprint(w, `{"ok":true,"result":true}`)
	}))
	defer srv.Close()
	s, err := newTestSender(srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	err = s.Send(context.Background(), chat.Message{Chat: chat.Private(Platform, "7"), Text: "hi"})
	if !errors.Is(err, chat.ErrUndeliverable) {
		t.Errorf("403 to dm:7: %v, want ErrUndeliverable", err)
	}
	err = s.Send(context.Background(), chat.Message{Chat: chat.Chat{Platform: Platform, ID: "-100"}, Text: "hi"})
	if err == nil || errors.Is(err, chat.ErrUndeliverable) {
		t.Errorf("403 to a group: %v, want an ordinary error", err)
	}
}

// visible is the text Telegram shows for html in parse mode HTML, and
// whether its tags are balanced: only <pre>…</pre>, never nested.
func visible(html string) (string, bool) {
	var b strings.Builder
	open := false
	for rest := html; rest != ""; {
		i := strings.IndexByte(rest, '<')
		if i < 0 {
			b.WriteString(rest)
			break
		}
		b.WriteString(rest[:i])
		switch {
		case strings.HasPrefix(rest[i:], "<pre>") && !open:
			open, rest = true, rest[i+len("<pre>"):]
		case strings.HasPrefix(rest[i:], "</pre>") && open:
			open, rest = false, rest[i+len("</pre>"):]
		default:
			return "", false // a tag we did not write, or unbalanced
		}
	}
	text := strings.NewReplacer("&lt;", "<", "&gt;", ">", "&amp;", "&").Replace(b.String())
	return text, !open
}

// utf16Len is a text's length as Telegram counts it.
func utf16Len(s string) int { return len(utf16.Encode([]rune(s))) }

// TestSplitLongReply (issue 9): a reply of 10,000 characters, a table with
// names that look like markup among plain lines, is cut into parts that
// each render on their own: balanced <pre> tags, the names shown as typed,
// at most 4,096 characters as Telegram counts them after parsing; together
// they hold every row, in order.
func TestSplitLongReply(t *testing.T) {
	var rows []string
	for i := range 300 {
		rows = append(rows, fmt.Sprintf("%3d <b>王&天一</b>%d 😀 1-0", i, i))
	}
	text := "排名 <i>" + "\n" + chat.Mono(strings.Join(rows, "\n")) + "\n" + strings.Repeat("说明 & notes\n", 220)
	if n := utf16Len(text); n < 10000 {
		t.Fatalf("the test text has %d characters, want 10,000 or more", n)
	}
	parts := Split(chat.Message{Chat: chat.Chat{Platform: Platform, ID: "-100"}, Text: text})
	if len(parts) < 3 || len(parts) > chat.MaxParts {
		t.Fatalf("%d parts, want 3 to %d", len(parts), chat.MaxParts)
	}
	var shown []string
	for i, p := range parts {
		html := HTML(p.Text)
		vis, ok := visible(html)
		if !ok {
			t.Fatalf("part %d: unbalanced or foreign tags:\n%s", i, html)
		}
		if n := utf16Len(vis); n > chat.LimitTelegram {
			t.Errorf("part %d: %d characters after parsing, more than %d", i, n, chat.LimitTelegram)
		}
		if strings.Contains(html, "<b>") || strings.Contains(html, "<i>") {
			t.Errorf("part %d: a name's markup reached Telegram unescaped", i)
		}
		if i > 0 && strings.HasPrefix(p.Text, chat.Fence) != strings.HasPrefix(html, "<pre>") {
			t.Errorf("part %d: a block continued without <pre>", i)
		}
		shown = append(shown, vis)
	}
	all := strings.Join(shown, "\n")
	last := -1
	for _, r := range rows {
		i := strings.Index(all, r)
		if i < last {
			t.Fatalf("row %q is missing or out of order", r)
		}
		last = i
	}
}

// TestSplitHugeTable: a text that would take more than a few messages goes
// as a file with a note, so that a group's budget holds.
func TestSplitHugeTable(t *testing.T) {
	text := "成绩表\n" + chat.Mono(strings.Repeat("1234567890 王天一 许银川 胡荣华 1-0 0-1 1/2\n", 1500))
	c := chat.Chat{Platform: Platform, ID: "-100"}
	parts := Split(chat.Message{Chat: c, Text: text, Buttons: []chat.Button{{Label: "确认", Command: "/confirm"}}})
	if len(parts) != 2 || parts[1].File == nil || parts[0].File != nil {
		t.Fatalf("parts %+v, want a note and a file", parts)
	}
	if f := parts[1].File; f.Name != "成绩表.txt" || !strings.HasPrefix(string(f.Data), "成绩表\n1234567890 王天一") || strings.Contains(string(f.Data), chat.Fence) {
		t.Errorf("file %s: %.60q, want the plain text named after its first line", f.Name, f.Data)
	}
	if !strings.Contains(parts[0].Text, "附件") || !strings.Contains(parts[0].Text, "attached file") || len(parts[0].Buttons) != 1 {
		t.Errorf("note %q with %d buttons, want both languages and the buttons", parts[0].Text, len(parts[0].Buttons))
	}
}

// TestSenderRenders: Send posts HTML with parse_mode, files with
// sendDocument (multipart, the bytes as given), and gives up a message
// Telegram refuses with 400 (ErrUndeliverable) instead of retrying it for
// hours.
func TestSenderRenders(t *testing.T) {
	type call struct{ method, text, mode, file, data string }
	var (
		mu    sync.Mutex
		calls []call
	)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		if err := r.ParseMultipartForm(1 << 20); err != nil {
			t.Errorf("%s: %v", r.URL.Path, err)
		}
		c := call{method: r.URL.Path[strings.LastIndexByte(r.URL.Path, '/')+1:], text: r.FormValue("text"), mode: r.FormValue("parse_mode")}
		if f, h, err := r.FormFile("document"); err == nil {
			b, _ := io.ReadAll(f)
			c.file, c.data = h.Filename, string(b)
		}
		mu.Lock()
		calls = append(calls, c)
		mu.Unlock()
		if c.text == "refused" {
			w.WriteHeader(http.StatusBadRequest)
			fmt.Fprint(w, `{"ok":false,"error_code":400,"description":"Bad Request: message is too long"}`)
			return
		}
		fmt.Fprint(w, `{"ok":true,"result":{"message_id":1,"date":0,"chat":{"id":-100,"type":"group"}}}`)
	}))
	defer srv.Close()
	s, err := newTestSender(srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	group := chat.Chat{Platform: Platform, ID: "-100"}
	m := chat.Message{Chat: group, Text: "「A&B」\n" + chat.Mono("1 <王> 2"), File: &chat.File{Name: "春季赛.trf", Data: []byte("012 春季赛\n")}}
	if err := s.Send(context.Background(), m); err != nil {
		t.Fatal(err)
	}
	want := []call{
		{method: "sendMessage", text: "「A&amp;B」\n<pre>1 &lt;王&gt; 2</pre>", mode: "HTML"},
		{method: "sendDocument", file: "春季赛.trf", data: "012 春季赛\n"},
	}
	if !reflect.DeepEqual(calls, want) {
		t.Errorf("calls %+v, want %+v", calls, want)
	}
	err = s.Send(context.Background(), chat.Message{Chat: group, Text: "refused"})
	if !errors.Is(err, chat.ErrUndeliverable) {
		t.Errorf("a 400: %v, want ErrUndeliverable", err)
	}
}

// newTestSender is the Sender of a bot on the Bot API server at url.
func newTestSender(url string) (*Sender, error) {
	a, err := New(nil, "123:abc", WithServerURL(url))
	if err != nil {
		return nil, err
	}
	return a.Sender(), nil
}
