package trf

import (
	"bytes"
	"errors"
	"fmt"
	"github.com/qisai/qisai/internal/shared"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/qisai/qisai/engine"
)

// sharedTRF returns the path of a file in ../shared/testdata/trf, or skips.
func sharedTRF(t *testing.T, name string) string {
	t.Helper()
	return shared.Path(t, "trf", name)
}

func readFile(t *testing.T, path string) *engine.Event {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	ev, err := Read(f, filepath.Base(path))
	if err != nil {
		t.Fatalf("Read: %v", err)
	}
	return ev
}

func readString(s string) (*engine.Event, error) {
	return Read(strings.NewReader(s), "test.trf")
}

// game returns round r's game of player id, failing when there is none.
func game(t *testing.T, ev *engine.Event, r, id int) engine.Game {
	t.Helper()
	for _, g := range ev.Rounds[r-1].Games {
		if g.Red == id || g.Black == id {
			return g
		}
	}
	t.Fatalf("round %d: player %d has no game", r, id)
	return engine.Game{}
}

// bye returns round r's bye kind of player id, and whether there is one.
func bye(ev *engine.Event, r, id int) (engine.ByeKind, bool) {
	for _, b := range ev.Rounds[r-1].Byes {
		if b.Player == id {
			return b.Kind, true
		}
	}
	return 0, false
}

type wantGame struct {
	round, board, red, black int
	result                   engine.Result
}

type wantBye struct {
	round, player int
	kind          engine.ByeKind
}

// The expectations are read off the files by hand.
func TestReadSharedFiles(t *testing.T) {
	tests := []struct {
		file         string
		name         string
		players      int
		rounds       int // rounds present
		total        int // Settings.Rounds
		firstColour  engine.FirstColourMethod
		games        []wantGame
		byes         []wantBye
		noEntry      [][2]int // {round, player} without any record
		gamesInRound map[int]int
	}{
		{
			file: "2020_06.trf", name: "Mai 5 Plus 0 Turnier", players: 13, rounds: 10, total: 10,
			firstColour: engine.AlternateBoards, // XXC white1
			games: []wantGame{
				{1, 1, 13, 1, engine.BlackWin}, // 1: "13 b 1"
				{1, 2, 7, 2, engine.BlackWin},  // 2: " 7 b 1"
				{1, 3, 6, 3, engine.BlackWin},  // 3: " 6 b 1"
				{1, 4, 4, 9, engine.RedWin},    // 4: " 9 w 1"
				{1, 5, 11, 10, engine.RedWin},  // 10: "11 b 0"
				{3, 1, 1, 3, engine.BlackWin},  // 1: " 3 w 0"
				{3, 5, 13, 7, engine.RedWin},   // 13: " 7 w 1"
				{4, 1, 6, 1, engine.Draw},      // 1: " 6 b ="
				{10, 3, 3, 9, engine.Draw},     // 3: " 9 w ="
				{10, 5, 6, 5, engine.RedWin},   // 5: " 6 b 0"
			},
			byes: []wantBye{
				{1, 5, engine.HalfBye}, {1, 8, engine.HalfBye}, {1, 12, engine.PairingBye},
				{2, 5, engine.ZeroBye}, // lichess writes an absent round as "-"
				{2, 6, engine.PairingBye}, {4, 7, engine.PairingBye}, {4, 13, engine.ZeroBye},
				{5, 10, engine.PairingBye}, {5, 8, engine.ZeroBye}, {10, 13, engine.ZeroBye},
			},
			gamesInRound: map[int]int{1: 5, 2: 5, 10: 6},
		},
		{
			file: "2021_03.trf", name: "Juni Blitzschach 5 Plus 0", players: 9, rounds: 9, total: 9,
			firstColour: engine.AlternateBoardsHigherRed, // XXC black1
			games: []wantGame{
				{1, 1, 1, 6, engine.RedWin},   // 1: " 6 w 1"
				{1, 2, 4, 2, engine.RedWin},   // 2: " 4 b 0"
				{1, 3, 8, 3, engine.BlackWin}, // 3: " 8 b 1"
				{1, 4, 7, 9, engine.BlackWin}, // 7: " 9 w 0"
				{2, 1, 2, 1, engine.Draw},     // 1: " 2 b ="
				{9, 2, 7, 3, engine.RedWin},   // 3: " 7 b 0"
			},
			byes: []wantBye{{1, 5, engine.PairingBye}, {9, 1, engine.PairingBye}, {4, 9, engine.PairingBye}},
		},
		{
			file: "bbp_dutch_2025_C5.trf", name: "Dutch 2025 C5 test", players: 6, rounds: 3, total: 3,
			games: []wantGame{
				{1, 1, 1, 4, engine.RedWin},   // 1: "4 w 1"
				{1, 2, 5, 2, engine.BlackWin}, // 2: "5 b 1"
				{1, 3, 3, 6, engine.RedWin},   // 3: "6 w 1"
				{2, 1, 2, 1, engine.BlackWin}, // 1: "2 b 1"
				{2, 2, 4, 3, engine.BlackWin}, // 3: "4 b 1"
			},
			// Player 4 is known to be absent from round 3, the one to pair.
			byes:         []wantBye{{3, 4, engine.ZeroBye}},
			gamesInRound: map[int]int{3: 0},
		},
		{
			file: "bbp_dutch_2025_C9.trf", name: "Dutch 2025 C9 test", players: 5, rounds: 1, total: 3,
			games: []wantGame{{1, 1, 1, 3, engine.RedWin}, {1, 2, 4, 2, engine.BlackWin}},
			byes:  []wantBye{{1, 5, engine.ZeroBye}},
		},
		{
			file: "example1.trf", name: "9. Karl-Mala-Gedenkturnier", players: 284, rounds: 7, total: 7, // no XXR
			games: []wantGame{
				{1, 1, 1, 141, engine.RedWin},   // 1: "141 w 1"
				{1, 2, 142, 2, engine.BlackWin}, // 2: "142 b 1"
				// 13: "153 - -", 153: "13 - +": no colours, so the lower rank is red.
				{1, 13, 13, 153, engine.BlackForfeitWin},
				{1, 0, 63, 204, engine.RedForfeitWin},   // 63: "204 - +"
				{6, 0, 59, 151, engine.BlackForfeitWin}, // 59: "151 - -"
				{7, 0, 1, 31, engine.Draw},              // 1: " 31 w ="
				{4, 0, 22, 3, engine.BlackWin},          // 3: " 22 b 1"
			},
			byes: []wantBye{
				{5, 282, engine.PairingBye}, // "0000 - +": the old form of U
				{5, 284, engine.ZeroBye},    // the "spielfrei" dummy: "0000 - -"
			},
			noEntry: [][2]int{{2, 13}, {7, 13}, {1, 284}, {6, 121}},
		},
	}
	for _, tt := range tests {
		t.Run(strings.TrimSuffix(tt.file, ".trf"), func(t *testing.T) {
			ev := readFile(t, sharedTRF(t, tt.file))
			if ev.Name != tt.name {
				t.Errorf("Name = %q, want %q", ev.Name, tt.name)
			}
			if len(ev.Players) != tt.players {
				t.Fatalf("%d players, want %d", len(ev.Players), tt.players)
			}
			if len(ev.Rounds) != tt.rounds || ev.Settings.Rounds != tt.total {
				t.Errorf("%d rounds present, XXR %d; want %d, %d", len(ev.Rounds), ev.Settings.Rounds, tt.rounds, tt.total)
			}
			if ev.Settings.FirstColour != tt.firstColour {
				t.Errorf("FirstColour = %v, want %v", ev.Settings.FirstColour, tt.firstColour)
			}
			if ev.Settings.Scoring != engine.ScoringNational || ev.Settings.ByeValue != engine.Pts(1) {
				t.Errorf("scoring %v, bye %v; want TRF's default 1/0.5/0 and a bye worth 1", ev.Settings.Scoring, ev.Settings.ByeValue)
			}
			for _, w := range tt.games {
				g := game(t, ev, w.round, w.red)
				if g.Red != w.red || g.Black != w.black || g.Result != w.result || (w.board != 0 && g.Board != w.board) {
					t.Errorf("round %d: got %+v, want board %d %d-%d result %d", w.round, g, w.board, w.red, w.black, w.result)
				}
			}
			for _, w := range tt.byes {
				if k, ok := bye(ev, w.round, w.player); !ok || k != w.kind {
					t.Errorf("round %d: player %d bye %v (%v), want %v", w.round, w.player, k, ok, w.kind)
				}
			}
			h := ev.Histories()
			for _, rp := range tt.noEntry {
				if e := h[rp[1]][rp[0]-1]; e.Outcome != engine.OutcomeNone {
					t.Errorf("round %d: player %d has %+v, want no record", rp[0], rp[1], e)
				}
			}
			for r, n := range tt.gamesInRound {
				if got := len(ev.Rounds[r-1].Games); got != n {
					t.Errorf("round %d has %d games, want %d", r, got, n)
				}
			}
		})
	}
}

// line builds a 001 line: the name in its columns, the other fields before
// the rounds blank, then the round blocks.
func line(id int, name string, blocks ...string) string {
	s := fmt.Sprintf("001 %4d      %-33s%42s", id, name, "")
	for _, b := range blocks {
		s += "  " + b
	}
	return s + "\n"
}

func TestReadCodes(t *testing.T) {
	ev := readFile(t, "testdata/codes.trf")
	settings := engine.DefaultSettings(5)                  // XXR 5
	settings.Scoring = engine.ScoringTwoOne                // BBW 2.0, BBD 1.0, BBL 0.0
	settings.ByeValue = engine.Pts(1)                      // BBU 1.0
	settings.FirstColour = engine.AlternateBoardsHigherRed // XXC black1
	red, black := "红队", "黑队"
	want := &engine.Event{
		Name:     "Test event: teams and codes",
		Settings: settings,
		Players: []engine.Player{
			{ID: 1, Name: "张三", Unit: red, Rating: 2700},
			{ID: 2, Name: "李四", Unit: black, Rating: 2650},
			{ID: 3, Name: "王五"},
			{ID: 4, Name: "赵六", Unit: red, Rating: 2550},
			{ID: 5, Name: "钱七", Unit: black, Rating: 2500},
			{ID: 6, Name: "Schmidt, Anna-Lena", Unit: red, Rating: 1800},
			{ID: 7, Name: "孙八"},
		},
		Rounds: []engine.Round{
			{
				Games: []engine.Game{
					{Board: 1, Red: 1, Black: 5, Result: engine.RedWin},
					{Board: 2, Red: 6, Black: 2, Result: engine.RedWin}, // "w" against "l": not rated, still a win
					{Board: 3, Red: 3, Black: 7, Result: engine.Draw},
				},
				Byes: []engine.Bye{{Player: 4, Kind: engine.PairingBye}},
			},
			{
				Games: []engine.Game{
					{Board: 1, Red: 2, Black: 1, Result: engine.BlackWin},
					{Board: 2, Red: 3, Black: 4, Result: engine.RedForfeitWin}, // "4 - +": no colours
					{Board: 3, Red: 5, Black: 7, Result: engine.Draw},          // "D" and "d"
				},
				Byes: []engine.Bye{{Player: 6, Kind: engine.PairingBye}}, // "0000 - +"
			},
			{
				Games: []engine.Game{
					{Board: 1, Red: 1, Black: 4, Result: engine.Pending},
					{Board: 2, Red: 6, Black: 3, Result: engine.Pending},
				},
				Byes: []engine.Bye{
					{Player: 2, Kind: engine.HalfBye},
					{Player: 5, Kind: engine.FullBye},
					{Player: 7, Kind: engine.ZeroBye}, // "z"
				},
			},
		},
	}
	if !reflect.DeepEqual(ev, want) {
		t.Errorf("Read codes.trf:\n got %+v\nwant %+v", ev, want)
	}
}

// The points column of every shared file agrees with the score the engine
// counts from the parsed results: a check on every result and bye mapping.
func TestReadSharedScores(t *testing.T) {
	for _, name := range sharedFiles {
		t.Run(strings.TrimSuffix(name, ".trf"), func(t *testing.T) {
			path := sharedTRF(t, name)
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			ev, err := Read(bytes.NewReader(data), name)
			if err != nil {
				t.Fatal(err)
			}
			h := ev.Histories()
			for _, l := range strings.Split(string(data), "\n") {
				r := []rune(l)
				if !strings.HasPrefix(l, "001") || len(r) < 84 {
					continue
				}
				id, _ := strconv.Atoi(strings.TrimSpace(string(r[4:8])))
				want, err := engine.ParsePoints(string(r[80:84]))
				if err != nil {
					t.Fatalf("player %d: points column: %v", id, err)
				}
				if got := engine.Score(h[id]); got != want {
					t.Errorf("player %d scores %v from the results; the file says %v", id, got, want)
				}
			}
		})
	}
}

var sharedFiles = []string{"2020_06.trf", "2021_03.trf", "bbp_dutch_2025_C5.trf", "bbp_dutch_2025_C9.trf", "example1.trf"}

func TestReadByeForms(t *testing.T) {
	tests := []struct {
		block string
		kind  engine.ByeKind
		none  bool // no record at all
	}{
		{block: "0000 - U", kind: engine.PairingBye},
		{block: "0000 - u", kind: engine.PairingBye},
		{block: "0000 - +", kind: engine.PairingBye}, // the old way to write U
		{block: "0000 - F", kind: engine.FullBye},
		{block: "0000 - H", kind: engine.HalfBye},
		{block: "0000 - =", kind: engine.HalfBye},
		{block: "0000 - Z", kind: engine.ZeroBye},
		{block: "0000 - -", kind: engine.ZeroBye},
		{block: "0000 -  ", kind: engine.ZeroBye}, // a blank result is Z
		{block: "0000    ", kind: engine.ZeroBye}, // a blank colour is -
		{block: "     - -", kind: engine.ZeroBye}, // blank opponent is 0000 (lichess)
		{block: "        ", none: true},
	}
	for _, tt := range tests {
		t.Run(strings.ReplaceAll(tt.block, " ", "_"), func(t *testing.T) {
			ev, err := readString(line(1, "A", tt.block, "0000 - U"))
			if err != nil {
				t.Fatal(err)
			}
			if len(ev.Rounds) != 2 {
				t.Fatalf("%d rounds, want 2", len(ev.Rounds))
			}
			k, ok := bye(ev, 1, 1)
			if ok == tt.none || k != tt.kind {
				t.Errorf("round 1: bye %v (%v), want %v (none: %v)", k, ok, tt.kind, tt.none)
			}
		})
	}
}

// TestReadByeColours_R_S_3: Match BP Online gives a pairing-allocated bye a
// colour, in the block ("0000 w U") or, as Write keeps it out of the block
// for bbpPairings, in a QSB line.
func TestReadByeColours_R_S_3(t *testing.T) {
	tests := []struct {
		block, extra string
		colour       engine.Colour
	}{
		{"0000 w U", "", engine.Red},
		{"0000 b U", "", engine.Black},
		{"0000 B u", "", engine.Black},
		{"0000 w +", "", engine.Red}, // the old form of U
		{"0000 - U", "", engine.NoColour},
		{"0000 - U", "QSB    1    1 w\n", engine.Red},
		{"0000 b U", "QSB    1    1 b\n", engine.Black},
	}
	for _, tt := range tests {
		t.Run(strings.ReplaceAll(tt.block+tt.extra, " ", "_"), func(t *testing.T) {
			ev, err := readString(line(1, "A", tt.block) + tt.extra)
			if err != nil {
				t.Fatal(err)
			}
			want := []engine.Bye{{Player: 1, Kind: engine.PairingBye, Colour: tt.colour}}
			if got := ev.Rounds[0].Byes; !reflect.DeepEqual(got, want) {
				t.Errorf("byes %+v, want %+v", got, want)
			}
			roundTrip(t, ev)
		})
	}
}

// TestReadOwnLines reads qisai's own lines: a whole name, units, a game
// paired without a result, fouls (R-G-3).
func TestReadOwnLines(t *testing.T) {
	long := strings.Repeat("欧阳", 20)
	text := line(1, string([]rune(long)[:nameWidth]), "   2 w 1") + line(2, "B", "   1 b 0") + line(3, "C") +
		"QSN    1 " + long + "\n" +
		"QSU    1 第一中学\nQSU    3 第一中学\n" +
		"QSG    3    2    1\n" +
		"QSF    2    1    1\nQSF    1    2    3\n"
	ev, err := readString(text)
	if err != nil {
		t.Fatal(err)
	}
	want := &engine.Event{
		Settings: engine.DefaultSettings(2),
		Players:  []engine.Player{{ID: 1, Name: long, Unit: "第一中学"}, {ID: 2, Name: "B"}, {ID: 3, Name: "C", Unit: "第一中学"}},
		Rounds: []engine.Round{
			{Games: []engine.Game{{Board: 1, Red: 1, Black: 2, Result: engine.RedWin, BlackFouls: 1}}},
			{Games: []engine.Game{{Board: 1, Red: 3, Black: 1, Result: engine.Pending, BlackFouls: 3}}},
		},
	}
	want.Settings.Scoring = engine.ScoringNational
	want.Settings.ByeValue = engine.Pts(1)
	if !reflect.DeepEqual(ev, want) {
		t.Errorf("Read:\n got %+v\nwant %+v", ev, want)
	}
}

func TestReadSettings(t *testing.T) {
	players := line(1, "A", "   2 w 1") + line(2, "B", "   1 b 0")
	tests := []struct {
		extra  string
		rounds int
		sc     engine.Scoring
		bye    engine.Points
		first  engine.FirstColourMethod
	}{
		{"", 1, engine.ScoringNational, engine.Pts(1), engine.AlternateBoards},
		{"XXR 7\nXXC rank black1\n", 7, engine.ScoringNational, engine.Pts(1), engine.AlternateBoardsHigherRed},
		{"142 9\nXXC white1\n", 9, engine.ScoringNational, engine.Pts(1), engine.AlternateBoards},
		{"BBU 0.5\nBBW 3.0\nBBD 1.0\n", 1, engine.ScoringThreeOne, 1, engine.AlternateBoards},
		// Without BBU a pairing-allocated bye is worth a win, as in bbpPairings.
		{"BBW 2\nBBD 1\nBBL 0\nBBF 0.5\nBBZ 0.5\n", 1, engine.ScoringTwoOne, engine.Pts(2), engine.AlternateBoards},
	}
	for _, tt := range tests {
		ev, err := readString(tt.extra + players)
		if err != nil {
			t.Fatalf("%q: %v", tt.extra, err)
		}
		want := engine.DefaultSettings(tt.rounds)
		want.Scoring, want.ByeValue, want.FirstColour = tt.sc, tt.bye, tt.first
		if !reflect.DeepEqual(ev.Settings, want) {
			t.Errorf("%q: settings\n got %+v\nwant %+v", tt.extra, ev.Settings, want)
		}
	}
}

// Line ends may be LF, CR LF or CR (TRF-16's own), after an optional BOM;
// line numbers count the same way for all of them.
func TestReadLineEnds(t *testing.T) {
	text := "012 Ends\n" + line(1, "A", "   2 w 1") + line(2, "B", "   1 b 0")
	want, err := readString(text)
	if err != nil {
		t.Fatal(err)
	}
	bad := text + line(3, "C", "   9 w 1")
	for _, end := range []string{"\r\n", "\r"} {
		for _, bom := range []string{"", "\uFEFF"} {
			ev, err := readString(bom + strings.ReplaceAll(text, "\n", end))
			if err != nil || !reflect.DeepEqual(ev, want) {
				t.Errorf("end %q, BOM %q: got %+v, %v; want %+v", end, bom, ev, err, want)
			}
			_, err = readString(bom + strings.ReplaceAll(bad, "\n", end))
			if err == nil || !strings.HasPrefix(err.Error(), "test.trf:4: ") {
				t.Errorf("end %q, BOM %q: error %v, want one at test.trf:4", end, bom, err)
			}
		}
	}
}

func TestReadErrors(t *testing.T) {
	ab := func(a, b string) string { return line(1, "A", a) + line(2, "B", b) }
	tests := []struct {
		name, in string
		line     int
		msg      string
	}{
		{"bad result", "012 E\n" + ab("   2 w X", "   1 b 0"), 2,
			`round 1 result "X" is not a TRF result code (use 1 0 = + - H F U Z W D L)`},
		{"results disagree", ab("   2 w 1", "   1 b 1"), 1,
			`round 1: the results disagree: player 1 has "2 w 1", player 2 (line 2) has "1 b 1"`},
		{"pending against result", ab("   2 w  ", "   1 b 0"), 1, "the results disagree"},
		{"opponent elsewhere", ab("   2 w 1", "   3 b 0") + line(3, "C", "   2 w 1"), 1,
			`round 1: player 1 plays 2, but player 2 (line 2) has "3 b 0" in round 1`},
		{"opponent has no game", ab("0000 - U", "   1 b 0"), 2, "player 2 plays 1, but player 1 (line 1) has \"0000 - U\""},
		{"opponent silent", line(1, "A", "   2 w 1") + line(2, "B"), 1, "player 2 (line 2) has no game in round 1"},
		{"same colour", ab("   2 w 1", "   1 w 0"), 1, "both have colour w"},
		{"opponent not a player", ab("   9 w 1", "0000 - U"), 1, "round 1: opponent 9 is not a player (starting ranks run 1..2)"},
		{"against self", ab("   1 w 1", "0000 - U"), 1, "paired against themself"},
		{"gap in ranks", line(1, "A") + line(3, "C"), 2,
			"starting rank 3, but there are 2 players: starting ranks must run 1..2 without gaps (2 is missing)"},
		{"rank twice", line(1, "A") + line(1, "B"), 2, "starting rank 1 is given twice (also at line 1)"},
		{"rank not a number", "001    x      A\n", 1, `starting rank "x" (columns 5-8) is not a number`},
		{"rating not a number", "001    1      A                                 21x0\n", 1, `rating "21x0" (columns 49-52) is not a number`},
		{"name overflows", "001    1      " + strings.Repeat("N", 34) + "\n", 1, "column 48 should be blank"},
		{"shifted block", line(1, "A", " 0000 - U"), 1, "column 96 should be blank"},
		{"tab", "001\t   1      A\n", 1, "tab in a player line"},
		{"bye with opponent", ab("   2 w U", "   1 b U"), 1, `round 1: bye "U" with opponent 2; a bye has opponent 0000`},
		{"game without colour", ab("   2 - 1", "   1 - 0"), 1, `round 1: result "1" needs colour w or b`},
		{"pending without colour", ab("   2 -  ", "   1 -  "), 1, "round 1: a game without a result needs colour w or b"},
		{"bad colour", ab("   2 x 1", "   1 b 0"), 1, `round 1 colour "x" is not w, b or -`},
		{"colour on a half bye", ab("0000 w H", "0000 - U"), 1, `round 1: colour w with bye "H"; only a pairing-allocated bye (U) has a colour`},
		{"own line without a rank", line(1, "A") + "QSN Name\n", 2, `QSN: want a starting rank from 1 to 9999 after the code, as in "QSN   12 Name"`},
		{"own name without text", line(1, "A") + "QSN    1\n", 2, "QSN 1: no text after the starting rank"},
		{"own name of nobody", line(1, "A") + "QSN    2 Bea\n", 2, "QSN: player 2 is not in the file (starting ranks run 1..1)"},
		{"own name twice", line(1, "A") + "QSN    1 Ann\nQSN    1 Anna\n", 3, "player 1's name is given twice (also at line 2)"},
		{"unit and team disagree", line(1, "A") + "013 Red                                 1\nQSU    1 Blue\n", 3,
			`player 1 is in two teams: "Red" (line 2) and "Blue"`},
		{"pending game over a result", ab("   2 w 1", "   1 b 0") + "QSG    1    1    2\n", 3,
			`QSG: players 1 and 2 are paired in round 1, but player 1 (line 1) has "2 w 1" there`},
		{"pending game against self", ab("", "") + "QSG    1    1    1\n", 3, "player 1's opponent 1 in round 1 is not another player"},
		{"pending game malformed", ab("", "") + "QSG    1    1\n", 3, `QSG "1    1": want a starting rank, a round and the black player's starting rank`},
		{"bye colour without a bye", ab("   2 w 1", "   1 b 0") + "QSB    1    1 w\n", 3, "QSB: player 1 has no pairing-allocated bye (U) in round 1"},
		{"bye colours disagree", ab("0000 w U", "0000 - U") + "QSB    1    1 b\n", 3, "player 1's bye in round 1 has colour w in line 1, and b here"},
		{"bye colour not w or b", ab("0000 - U", "0000 - U") + "QSB    1    1 r\n", 3, "want a starting rank, a round and the colour w or b"},
		{"fouls without a game", ab("0000 - U", "0000 - U") + "QSF    1    1    2\n", 3, "QSF: player 1 has no game in round 1 to count fouls in"},
		{"fouls twice", ab("   2 w 1", "   1 b 0") + "QSF    1    1    2\nQSF    1    1    3\n", 4, "player 1's fouls in round 1 are given twice"},
		{"win without opponent", ab("0000 - 1", "0000 - U"), 1, `result "1" needs an opponent`},
		{"bad opponent", ab("  2x w 1", "   1 b 0"), 1, `round 1 opponent "2x" is not a starting rank`},
		{"XXR below rounds", "XXR 1\n" + line(1, "A", "0000 - U", "0000 - U"), 1, "XXR says 1 rounds, but player 1 (line 2) has 2"},
		{"XXR not a number", "XXR nine\n" + line(1, "A"), 1, `XXR "nine": want the total number of rounds`},
		{"BBW not points", "BBW one\n" + line(1, "A"), 1, `BBW "one": want points such as 1.0 or 0.5`},
		{"team member unknown", line(1, "A") + "013 Red                                 1    9\n", 2,
			`team "Red": player 9 is not in the file`},
		{"two teams", line(1, "A") + "013 Red                                 1\n013 Blue                                1\n", 3,
			`player 1 is in two teams: "Red" (line 2) and "Blue"`},
		{"team without name", line(1, "A") + "013                                     1\n", 2, "team line without a team name"},
		{"no players", "012 Just a header\n", 1, "no player lines (001)"},
		{"not UTF-8", "012 Caf\xe9\n" + line(1, "A"), 1, "not UTF-8 text"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := readString(tt.in)
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("error %v, want a *trf.Error", err)
			}
			prefix := fmt.Sprintf("test.trf:%d: ", tt.line)
			if !strings.HasPrefix(err.Error(), prefix) || !strings.Contains(e.Msg, tt.msg) {
				t.Errorf("error %q,\nwant %q followed by %q", err, prefix, tt.msg)
			}
		})
	}
}
