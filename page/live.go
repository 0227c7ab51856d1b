package page

import (
	"bufio"
	"fmt"
	"html/template"
	"io"
	"net/url"

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
		Empty:    text{"还没有可以显示的内容。", "Nothing to show yet."}.in(p.Lang),
		Updated: fmt.Sprintf(text{"第 %d 版 · 有变化时自动更新", "Version %d · updates itself when anything changes"}.
			in(p.Lang), p.Version),
	}
	if o.Player {
		d.Back = o.Root
		d.BackLabel = text{"← 全部赛况", "← The whole event"}.in(p.Lang)
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

var kindNames = map[string]text{
	string(sheet.KindPairings):   {"对阵", "Pairings"},
	string(sheet.KindStandings):  {"排名", "Standings"},
	string(sheet.KindCrosstable): {"成绩表", "Crosstable"},
	string(sheet.KindGames):      {"对局", "Games"},
	string(sheet.KindBracket):    {"淘汰赛", "Bracket"},
}

// menu links to each table: by its kind's short name where the kind
// stands once, by its title where it stands more than once.
func menu(tables []view, l sheet.Lang) []menuItem {
	count := map[string]int{}
	for _, t := range tables {
		count[t.Kind]++
	}
	items := make([]menuItem, 0, len(tables))
	for _, t := range tables {
		title := t.Title
		if name, ok := kindNames[t.Kind]; ok && count[t.Kind] == 1 {
			title = name.in(l)
		}
		items = append(items, menuItem{ID: t.ID, Title: title})
	}
	return items
}

// switches lead to the page in the other language and the other view;
// the page's own language and view are shown without a link. Each
// language is named in itself.
func switches(l sheet.Lang, v View) []link {
	query := func(lang sheet.Lang, view View) string {
		q := url.Values{"lang": {string(lang)}}
		if view == Projector {
			q.Set("view", string(Projector))
		}
		return "?" + q.Encode()
	}
	out := []link{{Label: "中文", Href: query(sheet.Zh, v)}, {Label: "English", Href: query(sheet.En, v)}}
	if l == sheet.En {
		out[1].Href = ""
	} else {
		out[0].Href = ""
	}
	if v == Projector {
		out = append(out, link{Label: text{"手机版", "Phone view"}.in(l), Href: query(l, Phone)})
	} else {
		out = append(out, link{Label: text{"投影模式", "Projector view"}.in(l), Href: query(l, Projector)})
	}
	return out
}
