package trf

import (
	"bytes"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"
)

// TestPlainEntry holds the kind table (kindTable.of) to parser.block on every block of ASCII
// colour and result, blank, with opponent 0000 and with another player:
// the classes it sorts characters into are read alike by block.
func TestPlainEntry(t *testing.T) {
	var p parser
	kinds := blockKinds()
	for _, opp := range []int{-1, 0, 7} {
		for col := range byte(0x80) {
			for res := range byte(0x80) {
				var want entry
				err := p.block(1, 1, 1, opp, rune(col), rune(res), &want)
				k := kinds.of(opp, col, res)
				got := k.e
				got.opp = int16(max(opp, 0))
				if k.ok != (err == nil) || k.ok && got != want {
					t.Fatalf("opponent %d, colour %q, result %q: table %+v, %v; block %+v, %v", opp, col, res, got, k.ok, want, err)
				}
			}
		}
	}
}

// TestPlainPlayer holds plainPlayer to the general path on the player lines
// of the files in the package's and the command's testdata and of generated events, and on
// thousands of damaged copies of them: where plainPlayer reads a line, the
// general path reads it the same (record and blocks); it must read most of
// the undamaged lines.
func TestPlainPlayer(t *testing.T) {
	var lines []string
	files, _ := filepath.Glob("testdata/*.trf")
	cmd, _ := filepath.Glob("../cmd/qisai/testdata/*.trf")
	for _, f := range append(files, cmd...) {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		lines = append(lines, playerLines(data)...)
	}
	for _, n := range []int{9, 40} {
		lines = append(lines, playerLines(writtenSwiss(t, n, 7, 5, uint64(n)))...)
	}
	lines = append(lines, line(3, "A", "   2 w 1", "0000 - U", "        ", "  12 b  "), line(4, "欧阳 一", "0000 w U")+"  ")
	plain, damaged := plainReads(t, rand.New(rand.NewPCG(3, 4)), lines, comparePlayer)
	t.Logf("plainPlayer read %d of %d lines, %d of %d damaged copies", plain, len(lines), damaged, 60*len(lines))
	if plain < len(lines)*3/4 || damaged < len(lines)*60/20 {
		t.Fatalf("plainPlayer read only %d of %d lines and %d of their damaged copies: the test checks too little", plain, len(lines), damaged)
	}
}

// comparePlayer reads line l with plainPlayer and with the general path,
// each into a parser of its own, fails if they differ where plainPlayer
// read it, and says whether it did.
func comparePlayer(t *testing.T, l string) bool {
	t.Helper()
	pp, gp := plainAndGeneral(t, "plainPlayer", l,
		func(p *parser, b []byte) bool { return p.plainPlayer(1, b) },
		func(p *parser, b []byte, cols *columns) error { return p.anyPlayer(1, b, cols) })
	if pp == nil {
		return false
	}
	if !reflect.DeepEqual(pp.records, gp.records) || !reflect.DeepEqual(pp.roster, gp.roster) || pp.text.String() != gp.text.String() || pp.players != gp.players {
		t.Fatalf("%q: plainPlayer records %+v %+v %q, the general path %+v %+v %q", l, pp.records, pp.roster, pp.text.String(), gp.records, gp.roster, gp.text.String())
	}
	for r := range max(pp.grid.rounds, gp.grid.rounds) {
		for id := 1; id <= pp.grid.players; id++ {
			if pp.grid.at(id, r) != gp.grid.at(id, r) {
				t.Fatalf("%q: round %d: plainPlayer %+v, the general path %+v", l, r+1, pp.grid.at(id, r), gp.grid.at(id, r))
			}
		}
	}
	return true
}

// plainAndGeneral reads line l with a plain path (plain), and when that
// takes it with the general path (general, once the columns are set as
// Read sets them), each into a parser of its own, and returns the two; nil
// when the plain path leaves the line. It fails where the plain path takes
// a line the general path refuses, or one that is not UTF-8.
func plainAndGeneral(t *testing.T, name, l string, plain func(*parser, []byte) bool, general func(*parser, []byte, *columns) error) (pp, gp *parser) {
	t.Helper()
	b := []byte(l)
	fresh := func() *parser {
		p := &parser{file: "x", data: b}
		p.reserve(bytes.Repeat([]byte{'\n'}, 40))
		return p
	}
	if pp = fresh(); !plain(pp, b) {
		return nil, nil
	}
	if !utf8.Valid(b) {
		t.Fatalf("%s read %q, which is not UTF-8", name, l)
	}
	gp = fresh()
	var cols columns
	if !cols.set(b) || general(gp, b, &cols) != nil {
		t.Fatalf("%s read %q, the general path refuses it", name, l)
	}
	return pp, gp
}

// plainReads compares the plain path with the general path (compare) on
// lines and on 60 damaged copies of each, and says how many lines and how
// many copies the plain path read.
func plainReads(t *testing.T, rng *rand.Rand, lines []string, compare func(*testing.T, string) bool) (plain, damaged int) {
	t.Helper()
	for _, l := range lines {
		if compare(t, l) {
			plain++
		}
		for range 60 {
			if compare(t, string(mutateLine(rng, []byte(l)))) {
				damaged++
			}
		}
	}
	return plain, damaged
}

// playerLines are the 001 lines of data, without their line ends.
func playerLines(data []byte) []string { return linesOf(data, "001") }

// linesOf are the lines of data with record code code, without their line
// ends.
func linesOf(data []byte, code string) (lines []string) {
	for _, l := range strings.FieldsFunc(string(data), func(r rune) bool { return r == '\n' || r == '\r' }) {
		if strings.HasPrefix(l, code) {
			lines = append(lines, l)
		}
	}
	return lines
}

// TestPlainUnit: plainUnit reads a unit line exactly as the general path
// (parser.line) does, or leaves it to it — on the unit lines qisai writes,
// on lines at the edges of what it takes, and on damaged copies of them.
func TestPlainUnit(t *testing.T) {
	var lines []string
	for _, n := range []int{40, 300} {
		lines = append(lines, linesOf(writtenSwiss(t, n, 7, 5, uint64(n)), codeUnit)...)
	}
	lines = append(lines, "QSU    1 第一中学", "QSU 12 A", "QSU   07 Club", "QSU    3 Tab\tClub", "QSU    4 Club  \t",
		"QSU    5 \u3000Club\u3000", "QSU    6 Club\u00a0", "QSU    0 Zero", "QSU    8", "QSU    9 ", "QSU 10000 Big",
		"QSU\t10 Tab", "QSU   11\tTab", "QSU   12 bad \xff", "QSU   13 \xe4\xb8", "QSU 1 2 3", "QSUX   1 Club", "QSG    1    2    3")
	plain, damaged := plainReads(t, rand.New(rand.NewPCG(5, 6)), lines, compareUnit)
	t.Logf("plainUnit read %d of %d lines, %d of %d damaged copies", plain, len(lines), damaged, 60*len(lines))
	if plain < len(lines)/2 || damaged < len(lines)*60/10 {
		t.Fatalf("plainUnit read only %d of %d lines and %d of their damaged copies: the test checks too little", plain, len(lines), damaged)
	}
}

// compareUnit reads line l with plainUnit and with the general path, each
// into a parser of its own, fails if they differ where plainUnit read it,
// and says whether it did.
func compareUnit(t *testing.T, l string) bool {
	t.Helper()
	pp, gp := plainAndGeneral(t, "plainUnit", l,
		func(p *parser, b []byte) bool { return p.plainUnit(1, b) },
		func(p *parser, b []byte, cols *columns) error { return p.line(1, b, cols) })
	if pp == nil {
		return false
	}
	if !reflect.DeepEqual(pp.teams, gp.teams) || !reflect.DeepEqual(pp.members, gp.members) || pp.text.String() != gp.text.String() || !reflect.DeepEqual(pp.own, gp.own) {
		t.Fatalf("%q: plainUnit reads %+v %v %q, the general path %+v %v %q", l, pp.teams, pp.members, pp.text.String(), gp.teams, gp.members, gp.text.String())
	}
	return true
}

// mutateLine is mutate's damage within a line: blanks, digits, letters,
// tabs and characters beyond ASCII put in, over or taken out.
func mutateLine(rng *rand.Rand, b []byte) []byte {
	b = bytes.Clone(b)
	for range 1 + rng.IntN(2) {
		piece := linePieces[rng.IntN(len(linePieces))]
		i := rng.IntN(len(b) + 1)
		switch rng.IntN(3) {
		case 0:
			end := min(len(b), i+len(piece))
			b = append(b[:i], append([]byte(piece), b[end:]...)...)
		case 1:
			b = append(b[:i], append([]byte(piece), b[i:]...)...)
		case 2:
			if i < len(b) {
				b = append(b[:i], b[i+1:]...)
			}
		}
	}
	return b
}

var linePieces = []string{" ", " ", " ", "0", "1", "7", "9", "w", "W", "b", "-", "+", "=", "U", "h", "F", "Z", "D", "x",
	"\t", "\v", "中", "\u3000", "\u00A0", "\xe9", "    ", "0000 - U", "   1 b 0", "0040 w 1", "   3 w 1"}
