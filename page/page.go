// Package page lays an event's sheets (package sheet) out as HTML: the
// live page a phone or a projector at the venue shows (Live), and the
// printable file an organiser prints on A4 (Print) — the round's pairing
// sheet, a score sheet (记分单) per board, the crosstable (成绩表) and the
// standings. Pages are self-contained: the CSS, and on the live page a
// small script that reloads it when the event changes, are inside the
// file, so the live page's Content-Security-Policy (CSP) allows exactly
// them by their hashes and nothing else.
package page

import (
	"crypto/sha256"
	"embed"
	"encoding/base64"
	"encoding/hex"
	"html/template"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/qisai/qisai/internal/i18n"
	"github.com/qisai/qisai/sheet"
)

//go:embed *.css *.js *.html
var files embed.FS

// asset is an embedded file's text.
func asset(name string) string {
	b, err := files.ReadFile(name)
	if err != nil {
		panic("page: " + err.Error()) // embedded at build time: cannot happen
	}
	return string(b)
}

var (
	baseCSS  = asset("base.css")
	liveCSS  = baseCSS + asset("live.css")
	printCSS = baseCSS + asset("print.css")
	liveJS   = asset("live.js")
)

// CSP is the Content-Security-Policy of the live page: its own style and
// script (by their hashes), requests to its own origin (the version poll),
// and nothing else — no frames, no forms, no other origin.
var CSP = "default-src 'none'; style-src " + hash(liveCSS) + "; script-src " + hash(liveJS) +
	"; connect-src 'self'; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

// Revision names this build's page layout: a cached copy of a page of the
// same event version but another layout is not the same page (an ETag
// names both). It sums the page's files and the commit the program was
// built from, which holds the layout written in Go (table.go). Summed
// when first asked, not as every command of the program starts.
var Revision = sync.OnceValue(func() string {
	h := sha256.New()
	h.Write([]byte(liveCSS + liveJS + asset("live.html")))
	if bi, ok := debug.ReadBuildInfo(); ok {
		h.Write([]byte(bi.Main.Version))
		for _, s := range bi.Settings {
			if s.Key == "vcs.revision" || s.Key == "vcs.modified" {
				h.Write([]byte(s.Value))
			}
		}
	}
	return hex.EncodeToString(h.Sum(nil)[:4])
})

func hash(s string) string {
	sum := sha256.Sum256([]byte(s))
	return "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
}

// htmlLang is the lang attribute of a page in l.
func htmlLang(l i18n.Lang) string {
	if l == i18n.En {
		return "en"
	}
	return "zh-CN"
}

// view is a table as the templates lay it out: classes worked out,
// links made absolute.
type view struct {
	ID, Kind    string
	Title, Note string
	Heads       []head
	Rows        [][]cell
	// Slots are, by column, the class of the slot in which the column's
	// cells hang the marks after their numbers, "" for none (slotClass).
	Slots  []string
	Footer []string
	// Bracket is a bracket table's bracket, drawn as one (writeBracket).
	Bracket *sheet.Bracket
}

type head struct{ Title, Class string }

type cell struct {
	Text  string
	Class string
	Href  string // "" for no link
}

// views lays tables out; links are made relative to root (the event
// page's path, "/e/TOKEN/"), or dropped where root is "" (a printed file,
// which has room for the headings in full). Each table's ID is its kind,
// numbered from the second table of a kind on, so the page's menu can
// jump to it.
func views(tables []sheet.Table, root string) []view {
	seen := map[sheet.Kind]int{}
	out := make([]view, 0, len(tables))
	for _, t := range tables {
		seen[t.Kind]++
		v := view{ID: string(t.Kind), Kind: string(t.Kind), Title: t.Title, Note: t.Note, Footer: t.Footer, Bracket: t.Bracket}
		if n := seen[t.Kind]; n > 1 {
			v.ID += "-" + strconv.Itoa(n)
		}
		aligns := make([]string, len(t.Columns))
		v.Slots = make([]string, len(t.Columns))
		brief := slices.ContainsFunc(t.Columns, func(c sheet.Column) bool { return c.Brief })
		for i, c := range t.Columns {
			aligns[i], v.Slots[i] = alignClass(c, brief), slotClass(t, i)
			title := c.Title
			if root == "" {
				title = c.Heading()
			}
			v.Heads = append(v.Heads, head{Title: title, Class: aligns[i]})
		}
		v.Rows = make([][]cell, len(t.Rows))
		for i, r := range t.Rows {
			row := make([]cell, len(r))
			for j, c := range r {
				class := toneClass[c.Tone]
				if j < len(aligns) && aligns[j] != "" {
					class = strings.TrimSpace(aligns[j] + " " + class)
				}
				row[j] = cell{Text: c.Text, Class: class}
				if c.Link != "" && root != "" {
					row[j].Href = root + c.Link
				}
			}
			v.Rows[i] = row
		}
		out = append(out, v)
	}
	return out
}

// alignClass is the class of a column's cells: how they sit, "name" for
// the column that may be shortened, and "x" for a column a phone leaves
// out where the table marks those it keeps (brief: sheet.Column.Brief).
func alignClass(c sheet.Column, brief bool) string {
	var cls []string
	if brief && !c.Brief {
		cls = append(cls, "x")
	}
	switch c.Align {
	case sheet.Right:
		cls = append(cls, "r")
	case sheet.Center:
		cls = append(cls, "c")
	}
	if c.Shrink {
		cls = append(cls, "name")
	}
	return strings.Join(cls, " ")
}

var toneClass = map[sheet.Tone]string{
	sheet.Red:    "red",
	sheet.Black:  "black",
	sheet.Muted:  "muted",
	sheet.Strong: "strong",
}

// parse returns what reads the named embedded template once, when it is
// first wanted: every command of the program would otherwise parse the
// page's templates as it starts (qisai pair, qisai version).
func parse(name string) func() *template.Template {
	return sync.OnceValue(func() *template.Template {
		return template.Must(template.New(name).Parse(asset(name)))
	})
}
