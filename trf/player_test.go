package trf

import (
	"strings"
	"testing"
)

// TestPlainBlock holds plainBlock to blockFields on every block whose
// opponent is four characters of blanks (a vertical tab among them),
// digits and a letter, with a colour and a result, whole and cut short at
// the line's end, in a line of ASCII and in one with a Chinese name: where
// plainBlock reads a block, blockFields reads it the same.
func TestPlainBlock(t *testing.T) {
	chars := []string{" ", "\v", "0", "1", "9", "x"}
	answered := 0
	for i := range 6 * 6 * 6 * 6 {
		var opp strings.Builder
		for x := i; opp.Len() < 4; x /= 6 {
			opp.WriteString(chars[x%6])
		}
		for _, rest := range []string{" w 1  ", " - U", " b =  0000 - U", " ", ""} {
			for _, name := range []string{"A", "王天一"} {
				b := []byte(line(1, name, opp.String()+rest))
				b = b[:len(b)-1] // the line end
				var cols columns
				cols.set(b)
				opp, col, res, ok := plainBlock(cols.asciiTail(colRounds), 1)
				if !ok {
					continue
				}
				answered++
				var p parser
				wantOpp, wantCol, wantRes, err := p.blockFields(1, 1, &cols)
				if err != nil || opp != wantOpp || col != wantCol || res != wantRes {
					t.Fatalf("%q: plainBlock %d %q %q; blockFields %d %q %q, %v", b, opp, col, res, wantOpp, wantCol, wantRes, err)
				}
			}
		}
	}
	t.Logf("plainBlock read %d blocks", answered)
	if answered < 100 {
		t.Fatalf("plainBlock read only %d blocks: the test checks too little", answered)
	}
}
