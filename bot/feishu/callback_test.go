package feishu

import (
	"bytes"
	"crypto/aes"
	"crypto/cipher"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"
)

const (
	verificationToken = "v-token-of-the-console"
	encryptKey        = "encrypt-key-of-the-console"
)

// encrypt is Feishu's encryption of an event, written here from the
// platform's description rather than taken from the SDK: AES-256-CBC
// under the SHA-256 of the encrypt key, PKCS#7 padding, a random IV
// before the cipher text, all in base64, as {"encrypt": …}.
func encrypt(t *testing.T, plain []byte) []byte {
	key := sha256.Sum256([]byte(encryptKey))
	block, err := aes.NewCipher(key[:])
	if err != nil {
		t.Fatal(err)
	}
	pad := aes.BlockSize - len(plain)%aes.BlockSize
	plain = append(plain, bytes.Repeat([]byte{byte(pad)}, pad)...)
	out := make([]byte, aes.BlockSize+len(plain))
	if _, err := rand.Read(out[:aes.BlockSize]); err != nil {
		t.Fatal(err)
	}
	cipher.NewCBCEncrypter(block, out[:aes.BlockSize]).CryptBlocks(out[aes.BlockSize:], plain)
	body, _ := json.Marshal(map[string]string{"encrypt": base64.StdEncoding.EncodeToString(out)})
	return body
}

// deliver sends body to the callback as Feishu does, signed with key
// (X-Lark-Signature: the SHA-256 of timestamp, nonce, key and body) when
// key is not "", and returns the answer's status and body.
func deliver(t *testing.T, url string, body []byte, key string) (int, string) {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	if key != "" {
		ts, nonce := strconv.FormatInt(time.Now().Unix(), 10), "nonce-"+strconv.Itoa(len(body))
		sum := sha256.Sum256([]byte(ts + nonce + key + string(body)))
		req.Header.Set("X-Lark-Request-Timestamp", ts)
		req.Header.Set("X-Lark-Request-Nonce", nonce)
		req.Header.Set("X-Lark-Signature", hex.EncodeToString(sum[:]))
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

// TestCallbackEncrypted: the HTTP event callback with an encrypt key. The
// url_verification challenge the console sends is answered with its
// challenge when its token is the app's, and refused otherwise; an event
// encrypted and signed runs; one whose signature is wrong, or that is not
// encrypted, runs nothing; the answer comes once the event is handled.
func TestCallbackEncrypted(t *testing.T) {
	p := newOpenPlatform(t)
	p.names[wang.id] = wang.name
	r := startBot(t, p, WithCallback(verificationToken, encryptKey))
	if r.a.Handler() == nil {
		t.Fatal("no Handler with WithCallback")
	}
	srv := httptest.NewServer(r.a.Handler())
	defer srv.Close()
	url := srv.URL + EventsPath

	challenge := func(token string) []byte {
		b, _ := json.Marshal(map[string]string{"challenge": "c-12345", "token": token, "type": "url_verification"})
		return encrypt(t, b)
	}
	if code, body := deliver(t, url, challenge(verificationToken), ""); code != http.StatusOK || !strings.Contains(body, `"challenge":"c-12345"`) {
		t.Errorf("url_verification: %d %s; want 200 and the challenge", code, body)
	}
	if code, body := deliver(t, url, challenge("another token"), ""); code == http.StatusOK || strings.Contains(body, "c-12345") {
		t.Errorf("url_verification with another token: %d %s; want a refusal", code, body)
	}

	forged, _ := message(wang, club, "/event new 伪造赛")
	if code, _ := deliver(t, url, encrypt(t, forged), "another key"); code == http.StatusOK {
		t.Errorf("an event signed with another key: %d; want a refusal", code)
	}
	if code, _ := deliver(t, url, forged, encryptKey); code == http.StatusOK {
		t.Errorf("an event not encrypted: %d; want a refusal", code)
	}
	made, _ := message(wang, club, "/event new 春季赛")
	if code, body := deliver(t, url, encrypt(t, made), encryptKey); code != http.StatusOK {
		t.Fatalf("an event encrypted and signed: %d %s; want 200", code, body)
	}
	m, _ := p.await(club, 0, "已创建比赛")
	if !strings.Contains(m.text(), "春季赛") {
		t.Errorf("the group got %q; want 春季赛 created", m.text())
	}
	for _, s := range sentTo(p, club) {
		if strings.Contains(s.text(), "伪造赛") {
			t.Errorf("a refused event ran: %s", s.text())
		}
	}
	if code, _ := deliver(t, url, encrypt(t, made), ""); code == http.StatusOK {
		t.Errorf("an event without a signature: %d; want a refusal", code)
	}
	req, _ := http.NewRequest(http.MethodGet, url, nil)
	if resp, err := http.DefaultClient.Do(req); err != nil || resp.StatusCode != http.StatusMethodNotAllowed {
		t.Errorf("GET: %v %v; want 405", resp, err)
	}
}

// TestCallbackToken: without an encrypt key the callback trusts an event
// whose header carries the verification token, and no other; a
// redelivered event is answered as done and changes nothing.
func TestCallbackToken(t *testing.T) {
	p := newOpenPlatform(t)
	p.names[wang.id] = wang.name
	r := startBot(t, p, WithCallback(verificationToken, ""))
	srv := httptest.NewServer(r.a.Handler())
	defer srv.Close()
	url := srv.URL + EventsPath

	withToken := func(payload []byte, token string) []byte {
		var v map[string]any
		json.Unmarshal(payload, &v)
		v["header"].(map[string]any)["token"] = token
		b, _ := json.Marshal(v)
		return b
	}
	forged, _ := message(wang, club, "/event new 伪造赛")
	if code, _ := deliver(t, url, withToken(forged, "guessed"), ""); code == http.StatusOK {
		t.Errorf("an event with another token: %d; want a refusal", code)
	}
	made, _ := message(wang, club, "/event new 春季赛")
	for i := range 2 { // the second: Feishu delivering it again
		if code, body := deliver(t, url, withToken(made, verificationToken), ""); code != http.StatusOK {
			t.Fatalf("delivery %d of an event with the token: %d %s; want 200", i+1, code, body)
		}
	}
	_, at := p.await(club, 0, "已创建比赛「春季赛」")
	open, _ := message(wang, club, "/signup open")
	if code, body := deliver(t, url, withToken(open, verificationToken), ""); code != http.StatusOK {
		t.Fatalf("/signup open: %d %s; want 200", code, body)
	}
	p.await(club, at, "报名已开放")
	if got := sentTo(p, club); len(got) != 2 {
		t.Errorf("the group got %d messages; want 2, the redelivered event answered once", len(got))
	}
	for _, m := range sentTo(p, club) {
		if strings.Contains(m.text(), "伪造赛") {
			t.Errorf("a refused event ran: %s", m.text())
		}
	}
}
