package page

import (
	"bufio"
	"fmt"
	"html/template"
	"io"
	"net/url"

	"github.com/qisai/qisai/internal/i18n"
	"github.com/qisai/qisai/sheet"
)

// View is how the live page is laid out.
type View string

const (
	// Phone is the default: one column that reads on a phone and widens
	// on a bigger screen.
	Phone View = "phone"
	// Projector is large type for a screen at the venue, with no menu: the
	// page shows its tables one at a time, a screenful of rows after
	// another, and starts over (the crosstable, too wide to read from the
	// back of a hall, is left out).
	Projector View = "projector"
)

// ParseView reads the ?view= of a link; anything but "projector" is Phone.
func ParseView(s string) View {
	if s == string(Projector) {
		return Projector
	}
	return Phone
}

// Options says where a live page stands.
type Options struct {
	// Root is the path of the event's page, "/e/TOKEN/": cells' links
	// (sheet.Cell.Link) and the version the page polls are under it.
	Root string
	View View
	// Player says the page is one player's (their games): its title leads
	// back to the event's page.
	Player bool
}

var liveTemplate = parse("live.html")

// Live writes p as the event's live web page in p.Lang. The page reloads
// itself when Root+"version" answers other than p.Version (a script; a
// browser without scripts reloads every minute).
func Live(w io.Writer, p sheet.Page, o Options) error {
	tables := p.Tables
	if o.View == Projector {
		tables = nil
		for _, t := range p.Tables {
			if t.Kind != sheet.KindCrosstable {
				tables = append(tables, t)
			}
		}
	}
	d := liveData{
		HTMLLang: htmlLang(p.Lang),
		Version:  p.Version,
		Poll:     o.Root + "version",
		View:     ParseView(string(o.View)),
		Event:    p.Event,
		Status:   p.Status,
		CSS:      template.CSS(liveCSS),
		JS:       template.JS(liveJS),
		Tables:   views(tables, o.Root),
		Empty:    i18n.T{Zh: "还没有可以显示的内容。", En: "Nothing to show yet."}.In(p.Lang),
		Updated: fmt.Sprintf(i18n.T{Zh: "第 %d 版 · 有变化时自动更新", En: "Version %d · updates itself when anything changes"}.
			In(p.Lang), p.Version),
	}
	if o.Player {
		d.Back = o.Root
		d.BackLabel = i18n.T{Zh: "← 全部赛况", En: "← The whole event"}.In(p.Lang)
	}
	if d.View == Phone {
		d.Menu = menu(d.Tables, p.Lang)
	}
	d.Switches = switches(p.Lang, d.View)
	b := bufio.NewWriterSize(w, 64<<10)
	if err := liveTemplate().ExecuteTemplate(b, "top", d); err != nil {
		return err
	}
	writeTables(b, d.Tables)
	if err := liveTemplate().ExecuteTemplate(b, "bottom", d); err != nil {
		return err
	}
	return b.Flush()
}

type liveData struct {
	HTMLLang  string
	Version   int64
	Poll      string
	View      View
	Event     string
	Status    string
	Back      string
	BackLabel string
	CSS       template.CSS
	JS        template.JS
	Menu      []menuItem
	Switches  []link
	Tables    []view
	Empty     string
	Updated   string
}

type menuItem struct{ ID, Title string }

type link struct{ Label, Href string }

var kindNames = map[string]i18n.T{
	string(sheet.KindPairings):   {Zh: "对阵", En: "Pairings"},
	string(sheet.KindStandings):  {Zh: "排名", En: "Standings"},
	string(sheet.KindCrosstable): {Zh: "成绩表", En: "Crosstable"},
	string(sheet.KindGames):      {Zh: "对局", En: "Games"},
	string(sheet.KindBracket):    {Zh: "对阵表", En: "Bracket"},
	string(sheet.KindGroup):      {Zh: "小组", En: "Group"},
}

// menu links to each table: by its kind's short name where the kind
// stands once, by its title where it stands more than once.
func menu(tables []view, l i18n.Lang) []menuItem {
	count := map[string]int{}
	for _, t := range tables {
		count[t.Kind]++
	}
	items := make([]menuItem, 0, len(tables))
	for _, t := range tables {
		title := t.Title
		if name, ok := kindNames[t.Kind]; ok && count[t.Kind] == 1 {
			title = name.In(l)
		}
		items = append(items, menuItem{ID: t.ID, Title: title})
	}
	return items
}

// switches lead to the page in the other language and the other view;
// the page's own language and view are shown without a link. Each
// language is named in itself.
func switches(l i18n.Lang, v View) []link {
	query := func(lang i18n.Lang, view View) string {
		q := url.Values{"lang": {string(lang)}}
		if view == Projector {
			q.Set("view", string(Projector))
		}
		return "?" + q.Encode()
	}
	out := []link{{Label: "中文", Href: query(i18n.Zh, v)}, {Label: "English", Href: query(i18n.En, v)}}
	if l == i18n.En {
		out[1].Href = ""
	} else {
		out[0].Href = ""
	}
	if v == Projector {
		out = append(out, link{Label: i18n.T{Zh: "手机版", En: "Phone view"}.In(l), Href: query(l, Phone)})
	} else {
		out = append(out, link{Label: i18n.T{Zh: "投影模式", En: "Projector view"}.In(l), Href: query(l, Projector)})
	}
	return out
}
