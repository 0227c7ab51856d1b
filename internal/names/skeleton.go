package names

import (
	"slices"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

//go:generate go run ./internal/gentable

// skeleton is the skeleton of Unicode TR39 (section 4, confusable
// detection) as github.com/mtibben/confusables' Skeleton makes it: s in
// NFD, each rune replaced by its prototype, NFD again. The table is that
// module's, generated into prototypes.go: the module builds it as a map at
// every start of a program (half a millisecond of every qisai command),
// prototypes.go is arrays the compiler lays out in the binary.
func skeleton(s string) string {
	return norm.NFD.String(withPrototypes(norm.NFD.String(s)))
}

// withPrototypes is s with each rune replaced by its prototype, and a
// broken byte by U+FFFD as confusables' range over s reads it. It is s
// itself when nothing is replaced, without a copy.
func withPrototypes(s string) string {
	var b strings.Builder
	done := 0 // s[:done] is in b
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		p, ok := prototype(r)
		if !ok && n == 1 && r == utf8.RuneError {
			p, ok = string(utf8.RuneError), true
		}
		if ok {
			b.WriteString(s[done:i])
			b.WriteString(p)
			done = i + n
		}
		i += n
	}
	if done == 0 {
		return s
	}
	b.WriteString(s[done:])
	return b.String()
}

// prototype is what r looks like, if confusables.txt says. The table is
// sorted runes beside where their prototypes end in one string, rather
// than {rune, string} pairs: a third of the size, and no pointers for the
// garbage collector to scan.
func prototype(r rune) (string, bool) {
	if r < utf8.RuneSelf && strings.IndexByte(asciiConfusables, byte(r)) < 0 {
		return "", false // most runes of most names, without a search
	}
	i, ok := slices.BinarySearch(confusableRunes[:], r)
	if !ok {
		return "", false
	}
	start := uint16(0)
	if i > 0 {
		start = prototypeEnds[i-1]
	}
	return prototypes[start:prototypeEnds[i]], true
}
