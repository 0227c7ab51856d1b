package feishu

import (
	"encoding/json"
	"fmt"
	"mime"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gorilla/websocket"
	larkws "github.com/larksuite/oapi-sdk-go/v3/ws"
)

// openPlatform is a test server that speaks Feishu's open platform as the
// SDK's client does: the tenant_access_token, im/v1/messages (create, with
// its uuid deduplication), the image and file uploads, the contact API's
// user names, and the long connection — its endpoint, and a websocket that
// carries the SDK's protobuf frames (larkws.Frame) both ways. A test
// pushes events down the connection (push) and reads what the bot sent
// (await); it can answer a message with a rate limit (limit) or refuse a
// chat (refuse), as Feishu does.
type openPlatform struct {
	t   *testing.T
	srv *httptest.Server

	mu       sync.Mutex
	changed  chan struct{} // closed and replaced when something is sent
	sent     []sent
	uuids    map[string]string // uuid → the message_id it made
	limited  int               // the next messages to limitTo answered 429
	limitTo  string            // the receive_id limited applies to
	reset    int               // their x-ogw-ratelimit-reset
	refused  map[string]int    // receive_id → the code its messages are refused with
	names    map[string]string // open_id → name
	authors  map[string]string // a message typed in a chat → its sender's open_id
	tokens   int               // tenant_access_tokens asked
	uploads  []string          // "image NAME" or "file NAME"
	attempts map[string]int    // receive_id → create requests, refused or not
	repeats  map[string]int    // receive_id → create requests of a uuid already sent
	conn     *websocket.Conn   // the bot's long connection; nil while it has none
	conns    int               // long connections the bot opened
	answers  map[string]chan larkws.Response
	nextID   int
	writeMu  sync.Mutex
}

// sent is a message the bot sent.
type sent struct {
	ID, To, Kind, Content, UUID string
	Edits                       int // the updates of its content (patch)
}

// text is the message's words: a rich-text message's elements, a card's
// texts and code blocks, each on its own line.
func (s sent) text() string {
	var b strings.Builder
	var walk func(v any)
	walk = func(v any) {
		switch v := v.(type) {
		case map[string]any:
			for _, k := range []string{"text", "content"} {
				if t, ok := v[k].(string); ok {
					b.WriteString(t + "\n")
				}
			}
			for k, c := range v {
				if k != "behaviors" {
					walk(c)
				}
			}
		case []any:
			for _, c := range v {
				walk(c)
			}
		}
	}
	var v any
	json.Unmarshal([]byte(s.Content), &v)
	walk(v)
	return b.String()
}

// button is the command of the button labelled label on a card, and
// whether it was sent to a private chat; "" when there is none.
func (s sent) button(label string) (cmd string, private bool) {
	var c struct {
		Body struct {
			Elements []struct {
				Tag     string `json:"tag"`
				Columns []struct {
					Elements []struct {
						Text      plainText  `json:"text"`
						Behaviors []behavior `json:"behaviors"`
					} `json:"elements"`
				} `json:"columns"`
			} `json:"elements"`
		} `json:"body"`
	}
	json.Unmarshal([]byte(s.Content), &c)
	for _, e := range c.Body.Elements {
		for _, col := range e.Columns {
			for _, b := range col.Elements {
				if b.Text.Content == label && len(b.Behaviors) > 0 {
					return b.Behaviors[0].Value.Command, b.Behaviors[0].Value.Private
				}
			}
		}
	}
	return "", false
}

const (
	testAppID  = "cli_test0001"
	testSecret = "test-secret"
	testToken  = "t-test-tenant-token"
)

func newOpenPlatform(t *testing.T) *openPlatform {
	p := &openPlatform{t: t, changed: make(chan struct{}), uuids: map[string]string{}, refused: map[string]int{},
		names: map[string]string{}, authors: map[string]string{}, attempts: map[string]int{}, repeats: map[string]int{}, answers: map[string]chan larkws.Response{}}
	p.srv = httptest.NewServer(http.HandlerFunc(p.serve))
	t.Cleanup(func() {
		p.mu.Lock()
		if p.conn != nil {
			p.conn.Close()
		}
		p.mu.Unlock()
		p.srv.Close()
	})
	return p
}

// reply writes v as the open platform's JSON answer.
func reply(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(v)
}

func (p *openPlatform) serve(w http.ResponseWriter, r *http.Request) {
	switch {
	case r.URL.Path == "/open-apis/auth/v3/tenant_access_token/internal":
		var in struct {
			AppID     string `json:"app_id"`
			AppSecret string `json:"app_secret"`
		}
		json.NewDecoder(r.Body).Decode(&in)
		p.mu.Lock()
		p.tokens++
		p.mu.Unlock()
		if in.AppID != testAppID || in.AppSecret != testSecret {
			reply(w, http.StatusBadRequest, map[string]any{"code": codeBadSecret, "msg": "app secret invalid"})
			return
		}
		reply(w, http.StatusOK, map[string]any{"code": 0, "msg": "ok", "tenant_access_token": testToken, "expire": 7200})
	case r.URL.Path == larkws.GenEndpointUri:
		ws := "ws" + strings.TrimPrefix(p.srv.URL, "http") + "/ws?device_id=test-device&service_id=7"
		reply(w, http.StatusOK, map[string]any{"code": 0, "data": map[string]any{"URL": ws,
			"ClientConfig": map[string]int{"ReconnectCount": -1, "ReconnectInterval": 1, "ReconnectNonce": 1, "PingInterval": 120}}})
	case r.URL.Path == "/ws":
		p.accept(w, r)
	case r.Header.Get("Authorization") != "Bearer "+testToken:
		reply(w, http.StatusUnauthorized, map[string]any{"code": 99991663, "msg": "Invalid access token for authorization"})
	case r.URL.Path == "/open-apis/im/v1/messages" && r.Method == http.MethodPost:
		p.create(w, r)
	case r.URL.Path == "/open-apis/im/v1/images" || r.URL.Path == "/open-apis/im/v1/files":
		p.upload(w, r)
	case strings.HasPrefix(r.URL.Path, "/open-apis/im/v1/messages/") && r.Method == http.MethodPatch:
		p.patch(w, r)
	case strings.HasPrefix(r.URL.Path, "/open-apis/im/v1/messages/") && r.Method == http.MethodGet:
		id := strings.TrimPrefix(r.URL.Path, "/open-apis/im/v1/messages/")
		p.mu.Lock()
		author, ok := p.authors[id]
		p.mu.Unlock()
		if !ok || r.URL.Query().Get("user_id_type") != "open_id" {
			reply(w, http.StatusBadRequest, map[string]any{"code": 230110, "msg": "Action unavailable as the message has been deleted."})
			return
		}
		reply(w, http.StatusOK, map[string]any{"code": 0, "data": map[string]any{"items": []any{map[string]any{"message_id": id,
			"sender": map[string]any{"id": author, "id_type": "open_id", "sender_type": "user"}}}}})
	case strings.HasPrefix(r.URL.Path, "/open-apis/contact/v3/users/"):
		id := strings.TrimPrefix(r.URL.Path, "/open-apis/contact/v3/users/")
		p.mu.Lock()
		name, ok := p.names[id]
		p.mu.Unlock()
		if !ok {
			reply(w, http.StatusBadRequest, map[string]any{"code": 41050, "msg": "no user authority error"})
			return
		}
		reply(w, http.StatusOK, map[string]any{"code": 0, "data": map[string]any{"user": map[string]any{"open_id": id, "name": name}}})
	default:
		reply(w, http.StatusNotFound, map[string]any{"code": 404, "msg": "no such API in the test server: " + r.Method + " " + r.URL.Path})
	}
}

// create is POST /open-apis/im/v1/messages.
func (p *openPlatform) create(w http.ResponseWriter, r *http.Request) {
	var in struct {
		ReceiveID string `json:"receive_id"`
		MsgType   string `json:"msg_type"`
		Content   string `json:"content"`
		UUID      string `json:"uuid"`
	}
	if err := json.NewDecoder(r.Body).Decode(&in); err != nil {
		reply(w, http.StatusBadRequest, map[string]any{"code": 230001, "msg": err.Error()})
		return
	}
	idType := r.URL.Query().Get("receive_id_type")
	if idType != "open_id" && idType != "chat_id" || in.ReceiveID == "" || in.Content == "" {
		reply(w, http.StatusBadRequest, map[string]any{"code": 230001, "msg": "invalid receive_id_type, receive_id or content"})
		return
	}
	if idType == "open_id" != strings.HasPrefix(in.ReceiveID, "ou_") {
		reply(w, http.StatusBadRequest, map[string]any{"code": 230001, "msg": "receive_id does not match receive_id_type"})
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.attempts[in.ReceiveID]++
	if id, ok := p.uuids[in.UUID]; ok && in.UUID != "" {
		// Feishu sends at most one message of a uuid within the hour.
		p.repeats[in.ReceiveID]++
		reply(w, http.StatusOK, map[string]any{"code": 0, "data": map[string]any{"message_id": id}})
		return
	}
	if p.limited > 0 && in.ReceiveID == p.limitTo {
		p.limited--
		w.Header().Set("x-ogw-ratelimit-limit", "50")
		w.Header().Set(resetHeader, strconv.Itoa(p.reset))
		reply(w, http.StatusTooManyRequests, map[string]any{"code": codeRateLimited, "msg": "request trigger frequency limit"})
		return
	}
	if code, ok := p.refused[in.ReceiveID]; ok {
		reply(w, http.StatusBadRequest, map[string]any{"code": code, "msg": "The bot can not be outside the group."})
		return
	}
	p.nextID++
	id := fmt.Sprintf("om_%d", p.nextID)
	if in.UUID != "" {
		p.uuids[in.UUID] = id
	}
	p.sent = append(p.sent, sent{ID: id, To: in.ReceiveID, Kind: in.MsgType, Content: in.Content, UUID: in.UUID})
	p.notify()
	reply(w, http.StatusOK, map[string]any{"code": 0, "data": map[string]any{"message_id": id}})
}

// patch is PATCH /open-apis/im/v1/messages/:message_id: a shared card's
// update. Feishu updates only cards, only shared ones (update_multi
// before and after), and none recalled (230011 here for an unknown id).
func (p *openPlatform) patch(w http.ResponseWriter, r *http.Request) {
	var in struct {
		Content string `json:"content"`
	}
	if err := json.NewDecoder(r.Body).Decode(&in); err != nil || in.Content == "" {
		reply(w, http.StatusBadRequest, map[string]any{"code": 230001, "msg": "invalid content"})
		return
	}
	id := strings.TrimPrefix(r.URL.Path, "/open-apis/im/v1/messages/")
	p.mu.Lock()
	defer p.mu.Unlock()
	for i := range p.sent {
		m := &p.sent[i]
		if m.ID != id {
			continue
		}
		shared := `"update_multi":true`
		if m.Kind != "interactive" || !strings.Contains(m.Content, shared) || !strings.Contains(in.Content, shared) {
			reply(w, http.StatusBadRequest, map[string]any{"code": 230001, "msg": "only a shared card can be updated"})
			return
		}
		m.Content = in.Content
		m.Edits++
		p.notify()
		reply(w, http.StatusOK, map[string]any{"code": 0, "msg": "success"})
		return
	}
	reply(w, http.StatusBadRequest, map[string]any{"code": 230011, "msg": "The message was withdrawn."})
}

// upload is POST /open-apis/im/v1/images or /files, multipart.
func (p *openPlatform) upload(w http.ResponseWriter, r *http.Request) {
	_, params, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if err != nil {
		reply(w, http.StatusBadRequest, map[string]any{"code": 234001, "msg": "not multipart"})
		return
	}
	form, err := multipart.NewReader(r.Body, params["boundary"]).ReadForm(32 << 20)
	if err != nil {
		reply(w, http.StatusBadRequest, map[string]any{"code": 234001, "msg": err.Error()})
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.nextID++
	if strings.HasSuffix(r.URL.Path, "images") {
		if form.Value["image_type"][0] != "message" || len(form.File["image"]) != 1 {
			reply(w, http.StatusBadRequest, map[string]any{"code": 234001, "msg": "image_type message and an image wanted"})
			return
		}
		p.uploads = append(p.uploads, "image")
		reply(w, http.StatusOK, map[string]any{"code": 0, "data": map[string]any{"image_key": fmt.Sprintf("img_%d", p.nextID)}})
		return
	}
	if len(form.File["file"]) != 1 || form.Value["file_name"][0] == "" || form.Value["file_type"][0] == "" {
		reply(w, http.StatusBadRequest, map[string]any{"code": 234001, "msg": "file, file_name and file_type wanted"})
		return
	}
	p.uploads = append(p.uploads, "file "+form.Value["file_name"][0]+" "+form.Value["file_type"][0])
	reply(w, http.StatusOK, map[string]any{"code": 0, "data": map[string]any{"file_key": fmt.Sprintf("file_%d", p.nextID)}})
}

// accept takes the bot's long connection: the SDK's pings are answered
// with pongs, its answers to events handed to push.
func (p *openPlatform) accept(w http.ResponseWriter, r *http.Request) {
	if r.URL.Query().Get("device_id") == "" {
		http.Error(w, "no device_id", http.StatusBadRequest)
		return
	}
	c, err := (&websocket.Upgrader{}).Upgrade(w, r, nil)
	if err != nil {
		return
	}
	p.mu.Lock()
	p.conn = c
	p.conns++
	p.notify()
	p.mu.Unlock()
	for {
		kind, msg, err := c.ReadMessage()
		if err != nil {
			p.mu.Lock()
			if p.conn == c {
				p.conn = nil
			}
			p.mu.Unlock()
			return
		}
		var f larkws.Frame
		if kind != websocket.BinaryMessage || f.Unmarshal(msg) != nil {
			p.t.Errorf("the SDK sent a frame that is no protobuf Frame: %d %q", kind, msg)
			continue
		}
		hs := larkws.Headers(f.Headers)
		if larkws.FrameType(f.Method) == larkws.FrameTypeControl {
			if hs.GetString(larkws.HeaderType) == string(larkws.MessageTypePing) {
				pong := larkws.Frame{Service: f.Service, Method: int32(larkws.FrameTypeControl), Headers: []larkws.Header{{Key: larkws.HeaderType, Value: string(larkws.MessageTypePong)}}}
				p.write(pong)
			}
			continue
		}
		var resp larkws.Response
		if err := json.Unmarshal(f.Payload, &resp); err != nil {
			p.t.Errorf("an answer to an event is no Response: %v", err)
			continue
		}
		p.mu.Lock()
		ch := p.answers[hs.GetString(larkws.HeaderMessageID)]
		p.mu.Unlock()
		if ch != nil {
			ch <- resp
		}
	}
}

// notify wakes those waiting for a change; p.mu is held.
func (p *openPlatform) notify() {
	close(p.changed)
	p.changed = make(chan struct{})
}

// connected waits until the bot holds a long connection, and returns it.
func (p *openPlatform) connected() *websocket.Conn {
	p.t.Helper()
	deadline := time.After(patience)
	for {
		p.mu.Lock()
		c, changed := p.conn, p.changed
		p.mu.Unlock()
		if c != nil {
			return c
		}
		select {
		case <-changed:
		case <-deadline:
			p.t.Fatal("the bot holds no long connection")
		}
	}
}

// drop closes the bot's long connection, as a network failure would.
func (p *openPlatform) drop() {
	c := p.connected()
	p.mu.Lock()
	p.conn = nil
	p.mu.Unlock()
	c.Close()
}

func (p *openPlatform) write(f larkws.Frame) {
	b, err := f.Marshal()
	if err != nil {
		p.t.Fatal(err)
	}
	c := p.connected()
	p.writeMu.Lock()
	defer p.writeMu.Unlock()
	if err := c.WriteMessage(websocket.BinaryMessage, b); err != nil {
		p.t.Errorf("push a frame: %v", err)
	}
}

// patience is how long the test waits for the bot.
const patience = 20 * time.Second

// push sends the event payload down the long connection as Feishu does,
// as a data frame of type "event" under a frame message id of its own,
// and returns the bot's answer: once the event is handled.
func (p *openPlatform) push(payload []byte) larkws.Response {
	p.t.Helper()
	p.mu.Lock()
	p.nextID++
	frameID := fmt.Sprintf("frame_%d", p.nextID)
	ch := make(chan larkws.Response, 1)
	p.answers[frameID] = ch
	p.mu.Unlock()
	f := larkws.Frame{SeqID: uint64(p.nextID), Service: 7, Method: int32(larkws.FrameTypeData), Payload: payload,
		Headers: []larkws.Header{{Key: larkws.HeaderType, Value: string(larkws.MessageTypeEvent)}, {Key: larkws.HeaderMessageID, Value: frameID},
			{Key: larkws.HeaderSum, Value: "1"}, {Key: larkws.HeaderSeq, Value: "0"}, {Key: larkws.HeaderTraceID, Value: "trace-" + frameID}}}
	p.write(f)
	select {
	case r := <-ch:
		return r
	case <-time.After(patience):
		p.t.Fatalf("the bot never answered event frame %s: %s", frameID, payload)
	}
	return larkws.Response{}
}

// await waits for a message to to, from the skip-th sent on, whose words
// hold want, and returns it with the index after it.
func (p *openPlatform) await(to string, skip int, want string) (sent, int) {
	p.t.Helper()
	deadline := time.After(patience)
	for {
		p.mu.Lock()
		for i := skip; i < len(p.sent); i++ {
			if m := p.sent[i]; m.To == to && strings.Contains(m.text(), want) {
				p.mu.Unlock()
				return m, i + 1
			}
		}
		changed := p.changed
		p.mu.Unlock()
		select {
		case <-changed:
		case <-deadline:
			p.mu.Lock()
			var got []string
			for _, m := range p.sent[min(skip, len(p.sent)):] {
				if m.To == to {
					got = append(got, m.text())
				}
			}
			p.mu.Unlock()
			p.t.Fatalf("no message to %s with %q after #%d; it got:\n%s", to, want, skip, strings.Join(got, "\n---\n"))
		}
	}
}

// count is how many messages were sent.
func (p *openPlatform) count() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return len(p.sent)
}

// limit answers the next n messages to receive id to with a 429 asking
// to wait reset seconds; the other chats' go through, so that a test
// knows which message met it.
func (p *openPlatform) limit(to string, n, reset int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.limitTo, p.limited, p.reset = to, n, reset
}

// refuse answers the messages to receive id with code (0: takes them
// again).
func (p *openPlatform) refuse(id string, code int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if code == 0 {
		delete(p.refused, id)
		return
	}
	p.refused[id] = code
}

// Events as Feishu's v2 schema puts them.

var eventSeq struct {
	sync.Mutex
	n int
}

// envelope is event of type as the schema 2.0 payload, under a new
// event_id (or id, when given).
func envelope(kind, id string, event any) []byte {
	if id == "" {
		eventSeq.Lock()
		eventSeq.n++
		id = fmt.Sprintf("ev_%d", eventSeq.n)
		eventSeq.Unlock()
	}
	b, err := json.Marshal(map[string]any{"schema": "2.0",
		"header": map[string]any{"event_id": id, "event_type": kind, "create_time": strconv.FormatInt(time.Now().UnixMilli(), 10),
			"token": "", "app_id": testAppID, "tenant_key": "tenant"},
		"event": event})
	if err != nil {
		panic(err)
	}
	return b
}

// person is a Feishu user of the tests.
type person struct {
	id, name string
}

var messageSeq struct {
	sync.Mutex
	n int
}

// message is im.message.receive_v1 of text said by who in chat (a group's
// chat_id, or "" for who's private chat with the bot), @-mentioning the
// bot first in a group, and mentioning the others as "@_user_N" keys.
func message(who person, chatID, text string, mentioned ...person) (payload []byte, messageID string) {
	messageSeq.Lock()
	messageSeq.n++
	messageID = fmt.Sprintf("om_in_%d", messageSeq.n)
	messageSeq.Unlock()
	var mentions []map[string]any
	chatType := "group"
	if chatID == "" {
		chatID, chatType = "oc_p2p_"+who.id, "p2p"
	} else {
		text = "@_user_1 " + text
		mentions = append(mentions, map[string]any{"key": "@_user_1", "id": map[string]any{"open_id": "ou_bot"}, "name": "qisai", "mentioned_type": "bot", "tenant_key": "tenant"})
	}
	for _, m := range mentioned {
		key := fmt.Sprintf("@_user_%d", len(mentions)+1)
		text = strings.Replace(text, "@"+m.name, key, 1)
		mentions = append(mentions, map[string]any{"key": key, "id": map[string]any{"open_id": m.id}, "name": m.name, "mentioned_type": "user", "tenant_key": "tenant"})
	}
	content, _ := json.Marshal(map[string]string{"text": text})
	return envelope("im.message.receive_v1", "", map[string]any{
		"sender": map[string]any{"sender_id": map[string]any{"open_id": who.id}, "sender_type": "user", "tenant_key": "tenant"},
		"message": map[string]any{"message_id": messageID, "chat_id": chatID, "chat_type": chatType, "message_type": "text",
			"content": string(content), "mentions": mentions, "create_time": strconv.FormatInt(time.Now().UnixMilli(), 10)},
	}), messageID
}

// replying is payload, a message event, as a reply to message parent.
func replying(payload []byte, parent string) []byte {
	var v map[string]any
	json.Unmarshal(payload, &v)
	v["event"].(map[string]any)["message"].(map[string]any)["parent_id"] = parent
	v["event"].(map[string]any)["message"].(map[string]any)["root_id"] = parent
	b, _ := json.Marshal(v)
	return b
}

// press is card.action.trigger: who pressed the button carrying cmd on
// card m, sent to chat (a chat_id) or privately.
func press(who person, m sent, cmd string, private bool) []byte {
	chatID := m.To
	if private {
		chatID = "oc_p2p_" + who.id
	}
	return envelope("card.action.trigger", "", map[string]any{
		"operator": map[string]any{"open_id": who.id, "tenant_key": "tenant"},
		"token":    "c-update-token",
		"action":   map[string]any{"value": map[string]any{"cmd": cmd, "dm": private}, "tag": "button"},
		"host":     "im_message",
		"context":  map[string]any{"open_message_id": m.ID, "open_chat_id": chatID},
	})
}

// removed is im.chat.member.bot.deleted_v1 (or added_v1) for group.
func removed(group string, added bool) []byte {
	kind := "im.chat.member.bot.deleted_v1"
	if added {
		kind = "im.chat.member.bot.added_v1"
	}
	return envelope(kind, "", map[string]any{"chat_id": group, "operator_id": map[string]any{"open_id": "ou_admin"}, "name": "象棋社", "external": false})
}

// ok is whether the bot answered an event as handled.
func ok(t *testing.T, r larkws.Response, what string) {
	t.Helper()
	if r.StatusCode != http.StatusOK {
		t.Fatalf("%s: the bot answered %d, want 200 (handled)", what, r.StatusCode)
	}
}
