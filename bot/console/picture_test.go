package console

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/qisai/qisai/chat"
)

// TestConsolePicture (issue 12): a picture is written to the files folder
// and shown as "[picture: PATH]"; any other file as "[file: PATH]".
func TestConsolePicture(t *testing.T) {
	dir := t.TempDir()
	var out bytes.Buffer
	c := New(nil, nil, &out, WithFiles(dir))
	png := []byte("\x89PNG\r\n\x1a\n")
	for _, f := range []*chat.File{{Name: "名次表-1.png", Data: png}, {Name: "春季赛.csv", Data: []byte("名次\n")}} {
		if err := c.Send(context.Background(), chat.Message{Chat: Group, File: f}); err != nil {
			t.Fatal(err)
		}
	}
	picture, file := filepath.Join(dir, "名次表-1.png"), filepath.Join(dir, "春季赛.csv")
	has(t, out.String(), "[group] [picture: "+picture+"]", "[group] [file: "+file+"]")
	if b, err := os.ReadFile(picture); err != nil || !bytes.Equal(b, png) {
		t.Errorf("the picture's file: %q, %v", b, err)
	}
}
