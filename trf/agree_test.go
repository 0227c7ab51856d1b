package trf_test

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/qisai/qisai/engine"
	"github.com/qisai/qisai/internal/shared"
	"github.com/qisai/qisai/trf"
	"github.com/qisai/qisai/trf/trftest"
)

// maxRounds is the most rounds TRF's four columns number.
const maxRounds = 9999

// agree fails unless trf.Read and the oracle (the reader as it was, in
// oracle_test.go) give the same event, or the same error, for data; ok
// says whether they accepted it.
func agree(t *testing.T, what string, data []byte) (ok bool) {
	t.Helper()
	got, gotErr := trf.Read(bytes.NewReader(data), "in.trf")
	want, wantErr := oracleRead(bytes.NewReader(data), "in.trf")
	switch {
	case (gotErr == nil) != (wantErr == nil):
		t.Fatalf("%s: error %v, the oracle's %v\n%q", what, gotErr, wantErr, data)
	case gotErr != nil:
		if gotErr.Error() != wantErr.Error() || reflect.TypeOf(gotErr) != reflect.TypeOf(wantErr) {
			t.Fatalf("%s: error\n%v\nthe oracle's\n%v\n%q", what, gotErr, wantErr, data)
		}
	case !reflect.DeepEqual(got, want):
		t.Fatalf("%s: event\n%+v\nthe oracle's\n%+v\n%q", what, got, want, data)
	}
	return gotErr == nil
}

// corpus is every input the package's tests keep in files: the fuzz corpus,
// testdata, the command's testdata and, where present, the shared TRF files.
func corpus(t *testing.T) map[string][]byte {
	t.Helper()
	files := map[string][]byte{}
	for p, b := range fuzzCorpus(t) {
		files[p] = b
	}
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
		t.Fatalf("only %d files found for the oracle", len(files))
	}
	return files
}

// sharedDir is ../shared/testdata/trf, or "" (and a log line) when absent.
func sharedDir(t *testing.T) (dir string) {
	t.Run("shared", func(t *testing.T) { dir = shared.Path(t, "trf") })
	return dir
}

// generated is a few events as Write writes them: Swiss events with
// Chinese names and units, one of them with a round paired and not played
// (qisai's QSG lines).
func generated(t *testing.T) map[string][]byte {
	t.Helper()
	files := map[string][]byte{}
	for _, n := range []int{4, 9, 40, 301} {
		ev, err := trftest.Swiss(n, 7, min(3, n-2), uint64(n))
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		if err := trf.Write(&b, ev); err != nil {
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
		if err := trf.Write(&b, ev); err != nil {
			t.Fatal(err)
		}
		files["swiss pending "+strconv.Itoa(n)] = b.Bytes()
	}
	// More rounds than TRF holds, and a bad block after them.
	byes := "001    1      A" + strings.Repeat(" ", 76) + strings.Repeat("0000 - U  ", maxRounds+1)
	files["too many rounds"] = []byte(byes + "\n")
	files["too many rounds, then a bad block"] = []byte(byes + "0000 - 1\n")
	return files
}

// TestReadAgreesWithOracle reads every stored and generated file, and
// thousands of damaged copies of the small ones, with both readers.
func TestReadAgreesWithOracle(t *testing.T) { agreeOnAll(t) }

// TestReadInParallelAgreesWithOracle is TestReadAgreesWithOracle with Read
// filling the rounds on two goroutines, as only big files' are.
func TestReadInParallelAgreesWithOracle(t *testing.T) {
	trf.ReadInParallel(t)
	agreeOnAll(t)
}

// agreeOnAll holds Read to the oracle on every stored and generated file,
// and on thousands of damaged copies of the small ones.
func agreeOnAll(t *testing.T) {
	files := corpus(t)
	for name, b := range generated(t) {
		files[name] = b
	}
	mutated, accepted := 0, 0
	for name, data := range files {
		agree(t, name, data)
		if len(data) > 4000 {
			continue
		}
		rng := rand.New(rand.NewPCG(uint64(len(data)), 8))
		for i := range 300 {
			m := mutate(rng, data)
			if agree(t, name+" mutation "+strconv.Itoa(i), m) {
				accepted++
			}
			mutated++
		}
	}
	t.Logf("%d files, %d damaged copies, %d of them accepted", len(files), mutated, accepted)
	if accepted < mutated/10 || accepted > mutated*9/10 {
		t.Errorf("%d of %d damaged copies accepted: the damage should test both the errors and the events", accepted, mutated)
	}
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

// FuzzReadOracle holds Read to the oracle on whatever the fuzzer makes of
// FuzzRead's corpus.
func FuzzReadOracle(f *testing.F) {
	for _, b := range fuzzCorpus(f) {
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, data []byte) { agree(t, "fuzz", data) })
}

// FuzzReadInParallelOracle is FuzzReadOracle with Read filling the rounds
// on two goroutines, as only big files' are.
func FuzzReadInParallelOracle(f *testing.F) {
	trf.ReadInParallel(f)
	for _, b := range fuzzCorpus(f) {
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, data []byte) { agree(t, "fuzz", data) })
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

// TestReadAheadAgreesWithOracle holds Read, reading the second half of
// the player lines ahead on another goroutine, to the oracle on a file of
// 2,000 players and on copies of it that are not as the second half's
// reader assumes: ranks of the halves crossed or repeated, a line in
// either half only the general path reads, a round more in either half,
// other line ends, the file cut short in the middle of a line. It reads
// them with the halves read at once, and with the second read whole first,
// so that all it read must be taken back.
func TestReadAheadAgreesWithOracle(t *testing.T) {
	t.Run("at once", func(t *testing.T) {
		trf.ReadInParallel(t)
		agreeAhead(t)
	})
	t.Run("second half first", func(t *testing.T) {
		trf.ReadAheadFirst(t)
		agreeAhead(t)
	})
}

func agreeAhead(t *testing.T) {
	ev, err := trftest.Swiss(2000, 9, 6, 3)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := trf.Write(&b, ev); err != nil {
		t.Fatal(err)
	}
	data := b.Bytes()
	lines := strings.SplitAfter(string(data), "\n")
	if !strings.HasPrefix(lines[0], "012") || !strings.HasPrefix(lines[2000], "001") {
		t.Fatal("want the event's name on line 0, then the 2,000 player lines")
	}
	// edit returns the file with the lines of the keys (0 is the first)
	// made the values.
	edit := func(made map[int]string) []byte {
		var out strings.Builder
		for i, l := range lines {
			if m, ok := made[i]; ok {
				l = m
			}
			out.WriteString(l)
		}
		return []byte(out.String())
	}
	rank := func(i, id int) string { return fmt.Sprintf("001 %4d%s", id, lines[i][8:]) }
	// general is line i with the first character of its name (Chinese, 3
	// bytes) a Thai one of 3 bytes: a name only the general path reads.
	general := func(i int) string { return lines[i][:14] + "ก" + lines[i][17:] }
	tab := func(i int) string { return lines[i][:14] + "\t" + lines[i][15:] }
	more := func(i int) string { return strings.TrimSuffix(lines[i], "\n") + "  0000 - U\n" }
	first, second := 300, 1700 // player lines of each half (line 0 is the event's name)
	cases := map[string][]byte{
		"as written":     data,
		"halves crossed": edit(map[int]string{first: lines[second], second: lines[first]}),
		"a rank of the second half repeated in the first": edit(map[int]string{first: rank(first, second)}),
		"a rank of the first half repeated in the second": edit(map[int]string{second: rank(second, first)}),
		"a rank repeated within the second half":          edit(map[int]string{second: rank(second, 1800)}),
		"a tab in a name in the first half":               edit(map[int]string{first: tab(first)}),
		"a tab in a name in the second half":              edit(map[int]string{second: tab(second)}),
		"a round more in the first half":                  edit(map[int]string{first: more(first)}),
		"a round more in the second half":                 edit(map[int]string{second: more(second)}),
		"halves crossed, then a line the general path reads": edit(map[int]string{
			first: lines[second], second: lines[first], first + 10: general(first + 10)}),
		// The first half has a rank the second half reads beyond; then
		// it meets a line only the general path reads.
		"lines turned round the halves, then a line the general path reads": edit(map[int]string{
			first: lines[1200], 1200: lines[1800], 1800: lines[first], first + 10: general(first + 10)}),
		"a bad block in the second half": edit(map[int]string{second: lines[second][:len(lines[second])-3] + "x\n"}),
		"CR line ends":                   bytes.ReplaceAll(data, []byte("\n"), []byte("\r")),
		"CR LF line ends":                bytes.ReplaceAll(data, []byte("\n"), []byte("\r\n")),
		"cut short":                      data[:len(data)/2+50],
	}
	for name, data := range cases {
		agree(t, name, data)
	}
}
