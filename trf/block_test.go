package trf

import (
	"bytes"
	"math/rand/v2"
	"testing"
	"unicode/utf8"
)

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

// TestPlainRank4 checks the reading of four bytes at once against the one
// a byte at a time, on every field of four characters from blanks, digits,
// the characters next to them and bytes whose high half is 3 or that carry
// when 6 is added: where plainRank4 answers, it answers as plainRankBytes.
func TestPlainRank4(t *testing.T) {
	chars := []byte{' ', '\v', '!', '*', '/', '0', '1', '5', '9', ':', '?', 'x', 0xB0, 0xFA, 0xFF}
	answered := 0
	var b [4]byte
	n := len(chars)
	for i := range n * n * n * n {
		for k, x := 0, i; k < 4; k, x = k+1, x/n {
			b[k] = chars[x%n]
		}
		got, ok := plainRank4(uint32(b[0]) | uint32(b[1])<<8 | uint32(b[2])<<16 | uint32(b[3])<<24)
		if !ok {
			continue
		}
		answered++
		if want, wok := plainRankBytes(b[:]); !wok || got != want {
			t.Fatalf("plainRank4(%q) = %d, a byte at a time %d, %v", b, got, want, wok)
		}
	}
	if want := 1 + 4 + 16 + 64 + 256; answered != want { // all blank, or blanks and then 1 to 4 of the 4 digits
		t.Fatalf("plainRank4 answered %d fields, want %d", answered, want)
	}
}

// TestCountRunes checks countRunes against utf8.Valid and utf8.RuneCount
// on every lead byte followed by bytes from each range UTF-8 tells apart,
// cut short and in full.
func TestCountRunes(t *testing.T) {
	follow := []byte{0x00, 'A', 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xE4, 0xFF}
	for lead := range 256 {
		for _, b1 := range follow {
			for _, b2 := range follow {
				for _, b3 := range follow {
					s := []byte{byte(lead), b1, b2, b3, 'x'}
					for end := 1; end <= len(s); end++ {
						b := s[:end]
						n, valid := countRunes(b)
						if valid != utf8.Valid(b) || valid && n != utf8.RuneCount(b) {
							t.Fatalf("countRunes(% x) = %d, %v; utf8 says %d, %v", b, n, valid, utf8.RuneCount(b), utf8.Valid(b))
						}
					}
				}
			}
		}
	}
}

// TestTrimBlanks holds trimBlanks to bytes.TrimSpace on random strings of
// blanks (Unicode's too), letters, Chinese characters and the bytes of
// characters cut short.
func TestTrimBlanks(t *testing.T) {
	pieces := []string{" ", "\t", "a", "中", "\u4000", "\uFFFF", "\u3000", "\u00A0", "\u2028", "\u1680", "\uFEFF",
		"\xe4", "\xe4\xb8", "\xb8\xad", "\xed\xa0\x80", "\xf0\x9f\x98\x80", "        "}
	rng := rand.New(rand.NewPCG(5, 6))
	for range 50000 {
		var b []byte
		for range rng.IntN(6) {
			b = append(b, pieces[rng.IntN(len(pieces))]...)
		}
		if got, want := trimBlanks(b), bytes.TrimSpace(b); !bytes.Equal(got, want) {
			t.Fatalf("trimBlanks(%q) = %q, bytes.TrimSpace gives %q", b, got, want)
		}
	}
}
