package telegram

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/qisai/qisai/chat"
)

// pngOf is a blank w×h picture.
func pngOf(t *testing.T, w, h int) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := png.Encode(&b, image.NewPaletted(image.Rect(0, 0, w, h), color.Palette{color.White})); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestSenderPhotos: a .png within Telegram's limits for a photo goes as a
// photo (sendPhoto, the bytes in the "photo" field); one beyond them (a
// side more than 20 times the other, width + height over 10,000), one
// Telegram refuses as a photo, and any other file as a document.
func TestSenderPhotos(t *testing.T) {
	var (
		mu    sync.Mutex
		calls []string
	)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		if err := r.ParseMultipartForm(1 << 20); err != nil {
			t.Errorf("%s: %v", r.URL.Path, err)
		}
		method := r.URL.Path[strings.LastIndexByte(r.URL.Path, '/')+1:]
		field := map[string]string{"sendPhoto": "photo", "sendDocument": "document"}[method]
		f, h, err := r.FormFile(field)
		if err != nil {
			t.Errorf("%s without a %s: %v", method, field, err)
			return
		}
		b, _ := io.ReadAll(f)
		mu.Lock()
		calls = append(calls, fmt.Sprintf("%s %s %d", method, h.Filename, len(b)))
		mu.Unlock()
		if method == "sendPhoto" && h.Filename == "refused.png" {
			w.WriteHeader(http.StatusBadRequest)
			fmt.Fprint(w, `{"ok":false,"error_code":400,"description":"Bad Request: PHOTO_INVALID_DIMENSIONS"}`)
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
	files := []*chat.File{
		{Name: "名次表-1.png", Data: pngOf(t, 800, 1200)},
		{Name: "narrow.png", Data: pngOf(t, 50, 1001)},
		{Name: "huge.PNG", Data: pngOf(t, 9000, 1001)},
		{Name: "refused.png", Data: pngOf(t, 100, 100)},
		{Name: "not-a-picture.png", Data: []byte("text")},
		{Name: "春季赛.trf", Data: []byte("012 春季赛\n")},
	}
	for _, f := range files {
		if err := s.Send(context.Background(), chat.Message{Chat: group, File: f}); err != nil {
			t.Errorf("%s: %v", f.Name, err)
		}
	}
	want := []string{"sendPhoto 名次表-1.png", "sendDocument narrow.png", "sendDocument huge.PNG", "sendPhoto refused.png", "sendDocument refused.png", "sendDocument not-a-picture.png", "sendDocument 春季赛.trf"}
	if len(calls) != len(want) {
		t.Fatalf("calls %q, want %q", calls, want)
	}
	for i := range want {
		if !strings.HasPrefix(calls[i], want[i]+" ") {
			t.Errorf("call %d: %q, want %q", i+1, calls[i], want[i])
		}
	}
	if calls[0] != fmt.Sprintf("sendPhoto 名次表-1.png %d", len(files[0].Data)) {
		t.Errorf("the photo arrived as %q, want all %d bytes", calls[0], len(files[0].Data))
	}
}
