package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// feishuAPI is a Feishu-like open platform: it grants a tenant token for
// the test app and keeps the messages sent.
type feishuAPI struct {
	mu   sync.Mutex
	sent []string // receive_id and content
}

func (f *feishuAPI) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "application/json")
	switch r.URL.Path {
	case "/open-apis/auth/v3/tenant_access_token/internal":
		io.WriteString(w, `{"code":0,"msg":"ok","tenant_access_token":"t-serve","expire":7200}`)
	case "/open-apis/im/v1/messages":
		var in struct {
			ReceiveID string `json:"receive_id"`
			Content   string `json:"content"`
		}
		json.NewDecoder(r.Body).Decode(&in)
		f.mu.Lock()
		f.sent = append(f.sent, in.ReceiveID+" "+in.Content)
		n := len(f.sent)
		f.mu.Unlock()
		fmt.Fprintf(w, `{"code":0,"data":{"message_id":"om_%d"}}`, n)
	default:
		w.WriteHeader(http.StatusBadRequest)
		io.WriteString(w, `{"code":41050,"msg":"no authority"}`)
	}
}

// TestServeFeishu: qisai serve with Feishu alone, its events at the HTTP
// callback on QISAI_LISTEN: the console's url_verification is answered,
// an event carrying the verification token runs and its reply reaches the
// group through QISAI_FEISHU_API_URL, /healthz and /metrics say Feishu is
// reached, and SIGTERM stops it cleanly.
func TestServeFeishu(t *testing.T) {
	if testing.Short() {
		t.Skip("runs a server process; skipped with -short")
	}
	api := &feishuAPI{}
	open := httptest.NewServer(api)
	defer open.Close()
	port := freePort(t)
	cmd, out, errOut := startServe(t, port,
		"QISAI_FEISHU_APP_ID=cli_serve0001",
		"QISAI_FEISHU_APP_SECRET=serve-secret",
		"QISAI_FEISHU_VERIFICATION_TOKEN=serve-token",
		"QISAI_FEISHU_API_URL="+open.URL)
	base := fmt.Sprintf("http://127.0.0.1:%d", port)
	for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		resp, err := http.Get(base + "/metrics")
		if err == nil {
			b, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if strings.Contains(string(b), `qisai_platform_up{platform="feishu"} 1`) {
				break
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("Feishu never reached:\n%s%s", out.String(), errOut.String())
		}
	}
	post := func(body string) (int, string) {
		resp, err := http.Post(base+"/feishu/events", "application/json", strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var b bytes.Buffer
		b.ReadFrom(resp.Body)
		return resp.StatusCode, b.String()
	}
	if code, body := post(`{"challenge":"ch-1","token":"serve-token","type":"url_verification"}`); code != http.StatusOK || !strings.Contains(body, "ch-1") {
		t.Errorf("url_verification: %d %s; want 200 and the challenge", code, body)
	}
	event := `{"schema":"2.0","header":{"event_id":"ev-1","event_type":"im.message.receive_v1","token":"serve-token","app_id":"cli_serve0001"},` +
		`"event":{"sender":{"sender_id":{"open_id":"ou_wang"},"sender_type":"user"},"message":{"message_id":"om_in_1","chat_id":"oc_club",` +
		`"chat_type":"group","message_type":"text","content":"{\"text\":\"/event new 春季赛\"}"}}}`
	if code, body := post(event); code != http.StatusOK {
		t.Fatalf("an event with the token: %d %s; want 200", code, body)
	}
	for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		api.mu.Lock()
		got := strings.Join(api.sent, "\n")
		api.mu.Unlock()
		if strings.Contains(got, "oc_club") && strings.Contains(got, "已创建比赛") {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the group never heard the event created; sent:\n%s\n%s", got, errOut.String())
		}
	}
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	if err := cmd.Wait(); err != nil {
		t.Errorf("after SIGTERM: %v\n%s", err, errOut.String())
	}
}
