package page

import (
	"bytes"
	"flag"
	"path/filepath"
	"strings"
	"testing"
	"unicode"

	"github.com/qisai/qisai/internal/chromium"
	"github.com/qisai/qisai/internal/i18n"
	"github.com/qisai/qisai/internal/stagedfixture"
	"github.com/qisai/qisai/sheet"
)

var update = flag.Bool("update", false, "rewrite the golden screenshots in testdata (look at them before committing)")

// stagedPages are the live pages of the staged events the views' tests
// share (internal/stagedfixture), by name.
func stagedPages(lang i18n.Lang) map[string]sheet.Page {
	pg := func(name string, tables ...sheet.Table) sheet.Page {
		return sheet.Page{Event: name, Lang: lang, Status: i18n.T{Zh: "比赛进行中", En: "Under way"}.In(lang), Version: 7, Tables: tables}
	}
	return map[string]sheet.Page{
		"groups-knockout": pg(i18n.T{Zh: "职工赛", En: "Staff cup"}.In(lang), stagedfixture.GroupsKnockout(lang)...),
		"groups-places":   pg(i18n.T{Zh: "范文三杯", En: "Fan Wensan cup"}.In(lang), stagedfixture.GroupsPlaces(lang)...),
		"team-knockout":   pg(i18n.T{Zh: "团体杯", En: "Team cup"}.In(lang), stagedfixture.TeamKnockout(lang)),
	}
}

// R-F-3, R-F-7, §11.1: the live page shows each group's table with its
// qualifiers marked, then the bracket — each match's sides, points, the
// winner in bold, what a level match was settled by — in the page's
// language, and the menu leads to each.
func TestLiveStages(t *testing.T) {
	for _, tt := range []struct {
		lang i18n.Lang
		want map[string][]string
	}{
		{i18n.Zh, map[string][]string{
			"groups-knockout": {`<section class="t group" id="group">`, `<section class="t group" id="group-2">`, `<td class="c strong">出线</td>`,
				`<td class="name strong">1 王天一</td>`, `<section class="t bracket" id="bracket">`, `<h4>决赛</h4>`,
				`<div class="side win"><span class="who">王天一</span><span class="pts">1</span></div>`, `<div class="more">加赛</div>`, "前 2 名出线"},
			"groups-places": {"争冠亚军", "争第3、4名", "同名次决赛"},
			"team-knockout": {`<span class="who">红星</span><span class="pts">5</span>`, `<div class="more">胜台 2:0</div>`,
				`<div class="more">台次</div>`, `<div class="more">快棋加赛</div>`, `<div class="side win"><span class="who">长城</span><span class="pts">3</span></div>`},
		}},
		{i18n.En, map[string][]string{
			"groups-knockout": {`<td class="c strong">Q</td>`, `<td class="name strong">1 Wang Tianyi</td>`, "The top 2 go on", `<h4>Final</h4>`},
			"groups-places":   {"for 1st and 2nd", "for 3rd and 4th", "Finals by place"},
			"team-knockout":   {`<div class="more">boards won 2–0</div>`, `<div class="more">top boards</div>`, `<div class="more">blitz</div>`},
		}},
	} {
		for name, p := range stagedPages(tt.lang) {
			got := live(t, p, Options{Root: "/e/tok/"})
			for _, want := range tt.want[name] {
				if !strings.Contains(got, want) {
					t.Errorf("%s %s: the live page lacks %s", tt.lang, name, want)
				}
			}
			// One language: the English page's only Chinese is the
			// switch to the Chinese page, named in itself.
			if tt.lang == i18n.En && strings.ContainsFunc(strings.ReplaceAll(got, "中文", ""), func(r rune) bool { return unicode.Is(unicode.Han, r) }) {
				t.Errorf("%s: Chinese on the English page", name)
			}
		}
	}
}

// §11.1: the printed file of a team knockout's round has its bracket,
// each match with its score and settlement, after the score sheets.
func TestPrintTeamBracket(t *testing.T) {
	p := stagedPages(i18n.Zh)["team-knockout"]
	var b bytes.Buffer
	if err := Print(&b, p, nil); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`<section class="t bracket" id="bracket">`, `<span class="pts">5</span>`, "台次", "快棋加赛", "胜台 2:0"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("the print lacks %s", want)
		}
	}
}

// The staged pages' golden screenshots in headless Chromium, the three
// events one under the other on one page a language (one Chromium run
// each), at a phone's width; -update rewrites them (look at them first).
func TestStagesGolden(t *testing.T) {
	br := chromium.Find(t)
	dir := t.TempDir()
	for _, lang := range []i18n.Lang{i18n.Zh, i18n.En} {
		pages := stagedPages(lang)
		all := pages["groups-knockout"]
		all.Tables = append(all.Tables, pages["groups-places"].Tables...)
		all.Tables = append(all.Tables, pages["team-knockout"].Tables...)
		path := filepath.Join(dir, string(lang)+".html")
		write(t, path, live(t, all, Options{Root: "./"}))
		br.Golden(t, "file://"+path, filepath.Join("testdata", "live-stages-"+string(lang)+".png"), 390, 2900, *update)
	}
}

// BenchmarkLiveStages: the live page of groups → knockout.
func BenchmarkLiveStages(b *testing.B) { benchLive(b, stagedPages(i18n.Zh)["groups-knockout"]) }
