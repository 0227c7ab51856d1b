package page

import (
	"fmt"
	"strconv"

	"github.com/qisai/qisai/internal/i18n"
	"github.com/qisai/qisai/sheet"
)

// handMade is a page of an event of n players after rounds rounds, made
// by hand the way package sheet's builders lay an event out: the last
// round's pairings (half its results in), the standings and the
// crosstable. Player i (from 1) beats every player below them, so the
// standings are in number order.
func handMade(n, rounds int, l i18n.Lang) sheet.Page {
	tr := func(zh, en string) string { return i18n.T{Zh: zh, En: en}.In(l) }
	name := func(i int) string {
		surnames := []rune("王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗")
		given := []string{"芳", "伟", "天一", "思远", "晓明", "静", "磊", "雨桐", "子涵", "国强", "丽华"}
		return string(surnames[i%len(surnames)]) + given[(i/len(surnames)+i)%len(given)]
	}
	unit := func(i int) string {
		return []string{"一中", "实验中学", "外国语学校", "师大附中", "棋院少儿队"}[i%5]
	}
	player := func(i int) sheet.Cell {
		return sheet.Cell{Text: strconv.Itoa(i) + " " + name(i), Link: "p/" + strconv.Itoa(i)}
	}
	pairings := sheet.Table{
		Kind:  sheet.KindPairings,
		Title: fmt.Sprintf(tr("第%d轮对阵", "Round %d pairings"), rounds),
		Note:  tr("开始时间 3月1日 14:00", "Starts 1 March 14:00"),
		Columns: []sheet.Column{
			{Title: tr("台", "Bd"), Align: sheet.Right}, {Title: tr("红方", "Red"), Shrink: true},
			{Title: tr("分", "Pts"), Align: sheet.Right}, {Title: tr("结果", "Result"), Align: sheet.Center},
			{Title: tr("分", "Pts"), Align: sheet.Right}, {Title: tr("黑方", "Black"), Shrink: true},
		},
	}
	for b := 1; b <= n/2; b++ {
		red, black := player(2*b-1), player(2*b)
		red.Tone, black.Tone = sheet.Red, sheet.Black
		result := sheet.Cell{Text: "1-0", Tone: sheet.Red}
		if b > n/4 {
			result = sheet.Cell{Text: tr("待定", "pending"), Tone: sheet.Muted}
		}
		pairings.Rows = append(pairings.Rows, []sheet.Cell{
			{Text: strconv.Itoa(b)}, red, {Text: strconv.Itoa(rounds - 1)}, result, {Text: strconv.Itoa(rounds - 1)}, black,
		})
	}
	standings := sheet.Table{
		Kind: sheet.KindStandings, Title: fmt.Sprintf(tr("第%d轮后排名", "Standings after round %d"), rounds),
		Columns: []sheet.Column{
			{Title: tr("名次", "Pl"), Align: sheet.Right}, {Title: tr("姓名", "Name"), Shrink: true},
			{Title: tr("单位", "Unit"), Shrink: true}, {Title: tr("积分", "Pts"), Align: sheet.Right},
			{Title: tr("对手分", "Buch"), Align: sheet.Right}, {Title: tr("胜局", "Wins"), Align: sheet.Right},
		},
		Footer: []string{tr("对手分：所有对手积分之和；胜局：获胜局数", "Buch: the opponents' points added up; Wins: games won")},
	}
	cross := sheet.Table{
		Kind: sheet.KindCrosstable, Title: tr("成绩表", "Crosstable"),
		Columns: []sheet.Column{{Title: tr("序号", "No"), Align: sheet.Right}, {Title: tr("姓名", "Name"), Shrink: true}},
	}
	for r := 1; r <= rounds; r++ {
		cross.Columns = append(cross.Columns, sheet.Column{Title: strconv.Itoa(r), Align: sheet.Center})
	}
	cross.Columns = append(cross.Columns, sheet.Column{Title: tr("积分", "Pts"), Align: sheet.Right})
	for i := 1; i <= n; i++ {
		pts := rounds - min(rounds, (i-1)*rounds/n)
		row := []sheet.Cell{{Text: strconv.Itoa(i)}, player(i), {Text: unit(i)}, {Text: strconv.Itoa(pts), Tone: sheet.Strong},
			{Text: strconv.Itoa(pts * 3)}, {Text: strconv.Itoa(pts)}}
		if i > 1 {
			row[3].Tone = sheet.Plain
		}
		standings.Rows = append(standings.Rows, row)
		cr := []sheet.Cell{{Text: strconv.Itoa(i)}, player(i)}
		for r := 1; r <= rounds; r++ {
			opp := (i+r*7-1)%n + 1
			res, tone := "+", sheet.Plain
			if opp < i {
				res, tone = "-", sheet.Muted
			}
			colour := tr("红", "r")
			if r%2 == 0 {
				colour = tr("黑", "b")
			}
			cr = append(cr, sheet.Cell{Text: strconv.Itoa(opp) + colour + res, Tone: tone})
		}
		cross.Rows = append(cross.Rows, append(cr, sheet.Cell{Text: strconv.Itoa(pts)}))
	}
	return sheet.Page{
		Event: tr("周末快棋赛", "Weekend rapid"), Lang: l,
		Status:  fmt.Sprintf(tr("第%d轮进行中，%d盘待定", "Round %d in progress, %d results pending"), rounds, n/2-n/4),
		Version: int64(100 + n), Tables: []sheet.Table{pairings, standings, cross},
	}
}

// handMadeSheets are the score sheets of handMade's boards.
func handMadeSheets(p sheet.Page) []sheet.ScoreSheet {
	var out []sheet.ScoreSheet
	for i, r := range p.Tables[0].Rows {
		out = append(out, sheet.ScoreSheet{
			Event: p.Event, Round: 5, Board: i + 1, Red: r[1].Text, Black: r[5].Text,
			RedUnit: "一中", BlackUnit: "实验中学", TimeControl: "25分+5秒", Start: "3月1日 14:00",
		})
	}
	return out
}
