package commands

import (
	"crypto/rand"
	"encoding/hex"
	"strings"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/engine"
	"github.com/qisai/qisai/internal/i18n"
	"github.com/qisai/qisai/storage"
)

// playGuess runs 猜先 (R-C-4): "/guess hide red" in a private chat commits
// to a hidden colour, "/guess black" guesses it in public and reveals it
// with its nonce, "/guess choose red" is the winner's choice; "/guess
// call" is an arbiter calling for 猜先 in the current round (R-C-3).
func playGuess(c *Context) (Reply, error) {
	if err := c.loadEvent(true); err != nil {
		return Reply{}, err
	}
	words := strings.Fields(strings.ToLower(c.Args["what"]))
	verb, col := "", engine.NoColour
	for _, w := range words {
		switch w {
		case "hide", "藏", "藏子":
			verb = "hide"
		case "choose", "选", "选择":
			verb = "choose"
		case "call", "要求":
			verb = "call"
		case "red", "红", "红方":
			col = engine.Red
		case "black", "黑", "黑方":
			col = engine.Black
		default:
			return Reply{}, problem("看不懂「%s」。用法：/guess 藏 红|黑（私聊）、/guess 红|黑、/guess 选 红|黑。", "%q is not understood. Usage: /guess hide red|black (in private), /guess red|black, /guess choose red|black.", w)
		}
	}
	if verb == "call" {
		return guessCall(c)
	}
	if c.Player == 0 {
		return Reply{}, problem("只有本赛选手才能猜先。", "Only players of the event take part in the colour guess.")
	}
	if col == engine.NoColour {
		s, err := c.liveSeat(c.State)
		switch {
		case err != nil:
			return Reply{}, err
		case !c.State.Guessing(s.round):
			return Reply{}, noGuess(s, c.Lang)
		case verb != "":
			return Reply{}, problem("请写颜色：/guess %s 红 或 黑。", "Say which colour: /guess %s red or black.", verb)
		}
		return Reply{Text: todo(c.State, s, c.Player, c.svc.now(), c.Lang), Private: c.Req.Chat.IsPrivate()}, nil
	}
	step := guessMake
	switch verb {
	case "hide":
		step = guessHide
	case "choose":
		step = guessChoose
	}
	return c.inGame(func(ch *storage.Change, chats *voice, s seat) (string, error) {
		return step(c, ch, chats, s, col)
	})
}

// noGuess says that the pairing gives the colours of s's game.
func noGuess(s seat, lang i18n.Lang) error {
	return problem("本赛的先后手由编排决定（R-C-2、R-SW-10），不需要猜先：第 %d 台你执%s。", "This event's pairing gives the colours (R-C-2, R-SW-10): no colour guess is needed. On board %d you play %s.",
		s.game.Board, colourName(s.colour, lang))
}

// guessCall has an arbiter call for 猜先 in the current round (R-C-3).
func guessCall(c *Context) (Reply, error) {
	if !c.Is(storage.Organiser) && !c.Is(storage.Arbiter) {
		return Reply{}, problem("只有组织者或裁判可以要求猜先。", "Only the organisers and arbiters can call for a colour guess.")
	}
	if c.State.Status != action.Running || len(c.State.Event.Rounds) == 0 {
		return Reply{}, problem("还没有进行中的轮次。", "No round is under way.")
	}
	round := len(c.State.Event.Rounds)
	chats, err := eventChats(c)
	if err != nil {
		return Reply{}, err
	}
	if _, err := c.Update(func(ch *storage.Change) error {
		if err := ch.Append(&action.GuessCalled{Round: round}); err != nil {
			return err
		}
		chats.announce(ch, i18n.T{Zh: "第 %d 轮猜先定先后手：每台一方私聊我 /guess hide red 或 black 藏子，另一方 /guess red 或 black 猜，猜中者选先后手。", En: "Round %d: colours by a guess. On each board one player hides a colour in a private chat with me (/guess hide red or black), the other guesses (/guess red or black), and the winner chooses."}.In(chats.lang, round))
		return nil
	}); err != nil {
		return Reply{}, err
	}
	return chats.reply(i18n.T{Zh: "已要求第 %d 轮猜先。", En: "Round %d is decided by a colour guess."}.In(c.Lang, round)), nil
}

// nonceBytes is the nonce's length: 128 random bits, so the hidden colour
// cannot be found from the commitment by trying nonces.
const nonceBytes = 16

// guessHide commits to the sender's hidden colour: only the commitment is
// shown until the opponent has guessed.
func guessHide(c *Context, ch *storage.Change, chats *voice, s seat, col engine.Colour) (string, error) {
	if !c.Req.Chat.IsPrivate() {
		return "", problem("请私聊我藏子，否则对手会看到：/guess hide red 或 black。", "Hide your colour in a private chat with me, or your opponent sees it: /guess hide red or black.")
	}
	b := make([]byte, nonceBytes)
	rand.Read(b)
	nonce := hex.EncodeToString(b)
	commit := action.Commit(col, nonce)
	if err := ch.Append(&action.GuessHidden{Round: s.round, Board: s.game.Board, Player: c.Player, Commitment: commit, Hidden: col, Nonce: nonce}); err != nil {
		return "", err
	}
	opp, err := c.contacts(s.opponent)
	if err != nil {
		return "", err
	}
	me := playerName(&ch.State.Event, c.Player)
	r := ref{event: c.Event, round: s.round, board: s.game.Board, seq: ch.State.Underway(s.round, s.game.Board).Guess.Seq}
	chats.announce(ch, i18n.T{Zh: "第%d台 猜先：%s 已藏子。承诺 SHA-256 %s", En: "Board %d colour guess: %s has hidden a colour. Commitment SHA-256 %s"}.In(chats.lang, s.game.Board, me, commit))
	tell(ch, opp, i18n.T{Zh: "%s 已藏子：猜红还是黑？", En: "%s has hidden a colour: red or black?"}, []any{me},
		button{i18n.T{Zh: "猜红", En: "Red"}, r.answering("/guess red")}, button{i18n.T{Zh: "猜黑", En: "Black"}, r.answering("/guess black")})
	return i18n.T{Zh: "你藏了%s。承诺：%s\n对手猜后我会公开随机数，任何人都能验证。", En: "You hid %s. Commitment: %s\nOnce your opponent has guessed I reveal the nonce, so anyone can check it."}.In(c.Lang, colourName(col, c.Lang), commit), nil
}

// guessMake is the opponent's public guess; the bot reveals the hidden
// colour and the nonce, which anyone checks against the commitment.
func guessMake(c *Context, ch *storage.Change, chats *voice, s seat, col engine.Colour) (string, error) {
	g := s.play.Guess
	if err := c.pressedAction(guessSeq(g), i18n.T{Zh: "藏子", En: "the hidden colour"}); err != nil {
		return "", err
	}
	if err := ch.Append(&action.GuessMade{Round: s.round, Board: s.game.Board, Player: c.Player, Colour: col}); err != nil {
		return "", err
	}
	winner, loser := c.Player, s.opponent
	if col != g.Hidden {
		winner, loser = s.opponent, c.Player
	}
	win, err := c.contacts(winner)
	if err != nil {
		return "", err
	}
	ev := &ch.State.Event
	reveal := i18n.T{Zh: "第%d台 猜先：%s 猜%s，%s 藏的是%s，%s 赢得猜先。\n验证：SHA-256(\"%s:%s\") = %s", En: "Board %d colour guess: %s guessed %s, %s had hidden %s: %s wins.\nCheck: SHA-256(\"%s:%s\") = %s"}
	text := func(lang i18n.Lang) string {
		return reveal.In(lang, s.game.Board, playerName(ev, c.Player), colourName(col, lang), playerName(ev, s.opponent),
			colourName(g.Hidden, lang), playerName(ev, winner), g.Hidden, g.Nonce, g.Commitment)
	}
	chats.announce(ch, text(chats.lang))
	r := ref{event: c.Event, round: s.round, board: s.game.Board, seq: g.Seq}
	tell(ch, win, i18n.T{Zh: "你赢得猜先（对手 %s）：选择先后手。", En: "You won the colour guess against %s: choose your colour."}, []any{playerName(ev, loser)},
		button{i18n.T{Zh: "执红（先行）", En: "Red (moves first)"}, r.answering("/guess choose red")}, button{i18n.T{Zh: "执黑", En: "Black"}, r.answering("/guess choose black")})
	return text(c.Lang), nil
}

// guessChoose is the guess's winner's choice of colour: the game's
// colours follow it.
func guessChoose(c *Context, ch *storage.Change, chats *voice, s seat, col engine.Colour) (string, error) {
	if isArmageddon(ch.State, s.round, s.game.Board) {
		return chooseArmageddon(c, ch, chats, s, col) // armageddon.go: no guess, the chooser's (R-F-5)
	}
	if err := c.pressedAction(guessSeq(s.play.Guess), i18n.T{Zh: "藏子", En: "the hidden colour"}); err != nil {
		return "", err
	}
	if err := ch.Append(&action.ColourChosen{Round: s.round, Board: s.game.Board, Player: c.Player, Colour: col}); err != nil {
		return "", err
	}
	ev := &ch.State.Event
	red, black := playerName(ev, c.Player), playerName(ev, s.opponent)
	if col == engine.Black {
		red, black = black, red
	}
	chats.announce(ch, i18n.T{Zh: "第%d台：红方 %s（先行），黑方 %s。", En: "Board %d: red %s (moves first), black %s."}.In(chats.lang, s.game.Board, red, black))
	if err := chats.refreshRound(ch, s.round); err != nil { // the round's message shows the colours chosen
		return "", err
	}
	return i18n.T{Zh: "你执%s。第%d台：红方 %s，黑方 %s。", En: "You play %s. Board %d: red %s, black %s."}.In(c.Lang, colourName(col, c.Lang), s.game.Board, red, black), nil
}

// guessSeq is the action that hid the colour of g, 0 for no guess.
func guessSeq(g *action.Guess) int64 {
	if g == nil {
		return 0
	}
	return g.Seq
}
