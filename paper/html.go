package paper

import (
	"bytes"
	"embed"
	"html/template"
	"io"
	"sync"

	"github.com/qisai/qisai/internal/i18n"
	"github.com/qisai/qisai/page"
	"github.com/qisai/qisai/sheet"
)

//go:embed paper.html paper.css
var files embed.FS

// templates are the documents' templates, read once when first wanted.
var templates = sync.OnceValue(func() *template.Template {
	return template.Must(template.New("paper").ParseFS(files, "paper.html"))
})

// css is the documents' style: qisai's pages' type and tables, then the
// papers' A4 layout.
var css = sync.OnceValue(func() template.CSS {
	b, err := files.ReadFile("paper.css")
	if err != nil {
		panic("paper: " + err.Error()) // embedded at build time
	}
	return template.CSS(page.BaseCSS() + string(b))
})

// doc is what every document's template reads: the page's language, the
// document's name, the event's name and details for its cover.
type doc struct {
	HTMLLang string
	Kind     string // "programme", "booklet", "certificates": the body's class
	Name     string // "秩序册"
	Event    string
	Details  []fact
	CSS      template.CSS
	// Pages is how the footer numbers the printed pages: the words before
	// the page's number, between it and the count, after the count.
	Pages [3]string
}

// fact is a labelled line: "主办单位：实验中学象棋协会", a round's start.
type fact struct{ Head, Value string }

func (p Papers) doc(kind string, name i18n.T) doc {
	d := doc{
		HTMLLang: "zh-CN", Kind: kind, Name: p.tr(name), Event: p.Event.Event.Name, CSS: css(),
		Pages: [3]string{"第 ", " 页，共 ", " 页"},
	}
	if p.Lang == i18n.En {
		d.HTMLLang, d.Pages = "en", [3]string{"Page ", " of ", ""}
	}
	for _, f := range p.facts() {
		d.Details = append(d.Details, fact{p.tr(f.head), f.value})
	}
	return d
}

// detail is one of the event's details with its label: in full on a
// cover, short in a line.
type detail struct {
	head, short i18n.T
	value       string
}

// facts are the event's host, venue and dates, those known.
func (p Papers) facts() []detail {
	var out []detail
	for _, f := range []detail{
		{i18n.T{Zh: "主办单位", En: "Host"}, i18n.T{Zh: "主办", En: "Host"}, p.Details.Host},
		{i18n.T{Zh: "比赛地点", En: "Venue"}, i18n.T{Zh: "地点", En: "Venue"}, p.Details.Venue},
		{i18n.T{Zh: "比赛日期", En: "Dates"}, i18n.T{Zh: "日期", En: "Dates"}, p.Details.Dates},
	} {
		if f.value != "" {
			out = append(out, f)
		}
	}
	return out
}

// tablesHTML is tables laid out as the printed pages lay them out
// (page.Sections).
func tablesHTML(tables []sheet.Table) (template.HTML, error) {
	var b bytes.Buffer
	if err := page.Sections(&b, tables); err != nil {
		return "", err
	}
	return template.HTML(b.String()), nil // page.Sections escapes every text
}

// staff are the event's host and the people who run it, as the programme
// and the booklet list them.
func (p Papers) staff() []fact {
	var out []fact
	join := func(names []string) string {
		s := ""
		for i, n := range names {
			if i > 0 {
				s += p.tr(i18n.T{Zh: "、", En: ", "})
			}
			s += n
		}
		return s
	}
	if h := p.Details.Host; h != "" {
		out = append(out, fact{p.tr(i18n.T{Zh: "主办单位", En: "Host"}), h})
	}
	if len(p.Details.Organisers) > 0 {
		out = append(out, fact{p.tr(i18n.T{Zh: "组织者", En: "Organisers"}), join(p.Details.Organisers)})
	}
	if len(p.Details.Arbiters) > 0 {
		out = append(out, fact{p.tr(i18n.T{Zh: "裁判", En: "Arbiters"}), join(p.Details.Arbiters)})
	}
	return out
}

// schedule is when each round starts, as the organiser planned it: "第1轮",
// "2026-03-01 09:00".
func (p Papers) schedule() []fact {
	var out []fact
	for _, s := range p.Details.Schedule {
		if s.At.IsZero() {
			continue
		}
		out = append(out, fact{p.tr(i18n.T{Zh: "第%d轮", En: "Round %d"}, s.Round), s.At.Format("2006-01-02 15:04")})
	}
	return out
}

// programme is what the programme's template reads.
type programme struct {
	doc
	Rules    []Rule
	Schedule []fact
	Staff    []fact
	Groups   []group
	// Numbered says the entries' numbers are fixed.
	Numbered bool
	Pairing  template.HTML // round 1's pairings, once published
	T        programmeWords
}

// programmeWords are the programme's headings.
type programmeWords struct {
	Rules, Schedule, Staff, Entries, Pairing, Round, Start, No, Name, Rating, Team, Captain, Withdrawn, Unnumbered string
}

// Programme writes p's programme (秩序册) as one HTML file for A4: a cover
// with the event's name and details, the rules in words (竞赛办法, Rules),
// the schedule of rounds where the organiser gave one, the host and the
// people who run the event, the entries by unit with their numbers and
// ratings (a team event's by team, in board order), and round 1's
// pairings once it is published. A browser prints it as it is; headless
// Chromium prints it to PDF with its page numbers.
func Programme(w io.Writer, p Papers) error {
	d := programme{
		doc:   p.doc("programme", i18n.T{Zh: "秩序册", En: "Programme"}),
		Rules: Rules(p), Schedule: p.schedule(), Staff: p.staff(), Groups: p.groups(),
		Numbered: p.numbered(),
		T: programmeWords{
			Rules: p.tr(i18n.T{Zh: "竞赛办法", En: "Rules"}), Schedule: p.tr(i18n.T{Zh: "竞赛日程", En: "Schedule"}),
			Staff: p.tr(i18n.T{Zh: "组织与裁判", En: "Officials"}), Entries: p.tr(i18n.T{Zh: "参赛名单（%d人）", En: "Entries (%d)"}, len(p.Event.Event.Players)),
			Pairing: p.tr(i18n.T{Zh: "第一轮对阵", En: "Round 1 pairings"}), Round: p.tr(i18n.T{Zh: "轮次", En: "Round"}),
			Start: p.tr(i18n.T{Zh: "开始时间", En: "Start"}), No: p.tr(i18n.T{Zh: "序号", En: "No"}),
			Name: p.tr(i18n.T{Zh: "姓名", En: "Name"}), Rating: p.tr(i18n.T{Zh: "等级分", En: "Rating"}),
			Team: p.tr(i18n.T{Zh: "队", En: "team"}), Captain: p.tr(i18n.T{Zh: "（队长）", En: " (captain)"}),
			Withdrawn:  p.tr(i18n.T{Zh: "（退赛）", En: " (withdrawn)"}),
			Unnumbered: p.tr(i18n.T{Zh: "序号为报名顺序，开赛时按规程重新排定（R-SW-1）。", En: "Numbers are the order of entry until the start fixes them (R-SW-1)."}),
		},
	}
	if ev := p.Event.Event; len(ev.Rounds) > 0 && (len(ev.Rounds[0].Games) > 0 || p.Event.Teams != nil) {
		first := sheet.Pairings(p.Event, 1, p.Lang)
		first.Title = d.T.Pairing
		var err error
		if d.Pairing, err = tablesHTML([]sheet.Table{first}); err != nil {
			return err
		}
	}
	return templates().ExecuteTemplate(w, "programme", d)
}

// booklet is what the booklet's template reads.
type booklet struct {
	doc
	Prizes []prizeGroup
	Tables template.HTML // the tables of results
	Rounds template.HTML // each round's results
	Staff  []fact
	T      bookletWords
	// Pending says where an event not yet over stands, and that its
	// results may change; "" once it is over.
	Pending string
}

// bookletWords are the booklet's headings.
type bookletWords struct{ Prizes, Results, Rounds, Staff string }

// prizeGroup is a ranking's prize places, as the booklet lists the prize
// winners (获奖名单).
type prizeGroup struct {
	Ranking string
	Places  []fact // "第一名", "王天一（杭州）"
}

// Booklet writes p's results booklet (成绩册) as one HTML file for A4: a
// cover with the event's name and details, the prize winners (获奖名单),
// the tables of results (the final standings with every tiebreak, a team
// event's team and board standings, the crosstable), every round's
// results, and the host and the people who ran the event. A booklet of an
// event not yet over says so on its cover.
func Booklet(w io.Writer, p Papers) error {
	d := booklet{
		doc:   p.doc("booklet", i18n.T{Zh: "成绩册", En: "Results"}),
		Staff: p.staff(),
		T: bookletWords{
			Prizes: p.tr(i18n.T{Zh: "获奖名单", En: "Prize winners"}), Results: p.tr(i18n.T{Zh: "比赛成绩", En: "Results"}),
			Rounds: p.tr(i18n.T{Zh: "各轮成绩", En: "Round by round"}), Staff: p.tr(i18n.T{Zh: "组织与裁判", En: "Officials"}),
		},
	}
	if p.Event.Phase != sheet.Finished {
		d.Pending = p.tr(i18n.T{Zh: "%s。比赛尚未结束，本册成绩以最终公布为准。", En: "%s. The event is not over: the final results stand once it is."}, sheet.Status(p.Event, p.Lang))
	}
	for _, z := range p.Prizes {
		if n := len(d.Prizes); n == 0 || d.Prizes[n-1].Ranking != z.Ranking {
			d.Prizes = append(d.Prizes, prizeGroup{Ranking: z.Ranking})
		}
		who := p.winner(z)
		if len(z.Members) > 0 {
			who += p.tr(i18n.T{Zh: "：%s", En: ": %s"}, p.list(z.Members))
		}
		place := placeWords(z.Place, p.Lang)
		if z.Shared {
			place += p.tr(i18n.T{Zh: "（并列）", En: " (shared)"})
		}
		g := &d.Prizes[len(d.Prizes)-1]
		g.Places = append(g.Places, fact{place, who})
	}
	var err error
	if d.Tables, err = tablesHTML(p.Tables); err != nil {
		return err
	}
	var rounds []sheet.Table
	for r := 1; r <= sheet.CurrentRound(p.Event.Event); r++ {
		rounds = append(rounds, sheet.Pairings(p.Event, r, p.Lang))
	}
	if d.Rounds, err = tablesHTML(rounds); err != nil {
		return err
	}
	return templates().ExecuteTemplate(w, "booklet", d)
}

// certificates is what the certificates' template reads.
type certificates struct {
	doc
	Certificates []sheet.Certificate
}

// CertificatesHTML writes p's certificates (奖状) as one HTML file, one
// certificate an A4 page in landscape (Certificates).
func CertificatesHTML(w io.Writer, p Papers) error {
	d := certificates{doc: p.doc("certificates", i18n.T{Zh: "奖状", En: "Certificates"}), Certificates: Certificates(p)}
	return templates().ExecuteTemplate(w, "certificates", d)
}
