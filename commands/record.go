package commands

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/chat"
	"github.com/qisai/qisai/engine"
	"github.com/qisai/qisai/internal/i18n"
	"github.com/qisai/qisai/sheet"
)

// The pairing record (编排记录, R-SW-13) as a chat message: an arbiter
// checks a preview by hand from it before publishing. The texts are those
// of cmd/qisai's record, which prints it for a terminal.

// placedBy says which move made a pair, with its rule.
var placedBy = map[engine.Placement]i18n.T{
	engine.PlacedSame:       {Zh: "同位 R-SW-8", En: "same position R-SW-8"},
	engine.PlacedShifted:    {Zh: "错位 R-SW-8", En: "shifted R-SW-8"},
	engine.PlacedSameRow:    {Zh: "同行 R-SW-8", En: "same list R-SW-8"},
	engine.PlacedFloat:      {Zh: "下调 R-SW-8", En: "floated R-SW-8"},
	engine.PlacedFirstRound: {Zh: "首轮 R-SW-3", En: "first round R-SW-3"},
	engine.PlacedBerger:     {Zh: "贝格尔表 R-C-2", En: "Berger table R-C-2"},
	engine.PlacedSearch:     {Zh: "搜索 R-SW-9", En: "search R-SW-9"},
	engine.PlacedByHand:     {Zh: "裁判换台", En: "swapped by the arbiter"},
}

// colourBy says which rule gave the colours, in 高海明's words (003).
var colourBy = map[engine.ColourReason]i18n.T{
	engine.ColourFirstRound:    {Zh: "首轮 R-SW-5", En: "first round R-SW-5"},
	engine.ColourFewerReds:     {Zh: "少先先走 R-SW-10(1)", En: "fewer reds R-SW-10(1)"},
	engine.ColourBlackRun:      {Zh: "连后对连先 R-SW-10(2)", En: "black run over red run R-SW-10(2)"},
	engine.ColourLongerBlack:   {Zh: "连后多者先 R-SW-10(3)", En: "longer black run R-SW-10(3)"},
	engine.ColourShorterRed:    {Zh: "连先少者先 R-SW-10(4)", En: "shorter red run R-SW-10(4)"},
	engine.ColourRunOverLast:   {Zh: "连后对上后 R-SW-10(5)", En: "black run over last black R-SW-10(5)"},
	engine.ColourLastOverRun:   {Zh: "上先对连先 R-SW-10(6)", En: "last red over red run R-SW-10(6)"},
	engine.ColourBlackLast:     {Zh: "上后先走 R-SW-10(7)", En: "black last round R-SW-10(7)"},
	engine.ColourTieNumbers:    {Zh: "条件均等 R-SW-10(8)", En: "all equal R-SW-10(8)"},
	engine.ColourEarlier:       {Zh: "前几轮后走者先", En: "black in an earlier round"},
	engine.ColourHigherScore:   {Zh: "缺先补先 R-SW-11", En: "higher score's need R-SW-11"},
	engine.ColourBerger:        {Zh: "贝格尔表 R-C-2", En: "Berger table R-C-2"},
	engine.ColourSecondCycle:   {Zh: "第二循环互换 R-F-2", En: "second cycle swap R-F-2"},
	engine.ColourByHand:        {Zh: "先后手不变", En: "colours kept"},
	engine.ColourKeepsRule12:   {Zh: "避免连三多三 R-SW-12", En: "keeps R-SW-12"},
	engine.ColourFlippedByHand: {Zh: "裁判对调先后手", En: "colours flipped by the arbiter"},
}

// relaxedWhy says why a rule was given up (R-SW-9), in the user's language.
var relaxedWhy = map[engine.RelaxReason]i18n.T{
	engine.RelaxedNoComplete: {Zh: "全场没有任何完整编排能遵守此规则", En: "no complete pairing of the whole field keeps it"},
	engine.RelaxedSecondBye:  {Zh: "每一种完整编排都要让人第二次轮空", En: "every complete pairing gives somebody a second bye"},
	engine.RelaxedHigherBye:  {Zh: "让更低分且未轮空的选手轮空的完整编排，或者没有，或者让更多人违反 R-SW-12（或同单位相遇）", En: "a complete pairing that gives the bye to a lower score without one either does not exist or breaks R-SW-12 (or R-SW-4) for more players"},
}

// RelaxationText is one rule given up, why, and for whom (R-SW-9,
// R-SW-13): "R-SW-12：全场没有任何完整编排能遵守此规则；涉及 3、7 号".
func RelaxationText(r engine.Relaxation, lang i18n.Lang) string {
	text := r.Rule + i18n.T{Zh: "：", En: ": "}.In(lang) + say(relaxedWhy, r.Reason, lang)
	if len(r.Players) > 0 {
		ids := make([]string, len(r.Players))
		for i, id := range r.Players {
			ids[i] = strconv.Itoa(id)
		}
		text += i18n.T{Zh: "；涉及 %s 号", En: "; for players %s"}.In(lang, strings.Join(ids, i18n.T{Zh: "、", En: ", "}.In(lang)))
	}
	return text
}

// pairingRecord writes into b p, a pairing of st's next round, with its
// record, each line ending in a line break: per board the players with
// their sequence numbers and scores before the round, and under it the
// move that paired them, a float, and the rule that gave the colours; then
// the byes and the rules given up (R-SW-9).
func pairingRecord(b *strings.Builder, st *action.State, p *engine.Pairing, lang i18n.Lang) {
	ev := &st.Event
	s := ev.Settings
	// A preview's cells are thousands: each is a part of one text, texts,
	// which only grows (what it holds stays as it is, so the parts stay
	// good when it moves to a bigger buffer), and a score's text is made
	// once for all who have it.
	var texts strings.Builder
	texts.Grow(48 * len(p.Boards)) // two players' numbers and names of 3 汉字, a board's number
	number := func(n int) string {
		start := texts.Len()
		var digits [20]byte
		texts.Write(strconv.AppendInt(digits[:0], int64(n), 10))
		return texts.String()[start:]
	}
	player := func(id int) string {
		start := texts.Len()
		number(id)
		texts.WriteByte(' ')
		texts.WriteString(playerName(ev, id))
		return texts.String()[start:]
	}
	scores := st.Scores() // the state's, kept for the next preview
	scoreTexts := map[engine.Points]string{}
	score := func(id int) string {
		if id < 1 || id >= len(scores) {
			return ""
		}
		text, ok := scoreTexts[scores[id]]
		if !ok {
			text = scores[id].String()
			scoreTexts[scores[id]] = text
		}
		return text
	}

	// The numbers right, the players left: as the cells would align them,
	// said here so that thousands of rows are not read to find it out.
	align := []sheet.Align{sheet.Right, sheet.Left, sheet.Right, sheet.Left, sheet.Right}
	t := sheet.Text{Fit: phoneWidth, Shrink: []int{1, 3}, Align: align, Rows: make([][]string, 0, 1+len(p.Boards))}
	t.Row(i18n.T{Zh: "台", En: "Bd"}.In(lang), i18n.T{Zh: "红方", En: "Red"}.In(lang), i18n.T{Zh: "分", En: "Pts"}.In(lang), i18n.T{Zh: "黑方", En: "Black"}.In(lang), i18n.T{Zh: "分", En: "Pts"}.In(lang))
	cells := make([]string, 0, 5*len(p.Boards)) // the rows' cells, in one array
	type boardRecord struct {
		placed engine.Placement
		float  bool
		colour engine.ColourReason
	}
	why := map[boardRecord]string{} // a few kinds in a round
	for _, bd := range p.Boards {
		row := len(cells)
		cells = append(cells, number(bd.Number), player(bd.Red), score(bd.Red), player(bd.Black), score(bd.Black))
		t.Row(cells[row:len(cells):len(cells)]...)
		record := boardRecord{bd.Placed, bd.Float, bd.ColourRule}
		w, ok := why[record]
		if !ok {
			w = PlacementName(bd.Placed, s, lang)
			if bd.Float && bd.Placed != engine.PlacedFloat {
				w += i18n.T{Zh: "，下调", En: ", floated"}.In(lang)
			}
			w = "   " + w + " · " + ColourRuleName(bd.ColourRule, s, lang)
			why[record] = w
		}
		t.Note(w)
	}
	line := func(s string) {
		b.WriteString(s)
		b.WriteByte('\n')
	}
	line(i18n.T{Zh: "第%d轮编排预览（编排记录 R-SW-13）", En: "Round %d pairing preview (record, R-SW-13)"}.In(lang, p.Round))
	line(chat.Fence)
	t.Build(b)
	b.WriteByte('\n')
	line(chat.Fence)
	for _, id := range p.Byes {
		line(i18n.T{Zh: "轮空：%s（%s）", En: "Bye: %s (%s)"}.In(lang, player(id), pointsOf(score(id), lang)))
	}
	// The action that changed the preview by hand checked its players are
	// in the round, so Check has nothing to refuse: an error would leave
	// nothing named, and the boards' record still says they were changed.
	breaches, _ := engine.Check(ev, *p)
	if len(p.Relaxed) == 0 && len(breaches) == 0 {
		line(i18n.T{Zh: "所有规则均满足。", En: "Every rule held."}.In(lang))
	}
	if len(p.Relaxed) > 0 {
		line(i18n.T{Zh: "放宽的规则（R-SW-9）：", En: "Rules relaxed (R-SW-9):"}.In(lang))
		for _, r := range p.Relaxed {
			line("  " + RelaxationText(r, lang))
		}
	}
	if len(breaches) > 0 {
		line(i18n.T{Zh: "人工改动违反的规则：", En: "Rules the changes by hand break:"}.In(lang))
		for _, br := range breaches {
			line("  " + BreachText(br, lang))
		}
	}
}

// breachWhy says what a board changed by hand breaks.
var breachWhy = map[engine.BreachKind]i18n.T{
	engine.BreachRematch:     {Zh: "两人已经下过，不得再次相遇", En: "they have met already: no rematch"},
	engine.BreachSameUnit:    {Zh: "同单位选手相遇", En: "players of one unit meet"},
	engine.BreachThreeInARow: {Zh: "同一颜色连续三局（禁连三）", En: "a third colour in a row"},
	engine.BreachImbalance:   {Zh: "先后手之差达到 3（禁多三）", En: "reds minus blacks reaches 3"},
	engine.BreachColours:     {Zh: "先后手与规则相反", En: "the colours are the other way round"},
}

// BreachText says a rule a board changed by hand breaks, in lang: "第 2 台
// R-SW-12：同一颜色连续三局（禁连三）；涉及 1、4 号"; for the colours, who
// the rule gives red.
func BreachText(b engine.Breach, lang i18n.Lang) string {
	text := i18n.T{Zh: "第 %d 台 %s：%s", En: "board %d %s: %s"}.In(lang, b.Board, b.Rule, say(breachWhy, b.Kind, lang))
	ids := make([]string, len(b.Players))
	for i, id := range b.Players {
		ids[i] = strconv.Itoa(id)
	}
	switch {
	case b.Kind == engine.BreachColours && len(ids) == 1:
		text += i18n.T{Zh: "：应由 %s 号执红（/flip %d 对调）", En: ": %s should play red (/flip %d flips them)"}.In(lang, ids[0], b.Board)
	case len(ids) > 0:
		text += i18n.T{Zh: "；涉及 %s 号", En: "; for players %s"}.In(lang, strings.Join(ids, i18n.T{Zh: "、", En: ", "}.In(lang)))
	}
	return text
}

// say looks a text up, falling back to the number for values added to the
// engine after these tables were written.
func say[K comparable](texts map[K]i18n.T, k K, lang i18n.Lang) string {
	if t, ok := texts[k]; ok {
		return t.In(lang)
	}
	return fmt.Sprint(k)
}

// PlacementName names the move that made a pair (R-SW-13), adding the
// first-round method the event chose (R-SW-3).
func PlacementName(p engine.Placement, s engine.Settings, lang i18n.Lang) string {
	if p == engine.PlacedFirstRound {
		return say(placedBy, p, lang) + " " + named(s.FirstRound, lang)
	}
	return say(placedBy, p, lang)
}

// ColourRuleName names the rule that gave a pair its colours (R-SW-13),
// adding the method the event chose where the rule is a setting (R-SW-5,
// R-SW-10 (8)).
func ColourRuleName(r engine.ColourReason, s engine.Settings, lang i18n.Lang) string {
	text := say(colourBy, r, lang)
	switch r {
	case engine.ColourFirstRound:
		return text + " " + named(s.FirstColour, lang)
	case engine.ColourTieNumbers:
		return text + " " + named(s.ColourTie, lang)
	}
	return text
}

// pointsOf is a score as a note says it: "1 分", "1 pt", "1.5 pts".
func pointsOf(score string, lang i18n.Lang) string {
	if score == "1" {
		return i18n.T{Zh: "1 分", En: "1 pt"}.In(lang)
	}
	return i18n.T{Zh: "%s 分", En: "%s pts"}.In(lang, score)
}
