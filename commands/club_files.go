package commands

import (
	"bytes"
	"context"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/xuri/excelize/v2"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/chat"
	"github.com/qisai/qisai/internal/i18n"
	"github.com/qisai/qisai/internal/names"
	"github.com/qisai/qisai/internal/textwidth"
	"github.com/qisai/qisai/rating"
	"github.com/qisai/qisai/sheet"
	"github.com/qisai/qisai/storage"
)

// The club's list as a file (R-R-5): exported as CSV or .xlsx (excelize,
// the Go library for Excel files), imported from either — a club moving
// its list from a spreadsheet, or another list's ratings — or from lines
// pasted after /rating import. An import sets ratings by hand: for a
// player who has played no club game, the rating they start with; else
// their rating from now on (R-R-1).

func ratingFileCommands() []*Command {
	return []*Command{
		{
			Name: "rating export", Aliases: []string{"导出等级分"}, Who: Anyone, GroupOnly: true,
			Args: []Arg{{Name: "format", Kind: Choice, Optional: true, Choices: []string{"csv", "xlsx", "表格"}, Help: i18n.T{Zh: "csv 或 xlsx（默认 xlsx）", En: "csv or xlsx (xlsx by default)"}}},
			Help: i18n.T{Zh: "导出等级分榜和名册（Excel 可打开）", En: "export the rating list and the roster (for Excel)"},
			Run:  exportRatings,
		},
		{
			Name: "rating import", Aliases: []string{"导入等级分"}, Who: Anyone, GroupOnly: true,
			Args: []Arg{{Name: "what", Kind: Rest, Help: i18n.T{Zh: "每行一人：名字,等级分[,单位]；可带表头（姓名、等级分、单位、组别）", En: "one player a line: NAME,RATING[,UNIT]; a header row may name the columns (name, rating, unit, categories)"}}},
			Help: i18n.T{Zh: "导入等级分：把名单贴在命令下面（组织者）", En: "import ratings: paste the list under the command (organisers)"},
			More: i18n.T{Zh: "例如：\n/rating import\n姓名,等级分,单位\n张伟,1850,一中\n李娜,1720,二中\n名册里没有的人会加进去。还没下过俱乐部对局的，这是他的起始等级分；下过的，从现在起是这个等级分。Excel 文件由运行 qisai 的人在命令行导入。",
				En: "For example:\n/rating import\nname,rating,unit\nZhang Wei,1850,No. 1 School\nLi Na,1720,No. 2 School\nPlayers the roster lacks are added. For one who has played no club game it is the rating they start with; for the others, their rating from now on. Whoever runs qisai imports Excel files from the command line (qisai rating import)."},
			Run: importRatingsLine,
		},
	}
}

// ratingSheet is the club's list as a table for a file: every member, the
// rated by rating, then the others by name; numbers as numbers.
func ratingSheet(cl *club, list *clubRatings, lang i18n.Lang) sheet.Table {
	t := sheet.Table{
		Kind:  sheet.KindStandings,
		Title: i18n.T{Zh: "等级分榜（%s）", En: "Rating list (%s)"}.In(lang, ratingTerms(list.Settings(), lang)),
		Columns: []sheet.Column{
			{Title: i18n.T{Zh: "名次", En: "Rank"}.In(lang), Align: sheet.Right},
			{Title: i18n.T{Zh: "姓名", En: "Name"}.In(lang)},
			{Title: i18n.T{Zh: "单位", En: "Unit"}.In(lang)},
			{Title: i18n.T{Zh: "等级分", En: "Rating"}.In(lang), Align: sheet.Right},
			{Title: i18n.T{Zh: "临时", En: "Provisional"}.In(lang)},
			{Title: i18n.T{Zh: "局数", En: "Games"}.In(lang), Align: sheet.Right},
			{Title: i18n.T{Zh: "组别", En: "Categories"}.In(lang)},
		},
	}
	ms := append([]storage.Member(nil), cl.Members...)
	sortByRating(ms, list)
	for i, m := range ms {
		rank, r, prov, games := "", "", "", ""
		if p, ok := list.Player(int(m.ID)); ok && p.Rated {
			rank, r, games = strconv.Itoa(i+1), strconv.Itoa(p.Rounded()), strconv.Itoa(gamesRated(p))
			if list.Provisional(p) {
				prov = i18n.T{Zh: "是", En: "yes"}.In(lang)
			}
		}
		t.Rows = append(t.Rows, []sheet.Cell{{Text: rank}, {Text: m.Name}, {Text: m.Unit}, {Text: r}, {Text: prov}, {Text: games}, {Text: strings.Join(m.Categories, ",")}})
	}
	return t
}

// exportRatings is /rating export [csv|xlsx].
func exportRatings(c *Context) (Reply, error) {
	cl, err := c.loadClub()
	if err != nil {
		return Reply{}, err
	}
	f, err := c.svc.ratingFile(cl, c.Args["format"], c.Lang)
	if err != nil {
		return Reply{}, err
	}
	return Reply{Text: i18n.T{Zh: "等级分榜和名册（%d 人）：%s", En: "The rating list and the roster (%d players): %s"}.In(c.Lang, len(cl.Members), f.Name), File: f}, nil
}

// ratingFile is the club's list as a file in format (csv, else xlsx).
func (s *Service) ratingFile(cl *club, format string, lang i18n.Lang) (*chat.File, error) {
	if len(cl.Members) == 0 {
		return nil, problem("名册还是空的，没有可导出的。", "The roster is empty: there is nothing to export.")
	}
	list, err := cl.ratings(nil)
	if err != nil {
		return nil, err
	}
	t := ratingSheet(cl, list, lang)
	base := i18n.T{Zh: "等级分榜", En: "rating list"}.In(lang)
	if format == "csv" || format == "表格" {
		data, err := sheet.CSVFile(t)
		return &chat.File{Name: chat.FileName(base, "csv"), Data: data}, err
	}
	data, err := xlsxOf(t)
	return &chat.File{Name: chat.FileName(base, "xlsx"), Data: data}, err
}

// ExportRatings is the list of the club of chat as a file, csv or xlsx
// (qisai rating export).
func (s *Service) ExportRatings(ctx context.Context, where chat.Chat, format string, lang i18n.Lang) (*chat.File, error) {
	cl, err := s.club(ctx, where, action.Actor{Platform: where.Platform, User: "qisai"})
	if err != nil {
		return nil, err
	}
	f, err := s.ratingFile(cl, format, lang)
	var p *Problem
	if errors.As(err, &p) {
		return nil, errors.New(p.Text.In(lang, p.Args...))
	}
	return f, err
}

// xlsxOf is t as a workbook of one worksheet: the title, the headings,
// the rows; a number as a number, columns as wide as their text.
func xlsxOf(t sheet.Table) ([]byte, error) {
	f := excelize.NewFile()
	defer f.Close()
	name := f.GetSheetName(0)
	if err := f.SetCellStr(name, "A1", t.Title); err != nil {
		return nil, err
	}
	widths := make([]int, len(t.Columns))
	head := make([]any, len(t.Columns))
	for i, col := range t.Columns {
		head[i], widths[i] = col.Heading(), textwidth.Of(col.Heading())
	}
	if err := f.SetSheetRow(name, "A2", &head); err != nil {
		return nil, err
	}
	for r, row := range t.Rows {
		cells := make([]any, len(row))
		for i, c := range row {
			cells[i] = c.Text
			if n, err := strconv.ParseFloat(c.Text, 64); err == nil && c.Text != "" {
				cells[i] = n
			}
			widths[i] = max(widths[i], textwidth.Of(c.Text))
		}
		cell, _ := excelize.CoordinatesToCellName(1, r+3)
		if err := f.SetSheetRow(name, cell, &cells); err != nil {
			return nil, err
		}
	}
	for i, w := range widths {
		col, _ := excelize.ColumnNumberToName(i + 1)
		if err := f.SetColWidth(name, col, col, float64(max(w, 4)+2)); err != nil {
			return nil, err
		}
	}
	b, err := f.WriteToBuffer()
	if err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// headerRows is how far down a list's header may be.
const headerRows = 5

// listRow is one row of an imported list: its line in the file, the name
// and what else it says (a blank cell says nothing).
type listRow struct {
	line       int
	name, unit string
	rating     int
	categories []string
}

// listHeadings are the headings an imported list's columns are known by,
// in either language (the export's among them).
var listHeadings = map[string]string{
	"姓名": "name", "名字": "name", "name": "name", "player": "name",
	"等级分": "rating", "rating": "rating", "elo": "rating",
	"单位": "unit", "unit": "unit", "club": "unit", "school": "unit",
	"组别": "categories", "categories": "categories", "category": "categories",
}

// readList reads a list's records — a header row naming its columns, or
// rows of name, rating and unit — into rows; a row that cannot be read is
// refused with its line, so that nothing of a bad list is imported.
func readList(records [][]string) ([]listRow, error) {
	// The header is the first row that names a name column, among the
	// first few (an export's title row comes before it).
	cols := map[string]int{"name": 0, "rating": 1, "unit": 2}
	start := 0
	for r, rec := range records[:min(len(records), headerRows)] {
		head := map[string]int{}
		for i, h := range rec {
			if k, ok := listHeadings[strings.ToLower(strings.TrimSpace(strings.TrimPrefix(h, "\ufeff")))]; ok {
				head[k] = i
			}
		}
		if _, ok := head["name"]; ok {
			cols, start = head, r+1
			break
		}
	}
	cell := func(rec []string, k string) string {
		i, ok := cols[k]
		if !ok || i >= len(rec) {
			return ""
		}
		return strings.TrimSpace(rec[i])
	}
	var out []listRow
	var bad []string
	seen := map[string]bool{}
	for i, rec := range records[start:] {
		line := start + i + 1
		r := listRow{line: line, name: cell(rec, "name"), unit: cell(rec, "unit"), categories: categories(cell(rec, "categories"))}
		if r.name == "" {
			if strings.Join(rec, "") != "" {
				bad = append(bad, strconv.Itoa(line))
			}
			continue
		}
		if name, fault := names.Player(r.name); fault != nil {
			bad = append(bad, strconv.Itoa(line))
			continue
		} else if r.name = name; seen[names.Key(name)] {
			bad = append(bad, strconv.Itoa(line)) // one line a player
			continue
		}
		seen[names.Key(r.name)] = true
		if v := cell(rec, "rating"); v != "" {
			n, ok := number(strings.TrimSuffix(v, "*"))
			if f, err := strconv.ParseFloat(v, 64); !ok && err == nil {
				n, ok = rating.Round(f), true // a spreadsheet's 1850.0
			}
			if !ok || n < 0 || n > 9999 {
				bad = append(bad, strconv.Itoa(line))
				continue
			}
			r.rating = n
		}
		out = append(out, r)
	}
	if len(bad) > 0 {
		return nil, &Problem{Text: inBoth(i18n.T{Zh: "第 %s 行读不出名字或等级分（等级分是 0–9999 的整数），或名字重复：整张名单都没有导入，请改正后再导入。", En: "Lines %s have no name or rating that can be read (a rating is a whole number from 0 to 9999), or name a player twice: nothing of the list was imported; correct them and import it again."},
			func(l i18n.Lang) []any { return []any{listNames(bad, l)} })}
	}
	if len(out) == 0 {
		return nil, problem("名单是空的：每行写 名字,等级分[,单位]。", "The list is empty: write NAME,RATING[,UNIT] a line.")
	}
	return out, nil
}

// recordsOf reads a file of a list: .xlsx by excelize (the first
// worksheet), anything else as CSV (or tab-separated), its byte order
// mark dropped.
func recordsOf(name string, data []byte) ([][]string, error) {
	if strings.EqualFold(filepath.Ext(name), ".xlsx") {
		f, err := excelize.OpenReader(bytes.NewReader(data))
		if err != nil {
			return nil, problem("读不了这个 Excel 文件：%v", "This Excel file cannot be read: %v", err)
		}
		defer f.Close()
		return f.GetRows(f.GetSheetName(0))
	}
	if !utf8.Valid(data) {
		return nil, problem("文件不是 UTF-8 编码：请在 Excel 里另存为「CSV UTF-8」。", "The file is not UTF-8: save it from Excel as \"CSV UTF-8\".")
	}
	return textRecords(strings.TrimPrefix(string(data), "\ufeff"))
}

// textRecords reads lines of a list: comma- or tab-separated as CSV, or
// words separated by spaces ("张伟 1850 一中").
func textRecords(text string) ([][]string, error) {
	var out [][]string
	for line := range strings.Lines(text) {
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		if !strings.ContainsAny(line, ",，\t") {
			out = append(out, strings.Fields(line))
			continue
		}
		r := csv.NewReader(strings.NewReader(strings.ReplaceAll(line, "，", ",")))
		r.Comma, r.FieldsPerRecord, r.LazyQuotes = ',', -1, true
		if strings.Contains(line, "\t") {
			r.Comma = '\t'
		}
		rec, err := r.Read()
		if err != nil && !errors.Is(err, io.EOF) {
			return nil, problem("读不懂这一行：%s", "This line cannot be read: %s", line)
		}
		out = append(out, rec)
	}
	return out, nil
}

// importRatingsLine is /rating import with the list under it.
func importRatingsLine(c *Context) (Reply, error) {
	_, pasted, _ := strings.Cut(strings.TrimSpace(c.Req.Text), "\n")
	if strings.TrimSpace(pasted) == "" {
		// All on the command's line: players apart by semicolons, or by
		// commas when a player's cells are apart by spaces ("/rating
		// import 张伟 1850, 李娜 1720"); else it is one player's row
		// ("/rating import 张伟,1850,一中").
		pasted = strings.ReplaceAll(strings.ReplaceAll(c.Args["what"], "；", "\n"), ";", "\n")
		if !strings.Contains(pasted, "\n") && strings.Contains(strings.TrimSpace(pasted), " ") {
			pasted = strings.ReplaceAll(strings.ReplaceAll(pasted, "，", "\n"), ",", "\n")
		}
	}
	records, err := textRecords(pasted)
	if err != nil {
		return Reply{}, err
	}
	rows, err := readList(records)
	if err != nil {
		return Reply{}, err
	}
	cl, err := c.clubFor("rating")
	if err != nil {
		return Reply{}, err
	}
	text, err := c.svc.importList(c, cl, c.Actor(), c.Req.UpdateID, rows, c.Lang)
	if err != nil {
		return Reply{}, err
	}
	return Reply{Text: text}, nil
}

// ImportRatings imports a list file (CSV or .xlsx) into the club of chat
// as actor (qisai rating import), and says what it did in lang.
func (s *Service) ImportRatings(ctx context.Context, where chat.Chat, actor action.Actor, name string, data []byte, lang i18n.Lang) (string, error) {
	records, err := recordsOf(name, data)
	var rows []listRow
	if err == nil {
		rows, err = readList(records)
	}
	var cl *club
	if err == nil {
		cl, err = s.club(ctx, where, actor)
	}
	var text string
	if err == nil {
		text, err = s.importList(ctx, cl, actor, "", rows, lang)
	}
	var p *Problem
	if errors.As(err, &p) {
		return "", errors.New(p.Text.In(lang, p.Args...))
	}
	return text, err
}

// importList sets the rows' ratings, units and categories in the club,
// adding the players it lacks, in one change (logged), and says what it
// did in lang.
func (s *Service) importList(ctx context.Context, cl *club, actor action.Actor, key string, rows []listRow, lang i18n.Lang) (string, error) {
	added, set := 0, 0
	at := s.now()
	err := s.store.UpdateClub(ctx, cl.Chat, actor, key, func(ch *storage.ClubChange) error {
		added, set = 0, 0
		cl.Club = ch.Club
		for _, r := range rows {
			m, ok := cl.memberNamed(r.name)
			if !ok {
				m = storage.Member{Name: r.name}
			}
			if r.unit != "" {
				m.Unit = r.unit
			}
			if len(r.categories) > 0 {
				m.Categories = r.categories
			}
			if r.rating > 0 {
				// R-R-1: a start for who has not played, else from now.
				m.Rating, m.RatedAt = r.rating, at
				if !cl.played(m.ID) {
					m.RatedAt = time.Time{}
				}
				set++
			}
			var err error
			if !ok {
				_, err = ch.AddMember(m)
				added++
			} else {
				err = ch.SaveMember(m)
			}
			if err != nil {
				return fmt.Errorf("line %d: %w", r.line, err)
			}
		}
		return ch.Log(i18n.F("导入名单：%d 行，设定 %d 个等级分，新增 %d 人", "imported a list: %d lines, %d ratings set, %d players added", len(rows), set, added))
	})
	if err != nil {
		return "", err
	}
	return i18n.T{Zh: "已导入 %d 行：设定了 %d 个等级分，名册新增 %d 人。/rating 查看等级分榜。", En: "Imported %d lines: %d ratings set, %d players added to the roster. See the list with /rating."}.In(lang, len(rows), set, added), nil
}
