package trf

import (
	"bytes"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/qisai/qisai/engine"
	"github.com/qisai/qisai/internal/shared"
	"github.com/qisai/qisai/trf/trftest"
)

// corpus is every input the package's tests keep in files: the fuzz corpus,
// testdata, the command's testdata and, where present, the shared TRF files.
func corpus(t *testing.T) map[string][]byte {
	t.Helper()
	files := fuzzCorpus(t)
	more, _ := filepath.Glob("testdata/*.trf")
	cmd, _ := filepath.Glob("../cmd/qisai/testdata/*.trf")
	more = append(more, cmd...)
	if dir := sharedDir(t); dir != "" {
		found, _ := filepath.Glob(filepath.Join(dir, "*.trf"))
		more = append(more, found...)
	}
	for _, p := range more {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		files[p] = b
	}
	if len(files) < 40 {
		t.Fatalf("only %d files found", len(files))
	}
	return files
}

// sharedDir is ../shared/testdata/trf, or "" (and a log line) when absent.
func sharedDir(t *testing.T) (dir string) {
	t.Run("shared", func(t *testing.T) { dir = shared.Path(t, "trf") })
	return dir
}

// fuzzCorpus is FuzzRead's stored corpus: each file is "go test fuzz v1",
// then one []byte("...") line.
func fuzzCorpus(tb testing.TB) map[string][]byte {
	tb.Helper()
	files := map[string][]byte{}
	paths, _ := filepath.Glob("testdata/fuzz/FuzzRead/*")
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			tb.Fatal(err)
		}
		_, arg, ok := strings.Cut(string(b), "[]byte(")
		s, err := strconv.Unquote(strings.TrimSuffix(strings.TrimSpace(arg), ")"))
		if !ok || err != nil {
			tb.Fatalf("%s: not a fuzz corpus file of one []byte: %v", p, err)
		}
		files[p] = []byte(s)
	}
	return files
}

// generated is a few events as Write writes them: Swiss events with
// Chinese names and units, each also with its next round paired and not
// played (qisai's QSG lines); and a line of more rounds than TRF holds.
func generated(t *testing.T) map[string][]byte {
	t.Helper()
	files := map[string][]byte{}
	for _, n := range []int{4, 9, 40, 301} {
		ev, err := trftest.Swiss(n, 7, min(3, n-2), uint64(n))
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		if err := Write(&b, ev); err != nil {
			t.Fatal(err)
		}
		files["swiss "+strconv.Itoa(n)] = bytes.Clone(b.Bytes())
		p, err := engine.Pair(ev)
		if err != nil {
			t.Fatal(err)
		}
		if err := engine.AddRound(ev, p); err != nil {
			t.Fatal(err)
		}
		b.Reset()
		if err := Write(&b, ev); err != nil {
			t.Fatal(err)
		}
		files["swiss pending "+strconv.Itoa(n)] = b.Bytes()
	}
	// More rounds than TRF holds, and a bad block after them.
	byes := "001    1      A" + strings.Repeat(" ", 76) + strings.Repeat("0000 - U  ", maxRank+1)
	files["too many rounds"] = []byte(byes + "\n")
	files["too many rounds, then a bad block"] = []byte(byes + "0000 - 1\n")
	return files
}

// pieces are what mutate writes into a file: the characters TRF lines are
// made of, a Chinese character, line ends, and whole blocks and lines.
var pieces = []string{
	" ", " ", " ", "0", "1", "2", "9", "w", "b", "B", "-", "+", "=", "U", "H", "F", "Z", "D", "x",
	"\t", "\v", "\n", "\r", "\r\n", "中", "\xe9", "\uFEFF", "    ", "0000 - U", "   1 b 0", "   2 w 1",
	"001    3      C", "QSG    1    1    2\n", "QSB    1    1 w\n", "QSF    1    1    2\n", "QSU    2 单位\n",
	"QSN    1 欧阳欧阳\n", "XXR 2\n", "BBW 3.0\n", "013 T                                   1    2\n",
}

// mutate returns a copy of data with one to three changes: a piece put in
// place of a byte, put in between, a byte taken out, or two lines swapped.
func mutate(rng *rand.Rand, data []byte) []byte {
	b := bytes.Clone(data)
	for range 1 + rng.IntN(3) {
		if len(b) == 0 {
			b = append(b, pieces[rng.IntN(len(pieces))]...)
			continue
		}
		i := rng.IntN(len(b))
		piece := pieces[rng.IntN(len(pieces))]
		switch rng.IntN(5) {
		case 0, 1:
			end := min(len(b), i+len(piece))
			b = append(b[:i], append([]byte(piece), b[end:]...)...)
		case 2:
			b = append(b[:i], append([]byte(piece), b[i:]...)...)
		case 3:
			b = append(b[:i], b[i+1:]...)
		case 4:
			lines := bytes.SplitAfter(b, []byte("\n"))
			j, k := rng.IntN(len(lines)), rng.IntN(len(lines))
			lines[j], lines[k] = lines[k], lines[j]
			b = bytes.Join(lines, nil)
		}
	}
	return b
}
