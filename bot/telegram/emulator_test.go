package telegram

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"mime"
	"mime/multipart"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/go-telegram/bot/models"

	"github.com/qisai/qisai/commands"
	"github.com/qisai/qisai/storage"
)

// emulatorVersion is the telegram-test-api release the tests run.
const emulatorVersion = "4.2.1"

// emulator is a running telegram-test-api server on 127.0.0.1.
type emulator struct {
	url   string
	token string
	// patience is how long await waits (0: 15 s).
	patience time.Duration
}

// startEmulator installs telegram-test-api with npm (once, into the user's
// cache directory; installEmulator) and runs it with node; it skips t when
// either is missing or the install fails (no network).
func startEmulator(t *testing.T) *emulator {
	t.Helper()
	for _, tool := range []string{"node", "npm"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("skipping the Telegram emulator test: %s is not installed (it runs the npm package telegram-test-api)", tool)
		}
	}
	cache, err := os.UserCacheDir()
	if err != nil {
		cache = os.TempDir()
	}
	// A folder of its own: older tests installed into telegram-test-api@… in
	// place, and may still be doing so beside this one.
	dir := filepath.Join(cache, "qisai", "emulator", "telegram-test-api@"+emulatorVersion)
	pkg, err := installEmulator(dir)
	if err != nil {
		t.Skipf("skipping the Telegram emulator test: %v", err)
	}
	port := freePort(t)
	script := `const S = require(process.argv[1]);
const s = new S({host: '127.0.0.1', port: Number(process.argv[2]), storeTimeout: 3600});
s.start().then(() => console.log('ready'));
process.stdin.on('end', () => s.stop().then(() => process.exit(0)));
process.stdin.resume();`
	cmd := exec.Command("node", "-e", script, pkg, strconv.Itoa(port))
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatalf("start the emulator: %v", err)
	}
	t.Cleanup(func() {
		stdin.Close() // the script stops the server when its input ends
		done := make(chan struct{})
		go func() { cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			cmd.Process.Kill()
			<-done
		}
	})
	ready := make(chan bool, 1)
	go func() {
		line, _ := bufio.NewReader(stdout).ReadString('\n')
		ready <- strings.TrimSpace(line) == "ready"
		io.Copy(io.Discard, stdout)
	}()
	select {
	case ok := <-ready:
		if !ok {
			t.Fatalf("the emulator did not start:\n%s", stderr.String())
		}
	case <-time.After(20 * time.Second):
		t.Fatalf("the emulator did not start in 20 s:\n%s", stderr.String())
	}
	return &emulator{url: fmt.Sprintf("http://127.0.0.1:%d", port), token: "12345:test-token"}
}

// installed marks an install of the emulator that is complete: it is
// written, after node has loaded the package, into a fresh directory that
// is then renamed into place, so that the folder exists whole or not at
// all. Test processes run at once (go test ./... runs packages in
// parallel) or an install cut short left half a tree before: "Cannot find
// module …/form-data/package.json".
const installed = ".qisai-complete"

// installEmulator returns the path of the telegram-test-api package in
// dir, installing it there first when dir holds no complete install: into
// a temporary directory beside dir, checked by loading the package with
// node, marked complete and renamed into place. When another process
// renamed its install first, that one is used.
func installEmulator(dir string) (string, error) {
	pkg := filepath.Join(dir, "node_modules", "telegram-test-api")
	if _, err := os.Stat(filepath.Join(dir, installed)); err == nil {
		return pkg, nil
	}
	if err := os.MkdirAll(filepath.Dir(dir), 0o755); err != nil {
		return "", err
	}
	tmp, err := os.MkdirTemp(filepath.Dir(dir), ".install-*")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(tmp) // what is left of it when it did not become dir
	if err := os.Chmod(tmp, 0o755); err != nil {
		return "", err
	}
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	out, err := exec.CommandContext(ctx, "npm", "install", "--no-audit", "--no-fund", "--prefix", tmp,
		"telegram-test-api@"+emulatorVersion).CombinedOutput()
	if err != nil {
		return "", fmt.Errorf("npm install telegram-test-api@%s failed (no registry?): %v\n%s", emulatorVersion, err, out)
	}
	tmpPkg := filepath.Join(tmp, "node_modules", "telegram-test-api")
	if out, err := exec.CommandContext(ctx, "node", "-e", "require(process.argv[1])", tmpPkg).CombinedOutput(); err != nil {
		return "", fmt.Errorf("telegram-test-api@%s installed but does not load: %v\n%s", emulatorVersion, err, out)
	}
	if err := os.WriteFile(filepath.Join(tmp, installed), nil, 0o644); err != nil {
		return "", err
	}
	// A tree left without the mark (an install of an older test, cut
	// short) goes first; a complete one another process put there stays.
	if _, err := os.Stat(filepath.Join(dir, installed)); err != nil {
		old := tmp + ".old"
		if os.Rename(dir, old) == nil {
			defer os.RemoveAll(old)
		}
	}
	if err := os.Rename(tmp, dir); err != nil {
		if _, statErr := os.Stat(filepath.Join(dir, installed)); statErr != nil {
			return "", fmt.Errorf("put the emulator's install in place: %w", err)
		}
	}
	return pkg, nil
}

func freePort(t *testing.T) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

// post sends v as JSON to one of the emulator's client methods.
func (e *emulator) post(t *testing.T, method string, v any) json.RawMessage {
	t.Helper()
	body, _ := json.Marshal(v)
	resp, err := http.Post(e.url+"/"+method, "application/json", bytes.NewReader(body))
	if err != nil {
		t.Fatalf("emulator %s: %v", method, err)
	}
	defer resp.Body.Close()
	var r struct {
		OK     bool            `json:"ok"`
		Result json.RawMessage `json:"result"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&r); err != nil || !r.OK {
		t.Fatalf("emulator %s: ok=%v err=%v", method, r.OK, err)
	}
	return r.Result
}

// person is a Telegram user of the scenario.
type person struct {
	id   int64
	name string
	lang string
}

func (p person) user() map[string]any {
	return map[string]any{"id": p.id, "is_bot": false, "first_name": p.name, "language_code": p.lang}
}

// chat is a chat as updates carry it.
func chatJSON(id int64) map[string]any {
	if id > 0 {
		return map[string]any{"id": id, "type": "private"}
	}
	return map[string]any{"id": id, "type": "supergroup", "title": "象棋俱乐部"}
}

// say sends text from p in chat id, as Telegram would deliver it.
func (e *emulator) say(t *testing.T, p person, id int64, text string) {
	t.Helper()
	e.post(t, "sendMessage", map[string]any{
		"botToken": e.token, "from": p.user(), "chat": chatJSON(id),
		"date": time.Now().Unix(), "text": text,
	})
}

// press presses a button with data under message msg in chat id.
func (e *emulator) press(t *testing.T, p person, id int64, msg int, data string) {
	t.Helper()
	e.post(t, "sendCallback", map[string]any{
		"botToken": e.token, "from": p.user(), "data": data,
		"message": map[string]any{"chat": chatJSON(id), "message_id": msg},
	})
}

// sent is a message the bot sent.
type sent struct {
	ID      int
	Chat    string
	Text    string
	Buttons []models.InlineKeyboardButton
}

// button is m's button labelled label.
func (m sent) button(t *testing.T, label string) models.InlineKeyboardButton {
	t.Helper()
	for _, b := range m.Buttons {
		if b.Text == label {
			return b
		}
	}
	t.Fatalf("message %q has no button %q; it has %+v", m.Text, label, m.Buttons)
	return models.InlineKeyboardButton{}
}

// sent lists what the bot has sent so far, oldest first.
func (e *emulator) sent(t *testing.T) []sent {
	t.Helper()
	var items []struct {
		MessageID int `json:"messageId"`
		Message   struct {
			ChatID      any    `json:"chat_id"`
			Text        string `json:"text"`
			ReplyMarkup *struct {
				InlineKeyboard [][]models.InlineKeyboardButton `json:"inline_keyboard"`
			} `json:"reply_markup"`
		} `json:"message"`
	}
	if err := json.Unmarshal(e.post(t, "getUpdatesHistory", map[string]any{"token": e.token}), &items); err != nil {
		t.Fatal(err)
	}
	var out []sent
	for _, it := range items {
		if it.Message.ChatID == nil {
			continue // a user's update
		}
		s := sent{ID: it.MessageID, Chat: fmt.Sprint(it.Message.ChatID), Text: it.Message.Text}
		if rm := it.Message.ReplyMarkup; rm != nil {
			for _, row := range rm.InlineKeyboard {
				s.Buttons = append(s.Buttons, row...)
			}
		}
		out = append(out, s)
	}
	return out
}

// await waits until the bot has sent to chat id a message containing
// want, after the first skip messages it sent, and returns it and how
// many messages the bot had sent up to it.
func (e *emulator) await(t *testing.T, skip int, id int64, want string) (sent, int) {
	t.Helper()
	patience := e.patience
	if patience == 0 {
		// A guard against a bot that never answers, not a measure of its
		// speed: a loaded CI machine under -race may take many seconds.
		patience = 60 * time.Second
	}
	deadline := time.Now().Add(patience)
	for {
		ms := e.sent(t)
		for i := skip; i < len(ms); i++ {
			if ms[i].Chat == strconv.FormatInt(id, 10) && strings.Contains(ms[i].Text, want) {
				return ms[i], i + 1
			}
		}
		if time.Now().After(deadline) {
			var b strings.Builder
			for _, m := range ms {
				fmt.Fprintf(&b, "[%s] %s\n", m.Chat, m.Text)
			}
			t.Fatalf("the bot sent chat %d no message with %q in %v; it sent:\n%s", id, want, patience, b.String())
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// transport adapts go-telegram/bot's requests to the emulator, and plays
// the parts of Telegram the emulator lacks. It is the test's, never the
// adapter's:
//   - the emulator parses JSON and urlencoded bodies, not the multipart
//     ones the client sends: bodies are re-encoded as urlencoded;
//   - its bot is called TestNameBot: getMe answers qisai_bot here;
//   - it has no setMyCommands: the menus are recorded and answered here,
//     by scope and language; nor editMessageReplyMarkup: the messages
//     whose buttons are removed are recorded; nor pictures and files
//     (sendMediaGroup, sendPhoto, sendDocument): counted and answered here
//     where media is set;
//   - it lets a bot write to any user: sendMessage to a user in blocked
//     answers 403, as Telegram does for users who never started the bot;
//   - it answers getUpdates at once instead of holding a long poll: an
//     empty answer is delayed a little, so the client does not spin.
type transport struct {
	mu        sync.Mutex
	menus     map[string][]models.BotCommand // by scope type "/" language_code
	blocked   map[string]bool                // chat ids
	callbacks int                            // answerCallbackQuery calls
	unbutton  []string                       // "chat/message" of each editMessageReplyMarkup
	// media counts, by chat id, the messages of pictures and files the
	// emulator does not keep (sendMediaGroup, sendPhoto, sendDocument):
	// they are answered here. Nil: they go to the emulator, which refuses
	// them.
	media map[string]int
	next  int // the message ids answered here
}

func (tr *transport) RoundTrip(r *http.Request) (*http.Response, error) {
	if r.Header.Get("Content-Type") == "application/json" {
		return tr.poll(r) // qisai's own getUpdates (poll.go)
	}
	if path.Base(r.URL.Path) == "getMe" {
		// The emulator's bot is TestNameBot, and its empty form the
		// client sends no body for: the scenario's bot is qisai_bot.
		return answer(r, meAnswer), nil
	}
	form, err := multipartValues(r)
	if err != nil {
		return nil, err
	}
	tr.mu.Lock()
	method := path.Base(r.URL.Path)
	switch method {
	case "setMyCommands":
		var cmds []models.BotCommand
		if err := json.Unmarshal([]byte(form.Get("commands")), &cmds); err != nil {
			tr.mu.Unlock()
			return nil, fmt.Errorf("setMyCommands: commands: %w", err)
		}
		var scope struct{ Type string }
		if err := json.Unmarshal([]byte(form.Get("scope")), &scope); err != nil {
			tr.mu.Unlock()
			return nil, fmt.Errorf("setMyCommands: scope %q: %w", form.Get("scope"), err)
		}
		tr.menus[scope.Type+"/"+form.Get("language_code")] = cmds
		tr.mu.Unlock()
		return answer(r, `{"ok":true,"result":true}`), nil
	case "editMessageReplyMarkup":
		if form.Get("reply_markup") != "" {
			tr.mu.Unlock()
			return nil, fmt.Errorf("editMessageReplyMarkup: a new keyboard %q, want none", form.Get("reply_markup"))
		}
		tr.unbutton = append(tr.unbutton, form.Get("chat_id")+"/"+form.Get("message_id"))
		tr.mu.Unlock()
		return answer(r, `{"ok":true,"result":true}`), nil
	case "sendMessage":
		if tr.blocked[form.Get("chat_id")] {
			tr.mu.Unlock()
			return answer(r, `{"ok":false,"error_code":403,"description":"Forbidden: bot can't initiate conversation with a user"}`), nil
		}
	case "answerCallbackQuery":
		tr.callbacks++
	case "sendMediaGroup", "sendPhoto", "sendDocument":
		if tr.media != nil {
			tr.media[form.Get("chat_id")]++
			tr.next++
			id := 900000 + tr.next
			tr.mu.Unlock()
			if method == "sendMediaGroup" {
				return answer(r, fmt.Sprintf(`{"ok":true,"result":[{"message_id":%d,"date":0,"chat":{"id":%s,"type":"supergroup"}}]}`, id, form.Get("chat_id"))), nil
			}
			return answer(r, fmt.Sprintf(`{"ok":true,"result":{"message_id":%d,"date":0,"chat":{"id":%s,"type":"supergroup"}}}`, id, form.Get("chat_id"))), nil
		}
	}
	tr.mu.Unlock()
	body := form.Encode()
	r = r.Clone(r.Context())
	r.Body = io.NopCloser(strings.NewReader(body))
	r.ContentLength = int64(len(body))
	r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	return http.DefaultTransport.RoundTrip(r)
}

// poll passes a getUpdates on, which the emulator reads as JSON, and
// delays an empty answer a little.
func (tr *transport) poll(r *http.Request) (*http.Response, error) {
	resp, err := http.DefaultTransport.RoundTrip(r)
	if err != nil {
		return nil, err
	}
	b, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err != nil {
		return nil, err
	}
	if bytes.Contains(b, []byte(`"result":[]`)) {
		time.Sleep(20 * time.Millisecond)
	}
	resp.Body = io.NopCloser(bytes.NewReader(b))
	return resp, nil
}

// multipartValues reads the fields of a multipart/form-data request.
func multipartValues(r *http.Request) (url.Values, error) {
	_, params, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if err != nil {
		return nil, fmt.Errorf("request to %s: content type: %w", path.Base(r.URL.Path), err)
	}
	form, err := multipart.NewReader(r.Body, params["boundary"]).ReadForm(1 << 20)
	r.Body.Close()
	if err != nil {
		return nil, fmt.Errorf("request to %s: multipart body: %w", path.Base(r.URL.Path), err)
	}
	return url.Values(form.Value), nil
}

// answer is a Bot API answer to r.
func answer(r *http.Request, body string) *http.Response {
	return &http.Response{
		StatusCode: http.StatusOK, Status: "200 OK", Proto: "HTTP/1.1", ProtoMajor: 1, ProtoMinor: 1,
		Header:  http.Header{"Content-Type": {"application/json"}},
		Body:    io.NopCloser(strings.NewReader(body)),
		Request: r, ContentLength: int64(len(body)),
	}
}

// runEmulated runs a and delivers store's outbox through a's sender with o
// until the test ends (cancel), then closes store.
func runEmulated(t *testing.T, ctx context.Context, cancel context.CancelFunc, a *Adapter, store *storage.Store, o storage.DeliverOptions) {
	var wg sync.WaitGroup
	t.Cleanup(func() { cancel(); wg.Wait(); store.Close() })
	wg.Add(2)
	go func() {
		defer wg.Done()
		if err := a.Run(ctx); err != nil {
			t.Errorf("run: %v", err)
		}
	}()
	go func() {
		defer wg.Done()
		if err := store.Deliver(ctx, "telegram-test", a.Sender(), o); err != nil {
			t.Errorf("deliver: %v", err)
		}
	}()
}

// meAnswer is getMe's answer: the bot of the tests is qisai_bot.
const meAnswer = `{"ok":true,"result":{"id":666,"is_bot":true,"first_name":"qisai","username":"qisai_bot"}}`

// TestEmulatorScenario runs the adapter against the telegram-test-api
// emulator, the scenario: the real client long-polls it, 8 users
// join in a group, the organiser starts and pairs, players report in the
// group and their opponents confirm with the buttons the bot sent them
// privately, and the round's standings arrive in the group. The test
// sends what Telegram would deliver and reads what the bot sent.
func TestEmulatorScenario(t *testing.T) {
	emu := startEmulator(t)
	ctx, cancel := context.WithCancel(context.Background())
	store, err := storage.Open(ctx, filepath.Join(t.TempDir(), "qisai.db"))
	if err != nil {
		t.Fatal(err)
	}
	svc := commands.New(store, commands.WithPublicURL("https://qisai.example.org"))
	const group = -1001234
	org := person{100, "王芳", "zh"}
	players := []person{{101, "张三", "zh"}, {102, "李四", "zh"}, {103, "王五", "zh"}, {104, "Ann", "en"},
		{105, "赵六", "zh"}, {106, "孙七", "zh"}, {107, "周八", "zh"}, {108, "吴九", "zh"}}
	tr := &transport{menus: map[string][]models.BotCommand{}, blocked: map[string]bool{"100": true}}
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	a, err := New(svc, emu.token, WithServerURL(emu.url+"/"), WithHTTPClient(&http.Client{Transport: tr}), WithLogger(log))
	if err != nil {
		t.Fatal(err)
	}
	runEmulated(t, ctx, cancel, a, store, storage.DeliverOptions{Poll: 20 * time.Millisecond})

	emu.say(t, org, group, "/event new 周末快棋赛")
	_, at := emu.await(t, 0, group, "已创建比赛「周末快棋赛」")
	emu.say(t, org, group, "/signup open")
	_, at = emu.await(t, at, group, "报名已开放")
	for i, p := range players {
		cmd := "/join " + p.name
		if i == 0 {
			cmd = "/join@qisai_bot " + p.name // as a group's menu sends it
		}
		emu.say(t, p, group, cmd)
	}
	// Replies keep the order the commands were sent in.
	for _, p := range players {
		want := "报名成功：" + p.name
		if p.lang == "en" {
			want = p.name // Ann's phone speaks English
		}
		_, at = emu.await(t, at, group, want)
	}
	emu.say(t, org, group, "/start")
	_, at = emu.await(t, at, group, "开赛！")

	// The preview is private; 王芳 has not started the bot yet.
	emu.say(t, org, group, "/pair")
	_, at = emu.await(t, at, group, "王芳：我还不能私信你")
	tr.mu.Lock()
	delete(tr.blocked, "100") // 王芳 opens the private chat and presses Start
	tr.mu.Unlock()
	emu.say(t, org, org.id, "/start")
	emu.say(t, org, group, "/pair")
	_, at = emu.await(t, at, org.id, "第1轮编排预览")
	published := at
	emu.say(t, org, group, "/publish")
	// The reply is the group's pairings; the outbox has each board's
	// players told privately, in whatever order the chats' turns come.
	// The pairings carry a link to the live page.
	pairings, at := emu.await(t, at, group, "第1轮对阵")
	if u := pairings.button(t, "实时网页").URL; !strings.HasPrefix(u, "https://qisai.example.org/e/") {
		t.Errorf("the pairings' link is %q, want the live page", u)
	}
	last := at
	var reds, blacks []person
	notes := map[int64]sent{}
	for _, p := range players {
		want, red := "第 1 轮：你在", "执红"
		if p.lang == "en" {
			want, red = "Round 1: you play", "with red"
		}
		m, i := emu.await(t, published, p.id, want)
		last = max(last, i)
		notes[p.id] = m
		if strings.Contains(m.Text, red) {
			reds = append(reds, p)
		} else {
			blacks = append(blacks, p)
		}
	}
	if len(reds) != len(players)/2 {
		t.Fatalf("%d of %d players play red; want half", len(reds), len(players))
	}

	// A button pressed in the group runs its command as the presser's;
	// /me answers privately.
	emu.press(t, players[0], group, 1, "/me")
	emu.await(t, last, players[0].id, "积分 0")

	// Red wins every board: the first red player taps 我胜 under the round's
	// note, the others report in the group, and each opponent presses
	// Confirm under the question the bot sent privately.
	for i, p := range reds {
		if i == 0 {
			won := "我胜"
			if p.lang == "en" {
				won = "I won"
			}
			emu.press(t, p, p.id, notes[p.id].ID, notes[p.id].button(t, won).CallbackData)
			continue
		}
		emu.say(t, p, group, "/report win")
	}
	type pressed struct {
		p    person
		msg  int
		data string
	}
	var stale []pressed // the confirm buttons, used
	for _, p := range blacks {
		ask, yes, done := "确认吗？", "确认", "已确认"
		if p.lang == "en" {
			ask, yes, done = "Do you confirm?", "Confirm", "Confirmed"
		}
		m, _ := emu.await(t, last, p.id, ask)
		emu.press(t, p, p.id, m.ID, m.button(t, yes).CallbackData)
		emu.await(t, last, p.id, done)
		stale = append(stale, pressed{p, m.ID, m.button(t, yes).CallbackData})
	}
	// The last confirmation completes the round, announced in the event's
	// language (its Chinese organiser's) whoever sent it.
	standings, at := emu.await(t, last, group, "第 1 轮全部结束")
	// A button pressed again, after its result is in, changes nothing and
	// says so in the presser's language.
	again, gone := stale[0], "这个按钮已失效：结果已经确定"
	if again.p.lang == "en" {
		gone = "That button no longer applies: the result is in"
	}
	emu.press(t, again.p, again.p.id, again.msg, again.data)
	emu.await(t, at, again.p.id, gone)
	for _, w := range reds {
		for _, l := range blacks {
			if i, j := strings.Index(standings.Text, w.name), strings.Index(standings.Text, l.name); i < 0 || j < 0 || i > j {
				t.Errorf("standings: winner %s at %d, loser %s at %d; want both, the winner first:\n%s", w.name, i, l.name, j, standings.Text)
			}
		}
	}

	tr.mu.Lock()
	defer tr.mu.Unlock()
	if want := 3 + len(blacks); tr.callbacks != want {
		t.Errorf("answerCallbackQuery called %d times; want %d (/me, 我胜, each confirmation, the stale press)", tr.callbacks, want)
	}
	for _, lang := range []string{"", "zh", "en"} {
		if g := tr.menus["all_group_chats/"+lang]; !hasCommand(g, "event") || !hasCommand(g, "join") {
			t.Errorf("group menu %q = %v; want event and join", lang, g)
		}
		if p := tr.menus["all_private_chats/"+lang]; !hasCommand(p, "report") || !hasCommand(p, "start") || hasCommand(p, "event") || hasCommand(p, "join") {
			t.Errorf("private menu %q = %v; want report and start, not event or join", lang, p)
		}
	}
	// Each confirmation's buttons were removed once used, and 我胜's.
	if len(tr.unbutton) != len(blacks)+2 {
		t.Errorf("buttons removed from %v; want the %d confirmations' messages, 我胜's and the stale press's", tr.unbutton, len(blacks))
	}
}

func hasCommand(cmds []models.BotCommand, name string) bool {
	for _, c := range cmds {
		if c.Command == name {
			return true
		}
	}
	return false
}
