package main

import (
	"bytes"
	"crypto/ed25519"
	"encoding/hex"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// TestServe runs qisai serve as a process with a Discord interactions
// endpoint, its REST API a test server reached through the configured
// QISAI_DISCORD_API_URL (issue 9 item 11: it was never used), and checks
// what a deployment sees: /healthz answers, the slash commands are
// registered through that URL even though its first answer is a 429, a
// signed PING gets a PONG and a badly signed one a 401, a command is
// deferred and its response edited after, a long reply goes
// to the channel through the outbox's Discord delivery and that URL, /metrics counts the command, and
// SIGTERM stops it cleanly. (The config's log line hides tokens: ops
// tests that.)
func TestServe(t *testing.T) {
	if testing.Short() {
		t.Skip("runs a server process; skipped with -short")
	}
	pub, priv, err := ed25519.GenerateKey(nil)
	if err != nil {
		t.Fatal(err)
	}
	api := &discordAPI{limited: 1}
	rest := httptest.NewServer(http.StripPrefix("/discord", api))
	defer rest.Close()
	port := freePort(t)
	cmd, out, errOut := startServe(t, port,
		"QISAI_DISCORD_PUBLIC_KEY="+hex.EncodeToString(pub),
		"QISAI_DISCORD_TOKEN=test-token",
		"QISAI_DISCORD_API_URL="+rest.URL+"/discord",
		"QISAI_DISCORD_APP_ID=1234567890")
	base := fmt.Sprintf("http://127.0.0.1:%d", port)
	deadline := time.Now().Add(20 * time.Second)
	for {
		resp, err := http.Get(base + "/healthz")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode != http.StatusOK {
				t.Fatalf("/healthz: %s", resp.Status)
			}
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the server never answered: %v\n%s%s", err, out.String(), errOut.String())
		}
		time.Sleep(50 * time.Millisecond)
	}
	ping := []byte(`{"type":1}`)
	if code, body := interaction(t, base, priv, ping); code != http.StatusOK || !strings.Contains(body, `"type":1`) {
		t.Errorf("signed PING: %d %s, want 200 and a PONG", code, body)
	}
	_, other, _ := ed25519.GenerateKey(nil)
	if code, _ := interaction(t, base, other, ping); code != http.StatusUnauthorized {
		t.Errorf("PING signed by another key: %d, want 401", code)
	}
	if got := api.wait(t, "PUT /api/v10/applications/1234567890/commands", 2); got != 2 {
		t.Errorf("slash commands registered %d times through QISAI_DISCORD_API_URL, want twice: the 429'd call and its retry", got)
	}
	// slash is an interaction of command name in channel with options
	// (JSON); its token is "tok" and its id.
	slash := func(id, channel, name, options string) []byte {
		return []byte(`{"type":2,"id":"` + id + `","application_id":"1234567890","token":"tok` + id + `","channel_id":"` + channel + `","guild_id":"G1",` +
			`"member":{"user":{"id":"333","username":"ann"}},"locale":"en-US","data":{"id":"D1","name":"` + name + `","type":1,"options":[` + options + `]}}`)
	}
	// answer posts a slash command, which is deferred privately at once,
	// and returns what its response was edited to.
	answer := func(id, channel, name, options string) string {
		t.Helper()
		code, body := interaction(t, base, priv, slash(id, channel, name, options))
		if code != http.StatusOK || !strings.Contains(body, `"type":5`) || !strings.Contains(body, `"flags":64`) {
			t.Errorf("signed /%s: %d %s, want 200 and a private deferral (type 5, flags 64)", name, code, body)
		}
		edit := "PATCH /api/v10/webhooks/1234567890/tok" + id + "/messages/@original"
		if api.wait(t, edit, 1) < 1 {
			t.Errorf("the deferred /%s's response was not edited", name)
		}
		return api.body(edit)
	}
	if said := answer("I1", "C1", "help", ""); !strings.Contains(said, "follows here") {
		t.Errorf("/help's response edited to %q, want the note that the answer follows in the channel", said)
	}
	if api.wait(t, "POST /api/v10/channels/C1/messages", 1) < 1 {
		t.Error("/help did not reach channel C1 through the outbox and QISAI_DISCORD_API_URL")
	}
	// Channel C2 follows C1's event too (/link): what a command says in
	// C1 reaches C2 through the outbox and QISAI_DISCORD_API_URL.
	answer("I2", "C1", "event", `{"name":"new","type":1,"options":[{"name":"name","type":3,"value":"Spring"}]}`)
	linkCode := regexp.MustCompile(`[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}`).FindString(answer("I3", "C1", "link", ""))
	if linkCode == "" {
		t.Fatalf("/link gave no code")
	}
	answer("I4", "C2", "link", `{"name":"code","type":3,"value":"`+linkCode+`"}`)
	if said := answer("I5", "C1", "signup", `{"name":"state","type":3,"value":"open"}`); !strings.Contains(said, "announcement follows") {
		t.Errorf("/signup's response edited to %q, want the private note that the announcement follows", said)
	}
	if api.wait(t, "POST /api/v10/channels/C1/messages", 4) < 4 || api.wait(t, "POST /api/v10/channels/C2/messages", 2) < 2 {
		t.Error("the sign-up's announcement did not reach channels C1 and C2 through the outbox and QISAI_DISCORD_API_URL")
	}
	resp, err := http.Get(base + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	metrics, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if !strings.Contains(string(metrics), `qisai_commands_total{result="ok"} 5`) {
		t.Errorf("/metrics does not count the five commands:\n%s", metrics)
	}
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	if err := cmd.Wait(); err != nil {
		t.Errorf("after SIGTERM: %v\n%s", err, errOut.String())
	}
	if log := out.String(); !strings.Contains(log, `"msg":"starting"`) || !strings.Contains(log, `"msg":"stopped"`) {
		t.Errorf("the JSON log lacks its start or its clean stop:\n%s\nstderr:\n%s", log, errOut.String())
	}
}

// output is what a process writes, read while it runs.
type output struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (o *output) Write(p []byte) (int, error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.b.Write(p)
}

func (o *output) String() string {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.b.String()
}

// startServe starts qisai serve listening on port, with a database of
// its own and env, in an environment without qisai's other variables
// (QISAI_…); it is killed when the test ends. out and errOut are what it
// writes.
func startServe(t *testing.T, port int, env ...string) (cmd *exec.Cmd, out, errOut *output) {
	t.Helper()
	dir := t.TempDir()
	cmd = mainCmd(t, dir, "serve")
	cmd.Env = append(cmd.Env, "QISAI_LISTEN=127.0.0.1:"+strconv.Itoa(port),
		"QISAI_DATABASE_URL="+filepath.Join(dir, "qisai.db"))
	cmd.Env = append(cmd.Env, env...)
	out, errOut = &output{}, &output{}
	cmd.Stdout, cmd.Stderr = out, errOut
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill() })
	return cmd, out, errOut
}

// interaction posts body to the Discord endpoint signed by key.
func interaction(t *testing.T, base string, key ed25519.PrivateKey, body []byte) (int, string) {
	t.Helper()
	ts := strconv.FormatInt(time.Now().Unix(), 10)
	req, err := http.NewRequest(http.MethodPost, base+"/discord/interactions", bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("X-Signature-Ed25519", hex.EncodeToString(ed25519.Sign(key, append([]byte(ts), body...))))
	req.Header.Set("X-Signature-Timestamp", ts)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var b bytes.Buffer
	b.ReadFrom(resp.Body)
	return resp.StatusCode, b.String()
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

// discordAPI is a Discord-like REST server: it answers 429 to its first
// limited requests and 502 to its first down ones (all of them with down
// below 0), then 200 with an empty object, and counts the requests by
// method and path, keeping the last body of each.
type discordAPI struct {
	mu      sync.Mutex
	limited int
	down    int
	calls   map[string]int
	bodies  map[string]string // the last body of each call
}

func (d *discordAPI) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	d.mu.Lock()
	if d.calls == nil {
		d.calls, d.bodies = map[string]int{}, map[string]string{}
	}
	d.calls[r.Method+" "+r.URL.Path]++
	d.bodies[r.Method+" "+r.URL.Path] = string(body)
	limited, down := d.limited > 0, d.down != 0
	d.limited--
	if d.down > 0 {
		d.down--
	}
	d.mu.Unlock()
	w.Header().Set("Content-Type", "application/json")
	if down {
		w.WriteHeader(http.StatusBadGateway)
		io.WriteString(w, `{"message":"502: Bad Gateway","code":0}`)
		return
	}
	if limited {
		w.WriteHeader(http.StatusTooManyRequests)
		io.WriteString(w, `{"message":"You are being rate limited.","retry_after":0.05,"global":false}`)
		return
	}
	if r.Method == http.MethodPut {
		io.WriteString(w, "[]")
		return
	}
	io.WriteString(w, `{"id":"M1","channel_id":"C1"}`)
}

// body is the last body of call ("METHOD /path").
func (d *discordAPI) body(call string) string {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.bodies[call]
}

// wait waits up to 10 s for n requests to call ("METHOD /path") and
// returns how many came.
func (d *discordAPI) wait(t *testing.T, call string, n int) int {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		d.mu.Lock()
		got := d.calls[call]
		d.mu.Unlock()
		if got >= n || time.Now().After(deadline) {
			return got
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestServeDiscordDown: Discord answering 502 when qisai serve starts
// does not stop it. Over the gateway (its address asked of an API that
// answers 502 to everything) the service runs on: /healthz answers 200
// and names Discord degraded, /metrics has qisai_platform_up 0, the
// events' pages answer. At the HTTP endpoint, whose status is the slash
// commands' registration, /healthz says ok again once Discord answers.
func TestServeDiscordDown(t *testing.T) {
	if testing.Short() {
		t.Skip("runs server processes; skipped with -short")
	}
	pub, _, err := ed25519.GenerateKey(nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name    string
		down    int // 502s, each try of discordgo 4 (it tries a 502 again itself); -1: always
		env     []string
		healthy bool // once Discord answers
	}{
		{"gateway", -1, nil, false},
		{"endpoint", 10, []string{"QISAI_DISCORD_PUBLIC_KEY=" + hex.EncodeToString(pub)}, true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			api := &discordAPI{down: tt.down}
			rest := httptest.NewServer(api)
			defer rest.Close()
			port := freePort(t)
			cmd, out, errOut := startServe(t, port, append(tt.env, "QISAI_DISCORD_TOKEN=test-token",
				"QISAI_DISCORD_APP_ID=1234567890", "QISAI_DISCORD_API_URL="+rest.URL)...)
			exited := make(chan error, 1)
			go func() { exited <- cmd.Wait() }()
			base := fmt.Sprintf("http://127.0.0.1:%d", port)
			health := func() (int, string) {
				resp, err := http.Get(base + "/healthz")
				if err != nil {
					return 0, err.Error()
				}
				defer resp.Body.Close()
				b, _ := io.ReadAll(resp.Body)
				return resp.StatusCode, string(b)
			}
			await := func(what string, ok func(code int, body string) bool) {
				t.Helper()
				for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(50 * time.Millisecond) {
					select {
					case err := <-exited:
						t.Fatalf("qisai serve exited (%v) with Discord down:\n%s%s", err, out.String(), errOut.String())
					default:
					}
					code, body := health()
					if ok(code, body) {
						return
					}
					if time.Now().After(deadline) {
						t.Fatalf("/healthz never said %s: %d %q\n%s", what, code, body, out.String())
					}
				}
			}
			await("Discord degraded", func(code int, body string) bool {
				return code == http.StatusOK && strings.HasPrefix(body, "ok\n") && strings.Contains(body, "degraded: discord: ") &&
					strings.Contains(body, "502")
			})
			if tt.healthy {
				await("ok once Discord answers", func(code int, body string) bool { return code == http.StatusOK && body == "ok\n" })
			} else {
				resp, err := http.Get(base + "/metrics")
				if err != nil {
					t.Fatal(err)
				}
				metrics, _ := io.ReadAll(resp.Body)
				resp.Body.Close()
				if want := `qisai_platform_up{platform="discord"} 0`; !strings.Contains(string(metrics), want) {
					t.Errorf("/metrics lacks %s", want)
				}
				if resp, err := http.Get(base + "/e/no-such-page"); err != nil || resp.StatusCode != http.StatusNotFound {
					t.Errorf("an event's page with Discord down: %v %v; want its 404", resp.Status, err)
				} else {
					resp.Body.Close()
				}
			}
			if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
				t.Fatal(err)
			}
			select {
			case err := <-exited:
				exited <- err
				if err != nil {
					t.Errorf("after SIGTERM: %v\n%s", err, errOut.String())
				}
			case <-time.After(20 * time.Second):
				t.Fatalf("qisai serve did not stop in 20 s after SIGTERM:\n%s", out.String())
			}
		})
	}
}

// TestServeDegraded: qisai serve starts while neither platform is reached
// — Telegram refuses the connection, Discord's gateway answers 503 — and
// does not exit: /healthz answers 200 naming both as degraded, /metrics
// has them down, and SIGTERM stops it cleanly.
func TestServeDegraded(t *testing.T) {
	if testing.Short() {
		t.Skip("runs a server process; skipped with -short")
	}
	down := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, `{"message":"unavailable","code":0}`, http.StatusServiceUnavailable)
	}))
	defer down.Close()
	refused := freePort(t) // nothing listens there
	port := freePort(t)
	cmd, out, errOut := startServe(t, port,
		"QISAI_TELEGRAM_TOKEN=42:test-token",
		"QISAI_TELEGRAM_API_URL=http://127.0.0.1:"+strconv.Itoa(refused),
		"QISAI_DISCORD_TOKEN=test-token",
		"QISAI_DISCORD_API_URL="+down.URL,
		"QISAI_DISCORD_APP_ID=1234567890")
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	base := fmt.Sprintf("http://127.0.0.1:%d", port)
	var health string
	for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		select {
		case err := <-exited:
			t.Fatalf("qisai serve exited (%v) with no platform reached:\n%s%s", err, out.String(), errOut.String())
		default:
		}
		resp, err := http.Get(base + "/healthz")
		if err == nil {
			b, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			health = string(b)
			if resp.StatusCode != http.StatusOK {
				t.Fatalf("/healthz: %s %s", resp.Status, health)
			}
			if strings.Contains(health, "degraded: telegram: ") && strings.Contains(health, "degraded: discord: ") &&
				!strings.Contains(health, "connecting") {
				break
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("/healthz never named both platforms degraded: %q\n%s", health, out.String())
		}
	}
	resp, err := http.Get(base + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	metrics, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	for _, p := range []string{"telegram", "discord"} {
		if want := `qisai_platform_up{platform="` + p + `"} 0`; !strings.Contains(string(metrics), want) {
			t.Errorf("/metrics lacks %s", want)
		}
	}
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	select {
	case err := <-exited:
		if err != nil {
			t.Errorf("after SIGTERM: %v\n%s", err, errOut.String())
		}
	case <-time.After(20 * time.Second):
		t.Fatalf("qisai serve did not stop in 20 s after SIGTERM:\n%s", out.String())
	}
}
