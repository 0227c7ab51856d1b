package web

import (
	"flag"
	"html"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/qisai/qisai/internal/chromium"
)

var shots = flag.String("shots", "", "write screenshots of real events' pages (9 and 232 players, both languages, phone and projector) to this folder")

// table is the cells of a section's table in a page's DOM, a row a slice;
// the heading row first.
func table(t *testing.T, dom, id string) [][]string {
	t.Helper()
	m := regexp.MustCompile(`(?s)<section[^>]* id="` + id + `">(.*?)</section>`).FindStringSubmatch(dom)
	if m == nil {
		t.Fatalf("the page has no section %q:\n%s", id, dom)
	}
	var rows [][]string
	for _, tr := range regexp.MustCompile(`(?s)<tr>(.*?)</tr>`).FindAllStringSubmatch(m[1], -1) {
		var row []string
		for _, td := range regexp.MustCompile(`(?s)<t[hd][^>]*>(.*?)</t[hd]>`).FindAllStringSubmatch(tr[1], -1) {
			row = append(row, html.UnescapeString(regexp.MustCompile(`<[^>]*>`).ReplaceAllString(td[1], "")))
		}
		rows = append(rows, row)
	}
	return rows
}

// column is the index of the column headed title.
func column(t *testing.T, rows [][]string, title string) int {
	t.Helper()
	for i, h := range rows[0] {
		if h == title {
			return i
		}
	}
	t.Fatalf("no column %q in %q", title, rows[0])
	return -1
}

// TestChromium loads a running event's page in headless Chromium from a
// real listener, reads the standings out of the DOM, reports a result
// through the commands, and loads the page again to see it.
func TestChromium(t *testing.T) {
	br := chromium.Find(t)
	c := newClub(t)
	root := c.nineRunning()
	srv := httptest.NewServer(c.web)
	defer srv.Close()

	dom := br.DOM(t, srv.URL+root+"?lang=zh", 390, 900)
	standings := table(t, dom, "standings")
	if len(standings) != 1+len(nine) {
		t.Fatalf("the standings in the browser have %d rows, want a heading and %d players: %q", len(standings), len(nine), standings)
	}
	pts, name := column(t, standings, "积分"), column(t, standings, "姓名")
	before := map[string]string{}
	for _, row := range standings[1:] {
		before[row[name]] = row[pts]
	}
	pairings := table(t, dom, "pairings")
	red := pairings[1][column(t, pairings, "红方")]
	var winner string
	for n := range before {
		if strings.HasSuffix(red, " "+n) || red == n {
			winner = n
		}
	}
	if winner == "" || before[winner] != "0" {
		t.Fatalf("board 1's red %q is not in the standings with 0 points: %q", red, standings)
	}

	c.must(c.say("org", "/result 1 1-0"), "第 1 台")
	dom = br.DOM(t, srv.URL+root+"?lang=zh", 390, 900)
	pairings = table(t, dom, "pairings")
	if got := pairings[1][column(t, pairings, "结果")]; got != "1-0" {
		t.Errorf("board 1's result in the browser: %q, want 1-0", got)
	}
	standings = table(t, dom, "standings")
	place := column(t, standings, "名次")
	for _, row := range standings[1:] {
		if row[name] == winner && (row[pts] == "0" || !strings.HasPrefix(row[place], "1")) {
			t.Errorf("the winner of board 1 after the result: %q, want points and first place", row)
		}
	}
	if !strings.Contains(dom, `data-version="`+c.get(root+"version").Body.String()+`"`) {
		t.Error("the browser shows another version than the event's")
	}

	// The page's script runs under its CSP: on a projector it shows the
	// first table alone.
	dom = br.DOM(t, srv.URL+root+"?lang=zh&view=projector", 1920, 1080)
	if !strings.Contains(dom, `id="standings" hidden=""`) || strings.Contains(dom, `id="pairings" hidden=""`) {
		t.Errorf("the projector's script did not run (blocked by the CSP?): the standings are not hidden behind the pairings\n%.2000s", dom)
	}
}

// TestScreenshots draws real events' pages in Chromium into -shots DIR,
// for a person to look at: 9 and 232 players in both languages, on a
// phone's and a projector's screen, and a player's page.
func TestScreenshots(t *testing.T) {
	if *shots == "" {
		t.Skip("screenshots only with -shots DIR")
	}
	br := chromium.Find(t)
	dir, err := filepath.Abs(*shots)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, n := range []int{9, 232} {
		c := newClub(t)
		root := c.bigEvent("周末快棋赛", n, 5)
		srv := httptest.NewServer(c.web)
		for _, lang := range []string{"zh", "en"} {
			for _, v := range []struct {
				query         string
				width, height int
			}{{"", 390, 1800}, {"&view=projector", 1920, 1080}} {
				name := "event-" + strconv.Itoa(n) + "-" + lang
				if v.query != "" {
					name += "-projector"
				}
				br.Screenshot(t, srv.URL+root+"?lang="+lang+v.query, filepath.Join(dir, name+".png"), v.width, v.height)
			}
			br.Screenshot(t, srv.URL+root+"p/2?lang="+lang, filepath.Join(dir, "player-"+strconv.Itoa(n)+"-"+lang+".png"), 390, 900)
		}
		srv.Close()
	}
}
