package trf

import "testing"

// TestPlainRank checks the byte reading of a block's opponent field
// against the rune reading it stands in for, on every field of four
// characters from blanks (a vertical tab among them), digits and a letter:
// where plainRank answers, it answers as trimRunes and runeNumber do.
func TestPlainRank(t *testing.T) {
	chars := []byte{' ', '\v', '0', '1', '9', 'x'}
	answered := 0
	var b [4]byte
	for i := range 6 * 6 * 6 * 6 {
		for k, x := 0, i; k < 4; k, x = k+1, x/6 {
			b[k] = chars[x%6]
		}
		got, ok := plainRank(b[:])
		if !ok {
			continue
		}
		answered++
		rs := []rune{rune(b[0]), rune(b[1]), rune(b[2]), rune(b[3])}
		want := -1
		if digits := trimRunes(rs); len(digits) > 0 {
			v, vok := runeNumber(digits, maxRank)
			if !vok {
				t.Fatalf("plainRank(%q) = %d, but the rune reading refuses it", b, got)
			}
			want = v
		}
		if got != want {
			t.Fatalf("plainRank(%q) = %d, want %d", b, got, want)
		}
	}
	if answered < 50 {
		t.Fatalf("plainRank answered only %d fields", answered)
	}
}
