// Command gentable writes prototypes.go, the table of look-alikes of
// package names, from the one github.com/mtibben/confusables holds in its
// tables.go (Unicode's confusables.txt). That module builds its table as a
// map when a program starts, half a millisecond and 218 KB at every start
// of qisai; prototypes.go is arrays the compiler lays out in the binary.
//
// go generate runs it in internal/names; the module is the version go.mod
// requires, which the tests of package names compare the skeleton with.
package main

import (
	"fmt"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// module is where the table comes from.
const module = "github.com/mtibben/confusables"

func main() {
	log.SetFlags(0)
	log.SetPrefix("gentable: ")
	src, err := generate()
	if err != nil {
		log.Fatal(err)
	}
	if err := os.WriteFile("prototypes.go", src, 0o666); err != nil {
		log.Fatal(err)
	}
}

// generate is prototypes.go as the module's tables.go makes it now.
func generate() ([]byte, error) {
	dir, version, err := locate(module)
	if err != nil {
		return nil, err
	}
	t, err := read(filepath.Join(dir, "tables.go"))
	if err != nil {
		return nil, err
	}
	return t.source(module + " " + version)
}

// locate asks the go command where module is and at which version.
func locate(module string) (dir, version string, err error) {
	out, err := exec.Command("go", "list", "-m", "-f", "{{.Dir}} {{.Version}}", module).Output()
	if err != nil {
		if e, ok := err.(*exec.ExitError); ok {
			err = fmt.Errorf("%v: %s", err, e.Stderr)
		}
		return "", "", fmt.Errorf("go list -m %s: %w", module, err)
	}
	dir, version, _ = strings.Cut(strings.TrimSpace(string(out)), " ")
	if dir == "" {
		return "", "", fmt.Errorf("%s is not in the module cache: run go mod download %s", module, module)
	}
	return dir, version, nil
}
