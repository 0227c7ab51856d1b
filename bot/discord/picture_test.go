package discord

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"sync"
	"testing"

	"github.com/qisai/qisai/chat"
)

// TestSenderPictureInline (issue 12): a picture (a .png) is attached as
// image/png, which Discord shows in the channel; another file stays an
// octet stream, a download.
func TestSenderPictureInline(t *testing.T) {
	var (
		mu    sync.Mutex
		kinds = map[string]string{}
	)
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasPrefix(r.Header.Get("Content-Type"), "multipart/") {
			if err := r.ParseMultipartForm(1 << 20); err != nil {
				t.Error(err)
			}
			for _, fs := range r.MultipartForm.File {
				mu.Lock()
				kinds[fs[0].Filename] = fs[0].Header.Get("Content-Type")
				mu.Unlock()
			}
		}
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(map[string]any{"id": "M1", "channel_id": "C1"})
	})
	s := NewSender(newSession(t, h))
	for _, f := range []*chat.File{{Name: "名次表-1.png", Data: []byte("\x89PNG")}, {Name: "春季赛.csv", Data: []byte("名次\n")}} {
		if err := s.Send(context.Background(), chat.Message{Chat: chat.Chat{Platform: Platform, ID: "C1"}, File: f}); err != nil {
			t.Fatal(err)
		}
	}
	if kinds["名次表-1.png"] != "image/png" || kinds["春季赛.csv"] != "application/octet-stream" {
		t.Errorf("attached as %v, want the picture image/png and the CSV application/octet-stream", kinds)
	}
}
