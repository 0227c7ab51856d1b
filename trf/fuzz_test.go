package trf

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"os"
	"reflect"
	"strings"
	"testing"
)

// FuzzRead checks that Read never panics, that it fails only with a
// *trf.Error at a line of the file, and that whatever it accepts, Write
// writes in a form bbpPairings reads (bbpCheck) and Read reads back
// unchanged.
func FuzzRead(f *testing.F) {
	codes, err := os.ReadFile("testdata/codes.trf")
	if err != nil {
		f.Fatal(err)
	}
	f.Add(codes)
	for _, s := range []string{
		"",
		line(1, "A"),
		line(1, "A", "   2 w 1") + line(2, "B", "   1 b 0"),
		line(1, "A", "   2 - +", "0000 - H") + line(2, "B", "   1 - -", "        ", "0000 - U"),
		line(1, "A", "   2 w  ") + line(2, "B", "   1 b  ") + "XXR 3\nXXC black1\nBBW 3.0\nBBU 0.5\n",
		line(2, "B") + line(1, "A") + "013 Red                                 1    2\n",
		"012 Cup\r" + line(1, "A", "     - -"),
		line(1, "A", "   2 w X") + line(2, "B", "   1 b 0"),
		line(1, "A", "   2 w 1") + line(2, "B", "   1 b 1"),
		line(1, "A") + line(3, "C"),
		"001    1      A                                 2x00\n",
		// Match BP Online's bye colours (R-S-3) and qisai's own lines.
		line(1, "A", "0000 w U") + line(2, "B", "0000 b U", "0000 - U") + "QSB    2    2 w\n",
		line(1, "A", "   2 w 1") + line(2, "B", "   1 b 0") + line(3, "C") +
			"QSN    1 " + strings.Repeat("欧阳", 20) + "\nQSU    1 第一中学\nQSU    3 Tab\tClub\n" +
			"QSG    3    2    1\nQSF    2    1    1\nQSF    1    2    3\n",
		line(1, "A") + "QSG    1    1    1\nQSB    1    9 x\nQSF\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) { checkRead(t, data) })
}

// TestReadDamaged holds Read to FuzzRead's checks on every stored and
// generated file and on thousands of damaged copies of the small ones, at
// every run of the tests, not only under the fuzzer.
func TestReadDamaged(t *testing.T) {
	files := corpus(t)
	for name, b := range generated(t) {
		files[name] = b
	}
	mutated, accepted := 0, 0
	for _, data := range files {
		checkRead(t, data)
		if len(data) > 4000 {
			continue
		}
		rng := rand.New(rand.NewPCG(uint64(len(data)), 8))
		for range 300 {
			if checkRead(t, mutate(rng, data)) {
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

// checkRead checks that Read of data does not panic, that it fails only
// with a *trf.Error at a line of the file, and that whatever it accepts,
// Write writes in a form bbpPairings reads (bbpCheck) and Read reads back
// unchanged; it says whether Read accepted data.
func checkRead(t *testing.T, data []byte) (accepted bool) {
	t.Helper()
	ev, err := Read(bytes.NewReader(data), "fuzz.trf")
	if err != nil {
		var e *Error
		if !errors.As(err, &e) || e.File != "fuzz.trf" || e.Line < 1 || e.Line > bytes.Count(data, []byte("\n"))+bytes.Count(data, []byte("\r"))+1 {
			t.Fatalf("error %v: want a *trf.Error at a line of fuzz.trf\n%q", err, data)
		}
		return false
	}
	var b bytes.Buffer
	if err := Write(&b, ev); err != nil {
		t.Fatalf("Write of an event Read accepted: %v\n%q", err, data)
	}
	if err := bbpCheck(b.Bytes(), false); err != nil && !errors.Is(err, errBBPLimit) {
		t.Fatalf("bbpPairings would refuse what Write wrote: %v\n%s", err, b.String())
	}
	back, err := Read(&b, "written.trf")
	if err != nil {
		t.Fatalf("Read(Write(ev)): %v\n%s", err, b.String())
	}
	if !reflect.DeepEqual(back, ev) {
		t.Fatalf("Read(Write(ev)) differs:\n got %+v\nwant %+v", back, ev)
	}
	return true
}
