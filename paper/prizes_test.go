package paper

import (
	"slices"
	"strings"
	"testing"

	"github.com/qisai/qisai/engine"
	"github.com/qisai/qisai/internal/i18n"
	"github.com/qisai/qisai/sheet"
)

// mixed is a finished Swiss of 10 whose even-numbered players are 女子,
// with prizes for the first 3 overall, the first 2 of 女子 and the first 2
// units of place points (R-T-8, R-T-10, R-T-11).
func mixed(t *testing.T) sheet.Event {
	e := swiss(t, 10, 5, 5)
	for i := range e.Event.Players {
		if i%2 == 1 {
			e.Event.Players[i].Categories = []string{"女子"}
		}
	}
	e.Awards = sheet.Awards{
		Prizes: 3, TeamPrizes: 2, PlacePoints: engine.PlaceTable{10, 7, 5, 4, 3, 2, 1},
		Categories: []sheet.Category{{Name: "女子", Prizes: 2}},
	}
	return e
}

// TestR_T_10_PrizesFollowTheSetting: the certificates' prizes are the
// prize setting's — the overall, each category's and the units' winners
// exactly as the chat's prize winners table (sheet.Prizes) names them, in
// its order, the units (sheet.PlaceTotals) with the players who scored
// their points; the certificates say "女子组第一名" and "团体第一名"
// with the team's players, in both languages, and the booklet lists them
// by ranking.
func TestR_T_10_PrizesFollowTheSetting(t *testing.T) {
	e := mixed(t)
	p := Of(e, i18n.Zh, details(i18n.Zh))
	var got, want []string
	for _, z := range p.Prizes {
		got = append(got, z.Ranking+" "+placeWords(z.Place, i18n.Zh)+" "+z.Name)
	}
	rankings := map[string]string{"总排名": "个人", "女子": "女子组", "团体": "团体"}
	for _, r := range sheet.Prizes(e, i18n.Zh).Rows {
		k := 0
		for _, c := range r[1].Text {
			k = k*10 + int(c-'0')
		}
		want = append(want, rankings[r[0].Text]+" "+placeWords(k, i18n.Zh)+" "+r[2].Text)
	}
	totals, _ := e.PlaceTotals()
	var units [][]string // the first two units' scorers
	for _, u := range totals[:2] {
		var who []string
		for i, id := range u.Members {
			if u.Scores[i] > 0 {
				who = append(who, sheet.PlayerName(e.Event, id))
			}
		}
		units = append(units, who)
	}
	if !slices.Equal(got, want) {
		t.Fatalf("prizes\n%q\nwant the prize winners\n%q", got, want)
	}
	if len(want) != 3+2+2 {
		t.Fatalf("%d prizes, want 3 overall, 2 女子, 2 units: %q", len(want), want)
	}

	certs := Certificates(p)
	if c := certs[3]; c.Prize != "女子组第一名" || c.Members != "" {
		t.Errorf("the first 女子 certificate: %+v", c)
	}
	if c := certs[5]; c.Prize != "团体第一名" || c.Recipient != totals[0].Group+"：" || c.Members != "队员："+strings.Join(units[0], "、") {
		t.Errorf("the first unit's certificate: %+v, want its scorers %q", c, units[0])
	}
	page := text(render(t, CertificatesHTML, p))
	contains(t, "the certificates' page", page, "女子组第一名", "女子组第二名", "团体第一名", "团体第二名", "队员："+strings.Join(units[1], "、"))
	contains(t, "the booklet", text(render(t, Booklet, p)), "女子组", "团体", totals[0].Group+"："+strings.Join(units[0], "、"))
	contains(t, "the programme", text(render(t, Programme, p)), "录取前3名；女子组录取前2名；团体录取前2名，颁发奖状。")

	en := Certificates(Of(e, i18n.En, details(i18n.En)))
	if c := en[3]; c.Prize != "First place, 女子" {
		t.Errorf("an English category certificate: %+v", c)
	}
	if c := en[5]; c.Prize != "First place, Teams" || c.Members != "Players: "+strings.Join(units[0], ", ") {
		t.Errorf("an English team certificate: %+v", c)
	}
}

// TestR_T_8_OlderAwards: an event that names no prizes gives, as its
// 录取名次 did before the prizes were one setting, the first n of the
// overall ranking (n the 录取名次, or 3) and of a team event's teams, each
// team with its players; an event that names any prize gives none
// beyond them.
func TestR_T_8_OlderAwards(t *testing.T) {
	e := swiss(t, 10, 5, 5)
	for _, n := range []int{0, 5} {
		prizes := Prizes(e, i18n.Zh, Details{Awards: n})
		var want int
		for _, s := range e.Standings() {
			if s.Place <= max(n, DefaultAwards) {
				want++
			}
		}
		if len(prizes) != want {
			t.Errorf("录取名次 %d: %d prizes, want the %d of the first places", n, len(prizes), want)
		}
	}
	e.Awards.Categories = []sheet.Category{{Name: "U12", Prizes: 1}}
	if z := Prizes(e, i18n.Zh, Details{Awards: 5}); len(z) != 0 {
		t.Errorf("an event naming only a category's prize (and no player in it) gives %+v, want none", z)
	}
	team := teams(t, 3)
	z := Prizes(team, i18n.Zh, Details{Awards: 2})
	if len(z) < 2 || z[0].Ranking != "团体" || len(z[0].Members) != 2 || z[1].Place != 2 {
		t.Errorf("a team event's first two teams with their players: %+v", z)
	}
}

// BenchmarkPrizes: the prizes of a 1,000-player Swiss after 9 rounds with
// prizes overall, for two categories and for the units' 团体总分.
func BenchmarkPrizes(b *testing.B) {
	e := swiss(b, 1000, 9, 9)
	for i := range e.Event.Players {
		e.Event.Players[i].Categories = []string{[]string{"女子", "U12"}[i%2]}
	}
	e.Awards = sheet.Awards{
		Prizes: 8, TeamPrizes: 3, PlacePoints: engine.PlaceTable{10, 7, 5, 4, 3, 2, 1},
		Categories: []sheet.Category{{Name: "女子", Prizes: 3}, {Name: "U12", Prizes: 3}},
	}
	b.ReportAllocs()
	for b.Loop() {
		if z := Prizes(e, i18n.Zh, Details{}); len(z) < 8+3+3+3 {
			b.Fatalf("%d prizes", len(z))
		}
	}
}
