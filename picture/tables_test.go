package picture

import (
	"fmt"
	"strconv"

	"github.com/qisai/qisai/internal/i18n"
	"github.com/qisai/qisai/sheet"
)

// The tables the tests draw, made by hand until package sheet builds them
// from events: standings of 9 and 232 players, a round's pairings and a
// crosstable of many rounds, in Chinese and in English.

var (
	surnames = []string{"王", "李", "张", "刘", "陈", "杨", "赵", "黄", "周", "吴", "徐", "孙", "胡", "朱", "高", "林", "何", "郭", "马", "欧阳"}
	given    = []string{"天一", "芳", "浩", "静", "磊", "洋", "艳", "勇", "军", "杰", "娟", "涛", "明", "超", "秀英", "霞"}
	first    = []string{"Alice", "Bob", "Chen", "Daniel", "Eve", "Fang", "George", "Hui", "Ivan", "Jing", "Kevin", "Lei", "Maximilian", "Na"}
	last     = []string{"Smith", "Wang", "Li", "Nguyen", "Zhang", "Müller", "O'Brien", "Liu", "Kowalczyk", "Chen", "Brown", "Zhao"}
	unitsZh  = []string{"北京队", "上海棋院", "广东", "", "四川成都棋牌协会", "浙江", "湖北"}
	unitsEn  = []string{"Beijing", "Shanghai Academy", "Guangdong", "", "Chengdu Xiangqi Club", "Zhejiang", "Hubei"}
)

// name is player i's name: Chinese names in both languages, and in
// English every third player a Latin one.
func name(i int, lang i18n.Lang) string {
	if lang == i18n.En && i%3 == 1 {
		return first[i%len(first)] + " " + last[(i/len(first))%len(last)]
	}
	return surnames[i%len(surnames)] + given[(i*7/len(surnames))%len(given)]
}

func unit(i int, lang i18n.Lang) string {
	if lang == i18n.En {
		return unitsEn[i%len(unitsEn)]
	}
	return unitsZh[i%len(unitsZh)]
}

func half(n int) string {
	if n%2 == 0 {
		return strconv.Itoa(n / 2)
	}
	return fmt.Sprintf("%d.5", n/2)
}

func standingsTable(players int, lang i18n.Lang) sheet.Table {
	t := sheet.Table{Kind: sheet.KindStandings}
	if lang == i18n.En {
		t.Title = "Spring Open: standings after round 7"
		t.Note = "3 results pending"
		t.Columns = []sheet.Column{{Title: "Place", Align: sheet.Right}, {Title: "No.", Align: sheet.Right}, {Title: "Name", Shrink: true}, {Title: "Unit"}, {Title: "Score", Align: sheet.Right}, {Title: "Buchholz", Align: sheet.Right}, {Title: "Progressive", Align: sheet.Right}, {Title: "Wins", Align: sheet.Right}}
		t.Footer = []string{"Buchholz: the sum of the opponents' scores. Progressive: the sum of the scores after each round. A place written 3= is shared."}
	} else {
		t.Title = "春季公开赛 第7轮后名次"
		t.Note = "3 局结果待报"
		t.Columns = []sheet.Column{{Title: "名次", Align: sheet.Right}, {Title: "编号", Align: sheet.Right}, {Title: "姓名", Shrink: true}, {Title: "单位"}, {Title: "积分", Align: sheet.Right}, {Title: "对手分", Align: sheet.Right}, {Title: "累进分", Align: sheet.Right}, {Title: "胜局", Align: sheet.Right}}
		t.Footer = []string{"对手分：所有对手积分之和。累进分：每轮积分累加之和。名次后的“=”表示并列。"}
	}
	for i := range players {
		score := 14 - i*14/players // half points, falling down the table
		tone := sheet.Plain
		switch {
		case i == 0:
			tone = sheet.Strong
		case i%17 == 5:
			tone = sheet.Muted // withdrew
		}
		place := strconv.Itoa(i + 1)
		if i > 0 && score == 14-(i-1)*14/players && i%4 == 2 {
			place += "="
		}
		t.Rows = append(t.Rows, []sheet.Cell{
			{Text: place, Tone: tone}, {Text: strconv.Itoa((i*37)%players + 1)}, {Text: name(i, lang), Tone: tone, Link: "p/" + strconv.Itoa(i+1)},
			{Text: unit(i, lang)}, {Text: half(score), Tone: tone}, {Text: half(score*5 + i%9)}, {Text: half(score*4 + i%5)}, {Text: strconv.Itoa(score / 2)},
		})
	}
	return t
}

func pairingsTable(boards int, lang i18n.Lang) sheet.Table {
	t := sheet.Table{Kind: sheet.KindPairings}
	if lang == i18n.En {
		t.Title = "Spring Open: round 3 pairings"
		t.Note = "Starts 14:00. Red moves first."
		t.Columns = []sheet.Column{{Title: "Board", Align: sheet.Right}, {Title: "Red", Shrink: true}, {Title: "Score", Align: sheet.Center}, {Title: "Result", Align: sheet.Center}, {Title: "Score", Align: sheet.Center}, {Title: "Black", Shrink: true}}
	} else {
		t.Title = "春季公开赛 第3轮对阵"
		t.Note = "14:00 开始，红方先行。"
		t.Columns = []sheet.Column{{Title: "台次", Align: sheet.Right}, {Title: "红方", Shrink: true}, {Title: "积分", Align: sheet.Center}, {Title: "结果", Align: sheet.Center}, {Title: "积分", Align: sheet.Center}, {Title: "黑方", Shrink: true}}
	}
	results := []string{"1-0", "0-1", "½-½", ""}
	for b := range boards {
		res := results[b%len(results)]
		tone := sheet.Plain
		if res == "" {
			tone = sheet.Muted
			res = "–"
		}
		t.Rows = append(t.Rows, []sheet.Cell{
			{Text: strconv.Itoa(b + 1)}, {Text: fmt.Sprintf("%d %s", 2*b+1, name(2*b, lang)), Tone: sheet.Red},
			{Text: half(4 - b*4/boards)}, {Text: res, Tone: tone}, {Text: half(4 - b*4/boards)},
			{Text: fmt.Sprintf("%d %s", 2*b+2, name(2*b+1, lang)), Tone: sheet.Black},
		})
	}
	if lang == i18n.En {
		t.Rows = append(t.Rows, []sheet.Cell{{}, {Text: fmt.Sprintf("%d %s", 2*boards+1, name(2*boards, lang))}, {}, {Text: "bye", Tone: sheet.Muted}, {}, {}})
	} else {
		t.Rows = append(t.Rows, []sheet.Cell{{}, {Text: fmt.Sprintf("%d %s", 2*boards+1, name(2*boards, lang))}, {}, {Text: "轮空", Tone: sheet.Muted}, {}, {}})
	}
	return t
}

func crosstableTable(players, rounds int, lang i18n.Lang) sheet.Table {
	t := sheet.Table{Kind: sheet.KindCrosstable}
	if lang == i18n.En {
		t.Title = "Spring Open: crosstable"
		t.Columns = []sheet.Column{{Title: "No.", Align: sheet.Right}, {Title: "Name", Shrink: true}}
		t.Footer = []string{"Each round: the opponent's number, r red or b black, + win, = draw, − loss."}
	} else {
		t.Title = "春季公开赛 成绩表"
		t.Columns = []sheet.Column{{Title: "编号", Align: sheet.Right}, {Title: "姓名", Shrink: true}}
		t.Footer = []string{"每轮：对手编号，红或黑，胜+ 和= 负−。"}
	}
	for r := range rounds {
		t.Columns = append(t.Columns, sheet.Column{Title: strconv.Itoa(r + 1), Align: sheet.Center})
	}
	if lang == i18n.En {
		t.Columns = append(t.Columns, sheet.Column{Title: "Score", Align: sheet.Right}, sheet.Column{Title: "Place", Align: sheet.Right})
	} else {
		t.Columns = append(t.Columns, sheet.Column{Title: "积分", Align: sheet.Right}, sheet.Column{Title: "名次", Align: sheet.Right})
	}
	colour := map[i18n.Lang][2]string{i18n.Zh: {"红", "黑"}, i18n.En: {"r", "b"}}[lang]
	for i := range players {
		row := []sheet.Cell{{Text: strconv.Itoa(i + 1)}, {Text: name(i, lang)}}
		score := 0
		for r := range rounds {
			opp := (i+r*5+1)%players + 1
			res := []string{"+", "=", "−"}[(i+r)%3]
			tone := sheet.Plain
			switch res {
			case "+":
				score += 2
				tone = sheet.Strong
			case "=":
				score++
			}
			row = append(row, sheet.Cell{Text: strconv.Itoa(opp) + colour[(i+r)%2] + res, Tone: tone})
		}
		row = append(row, sheet.Cell{Text: half(score)}, sheet.Cell{Text: strconv.Itoa(i + 1)})
		t.Rows = append(t.Rows, row)
	}
	return t
}
