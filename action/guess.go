package action

import (
	"crypto/sha256"
	"encoding/hex"

	"github.com/qisai/qisai/engine"
)

// 猜先 (R-C-3, R-C-4): an arbiter calls for it, one player hides a colour,
// the opponent guesses, and the winner chooses the colour they play.

func init() {
	register(func() Action { return new(GuessCalled) })
	register(func() Action { return new(GuessHidden) })
	register(func() Action { return new(GuessMade) })
	register(func() Action { return new(ColourChosen) })
}

// Guess is a 猜先 (R-C-4): one player hides a colour, the bot commits to it
// (Commitment, published at once), the opponent guesses in public, the bot
// reveals the hidden colour and its nonce so that anyone can check the
// commitment, and the winner of the guess chooses the colour they play.
type Guess struct {
	Hider int `json:"hider"`
	// Seq is the number of the action that hid the colour (as Report's).
	Seq int64 `json:"seq,omitempty"`
	// Commitment is Commit(Hidden, Nonce): public from the start.
	Commitment string `json:"commitment"`
	// Hidden and Nonce are the sealed choice: the bot shows them only once
	// the opponent has guessed. Views must not print them before.
	Hidden engine.Colour `json:"hidden"`
	Nonce  string        `json:"nonce"`
	// Guessed is the opponent's guess, NoColour until they guess.
	Guesser int           `json:"guesser,omitempty"`
	Guessed engine.Colour `json:"guessed,omitempty"`
	// Winner chooses the colour they play (Chosen, NoColour until then).
	Winner int           `json:"winner,omitempty"`
	Chosen engine.Colour `json:"chosen,omitempty"`
}

// Revealed reports whether the guess is in, and with it the hidden colour
// and the nonce public.
func (g *Guess) Revealed() bool { return g.Guessed != engine.NoColour }

// Commit is the commitment to a hidden colour: the hex SHA-256 of
// "red:NONCE" or "black:NONCE". Anyone can check a revealed 猜先 with
// `printf 'red:NONCE' | sha256sum` (R-C-4).
func Commit(hidden engine.Colour, nonce string) string {
	sum := sha256.Sum256([]byte(hidden.String() + ":" + nonce))
	return hex.EncodeToString(sum[:])
}

// Guessing reports whether the colours of round's games are decided by
// 猜先 (R-C-3): an arbiter called for it (GuessCalled), or, in a staged
// event, always: a match's first game may take its colours by 猜先 but
// need not. In the Swiss and round robins the pairing gives the colours
// otherwise (R-SW-10, R-C-2).
func (st *State) Guessing(round int) bool {
	return st.Format().guessesUnasked(st, round) || st.Play.Round == round && st.Play.Guessing
}

// GuessCalled is an arbiter's call for 猜先 in the current round (R-C-3:
// a knockout game, the first game of a match — formats qisai does not pair
// itself — or whenever the organiser wants it, R-C-4): the winner of each
// game's guess chooses their colour.
type GuessCalled struct {
	Round int `json:"round"`
}

func (*GuessCalled) Kind() string { return "guess-called" }

func (a *GuessCalled) Apply(st *State) error {
	if err := current(st, a.Round); err != nil {
		return err
	}
	if st.Guessing(a.Round) {
		return refuse(Conflict, "第 %d 轮已经要求猜先了", "round %d is decided by 猜先 already", a.Round)
	}
	st.roundPlay(a.Round).Guessing = true
	st.leaveEvent()
	return nil
}

// GuessHidden starts a 猜先 (R-C-4): Player hides a colour. The log keeps
// the hidden colour and the nonce (the bot's sealed envelope); the
// commitment is what the bot publishes until the opponent has guessed.
type GuessHidden struct {
	Round      int           `json:"round"`
	Board      int           `json:"board"`
	Player     int           `json:"player"`
	Commitment string        `json:"commitment"`
	Hidden     engine.Colour `json:"hidden"`
	Nonce      string        `json:"nonce"`
}

func (*GuessHidden) Kind() string { return "guess-hidden" }

func (a *GuessHidden) Apply(st *State) error {
	if _, _, err := playing(st, a.Round, a.Board, a.Player); err != nil {
		return err
	}
	switch {
	case !st.Guessing(a.Round):
		return noGuessing(a.Round)
	case a.Hidden != engine.Red && a.Hidden != engine.Black:
		return refuse(Invalid, "请藏红或黑", "hide red or black")
	case len(a.Nonce) < minNonce || a.Commitment != Commit(a.Hidden, a.Nonce):
		return refuse(Invalid, "承诺与所藏的颜色和随机数不符", "the commitment does not match the hidden colour and its nonce")
	case st.Underway(a.Round, a.Board).Guess != nil:
		return refuse(Conflict, "第 %d 台的猜先已经开始了", "the 猜先 of board %d has begun already", a.Board).because(GuessPending)
	}
	if !st.Format().GuessesColours(st, a.Round, a.Board) {
		// R-C-3: 猜先 for a match's first game; the later games swap colours.
		return ruled("R-C-3", "第 %d 台的先后手由比赛决定（以后各局依次换先），不用猜先", "board %d's colours follow the match (later games swap colours): there is no colour guess", a.Board)
	}
	gp := st.gamePlay(a.Round, a.Board)
	gp.Guess = &Guess{Hider: a.Player, Seq: st.Seq, Commitment: a.Commitment, Hidden: a.Hidden, Nonce: a.Nonce}
	gp.arrive(a.Player, st.At)
	st.leaveEvent()
	return nil
}

// minNonce is the shortest nonce that keeps a hidden colour secret: with
// two colours only, a short one could be found by trying.
const minNonce = 16

// GuessMade is the opponent's public guess of the hidden colour (R-C-4):
// right, the guesser wins the 猜先; wrong, the hider does.
type GuessMade struct {
	Round  int           `json:"round"`
	Board  int           `json:"board"`
	Player int           `json:"player"`
	Colour engine.Colour `json:"colour"`
}

func (*GuessMade) Kind() string { return "guess-made" }

func (a *GuessMade) Apply(st *State) error {
	if _, _, err := playing(st, a.Round, a.Board, a.Player); err != nil {
		return err
	}
	switch g := st.Underway(a.Round, a.Board).Guess; {
	case a.Colour != engine.Red && a.Colour != engine.Black:
		return refuse(Invalid, "请猜红或黑", "guess red or black")
	case !st.Guessing(a.Round):
		return noGuessing(a.Round)
	case g == nil:
		return refuse(Conflict, "第 %d 台还没有人藏子", "nobody on board %d has hidden a colour yet", a.Board).because(GuessPending)
	case g.Hider == a.Player:
		return refuse(Forbidden, "%d 号选手是藏子的一方，由对手来猜", "player %d hid the colour: the opponent guesses", a.Player).because(GuessPending)
	case g.Revealed():
		return refuse(Conflict, "第 %d 台已经猜过了", "the 猜先 of board %d has been guessed already", a.Board).because(GuessPending)
	}
	gp := st.gamePlay(a.Round, a.Board)
	g := gp.Guess
	g.Guesser, g.Guessed, g.Winner = a.Player, a.Colour, g.Hider
	if a.Colour == g.Hidden {
		g.Winner = a.Player
	}
	gp.arrive(a.Player, st.At)
	st.leaveEvent()
	return nil
}

// ColourChosen is the 猜先 winner's choice of colour (R-C-4), or an
// armageddon game's chooser's (R-F-5: the player who did not choose at the
// first 猜先): the game's colours follow it. The game must not be under way
// yet (no report, no draw offer), and an armageddon's choice is made
// before the round's start, when it has one; unmade, the colours stay as
// the pairing gave them.
type ColourChosen struct {
	Round  int           `json:"round"`
	Board  int           `json:"board"`
	Player int           `json:"player"`
	Colour engine.Colour `json:"colour"`
}

func (*ColourChosen) Kind() string { return "colour-chosen" }

func (a *ColourChosen) Apply(st *State) error {
	game, _, err := playing(st, a.Round, a.Board, a.Player)
	if err != nil {
		return err
	}
	if b, ok := st.BoardOf(a.Round, a.Board); ok && b.Step == engine.TieArmageddon {
		return a.chooseArmageddon(st, game, b)
	}
	cur := st.Underway(a.Round, a.Board)
	switch g := cur.Guess; {
	case a.Colour != engine.Red && a.Colour != engine.Black:
		return refuse(Invalid, "请选红或黑", "choose red or black")
	case g == nil || g.Winner == 0:
		return refuse(Conflict, "第 %d 台的猜先还没有结果", "the 猜先 of board %d is not decided", a.Board).because(GuessPending)
	case g.Winner != a.Player:
		return refuse(Forbidden, "%d 号选手赢得了第 %d 台的猜先，由他选择", "player %d won the 猜先 of board %d: they choose", g.Winner, a.Board).because(GuessPending)
	case g.Chosen != engine.NoColour:
		return refuse(Conflict, "第 %d 台的先后手已经选定", "the colours of board %d are chosen already", a.Board)
	case cur.Report != nil || cur.Offer != nil || cur.Declined != 0:
		return refuse(Conflict, "第 %d 台的对局已经开始，先后手不变", "the game on board %d is under way: its colours stay", a.Board)
	}
	gp := st.gamePlay(a.Round, a.Board)
	gp.Guess.Chosen = a.Colour
	st.Format().keepGuess(st, GuessWon{Round: a.Round, Board: a.Board, Winner: a.Player})
	gp.arrive(a.Player, st.At)
	if (a.Colour == engine.Red) != (game.Red == a.Player) {
		game.Red, game.Black = game.Black, game.Red
		game.RedFouls, game.BlackFouls = game.BlackFouls, game.RedFouls
		st.putGame(a.Round, game)
	}
	return nil
}

// chooseArmageddon is the choice of colours of armageddon game b by its
// chooser (R-F-5).
func (a *ColourChosen) chooseArmageddon(st *State, game engine.Game, b BoardOf) error {
	cur := st.Underway(a.Round, a.Board)
	switch {
	case a.Colour != engine.Red && a.Colour != engine.Black:
		return refuse(Invalid, "请选红或黑", "choose red or black")
	case b.Chooser != a.Player:
		return ruled("R-F-5", "第 %d 台和棋黑胜的先后手由 %d 号选手选择", "the colours of board %d's armageddon are player %d's to choose", a.Board, b.Chooser).because(ColoursFixed)
	case cur.Chose != engine.NoColour:
		return refuse(Conflict, "第 %d 台的先后手已经选定", "the colours of board %d are chosen already", a.Board)
	case cur.Report != nil || cur.Offer != nil || cur.Declined != 0:
		return refuse(Conflict, "第 %d 台的对局已经开始，先后手不变", "the game on board %d is under way: its colours stay", a.Board)
	case !st.Play.Starts.IsZero() && !st.At.Before(st.Play.Starts):
		return ruled("R-F-5", "第 %d 轮已经开始，第 %d 台的先后手按对阵表不变", "round %d has started: board %d keeps the colours of the pairing", a.Round, a.Board).because(ColoursFixed)
	}
	st.gamePlay(a.Round, a.Board).Chose = a.Colour
	if (a.Colour == engine.Red) != (game.Red == a.Player) {
		game.Red, game.Black = game.Black, game.Red
		game.RedFouls, game.BlackFouls = game.BlackFouls, game.RedFouls
		st.putGame(a.Round, game)
	}
	return nil
}

// noGuessing refuses a step of 猜先 in a round whose colours the pairing
// gives (R-SW-10, R-C-2).
func noGuessing(round int) *Refusal {
	return refuse(Conflict, "第 %d 轮的先后手由编排决定，不用猜先", "the pairing gives the colours of round %d: there is no 猜先", round).because(NoGuessing)
}
