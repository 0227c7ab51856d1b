package sheet

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/qisai/qisai/engine"
	"github.com/qisai/qisai/internal/i18n"
	"github.com/qisai/qisai/internal/names"
)

// Bracket is a knockout's bracket as people look at it (R-F-4, R-F-5):
// its parts (the winners' and losers' brackets, the grand final, the
// places' play-offs), each part's rounds named as people say them, and
// each match with both sides, its score and what it waits for. The chat's
// text (Lines) and the picture (package picture) draw the same Bracket.
type Bracket struct {
	Lang  i18n.Lang
	Title string // "对阵表" / "Bracket"
	Parts []BracketPart
}

// BracketPart is one part of a bracket, its rounds in order.
type BracketPart struct {
	Part   engine.Part
	Title  string // "胜者组" / "Winners' bracket"
	Rounds []BracketRound
}

// BracketRound is one round of a part, its matches in the bracket's order.
type BracketRound struct {
	Round   int    // within its part, from 1
	Title   string // "半决赛" / "Semi-finals"
	Matches []BracketMatch
}

// BracketMatch is one match as it stands.
type BracketMatch struct {
	ID    int
	Label string // "M3"
	// Caption says what a placing match is for ("争第5名" / "for 5th
	// place"), where its round holds matches for different places.
	Caption string
	Sides   [2]Side
	// Score is the regular games' score, the first side's first ("2–1",
	// "1.5–0.5"); "" before a game is played and for a bye. Points are
	// each side's part of it ("2", "1").
	Score  string
	Points [2]string
	// Tie notes how a level match was settled or is being settled, in
	// order: "和棋黑胜", "加赛×2", "抽签"; and "弃权" / "forfeit" when a game
	// was won by forfeit.
	Tie string
	// Next is the game the match plays next while it is undecided and both
	// players are known: "第2局：红 张三 / 黑 李四", "猜先" (before game 1
	// when nobody has guessed, R-C-3).
	Next string
	// NextBrief is Next in fewer words, for a narrow layout: only who has
	// red ("第2局：张三执红").
	NextBrief string
	// Boards is a team match's boards won (胜台数), the first side's first:
	// "胜台 2:0" / "boards won 2–0"; "" in a bracket of games
	// (TeamBracketOf).
	Boards string
	// Note says what happened besides the games: "双方弃权，无人晋级" (a
	// double forfeit: the next match sees a bye), "无需进行" (a grand
	// final's reset, when the winners' bracket's winner won the first).
	Note    string
	Decided bool
	// Winner is the side that goes on (0 or 1), -1 while undecided and
	// when nobody does.
	Winner int
	// Bye is a match with a bye on one side: its player goes on without a
	// game (R-F-4).
	Bye bool

	next nextGame // Next, for a layout that words it with shortened names
}

// Side is one side of a match: the player's name, or what the slot waits
// for ("M3胜者" / "winner of M3", "2组第1名" / "G2 #1", "轮空" / "bye").
// Tone is Strong for the winner, Muted for a bye and a side still to come.
type Side struct {
	Cell
	// Entrant is the side's player, 0 for a bye, engine.UnknownPlayer while
	// the slot waits.
	Entrant int
	// From is the match the side's player comes from (0: an entrant, a
	// bye, a group's place), Loser set when he comes as its loser (a drop
	// into the losers' bracket, a play-off): what a drawing joins by lines.
	From  int
	Loser bool
	// Short is Text in few columns, for a phone's line: "M3 winner" for
	// "winner of M3"; a name as it is.
	Short string
}

// Known reports whether the side is a player (not a bye, not waiting).
func (s Side) Known() bool { return s.Entrant > 0 }

// nextGame is a match's next game by side: which side is red, and who
// chooses the colours in armageddon.
type nextGame struct {
	known   bool // there is a next game to tell
	guess   bool // 猜先 before game 1 (R-C-3)
	prefix  string
	red     int // the side with red
	chooser int // the side that chooses colours (armageddon), -1 none
}

// words returns the next game in lang with the sides called a and b.
func (n nextGame) words(lang i18n.Lang, a, b string) string {
	if !n.known {
		return ""
	}
	if n.guess {
		return i18n.T{Zh: "猜先", En: "colour guess"}.In(lang)
	}
	side := [2]string{a, b}
	var s string
	if n.chooser >= 0 {
		s = i18n.T{Zh: "%s选先后手", En: "%s chooses colours"}.In(lang, side[n.chooser])
	} else {
		s = i18n.T{Zh: "红 %s / 黑 %s", En: "red %s / black %s"}.In(lang, side[n.red], side[1-n.red])
	}
	return n.prefixed(lang, s)
}

// prefixed puts the game's number or tie step before s: "第2局：…".
func (n nextGame) prefixed(lang i18n.Lang, s string) string {
	if n.prefix == "" {
		return s
	}
	return n.prefix + i18n.T{Zh: "：", En: ": "}.In(lang) + s
}

// brief is the next game in few words, for a line on a phone: only who
// has red, "第2局：张三执红".
func (n nextGame) brief(lang i18n.Lang, a, b string) string {
	if !n.known || n.guess || n.chooser >= 0 {
		return n.words(lang, a, b)
	}
	return n.prefixed(lang, i18n.T{Zh: "%s执红", En: "%s has red"}.In(lang, [2]string{a, b}[n.red]))
}

// BracketOf is b as it stands, entrant i called nameOf(i), in lang.
func BracketOf(b *engine.Bracket, nameOf func(entrant int) string, lang i18n.Lang) Bracket {
	return bracketOf(b, nameOf, nil, lang)
}

// bracketOf is b as it stands, its matches' scores the teams' where tally
// gives them (TeamBracketOf).
func bracketOf(b *engine.Bracket, nameOf func(entrant int) string, tally func(match int) (TeamTally, bool), lang i18n.Lang) Bracket {
	out := b.Outcomes()
	br := Bracket{Lang: lang, Title: i18n.T{Zh: "对阵表", En: "Bracket"}.In(lang)}
	double := false
	for _, m := range b.Matches {
		double = double || m.Part == engine.Losers || m.Part == engine.GrandFinal
	}
	// A name is shown on one line: no line breaks, no invisible characters
	// (internal/names).
	called := func(id int) string {
		if s := names.Clean(nameOf(id)); s != "" {
			return s
		}
		return "#" + strconv.Itoa(id)
	}
	parts := map[engine.Part]*BracketPart{}
	for i, m := range b.Matches {
		p := parts[m.Part]
		if p == nil {
			p = &BracketPart{Part: m.Part, Title: partTitle(m.Part, double, lang)}
			parts[m.Part] = p
		}
		for len(p.Rounds) < m.Round {
			p.Rounds = append(p.Rounds, BracketRound{Round: len(p.Rounds) + 1})
		}
		rd := &p.Rounds[m.Round-1]
		bm := matchOf(b, m, out[i], called, tally == nil, lang)
		if tally != nil && bm.Sides[0].Known() && bm.Sides[1].Known() {
			if t, ok := tally(m.ID); ok {
				bm.tallied(t, out[i], lang)
			}
		}
		rd.Matches = append(rd.Matches, bm)
	}
	for part := engine.Winners; part <= engine.PlaceFinal; part++ {
		p := parts[part]
		if p == nil {
			continue
		}
		for r := range p.Rounds {
			p.Rounds[r].Title = roundTitle(b, p, r, double, lang)
		}
		br.Parts = append(br.Parts, *p)
	}
	return br
}

// matchOf is match m with outcome o; games says its sides play games
// whose next one the match tells (who has red, 猜先) — a team match's
// colours are its boards' (R-C-2), said with the round.
func matchOf(b *engine.Bracket, m engine.Match, o engine.MatchOutcome, nameOf func(int) string, games bool, lang i18n.Lang) BracketMatch {
	bm := BracketMatch{ID: m.ID, Label: "M" + strconv.Itoa(m.ID), Decided: o.Decided, Winner: -1}
	for k, s := range m.Slots {
		bm.Sides[k] = sideOf(s, o.Players[k], nameOf, lang)
	}
	switch {
	case m.Part == engine.Playoff && m.Round == 2:
		bm.Caption = playoffCaption(m.Slots[0], lang)
	case m.Part == engine.PlaceFinal:
		bm.Caption = placeCaption(m.Slots[0].Rank, lang)
	}
	known := o.Players[0] > 0 && o.Players[1] > 0
	if o.Decided && o.Winner > 0 {
		bm.Winner = 0
		if o.Winner == o.Players[1] {
			bm.Winner = 1
		}
		bm.Sides[bm.Winner].Tone = Strong
	}
	bm.Bye = (o.Players[0] == 0) != (o.Players[1] == 0) && (o.Players[0] > 0 || o.Players[1] > 0)
	if !known {
		return bm
	}
	bm.Points, bm.Tie = scoreOf(b.Format, m.Games, o, lang)
	if bm.Points[0] != "" {
		bm.Score = bm.Points[0] + "–" + bm.Points[1]
	}
	switch {
	case m.Reset && o.Decided && len(m.Games) == 0:
		bm.Note = i18n.T{Zh: "无需进行", En: "not needed"}.In(lang) // the winners' bracket's winner won the first
	case o.Decided && o.Winner == 0:
		bm.Note = i18n.T{Zh: "双方弃权，无人晋级", En: "double forfeit: nobody goes on"}.In(lang)
	case !o.Decided && games:
		bm.next = nextOf(b.Format, m, o, lang)
		bm.Next = bm.next.words(lang, bm.Sides[0].Text, bm.Sides[1].Text)
		bm.NextBrief = bm.next.brief(lang, bm.Sides[0].Text, bm.Sides[1].Text)
	}
	return bm
}

// sideOf is slot s, whose player is id as far as is known.
func sideOf(s engine.Slot, id int, nameOf func(int) string, lang i18n.Lang) Side {
	sd := Side{Entrant: id}
	if s.Kind == engine.SlotWinner || s.Kind == engine.SlotLoser {
		sd.From, sd.Loser = s.Match, s.Kind == engine.SlotLoser
	}
	switch {
	case id > 0:
		sd.Text = nameOf(id)
	case id == 0:
		sd.Text, sd.Tone = i18n.T{Zh: "轮空", En: "bye"}.In(lang), Muted
	default:
		sd.Text, sd.Tone = slotWords(s, lang), Muted
	}
	sd.Short = sd.Text
	if id == engine.UnknownPlayer && s.Kind != engine.SlotRank {
		sd.Short = slotShort(s, lang)
	}
	return sd
}

// slotShort is a match's winner or loser still to come, in few columns:
// "M3胜者" / "M3 winner".
func slotShort(s engine.Slot, lang i18n.Lang) string {
	if s.Kind == engine.SlotLoser {
		return i18n.T{Zh: "M%d负者", En: "M%d loser"}.In(lang, s.Match)
	}
	return i18n.T{Zh: "M%d胜者", En: "M%d winner"}.In(lang, s.Match)
}

// slotWords is what a slot waits for: "M3胜者" / "winner of M3".
func slotWords(s engine.Slot, lang i18n.Lang) string {
	switch s.Kind {
	case engine.SlotWinner:
		return i18n.T{Zh: "M%d胜者", En: "winner of M%d"}.In(lang, s.Match)
	case engine.SlotLoser:
		return i18n.T{Zh: "M%d负者", En: "loser of M%d"}.In(lang, s.Match)
	}
	// The only other slot that waits: a group's place (an entrant is
	// known, a bye is nobody).
	return i18n.T{Zh: "%d组第%d名", En: "G%d #%d"}.In(lang, s.Group, s.Rank)
}

// scoreOf is the regular games' points, first side first, counting a win
// (by forfeit too) one and a draw a half; and the note of the tie-break
// games after them (R-F-5): their steps in order, a step repeated written
// once with its count, "抽签" when lots decided.
func scoreOf(f engine.MatchFormat, games []engine.MatchGame, o engine.MatchOutcome, lang i18n.Lang) (points [2]string, tie string) {
	regular := max(f.Games, 1)
	var half [2]int
	var steps []step
	forfeit, counted := false, false
	for i, g := range games {
		switch g.Result {
		case engine.RedForfeitWin, engine.BlackForfeitWin:
			forfeit = true
		case engine.DoubleForfeit, engine.Pending:
			continue
		}
		if i >= regular {
			steps = addStep(steps, tieWord(tieStep(f, i-regular), lang)+capturesOf(g, o))
			continue
		}
		counted = true
		red, black := gameHalves(g.Result)
		if g.Red == o.Players[0] {
			half[0], half[1] = half[0]+red, half[1]+black
		} else {
			half[0], half[1] = half[0]+black, half[1]+red
		}
	}
	if counted {
		points = [2]string{halves(half[0]), halves(half[1])}
	}
	if o.ByLots {
		steps = addStep(steps, tieWord(engine.TieLots, lang))
	}
	if forfeit {
		steps = addStep(steps, i18n.T{Zh: "弃权", En: "forfeit"}.In(lang))
	}
	return points, joinSteps(steps, lang)
}

// MatchScore is match id's score as the chat says it: the regular games'
// points, the winner's first once there is one, and the tie-break games
// after them — "1–1，和棋黑胜" — so that an announcement never counts a
// tie-break game as a regular one (R-F-5) and agrees with the bracket.
func MatchScore(b *engine.Bracket, id int, lang i18n.Lang) string {
	o := b.Outcomes()[id-1]
	points, tie := scoreOf(b.Format, b.Matches[id-1].Games, o, lang)
	if o.Winner != 0 && o.Winner == o.Players[1] {
		points[0], points[1] = points[1], points[0]
	}
	var parts []string
	if points[0] != "" {
		parts = append(parts, points[0]+"–"+points[1])
	}
	if tie != "" {
		parts = append(parts, tie)
	}
	return strings.Join(parts, i18n.T{Zh: "，", En: ", "}.In(lang))
}

// capturesOf is a 吃子数 game's counts, first side first (" 5:3"), as the
// arbiter entered them; "" for another game, or one whose result the
// arbiter set without them.
func capturesOf(g engine.MatchGame, o engine.MatchOutcome) string {
	if g.Step != engine.TieCaptures || g.Result != engine.CapturesResult(g.RedCaptures, g.BlackCaptures) {
		return ""
	}
	first, second := g.RedCaptures, g.BlackCaptures
	if g.Red != o.Players[0] {
		first, second = second, first
	}
	return fmt.Sprintf(" %d:%d", first, second)
}

// gameHalves is a regular game's points, in halves, for red and black.
func gameHalves(r engine.Result) (int, int) {
	switch r {
	case engine.RedWin, engine.RedForfeitWin:
		return 2, 0
	case engine.BlackWin, engine.BlackForfeitWin:
		return 0, 2
	case engine.Draw:
		return 1, 1
	}
	return 0, 0
}

// halves writes a score counted in halves: "2", "1.5", "0.5".
func halves(h int) string {
	s := strconv.Itoa(h / 2)
	if h%2 == 1 {
		s += ".5"
	}
	return s
}

// step is a tie step and how many games in a row it took.
type step struct {
	word  string
	games int
}

// addStep adds a tie step to the steps so far, counting a repeat of the
// last one.
func addStep(steps []step, word string) []step {
	if n := len(steps); n > 0 && steps[n-1].word == word {
		steps[n-1].games++
		return steps
	}
	return append(steps, step{word, 1})
}

// joinSteps writes the steps in order, a repeated one with its count:
// "加赛×2，抽签".
func joinSteps(steps []step, lang i18n.Lang) string {
	var b strings.Builder
	for i, s := range steps {
		if i > 0 {
			b.WriteString(i18n.T{Zh: "，", En: ", "}.In(lang))
		}
		b.WriteString(s.word)
		if s.games > 1 {
			b.WriteString("×" + strconv.Itoa(s.games))
		}
	}
	return b.String()
}

// tieWords are the tie rules' names (R-F-5).
var tieWords = map[engine.TieRule]i18n.T{
	engine.TieReplay:     {Zh: "加赛", En: "replay"},
	engine.TieOvertime:   {Zh: "加时赛", En: "overtime"},
	engine.TieBlitz:      {Zh: "快棋加赛", En: "blitz"},
	engine.TieArmageddon: {Zh: "和棋黑胜", En: "armageddon"},
	engine.TieCaptures:   {Zh: "吃子数", En: "captures"},
	engine.TieLots:       {Zh: "抽签", En: "lots"},
}

// tieStep is the rule tie-break game k (from 0) is played by: the chain
// in order, its last rule repeating (R-F-5); lots when there is none.
func tieStep(f engine.MatchFormat, k int) engine.TieRule {
	if len(f.Tie) == 0 {
		return engine.TieLots
	}
	return f.Tie[min(k, len(f.Tie)-1)]
}

func tieWord(t engine.TieRule, lang i18n.Lang) string { return tieWords[t].In(lang) }

// nextOf is the next game of an undecided match of two known players:
// 猜先 before game 1 if nobody has guessed (R-C-3), else the colours the
// match gives (R-C-4, §13.5), with the game's number in a match of several
// games or its tie step.
func nextOf(f engine.MatchFormat, m engine.Match, o engine.MatchOutcome, lang i18n.Lang) nextGame {
	n := nextGame{known: true, chooser: -1}
	if len(m.Games) == 0 && m.GuessWinner == 0 && m.FirstRed == 0 && o.Next.Step == engine.RegularGame {
		n.guess = true
		return n
	}
	switch {
	case o.Next.Step != engine.RegularGame:
		n.prefix = tieWord(o.Next.Step, lang)
	case f.Games > 1:
		n.prefix = i18n.T{Zh: "第%d局", En: "game %d"}.In(lang, len(m.Games)+1)
	}
	if o.Next.Red == o.Players[1] {
		n.red = 1
	}
	switch o.Next.Chooser {
	case 0:
	case o.Players[0]:
		n.chooser = 0
	default:
		n.chooser = 1
	}
	return n
}

// partTitle is a part's name; the winners' bracket of a single
// elimination is the whole knockout.
func partTitle(p engine.Part, double bool, lang i18n.Lang) string {
	switch p {
	case engine.Winners:
		if !double {
			return i18n.T{Zh: "淘汰赛", En: "Knockout"}.In(lang)
		}
		return i18n.T{Zh: "胜者组", En: "Winners' bracket"}.In(lang)
	case engine.Losers:
		return i18n.T{Zh: "败者组", En: "Losers' bracket"}.In(lang)
	case engine.GrandFinal:
		return i18n.T{Zh: "总决赛", En: "Grand final"}.In(lang)
	case engine.ThirdPlace:
		return i18n.T{Zh: "三四名决赛", En: "Third-place match"}.In(lang)
	case engine.PlaceFinal:
		return i18n.T{Zh: "同名次决赛", En: "Finals by place"}.In(lang)
	}
	return i18n.T{Zh: "五至八名附加赛", En: "Play-offs for 5th to 8th"}.In(lang)
}

// roundTitle names round r (from 0) of part p as people say it. The
// winners' rounds of one, two, four and eight matches are the final, the
// semi-finals, the quarter-finals and the round of 16, unless byes fill
// them (a first round with byes is "第1轮") or the stage ends before a
// final (R-F-6: its winners go on to the next stage); the other rounds
// are numbered.
func roundTitle(b *engine.Bracket, p *BracketPart, r int, double bool, lang i18n.Lang) string {
	rd, last := p.Rounds[r], len(p.Rounds)
	numbered := i18n.T{Zh: "第%d轮", En: "Round %d"}.In(lang, rd.Round)
	switch p.Part {
	case engine.Winners:
		final := len(p.Rounds[last-1].Matches) == 1
		if !final || rd.Round == 1 && last > 1 && hasBye(b, rd) {
			return numbered
		}
		switch len(rd.Matches) {
		case 1:
			if double {
				return i18n.T{Zh: "胜者组决赛", En: "Winners' final"}.In(lang)
			}
			return i18n.T{Zh: "决赛", En: "Final"}.In(lang)
		case 2:
			return i18n.T{Zh: "半决赛", En: "Semi-finals"}.In(lang)
		case 4:
			return i18n.T{Zh: "四分之一决赛", En: "Quarter-finals"}.In(lang)
		case 8:
			return i18n.T{Zh: "八分之一决赛", En: "Round of 16"}.In(lang)
		}
	case engine.Losers:
		if rd.Round == last {
			return i18n.T{Zh: "败者组决赛", En: "Losers' final"}.In(lang)
		}
	case engine.GrandFinal:
		if rd.Round == 2 {
			return i18n.T{Zh: "总决赛第二场", En: "Grand final reset"}.In(lang)
		}
		return i18n.T{Zh: "总决赛", En: "Grand final"}.In(lang)
	case engine.ThirdPlace:
		return i18n.T{Zh: "三四名决赛", En: "Third-place match"}.In(lang)
	case engine.Playoff:
		if rd.Round == 1 {
			return i18n.T{Zh: "五至八名半决赛", En: "5th to 8th: semi-finals"}.In(lang)
		}
		return i18n.T{Zh: "五至八名决赛", En: "5th to 8th: finals"}.In(lang)
	case engine.PlaceFinal:
		return i18n.T{Zh: "各组同名次者决出名次", En: "each group's players of a place meet"}.In(lang)
	}
	return numbered
}

// placeCaption is what a final by place between the groups' k-th placed
// is for (R-F-7): the champion and runner-up, 3rd and 4th, ….
func placeCaption(k int, lang i18n.Lang) string {
	if k == 1 {
		return i18n.T{Zh: "争冠亚军", En: "for 1st and 2nd"}.In(lang)
	}
	if lang == i18n.Zh {
		return fmt.Sprintf("争第%d、%d名", 2*k-1, 2*k)
	}
	return fmt.Sprintf("for %s and %s", Ordinal(2*k-1), Ordinal(2*k))
}

// Ordinal is n as an English ordinal: 1st, 2nd, 3rd, 4th, 11th, 21st.
func Ordinal(n int) string {
	suffix := "th"
	switch {
	case n%100 >= 11 && n%100 <= 13:
	case n%10 == 1:
		suffix = "st"
	case n%10 == 2:
		suffix = "nd"
	case n%10 == 3:
		suffix = "rd"
	}
	return strconv.Itoa(n) + suffix
}

// hasBye reports whether a match of the round has a bye in a slot.
func hasBye(b *engine.Bracket, rd BracketRound) bool {
	for _, m := range rd.Matches {
		for _, s := range b.Matches[m.ID-1].Slots {
			if s.Kind == engine.SlotBye {
				return true
			}
		}
	}
	return false
}

// playoffCaption is what a second-round play-off is for: its players are
// the first round's winners (for 5th) or losers (for 7th).
func playoffCaption(s engine.Slot, lang i18n.Lang) string {
	if s.Kind == engine.SlotLoser {
		return i18n.T{Zh: "争第7名", En: "for 7th place"}.In(lang)
	}
	return i18n.T{Zh: "争第5名", En: "for 5th place"}.In(lang)
}

// Continued is a part's title on a page after its first, for a drawing
// that splits a large bracket: "胜者组（续）".
func (b Bracket) Continued(title string) string {
	return i18n.T{Zh: "%s（续）", En: "%s (continued)"}.In(b.Lang, title)
}

// ContinuedOn is the last line of a page the bracket goes on from:
// "续见第3页".
func (b Bracket) ContinuedOn(page int) string {
	return i18n.T{Zh: "续见第%d页", En: "Continued on page %d"}.In(b.Lang, page)
}
