package commands

import (
	"fmt"
	"slices"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/engine"
	"github.com/qisai/qisai/internal/i18n"
	"github.com/qisai/qisai/sheet"
)

// A staged event's ranking while it is played (R-F-4, R-F-6), for its
// picture and its CSV before the final ranking exists: who is still in,
// and who went out where, each with the place the event gives them as it
// stands — marked provisional (暂定).

// placed is one row of the provisional ranking.
type placed struct {
	entrant int
	place   int
	shared  bool
	status  i18n.T
}

// stagedRankingSheet is a staged event's ranking as a sheet: the final
// one once every match is played (final), else the provisional one; a
// refusal before the start, when there is neither.
func stagedRankingSheet(st *action.State, lang i18n.Lang) (t sheet.Table, final bool, err error) {
	if t, ok := rankingSheet(st, lang); ok {
		return t, true, nil
	}
	if t, ok := provisionalSheet(st, lang); ok {
		return t, false, nil
	}
	return sheet.Table{}, false, problem("比赛开赛后（/start）才有名次。", "The ranking begins at the start (/start).")
}

// provisionalSheet is the ranking as it stands, as a sheet, titled as
// provisional; false when the event has not started.
func provisionalSheet(st *action.State, lang i18n.Lang) (sheet.Table, bool) {
	pg := st.Progress()
	if pg == nil {
		return sheet.Table{}, false
	}
	t := sheet.Table{
		Kind:  sheet.KindStandings,
		Title: i18n.T{Zh: "暂定名次（比赛进行中）", En: "Provisional ranking (under way)"}.In(lang),
		Note:  i18n.T{Zh: "比赛结束后以最终名次为准", En: "the final ranking stands once every match is played"}.In(lang),
		Columns: []sheet.Column{
			{Title: i18n.T{Zh: "名次", En: "Place"}.In(lang), Align: sheet.Right, Brief: true},
			{Title: i18n.T{Zh: "姓名", En: "Name"}.In(lang), Shrink: true, Brief: true},
			{Title: i18n.T{Zh: "情况", En: "Status"}.In(lang), Shrink: true},
		},
	}
	for _, p := range provisional(st, pg) {
		place := engine.Placing{Place: p.place, Shared: p.shared}.PlaceLabel()
		t.Rows = append(t.Rows, []sheet.Cell{{Text: place}, {Text: entrantName(st, p.entrant)}, {Text: p.status.In(lang)}})
	}
	return t, true
}

// provisional places every entrant as the event stands: the current
// stage's players first — a bracket's by the tier each is placed in, those
// still in it above everyone its undecided tiers may still hold; a field's
// by its standings — then those an earlier stage put out, the latest
// stage's first, each stage's sharing a place (R-F-6).
func provisional(st *action.State, pg *action.Progress) []placed {
	run := pg.Current()
	var out []placed
	if run.Bracket != nil {
		out = bracketStanding(run.Bracket, run.Entrants)
	} else {
		for _, p := range run.Ranking() {
			status := i18n.T{}
			if len(run.Fields) > 1 {
				g := groupOf(run.Fields, p.Entrant)
				status = i18n.T{Zh: fieldName(st, len(pg.Stages)-1, g, i18n.Zh), En: fieldName(st, len(pg.Stages)-1, g, i18n.En)}
			}
			out = append(out, placed{entrant: p.Entrant, place: p.Place, shared: p.Shared, status: status})
		}
		out = placesFrom(out)
	}
	for k := len(pg.Stages) - 2; k >= 0; k-- {
		var gone []int
		for _, id := range pg.Stages[k].Entrants {
			if !slices.Contains(pg.Stages[k+1].Entrants, id) {
				gone = append(gone, id)
			}
		}
		slices.Sort(gone)
		place := len(out) + 1
		for _, id := range gone {
			out = append(out, placed{entrant: id, place: place, shared: len(gone) > 1,
				status: i18n.T{Zh: fmt.Sprintf("第 %d 阶段未晋级", k+1), En: fmt.Sprintf("out in stage %d", k+1)}})
		}
	}
	return out
}

// placesFrom renumbers a field's ranking merged from its groups: players
// of one rank share a place, the next rank's place after all of them.
func placesFrom(rows []placed) []placed {
	rank := 0 // the row before's place in its group
	for i := range rows {
		was := rows[i].place
		if i > 0 && was == rank {
			rows[i].place, rows[i].shared, rows[i-1].shared = rows[i-1].place, true, true
		} else {
			rows[i].place, rows[i].shared = i+1, false
		}
		rank = was
	}
	return rows
}

func groupOf(fs []*engine.Field, entrant int) int {
	for g, f := range fs {
		if slices.Contains(f.Entrants, entrant) {
			return g + 1
		}
	}
	return 0
}

// bracketStanding ranks a bracket's entrants by the tier (Bracket.Tiers)
// each is placed in once the matches that place him are decided; a
// double forfeit's two players after their match's losers' tier (R-T-7).
// The players not placed yet are still in: they rank at the first tier
// not yet filled, above its players placed so far.
func bracketStanding(b *engine.Bracket, entrants []int) []placed {
	outs := b.Outcomes()
	resolve := func(s engine.Slot) int {
		if s.Kind != engine.SlotWinner && s.Kind != engine.SlotLoser || s.Match < 1 || s.Match > len(outs) {
			return 0
		}
		o := outs[s.Match-1]
		switch {
		case !o.Decided:
			return engine.UnknownPlayer
		case s.Kind == engine.SlotWinner:
			return o.Winner
		}
		return o.Loser
	}
	// key orders the players: 3t+1 placed in tier t, 3t+2 a double
	// forfeit after it, 3t still in, t the first tier not filled.
	key := map[int]int{}
	open := len(b.Tiers)
	for t, tier := range b.Tiers {
		for _, s := range tier {
			if p := resolve(s); p > 0 {
				key[p] = 3*t + 1
			} else if p == engine.UnknownPlayer {
				open = min(open, t)
			}
		}
	}
	for i, o := range outs {
		if o.Decided && o.Winner == 0 && o.Players[0] > 0 && o.Players[1] > 0 {
			t := len(b.Tiers) - 1
			for k, tier := range b.Tiers {
				if slices.Contains(tier, engine.Slot{Kind: engine.SlotLoser, Match: i + 1}) {
					t = k
				}
			}
			key[o.Players[0]], key[o.Players[1]] = 3*t+2, 3*t+2
		}
	}
	type keyed struct{ entrant, key int }
	var ks []keyed
	for _, id := range entrants {
		k, ok := key[id]
		if !ok {
			k = 3 * open
		}
		ks = append(ks, keyed{id, k})
	}
	slices.SortStableFunc(ks, func(a, c keyed) int { return a.key - c.key })
	rows := make([]placed, len(ks))
	for i, k := range ks {
		rows[i] = placed{entrant: k.entrant, place: i + 1, status: standingStatus(b, k.key)}
		if i > 0 && k.key == ks[i-1].key {
			rows[i].place, rows[i].shared, rows[i-1].shared = rows[i-1].place, true, true
		}
	}
	return rows
}

// standingStatus says where key (bracketStanding's) places a player.
func standingStatus(b *engine.Bracket, key int) i18n.T {
	switch key % 3 {
	case 0:
		return i18n.T{Zh: "仍在比赛", En: "still in"}
	case 2:
		return i18n.T{Zh: "双方弃权", En: "both forfeited"}
	}
	tier := b.Tiers[key/3]
	m := b.Matches[tier[0].Match-1]
	if key/3 == 0 {
		if len(tier) == 1 {
			return i18n.T{Zh: "冠军", En: "champion"}
		}
		return i18n.T{Zh: "晋级", En: "through"}
	}
	where := out{part: m.Part, round: m.Round}.where
	if m.Part == engine.ThirdPlace || m.Part == engine.Playoff {
		return i18n.T{Zh: where(i18n.Zh), En: where(i18n.En)}
	}
	return i18n.T{Zh: where(i18n.Zh) + "淘汰", En: "out in " + where(i18n.En)}
}

// stagedRanking is a staged event's ranking as it stands, for the tables
// that rank its players beside it (categories, prizes, place points): the
// final one once every match is played, else the provisional one (R-F-6);
// nil before the start.
func stagedRanking(st *action.State) []engine.Placing {
	pg := st.Progress()
	if pg == nil {
		return nil
	}
	if pg.Over(st.Stages.Plan) {
		return pg.Ranking(st.Stages.Plan)
	}
	var out []engine.Placing
	for _, p := range provisional(st, pg) {
		out = append(out, engine.Placing{Entrant: p.entrant, Place: p.place, Shared: p.shared})
	}
	return out
}
