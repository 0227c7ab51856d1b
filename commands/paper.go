package commands

import (
	"bytes"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/chat"
	"github.com/qisai/qisai/engine"
	"github.com/qisai/qisai/internal/i18n"
	"github.com/qisai/qisai/paper"
	"github.com/qisai/qisai/sheet"
	"github.com/qisai/qisai/storage"
)

// The organiser's papers of an event (package paper), sent as files: the
// workbook (/export xlsx), the programme (/export 秩序册), the results
// booklet (/export 成绩册) and the certificates (/export 奖状). Each is
// written in the event's language whoever asks, as everything said to
// the event's chats is; the reply is in the asker's.

// papersOf is the event's papers: its sheets, its details for the papers
// (/event set host, venue, dates, awards), when its rounds were planned
// and played (the log), who runs it, the rules it plays by beyond its
// settings, its tables of results as /export csv sends them and its prize
// places — a staged event's from its final ranking.
func papersOf(c *Context) (paper.Papers, error) {
	st := c.State
	lang := eventLang(st)
	times, err := readTimes(c.reads(), st.Info.Location())
	if err != nil {
		return paper.Papers{}, err
	}
	d := paper.Details{
		Host: st.Info.Host, Venue: st.Info.Venue, Dates: st.Info.Dates, Awards: st.Info.Awards,
		Schedule: times.schedule(), Rules: playRules(st, lang),
	}
	if d.Dates == "" {
		d.Dates = times.dates(lang)
	}
	issued := c.svc.now().In(st.Info.Location())
	if st.Status == action.Finished && !times.finished.IsZero() {
		issued = times.finished
	}
	d.Issued = paper.Date(issued, lang)
	if d.Organisers, err = staffNames(c.reads(), storage.Organiser); err != nil {
		return paper.Papers{}, err
	}
	if d.Arbiters, err = staffNames(c.reads(), storage.Arbiter); err != nil {
		return paper.Papers{}, err
	}
	p := paper.Papers{Event: sheetOf(st), Lang: lang, Details: d}
	// The tables of results are the event's files (the CSV export's): a
	// staged event has none before its start.
	if files, err := formatOf(st).files(st, lang); err == nil {
		for _, f := range files {
			p.Tables = append(p.Tables, f.table)
		}
	}
	formatOf(st).papers(st, &p, lang)
	return p, nil
}

// prizesOf fills p's prize places from its sheets by the prizes setting
// (R-T-8, R-T-10, R-T-11): an individual or a team event's.
func prizesOf(p *paper.Papers, lang i18n.Lang) {
	p.Prizes = paper.Prizes(p.Event, lang, p.Details)
}

// stagedPrizes are a staged event's prize places: its final ranking's, by
// the prizes setting, once every match is played (R-F-4, R-F-6).
func stagedPrizes(st *action.State, p *paper.Papers, lang i18n.Lang) {
	if pg := st.Progress(); pg != nil && pg.Over(st.Stages.Plan) {
		prizesOf(p, lang)
	}
}

// noPlaces says that the event has no places before its first round.
func noPlaces(st *action.State) error {
	return problem("「%s」还没有名次：奖状在第 1 轮之后才能导出。", "%q has no places yet: the certificates come after round 1.", st.Event.Name)
}

// playRules are the rules of play the event states beyond its pairing
// and ranking: the late-arrival limit (R-G-4), the fouls that lose a game
// (R-G-3), the requested byes (R-E-2) where the format has them.
func playRules(st *action.State, lang i18n.Lang) []paper.Rule {
	var out []paper.Rule
	add := func(head, text i18n.T, args ...any) {
		out = append(out, paper.Rule{Head: head.In(lang), Text: text.In(lang, args...)})
	}
	if late := st.Info.LateAfter; late > 0 {
		add(i18n.T{Zh: "迟到", En: "Lateness"}, i18n.T{Zh: "开赛%d分钟后仍未到场者判负（R-G-4）。", En: "A player not at the board %d minutes after the start loses (R-G-4)."}, int(late/time.Minute))
	}
	add(i18n.T{Zh: "犯规", En: "Fouls"}, i18n.T{Zh: "同一局犯规%d次判负（R-G-3）。", En: "%d fouls in a game lose it (R-G-3)."}, st.Info.FoulLimit())
	if st.Format().PlaysBy(action.AbsenceRules) && st.Info.LeaveLimit() > 0 {
		worth := map[engine.ByeKind]i18n.T{
			engine.FullBye: {Zh: "胜局分", En: "a win's points"},
			engine.HalfBye: {Zh: "和局分", En: "a draw's points"},
			engine.ZeroBye: {Zh: "0分", En: "no points"},
		}[st.Info.LeaveBye()]
		add(i18n.T{Zh: "请假", En: "Byes on request"}, i18n.T{Zh: "每人最多请假%d轮，须在该轮编排前提出，计%s（R-E-2）。", En: "A player may sit out %d round(s), asked before the round is paired, scoring %s (R-E-2)."},
			st.Info.LeaveLimit(), worth.In(lang))
	}
	return out
}

// staffNames are the names of the users who hold role in the event, in
// the order they were given it.
func staffNames(r reader, role storage.Role) ([]string, error) {
	holders, err := r.Holders(role)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, h := range holders {
		names, err := r.UserNames(h.Platform, []string{h.User})
		if err != nil {
			return nil, err
		}
		name := names[h.User]
		if name == "" {
			name = h.User
		}
		if !slices.Contains(out, name) {
			out = append(out, name)
		}
	}
	return out, nil
}

// eventTimes are when an event's rounds were planned and played, as its
// log has them, in the event's clock.
type eventTimes struct {
	starts      map[int]time.Time // each round's planned start (RoundScheduled), the last one set
	first, last time.Time         // the first and the last round's publication
	finished    time.Time         // the finish, if any
}

// readTimes reads the times of the event's rounds from its log, the
// records that hold them alone.
func readTimes(r reader, zone *time.Location) (eventTimes, error) {
	t := eventTimes{starts: map[int]time.Time{}}
	recs, err := r.LogOf(timeKinds...)
	if err != nil {
		return t, err
	}
	for _, rec := range recs {
		at := rec.At.In(zone)
		switch a := rec.Action.(type) {
		case *action.RoundScheduled:
			t.starts[a.Round] = a.Start.In(zone)
		case *action.RoundPublished, *action.TeamRoundPublished:
			if t.first.IsZero() {
				t.first = at
			}
			t.last = at
		case *action.EventFinished:
			t.finished = at
		}
	}
	return t, nil
}

// timeKinds are the kinds of records that say when rounds were planned and
// played and when the event finished.
var timeKinds = []string{
	(*action.RoundScheduled)(nil).Kind(), (*action.RoundPublished)(nil).Kind(),
	(*action.TeamRoundPublished)(nil).Kind(), (*action.EventFinished)(nil).Kind(),
}

// schedule is the rounds' planned starts, in round order.
func (t eventTimes) schedule() []sheet.RoundStart {
	var out []sheet.RoundStart
	for r, at := range t.starts {
		out = append(out, sheet.RoundStart{Round: r, At: at})
	}
	slices.SortFunc(out, func(a, b sheet.RoundStart) int { return a.Round - b.Round })
	return out
}

// dates are the days the event is played, from its first round (its
// planned start, or its publication) to its finish or its last round; ""
// before any round.
func (t eventTimes) dates(lang i18n.Lang) string {
	from, to := t.first, t.last
	if s, ok := t.starts[1]; ok && (from.IsZero() || s.Before(from)) {
		from = s
	}
	for _, s := range t.starts {
		if s.After(to) {
			to = s
		}
	}
	if t.finished.After(to) {
		to = t.finished
	}
	if from.IsZero() {
		return ""
	}
	if to.Before(from) {
		to = from
	}
	return paper.Dates(from, to, lang)
}

// exportXLSX answers /export xlsx: the event's workbook.
func exportXLSX(c *Context) (Reply, error) {
	p, err := papersOf(c)
	if err != nil {
		return Reply{}, err
	}
	data, err := paper.XLSX(p)
	if err != nil {
		return Reply{}, fmt.Errorf("export xlsx: %w", err)
	}
	name := chat.FileName(c.State.Event.Name, "xlsx")
	text := i18n.T{Zh: "「%s」的 Excel 工作簿（成绩表、各轮对阵和参赛名单，每张表都已设好打印页面）：%s",
		En: "The Excel workbook of %q (the results, each round's pairings and the entries, each sheet set up to print on A4): %s"}.In(c.Lang, c.State.Event.Name, name)
	return Reply{Text: text, File: &chat.File{Name: name, Data: data}}, nil
}

// exportProgramme answers /export 秩序册: the programme to print.
func exportProgramme(c *Context) (Reply, error) {
	r, err := exportPage(c, paper.ProgrammeName, paper.Programme,
		i18n.T{Zh: "「%s」的秩序册（用浏览器打开后打印，或另存为 PDF）：%s", En: "The programme of %q (open it in a browser to print, or print it to PDF, A4): %s"})
	if s := c.State.Status; err == nil && (s == action.Setup || s == action.Signup) {
		r.Text += i18n.T{Zh: "。开赛前的序号是报名顺序，开赛后请再导出一次。", En: ". Before the start the numbers are the order of entry: export it again after /start."}.In(c.Lang)
	}
	return r, err
}

// exportBooklet answers /export 成绩册: the results booklet to print,
// once a round has been played.
func exportBooklet(c *Context) (Reply, error) {
	if len(c.State.Event.Rounds) == 0 {
		return Reply{}, problem("「%s」还没有成绩：成绩册在第 1 轮之后才有内容。赛前请用 /export 秩序册。", "%q has no results yet: the results booklet comes after round 1. Before it, use /export programme.", c.State.Event.Name)
	}
	r, err := exportPage(c, paper.BookletName, paper.Booklet,
		i18n.T{Zh: "「%s」的成绩册（用浏览器打开后打印，或另存为 PDF）：%s", En: "The results booklet of %q (open it in a browser to print, or print it to PDF, A4): %s"})
	if err == nil && c.State.Status != action.Finished {
		r.Text += i18n.T{Zh: "。比赛尚未结束，册中成绩为目前的成绩。", En: ". The event is not over: the booklet holds the results so far."}.In(c.Lang)
	}
	return r, err
}

// exportPage answers with one of the papers as a page to print: write's
// HTML file, named after the event and the paper (name, in the event's
// language), and said with the event's name and the file's.
func exportPage(c *Context, name i18n.T, write func(io.Writer, paper.Papers) error, said i18n.T) (Reply, error) {
	p, err := papersOf(c)
	if err != nil {
		return Reply{}, err
	}
	var b bytes.Buffer
	if err := write(&b, p); err != nil {
		return Reply{}, fmt.Errorf("export %s: %w", name.En, err)
	}
	file := chat.FileName(c.State.Event.Name+" "+name.In(p.Lang), "html")
	return Reply{Text: said.In(c.Lang, c.State.Event.Name, file), File: &chat.File{Name: file, Data: b.Bytes()}}, nil
}

// exportCertificates answers /export 奖状: the certificates to print, one
// a page, and each as a picture where the service draws pictures.
func exportCertificates(c *Context) (Reply, error) {
	p, err := papersOf(c)
	if err != nil {
		return Reply{}, err
	}
	if len(p.Prizes) == 0 {
		return Reply{}, formatOf(c.State).unranked(c.State)
	}
	certs := paper.Certificates(p)
	var b bytes.Buffer
	if err := paper.CertificatesHTML(&b, p); err != nil {
		return Reply{}, fmt.Errorf("export certificates: %w", err)
	}
	event := c.State.Event.Name
	files := []*chat.File{{Name: chat.FileName(event+" "+paper.CertificatesName.In(p.Lang), "html"), Data: b.Bytes()}}
	if pt := c.svc.painter; pt != nil {
		for i, cert := range certs {
			png, err := pt.Certificate(cert)
			if err != nil {
				return Reply{}, fmt.Errorf("draw certificate %d of %q: %w", i+1, event, err)
			}
			z := p.Prizes[i]
			files = append(files, &chat.File{Name: chat.FileName(event+" "+paper.CertificatesName.In(p.Lang)+" "+cert.Prize+" "+z.Name, "png"), Data: png})
		}
	}
	text := i18n.T{Zh: "「%[1]s」的奖状 %[2]d 张（%[3]s，横向打印）：%[4]s", En: "%[2]d certificates of %[1]q (%[3]s; A4 landscape): %[4]s"}.In(c.Lang, event, len(certs), prizeCounts(p.Prizes, c.Lang), files[0].Name)
	if len(files) > 1 {
		text += i18n.T{Zh: "，每张另附图片", En: ", and each as a picture"}.In(c.Lang)
	} else {
		text += i18n.T{Zh: "（服务器没有中文字体，不附图片）", En: " (the server has no CJK font: no pictures)"}.In(c.Lang)
	}
	text += i18n.T{Zh: "。", En: "."}.In(c.Lang)
	if p.Details.Host == "" {
		text += i18n.T{Zh: "落款是「%s」；写上主办单位：/event set 主办 单位名称。", En: " They are signed %q; name the host with /event set host NAME."}.In(c.Lang, certs[0].Issuer)
	}
	if c.State.Status != action.Finished {
		text += i18n.T{Zh: "比赛尚未结束：奖状按目前的名次。", En: " The event is not over: these are the places so far."}.In(c.Lang)
	}
	return withFiles(c, text, files)
}

// prizeCounts says how many certificates each ranking has, in the order
// of the prizes: "个人 3 张、女子组 2 张".
func prizeCounts(prizes []paper.Prize, lang i18n.Lang) string {
	var rankings []string
	count := map[string]int{}
	for _, z := range prizes {
		if count[z.Ranking] == 0 {
			rankings = append(rankings, z.Ranking)
		}
		count[z.Ranking]++
	}
	parts := make([]string, len(rankings))
	for i, r := range rankings {
		parts[i] = i18n.T{Zh: "%s %d 张", En: "%s: %d"}.In(lang, r, count[r])
	}
	return strings.Join(parts, i18n.T{Zh: "、", En: ", "}.In(lang))
}

// exportWords are the words /export takes for the papers, each with its
// handler.
var exportWords = map[string]func(*Context) (Reply, error){
	"xlsx":      exportXLSX,
	"programme": exportProgramme, "秩序册": exportProgramme,
	"booklet": exportBooklet, "成绩册": exportBooklet,
	"certificates": exportCertificates, "奖状": exportCertificates,
}

// exportChoices are those words in the order /export lists them.
var exportChoices = []string{"xlsx", "programme", "秩序册", "booklet", "成绩册", "certificates", "奖状"}
