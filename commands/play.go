package commands

import (
	"strings"
	"time"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/chat"
	"github.com/qisai/qisai/engine"
	"github.com/qisai/qisai/internal/i18n"
	"github.com/qisai/qisai/storage"
)

// A player's game: the player commands (playerCommands), finding the
// sender's event and game, what they see of it (/me) and what they do in
// it (inGame). Reports and resignations are results.go's, draw offers
// draws.go's, 猜先 guess.go's, check-ins rounds.go's.

// The player commands: joining and leaving before the start, "me", and
// what a player does in their game of the current round — check in
// (R-G-4), 猜先 (R-C-4), report a result and answer the opponent's report
// (R-G-1), resign, offer a draw and answer one (R-G-2). Results become
// final through action.ResultSet; what is pending lives in State.Play.
//
// The game commands are declared Who: Anyone because a private chat with
// the bot follows no event, yet players type there and press the buttons
// of the bot's private messages there: asPlayer finds the event (the
// chat's, or in a private chat the one the sender plays in) and checks
// that the sender is a player of it.
func playerCommands() []*Command {
	return []*Command{
		{
			Name: "join", Aliases: []string{"报名"}, Who: Member,
			Args: []Arg{
				{Name: "name", Kind: Word, Optional: true, Help: i18n.T{Zh: "你在比赛中的名字（有空格请加引号）；名册里已是你的，可以不写", En: "your name in the event (quote it if it has spaces); none when the club's roster has you"}},
				{Name: "unit", Kind: Word, Optional: true, Help: i18n.T{Zh: "单位：学校、俱乐部或公司", En: "your unit: school, club or company"}},
				{Name: "categories", Kind: Rest, Optional: true, Help: i18n.T{Zh: "组别：比赛设了组别时选，如 女子", En: "your categories, where the event has them, e.g. women"}},
			},
			Help: i18n.T{Zh: "报名参加这个聊天的比赛", En: "join this chat's event"},
			Run:  playJoin,
		},
		{
			Name: "leave", Aliases: []string{"取消报名"}, Who: Anyone,
			Help: i18n.T{Zh: "比赛开始前取消报名（或退出候补）", En: "leave the event before it starts (or its wait list)"},
			Run:  forWaiting(playLeave, leaveWaitList),
		},
		{
			Name: "me", Aliases: []string{"我"}, Who: Anyone,
			Help: i18n.T{Zh: "我的台次、先后手、对手、积分、名次和现在要做的事（组织者、裁判：比赛进行到哪里，下一步做什么）", En: "my board, colour, opponent, score, place and what to do now (organisers, arbiters: where the event stands and what comes next)"},
			Run:  me, // me.go
		},
		{
			Name: "here", Aliases: []string{"签到"}, Who: Anyone,
			Args: []Arg{{Name: "player", Kind: Rest, Optional: true, Help: i18n.T{Zh: "裁判替选手签到：选手的序号或名字", En: "an arbiter checking a player in: their number or name"}}},
			Help: i18n.T{Zh: "到棋盘后签到（迟到超时判负）；开赛前签到的比赛，签到开放后签到（R-E-5）", En: "check in at the board (late past the limit loses); in an event with a check-in before the start, check in once it opens (R-E-5)"},
			Run:  checkIn,
		},
		{
			Name: "guess", Aliases: []string{"猜先"}, Who: Anyone,
			Args: []Arg{{Name: "what", Kind: Rest, Optional: true, Help: i18n.T{
				Zh: "藏 红|黑（私聊藏子）、红|黑（猜）、选 红|黑（赢家选先后手）；裁判：要求（本轮猜先）",
				En: "hide red|black (in private), red|black (guess), choose red|black (the winner's colour); arbiters: call (this round by a colour guess)"}}},
			Help: i18n.T{Zh: "猜先：一方私下藏子，另一方公开猜，赢家选先后手", En: "Colour guess: one player hides a colour in private, the other guesses in public, the winner chooses"},
			Run:  playGuess,
		},
		{
			Name: "report", Aliases: []string{"报告"}, Who: Anyone,
			Args: []Arg{{Name: "result", Kind: Choice, Choices: []string{"win", "loss", "draw", "胜", "负", "和"}, Form: reported, Help: i18n.T{
				Zh: "你的结果：胜（赢了）、负（输了）或和（和棋）；也可按红方在前写 1-0、0-1、红胜、黑胜",
				En: "your result: win (won), loss (lost) or draw; or red's first: 1-0, 0-1, 1/2"}}},
			Help: i18n.T{Zh: "报告你这一轮的结果，等对手确认", En: "report your result of this round; the opponent confirms it"},
			Run:  asPlayer(playReport),
		},
		{
			Name: "confirm", Aliases: []string{"确认"}, Who: Anyone,
			Help: i18n.T{Zh: "确认对手报告的结果", En: "confirm the result your opponent reported"},
			Run:  asPlayer(playConfirm),
		},
		{
			Name: "dispute", Aliases: []string{"异议"}, Who: Anyone,
			Help: i18n.T{Zh: "对对手报告的结果提出异议，由裁判裁决", En: "dispute the result your opponent reported; an arbiter decides"},
			Run:  asPlayer(playDispute),
		},
		{
			Name: "resign", Aliases: []string{"认输"}, Who: Anyone,
			Help: i18n.T{Zh: "认输：对手立即获胜", En: "resign: your opponent wins at once"},
			Run:  asPlayer(playResign),
		},
		{
			Name: "draw", Aliases: []string{"提和"}, Who: Anyone,
			Help: i18n.T{Zh: "向对手提和（不能撤回；被拒绝后须等对手提和才能再提）", En: "offer your opponent a draw (it cannot be withdrawn; after a refusal the opponent offers next)"},
			Run:  asPlayer(playDraw),
		},
		{
			Name: "accept", Aliases: []string{"接受"}, Who: Anyone,
			Help: i18n.T{Zh: "接受对手的提和", En: "accept your opponent's draw offer"},
			Run:  asPlayer(playAccept),
		},
		{
			Name: "decline", Aliases: []string{"拒绝"}, Who: Anyone,
			Help: i18n.T{Zh: "拒绝对手的提和", En: "decline your opponent's draw offer"},
			Run:  asPlayer(playDecline),
		},
	}
}

// asPlayer runs a game command for a player of the event (see
// playerCommands).
func asPlayer(run func(*Context) (Reply, error)) func(*Context) (Reply, error) {
	return func(c *Context) (Reply, error) {
		if err := c.loadEvent(true); err != nil {
			return Reply{}, err
		}
		if c.Player == 0 {
			return Reply{}, c.notAPlayer()
		}
		return run(c)
	}
}

// seat is a player's game in the current round.
type seat struct {
	round    int
	game     engine.Game
	colour   engine.Colour
	opponent int
	play     action.GamePlay // what is under way in it
}

// seatOf finds player's game in the current round; false for none (no
// round yet, a bye).
func seatOf(st *action.State, player int) (seat, bool) {
	round, g, ok := st.GameOf(player)
	if !ok {
		return seat{round: round}, false
	}
	s := seat{round: round, game: g, colour: engine.Red, opponent: g.Black, play: st.Underway(round, g.Board)}
	if g.Black == player {
		s.colour, s.opponent = engine.Black, g.Red
	}
	return s, true
}

// noGame says why player has no game in round: their bye (R-S-3), or
// their withdrawal (R-W-3), which is no bye.
func noGame(ev *engine.Event, round, player int, lang i18n.Lang) string {
	if p, ok := ev.Player(player); ok && !p.Active(round) {
		if p.WithdrawnAfter < 1 {
			return i18n.T{Zh: "第 %d 轮：你在第 1 轮前已退赛，不参加编排（R-W-1）。", En: "Round %d: you withdrew before round 1 and are not paired (R-W-1)."}.In(lang, round)
		}
		return i18n.T{Zh: "第 %d 轮：你已在第 %d 轮后退赛，不再编排（R-W-3）。", En: "Round %d: you withdrew after round %d and are not paired again (R-W-3)."}.In(lang, round, p.WithdrawnAfter)
	}
	for _, b := range ev.Rounds[round-1].Byes {
		if b.Player == player {
			return i18n.T{Zh: "第 %d 轮：%s，没有对局。", En: "Round %d: %s, no game."}.In(lang, round, strings.ToLower(byeName(b.Kind, lang)))
		}
	}
	return i18n.T{Zh: "第 %d 轮：你没有对局。", En: "Round %d: you have no game."}.In(lang, round)
}

// liveSeat is the sender's game in st when it is under way: the event
// runs and the game has no result yet; otherwise it says why not. A
// pressed button that answers another game, or one whose result is in,
// says that instead (pressedGame).
func (c *Context) liveSeat(st *action.State) (seat, error) {
	if err := c.pressedGame(st); err != nil {
		return seat{}, err
	}
	switch st.Status {
	case action.Setup, action.Signup:
		return seat{}, problem("比赛还没有开始。", "The event has not started yet.")
	case action.Finished:
		return seat{}, problem("比赛已经结束。", "The event has finished.")
	case action.CalledOff:
		return seat{}, calledOff()
	}
	s, ok := seatOf(st, c.Player)
	switch {
	case s.round == 0:
		return seat{}, problem("第 1 轮还没有公布对阵。", "Round 1 is not published yet.")
	case !ok:
		return seat{}, &Problem{Text: i18n.T{Zh: "%s", En: "%s"}, Args: []any{noGame(&st.Event, s.round, c.Player, c.Lang)}}
	case c.ref != nil && c.ref.board != s.game.Board:
		// Another player's button (forwarded, or typed off another's note).
		return seat{}, problem("这个按钮不是给你的：它是第 %d 台的，你在第 %d 台。用 /me 查看你的对局。",
			"That button is not yours: it is for board %d, and you play on board %d. See your game with /me.", c.ref.board, s.game.Board)
	case s.game.Result.Decided():
		return seat{}, problem("第 %d 轮你的对局已有结果：%s。", "Your game of round %d has its result: %s.", s.round, outcome(s.game.Result, s.colour, c.Lang))
	}
	return s, nil
}

// outcome is a result as the player of colour sees it.
func outcome(r engine.Result, colour engine.Colour, lang i18n.Lang) string {
	mine := func(red, black engine.Result) bool {
		return r == red && colour == engine.Red || r == black && colour == engine.Black
	}
	switch {
	case r == engine.Draw:
		return i18n.T{Zh: "和", En: "draw"}.In(lang)
	case mine(engine.RedWin, engine.BlackWin):
		return i18n.T{Zh: "胜", En: "win"}.In(lang)
	case mine(engine.BlackWin, engine.RedWin):
		return i18n.T{Zh: "负", En: "loss"}.In(lang)
	case mine(engine.RedForfeitWin, engine.BlackForfeitWin):
		return i18n.T{Zh: "胜（对手弃权）", En: "win by forfeit"}.In(lang)
	case r == engine.DoubleForfeit:
		return i18n.T{Zh: "双方弃权", En: "double forfeit"}.In(lang)
	case r.Decided():
		return i18n.T{Zh: "负（弃权）", En: "loss by forfeit"}.In(lang)
	}
	return i18n.T{Zh: "未定", En: "pending"}.In(lang)
}

// colourName is 红/黑, red/black.
func colourName(c engine.Colour, lang i18n.Lang) string {
	if c == engine.Red {
		return i18n.T{Zh: "红", En: "red"}.In(lang)
	}
	return i18n.T{Zh: "黑", En: "black"}.In(lang)
}

// gameLine is a game and its result in one short line, red first in
// Chinese ("第3台 王五 胜 赵六"), the winner first in English ("Board 3:
// Wang beat Zhao").
func gameLine(ev *engine.Event, g engine.Game, r engine.Result, lang i18n.Lang) string {
	red, black := playerName(ev, g.Red), playerName(ev, g.Black)
	var t i18n.T
	switch r {
	case engine.RedWin:
		t = i18n.T{Zh: "第%d台 %s 胜 %s", En: "Board %d: %s beat %s"}
	case engine.BlackWin:
		t = i18n.T{Zh: "第%d台 %s 负 %s", En: "Board %d: %[3]s beat %[2]s"}
	case engine.Draw:
		t = i18n.T{Zh: "第%d台 %s 和 %s", En: "Board %d: %s drew with %s"}
	case engine.RedForfeitWin:
		t = i18n.T{Zh: "第%d台 %s 胜 %s（弃权）", En: "Board %d: %s won by forfeit against %s"}
	case engine.BlackForfeitWin:
		t = i18n.T{Zh: "第%d台 %s 负 %s（弃权）", En: "Board %d: %[3]s won by forfeit against %[2]s"}
	case engine.DoubleForfeit:
		t = i18n.T{Zh: "第%d台 %s 与 %s 双方弃权", En: "Board %d: %s and %s both forfeited"}
	default:
		t = i18n.T{Zh: "第%d台 %s 对 %s", En: "Board %d: %s against %s"}
	}
	return t.In(lang, g.Board, red, black)
}

// contact is one of a player's private chats with the bot, and the
// language they read; entrant is the player (0 for a chat of no player).
type contact struct {
	chat    chat.Chat
	lang    i18n.Lang
	entrant int
}

// contacts are player's private chats: one on each platform they are
// identified on, in the language they chose (Chinese when none).
func (c *Context) contacts(player int) ([]contact, error) {
	ids, err := c.reads().PlayerIdentities(c.State.EntrantOf(player))
	if err != nil {
		return nil, err
	}
	return contactsOf(c.reads(), ids)
}

// localePref marks a stored language the user did not choose: the locale
// their platform reported when they joined. Their private notes use it
// until they choose one with /lang; their replies follow the locale of
// each request (Service.lang reads no language in it).
const localePref = "locale:"

// readerLang is the language a user reads their private notes in (the
// package's readerLang), read as the command reads.
func (c *Context) readerLang(platform, user string) (i18n.Lang, error) {
	return readerLang(c.reads(), platform, user)
}

// readerLang is the language a user reads their private notes in: the one
// they chose with /lang, or the locale they joined with, else Chinese.
func readerLang(r reader, platform, user string) (i18n.Lang, error) {
	chosen, err := r.Lang(platform, user)
	if err != nil {
		return "", err
	}
	return noteLang(chosen), nil
}

// noteLang is the language of private notes for what a user has stored:
// their choice, their locale, or nothing (Chinese).
func noteLang(stored string) i18n.Lang {
	if l := i18n.Parse(strings.TrimPrefix(stored, localePref)); l != "" {
		return l
	}
	return i18n.Zh
}

// contactsOf is the private chat of each of ids, in ids' order, in the
// language its user reads notes in: a query or two a platform however
// many they are (a round's notes to every player asked one each).
func contactsOf(r reader, ids []storage.Identity) ([]contact, error) {
	users := map[string][]string{}
	for _, id := range ids {
		users[id.Platform] = append(users[id.Platform], id.User)
	}
	stored := map[string]map[string]string{}
	for platform, us := range users {
		langs, err := r.Langs(platform, us)
		if err != nil {
			return nil, err
		}
		stored[platform] = langs
	}
	out := make([]contact, len(ids))
	for i, id := range ids {
		out[i] = contact{chat: chat.Private(id.Platform, id.User), lang: noteLang(stored[id.Platform][id.User]), entrant: id.Entrant}
	}
	return out, nil
}

// clock shows t in the event's zone: "14:05".
func clock(st *action.State, t time.Time) string { return t.In(st.Info.Location()).Format("15:04") }

// playMe shows the sender their event: who they are, their game now, their
// score and place, and what they must do next.
func playMe(c *Context) (Reply, error) {
	st, lang := c.State, c.Own // said to the sender alone
	p, _ := st.Event.Player(c.Player)
	var lines []string
	who := i18n.T{Zh: "%s（第 %d 位）", En: "%s (number %d)"}.In(lang, p.Name, p.ID)
	if p.Unit != "" {
		who += " · " + p.Unit
	}
	lines = append(lines, who)
	if st.Status == action.CalledOff {
		return Reply{}, calledOff()
	}
	if st.Status != action.Running && st.Status != action.Finished {
		lines = append(lines, i18n.T{Zh: "比赛%s，还没有开始。开始前可以用 /leave 取消报名。", En: "The event is %s and has not started. Before the start you can leave with /leave."}.In(lang, statusName(st.Status, lang)))
		if line := checkInLine(st, p.Entrant, c.svc.now(), lang); line != "" {
			lines = append(lines, line) // R-E-5
		}
		return Reply{Text: strings.Join(lines, "\n"), Private: true}, nil
	}
	if line := formatOf(st).standing(st, c.Player, lang); line != "" {
		lines = append(lines, line)
	}
	if st.Status == action.Finished {
		lines = append(lines, i18n.T{Zh: "比赛已经结束。", En: "The event has finished."}.In(lang))
		return Reply{Text: strings.Join(lines, "\n"), Private: true}, nil
	}
	if line, done := teamSeat(st, c.Player, lang); line != "" { // teams.go
		if lines = append(lines, line); done {
			return Reply{Text: strings.Join(lines, "\n"), Private: true}, nil
		}
	}
	s, ok := seatOf(st, c.Player)
	switch {
	case s.round == 0:
		lines = append(lines, i18n.T{Zh: "第 1 轮还没有公布对阵。", En: "Round 1 is not published yet."}.In(lang))
	case !ok:
		lines = append(lines, noGame(&st.Event, s.round, c.Player, lang))
	default:
		lines = append(lines, i18n.T{Zh: "第 %d 轮第 %d 台：你执%s，对手 %s", En: "Round %d, board %d: you play %s against %s"}.In(lang,
			s.round, s.game.Board, colourName(s.colour, lang), playerName(&st.Event, s.opponent)))
		if start, now := st.Play.Starts, c.svc.now(); st.Play.Round == s.round && now.Before(start) {
			lines = append(lines, i18n.T{Zh: "本轮 %s 开始。", En: "The round starts at %s."}.In(lang, startClock(st, start, now, lang)))
		}
		lines = append(lines, todo(st, s, c.Player, c.svc.now(), lang))
	}
	return Reply{Text: strings.Join(lines, "\n"), Private: true}, nil
}

// todo says what the player in seat s must do at the time at.
func todo(st *action.State, s seat, me int, at time.Time, lang i18n.Lang) string {
	if s.game.Result.Decided() {
		return i18n.T{Zh: "结果：%s。等待下一轮。", En: "Result: %s. Wait for the next round."}.In(lang, outcome(s.game.Result, s.colour, lang))
	}
	gp, opp := s.play, playerName(&st.Event, s.opponent)
	now := i18n.T{Zh: "现在：", En: "Now: "}.In(lang)
	switch {
	case gp.Dispute != nil:
		return now + i18n.T{Zh: "结果有争议，等待裁判裁决。", En: "the result is disputed: wait for an arbiter to decide."}.In(lang)
	case gp.Report != nil && gp.Report.Player != me:
		return now + i18n.T{Zh: "%s 报告：%s。用 /confirm 确认，或 /dispute 提出异议。", En: "%s reported: %s. Confirm with /confirm, or /dispute it."}.In(lang,
			opp, gameLine(&st.Event, s.game, gp.Report.Result, lang))
	case gp.Report != nil:
		return now + i18n.T{Zh: "等待 %s 确认你报告的结果。", En: "wait for %s to confirm the result you reported."}.In(lang, opp)
	case gp.Offer != nil && gp.Offer.Player != me:
		return now + i18n.T{Zh: "%s 提和：用 /accept 接受，或 /decline 拒绝。", En: "%s offers a draw: /accept or /decline it."}.In(lang, opp)
	case gp.Offer != nil:
		return now + i18n.T{Zh: "等待 %s 回应你的提和。", En: "wait for %s to answer your draw offer."}.In(lang, opp)
	}
	if b, ok := st.BoardOf(s.round, s.game.Board); ok && b.Step == engine.TieArmageddon && b.Chooser != 0 && gp.Chose == engine.NoColour &&
		(st.Play.Starts.IsZero() || at.Before(st.Play.Starts)) {
		if b.Chooser == me {
			return now + i18n.T{Zh: "和棋黑胜由你选择先后手：/guess 选 红 或 /guess 选 黑（%s；未选则按对阵表）。", En: "armageddon: you choose the colours with /guess choose red or black (%s; not chosen, the pairing stands)."}.In(lang, chooseBy(st, s.round, lang))
		}
		return now + i18n.T{Zh: "等待 %s 选择先后手（%s未选则按对阵表）。", En: "wait for %s to choose the colours (not chosen %s, the pairing stands)."}.In(lang, opp, chooseBy(st, s.round, lang))
	}
	if guessable(st, s.round, s.game.Board) {
		switch g := gp.Guess; {
		case g == nil:
			return now + i18n.T{Zh: "猜先：一方私聊我 /guess hide red 或 black 藏子。", En: "colour guess: one of you hides a colour in a private chat with me: /guess hide red or black."}.In(lang)
		case !g.Revealed() && g.Hider != me:
			return now + i18n.T{Zh: "猜先：用 /guess red 或 /guess black 猜 %s 藏的颜色。", En: "colour guess: guess %s's hidden colour with /guess red or /guess black."}.In(lang, opp)
		case !g.Revealed():
			return now + i18n.T{Zh: "猜先：等待 %s 猜。", En: "colour guess: wait for %s to guess."}.In(lang, opp)
		case g.Chosen == engine.NoColour && g.Winner == me:
			return now + i18n.T{Zh: "你赢得猜先：用 /guess choose red 或 black 选择先后手。", En: "you won the colour guess: choose with /guess choose red or black."}.In(lang)
		case g.Chosen == engine.NoColour:
			return now + i18n.T{Zh: "等待 %s 选择先后手。", En: "wait for %s to choose colours."}.In(lang, opp)
		}
	}
	if _, here := gp.Arrived(me); !here {
		line := now + i18n.T{Zh: "到棋盘后用 /here 签到", En: "check in at the board with /here"}.In(lang)
		if d, ok := st.LateDeadline(); ok {
			line += i18n.T{Zh: "（%s 前，否则判负）", En: " (by %s, or you lose by forfeit)"}.In(lang, clock(st, d))
		}
		return line + i18n.T{Zh: "。", En: "."}.In(lang)
	}
	return now + i18n.T{Zh: "下完后用 /report 胜、负 或 和 报告结果。", En: "after the game, report it with /report win, loss or draw."}.In(lang)
}

// guessable reports whether board's colours in round may be decided by
// 猜先 (R-C-3): the round is guessed, and in a staged event the board is
// a match's first game (the later ones swap colours).
func guessable(st *action.State, round, board int) bool {
	return st.Guessing(round) && st.Format().GuessesColours(st, round, board)
}

// inGame runs a command on the sender's game of the current round: fn
// acts on it as the change sees it (liveSeat on the change's state, so
// that what it decides holds when the change commits) and returns the
// sender's own account of it. The reply is what the event's chat heard,
// or that account elsewhere (voice.reply).
func (c *Context) inGame(fn func(ch *storage.Change, chats *voice, s seat) (string, error)) (Reply, error) {
	chats, err := eventChats(c)
	if err != nil {
		return Reply{}, err
	}
	// The round's message shows what a play changes: the player's own
	// account of it goes to them (told), in their language.
	c.Lang = chats.toldLang(c)
	var personal string
	_, err = c.Update(func(ch *storage.Change) error {
		s, err := c.liveSeat(ch.State)
		if err != nil {
			return err
		}
		personal, err = fn(ch, chats, s)
		return err
	})
	if err != nil {
		return Reply{}, err
	}
	return chats.told(personal), nil
}
