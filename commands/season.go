package commands

import (
	"cmp"
	"slices"
	"strconv"
	"strings"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/chat"
	"github.com/qisai/qisai/engine"
	"github.com/qisai/qisai/internal/i18n"
	"github.com/qisai/qisai/internal/names"
	"github.com/qisai/qisai/sheet"
	"github.com/qisai/qisai/storage"
)

// /season (赛季): a club's season — a named run of its events, or a
// calendar year — ranked by the place points its players took in them
// (R-T-11) and then by what they gained on the club's rating list
// (R-R-2); as text, a picture and a file.

func seasonCommands() []*Command {
	return []*Command{
		{
			// "/season" alone shows it too (as /roster): Discord's commands
			// are one word or a group's subcommand, never both.
			Name: "season list", Aliases: []string{"赛季", "season"}, Who: Anyone, GroupOnly: true,
			Args: []Arg{
				{Name: "as", Kind: Choice, Optional: true, Choices: []string{"picture", "图片", "csv", "xlsx", "表格"}, Help: i18n.T{Zh: "图片，或文件（csv、xlsx）", En: "a picture, or a file (csv, xlsx)"}},
				{Name: "name", Kind: Rest, Optional: true, Help: i18n.T{Zh: "赛季名称或年份；不写则是今年", En: "the season's name or a year; none is this year"}},
			},
			Help: i18n.T{Zh: "赛季总排名：各场比赛的名次分（R-T-11）和等级分增减之和", En: "the season's standings: the place points of its events (R-T-11) and the rating gained, summed"},
			Run:  showSeason,
		},
		{
			Name: "season new", Aliases: []string{"新赛季"}, Who: Anyone, GroupOnly: true,
			Args: []Arg{{Name: "name", Kind: Rest, Help: i18n.T{Zh: "赛季名称，再写它的比赛：#春季赛 #夏季赛", En: "the season's name, then its events: #Spring #Summer"}}},
			Help: i18n.T{Zh: "设定一个赛季包含哪些比赛（组织者）；同名再设则替换", En: "name a season of this group's events (organisers); again with the same name replaces it"},
			More: i18n.T{Zh: "例如：/season new 2026秋季 #春季赛 #夏季赛 #秋季赛。不设赛季时，/season 按年份算。", En: "For example: /season new 2026autumn #Spring #Summer #Autumn. Without a season, /season counts a calendar year."},
			Run:  newSeason,
		},
		{
			Name: "season points", Aliases: []string{"赛季名次分"}, Who: Anyone, GroupOnly: true,
			Args: []Arg{{Name: "value", Kind: Rest, Optional: true, Help: i18n.T{Zh: "各名次的分数，从第 1 名起，如 10,7,5,3", En: "the points of each place from the first, e.g. 10,7,5,3"}}},
			Help: i18n.T{Zh: "赛季的名次分表（R-T-11，组织者）；不写则显示", En: "the season's place points (R-T-11, organisers); none shows them"},
			Run:  seasonPoints,
		},
		{
			Name: "season remove", Aliases: []string{"删除赛季"}, Who: Anyone, GroupOnly: true,
			Args: []Arg{{Name: "name", Kind: Rest, Help: i18n.T{Zh: "赛季名称", En: "the season's name"}}},
			Help: i18n.T{Zh: "删除一个赛季的设定（组织者；比赛不受影响）", En: "remove a season (organisers; its events stay)"},
			Run:  removeSeason,
		},
	}
}

// settingPoints is the club's place points table (/season points).
const settingPoints = "points"

// defaultPlacePoints are seed 000's (范文二: "第一名积10分，第二名积7分，第三名
// 积5分，第四名积3分", R-T-11).
var defaultPlacePoints = engine.PlaceTable{engine.Pts(10), engine.Pts(7), engine.Pts(5), engine.Pts(3)}

// placeTable is the club's place points table.
func placeTable(set map[string]string) engine.PlaceTable {
	if t, err := engine.ParsePlaceTable(set[settingPoints]); err == nil {
		return t
	}
	return defaultPlacePoints
}

// seasonPicked is the season a line asks for: its title and its events.
type seasonPicked struct {
	title  i18n.T
	events []storage.EventID
}

// pickSeason is the season called name: a saved one, else a year ("2026"),
// else this year in the club's clock for "".
func (c *Context) pickSeason(cl *club, name string) (seasonPicked, error) {
	name = strings.TrimSpace(name)
	for _, s := range cl.Seasons {
		if strings.EqualFold(s.Name, name) {
			return seasonPicked{title: i18n.F("赛季「%s」", "season %q", s.Name), events: s.Events}, nil
		}
	}
	loc := action.Info{}.Location() // a club's clock is China's, as an event's is by default
	year := c.svc.now().In(loc).Year()
	if name != "" {
		y, ok := number(strings.TrimSuffix(strings.TrimSuffix(name, "年"), "赛季"))
		if !ok || y < 1900 || y > 9999 {
			return seasonPicked{}, noSeason(cl, name)
		}
		year = y
	}
	p := seasonPicked{title: i18n.F("%d 年赛季", "the %d season", year)}
	for _, e := range cl.Events {
		if e.PlayedAt.In(loc).Year() == year {
			p.events = append(p.events, e.Event)
		}
	}
	return p, nil
}

// noSeason says there is no season called name, and which there are.
func noSeason(cl *club, name string) *Problem {
	var names []string
	for _, s := range cl.Seasons {
		names = append(names, s.Name)
	}
	if len(names) == 0 {
		return problem("没有叫「%s」的赛季。组织者用 /season new 名称 #比赛… 设定；/season 年份 看一年的。", "There is no season called %q. Organisers set one with /season new NAME #EVENT…; /season YEAR shows a year.", name)
	}
	return problem("没有叫「%s」的赛季。已有："+strings.Join(names, "、")+"；/season 年份 看一年的。", "There is no season called %q. There are: "+strings.Join(names, ", ")+"; /season YEAR shows a year.", name)
}

// seasonLine is one player's row of a season.
type seasonLine struct {
	member  int64
	name    string
	events  int
	points  engine.Points
	gain    int
	rating  string
	place   int
	shared  bool
	bestPos int // their best place, for equal points (R-T-11)
}

// seasonLines rank the club's members over events: their place points
// under table (R-T-11), then their rating gained on the list (R-R-2); the
// events the club has not taken in (not finished) are left out.
func (cl *club) seasonLines(events []storage.EventID, table engine.PlaceTable, list *clubRatings) ([]seasonLine, []storage.EventID, error) {
	lines := map[int64]*seasonLine{}
	line := func(m int64) *seasonLine {
		l, ok := lines[m]
		if !ok {
			mb, _ := cl.Member(m)
			r, _ := shownRating(list, int(m))
			l = &seasonLine{member: m, name: mb.Name, rating: r}
			lines[m] = l
		}
		return l
	}
	var counted []storage.EventID
	for _, id := range events {
		if !cl.Took(id) {
			continue
		}
		counted = append(counted, id)
		st, err := cl.state(id)
		if err != nil {
			return nil, nil, err
		}
		members := map[int]int64{}
		for _, e := range cl.Entries {
			if e.Event == id {
				members[e.Entrant] = e.Member
			}
		}
		for _, p := range st.Event.Players {
			if m, ok := members[p.Entrant]; ok {
				line(m).events++
			}
		}
		for _, s := range formatOf(st).placePoints(st, table) {
			p, _ := st.Event.Player(s.Entrant)
			if m, ok := members[p.Entrant]; ok {
				l := line(m)
				l.points += s.Points
				if l.bestPos == 0 || s.Place < l.bestPos {
					l.bestPos = s.Place
				}
			}
		}
		for m, e := range list.entries[id] {
			if _, ok := lines[int64(m)]; ok && e.WasRated {
				lines[int64(m)].gain += e.Change()
			}
		}
	}
	out := make([]seasonLine, 0, len(lines))
	for _, l := range lines {
		out = append(out, *l)
	}
	rank := func(a, b seasonLine) int {
		return cmp.Or(cmp.Compare(b.points, a.points), cmp.Compare(b.gain, a.gain))
	}
	slices.SortFunc(out, func(a, b seasonLine) int { return cmp.Or(rank(a, b), cmp.Compare(a.name, b.name)) })
	for i := range out {
		switch {
		case i > 0 && rank(out[i-1], out[i]) == 0:
			out[i].place, out[i].shared, out[i-1].shared = out[i-1].place, true, true
		default:
			out[i].place = i + 1 // R-T-9: the next place skips
		}
	}
	return out, counted, nil
}

// seasonTable is a season as a sheet: place, name, events, place points,
// rating gained, rating now.
func seasonTable(title string, lines []seasonLine, table engine.PlaceTable, lang i18n.Lang) sheet.Table {
	t := sheet.Table{
		Kind:  sheet.KindStandings,
		Title: title,
		Columns: []sheet.Column{
			{Title: i18n.T{Zh: "名次", En: "#"}.In(lang), Full: i18n.T{Zh: "名次", En: "Place"}.In(lang), Align: sheet.Right, Brief: true},
			{Title: i18n.T{Zh: "姓名", En: "Name"}.In(lang), Shrink: true, Brief: true},
			{Title: i18n.T{Zh: "赛", En: "Ev"}.In(lang), Full: i18n.T{Zh: "参赛场数", En: "Events"}.In(lang), Align: sheet.Right, Brief: true},
			{Title: i18n.T{Zh: "名次分", En: "Pts"}.In(lang), Full: i18n.T{Zh: "名次分", En: "Place points"}.In(lang), Align: sheet.Right, Brief: true},
			{Title: "±", Full: i18n.T{Zh: "等级分增减", En: "Rating gained"}.In(lang), Align: sheet.Right, Brief: true},
			{Title: i18n.T{Zh: "等级分", En: "Rating"}.In(lang), Align: sheet.Right},
		},
		Footer: []string{i18n.T{Zh: "名次分 %s（第 1 名起，R-T-11），并列者平分；同分比等级分增减。", En: "Place points %s (from 1st place, R-T-11), shared places split; equal points go by the rating gained."}.In(lang, table)},
	}
	for _, l := range lines {
		place := engine.Placing{Place: l.place, Shared: l.shared}.PlaceLabel()
		t.Rows = append(t.Rows, []sheet.Cell{{Text: place}, {Text: l.name}, {Text: strconv.Itoa(l.events)}, {Text: l.points.String()}, {Text: signed(float64(l.gain))}, {Text: l.rating}})
	}
	return t
}

// seasonShown is how many lines /season's text shows.
const seasonShown = 30

// showSeason is /season [picture|csv|xlsx] [NAME].
func showSeason(c *Context) (Reply, error) {
	cl, err := c.loadClub()
	if err != nil {
		return Reply{}, err
	}
	picked, err := c.pickSeason(cl, c.Args["name"])
	if err != nil {
		return Reply{}, err
	}
	list, err := cl.ratings(nil)
	if err != nil {
		return Reply{}, err
	}
	table := placeTable(cl.Settings)
	lines, counted, err := cl.seasonLines(picked.events, table, list)
	if err != nil {
		return Reply{}, err
	}
	title := picked.title.In(c.Lang)
	if len(counted) == 0 {
		return Reply{}, &Problem{Text: i18n.T{Zh: "%s还没有结束的比赛。", En: "%s has no finished event yet."}, Args: []any{title}}
	}
	t := seasonTable(title, lines, table, c.Lang)
	var evNames []string
	for _, id := range counted {
		st, err := cl.state(id)
		if err != nil {
			return Reply{}, err
		}
		evNames = append(evNames, st.Event.Name)
	}
	head := i18n.T{Zh: "%s：%d 场比赛（%s）", En: "%s: %d events (%s)"}.In(c.Lang, title, len(counted), listNames(evNames, c.Lang))
	switch c.Args["as"] {
	case "picture", "图片":
		if c.svc.painter == nil {
			return Reply{}, noPainter()
		}
		files, err := pictures(c.svc.painter, i18n.T{Zh: "俱乐部", En: "Club"}.In(c.Lang), t)
		if err != nil {
			return Reply{}, err
		}
		return withFiles(c, head, files)
	case "csv", "表格":
		data, err := sheet.CSVFile(t)
		if err != nil {
			return Reply{}, err
		}
		return Reply{Text: head, File: &chat.File{Name: chat.FileName(title, "csv"), Data: data}}, nil
	case "xlsx":
		data, err := xlsxOf(t)
		if err != nil {
			return Reply{}, err
		}
		return Reply{Text: head, File: &chat.File{Name: chat.FileName(title, "xlsx"), Data: data}}, nil
	}
	shown := t
	shown.Rows = t.Rows[:min(len(t.Rows), seasonShown)]
	text := head + "\n" + monoTable(shown.BriefText(phoneWidth, nil)) + "\n" + strings.Join(t.Footer, "\n")
	if len(t.Rows) > seasonShown {
		text += "\n" + i18n.T{Zh: "只列出前 %d 名：/season csv 导出全部，/season picture 看图片。", En: "The top %d only: /season csv gives everyone, /season picture a picture."}.In(c.Lang, seasonShown)
	}
	return Reply{Text: text}, nil
}

// newSeason is /season new NAME #EVENT….
func newSeason(c *Context) (Reply, error) {
	cl, err := c.clubFor("season")
	if err != nil {
		return Reply{}, err
	}
	var name []string
	var wanted []string
	if c.named != "" {
		wanted = append(wanted, c.named)
	}
	for _, w := range strings.Fields(c.Args["name"]) {
		if n, ok := strings.CutPrefix(strings.TrimPrefix(w, "＃"), "#"); ok || strings.HasPrefix(w, "＃") {
			wanted = append(wanted, strings.TrimPrefix(n, "＃"))
			continue
		}
		name = append(name, w)
	}
	title := strings.Join(name, " ")
	if title == "" || len(wanted) == 0 {
		return Reply{}, problem("请写赛季名称和它的比赛，如 /season new 2026秋季 #春季赛 #夏季赛。", "Give the season's name and its events, as in /season new 2026autumn #Spring #Summer.")
	}
	if _, fault := names.Event(title); fault != nil {
		return Reply{}, &Problem{Text: fault.T}
	}
	evs, err := c.svc.store.ChatEvents(c, cl.Chat)
	if err != nil {
		return Reply{}, err
	}
	var ids []storage.EventID
	var found []string
	for _, w := range wanted {
		e, err := pickEvent(evs, w, func(action.Status) bool { return false })
		if err != nil {
			return Reply{}, err
		}
		ids, found = append(ids, e.ID), append(found, e.Name)
	}
	if err := c.clubChange(cl, func(ch *storage.ClubChange) error {
		if _, err := ch.SaveSeason(title, ids); err != nil {
			return err
		}
		return ch.Log(inBoth(i18n.T{Zh: "设定赛季「%s」：%s", En: "set the season %q: %s"}, func(l i18n.Lang) []any { return []any{title, listNames(found, l)} }))
	}); err != nil {
		return Reply{}, err
	}
	return Reply{Text: i18n.T{Zh: "已设定赛季「%s」：%s。查看：/season %s", En: "Set the season %q: %s. See it with /season %s"}.In(c.Lang, title, listNames(found, c.Lang), title)}, nil
}

// seasonPoints is /season points [TABLE].
func seasonPoints(c *Context) (Reply, error) {
	v := strings.TrimSpace(c.Args["value"])
	if v == "" {
		cl, err := c.loadClub()
		if err != nil {
			return Reply{}, err
		}
		return Reply{Text: i18n.T{Zh: "赛季名次分：%s（第 1 名起，R-T-11）。修改：/season points 10,7,5,4,3,2,1", En: "The season's place points: %s (from 1st place, R-T-11). Change them: /season points 10,7,5,4,3,2,1"}.In(c.Lang, placeTable(cl.Settings))}, nil
	}
	t, err := engine.ParsePlaceTable(v)
	if err != nil {
		return Reply{}, problem("名次分应从第 1 名起依次写，后面的不多于前面的，如 10,7,5,3；「%s」不行。", "Place points go from 1st place down, none more than the one before, e.g. 10,7,5,3; not %q.", v)
	}
	cl, err := c.clubFor("season")
	if err != nil {
		return Reply{}, err
	}
	if err := c.clubChange(cl, func(ch *storage.ClubChange) error {
		if err := ch.Set(settingPoints, t.String()); err != nil {
			return err
		}
		return ch.Log(i18n.F("赛季名次分设为 %s", "set the season's place points to %s", t.String()))
	}); err != nil {
		return Reply{}, err
	}
	return Reply{Text: i18n.T{Zh: "已设置赛季名次分：%s（R-T-11）。", En: "Set the season's place points: %s (R-T-11)."}.In(c.Lang, t)}, nil
}

// removeSeason is /season remove NAME.
func removeSeason(c *Context) (Reply, error) {
	cl, err := c.clubFor("season")
	if err != nil {
		return Reply{}, err
	}
	name := strings.TrimSpace(c.Args["name"])
	i := slices.IndexFunc(cl.Seasons, func(s storage.Season) bool { return strings.EqualFold(s.Name, name) })
	if i < 0 {
		return Reply{}, noSeason(cl, name)
	}
	se := cl.Seasons[i]
	if err := c.clubChange(cl, func(ch *storage.ClubChange) error {
		if err := ch.DeleteSeason(se.ID); err != nil {
			return err
		}
		return ch.Log(i18n.F("删除了赛季「%s」", "removed the season %q", se.Name))
	}); err != nil {
		return Reply{}, err
	}
	return Reply{Text: i18n.T{Zh: "已删除赛季「%s」；它的比赛不受影响。", En: "Removed the season %q; its events stay."}.In(c.Lang, se.Name)}, nil
}
