package names

import (
	"strings"
	"sync"
	"unicode"

	"golang.org/x/text/cases"
	"golang.org/x/text/unicode/norm"
)

// Key is what a name is compared by when a new name must not pass for one
// already taken: two names with the same key look alike. It is the name
// NFKC-normalised (fullwidth Ａ is A, ① is 1), case-folded, without the
// characters that show as nothing (zero-width spaces, joiners, direction
// marks, variation selectors), and then the skeleton of Unicode TR39
// (confusables.txt: Cyrillic а and Greek ο are Latin a and o, rn is m),
// folded again since a skeleton's prototypes are not all lower case. A key
// is for comparing only: it is a hodgepodge of scripts, never shown.
func Key(name string) string {
	memo.Lock()
	k, ok := memo.keys[name]
	memo.Unlock()
	if ok {
		return k
	}
	k = key(name)
	memo.Lock()
	if len(memo.keys) >= memoSize {
		clear(memo.keys)
	}
	memo.keys[name] = k
	memo.Unlock()
	return k
}

// memo keeps the keys of the names seen lately: a sign-up compares the new
// name with every entrant's, and a key takes microseconds to make, a look-up
// here a few dozen nanoseconds. It is emptied when full.
var memo = struct {
	sync.Mutex
	keys map[string]string
}{keys: map[string]string{}}

const memoSize = 1 << 16

func key(name string) string {
	s := norm.NFKC.String(name)
	s = cases.Fold().String(s) // a Caser is not safe to share between goroutines
	s = strings.Map(func(r rune) rune {
		switch {
		case unicode.Is(unicode.Zs, r):
			return ' '
		case r < 0x80 && r >= 0x20 && r != 0x7F:
			return r // the common case, quickly
		case r == '\u200D', variationSelector(r), !shows(r, 0, 0, false):
			return -1
		}
		return r
	}, s)
	s = strings.Join(strings.Fields(s), " ")
	return cases.Fold().String(skeleton(s))
}

// Same says whether two names look alike (their keys are equal).
func Same(a, b string) bool { return a == b || Key(a) == Key(b) }
