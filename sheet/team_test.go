package sheet

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"unicode"

	"github.com/qisai/qisai/engine"
	"github.com/qisai/qisai/internal/i18n"
)

// teamRoundRobin is four teams of five (T1 … T4, players "Tk-j" on board
// j) in a round robin under 5场3胜制 with the other boards played out
// (seed 000), its first `played` rounds played: the first-listed team wins
// boards 1 and 2 and draws the rest, so every match ends 7:3 in game
// points (2/1/0 a board), and in the last round board 1 is still being
// played when pending is set.
func teamRoundRobin(t testing.TB, played int, pending bool) Event {
	t.Helper()
	return teamEvent(t, engine.RoundRobin, 4, 5, played, pending)
}

// teamEvent is teamRoundRobin's event of the given system, teams and
// boards as a chat holds it: the teams' event, and beside it the event of
// the boards' games, numbered on through each round's matches.
func teamEvent(t testing.TB, system engine.System, teams, boards, played int, pending bool) Event {
	t.Helper()
	set := engine.DefaultSettings(0)
	ranking := engine.TeamRoundRobinRanking
	if system != engine.RoundRobin {
		set, ranking = engine.DefaultSettings(played), engine.TeamSwissRanking
	}
	set.System, set.Numbering = system, engine.AsEntered
	ts := engine.TeamSettings{
		Pairing: set, Boards: boards, Lineup: engine.FixedBoards,
		GamePoints: engine.ScoringTwoOne, MatchPoints: engine.ScoringTwoOne,
		WinningBoards: boards/2 + 1, PlayOut: true, Ranking: slices.Clone(ranking),
	}
	ts.Pairing.ByeValue = ts.MatchPoints.Win
	tev := &engine.TeamEvent{Name: "Club teams", Settings: ts}
	for k := 1; k <= teams; k++ {
		team := engine.Team{ID: k, Name: fmt.Sprintf("T%d", k), Unit: fmt.Sprintf("U%d", k)}
		for j := 1; j <= boards; j++ {
			id := len(tev.Players) + 1
			tev.Players = append(tev.Players, engine.Player{ID: id, Name: fmt.Sprintf("T%d-%d", k, j), Rating: 2000 - 10*j})
			team.Members = append(team.Members, id)
		}
		tev.Teams = append(tev.Teams, team)
	}
	ev := &engine.Event{Name: tev.Name, Settings: set, Players: tev.Players}
	for round := 1; round <= played; round++ {
		p, err := engine.PairTeams(tev)
		if err != nil {
			t.Fatalf("fixture: pair round %d: %v", round, err)
		}
		if err := engine.AddTeamRound(tev, p); err != nil {
			t.Fatalf("fixture: add round %d: %v", round, err)
		}
		var rd engine.Round
		for _, m := range tev.Rounds[round-1].Matches {
			for _, g := range m.Games {
				res := engine.Draw
				switch {
				case g.Board == 1 && pending && round == played:
					res = engine.Pending
				case g.Board == 1:
					res = engine.RedWin // the first-listed team is red on board 1
				case g.Board == 2:
					res = engine.BlackWin // and black on board 2 (R-C-2)
				}
				if res != engine.Pending {
					if err := tev.Record(round, m.Number, g.Board, res); err != nil {
						t.Fatalf("fixture: round %d match %d board %d: %v", round, m.Number, g.Board, err)
					}
				}
				rd.Games = append(rd.Games, engine.Game{Board: ts.Board(m.Number, g.Board), Red: g.Red, Black: g.Black, Result: res})
			}
		}
		ev.Rounds = append(ev.Rounds, rd)
	}
	e := Of(ev)
	e.Teams = &Teams{Event: tev}
	return e
}

// column is the cells of t's column titled title, row by row.
func column(t Table, title string) []string {
	i := slices.IndexFunc(t.Columns, func(c Column) bool { return c.Title == title })
	if i < 0 {
		return nil
	}
	var out []string
	for _, r := range t.Rows {
		out = append(out, r[i].Text)
	}
	return out
}

// TestTeamStandingsSheet: a team event's standings are the teams' (R-T-4):
// place, team, unit, 场分, 局分 and the chain's other criteria, shared places
// marked (R-T-9); the board standings list each board's players.
func TestTeamStandingsSheet(t *testing.T) {
	e := teamRoundRobin(t, 3, false)
	s := Standings(e, i18n.Zh)
	head, _ := texts(s)
	if want := []string{"名次", "号", "队名", "单位", "场分", "局分", "胜局", "直胜", "犯规"}; !slices.Equal(head, want) {
		t.Errorf("headings %v, want %v", head, want)
	}
	if len(s.Rows) != 4 {
		t.Fatalf("%d rows, want the 4 teams: %v", len(s.Rows), s.Rows)
	}
	// Every match ends 7:3 for its first-listed team: each team's match
	// points follow from how often the Berger table lists it first.
	ranked := engine.TeamStandings(e.Teams.Event)
	for i, r := range ranked {
		if got, want := s.Rows[i][2].Text, e.teamName(r.Team); got != want {
			t.Errorf("row %d team %q, want %q", i+1, got, want)
		}
		if got, want := s.Rows[i][0].Text, r.PlaceLabel(); got != want {
			t.Errorf("row %d place %q, want %q", i+1, got, want)
		}
		if got, want := s.Rows[i][4].Text, r.MatchPoints.String(); got != want {
			t.Errorf("row %d 场分 %q, want %q", i+1, got, want)
		}
	}
	if got := strings.Join(s.Footer, " "); !strings.Contains(got, "场分、局分、胜局、直胜、犯规") {
		t.Errorf("footer %q does not name the chain R-T-4", got)
	}
	if s.Title != "第3轮后团体排名" {
		t.Errorf("title %q", s.Title)
	}

	b := BoardStandings(e, i18n.Zh, 0)
	boards := column(b, "台")
	for board := 1; board <= 5; board++ {
		if n := len(slices.DeleteFunc(slices.Clone(boards), func(s string) bool { return s != fmt.Sprint(board) })); n != 4 {
			t.Errorf("board %d has %d players in the board standings, want the 4 teams' (%v)", board, n, boards)
		}
	}
	if top := BoardStandings(e, i18n.Zh, 1); len(top.Rows) >= len(b.Rows) || len(top.Rows) < 5 {
		t.Errorf("top 1 of each board keeps %d rows of %d", len(top.Rows), len(b.Rows))
	}
}

// TestTeamPairingsSheet: a team round's pairings are its matches, each
// followed by its boards, the first-listed team red on odd boards and black
// on even ones (R-C-2), the boards numbered on through the round.
func TestTeamPairingsSheet(t *testing.T) {
	e := teamRoundRobin(t, 1, true)
	p := Pairings(e, 1, i18n.En)
	if len(p.Rows) != 2*(1+5) {
		t.Fatalf("%d rows, want 2 matches of a row and 5 boards each: %v", len(p.Rows), p.Rows)
	}
	m := e.Teams.Event.Rounds[0].Matches[1]
	first, second := e.teamName(m.First), e.teamName(m.Second)
	if got := p.Rows[6]; got[0].Text != "M2" || got[1].Text != first || got[3].Text != second {
		t.Errorf("match 2's row %v, want M2 %s v %s", got, first, second)
	}
	for b := 1; b <= 5; b++ {
		row := p.Rows[6+b]
		red, black := first, second
		if b%2 == 0 {
			red, black = second, first
		}
		if row[0].Text != fmt.Sprint(5+b) || row[2].Text != red || row[4].Text != black || row[1].Tone != Red || row[3].Tone != Black {
			t.Errorf("board %d of match 2: %v, want board %d, red from %s, black from %s", b, row, 5+b, red, black)
		}
		if !strings.HasPrefix(row[1].Text, red+"-") {
			t.Errorf("board %d red %q is not %s's", b, row[1].Text, red)
		}
	}
	// Board 1 is still being played: 4 of 5 boards give 5:3 so far, muted.
	if got := p.Rows[0][5]; got.Text != "5:3" || got.Tone != Muted {
		t.Errorf("match 1's score %+v, want 5:3 muted", got)
	}

	// A match whose line-ups are not revealed shows a muted row saying so
	// in place of its boards (临时定台, §12.3).
	e.Teams.Hidden = [][]bool{{false, true}}
	p = Pairings(e, 1, i18n.En)
	if len(p.Rows) != 1+5+2 {
		t.Fatalf("%d rows, want match 1 with its 5 boards, then match 2 and its awaited line-ups: %v", len(p.Rows), p.Rows)
	}
	if got := p.Rows[7][1]; got.Text != "line-ups awaited from both captains" || got.Tone != Muted {
		t.Errorf("match 2's second row %+v, want the line-ups awaited, muted", got)
	}
}

// TestTeamCrosstableSheet: a team crosstable has a row a team and, each
// round, the opponent, the match's result and the game points.
func TestTeamCrosstableSheet(t *testing.T) {
	e := teamRoundRobin(t, 3, false)
	c := Crosstable(e, i18n.Zh)
	if len(c.Rows) != 4 || c.Title != "团体成绩表" {
		t.Fatalf("%q with %d rows, want the 4 teams'", c.Title, len(c.Rows))
	}
	for r, m := range e.Teams.Event.Rounds[0].Matches {
		if got, want := c.Rows[m.First-1][3].Text, fmt.Sprintf("%d+ 7:3", m.Second); got != want {
			t.Errorf("round 1 match %d: %s's cell %q, want %q", r+1, e.teamName(m.First), got, want)
		}
		if got, want := c.Rows[m.Second-1][3].Text, fmt.Sprintf("%d- 3:7", m.First); got != want {
			t.Errorf("round 1 match %d: %s's cell %q, want %q", r+1, e.teamName(m.Second), got, want)
		}
	}
}

// TestTeamSheetsLanguages: the team sheets' words are in one language —
// English without a Chinese character (the names here are ASCII), Chinese
// headings in Chinese.
func TestTeamSheetsLanguages(t *testing.T) {
	e := teamRoundRobin(t, 2, true)
	for _, lang := range []i18n.Lang{i18n.En, i18n.Zh} {
		for _, tb := range append(PageOf(e, lang).Tables, TeamTotals(e, lang)) {
			words := append([]string{tb.Title, tb.Note}, tb.Footer...)
			for _, c := range tb.Columns {
				words = append(words, c.Title, c.Full)
			}
			for _, r := range tb.Rows {
				for _, c := range r {
					words = append(words, c.Text)
				}
			}
			for _, w := range words {
				han := strings.ContainsFunc(w, func(r rune) bool { return unicode.Is(unicode.Han, r) })
				if lang == i18n.En && han {
					t.Errorf("English %s table holds %q", tb.Kind, w)
				}
			}
			if lang == i18n.Zh && !strings.ContainsFunc(tb.Title, func(r rune) bool { return unicode.Is(unicode.Han, r) }) {
				t.Errorf("Chinese %s table titled %q", tb.Kind, tb.Title)
			}
		}
	}
}

// TestTeamPage: a team event's page shows its pairings, the team standings
// with the board standings, and the team crosstable.
func TestTeamPage(t *testing.T) {
	p := PageOf(teamRoundRobin(t, 1, false), i18n.Zh)
	var titles []string
	for _, tb := range p.Tables {
		titles = append(titles, tb.Title)
	}
	if want := []string{"第1轮对阵（团体）", "第1轮后团体排名", "台次成绩", "团体成绩表"}; !slices.Equal(titles, want) {
		t.Errorf("page tables %v, want %v", titles, want)
	}
}

// BenchmarkTeamSheets is a 200-team, 6-board Swiss after 9 rounds: the
// page's tables (the round's matches, team standings, board standings,
// team crosstable) built once.
func BenchmarkTeamSheets(b *testing.B) {
	e := teamEvent(b, engine.Swiss, 200, 6, 9, false)
	b.ReportAllocs()
	for b.Loop() {
		_ = PageOf(e, i18n.Zh)
	}
}

// The board standings as a phone shows them, a table a board (BoardTables):
// on board 1 two players of equal points in equal games are placed by
// wins, which show there; on board 2 the points placed everyone, and wins
// stay out.
func TestBoardTablesShowWhatDecided(t *testing.T) {
	for _, lang := range []i18n.Lang{i18n.Zh, i18n.En} {
		s := BoardStandings(Of(&engine.Event{}), lang, 0) // the columns alone
		row := func(cells ...string) []Cell {
			out := make([]Cell, len(cells))
			for i, c := range cells {
				out[i] = Cell{Text: c}
			}
			return out
		}
		s.Rows = [][]Cell{
			row("1", "1", "甲一", "甲", "2", "2", "1"), // a win and a loss
			row("1", "2", "乙一", "乙", "2", "2", "0"), // two draws
			row("2", "1", "甲二", "甲", "2", "2", "1"),
			row("2", "2", "乙二", "乙", "1", "2", "0"),
		}
		boards := BoardTables(s, lang)
		if len(boards) != 2 {
			t.Fatalf("%s: %d boards, want 2", lang, len(boards))
		}
		want := map[i18n.Lang][2]string{
			i18n.Zh: {"第1台 姓名 队名 得分 局数 胜局\n    1 甲一 甲      2    2    1\n    2 乙一 乙      2    2    0",
				"第2台 姓名 队名 得分 局数\n    1 甲二 甲      2    2\n    2 乙二 乙      1    2"},
			i18n.En: {"B1 Name Team Pts G W\n 1 甲一 甲     2 2 1\n 2 乙一 乙     2 2 0",
				"B2 Name Team Pts G\n 1 甲二 甲     2 2\n 2 乙二 乙     1 2"},
		}[lang]
		for i, b := range boards {
			if got := b.BriefText(0, nil).String(); got != want[i] {
				t.Errorf("%s board %d: got\n%s\nwant\n%s", lang, i+1, got, want[i])
			}
		}
		if got, want := boards[1].Title, map[i18n.Lang]string{i18n.Zh: "第2台", i18n.En: "Board 2"}[lang]; got != want {
			t.Errorf("%s: title %q, want %q", lang, got, want)
		}
	}
}
