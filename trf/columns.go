package trf

import (
	"encoding/binary"
	"unicode/utf8"
)

// columns is one line of a file seen in TRF's fixed columns, which count
// characters, not bytes: a Chinese name takes 3 bytes a column. Most lines
// are ASCII but for the name, so columns keeps the byte offset of each
// column only from the first non-ASCII byte to the last; before and after
// them, a column is a byte. Those offsets are worked out only when a column
// among them is asked for: most lines are read only before and after their
// name, whose field starts before it and ends after it.
type columns struct {
	b      []byte
	lo, hi int     // bytes lo..hi-1 hold every non-ASCII character (lo == hi == len(b) when there is none)
	hiCol  int     // the column that starts at byte hi
	offs   []int32 // the byte offsets of columns lo..hiCol, once mapped
	mapped bool    // whether offs is this line's
}

// set makes c view line b, reusing the memory of c's offsets, and reports
// whether b is UTF-8.
func (c *columns) set(b []byte) (valid bool) {
	c.b, c.mapped = b, false
	c.lo = firstNonASCII(b)
	c.hi, c.hiCol = len(b), len(b)
	if c.lo == len(b) {
		return true
	}
	c.hi = lastNonASCII(b) + 1
	c.hiCol, valid = countRunes(b[c.lo:c.hi])
	c.hiCol += c.lo
	return valid
}

// countRunes is utf8.RuneCount and utf8.Valid of b, in one look at it
// that takes a Chinese character (3 bytes, lead byte E1-EC) at a time.
func countRunes(b []byte) (n int, valid bool) {
	for i := 0; i < len(b); n++ {
		c := b[i]
		switch {
		case c < utf8.RuneSelf:
			i++
		case c >= 0xE1 && c <= 0xEC && i+2 < len(b) && b[i+1]&0xC0 == 0x80 && b[i+2]&0xC0 == 0x80:
			i += 3
		default:
			r, size := utf8.DecodeRune(b[i:])
			if r == utf8.RuneError && size == 1 { // a U+FFFD written out is valid
				return 0, false
			}
			i += size
		}
	}
	return n, true
}

// mapOffsets works out the offsets of the columns from lo to hiCol.
func (c *columns) mapOffsets() {
	c.offs = c.offs[:0]
	for i := range string(c.b[c.lo:c.hi]) { // ranging over string(b) does not copy b
		c.offs = append(c.offs, int32(c.lo+i))
	}
	c.offs = append(c.offs, int32(c.hi))
	c.mapped = true
}

// len is the number of columns.
func (c *columns) len() int { return c.hiCol + len(c.b) - c.hi }

// offset is the byte where column col starts; col is at most c.len().
func (c *columns) offset(col int) int {
	switch {
	case col <= c.lo:
		return col
	case col >= c.hiCol:
		return col - c.hiCol + c.hi
	case !c.mapped:
		c.mapOffsets()
	}
	return int(c.offs[col-c.lo])
}

// field returns width columns from column from (0-based), cut short at the
// end of the line.
func (c *columns) field(from, width int) []byte {
	n := c.len()
	if from >= n {
		return nil
	}
	return c.b[c.offset(from):c.offset(min(from+width, n))]
}

// trimmed is field without blanks around it (unicode.IsSpace), looked at
// byte by byte while they are ASCII.
func (c *columns) trimmed(from, width int) []byte {
	return trimBlanks(c.field(from, width))
}

// trimBlanks is bytes.TrimSpace, which decodes a character at each end of
// b that is beyond ASCII (a Chinese name's last) more slowly.
func trimBlanks(b []byte) []byte {
	for len(b) > 0 {
		if c := b[0]; c < utf8.RuneSelf {
			if !asciiSpace[c] {
				break
			}
			b = b[1:]
		} else if c >= 0xE4 && c <= 0xEF { // U+4000–U+FFFF, a Chinese character's range: no space there
			break
		} else if r, size := utf8.DecodeRune(b); isBlank(r) {
			b = b[size:]
		} else {
			break
		}
	}
	for len(b) >= 8 && binary.LittleEndian.Uint64(b[len(b)-8:]) == blanks8 { // a field's padding
		b = b[:len(b)-8]
	}
	for len(b) > 0 {
		if c := b[len(b)-1]; c < utf8.RuneSelf {
			if !asciiSpace[c] {
				break
			}
			b = b[:len(b)-1]
		} else if n := len(b); n >= 3 && b[n-3] >= 0xE4 && b[n-3] <= 0xEF && b[n-2]&0xC0 == 0x80 && c&0xC0 == 0x80 {
			break // as at the start: a character from U+4000 on, not a space
		} else if r, size := utf8.DecodeLastRune(b); isBlank(r) {
			b = b[:len(b)-size]
		} else {
			break
		}
	}
	return b
}

// asciiSpace is unicode.IsSpace of the ASCII characters.
var asciiSpace = [utf8.RuneSelf]bool{' ': true, '\t': true, '\n': true, '\v': true, '\f': true, '\r': true}

// at returns the character in column col (0-based), blank past the end.
func (c *columns) at(col int) rune {
	if col >= c.len() {
		return ' '
	}
	i := c.offset(col)
	if c.b[i] < utf8.RuneSelf {
		return rune(c.b[i])
	}
	r, _ := utf8.DecodeRune(c.b[i:])
	return r
}

// block copies the blockWidth columns from column from into dst, blank
// past the end of the line; most directly where the line is ASCII.
func (c *columns) block(from int, dst *[blockWidth]rune) {
	if from < c.hiCol {
		for i := range dst {
			dst[i] = c.at(from + i)
		}
		return
	}
	tail := c.b[min(from-c.hiCol+c.hi, len(c.b)):]
	if len(tail) >= blockWidth { // all but a line's last block
		for i := range dst {
			dst[i] = rune(tail[i])
		}
		return
	}
	for i := range dst {
		dst[i] = ' '
		if i < len(tail) {
			dst[i] = rune(tail[i])
		}
	}
}

// asciiTail returns the line's bytes from column col when they all lie
// after its last non-ASCII character (then a column is a byte), nil when
// they do not or the line ends before col.
func (c *columns) asciiTail(col int) []byte {
	if col < c.hiCol || col >= c.len() {
		return nil
	}
	return c.b[col-c.hiCol+c.hi:]
}

const (
	highBits = 0x8080808080808080
	blanks8  = 0x2020202020202020 // eight ' '
)

// firstNonASCII returns the index of b's first byte above 7 bits, or len(b),
// looking at 8 bytes at a time.
func firstNonASCII(b []byte) int {
	i := 0
	for ; i+8 <= len(b); i += 8 {
		if binary.LittleEndian.Uint64(b[i:])&highBits != 0 {
			break
		}
	}
	for ; i < len(b) && b[i] < utf8.RuneSelf; i++ {
	}
	return i
}

// lastNonASCII returns the index of b's last byte above 7 bits; b has one.
func lastNonASCII(b []byte) int {
	i := len(b)
	for ; i >= 32; i -= 32 { // a 001 line's rounds, 32 bytes at a time
		w := b[i-32 : i]
		if (binary.LittleEndian.Uint64(w)|binary.LittleEndian.Uint64(w[8:])|
			binary.LittleEndian.Uint64(w[16:])|binary.LittleEndian.Uint64(w[24:]))&highBits != 0 {
			break
		}
	}
	for ; i >= 8; i -= 8 {
		if binary.LittleEndian.Uint64(b[i-8:])&highBits != 0 {
			break
		}
	}
	for i--; b[i] < utf8.RuneSelf; i-- {
	}
	return i
}
