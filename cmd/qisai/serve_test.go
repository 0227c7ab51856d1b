package main

import (
	"bytes"
	"crypto/ed25519"
	"encoding/hex"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestServe runs qisai serve as a process with a Discord interactions
// endpoint (no token: nothing to send) and checks what a deployment sees:
// /healthz answers, a signed PING gets a PONG and a badly signed one a 401,
// and SIGTERM stops it cleanly. (The config's log line hides tokens: ops
// tests that.)
func TestServe(t *testing.T) {
	if testing.Short() {
		t.Skip("runs a server process; skipped with -short")
	}
	pub, priv, err := ed25519.GenerateKey(nil)
	if err != nil {
		t.Fatal(err)
	}
	port := freePort(t)
	dir := t.TempDir()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe, "-test.run=^TestMainProcess$", "-test.count=1")
	cmd.Dir = dir
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "QISAI_") {
			cmd.Env = append(cmd.Env, kv)
		}
	}
	cmd.Env = append(cmd.Env, mainArgsEnv+"=serve",
		"QISAI_DISCORD_PUBLIC_KEY="+hex.EncodeToString(pub),
		"QISAI_DISCORD_APP_ID=1234567890",
		"QISAI_LISTEN=127.0.0.1:"+strconv.Itoa(port),
		"QISAI_DATABASE_URL="+filepath.Join(dir, "qisai.db"))
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
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
