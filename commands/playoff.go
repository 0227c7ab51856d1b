package commands

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/chat"
	"github.com/qisai/qisai/engine"
	"github.com/qisai/qisai/internal/i18n"
	"github.com/qisai/qisai/sheet"
	"github.com/qisai/qisai/storage"
)

// Play-offs from the chat (R-T-8; seed 000 范文三: "若出现平局现象，双方选择加
// 赛一局或以抽签方式分出胜负"): when two players are level on every tiebreak
// for a place that may not be shared and the event's chain (/event set
// 名次加赛) plays a game, the event's chats are told and the organisers
// get the choice privately, with buttons, at the moment the tie is known —
// a group's end, the last round's end — and /finish waits for it. A staged
// event's play-off is paired by the next /pair and reported like any game;
// an individual event's result an arbiter enters (/playoff 1-0).

func playoffCommands() []*Command {
	return []*Command{{
		Name: "playoff", Aliases: []string{"加赛"}, Who: Staff,
		Args: []Arg{{Name: "what", Kind: Rest, Optional: true,
			Help: i18n.T{Zh: "组织者选择：加赛 或 抽签；裁判录入加赛结果（红方在前）：如 1-0、红胜；可再写名次，如 加赛 2", En: "an organiser's choice: game or lots; an arbiter's play-off result, red's first: e.g. 1-0; then the place if more than one waits, e.g. game 2"}}},
		Help: i18n.T{Zh: "名次并列时加赛或抽签（R-T-8）；不写则列出待决的并列", En: "settle a tie for a place by a play-off game or lots (R-T-8); alone, list the ties waiting"},
		Run:  playoff,
	}}
}

// playoffWords are /playoff's choices.
var playoffWords = map[string]bool{"加赛": false, "game": false, "play": false, "抽签": true, "lots": true}

// playoffKey is /event set's key of the chain (R-T-8).
var playoffKey = eventKey{
	names: []string{"playoff", "名次加赛"}, values: i18n.T{Zh: "抽签|快棋,抽签|和棋黑胜|加赛,和棋黑胜（依次，最后一项重复）", En: "lots|blitz,lots|armageddon|replay,armageddon (in turn, the last repeating)"},
	part: action.PlayerAwards,
	award: func(a *action.AwardsChanged, v string) error {
		chain, err := parseTie(v)
		if err != nil {
			return err
		}
		if len(chain) == 1 && chain[0] == engine.TieLots {
			chain = nil // lots alone: the default
		}
		a.Playoff = &chain
		return nil
	},
	show: func(st *action.State, lang i18n.Lang) string { return chainText(st.Awards.Playoff, lang) },
}

// chainText shows a play-off chain: "和棋黑胜，抽签"; lots alone when none.
func chainText(chain []engine.TieRule, lang i18n.Lang) string {
	if len(chain) == 0 {
		return named(engine.TieLots, lang)
	}
	return tieText(chain, lang)
}

// tiePlace names a tie's place: "第 2 名", in a staged event with groups
// "第 1 组第 2 名".
func tiePlace(st *action.State, t action.Tie, lang i18n.Lang) string {
	if t.Group > 0 {
		if pg := st.Progress(); pg != nil && t.Stage < len(pg.Stages) && len(pg.Stages[t.Stage].Fields) > 1 {
			return i18n.T{Zh: "%s第 %d 名", En: "%s, place %d"}.In(lang, fieldName(st, t.Stage, t.Group, lang), t.Place)
		}
	}
	return i18n.T{Zh: "第 %d 名", En: "place %d"}.In(lang, t.Place)
}

// tieNames names a tie's players, "张三、李四".
func tieNames(st *action.State, players []int, lang i18n.Lang) string {
	names := make([]string, len(players))
	for i, id := range players {
		names[i] = entrantName(st, id)
	}
	return strings.Join(names, i18n.T{Zh: "、", En: ", "}.In(lang))
}

// tieRef is the words a button names a tie by: "s0 g1 p2".
func tieRef(t action.Tie) string { return fmt.Sprintf("s%d g%d p%d", t.Stage, t.Group, t.Place) }

// tieButtons are the organiser's choice for t, answering event's.
func tieButtons(t action.Tie, event storage.EventID) []button {
	r := ref{event: event}
	return []button{
		{i18n.T{Zh: "加赛", En: "Play it off"}, r.answering("/playoff 加赛 " + tieRef(t))},
		{i18n.T{Zh: "抽签", En: "Draw lots"}, r.answering("/playoff 抽签 " + tieRef(t))},
	}
}

// waiting are the ties of st the organiser has not chosen for yet.
func waiting(ties []action.Tie) []action.Tie {
	var out []action.Tie
	for _, t := range ties {
		if t.Chosen == nil {
			out = append(out, t)
		}
	}
	return out
}

// offerTies tells the event's chats of the ties now known that wait for
// the organiser's choice, and the organisers privately, each with its
// buttons (R-T-8). Organisers who cannot be read now have /playoff.
func (v *voice) offerTies(ch *storage.Change, ties []action.Tie) {
	st := ch.State
	to, err := organisersIn(ch)
	if err != nil && v.svc != nil {
		v.svc.log.Warn("read the organisers to offer a play-off", "err", err)
	}
	for _, t := range ties {
		v.announce(ch, i18n.T{Zh: "%s并列：%s。按名次加赛规则（%s，R-T-8），由组织者选择加赛或抽签。", En: "%s is shared: %s. By the play-off rule (%s, R-T-8) an organiser chooses a play-off or lots."}.
			In(v.lang, capital(tiePlace(st, t, v.lang)), tieNames(st, t.Players, v.lang), chainText(st.PlayoffChain(), v.lang)))
		for _, ct := range to {
			tell(ch, []contact{ct}, i18n.T{Zh: "「%s」%s并列：%s。加赛（%s）还是抽签？", En: "%q, %s is shared: %s. Play it off (%s) or draw lots?"},
				[]any{st.Event.Name, tiePlace(st, t, ct.lang), tieNames(st, t.Players, ct.lang), chainText(st.PlayoffChain(), ct.lang)}, tieButtons(t, v.event)...)
		}
	}
}

// newTies are the ties waiting for a choice whose field played in round:
// known now that round is complete (a staged event's group that ended in
// it), not those an earlier round left waiting.
func newTies(st *action.State, round int) []action.Tie {
	var out []action.Tie
	for _, t := range waiting(st.Ties()) {
		if !st.Format().PlaysOffInRounds() {
			out = append(out, t)
			continue
		}
		if round >= 1 && round <= len(st.Stages.Rounds) && slices.ContainsFunc(st.Stages.Rounds[round-1], func(b action.BoardOf) bool {
			return b.Stage == t.Stage && b.Group == t.Group && b.Playoff == 0
		}) {
			out = append(out, t)
		}
	}
	return out
}

// tiesFirst refuses to finish while a tie for a place that may not be
// shared waits (R-T-8): the reply lists them, with the organiser's
// buttons.
func tiesFirst(c *Context) (Reply, bool) {
	ties := c.State.Ties()
	if len(ties) == 0 {
		return Reply{}, false
	}
	r := Reply{Text: i18n.T{Zh: "还有名次并列待决（R-T-8），决出后再结束比赛：", En: "A tie for a place waits (R-T-8): settle it, then finish."}.In(c.Lang) + "\n" + tiesText(c.State, ties, c.Lang)}
	if w := waiting(ties); len(w) > 0 && c.Is(storage.Organiser) {
		for _, b := range tieButtons(w[0], c.Event) {
			r.Buttons = append(r.Buttons, chat.Button{Label: b.label.In(c.Lang), Command: b.command})
		}
	}
	return r, true
}

// organisersIn are the event's organisers as contacts, read through r.
func organisersIn(r reader) ([]contact, error) {
	orgs, err := r.Holders(storage.Organiser)
	if err != nil {
		return nil, err
	}
	ids := make([]storage.Identity, len(orgs))
	for i, o := range orgs {
		ids[i] = storage.Identity{Platform: o.Platform, User: o.User}
	}
	return contactsOf(r, ids)
}

// tiesText lists the ties waiting or under way, and how to settle them.
func tiesText(st *action.State, ties []action.Tie, lang i18n.Lang) string {
	var lines []string
	for _, t := range ties {
		place, names := capital(tiePlace(st, t, lang)), tieNames(st, t.Players, lang)
		switch n := t.Outcome.Next; {
		case t.Chosen == nil:
			lines = append(lines, i18n.T{Zh: "%s并列：%s，等组织者选择：/playoff 加赛 或 /playoff 抽签", En: "%s is shared: %s; an organiser chooses: /playoff game or /playoff lots"}.In(lang, place, names))
		case st.Format().PlaysOffInRounds():
			lines = append(lines, i18n.T{Zh: "%s加赛：%s，下一局由 /pair 编排", En: "%s play-off: %s; /pair pairs its next game"}.In(lang, place, names))
		default:
			lines = append(lines, i18n.T{Zh: "%[1]s加赛第 %[2]d 局（%[3]s）：红 %[4]s — 黑 %[5]s。录入结果（红方在前）：/playoff 1-0",
				En: "%[1]s play-off game %[2]d (%[3]s): red %[4]s, black %[5]s. Enter its result, red's first: /playoff 1-0"}.
				In(lang, place, t.Played+1, named(n.Step, lang), playerName(&st.Event, n.Red), playerName(&st.Event, n.Black)))
		}
	}
	return strings.Join(lines, "\n")
}

// playoff answers /playoff: the ties, the organiser's choice for one, or
// an individual event's play-off result.
func playoff(c *Context) (Reply, error) {
	st := c.State
	if err := running(st); err != nil {
		return Reply{}, err
	}
	ties := st.Ties()
	words := strings.Fields(c.Args["what"])
	if len(words) == 0 {
		if len(ties) == 0 {
			return Reply{Text: i18n.T{Zh: "没有待决的名次并列（R-T-8）。名次加赛规则：%s。", En: "No tie for a place waits (R-T-8). The play-off rule: %s."}.In(c.Lang, chainText(st.PlayoffChain(), c.Lang))}, nil
		}
		r, _ := tiesFirst(c)
		r.Text = tiesText(st, ties, c.Lang)
		return r, nil
	}
	t, err := pickTie(st, ties, words[1:], c.Lang)
	if err != nil {
		return Reply{}, err
	}
	if lots, ok := playoffWords[strings.ToLower(words[0])]; ok {
		if !c.Is(storage.Organiser) {
			return Reply{}, problem("加赛还是抽签由组织者选择。", "An organiser chooses between a play-off and lots.")
		}
		return choosePlayoff(c, t, lots)
	}
	code, used := redFirst.phrase(words[:1])
	res, isResult := resultCodes[code]
	if used == 0 || !isResult {
		return Reply{}, problem("「%s」不是加赛或抽签，也不是结果。用法：/playoff 加赛、/playoff 抽签，或 /playoff 1-0（红方在前）。", "%q is neither game, lots nor a result. Usage: /playoff game, /playoff lots, or /playoff 1-0 (red's first).", words[0])
	}
	return playoffResult(c, t, res)
}

// pickTie is the tie /playoff's words name (a button's "s0 g1 p2", a
// typed place), or the only one.
func pickTie(st *action.State, ties []action.Tie, words []string, lang i18n.Lang) (action.Tie, error) {
	if len(ties) == 0 {
		return action.Tie{}, problem("没有待决的名次并列（R-T-8）。", "No tie for a place waits (R-T-8).")
	}
	stage, group, place := -1, -1, 0
	for _, w := range words {
		n, err := strconv.Atoi(strings.TrimLeft(w, "sgp"))
		switch {
		case err != nil:
			return action.Tie{}, problem("「%s」不是名次。", "%q is not a place.", w)
		case strings.HasPrefix(w, "s"):
			stage = n
		case strings.HasPrefix(w, "g"):
			group = n
		default:
			place = n
		}
	}
	var found []action.Tie
	for _, t := range ties {
		if (stage < 0 || t.Stage == stage) && (group < 0 || t.Group == group) && (place == 0 || t.Place == place) {
			found = append(found, t)
		}
	}
	switch {
	case len(found) == 1:
		return found[0], nil
	case len(found) == 0:
		return action.Tie{}, problem("没有这个名次的并列。待决的：\n%s", "No such tie. Those waiting:\n%s", tiesText(st, ties, lang))
	}
	return action.Tie{}, problem("有 %d 个并列待决，请写出名次。\n%s", "%d ties wait: name the place.\n%s", len(found), tiesText(st, ties, lang))
}

// choosePlayoff records the organiser's choice for t and announces it: the
// play-off game to come, or the order lots drew.
func choosePlayoff(c *Context, t action.Tie, lots bool) (Reply, error) {
	chats, err := eventChats(c)
	if err != nil {
		return Reply{}, err
	}
	if _, err := c.Update(func(ch *storage.Change) error {
		if err := ch.Append(&action.PlayoffChosen{Stage: t.Stage, Group: t.Group, Place: t.Place, Players: t.Players, Lots: lots}); err != nil {
			return err
		}
		chats.announce(ch, playoffState(ch.State, t, chats.lang))
		return nil
	}); err != nil {
		var r *action.Refusal
		if errors.As(err, &r) && r.Reason == action.NoSuchTie {
			return Reply{}, problem("这个并列已经不在了（成绩更正过？）。输入 /playoff 查看。", "That tie is no longer there (a result corrected?). Type /playoff to see.")
		}
		return Reply{}, err
	}
	return chats.reply(playoffState(c.State, t, c.Lang)), nil
}

// playoffState says where tie t stands in st: its next game while it is
// played off, or the order it was settled in, by lots or by its games.
func playoffState(st *action.State, t action.Tie, lang i18n.Lang) string {
	for _, now := range st.Ties() {
		if now.Stage == t.Stage && now.Group == t.Group && now.Place == t.Place && now.Chosen != nil {
			return tiesText(st, []action.Tie{now}, lang)
		}
	}
	place := capital(tiePlace(st, t, lang))
	rec := findPlayoff(st, t)
	if rec == nil {
		return ""
	}
	order, lots, _ := st.Settled(*rec)
	names := make([]string, len(order))
	for i, id := range order {
		names[i] = i18n.T{Zh: "%[1]s 第 %[2]d 名", En: "%[3]s %[1]s"}.In(lang, entrantName(st, id), t.Place+i, sheet.Ordinal(t.Place+i))
	}
	how := i18n.T{Zh: "加赛结果", En: "the play-off"}
	if lots {
		how = i18n.T{Zh: "抽签", En: "lots"}
	}
	return i18n.T{Zh: "%s并列由%s排定（R-T-8）：%s。", En: "%s's tie settled by %s (R-T-8): %s."}.In(lang, place, how.In(lang), strings.Join(names, i18n.T{Zh: "，", En: ", "}.In(lang)))
}

// findPlayoff is st's record of tie t, nil when none.
func findPlayoff(st *action.State, t action.Tie) *action.Playoff {
	for i := range st.Playoffs {
		p := &st.Playoffs[i]
		if p.Stage == t.Stage && p.Group == t.Group && p.Place == t.Place && (t.Players == nil || slices.Equal(p.Players, t.Players)) {
			return p
		}
	}
	return nil
}

// playoffResult enters an individual event's play-off game (R-T-8) and
// announces it, and the tie's order once settled.
func playoffResult(c *Context, t action.Tie, res engine.Result) (Reply, error) {
	if c.State.Format().PlaysOffInRounds() {
		return Reply{}, problem("分阶段比赛的加赛由 /pair 编排到下一轮，像其他对局一样用 /result 台次 结果 录入。", "A staged event's play-off is paired by /pair in its next round: enter it like any game, /result BOARD RESULT.")
	}
	if t.Chosen == nil || t.Chosen.Lots {
		return Reply{}, problem("%s还没有选定加赛：组织者先选择 /playoff 加赛。", "%s is not being played off: an organiser chooses /playoff game first.", capital(tiePlace(c.State, t, c.Lang)))
	}
	chats, err := eventChats(c)
	if err != nil {
		return Reply{}, err
	}
	n := t.Outcome.Next
	if _, err := c.Update(func(ch *storage.Change) error {
		if err := ch.Append(&action.PlayoffPlayed{Place: t.Place, Result: res}); err != nil {
			return err
		}
		st := ch.State
		game := i18n.T{Zh: "%s加赛第 %d 局：%s %s %s", En: "%s play-off game %d: %s %s %s"}.
			In(chats.lang, capital(tiePlace(st, t, chats.lang)), t.Played+1, playerName(&st.Event, n.Red), resultText(res), playerName(&st.Event, n.Black))
		next := playoffState(st, t, chats.lang)
		if len(st.Ties()) == 0 {
			next += "\n" + i18n.T{Zh: "组织者输入 /finish 结束比赛。", En: "Organisers: /finish finishes the event."}.In(chats.lang)
		}
		chats.announce(ch, game+"\n"+next)
		return nil
	}); err != nil {
		return Reply{}, err
	}
	return chats.reply(i18n.T{Zh: "已记录加赛结果：%s。", En: "Recorded the play-off game: %s."}.In(c.Lang, resultText(res))), nil
}
