package sheet

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"unicode"

	"github.com/qisai/qisai/engine"
	"github.com/qisai/qisai/internal/i18n"
	"github.com/qisai/qisai/internal/textwidth"
)

// cn is entrant i's Chinese name: 张三, 李四, 王五, … (two or three 汉字).
func cn(i int) string {
	family := []rune("张李王赵钱孙周吴郑冯陈褚卫蒋沈韩杨朱秦尤许何吕")
	given := []string{"三", "四", "五", "六", "七", "八", "九", "十", "一鸣", "天一", "国强", "小龙"}
	return string(family[(i-1)%len(family)]) + given[(i-1)%len(given)]
}

func seeds(n int) []int {
	ids := make([]int, n)
	for i := range ids {
		ids[i] = i + 1
	}
	return ids
}

// play enters match id's next game with result, in the colours the match
// gives.
func play(t testing.TB, b *engine.Bracket, id int, results ...engine.Result) {
	t.Helper()
	for _, r := range results {
		o := b.Outcomes()[id-1]
		if err := b.Play(id, engine.MatchGame{Red: o.Next.Red, Black: o.Next.Black, Result: r}); err != nil {
			t.Fatal(err)
		}
	}
}

// roundTitles are the titles of a part's rounds.
func roundTitles(br Bracket, part engine.Part) []string {
	for _, p := range br.Parts {
		if p.Part == part {
			var ts []string
			for _, rd := range p.Rounds {
				ts = append(ts, rd.Title)
			}
			return ts
		}
	}
	return nil
}

func match(br Bracket, id int) BracketMatch {
	for _, p := range br.Parts {
		for _, rd := range p.Rounds {
			for _, m := range rd.Matches {
				if m.ID == id {
					return m
				}
			}
		}
	}
	return BracketMatch{}
}

// R-F-4: the rounds are named as people say them, counted from the final;
// a first round filled with byes is numbered.
func TestBracketRoundNames_R_F_4(t *testing.T) {
	for _, c := range []struct {
		n      int
		zh, en []string
	}{
		{2, []string{"决赛"}, []string{"Final"}},
		{3, []string{"第1轮", "决赛"}, []string{"Round 1", "Final"}},
		{4, []string{"半决赛", "决赛"}, []string{"Semi-finals", "Final"}},
		{8, []string{"四分之一决赛", "半决赛", "决赛"}, []string{"Quarter-finals", "Semi-finals", "Final"}},
		{9, []string{"第1轮", "四分之一决赛", "半决赛", "决赛"}, []string{"Round 1", "Quarter-finals", "Semi-finals", "Final"}},
		{12, []string{"第1轮", "四分之一决赛", "半决赛", "决赛"}, []string{"Round 1", "Quarter-finals", "Semi-finals", "Final"}},
		{16, []string{"八分之一决赛", "四分之一决赛", "半决赛", "决赛"}, []string{"Round of 16", "Quarter-finals", "Semi-finals", "Final"}},
		{64, []string{"第1轮", "第2轮", "八分之一决赛", "四分之一决赛", "半决赛", "决赛"},
			[]string{"Round 1", "Round 2", "Round of 16", "Quarter-finals", "Semi-finals", "Final"}},
	} {
		b := engine.Knockout(seeds(c.n), engine.KnockoutSettings{Format: engine.OneGame})
		if got := roundTitles(BracketOf(b, cn, i18n.Zh), engine.Winners); !slices.Equal(got, c.zh) {
			t.Errorf("%d players: %q, want %q", c.n, got, c.zh)
		}
		if got := roundTitles(BracketOf(b, cn, i18n.En), engine.Winners); !slices.Equal(got, c.en) {
			t.Errorf("%d players: %q, want %q", c.n, got, c.en)
		}
	}
}

// A stage that ends before its final numbers its rounds (R-F-6); the
// fold draw of seed 000 (1–6, 2–5, 3–4) has no byes in round 1.
func TestBracketRoundNamesOfStages_R_F_6(t *testing.T) {
	for _, c := range []struct {
		s    engine.KnockoutSettings
		n    int
		want []string
	}{
		{engine.KnockoutSettings{Format: engine.OneGame, Rounds: 2}, 16, []string{"第1轮", "第2轮"}},
		{engine.KnockoutSettings{Format: engine.OneGame, Draw: engine.DrawFold}, 6, []string{"第1轮", "半决赛", "决赛"}},
	} {
		b := engine.Knockout(seeds(c.n), c.s)
		if got := roundTitles(BracketOf(b, cn, i18n.Zh), engine.Winners); !slices.Equal(got, c.want) {
			t.Errorf("%d players, %+v: %q, want %q", c.n, c.s, got, c.want)
		}
	}
}

// Every size from 2 to 512: the named rounds are the last ones, in order,
// the rounds before them numbered from 1; a first round is numbered when
// byes fill it.
func TestBracketRoundNamesEverySize(t *testing.T) {
	named := map[i18n.Lang][]string{
		i18n.Zh: {"八分之一决赛", "四分之一决赛", "半决赛", "决赛"},
		i18n.En: {"Round of 16", "Quarter-finals", "Semi-finals", "Final"},
	}
	for n := 2; n <= 512; n++ {
		b := engine.Knockout(seeds(n), engine.KnockoutSettings{Format: engine.OneGame})
		lang := []i18n.Lang{i18n.Zh, i18n.En}[n%2] // each size once, the languages in turn
		rounds := 0
		for p := 1; p < n; p *= 2 {
			rounds++
		}
		var want []string
		for r := 1; r <= rounds; r++ {
			fromEnd := rounds - r
			switch {
			case r == 1 && rounds > 1 && n&(n-1) != 0: // byes in round 1
				want = append(want, i18n.T{Zh: "第%d轮", En: "Round %d"}.In(lang, r))
			case fromEnd < 4:
				want = append(want, named[lang][3-fromEnd])
			default:
				want = append(want, i18n.T{Zh: "第%d轮", En: "Round %d"}.In(lang, r))
			}
		}
		if got := roundTitles(BracketOf(b, cn, lang), engine.Winners); !slices.Equal(got, want) {
			t.Fatalf("%d players, %s: %q, want %q", n, lang, got, want)
		}
	}
}

// A double elimination's parts and the names of their last rounds.
func TestBracketDoubleParts_R_F_4(t *testing.T) {
	b := engine.DoubleKnockout(seeds(8), engine.DoubleSettings{Format: engine.OneGame, Reset: true})
	for lang, want := range map[i18n.Lang][]string{
		i18n.Zh: {"胜者组", "败者组", "总决赛"},
		i18n.En: {"Winners' bracket", "Losers' bracket", "Grand final"},
	} {
		br := BracketOf(b, cn, lang)
		var got []string
		for _, p := range br.Parts {
			got = append(got, p.Title)
		}
		if !slices.Equal(got, want) {
			t.Errorf("%s parts %q, want %q", lang, got, want)
		}
		wb, lb, gf := roundTitles(br, engine.Winners), roundTitles(br, engine.Losers), roundTitles(br, engine.GrandFinal)
		last := func(s []string) string { return s[len(s)-1] }
		if w := (i18n.T{Zh: "胜者组决赛", En: "Winners' final"}).In(lang); last(wb) != w {
			t.Errorf("%s winners' rounds %q, want the last %q", lang, wb, w)
		}
		if w := (i18n.T{Zh: "败者组决赛", En: "Losers' final"}).In(lang); last(lb) != w || lb[0] != (i18n.T{Zh: "第1轮", En: "Round 1"}).In(lang) {
			t.Errorf("%s losers' rounds %q", lang, lb)
		}
		if w := ([]string{i18n.T{Zh: "总决赛", En: "Grand final"}.In(lang), i18n.T{Zh: "总决赛第二场", En: "Grand final reset"}.In(lang)}); !slices.Equal(gf, w) {
			t.Errorf("%s grand final %q, want %q", lang, gf, w)
		}
	}
}

// Double eliminations of every size to 130, and the largest, end their
// brackets with their finals, and the grand final.
func TestBracketDoubleSizes(t *testing.T) {
	for n := 2; n <= 512; n++ {
		if n > 130 && n != 255 && n != 256 && n != 257 && n != 512 {
			continue
		}
		br := BracketOf(engine.DoubleKnockout(seeds(n), engine.DoubleSettings{Format: engine.OneGame}), cn, i18n.En)
		wb, lb, gf := roundTitles(br, engine.Winners), roundTitles(br, engine.Losers), roundTitles(br, engine.GrandFinal)
		if wb[len(wb)-1] != "Winners' final" || !slices.Equal(gf, []string{"Grand final"}) {
			t.Fatalf("%d players: winners %q, final %q", n, wb, gf)
		}
		if n > 2 && (lb[len(lb)-1] != "Losers' final" || lb[0] != "Round 1") {
			t.Fatalf("%d players: losers %q", n, lb)
		}
	}
}

// The places' matches: 3rd place, and the play-offs for 5th–8th with what
// each final is for (R-F-4).
func TestBracketPlaces_R_F_4(t *testing.T) {
	b := engine.Knockout(seeds(8), engine.KnockoutSettings{Format: engine.OneGame, ThirdPlace: true, Playoffs: true})
	br := BracketOf(b, cn, i18n.Zh)
	var parts []string
	for _, p := range br.Parts {
		parts = append(parts, p.Title)
	}
	if want := []string{"淘汰赛", "三四名决赛", "五至八名附加赛"}; !slices.Equal(parts, want) {
		t.Fatalf("parts %q, want %q", parts, want)
	}
	po := br.Parts[2].Rounds[1].Matches
	if po[0].Caption != "争第5名" || po[1].Caption != "争第7名" {
		t.Errorf("play-off finals %q, %q", po[0].Caption, po[1].Caption)
	}
	if s := po[1].Sides[0]; s.Text != "M9负者" || !s.Loser || s.From != 9 {
		t.Errorf("7th place side %+v", s)
	}
}

// A slot still waiting says what for, in each language.
func TestBracketWaitingSlots(t *testing.T) {
	pools := engine.Groups(seeds(8), 4, engine.Snake, engine.DefaultSettings(0))
	ko := engine.KnockoutOf(engine.GroupSlots(4, 1, engine.GroupHalves), pools, engine.KnockoutSettings{Format: engine.OneGame, Draw: engine.DrawAdjacent})
	de := engine.DoubleKnockout(seeds(4), engine.DoubleSettings{Format: engine.OneGame})
	for _, c := range []struct {
		b      *engine.Bracket
		match  int
		side   int
		zh, en string
	}{
		{ko, 1, 0, "1组第1名", "G1 #1"},
		{ko, 1, 1, "3组第1名", "G3 #1"},
		{ko, 3, 1, "M2胜者", "winner of M2"},
		{de, 4, 0, "M1负者", "loser of M1"},
		{de, 3, 0, "M1胜者", "winner of M1"},
	} {
		for lang, want := range map[i18n.Lang]string{i18n.Zh: c.zh, i18n.En: c.en} {
			s := match(BracketOf(c.b, cn, lang), c.match).Sides[c.side]
			if s.Text != want || s.Tone != Muted || s.Entrant != engine.UnknownPlayer {
				t.Errorf("M%d side %d in %s: %+v, want %q, muted", c.match, c.side, lang, s, want)
			}
		}
	}
}

// Scores count a win one and a draw a half; tie-break games are noted by
// their rule (R-F-5); the winner is marked.
func TestBracketScores_R_F_5(t *testing.T) {
	bo3 := engine.MatchFormat{Games: 3, BestOf: true, Tie: []engine.TieRule{engine.TieArmageddon}}
	two := engine.MatchFormat{Games: 2, Tie: []engine.TieRule{engine.TieArmageddon}}
	for _, c := range []struct {
		name     string
		format   engine.MatchFormat
		results  []engine.Result
		zh, en   [2]string // score, tie
		winner   int
		decided  bool
		next     [2]string // the next game's words
		noteZh   string
		winnerOf int
	}{
		{"two-nil", bo3, []engine.Result{engine.RedWin, engine.BlackWin}, [2]string{"2–0", ""}, [2]string{"2–0", ""}, 0, true, [2]string{}, "", 0},
		{"two-one", bo3, []engine.Result{engine.RedWin, engine.RedWin, engine.RedWin}, [2]string{"2–1", ""}, [2]string{"2–1", ""}, 0, true, [2]string{}, "", 0},
		{"armageddon", two, []engine.Result{engine.RedWin, engine.RedWin, engine.Draw}, [2]string{"1–1", "和棋黑胜"}, [2]string{"1–1", "armageddon"}, -2, true, [2]string{}, "", 0},
		{"draws", engine.OneGame, []engine.Result{engine.Draw, engine.Draw, engine.BlackWin}, [2]string{"0.5–0.5", "加赛×2"}, [2]string{"0.5–0.5", "replay×2"}, -2, true, [2]string{}, "", 0},
		{"forfeit", engine.OneGame, []engine.Result{engine.BlackForfeitWin}, [2]string{"0–1", "弃权"}, [2]string{"0–1", "forfeit"}, 1, true, [2]string{}, "", 0},
		{"under way", bo3, []engine.Result{engine.RedWin}, [2]string{"1–0", ""}, [2]string{"1–0", ""}, -1, false,
			[2]string{"第2局：红 李四 / 黑 张三", "game 2: red 李四 / black 张三"}, "", 0},
		{"double forfeit", engine.OneGame, []engine.Result{engine.DoubleForfeit}, [2]string{"", ""}, [2]string{"", ""}, -1, true, [2]string{}, "双方弃权，无人晋级", 0},
		{"not begun", bo3, nil, [2]string{"", ""}, [2]string{"", ""}, -1, false, [2]string{"猜先", "colour guess"}, "", 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			b := engine.Knockout(seeds(2), engine.KnockoutSettings{Format: c.format})
			play(t, b, 1, c.results...)
			o := b.Outcomes()[0]
			for lang, want := range map[i18n.Lang][2]string{i18n.Zh: c.zh, i18n.En: c.en} {
				m := match(BracketOf(b, cn, lang), 1)
				if m.Score != want[0] || m.Tie != want[1] {
					t.Errorf("%s: score %q tie %q, want %q %q", lang, m.Score, m.Tie, want[0], want[1])
				}
				winner := c.winner
				if winner == -2 { // the tie-break's winner, whoever had which colour
					winner = slices.Index(o.Players[:], o.Winner)
				}
				if m.Winner != winner || m.Decided != c.decided {
					t.Errorf("%s: winner %d decided %v, want %d %v", lang, m.Winner, m.Decided, winner, c.decided)
				}
				for k, s := range m.Sides {
					if strong := s.Tone == Strong; strong != (k == winner) {
						t.Errorf("%s: side %d tone %d, winner %d", lang, k, s.Tone, winner)
					}
				}
				if w := c.next[0]; lang == i18n.En {
					if w = c.next[1]; m.Next != w {
						t.Errorf("en: next %q, want %q", m.Next, w)
					}
				} else if m.Next != w {
					t.Errorf("zh: next %q, want %q", m.Next, w)
				}
				if lang == i18n.Zh && m.Note != c.noteZh {
					t.Errorf("note %q, want %q", m.Note, c.noteZh)
				}
			}
		})
	}
}

// A guessed first game tells the colours the 猜先 gave (R-C-3, R-C-4); an
// armageddon game who chooses them (R-F-5).
func TestBracketNextGame_R_C_3(t *testing.T) {
	b := engine.Knockout(seeds(2), engine.KnockoutSettings{Format: engine.MatchFormat{Games: 1, Tie: []engine.TieRule{engine.TieArmageddon}}})
	if err := b.Guess(1, 2, 2); err != nil {
		t.Fatal(err)
	}
	if got := match(BracketOf(b, cn, i18n.Zh), 1).Next; got != "红 李四 / 黑 张三" {
		t.Errorf("after the guess: %q", got)
	}
	play(t, b, 1, engine.Draw)
	if got := match(BracketOf(b, cn, i18n.Zh), 1).Next; got != "和棋黑胜：张三选先后手" {
		t.Errorf("armageddon: %q", got)
	}
	if got := match(BracketOf(b, cn, i18n.En), 1).Next; got != "armageddon: 张三 chooses colours" {
		t.Errorf("armageddon: %q", got)
	}
}

// A bye goes on without a game; a double forfeit passes down as a bye
// (R-F-4).
func TestBracketByeAndDoubleForfeit_R_F_4(t *testing.T) {
	b := engine.Knockout(seeds(3), engine.KnockoutSettings{Format: engine.OneGame})
	br := BracketOf(b, cn, i18n.Zh)
	m1 := match(br, 1)
	if !m1.Bye || !m1.Decided || m1.Winner != 0 || m1.Sides[1].Text != "轮空" || m1.Score != "" || m1.Next != "" {
		t.Fatalf("the bye: %+v", m1)
	}
	if got := br.Lines(PhoneWidth); !slices.Contains(got, "M1 张三（轮空）") {
		t.Errorf("the bye's line is missing: %q", got)
	}
	play(t, b, 2, engine.DoubleForfeit)
	br = BracketOf(b, cn, i18n.Zh)
	if m2 := match(br, 2); m2.Winner != -1 || m2.Note != "双方弃权，无人晋级" {
		t.Errorf("the double forfeit: %+v", m2)
	}
	final := match(br, 3)
	if !final.Bye || final.Winner != 0 || final.Sides[1].Text != "轮空" || final.Sides[1].From != 2 {
		t.Errorf("the final after a double forfeit: %+v", final)
	}
}

// A grand final's reset that is not needed says so.
func TestBracketResetNotNeeded(t *testing.T) {
	b := engine.DoubleKnockout(seeds(2), engine.DoubleSettings{Format: engine.OneGame, Reset: true})
	for id := 1; id <= len(b.Matches); id++ {
		if o := b.Outcomes()[id-1]; !o.Decided && o.Players[0] > 0 && o.Players[1] > 0 {
			play(t, b, id, []engine.Result{engine.RedWin, engine.BlackWin}[slices.Index(o.Players[:], o.Next.Red)]) // the first slot wins
		}
	}
	br := BracketOf(b, cn, i18n.En)
	last := br.Parts[len(br.Parts)-1].Rounds
	reset := last[len(last)-1].Matches[0]
	if !reset.Decided || reset.Winner != 0 || !strings.HasPrefix(reset.Note, "not needed") {
		t.Errorf("the reset: %+v", reset)
	}
}

// An 8-player knockout on a phone, as the chat shows it.
func TestBracketLines(t *testing.T) {
	b := engine.Knockout(seeds(8), engine.KnockoutSettings{Format: engine.BestOfThree, ThirdPlace: true})
	play(t, b, 1, engine.RedWin, engine.BlackWin)
	play(t, b, 2, engine.RedWin)
	names := func(i int) string {
		if i == 8 {
			return "欧阳东方明月"
		}
		return cn(i)
	}
	got := BracketOf(b, names, i18n.Zh).Lines(PhoneWidth)
	want := []string{
		"【淘汰赛】",
		"",
		"四分之一决赛",
		"M1 张三 2–0 欧阳东方明月",
		"M2 赵六 1–0 钱七",
		"   第2局：钱七执红",
		"M3 李四 对 周九",
		"   猜先",
		"M4 王五 对 孙八",
		"   猜先",
		"",
		"半决赛",
		"M5 张三 对 M2胜者",
		"M6 M3胜者 对 M4胜者",
		"",
		"决赛",
		"M7 M5胜者 对 M6胜者",
		"",
		"【三四名决赛】",
		"M8 M5负者 对 M6负者",
	}
	if !slices.Equal(got, want) {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	en := BracketOf(b, names, i18n.En).Lines(PhoneWidth)
	if en[0] != "== Knockout ==" || en[3] != "M1 张三 2–0 欧阳东方明月" || en[5] != "   game 2: 钱七 has red" {
		t.Errorf("english:\n%s", strings.Join(en, "\n"))
	}
}

// Names too long for a line are cut, the longer first.
func TestBracketLinesCutNames(t *testing.T) {
	b := engine.Knockout(seeds(2), engine.KnockoutSettings{Format: engine.OneGame})
	long := func(i int) string {
		return []string{"", "Alexander Konstantinopolsky", "王"}[i]
	}
	got := BracketOf(b, long, i18n.En).Lines(PhoneWidth)
	if want := "M1 Alexander Konstantino… v 王"; got[len(got)-2] != want || textwidth.Of(want) != PhoneWidth {
		t.Errorf("%q, want %q", got, want)
	}
}

// Property: over random brackets, results and names (long, Chinese,
// Latin, with accents and line breaks), no line is wider than the width,
// and no line holds a control character.
func TestBracketLinesFit(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	pieces := []string{"王", "欧阳", "Zhang", "Konstantinopolsky", "é", "e\u0301", " ", "\n", "\t", "🀄", "Ｗ", "—"}
	for trial := range 120 {
		n := 2 + r.IntN(70)
		b := randomBracket(r, n, trial)
		names := make([]string, n+1)
		for i := range names {
			var s strings.Builder
			for range 1 + r.IntN(12) {
				s.WriteString(pieces[r.IntN(len(pieces))])
			}
			names[i] = s.String()
		}
		lang := []i18n.Lang{i18n.Zh, i18n.En}[trial%2]
		br := BracketOf(b, func(i int) string { return names[i] }, lang)
		for _, w := range []int{PhoneWidth, 8 + r.IntN(60), 1 + r.IntN(8)} {
			for _, line := range br.Lines(w) {
				if textwidth.Of(line) > w || strings.ContainsFunc(line, unicode.IsControl) {
					t.Fatalf("trial %d, width %d: %q (%d columns)", trial, w, line, textwidth.Of(line))
				}
			}
		}
	}
}

// randomBracket is a knockout or double elimination of n players with
// about half its matches played at random.
func randomBracket(r *rand.Rand, n, trial int) *engine.Bracket {
	formats := []engine.MatchFormat{engine.OneGame, engine.BestOfThree,
		{Games: 2, Tie: []engine.TieRule{engine.TieBlitz, engine.TieArmageddon}}}
	f := formats[r.IntN(len(formats))]
	var b *engine.Bracket
	if trial%3 == 0 {
		b = engine.DoubleKnockout(seeds(n), engine.DoubleSettings{Format: f, Reset: r.IntN(2) == 0, Seed: uint64(trial)})
	} else {
		b = engine.Knockout(seeds(n), engine.KnockoutSettings{Format: f, ThirdPlace: r.IntN(2) == 0, Playoffs: r.IntN(2) == 0, Seed: uint64(trial)})
	}
	results := []engine.Result{engine.RedWin, engine.BlackWin, engine.Draw, engine.RedForfeitWin, engine.DoubleForfeit}
	for id := 1; id <= len(b.Matches); id++ {
		if r.IntN(3) == 0 {
			continue
		}
		for range 6 {
			o := b.Outcomes()[id-1]
			if o.Decided || o.Players[0] <= 0 || o.Players[1] <= 0 {
				break
			}
			res := results[r.IntN(len(results)-1)]
			if r.IntN(40) == 0 {
				res = engine.DoubleForfeit
			}
			if err := b.Play(id, engine.MatchGame{Red: o.Next.Red, Black: o.Next.Black, Result: res, RedCaptures: r.IntN(5), BlackCaptures: r.IntN(5)}); err != nil {
				panic(fmt.Sprint(err))
			}
		}
	}
	return b
}

// A 512-player double elimination, half played: the model and the text.
func BenchmarkBracket(b *testing.B) {
	br := randomBracket(rand.New(rand.NewPCG(1, 2)), 512, 0)
	b.Run("BracketOf", func(b *testing.B) {
		for b.Loop() {
			BracketOf(br, cn, i18n.Zh)
		}
	})
	sh := BracketOf(br, cn, i18n.Zh)
	b.Run("Lines", func(b *testing.B) {
		for b.Loop() {
			sh.Lines(PhoneWidth)
		}
	})
}

// A four-player knockout after its first match, as the chat shows it on a
// phone.
func ExampleBracket_Lines() {
	b := engine.Knockout([]int{1, 2, 3, 4}, engine.KnockoutSettings{Format: engine.BestOfThree})
	for _, res := range []engine.Result{engine.RedWin, engine.BlackWin} { // 2–0: no third game
		o := b.Outcomes()[0]
		if err := b.Play(1, engine.MatchGame{Red: o.Next.Red, Black: o.Next.Black, Result: res}); err != nil {
			panic(err)
		}
	}
	players := []string{"", "王天一", "郑惟桐", "许银川", "吕钦"}
	for _, line := range BracketOf(b, func(i int) string { return players[i] }, i18n.Zh).Lines(PhoneWidth) {
		fmt.Println(line)
	}
	// Output:
	// 【淘汰赛】
	//
	// 半决赛
	// M1 王天一 2–0 吕钦
	// M2 郑惟桐 对 许银川
	//    猜先
	//
	// 决赛
	// M3 王天一 对 M2胜者
}
