package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestReadmeTranscripts runs docs/evening.txt in the console, as the
// README tells a reader to, and checks that every transcript the README
// shows of it is what the console prints: the README is the first thing a
// club reads, and a transcript that no longer matches the bot misleads
// them. A line "…" alone skips lines; "…" inside a line stands for any
// text (a file's temporary directory).
func TestReadmeTranscripts(t *testing.T) {
	readme := readRepoFile(t, "README.md")
	script := readRepoFile(t, "docs/evening.txt")
	dir := t.TempDir()
	p := runProcess(t, dir, script, nil, "console", "--db", filepath.Join(dir, "q.db"))
	if p.code != 0 {
		t.Fatalf("qisai console < docs/evening.txt: exit %d\n%s", p.code, p.stderr)
	}
	out := strings.Split(p.stdout, "\n")
	for _, section := range []string{"## An organiser's evening", "## A player's phone"} {
		blocks := transcriptBlocks(readme, section)
		if len(blocks) == 0 {
			t.Fatalf("README has no transcript under %q", section)
		}
		at := 0 // each section follows the evening from its start
		for _, block := range blocks {
			for _, run := range strings.Split(block, "\n…\n") {
				next, ok := findRun(out, at, strings.Split(strings.Trim(run, "\n"), "\n"))
				if !ok {
					t.Errorf("README %s: these lines are not what the console prints (in this order, after the ones before):\n%s\n\nthe console printed:\n%s",
						section, run, p.stdout)
					return
				}
				at = next
			}
		}
	}
}

// readRepoFile reads a file of the repository from the package's
// directory (tests run in cmd/qisai).
func readRepoFile(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", name))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// transcriptBlocks are the fenced blocks of text under the heading, up
// to the next heading of its level, with "…" lines at a block's ends
// dropped.
func transcriptBlocks(text, heading string) []string {
	start := strings.Index(text, "\n"+heading+"\n")
	if start < 0 {
		return nil
	}
	body := text[start+len(heading)+2:]
	if end := strings.Index(body, "\n## "); end >= 0 {
		body = body[:end]
	}
	var blocks []string
	for _, m := range fencedBlock.FindAllStringSubmatch(body, -1) {
		b := strings.Trim(m[1], "\n")
		b = strings.TrimSuffix(strings.TrimPrefix(b, "…\n"), "\n…")
		blocks = append(blocks, b)
	}
	return blocks
}

var fencedBlock = regexp.MustCompile("(?s)\n```\n(.*?)\n```")

// findRun finds want as consecutive lines of got at or after from, and
// returns the index after them.
func findRun(got []string, from int, want []string) (int, bool) {
	for i := from; i+len(want) <= len(got); i++ {
		match := true
		for j, w := range want {
			if !lineMatches(got[i+j], w) {
				match = false
				break
			}
		}
		if match {
			return i + len(want), true
		}
	}
	return 0, false
}

// lineMatches says whether got is the README's line want, where "…"
// inside want stands for any text.
func lineMatches(got, want string) bool {
	parts := strings.Split(want, "…")
	if len(parts) == 1 {
		return got == want
	}
	if !strings.HasPrefix(got, parts[0]) || !strings.HasSuffix(got, parts[len(parts)-1]) {
		return false
	}
	rest := got[len(parts[0]):]
	for _, p := range parts[1 : len(parts)-1] {
		i := strings.Index(rest, p)
		if i < 0 {
			return false
		}
		rest = rest[i+len(p):]
	}
	return len(rest) >= len(parts[len(parts)-1])
}
