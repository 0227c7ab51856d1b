package page

import (
	"bufio"
	"html/template"
	"io"

	"github.com/qisai/qisai/internal/i18n"
	"github.com/qisai/qisai/sheet"
)

// moveLines is how many numbered move lines a score sheet has, in blocks
// side by side: 60 moves on one A4 page, more than most games need.
const (
	moveLines  = 60
	moveBlocks = 2
)

var printTemplate = parse("print.html")

// Print writes one printable HTML file (A4) of p: the round's pairing
// sheet (p's pairings tables), a score sheet (记分单) for each of sheets,
// then p's other tables — the crosstable (成绩表) and the standings — in
// the order p has them, each table starting a page and repeating its head
// on the pages it runs over.
func Print(w io.Writer, p sheet.Page, sheets []sheet.ScoreSheet) error {
	var before, after []sheet.Table
	for _, t := range p.Tables {
		if t.Kind == sheet.KindPairings {
			before = append(before, t)
		} else {
			after = append(after, t)
		}
	}
	d := printData{
		HTMLLang:   htmlLang(p.Lang),
		Event:      p.Event,
		Status:     p.Status,
		CSS:        template.CSS(printCSS),
		Sheets:     sheets,
		MoveBlocks: blocks(),
		T:          scoreTexts(p.Lang),
	}
	b := bufio.NewWriterSize(w, 64<<10)
	if err := printTemplate().ExecuteTemplate(b, "top", d); err != nil {
		return err
	}
	writeTables(b, views(before, ""))
	if err := printTemplate().ExecuteTemplate(b, "sheets", d); err != nil {
		return err
	}
	writeTables(b, views(after, ""))
	if err := printTemplate().ExecuteTemplate(b, "bottom", d); err != nil {
		return err
	}
	return b.Flush()
}

type printData struct {
	HTMLLang      string
	Event, Status string
	CSS           template.CSS
	Sheets        []sheet.ScoreSheet
	MoveBlocks    [][]int
	T             scoreText
}

// blocks numbers the move lines, block by block.
func blocks() [][]int {
	per := moveLines / moveBlocks
	out := make([][]int, moveBlocks)
	for b := range out {
		for i := range per {
			out[b] = append(out[b], b*per+i+1)
		}
	}
	return out
}

// scoreText is a score sheet's printed words in one language.
type scoreText struct {
	Title, Event, Round, Board, Red, Black, Unit, TimeControl, Start, Move, Result string
	Outcomes, Signatures                                                           []string
}

func scoreTexts(l i18n.Lang) scoreText {
	if l == i18n.En {
		return scoreText{
			Title: "Score sheet", Event: "Event", Round: "Round", Board: "Board",
			Red: "Red", Black: "Black", Unit: "Unit", TimeControl: "Time control", Start: "Start",
			Move: "No.", Result: "Result:",
			Outcomes:   []string{"Red wins", "Draw", "Black wins"},
			Signatures: []string{"Red's signature", "Black's signature", "Arbiter's signature"},
		}
	}
	return scoreText{
		Title: "记分单", Event: "比赛", Round: "轮次", Board: "台次",
		Red: "红方", Black: "黑方", Unit: "单位", TimeControl: "用时", Start: "开始时间",
		Move: "回合", Result: "结果：",
		Outcomes:   []string{"红胜", "和棋", "黑胜"},
		Signatures: []string{"红方签名", "黑方签名", "裁判签名"},
	}
}
