package commands

import (
	"bytes"
	"errors"
	"fmt"
	"strings"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/chat"
	"github.com/qisai/qisai/internal/i18n"
	"github.com/qisai/qisai/page"
	"github.com/qisai/qisai/sheet"
	"github.com/qisai/qisai/trf"
)

// The files an event is exported as: the standings and the
// crosstable for a spreadsheet, every game as TRF-16, and one printable
// page of the round's papers; sent as attachments.

func exportCommands() []*Command {
	return []*Command{{
		Name: "export", Aliases: []string{"导出"}, Who: Member,
		Args: []Arg{{Name: "format", Kind: Choice, Optional: true, Choices: append([]string{"csv", "trf", "print", "表格", "打印"}, exportChoices...),
			Help: i18n.T{Zh: "表格：排名表和成绩表（csv，Excel 可打开）；xlsx：Excel 工作簿（成绩、各轮对阵、参赛名单）；trf：全部对局（FIDE TRF-16）；打印：本轮的对阵、记分单、成绩表和排名；秩序册、成绩册、奖状：可打印的比赛材料",
				En: "csv: the standings and the crosstable (Excel opens them); xlsx: an Excel workbook (results, each round's pairings, entries); trf: every game (FIDE TRF-16); print: the round's pairings, score sheets, crosstable and standings; programme, booklet, certificates: the event's papers to print (A4)"}}},
		Help: i18n.T{Zh: "导出比赛文件", En: "export the event as a file"},
		Run:  export,
	}}
}

// export answers with the files of the format asked for, and a line saying
// what they are; without a format it asks which, with a button for each.
func export(c *Context) (Reply, error) {
	ev := &c.State.Event
	switch c.Args["format"] {
	case "":
		return Reply{
			Text: i18n.T{Zh: "导出哪种文件？csv：排名表和成绩表；Excel：全部成绩、各轮对阵和名单；trf：全部对局；打印：本轮的对阵、记分单和成绩表；秩序册、成绩册、奖状：可打印的比赛材料。",
				En: "Which file? csv: the standings and the crosstable; Excel: every result, each round's pairings and the entries; trf: every game; print: the round's pairings, score sheets and crosstable; programme, booklet, certificates: the event's papers to print."}.In(c.Lang),
			Buttons: []chat.Button{
				{Label: i18n.T{Zh: "表格 CSV", En: "CSV"}.In(c.Lang), Command: "/export csv"},
				{Label: "Excel", Command: "/export xlsx"},
				{Label: "TRF", Command: "/export trf"},
				{Label: i18n.T{Zh: "打印", En: "Print"}.In(c.Lang), Command: "/export print"},
				{Label: i18n.T{Zh: "秩序册", En: "Programme"}.In(c.Lang), Command: "/export programme"},
				{Label: i18n.T{Zh: "成绩册", En: "Results booklet"}.In(c.Lang), Command: "/export booklet"},
				{Label: i18n.T{Zh: "奖状", En: "Certificates"}.In(c.Lang), Command: "/export certificates"},
			},
		}, nil
	case "trf":
		var b strings.Builder
		if err := trf.Write(&b, ev); err != nil {
			return Reply{}, trfRefused(err)
		}
		name := chat.FileName(ev.Name, "trf")
		text := i18n.T{Zh: "「%s」的全部对局（TRF-16）：%s", En: "Every game of %q (TRF-16): %s"}.In(c.Lang, ev.Name, name)
		if c.State.Format().Tables()[0] == action.RankingTable {
			// TRF-16 knows rounds of games, not brackets (R-F-4).
			text += i18n.T{Zh: "（TRF 只记对局，其中的积分不是名次；对阵和名次见 /bracket、/standings）", En: " (TRF holds the games only, its points are not the ranking: see /bracket and /standings)"}.In(c.Lang)
		}
		return Reply{Text: text, File: &chat.File{Name: name, Data: []byte(b.String())}}, nil
	case "print", "打印":
		return exportPrint(c)
	}
	if papers, ok := exportWords[c.Args["format"]]; ok {
		return papers(c) // paper.go
	}
	sheets, err := formatOf(c.State).files(c.State, c.Lang)
	if err != nil {
		return Reply{}, err
	}
	files := make([]*chat.File, len(sheets))
	names, said := make([]string, len(sheets)), make([]string, len(sheets))
	for i, f := range sheets {
		data, err := sheet.CSVFile(f.table)
		if err != nil {
			return Reply{}, fmt.Errorf("export csv: %w", err)
		}
		files[i] = &chat.File{Name: chat.FileName(ev.Name+" "+f.what.In(c.Lang), "csv"), Data: data}
		names[i], said[i] = files[i].Name, f.said.In(c.Lang)
	}
	text := i18n.T{Zh: "「%[1]s」的%[2]s（CSV，Excel 可直接打开）：%[3]s", En: "The %[2]s of %[1]q (CSV, for Excel): %[3]s"}.
		In(c.Lang, ev.Name, listed(said, c.Lang), strings.Join(names, i18n.T{Zh: "、", En: ", "}.In(c.Lang)))
	return withFiles(c, text, files)
}

// listed is the names of files as a list in a sentence: "甲、乙和丙", "a,
// the b and the c" (the first "the" is the sentence's).
func listed(words []string, lang i18n.Lang) string {
	if len(words) < 2 {
		return strings.Join(words, "")
	}
	last := len(words) - 1
	return strings.Join(words[:last], i18n.T{Zh: "、", En: ", the "}.In(lang)) + i18n.T{Zh: "和", En: " and the "}.In(lang) + words[last]
}

// exportPrint is the printable page of the current round: its pairing
// sheet, a score sheet (记分单) per board, the crosstable and the
// standings, as one HTML file to open in a browser and print (A4).
func exportPrint(c *Context) (Reply, error) {
	st := c.State
	round := sheet.CurrentRound(&st.Event)
	if round == 0 {
		return Reply{}, noRounds(c.State)
	}
	var b bytes.Buffer
	if err := page.Print(&b, formatOf(st).page(st, c.Lang), sheet.ScoreSheets(sheetOf(st), round)); err != nil {
		return Reply{}, fmt.Errorf("export print: %w", err)
	}
	name := chat.FileName(st.Event.Name+" "+i18n.T{Zh: "第%d轮", En: "round %d"}.In(c.Lang, round), "html")
	text := i18n.T{Zh: "「%s」第 %d 轮的打印文件（用浏览器打开后打印）：%s", En: "The papers of %q round %d to print (open in a browser, then print): %s"}.In(c.Lang, st.Event.Name, round, name)
	return Reply{Text: text, File: &chat.File{Name: name, Data: b.Bytes()}}, nil
}

// withFiles answers c with text and files. One file goes with the reply
// as its attachment. A reply carries one, so more go through the outbox to
// the request's chat, each a message of its own after the text, under
// keys made from the update's id: the same update sends them once. Where
// the adapter queues replies (RepliesQueued) the text is queued first
// under the reply's key, so the chat reads it before the files.
func withFiles(c *Context, text string, files []*chat.File) (Reply, error) {
	if len(files) <= 1 {
		r := Reply{Text: text}
		if len(files) == 1 {
			r.File = files[0]
		}
		return r, nil
	}
	to := c.Req.Chat
	key := ReplyKey(c.Req.UpdateID)
	if c.Req.UpdateID == "" {
		key = fmt.Sprintf("files:%s:%s:%d", to.Platform, to.ID, c.svc.now().UnixNano())
	}
	queued := c.Req.RepliesQueued && c.Req.UpdateID != ""
	// The pictures are one album, the reply's text its caption where the
	// adapter queues its replies; other files a message each after it.
	var album, others []*chat.File
	for _, f := range files {
		if strings.HasSuffix(f.Name, ".png") {
			album = append(album, f)
		} else {
			others = append(others, f)
		}
	}
	first := chat.Message{Chat: to, Album: album, DedupKey: key + ":album"}
	if queued {
		first.Text, first.DedupKey = text, key
	}
	var msgs []chat.Message
	if len(album) > 0 || queued {
		msgs = append(msgs, first)
	}
	for i, f := range others {
		msgs = append(msgs, chat.Message{Chat: to, File: f, DedupKey: fmt.Sprintf("%s:file:%d", key, i+1)})
	}
	if err := c.svc.store.Enqueue(c, msgs...); err != nil {
		return Reply{}, err
	}
	return Reply{Text: text, Queued: queued}, nil
}

// trfRefused says in the user's language why the event does not go into
// TRF-16: a number wider than its columns (trf.LimitError), or else data
// qisai itself got wrong, for the administrator (its English stays out of
// the Chinese).
func trfRefused(err error) *Problem {
	var le *trf.LimitError
	if errors.As(err, &le) {
		zh, en := strings.ReplaceAll(le.Chinese(), "%", "%%"), strings.ReplaceAll(le.Error(), "%", "%%")
		return problem("无法导出 TRF："+zh+"。改正后再试（选手用 /player edit，计分用 /event set scoring）。",
			"Cannot export TRF: "+en+". Correct it and try again (a player with /player edit, the scoring with /event set scoring).")
	}
	return problem("无法导出 TRF：比赛数据不一致，请告诉机器人的管理员。",
		"Cannot export TRF: the event's data is inconsistent ("+strings.ReplaceAll(err.Error(), "%", "%%")+"); please tell the bot's administrator.")
}
