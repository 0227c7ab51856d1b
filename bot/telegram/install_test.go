package telegram

import (
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
)

// TestInstallEmulator: test processes installing the emulator at once
// each find a complete install (installEmulator), and an install cut
// short — a tree without the mark, missing a dependency as one was seen
// missing form-data — is replaced, never used. npm is a script here that
// writes the package slowly, file by file.
func TestInstallEmulator(t *testing.T) {
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node is not installed")
	}
	bin := t.TempDir()
	// npm install --no-audit --no-fund --prefix DIR PACKAGE: the package
	// requires a dependency, written last.
	npm := `#!/bin/sh
dir=$5
mkdir -p "$dir/node_modules/telegram-test-api" "$dir/node_modules/form-data"
echo '{"name":"telegram-test-api"}' > "$dir/node_modules/telegram-test-api/package.json"
echo 'require("form-data"); module.exports = class {}' > "$dir/node_modules/telegram-test-api/index.js"
sleep 0.2
echo '{"name":"form-data"}' > "$dir/node_modules/form-data/package.json"
echo 'module.exports = {}' > "$dir/node_modules/form-data/index.js"
`
	if err := os.WriteFile(filepath.Join(bin, "npm"), []byte(npm), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", bin+string(os.PathListSeparator)+os.Getenv("PATH"))

	dir := filepath.Join(t.TempDir(), "telegram-test-api@"+emulatorVersion)
	// Half a tree, as an interrupted install of an older test left it.
	half := filepath.Join(dir, "node_modules", "telegram-test-api")
	if err := os.MkdirAll(half, 0o755); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(half, "package.json"), []byte(`{"name":"telegram-test-api"}`), 0o644)
	os.WriteFile(filepath.Join(half, "index.js"), []byte(`require("form-data")`), 0o644)

	var wg sync.WaitGroup
	for range 3 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			pkg, err := installEmulator(dir)
			if err != nil {
				t.Errorf("installEmulator: %v", err)
				return
			}
			if out, err := exec.Command("node", "-e", "require(process.argv[1])", pkg).CombinedOutput(); err != nil {
				t.Errorf("the package installEmulator returned does not load: %v\n%s", err, out)
			}
		}()
	}
	wg.Wait()
	left, _ := filepath.Glob(filepath.Join(filepath.Dir(dir), ".install-*"))
	if len(left) > 0 {
		t.Errorf("temporary installs left behind: %v", left)
	}
}
