package names

import (
	"math/rand/v2"
	"strings"
	"testing"
	"unicode"

	"github.com/mtibben/confusables"
)

// TestSkeletonIsConfusables: skeleton is confusables.Skeleton for every
// rune alone, so for every entry of the table and every rune it leaves as
// it is, and for random strings mixing scripts, combining marks, runes of
// the table and their prototypes, and broken bytes, so for the NFD around
// the mapping too (a prototype's marks ordered among the marks after it).
func TestSkeletonIsConfusables(t *testing.T) {
	failures := 0
	check := func(s string) {
		t.Helper()
		if got, want := skeleton(s), confusables.Skeleton(s); got != want {
			t.Errorf("skeleton(%+q) = %+q, confusables.Skeleton gives %+q", s, got, want)
			if failures++; failures == 10 {
				t.FailNow()
			}
		}
	}
	for r := rune(0); r <= unicode.MaxRune; r++ {
		check(string(r))
	}

	pieces := []func(*rand.Rand) string{
		span(0x20, 0x7E),       // ASCII
		span(0xC0, 0x24F),      // Latin accented, precomposed
		span(0x300, 0x36F),     // combining marks
		span(0x370, 0x3FF),     // Greek
		span(0x400, 0x4FF),     // Cyrillic
		span(0x591, 0x5F4),     // Hebrew, with its points
		span(0x600, 0x6FF),     // Arabic
		span(0x900, 0x97F),     // Devanagari
		span(0x1100, 0x11FF),   // Hangul jamo
		span(0x1E00, 0x1EFF),   // Latin for Vietnamese
		span(0x2E80, 0x2FDF),   // CJK radicals
		span(0x4E00, 0x9FFF),   // CJK ideographs
		span(0xAC00, 0xD7A3),   // Hangul syllables
		span(0xF900, 0xFAFF),   // CJK compatibility ideographs
		span(0xFF00, 0xFFEF),   // fullwidth and halfwidth forms
		span(0x1D400, 0x1D7FF), // mathematical letters and digits
		span(0x1F300, 0x1FAFF), // emoji
		func(rng *rand.Rand) string { return string(confusableRunes[rng.IntN(len(confusableRunes))]) },
		func(rng *rand.Rand) string {
			r := confusableRunes[rng.IntN(len(confusableRunes))]
			p, _ := prototype(r)
			return string(r) + p // a look-alike beside what it looks like
		},
		func(rng *rand.Rand) string { return []string{"\xff", "\xe4\xb8", "\xcc", " "}[rng.IntN(4)] },
	}
	rng := rand.New(rand.NewPCG(8, 39))
	for range 5000 {
		var s strings.Builder
		for range 1 + rng.IntN(12) {
			s.WriteString(pieces[rng.IntN(len(pieces))](rng))
		}
		check(s.String())
	}
}

// span picks a rune between lo and hi.
func span(lo, hi rune) func(*rand.Rand) string {
	return func(rng *rand.Rand) string { return string(lo + rng.Int32N(hi-lo+1)) }
}
