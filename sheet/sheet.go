// Package sheet is what people look at of an event — a round's pairings,
// the standings, the crosstable (成绩表), a player's games, the score
// sheets (记分单) — as tables of cells in one language, built from a model
// of the event (Event) that the chat and the command line both fill. The
// monospace text of the chat and of the command line (Text), the pictures
// (package picture), the CSV files (WriteCSV, CSVFile) and the printable
// and live web pages (package page) each lay the same tables out in their
// own way, so they never disagree about what an event says.
package sheet

import (
	"cmp"
	"slices"

	"github.com/qisai/qisai/internal/i18n"
)

// Kind says what a table shows, for a renderer that lays one kind out in
// its own way (a picture's column widths, a page's anchors).
type Kind string

// The kinds are named Kind… because the builders that make each table are
// named by what they show: Pairings(e, round, lang) is a KindPairings table.
const (
	KindPairings   Kind = "pairings"   // a round's boards: board, red, black, scores, result
	KindStandings  Kind = "standings"  // place, name, unit, score, tiebreaks
	KindCrosstable Kind = "crosstable" // 成绩表: per round opponent, colour, result; totals
	KindGames      Kind = "games"      // one player's games, round by round
	KindBracket    Kind = "bracket"    // a knockout's matches by round (the formats issue)
)

// Align is how a column's cells sit in it.
type Align uint8

const (
	Left Align = iota
	Right
	Center
)

// Tone is how a cell is marked where colour or weight can be shown.
type Tone uint8

const (
	Plain  Tone = iota
	Red         // the red side's player, a red win
	Black       // the black side's player
	Muted       // no result yet, a bye, a player who withdrew
	Strong      // a winner, the leader
)

// Cell is one cell of a table.
type Cell struct {
	Text string
	Tone Tone
	// Link, when set, is a path relative to the event's web page that the
	// cell leads to ("p/5": player 5's games); renderers without links
	// ignore it.
	Link string
}

// Column is a column's heading and layout.
type Column struct {
	Title string
	Align Align
	// Shrink marks the column that may be shortened ("…") where the width
	// is short: the names.
	Shrink bool
	// Full is the heading in full, for a layout with room (a file, a
	// page): "Buchholz" where Title is "BH"; "" when Title says it all.
	Full string
	// Brief marks the columns a narrow layout keeps (the chat's table on
	// a phone): a pairing's board, names and result, say, without the
	// numbers, units and scores the sheet also has.
	Brief bool
	// Rank, from 1, is where the column comes in the order the rows are
	// ranked by: the score 1, the tiebreaks after it in the event's order
	// (R-T-*); 0 for a column that ranks nothing.
	Rank int
	// Decisive marks a ranking column that is Brief where it decided a
	// place among the rows (Table.decisive), or, where a phone has room,
	// where it comes before one that did: a tiebreak.
	Decisive bool
}

// Heading is the column's heading in full (Full, else Title).
func (c Column) Heading() string {
	if c.Full != "" {
		return c.Full
	}
	return c.Title
}

// Table is a titled table. Rows hold one cell per column.
type Table struct {
	Kind    Kind
	Title   string   // "第3轮对阵" / "Round 3 pairings"
	Note    string   // a line under the title: the start time, "2 results pending"
	Columns []Column // the headings
	Rows    [][]Cell
	Footer  []string // lines under the table: what the tiebreak columns are, "= shared place"
	// Bracket is the bracket a KindBracket table shows (BracketTable), for
	// a layout that draws it as one (a page, a picture); nil in a table of
	// another kind.
	Bracket *Bracket
}

// decisive marks the ranking columns (Column.Rank) that decided a place
// among t's rows: for two rows next to each other, the first column in
// ranking order in which they differ. The columns after it did not
// separate them, and a column that never comes first decided nothing: a
// phone's table leaves it out, and a reader still sees why each row is
// where it is.
func (t Table) decisive() []bool {
	var order []int
	for i, c := range t.Columns {
		if c.Rank > 0 {
			order = append(order, i)
		}
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(t.Columns[a].Rank, t.Columns[b].Rank) })
	out := make([]bool, len(t.Columns))
	for r := 1; r < len(t.Rows); r++ {
		for _, i := range order {
			if t.Rows[r-1][i].Text != t.Rows[r][i].Text {
				out[i] = true
				break
			}
		}
	}
	return out
}

// briefDecisive makes brief the Decisive columns that decided a place
// among t's rows, and only those; with before, those that come before
// one that decided too, in which the rows it separated were equal. It
// returns which columns decided (decisive).
func (t *Table) briefDecisive(before bool) []bool {
	decided := t.decisive()
	last := 0 // the rank of the last column that decided
	for i, c := range t.Columns {
		if c.Decisive && decided[i] {
			last = max(last, c.Rank)
		}
	}
	for i, c := range t.Columns {
		if c.Decisive {
			t.Columns[i].Brief = decided[i] || before && c.Rank < last
		}
	}
	return decided
}

// without leaves out the table's columns at cols, given in increasing
// order, and their cells.
func (t *Table) without(cols ...int) {
	for _, c := range slices.Backward(cols) {
		t.Columns = slices.Delete(t.Columns, c, c+1)
		for i := range t.Rows {
			t.Rows[i] = slices.Delete(t.Rows[i], c, c+1)
		}
	}
}

// Page is everything a live page or a print shows of one event at one
// moment.
type Page struct {
	Event  string // the event's name
	Lang   i18n.Lang
	Status string // "第3轮进行中" / "Round 3 in progress"
	// Version changes whenever anything in the event does (the number of
	// actions in its log): a page that shows Version n is up to date while
	// the event's version is n.
	Version int64
	Tables  []Table
}

// ScoreSheet is one board's score sheet (记分单), printed for the players
// to write their moves on and sign.
type ScoreSheet struct {
	Event       string
	Round       int
	Board       int
	Red, Black  string // "3 王天一" — number and name
	RedUnit     string
	BlackUnit   string
	TimeControl string // as the event states it, "" if none
	Start       string // the round's start, "" if none
}
