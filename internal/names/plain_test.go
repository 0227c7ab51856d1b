package names

import (
	"math/rand/v2"
	"testing"
)

// TestPlainIsTidy: whatever plain lets through untouched, tidy would have
// given back as it is — on random names from an alphabet of printable
// ASCII, spaces, ideographs at the edges of the range, other letters and
// invisible characters, and on random strings of the bytes of ideographs,
// some cut short.
func TestPlainIsTidy(t *testing.T) {
	alphabet := []rune{'a', 'Z', '0', '~', '!', ' ', ' ', '\t', '\u00A0', '\u3000', '\u4E00', '\u4DFF', '\u9FFF', '\uA000',
		'王', '芳', 'é', 'Ж', '\u200B', '\u200D', '\uFE0F', '\x7F', '\x00', '\uFFFD', '😀'}
	rng := rand.New(rand.NewPCG(1, 2))
	fast := 0
	for range 20000 {
		rs := make([]rune, rng.IntN(8))
		for i := range rs {
			rs[i] = alphabet[rng.IntN(len(alphabet))]
		}
		s := string(rs)
		if !plain(s) {
			continue
		}
		fast++
		if got, _, _ := tidy(s, false); got != s {
			t.Fatalf("plain(%q), but tidy gives %q", s, got)
		}
	}
	if fast < 1000 {
		t.Fatalf("only %d names were plain: the test checks too little", fast)
	}
	// The bytes of ideographs cut short, and of characters beside them.
	bytes := []byte{0xE4, 0xE5, 0xE9, 0xEA, 0xB7, 0xB8, 0xBF, 0x80, 0x7F, 0xC0, 'a', ' '}
	fast = 0
	for range 20000 {
		b := make([]byte, rng.IntN(7))
		for i := range b {
			b[i] = bytes[rng.IntN(len(bytes))]
		}
		s := string(b)
		if !plain(s) {
			continue
		}
		fast++
		if got, _, _ := tidy(s, false); got != s {
			t.Fatalf("plain(%q), but tidy gives %q", s, got)
		}
	}
	if fast < 500 {
		t.Fatalf("only %d byte strings were plain: the test checks too little", fast)
	}
	for _, s := range []string{"王芳", "Li Si", "选手12号", "", "a"} {
		if !plain(s) {
			t.Errorf("plain(%q) = false, want true", s)
		}
	}
	for _, s := range []string{" a", "a ", "a  b", "a\tb", "a\u200Bb", "\u4DFF", "é", "\xe4\xb8", "\xe4\xb7\xbf", "\xe9\xc0\x80"} {
		if plain(s) {
			t.Errorf("plain(%q) = true, want false", s)
		}
	}
}
