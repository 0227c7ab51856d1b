package trf

import (
	"bytes"
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
	c.lo, c.hi, c.hiCol = firstNonASCII(b), len(b), len(b)
	if c.lo == len(b) {
		return true
	}
	c.hi = lastNonASCII(b) + 1
	if !utf8.Valid(b[c.lo:c.hi]) {
		return false
	}
	c.hiCol = c.lo + utf8.RuneCount(b[c.lo:c.hi])
	return true
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

// trimmed is field without blanks around it (unicode.IsSpace). The blanks
// that pad a field go first, byte by byte: bytes.TrimSpace alone would
// decode them one character at a time after a Chinese name.
func (c *columns) trimmed(from, width int) []byte {
	return bytes.TrimSpace(bytes.TrimRight(c.field(from, width), " "))
}

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

// asciiTail returns the line's bytes from column col when they are all
// ASCII, in a line of ASCII or after its last other character (then a
// column is a byte); nil when they are not or the line ends before col.
func (c *columns) asciiTail(col int) []byte {
	if col >= c.len() || c.lo < len(c.b) && col < c.hiCol {
		return nil
	}
	return c.b[c.offset(col):]
}

// highBits are the high bits of 8 bytes: a word with one set holds a byte
// beyond ASCII.
const highBits = 0x8080808080808080

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

// lastNonASCII returns the index of b's last byte above 7 bits, 8 bytes at
// a time; b has one.
func lastNonASCII(b []byte) int {
	i := len(b)
	for ; i >= 8; i -= 8 {
		if binary.LittleEndian.Uint64(b[i-8:])&highBits != 0 {
			break
		}
	}
	for i--; b[i] < utf8.RuneSelf; i-- {
	}
	return i
}
