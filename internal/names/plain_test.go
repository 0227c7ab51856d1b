package names

import (
	"math/rand/v2"
	"testing"
)

// TestPlainIsTidy: whatever plain lets through untouched, tidy would have
// given back as it is — on random names from an alphabet of printable
// ASCII, spaces, ideographs at the edges of the range, other letters and
// invisible characters.
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
	for _, s := range []string{"王芳", "Li Si", "选手12号", "", "a"} {
		if !plain(s) {
			t.Errorf("plain(%q) = false, want true", s)
		}
	}
	for _, s := range []string{" a", "a ", "a  b", "a\tb", "a\u200Bb", "\u4DFF", "é"} {
		if plain(s) {
			t.Errorf("plain(%q) = true, want false", s)
		}
	}
}
