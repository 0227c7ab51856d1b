package main

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/qisai/qisai/chat"
	"github.com/qisai/qisai/engine"
	"github.com/qisai/qisai/internal/i18n"
	"github.com/qisai/qisai/paper"
	"github.com/qisai/qisai/picture"
	"github.com/qisai/qisai/sheet"
)

// paperKind is a paper the command writes: its words on the command line,
// what its file is called after the event's name (in the papers'
// language), and how it is written as a page (HTML); a nil write is the
// workbook (.xlsx).
type paperKind struct {
	names []string
	file  i18n.T
	write func(io.Writer, paper.Papers) error
}

var paperKinds = []paperKind{
	{[]string{"xlsx", "excel"}, i18n.T{}, nil},
	{[]string{"programme", "program", "秩序册"}, paper.ProgrammeName, paper.Programme},
	{[]string{"booklet", "results", "成绩册"}, paper.BookletName, paper.Booklet},
	{[]string{"certificates", "奖状"}, paper.CertificatesName, paper.CertificatesHTML},
}

// paperCmd writes one of an event's papers from its TRF file: qisai
// paper KIND [flags] EVENT.trf. TRF holds the games and the players, not
// what the organiser tells of the event: the flags give that.
func paperCmd(args []string, stdout io.Writer) error {
	if len(args) == 0 || strings.HasPrefix(args[0], "-") {
		return usagef("请写上要哪种材料：qisai paper xlsx|programme|booklet|certificates EVENT.trf。",
			"name the paper: qisai paper xlsx|programme|booklet|certificates EVENT.trf.")
	}
	kind, ok := findPaper(args[0])
	if !ok {
		return usagef("没有 %q 这种材料：请写 xlsx、秩序册（programme）、成绩册（booklet）或奖状（certificates）。",
			"no paper %q: write xlsx, programme, booklet or certificates.", args[0])
	}
	fs := flag.NewFlagSet("paper", flag.ContinueOnError)
	var o overrides
	setting(fs, &o, "tiebreaks", engine.ParseTiebreaks, func(s *engine.Settings, v []engine.Tiebreak) { s.Tiebreaks = v })
	scoringFlag(fs, &o)
	var d paper.Details
	var organisers, arbiters, timeControl, out, font string
	lang := langFlag(fs)
	fs.StringVar(&d.Host, "host", "", "")
	fs.StringVar(&d.Venue, "venue", "", "")
	fs.StringVar(&d.Dates, "dates", "", "")
	fs.StringVar(&d.Issued, "issued", "", "")
	fs.StringVar(&organisers, "organisers", "", "")
	fs.StringVar(&arbiters, "arbiters", "", "")
	fs.StringVar(&timeControl, "time-control", "", "")
	fs.IntVar(&d.Awards, "awards", 0, "")
	fs.StringVar(&out, "out", "", "")
	fs.StringVar(&font, "font", os.Getenv(fontEnv), "")

	ev, path, err := loadEvent(fs, args[1:], &o)
	if err != nil {
		return err
	}
	if d.Awards < 0 || d.Awards > 100 {
		return usagef("--awards 应为 0 到 100，不是 %d。", "--awards is 0 to 100, not %d.", d.Awards)
	}
	d.Organisers, d.Arbiters = list(organisers), list(arbiters)
	if d.Issued == "" {
		d.Issued = d.Dates
	}
	e := sheet.Of(ev)
	e.TimeControl = timeControl
	if over(ev) {
		e.Phase = sheet.Finished
	}
	p := paper.Of(e, *lang, d)
	certificates := kind.file == paper.CertificatesName
	ext := "html"
	if kind.write == nil {
		ext = "xlsx"
	}
	if out == "" {
		name := ev.Name
		if ev.Name == "" {
			name = strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))
		}
		if kind.file != (i18n.T{}) {
			name += " " + kind.file.In(*lang)
		}
		out = filepath.Join(filepath.Dir(path), chat.FileName(name, ext))
	}
	if certificates && len(p.Prizes) == 0 {
		return bilingual("%s：还没有名次，没有奖状（文件里还没有下完的轮次）。", "%s: no places yet, so no certificates (the file has no round played).", path)
	}

	var b bytes.Buffer
	if kind.write == nil {
		data, err := paper.XLSX(p)
		if err != nil {
			return err
		}
		b.Write(data)
	} else if err := kind.write(&b, p); err != nil {
		return err
	}
	if err := writeOut(out, b.Bytes(), stdout); err != nil {
		return err
	}
	if !certificates || out == "-" {
		return nil
	}
	return certificatePictures(p, out, font, stdout)
}

// findPaper is the paper a word on the command line names.
func findPaper(word string) (paperKind, bool) {
	for _, k := range paperKinds {
		for _, n := range k.names {
			if strings.EqualFold(n, word) {
				return k, true
			}
		}
	}
	return paperKind{}, false
}

// over reports whether a file's event is over: every round it has is
// played (XXR, when the file says), and every game has its result.
func over(ev *engine.Event) bool {
	if len(ev.Rounds) == 0 || (ev.Settings.Rounds > 0 && len(ev.Rounds) < ev.Settings.Rounds) {
		return false
	}
	for _, rd := range ev.Rounds {
		if sheet.Pending(rd) > 0 {
			return false
		}
	}
	return true
}

// list reads a comma-separated list of names: "张裁判,陈裁判".
func list(s string) []string {
	var out []string
	for _, n := range strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == '，' || r == '、' }) {
		if n = strings.TrimSpace(n); n != "" {
			out = append(out, n)
		}
	}
	return out
}

// writeOut writes a paper to path, or to stdout for "-", and says where.
func writeOut(path string, data []byte, stdout io.Writer) error {
	if path == "-" {
		_, err := stdout.Write(data)
		return err
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		return err
	}
	_, err := fmt.Fprintf(stdout, "已写入 %s。\nWrote %s.\n", path, path)
	return err
}

// certificatePictures draws each certificate as a PNG beside the print
// page at page, named after its prize and recipient, in the CJK font at
// font or an installed one; without a font it says so and draws none.
func certificatePictures(p paper.Papers, page, font string, stdout io.Writer) error {
	pt, err := picture.Open(font)
	if err != nil {
		_, err := fmt.Fprintf(stdout, "没有中文字体，不画奖状图片；安装一种（例如 fonts-noto-cjk）或用 --font 指定字体文件。\nNo CJK font, so no pictures of the certificates: %v; install one (e.g. fonts-noto-cjk) or name a font file with --font.\n", err)
		return err
	}
	base := strings.TrimSuffix(page, filepath.Ext(page))
	for i, c := range paper.Certificates(p) {
		png, err := pt.Certificate(c)
		if err != nil {
			return err
		}
		name := base + "_" + strconv.Itoa(i+1) + "_" + strings.TrimSuffix(chat.FileName(c.Prize+" "+p.Prizes[i].Name, "png"), ".png") + ".png"
		if err := writeOut(name, png, stdout); err != nil {
			return err
		}
	}
	return nil
}
