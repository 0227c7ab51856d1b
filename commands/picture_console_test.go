package commands_test

import (
	"bytes"
	"context"
	"fmt"
	"image/png"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/qisai/qisai/internal/testpainter"

	"github.com/qisai/qisai/bot/console"
	"github.com/qisai/qisai/commands"
	"github.com/qisai/qisai/internal/i18n"
	"github.com/qisai/qisai/sheet"
	"github.com/qisai/qisai/storage"
)

// saved finds the files a console transcript says it wrote.
var saved = regexp.MustCompile(`\[(?:file|picture): ([^\]]+)\]`)

// Pictures asked for in the console chat are written to its files folder
// as PNGs that decode, as many as the painter draws pages of the sheet: a
// 40-player standings is two pages of at most 36 rows.
func TestConsolePictures(t *testing.T) {
	p := testpainter.Open(t)
	dir := t.TempDir()
	st, err := storage.Open(context.Background(), filepath.Join(dir, "qisai.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	script := []string{"王芳: /event new 春季赛 rounds 3"}
	for i := range 40 {
		script = append(script, fmt.Sprintf("/player add 选手%02d", i+1))
	}
	script = append(script, "/event set pictures off", "/start", "/pair", "/publish", "/standings picture", "/pairings 图片", "/crosstable picture")
	var out bytes.Buffer
	files := filepath.Join(dir, "files")
	err = console.New(commands.New(st, commands.WithPainter(p)), strings.NewReader(strings.Join(script, "\n")+"\n"), &out,
		console.WithFiles(files), console.WithEcho()).Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	transcript := out.String()
	_, asked, _ := strings.Cut(transcript, "王芳: /standings picture")
	if asked == "" {
		t.Fatalf("no /standings picture in\n%s", transcript)
	}
	var pages []string
	for _, m := range saved.FindAllStringSubmatch(asked, -1) {
		pages = append(pages, filepath.Base(m[1]))
		data, err := os.ReadFile(m[1])
		if err != nil {
			t.Fatal(err)
		}
		if _, err := png.Decode(bytes.NewReader(data)); err != nil {
			t.Errorf("%s: %v", m[1], err)
		}
	}
	// The console's own event, folded, is what the painter drew.
	state, err := st.Load(context.Background(), 1)
	if err != nil {
		t.Fatal(err)
	}
	count := func(t sheet.Table) int {
		ps, err := p.Draw(t)
		if err != nil {
			panic(err)
		}
		return len(ps)
	}
	standings, pairings, cross := count(sheet.Standings(commands.SheetOf(state), i18n.Zh)), count(sheet.Pairings(commands.SheetOf(state), 1, i18n.Zh)), count(sheet.Crosstable(commands.SheetOf(state), i18n.Zh))
	if standings != 2 {
		t.Errorf("a 40-player standings is %d pages, want 2", standings)
	}
	if len(pages) != standings+pairings+cross {
		t.Errorf("pictures %q, want %d of the standings, %d of the pairings and %d of the crosstable:\n%s", pages, standings, pairings, cross, asked)
	}
	for _, want := range []string{"春季赛_排名_第1轮进行中_1.png", "春季赛_排名_第1轮进行中_2.png", "春季赛_第1轮对阵.png", "春季赛_成绩表_1.png"} {
		if !slices.Contains(pages, want) {
			t.Errorf("pictures %q: no %s", pages, want)
		}
	}
}
