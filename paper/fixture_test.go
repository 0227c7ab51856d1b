package paper

import (
	"fmt"
	"testing"
	"time"

	"github.com/qisai/qisai/engine"
	"github.com/qisai/qisai/internal/i18n"
	"github.com/qisai/qisai/sheet"
)

// names and units of the test events' players: player i is names[i-1]
// of units[(i-1)%len(units)]; more than there are names are "选手N".
var (
	names = []string{"王天一", "郑惟桐", "赵鑫鑫", "许银川", "洪智", "吕钦", "蒋川", "孟辰", "孙勇征", "汪洋"}
	units = []string{"杭州", "四川", "浙江", "广东"}
)

// swiss is a Swiss of n players, seeded by rating, paired by the engine
// round by round with played rounds of results, 2/1/0 and tiebreaks 对手分,
// 胜局 (R-T-1): on each board the lower number wins, except that every
// third board is drawn. With rounds equal to the event's it is finished.
func swiss(t testing.TB, n, played, rounds int) sheet.Event {
	t.Helper()
	set := engine.DefaultSettings(rounds)
	set.Tiebreaks = []engine.Tiebreak{engine.Buchholz, engine.Wins}
	ev := &engine.Event{Name: "2026春季象棋赛", Settings: set}
	for i := 1; i <= n; i++ {
		name := fmt.Sprintf("选手%d", i)
		if i <= len(names) {
			name = names[i-1]
		}
		ev.Players = append(ev.Players, engine.Player{ID: i, Name: name, Unit: units[(i-1)%len(units)], Rating: 2600 - 20*i})
	}
	for r := 1; r <= played; r++ {
		p, err := engine.Pair(ev)
		if err != nil {
			t.Fatal(err)
		}
		if err := engine.AddRound(ev, p); err != nil {
			t.Fatal(err)
		}
		for i := range ev.Rounds[r-1].Games {
			g := &ev.Rounds[r-1].Games[i]
			switch {
			case g.Board%3 == 0:
				g.Result = engine.Draw
			case g.Red < g.Black:
				g.Result = engine.RedWin
			default:
				g.Result = engine.BlackWin
			}
		}
	}
	e := sheet.Of(ev)
	e.Units = true
	e.TimeControl = "25分+5秒"
	if played == rounds {
		e.Phase = sheet.Finished
	}
	return e
}

// details are the test events' details.
func details(lang i18n.Lang) Details {
	zone := time.FixedZone("UTC+8", 8*60*60)
	d := Details{
		Host: "实验中学象棋协会", Venue: "实验中学体育馆", Dates: "2026年3月1日—2日", Issued: "2026年3月2日",
		Organisers: []string{"李老师"}, Arbiters: []string{"张裁判", "陈裁判"},
		Schedule: []sheet.RoundStart{
			{Round: 1, At: time.Date(2026, 3, 1, 9, 0, 0, 0, zone)}, {Round: 2, At: time.Date(2026, 3, 1, 14, 0, 0, 0, zone)},
		},
		Rules: []Rule{{Head: i18n.T{Zh: "迟到", En: "Lateness"}.In(lang), Text: i18n.T{Zh: "迟到15分钟判负（R-G-4）。", En: "A player 15 minutes late loses (R-G-4)."}.In(lang)}},
	}
	if lang == i18n.En {
		d.Host, d.Venue, d.Dates, d.Issued = "Riverside School Xiangqi Club", "The school hall", "1–2 March 2026", "2 March 2026"
		d.Organisers, d.Arbiters = []string{"Ms Li"}, []string{"Mr Zhang", "Mr Chen"}
	}
	return d
}
