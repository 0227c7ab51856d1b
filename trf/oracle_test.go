package trf

import (
	"bytes"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"github.com/qisai/qisai/engine"
)

// TestReadAgreesWithColumns holds Read to a reading of the test's own
// (readColumns) on every stored file Read accepts, the shared TRF files
// among them, and on generated ones: the same players, with the same names
// and ratings, and in every round the same opponent, colour and result.
func TestReadAgreesWithColumns(t *testing.T) {
	files := corpus(t)
	for name, b := range generated(t) {
		files[name] = b
	}
	compared := 0
	for _, name := range slices.Sorted(maps.Keys(files)) {
		ev, err := Read(bytes.NewReader(files[name]), name)
		if err != nil {
			continue
		}
		compared++
		want, rounds := readColumns(files[name])
		if len(ev.Players) != len(want) || len(ev.Rounds) != rounds {
			t.Fatalf("%s: %d players, %d rounds; the columns give %d, %d", name, len(ev.Players), len(ev.Rounds), len(want), rounds)
		}
		got := eventBlocks(ev)
		for _, pl := range ev.Players {
			w := want[pl.ID]
			if pl.Name != w.name || pl.Rating != w.rating {
				t.Errorf("%s: player %d is %q rated %d; the columns give %q rated %d", name, pl.ID, pl.Name, pl.Rating, w.name, w.rating)
			}
			for r := range rounds {
				if g, c := got[[2]int{pl.ID, r}], w.block(r); g != c {
					t.Errorf("%s: player %d, round %d: %q; the columns give %q", name, pl.ID, r+1, g, c)
				}
			}
		}
	}
	t.Logf("%d files compared", compared)
	if compared < 20 {
		t.Fatalf("only %d files compared", compared)
	}
}

// columnPlayer is a player as readColumns reads them.
type columnPlayer struct {
	name   string
	rating int
	blocks []columnBlock
}

// columnBlock is a round's block: the opponent (0 for a bye), the colour
// (w, b or -) and the result (1 0 = + - or a blank for a game, U F H Z for
// a bye); none for a blank block.
type columnBlock struct {
	opp            int
	colour, result rune
	none           bool
}

// block is player p's round r in one form, "opponent colour result" ("12
// w 1", "0 - U"), "" for none.
func (p *columnPlayer) block(r int) string {
	if r >= len(p.blocks) || p.blocks[r].none {
		return ""
	}
	b := p.blocks[r]
	return fmt.Sprintf("%d %c %c", b.opp, b.colour, b.result)
}

// readColumns reads the players of a file Read accepts, and the number of
// rounds, as FIDE's TRF-16 places them in a 001 line, columns counted in
// characters from 1: the starting rank in 5-8, the name in 15-47, the
// rating in 49-52 and, from column 92, ten columns a round: the opponent
// in the first four, the colour in the sixth, the result in the eighth.
// qisai's QSN (a whole name), QSG (a game paired, no result yet) and QSB (a
// pairing bye's colour) lines change what the 001 lines say.
func readColumns(data []byte) (players map[int]*columnPlayer, rounds int) {
	players = map[int]*columnPlayer{}
	var own []string
	for _, line := range strings.FieldsFunc(strings.TrimPrefix(string(data), "\uFEFF"), func(r rune) bool { return r == '\n' || r == '\r' }) {
		c := []rune(line)
		field := func(from, to int) string { return strings.TrimSpace(string(c[min(from-1, len(c)):min(to, len(c))])) }
		at := func(col int) rune { // blank past the end
			if col > len(c) {
				return ' '
			}
			return c[col-1]
		}
		switch line[:min(3, len(line))] {
		case "001":
			id, _ := strconv.Atoi(field(5, 8))
			p := &columnPlayer{name: field(15, 47)}
			p.rating, _ = strconv.Atoi(field(49, 52))
			for k := 92; k <= len(c); k += 10 {
				p.blocks = append(p.blocks, block(field(k, k+3), at(k+5), at(k+7)))
			}
			players[id] = p
		case "QSN", "QSG", "QSB":
			own = append(own, line)
		}
	}
	for _, line := range own { // "QSN rank name", "QSG red round black", "QSB rank round colour"
		f := strings.Fields(line)
		id, _ := strconv.Atoi(f[1])
		p := players[id]
		if f[0] == "QSN" {
			p.name = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(line[3:]), f[1]))
			continue
		}
		r, _ := strconv.Atoi(f[2])
		p.grow(r)
		if f[0] == "QSB" {
			p.blocks[r-1].colour = rune(f[3][0])
			continue
		}
		black, _ := strconv.Atoi(f[3])
		q := players[black]
		q.grow(r)
		p.blocks[r-1], q.blocks[r-1] = columnBlock{opp: black, colour: 'w', result: ' '}, columnBlock{opp: id, colour: 'b', result: ' '}
	}
	for id, p := range players {
		for r, b := range p.blocks {
			if b.opp == 0 || b.colour != '-' {
				continue
			}
			// A forfeit without a colour: the other colour than the
			// opponent's, else red (w) for the lower starting rank.
			switch other := players[b.opp].blocks[r].colour; {
			case other == 'w':
				p.blocks[r].colour = 'b'
			case other == 'b' || id < b.opp:
				p.blocks[r].colour = 'w'
			default:
				p.blocks[r].colour = 'b'
			}
		}
		for len(p.blocks) > 0 && p.blocks[len(p.blocks)-1].none {
			p.blocks = p.blocks[:len(p.blocks)-1]
		}
		rounds = max(rounds, len(p.blocks))
	}
	return players, rounds
}

// grow gives p blocks for r rounds at least.
func (p *columnPlayer) grow(r int) {
	for len(p.blocks) < r {
		p.blocks = append(p.blocks, columnBlock{none: true})
	}
}

// block reads a block from its opponent, colour and result columns. As
// TRF-16 has it, W D L are 1 = 0, letters may be lower case, and a bye may
// be written + (U), = (H), - or blank (Z).
func block(opp string, colour, result rune) columnBlock {
	if opp == "" && colour == ' ' && result == ' ' {
		return columnBlock{none: true}
	}
	b := columnBlock{colour: unicode.ToLower(colour), result: result}
	b.opp, _ = strconv.Atoi(opp)
	if b.colour == ' ' {
		b.colour = '-'
	}
	if r, ok := map[rune]rune{'W': '1', 'w': '1', 'D': '=', 'd': '=', 'L': '0', 'l': '0'}[result]; ok {
		b.result = r
	}
	b.result = unicode.ToUpper(b.result)
	if r, ok := map[rune]rune{'+': 'U', '=': 'H', '-': 'Z', ' ': 'Z'}[b.result]; ok && b.opp == 0 {
		b.result = r
	}
	return b
}

// eventBlocks is every player's every round of ev in block's form, by
// player and round (from 0).
func eventBlocks(ev *engine.Event) map[[2]int]string {
	codes := map[engine.Result]string{engine.Pending: "  ", engine.RedWin: "10", engine.BlackWin: "01", engine.Draw: "==",
		engine.RedForfeitWin: "+-", engine.BlackForfeitWin: "-+", engine.DoubleForfeit: "--"}
	byes := map[engine.ByeKind]string{engine.PairingBye: "U", engine.FullBye: "F", engine.HalfBye: "H", engine.ZeroBye: "Z"}
	colours := map[engine.Colour]string{engine.Red: "w", engine.Black: "b", engine.NoColour: "-"}
	blocks := map[[2]int]string{}
	for r, rd := range ev.Rounds {
		for _, g := range rd.Games {
			blocks[[2]int{g.Red, r}] = fmt.Sprintf("%d w %c", g.Black, codes[g.Result][0])
			blocks[[2]int{g.Black, r}] = fmt.Sprintf("%d b %c", g.Red, codes[g.Result][1])
		}
		for _, b := range rd.Byes {
			blocks[[2]int{b.Player, r}] = fmt.Sprintf("0 %s %s", colours[b.Colour], byes[b.Kind])
		}
	}
	return blocks
}
