package commands

import (
	"strconv"
	"strings"
	"time"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/chat"
	"github.com/qisai/qisai/engine"
	"github.com/qisai/qisai/internal/i18n"
	"github.com/qisai/qisai/sheet"
	"github.com/qisai/qisai/storage"
)

// The rounds: the start (R-SW-1), the pairing preview with its record
// (R-SW-13), swaps by hand, and publishing with the players' notes.

// start closes the entries and numbers the players (R-SW-1): by rating
// when every player has one, else shuffled from the event's seed. The
// users who joined as players keep their players under the new numbers.
// With a check-in before round 1 (R-E-5), the players not checked in are
// removed first, once the organiser confirms (signup_checkin.go).
func start(c *Context) (Reply, error) {
	now := c.svc.now()
	if r, asked, err := shortTeamsAtStart(c); err != nil || asked {
		return r, err // R-TM-1: boards no player fills
	}
	if r, asked, err := checkInAtStart(c, now); err != nil || asked {
		return r, err // R-E-5: the check-in before round 1
	}
	chats, err := eventChats(c)
	if err != nil {
		return Reply{}, err
	}
	seed, err := c.clubSeeding() // club_seeding.go: numbering by the club's list (R-R-5)
	if err != nil {
		return Reply{}, err
	}
	_, err = c.Update(func(ch *storage.Change) error {
		if err := removeNoShows(c.reads(), ch, now, func(text string) { chats.announce(ch, text) }); err != nil {
			return err // R-E-5: with the start, or not at all
		}
		by := ch.State.Event.Settings.Numbering // R-SW-1
		if seed != nil {
			if err := seed(ch); err != nil {
				return err
			}
		}
		if err := ch.Append(&action.Started{Numbering: by, Spread: engine.SpreadKeepRank}); err != nil {
			return err
		}
		if err := tellStillWaiting(c.reads(), ch); err != nil {
			return err
		}
		chats.announce(ch, formatOf(ch.State).started(c, ch.State, by, chats.lang))
		chats.also(ch, i18n.T{Zh: "下一步：/pair 编排第 1 轮。", En: "Next: /pair pairs round 1."}.In(chats.lang))
		return nil
	})
	if err != nil {
		return Reply{}, err
	}
	return chats.reply(i18n.T{Zh: "已开赛，序号已公布。下一步：/pair 编排第 1 轮。", En: "The event has started and the numbers are announced. Next: /pair pairs round 1."}.In(c.Lang)), nil
}

// startText announces the start with the players by sequence number.
func startText(st *action.State, by engine.Numbering, lang i18n.Lang) string {
	how := numberedHow(st.Event.Players, by)
	t := sheet.Text{Fit: phoneWidth, Shrink: []int{1, 2}}
	t.Row(i18n.T{Zh: "序号", En: "No"}.In(lang), i18n.T{Zh: "姓名", En: "Name"}.In(lang), i18n.T{Zh: "单位", En: "Unit"}.In(lang), i18n.T{Zh: "等级分", En: "Rating"}.In(lang))
	for _, p := range st.Event.Players {
		rating := ""
		if p.Rating > 0 {
			rating = strconv.Itoa(p.Rating)
		}
		t.Row(strconv.Itoa(p.ID), p.Name, p.Unit, rating)
	}
	s := i18n.T{Zh: "「%s」开赛！%d 名选手，序号%s排定（R-SW-1）：", En: "%q has started! %d players, numbered %s (R-SW-1):"}.In(lang, st.Event.Name, len(st.Event.Players), how.In(lang)) +
		"\n" + monoTable(&t)
	if sp := st.Spreading; sp.Moved() {
		s += "\n" + spreadingText(st, sp, lang)
	}
	return s
}

// spreadingText says in words how the spreading of units over the halves
// changed the numbers the numbering gave (R-SW-1): which units it spread,
// and each player it moved, from the rank to the number.
func spreadingText(st *action.State, sp engine.Spreading, lang i18n.Lang) string {
	var moves []string
	for _, m := range sp.Moves {
		p, _ := st.Event.Player(m.Number)
		move := i18n.T{Zh: "%s 由 %d 号改为 %d 号", En: "%s from %d to %d"}.In(lang, p.Name, m.Rank, m.Number)
		if p.Unit != "" {
			move = i18n.T{Zh: "%s（%s）由 %d 号改为 %d 号", En: "%s (%s) from %d to %d"}.In(lang, p.Name, p.Unit, m.Rank, m.Number)
		}
		moves = append(moves, move)
	}
	and := i18n.T{Zh: "、", En: ", "}.In(lang)
	return i18n.T{Zh: "同单位分开（R-SW-1）：为把%s的选手分到上下两个半区，调整了序号：%s；同单位选手之间的先后不变。",
		En: "Units spread (R-SW-1): to put the players of %s in both halves, numbers changed: %s; team-mates keep their order."}.
		In(lang, strings.Join(sp.Units, and), strings.Join(moves, and))
}

// numberedHow says how the sequence numbers were given (R-SW-1): by rating
// puts the unrated after the rated, by lot, and is a draw when nobody has a
// rating.
func numberedHow(ps []engine.Player, by engine.Numbering) i18n.T {
	rated := 0
	for _, p := range ps {
		if p.Rating > 0 {
			rated++
		}
	}
	switch {
	case by == engine.AsEntered:
		return i18n.T{Zh: "按报名顺序", En: "in the order entered"}
	case by == engine.Shuffled || rated == 0:
		return i18n.T{Zh: "随机抽签", En: "at random"}
	case by == engine.ByClubRating && rated < len(ps):
		return i18n.T{Zh: "按俱乐部等级分（无等级分者随后抽签，R-R-5）", En: "by the club's rating list (the unrated after them, by lot, R-R-5)"}
	case by == engine.ByClubRating:
		return i18n.T{Zh: "按俱乐部等级分（R-R-5）", En: "by the club's rating list (R-R-5)"}
	case rated < len(ps):
		return i18n.T{Zh: "按等级分（无等级分者随后抽签）", En: "by rating (the unrated after them, by lot)"}
	}
	return i18n.T{Zh: "按等级分", En: "by rating"}
}

// openBoards lists the boards of rd still without a result, but for the
// games put off (补赛, R-E-3): the round completes without them.
func openBoards(rd engine.Round) []int {
	var bs []int
	for _, g := range rd.Games {
		if !g.Result.Decided() && !g.Void && !g.Postponed {
			bs = append(bs, g.Board)
		}
	}
	return bs
}

func joinInts(ns []int, lang i18n.Lang) string {
	s := make([]string, len(ns))
	for i, n := range ns {
		s[i] = strconv.Itoa(n)
	}
	return strings.Join(s, i18n.T{Zh: "、", En: ", "}.In(lang))
}

// roundOpen refuses while the last round has games without a result.
func roundOpen(ev *engine.Event, lang i18n.Lang) error {
	n := len(ev.Rounds)
	if n == 0 {
		return nil
	}
	if open := openBoards(ev.Rounds[n-1]); len(open) > 0 {
		return problem("第 %[1]d 轮还有 %[2]d 台没有结果（第 %[3]s 台）。用 /result 台次 结果 录入，例如 /result %[4]d 1-0。",
			"Round %[1]d has %[2]d boards without a result (boards %[3]s). Enter them with /result BOARD RESULT, e.g. /result %[4]d 1-0.",
			n, len(open), joinInts(open, lang), open[0])
	}
	return nil
}

// publish makes the preview the next round: the pairing table goes to
// every chat of the event and a private note to each player a user is
// linked to (board, colour, opponent, time control, start time). With a
// time, the round starts then (RoundScheduled): late arrival counts from
// it (R-G-4) and the scheduler reminds everybody before it.
func publish(c *Context) (Reply, error) {
	var start roundStart
	if v := c.Args["time"]; v != "" {
		var err error
		if start.at, start.tomorrow, err = startTime(c.State, v, c.svc.now()); err != nil {
			return Reply{}, err
		}
		if c.State.PendingPreview() == nil && inPlay(c.State) {
			return moveStart(c, start.at, start.tomorrow)
		}
	}
	return formatOf(c.State).publish(c, start)
}

// roundStart is the start /publish gives a round (R-G-4); zero when the
// round starts as it is published.
type roundStart struct {
	at time.Time
	// tomorrow says the time given has passed today: it is tomorrow's.
	tomorrow bool
	// planned says at is the round's planned start (/schedule), taken
	// since /publish gave none; missed is a planned start that had passed,
	// so that the round starts as it is published (schedule).
	planned bool
	missed  time.Time
}

// schedule appends the round's start: the one /publish gave, else its
// planned start while that is ahead, so that the reminder and the
// late-arrival clock (R-G-4) follow the schedule.
func (s *roundStart) schedule(ch *storage.Change, round int) error {
	if s.at.IsZero() || s.planned {
		// The change may be built again: the plan is read afresh.
		s.at, s.planned, s.missed = time.Time{}, false, time.Time{}
		if at, ok := ch.State.Planned(round); ok && at.After(ch.State.At) {
			s.at, s.planned = at, true
		} else if ok {
			s.missed = at
		}
	}
	if s.at.IsZero() {
		return nil
	}
	return ch.Append(&action.RoundScheduled{Round: round, Start: s.at})
}

// note says the start is tomorrow's, or that the planned start had
// passed; "" when neither.
func (s roundStart) note(st *action.State, lang i18n.Lang) string {
	if !s.missed.IsZero() {
		return i18n.T{Zh: "赛程上的开始时间 %s 已过，本轮公布即开始。", En: " The planned start, %s, has passed: the round starts as it is published."}.In(lang, dayClock(st, s.missed, s.missed, lang))
	}
	return tomorrowNote(st, s.at, s.tomorrow, lang)
}

// source says the start is the schedule's, "" when /publish gave it.
func (s roundStart) source(lang i18n.Lang) string {
	if !s.planned {
		return ""
	}
	return i18n.T{Zh: "（按赛程）", En: " (as scheduled)"}.In(lang)
}

// publishRound publishes the preview of an event whose players are paired
// (not teams): the round's message (liveRound: the table, with what a
// staged event's boards play, and a link to the event's live page) goes
// to every chat of the event, its pictures as one album, and a private
// note to each player a user is linked to, with buttons to report the
// result; ask, when given, asks what else the round's players choose (an
// armageddon's colours). The publisher is told how far it went,
// privately where the chat sees the round.
func publishRound(c *Context, start roundStart, ask func(c *Context, ch *storage.Change, round int) error) (Reply, error) {
	now := c.svc.now()
	if err := c.State.PreviewReady(); err != nil {
		return Reply{}, err
	}
	chats, err := eventChats(c)
	if err != nil {
		return Reply{}, err
	}
	if err := c.readWorth(); err != nil { // club_worth.go (R-R-2)
		return Reply{}, err
	}
	if _, err := c.pageButton(); err != nil { // the link the round's message carries
		return Reply{}, err
	}
	var round, told int
	_, err = c.Update(func(ch *storage.Change) error {
		a, err := ch.State.Format().Publish(ch.State)
		if err != nil {
			return err
		}
		round, told = ch.State.PendingPreview().Round, 0
		if err := ch.Append(a); err != nil {
			return err
		}
		if err := start.schedule(ch, round); err != nil {
			return err
		}
		if err := chats.liveRound(ch, round, chats.pictures(ch)); err != nil {
			return err
		}
		chats.illustrate(ch, sheet.Pairings(sheetOf(ch.State), round, chats.lang))
		ids, err := c.reads().Identities()
		if err != nil {
			return err
		}
		cts, err := contactsOf(c.reads(), ids)
		if err != nil {
			return err
		}
		for _, ct := range cts {
			n, ok := ch.State.Numbered(ct.entrant)
			if !ok {
				continue
			}
			if note := playerNote(ch.State, round, n, now, ct.lang); note != "" {
				m := chat.Message{Chat: ct.chat, Text: note + c.worthNote(ch.State, round, n, ct.lang)}
				if s, ok := seatOf(ch.State, n); ok {
					m.Buttons = labelled(roundButtons(ch.State, c.Event, round, s.game.Board, false), ct.lang)
				}
				ch.Send(m)
				told++
			}
		}
		if ask != nil {
			return ask(c, ch, round)
		}
		return nil
	})
	if err != nil {
		return Reply{}, err
	}
	lang := chats.toldLang(c)
	text := i18n.T{Zh: "第 %d 轮已公布：对阵表发到 %d 个聊天。已私信通知 %d 位选手。", En: "Round %d is published: the pairings went to %d chats. Private notes went to %d players."}.In(lang, round, chats.chats(), told)
	if !start.at.IsZero() {
		text += "\n" + i18n.T{Zh: "开始时间：%s%s。", En: "Starts: %s%s."}.In(lang, startClock(c.State, start.at, now, lang), start.source(lang))
	}
	return chats.told(text + start.note(c.State, lang)), nil
}

// tomorrowNote says that a start time given to /publish is tomorrow's,
// since today's has passed; "" when it is today's.
func tomorrowNote(st *action.State, start time.Time, tomorrow bool, lang i18n.Lang) string {
	if !tomorrow {
		return ""
	}
	return i18n.T{Zh: "今天的 %s 已过，所以是明天。", En: " Today's %s has passed, so it is tomorrow."}.In(lang, start.In(st.Info.Location()).Format("15:04"))
}

// pastGrace is how long ago a start time given to /publish may have
// passed today and still be refused rather than taken for tomorrow: a
// round published a little late, not a day ahead.
const pastGrace = time.Hour

// startTime reads /publish's "HH:MM" (or "１９：３０") as the next such time
// in the event's zone after now: today, or tomorrow (and says so) when it
// has passed today — except a time passed within pastGrace, which is
// refused: the organiser most likely means the round starts now.
func startTime(st *action.State, v string, now time.Time) (start time.Time, tomorrow bool, err error) {
	hh, mm, ok := strings.Cut(narrow(v), ":")
	h, herr := strconv.Atoi(hh)
	m, merr := strconv.Atoi(mm)
	if !ok || herr != nil || merr != nil || len(mm) != 2 || h < 0 || h > 23 || m < 0 || m > 59 {
		return time.Time{}, false, problem("「%s」不是开始时间：请写 时:分，例如 /publish 19:30；不写则公布即开始。", "%q is not a start time: write HH:MM, e.g. /publish 19:30, or leave it out to start on publishing.", v)
	}
	loc := st.Info.Location()
	local := now.In(loc)
	start = time.Date(local.Year(), local.Month(), local.Day(), h, m, 0, 0, loc)
	switch {
	case start.After(now):
		return start.UTC(), false, nil
	case now.Sub(start) < pastGrace:
		hm := start.Format("15:04")
		return time.Time{}, false, problem("%[1]s 已经过了（现在 %[2]s）。要现在开始，直接输入 /publish；或写一个更晚的时间，例如 /publish %[3]s。",
			"%[1]s has passed (it is %[2]s now). To start now, type /publish alone; or give a later time, e.g. /publish %[3]s.",
			hm, local.Format("15:04"), local.Add(30*time.Minute).Truncate(15*time.Minute).Format("15:04"))
	}
	return start.AddDate(0, 0, 1).UTC(), true, nil
}

// startClock shows a round's start in the event's zone as seen at now:
// "19:30" on the same day, "明天 08:00" / "08:00 tomorrow" on the next,
// "3月2日 08:00" / "08:00 on 2 Mar" further off.
func startClock(st *action.State, start, now time.Time, lang i18n.Lang) string {
	loc := st.Info.Location()
	s, n := start.In(loc), now.In(loc)
	day := func(t time.Time) time.Time { return time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, loc) }
	hm := s.Format("15:04")
	switch day(s).Sub(day(n)) {
	case 0:
		return hm
	case 24 * time.Hour:
		return i18n.T{Zh: "明天 %s", En: "%s tomorrow"}.In(lang, hm)
	}
	return i18n.T{Zh: "%[1]d月%[2]d日 %[4]s", En: "%[4]s on %[3]s"}.In(lang, int(s.Month()), s.Day(), s.Format("2 Jan"), hm)
}

// roundTerms are the lines under a published round's pairings: its start
// time, the time control (R-G-5) and the late-arrival limit (R-G-4), as
// seen at now.
func roundTerms(st *action.State, now time.Time, lang i18n.Lang) string {
	var s string
	if p := st.Play; p.Round == len(st.Event.Rounds) && !p.Starts.IsZero() {
		s += "\n" + i18n.T{Zh: "开始时间：%s", En: "Starts: %s"}.In(lang, startClock(st, p.Starts, now, lang)) + leftNote(st, now, lang)
		if planned, ok := st.Planned(p.Round); ok && planned.Equal(p.Starts) {
			s += i18n.T{Zh: "（按赛程）", En: " (as scheduled)"}.In(lang)
		}
	}
	if tc := st.Info.TimeControl; tc != "" {
		s += "\n" + i18n.T{Zh: "用时：%s", En: "Time control: %s"}.In(lang, tc)
	}
	return s + lateTerm(st, now, lang)
}

// lateTerm is the line on the late-arrival limit (R-G-4) of the current
// round, "" without one: the minutes after publication, or the deadline's
// clock when the round has a start time.
func lateTerm(st *action.State, now time.Time, lang i18n.Lang) string {
	late := st.Info.LateAfter
	if late <= 0 {
		return ""
	}
	if d, ok := st.LateDeadline(); ok && !st.Play.Starts.IsZero() {
		return "\n" + i18n.T{Zh: "%s 前未签到（/here）判负（R-G-4）。", En: "Not checked in (/here) by %s: lost by forfeit (R-G-4)."}.In(lang, startClock(st, d, now, lang))
	}
	return "\n" + i18n.T{Zh: "迟到 %d 分钟未签到（/here）判负（R-G-4）。", En: "Not checked in (/here) within %d minutes: lost by forfeit (R-G-4)."}.In(lang, int(late/time.Minute))
}

// playerNote tells player their game in round — board, colour, opponent
// and their score — and the terms; or their bye. "" when they have
// neither (a withdrawn player).
func playerNote(st *action.State, round, player int, now time.Time, lang i18n.Lang) string {
	ev := &st.Event
	if round < 1 || round > len(ev.Rounds) {
		return ""
	}
	if seat := seatNote(st, round, player, lang); seat != "" {
		return i18n.T{Zh: "第 %d 轮：%s。", En: "Round %d: %s."}.In(lang, round, seat) + roundTerms(st, now, lang)
	}
	for _, b := range ev.Rounds[round-1].Byes {
		if b.Player == player && b.Kind == engine.PairingBye {
			return i18n.T{Zh: "第 %d 轮你轮空，得 %s（R-S-3）。", En: "Round %d: you have the bye, worth %s (R-S-3)."}.In(lang, round, pointsOf(ev.Settings.ByeValue.String(), lang))
		}
	}
	return ""
}

// seatNote says player's game in round: "你在第 2 台执红（先走），对手 3 号
// 张三（1 分）"; "" when they have none.
func seatNote(st *action.State, round, player int, lang i18n.Lang) string {
	ev, h := &st.Event, st.Histories()
	for _, g := range ev.Rounds[round-1].Games {
		colour, opp := i18n.T{Zh: "执红（先走）", En: "red (you move first)"}, g.Black
		switch player {
		case g.Red:
		case g.Black:
			colour, opp = i18n.T{Zh: "执黑（后走）", En: "black"}, g.Red
		default:
			continue
		}
		if b, ok := st.BoardOf(round, g.Board); ok {
			// A knockout's scores are its matches' (R-F-5): the note says
			// which game of which match.
			return i18n.T{Zh: "你在第 %d 台%s，对手 %d 号 %s（%s）", En: "you play on board %d with %s against %d %s (%s)"}.
				In(lang, g.Board, colour.In(lang), opp, playerName(ev, opp), playsText(st, b, lang))
		}
		return i18n.T{Zh: "你在第 %d 台%s，对手 %d 号 %s（%s）", En: "you play on board %d with %s against %d %s (%s)"}.
			In(lang, g.Board, colour.In(lang), opp, playerName(ev, opp), pointsOf(engine.Score(h[opp]).String(), lang))
	}
	return ""
}

// inPlay reports whether the event's last published round still has games
// to play, so that its start can be moved.
func inPlay(st *action.State) bool {
	n := len(st.Event.Rounds)
	return st.Status == action.Running && n > 0 && len(openBoards(st.Event.Rounds[n-1])) > 0
}

// moveStart moves the start of the round in play (/publish HH:MM once it
// is published): one announcement in the event's chats and a note to each
// player whose game is still to play, saying the new time and the old; the
// late-arrival limit (R-G-4) and the reminder follow the new time.
func moveStart(c *Context, start time.Time, tomorrow bool) (Reply, error) {
	now := c.svc.now()
	chats, err := eventChats(c)
	if err != nil {
		return Reply{}, err
	}
	round := len(c.State.Event.Rounds)
	var notes int
	_, err = c.Update(func(ch *storage.Change) error {
		if !inPlay(ch.State) || len(ch.State.Event.Rounds) != round {
			return problem("第 %d 轮已经结束，无从改开始时间。", "Round %d is over: there is no start to move.", round)
		}
		was := ch.State.Play.Starts
		if err := ch.Append(&action.RoundScheduled{Round: round, Start: start}); err != nil {
			return err
		}
		st := ch.State
		moved := func(lang i18n.Lang) string {
			s := i18n.T{Zh: "第 %d 轮开始时间改为 %s", En: "Round %d now starts at %s"}.In(lang, round, startClock(st, start, now, lang)) + leftNote(st, now, lang)
			if !was.IsZero() {
				s += i18n.T{Zh: "（原为 %s）", En: " (was %s)"}.In(lang, startClock(st, was, now, lang))
			}
			return s
		}
		chats.announce(ch, moved(chats.lang)+i18n.T{Zh: "。", En: "."}.In(chats.lang)+lateTerm(st, now, chats.lang))
		ids, err := c.reads().Identities()
		if err != nil {
			return err
		}
		cts, err := contactsOf(c.reads(), ids)
		if err != nil {
			return err
		}
		toPlay := map[int]bool{}
		for _, g := range st.Event.Rounds[round-1].Games {
			if !g.Result.Decided() && !g.Void {
				toPlay[g.Red], toPlay[g.Black] = true, true
			}
		}
		for _, ct := range cts {
			n, _ := st.Numbered(ct.entrant)
			if !toPlay[n] {
				continue
			}
			text := moved(ct.lang) + i18n.T{Zh: "：%s。", En: ": %s."}.In(ct.lang, seatNote(st, round, n, ct.lang)) + lateTerm(st, now, ct.lang)
			ch.Send(chat.Message{Chat: ct.chat, Text: text})
			notes++
		}
		chats.also(ch, i18n.T{Zh: "已私信通知 %d 位选手。", En: "Private notes went to %d players."}.In(chats.lang, notes)+tomorrowNote(st, start, tomorrow, chats.lang))
		return nil
	})
	if err != nil {
		return Reply{}, err
	}
	return chats.reply(i18n.T{Zh: "第 %d 轮开始时间已改为 %s。已私信通知 %d 位选手。", En: "Round %d's start is moved to %s. Private notes went to %d players."}.
		In(c.Lang, round, startClock(c.State, start, now, c.Lang), notes) + tomorrowNote(c.State, start, tomorrow, c.Lang)), nil
}

// playHere checks the sender in at the board (R-G-4).
func playHere(c *Context) (Reply, error) {
	st := c.State
	var s seat
	if _, err := c.Update(func(ch *storage.Change) error {
		var err error
		if s, err = c.liveSeat(ch.State); err != nil {
			return err
		}
		if err := c.pressedRound(ch.State); err != nil { // the reminder's button
			return err
		}
		return ch.Append(&action.CheckedIn{Round: s.round, Board: s.game.Board, Player: c.Player})
	}); err != nil {
		return Reply{}, err
	}
	now := c.svc.now()
	text := i18n.T{Zh: "已签到：第 %d 台，%s。", En: "Checked in: board %d, %s."}.In(c.Lang, s.game.Board, clock(st, now))
	switch d, ok := st.LateDeadline(); {
	case ok && now.After(d) && st.Play.LateReferred:
		// The limit passed unwatched (late.go): the arbiter decides.
		text += "\n" + i18n.T{Zh: "迟到时限 %s 已过：是否判负由裁判决定（R-G-4）。", En: "The late-arrival limit was %s: the arbiter decides whether the game is lost by forfeit (R-G-4)."}.In(c.Lang, clock(st, d))
	case ok && now.After(d):
		text += "\n" + i18n.T{Zh: "迟到时限 %s 已过：按规则判负（R-G-4）。", En: "The late-arrival limit was %s: the game is lost by forfeit (R-G-4)."}.In(c.Lang, clock(st, d))
	}
	return Reply{Text: text}, nil
}

// running refuses what needs a started, unfinished event.
func running(st *action.State) error {
	switch st.Status {
	case action.Running:
		return nil
	case action.Finished:
		return problem("比赛已经结束。", "The event has finished.")
	case action.CalledOff:
		return calledOff()
	}
	return problem("比赛还没有开始。准备好后组织者输入 /start。", "The event has not started yet. An organiser types /start when ready.")
}
