package paper

import (
	"strings"

	"github.com/qisai/qisai/engine"
	"github.com/qisai/qisai/internal/i18n"
	"github.com/qisai/qisai/sheet"
)

// Prize is a place of a ranking that a certificate (奖状) is written for.
type Prize struct {
	// Ranking is what the place is of, in the papers' language: "个人",
	// "女子组", "团体", "第1台".
	Ranking string
	Place   int
	Shared  bool   // the place is shared (R-T-9): "3="
	Name    string // the player's, the team's or the unit's
	Unit    string // 单位, "" when none
	// Members are the players a team's or a unit's prize is for, by name
	// (团体: the team's players, a unit's players who scored its place
	// points); nil for a player's prize.
	Members []string
}

// Prizes are e's prize places in lang, once a round has been played, by
// the event's one prize setting (R-T-8; /event set prizes, its alias
// 录取名次): the first Awards.Prizes places of the overall ranking — the
// players', or the teams' where teams play matches (R-T-4, R-T-5; a
// staged event's final ranking, R-F-6) —, the first places of each
// category's ranking (R-T-10), and the first Awards.TeamPrizes of the team
// ranking beside the players' (the team totals of 队员总分制, R-T-6, or the
// units' 团体总分 of place points, R-T-11); a team event of rounds adds
// each board's first (最佳台次). An event that names no prize gives them
// as an older event's 录取名次 did (d.AwardPlaces: the first n of the
// overall ranking and of the team totals). A shared place gives each who
// share it a prize (R-T-9); the minimum of games keeps a player from one,
// the prize passing on (R-T-12); a player or a team that withdrew gets
// none.
func Prizes(e sheet.Event, lang i18n.Lang, d Details) []Prize {
	if len(e.Event.Rounds) == 0 {
		return nil
	}
	aw := awarding(e, d)
	w := prizeWords{lang: lang, skips: e.Event.Settings.SharedPlaceSkips}
	if e.TeamMatches() {
		return w.teams(e, aw.Prizes)
	}
	counted := e.Counted(engine.PrizeRankings)
	overall := e.Overall()
	var out []Prize
	out = append(out, w.players(e, i18n.T{Zh: "个人", En: "Individual"}.In(lang), overall, aw.Prizes, counted)...)
	for _, c := range aw.Categories {
		in := func(id int) bool { p, _ := e.Event.Player(id); return p.In(c.Name) }
		out = append(out, w.players(e, categoryRanking(c.Name, lang), engine.Restrict(overall, in, w.skips), c.Prizes, counted)...)
	}
	for _, t := range e.TeamWinners(aw.TeamPrizes) {
		out = append(out, Prize{Ranking: teamsWord.In(lang), Place: t.Place, Shared: t.Shared, Name: t.Name, Unit: t.Unit, Members: playerNames(e, t.Players)})
	}
	return out
}

// awarding are the awards e's papers give prizes by: its own, where it
// names a prize; else an older event's 录取名次 (d.AwardPlaces) for the
// overall ranking and the team totals.
func awarding(e sheet.Event, d Details) sheet.Awards {
	aw := e.Awards
	if !named(aw) {
		aw.Prizes = d.AwardPlaces()
		if e.Totalled() {
			aw.TeamPrizes = aw.Prizes
		}
	}
	return aw
}

// prizeRule says in words which places of which rankings win prizes, for
// the programme's rules: "录取前8名；女子组录取前3名；团体录取前3名，颁发奖状。".
func (p Papers) prizeRule() string {
	e := p.Event
	aw := awarding(e, p.Details)
	var parts []string
	switch {
	case aw.Prizes == 0:
	case e.TeamMatches():
		parts = append(parts, p.tr(i18n.T{Zh: "团体录取前%d名，另奖各台第一名", En: "the first %d teams and the best player of each board"}, aw.Prizes))
	default:
		parts = append(parts, p.tr(i18n.T{Zh: "录取前%d名", En: "the first %d places"}, aw.Prizes))
	}
	for _, c := range aw.Categories {
		if c.Prizes > 0 {
			parts = append(parts, p.tr(i18n.T{Zh: "%s录取前%d名", En: "the first %[2]d of %[1]s"}, categoryRanking(c.Name, p.Lang), c.Prizes))
		}
	}
	if aw.TeamPrizes > 0 && !e.TeamMatches() {
		parts = append(parts, p.tr(i18n.T{Zh: "团体录取前%d名", En: "the first %d teams"}, aw.TeamPrizes))
	}
	return p.tr(i18n.T{Zh: "%s，颁发奖状。", En: "Prizes for %s, each with a certificate."}, strings.Join(parts, p.tr(i18n.T{Zh: "；", En: "; "})))
}

// named reports whether the event names any prize places.
func named(a sheet.Awards) bool {
	if a.Prizes > 0 || a.TeamPrizes > 0 {
		return true
	}
	for _, c := range a.Categories {
		if c.Prizes > 0 {
			return true
		}
	}
	return false
}

// categoryRanking names category name's ranking on a certificate: "女子组"
// (not "男子组组"), "U12".
func categoryRanking(name string, lang i18n.Lang) string {
	return i18n.T{Zh: "%s组", En: "%s"}.In(lang, strings.TrimSuffix(name, "组"))
}

// prizeWords make the prizes of one event in one language.
type prizeWords struct {
	lang  i18n.Lang
	skips bool // R-T-9: a place after a shared one skips
}

// teamsWord is the team ranking's name on a certificate.
var teamsWord = i18n.T{Zh: "团体", En: "Teams"}

// players are the prizes of ranking rank (named ranking) up to places n,
// among the players eligible says count for prizes (R-T-12).
func (w prizeWords) players(e sheet.Event, ranking string, rank []engine.Placing, n int, eligible func(int) bool) []Prize {
	if n == 0 {
		return nil
	}
	prized := engine.Prized(rank, n, eligible, w.skips)
	sharing := map[int]int{}
	for _, k := range prized {
		sharing[k]++
	}
	var out []Prize
	for _, p := range rank {
		k := prized[p.Entrant]
		pl, _ := e.Event.Player(p.Entrant)
		if k == 0 || pl.WithdrawnAfter != 0 {
			continue
		}
		out = append(out, Prize{Ranking: ranking, Place: k, Shared: sharing[k] > 1, Name: pl.Name, Unit: pl.Unit})
	}
	return out
}

// teams are a team event's prizes: its teams' places up to n (its
// staged ranking where it has one, else its team standings), each with
// its players, and in an event of rounds each board's first (最佳台次),
// its player's unit their team's.
func (w prizeWords) teams(e sheet.Event, n int) []Prize {
	te := e.Teams.Event
	var rank []engine.Placing
	if e.Ranking != nil {
		rank = e.Ranking()
	} else {
		rank = engine.TeamPlacings(engine.TeamStandings(te))
	}
	var out []Prize
	for _, p := range rank {
		team, _ := te.Team(p.Entrant)
		if p.Place <= n && team.WithdrawnAfter == 0 {
			out = append(out, Prize{Ranking: teamsWord.In(w.lang), Place: p.Place, Shared: p.Shared, Name: team.Name, Unit: team.Unit, Members: playerNames(e, team.Members)})
		}
	}
	if e.Ranking != nil {
		return out
	}
	for b, rows := range engine.BoardStandings(te) {
		for _, r := range rows {
			if r.Place > 1 || r.Points == 0 {
				break
			}
			team, _ := te.Team(r.Team)
			out = append(out, Prize{
				Ranking: i18n.T{Zh: "第%d台", En: "Board %d"}.In(w.lang, b+1), Place: 1, Shared: r.Shared,
				Name: sheet.PlayerName(e.Event, r.Player), Unit: team.Name,
			})
		}
	}
	return out
}

// playerNames are the players ids by name.
func playerNames(e sheet.Event, ids []int) []string {
	out := make([]string, len(ids))
	for i, id := range ids {
		out[i] = sheet.PlayerName(e.Event, id)
	}
	return out
}
