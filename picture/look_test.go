package picture

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

var out = flag.String("out", "", "write every test table's pictures into this folder, to look at")

func TestLook(t *testing.T) {
	if *out == "" {
		t.Skip("-out DIR writes the pictures")
	}
	p := cjk(t)
	for name, tab := range lookTables() {
		pages, err := p.Draw(tab)
		if err != nil {
			t.Fatal(err)
		}
		for i, b := range pages {
			if err := os.WriteFile(filepath.Join(*out, fmt.Sprintf("%s-%d.png", name, i+1)), b, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
}
