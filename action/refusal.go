package action

import (
	"fmt"

	"github.com/qisai/qisai/internal/i18n"
	"github.com/qisai/qisai/internal/names"
)

// Refusal is why an action does not fit the state: what kind of reason it
// is, which reason (for commands to say what to type instead), the rule
// that forbids it, and the reason itself in Chinese and English, so that
// the chat that asked reads it in its language. Actions return *Refusal
// for every reason a user can meet; Apply's callers find it with
// errors.As through any wrapping. Each rule is checked here, once: the
// layers above ask and say what the refusal means.
type Refusal struct {
	Kind Kind
	// Reason names the refusal where the user can do something about it
	// ("" elsewhere): commands says what to type for it.
	Reason Reason
	// Rule is the competition rule that forbids the action (spec/rules.md,
	// "R-G-2"), for Kind Rule; the text does not repeat it.
	Rule string
	i18n.T
}

// Kind sorts refusals by what the user can do about them: correct what
// they typed, look up what exists, leave it to whom it belongs, wait for
// or do first what the event needs, or keep to the rule.
type Kind int

const (
	// Invalid: the request itself is wrong, whatever the event's state (a
	// value out of range, a colour that is neither red nor black).
	Invalid Kind = iota + 1
	// NotFound: it names what does not exist (a player, a round, a board,
	// an action to undo).
	NotFound
	// Forbidden: it is not this player's to do (someone else's game, their
	// own report to confirm).
	Forbidden
	// Conflict: not in the event's state now (started, finished, done
	// already, waiting for something else).
	Conflict
	// Rule: a rule of the competition forbids it (Refusal.Rule names it).
	Rule
)

var kindNames = map[Kind]string{Invalid: "invalid", NotFound: "not found", Forbidden: "forbidden", Conflict: "conflict", Rule: "rule"}

func (k Kind) String() string {
	if s, ok := kindNames[k]; ok {
		return s
	}
	return fmt.Sprintf("kind %d", int(k))
}

// Reason names a refusal the user can answer by typing something else:
// what to type is the command layer's to say, in the user's language.
type Reason string

// The reasons. A refusal without one is answered by its kind alone.
const (
	NoEvent       Reason = "no-event"        // there is no event yet
	EventOver     Reason = "finished"        // the event has finished
	WasCalledOff  Reason = "cancelled"       // the event was cancelled before its start
	EntriesClosed Reason = "entries-closed"  // the event has started: no more entries, removals
	AlreadyBegun  Reason = "started"         // the event has started already
	NotRunning    Reason = "not-running"     // the event has not started
	SignupShut    Reason = "signup-not-open" // sign-up is not open
	SignupOpen    Reason = "signup-open"     // sign-up is open already
	TooFewPlayers Reason = "too-few-players" // fewer than 2 players to start
	NoSuchPlayer  Reason = "no-player"       // the number names no player
	NoSuchRound   Reason = "no-round"        // no such round, or not the current one
	NoSuchBoard   Reason = "no-board"        // the round has no such board
	NotYourBoard  Reason = "not-your-board"  // the player does not play there
	ResultIn      Reason = "result-in"       // the game's result is in
	Reported      Reason = "reported"        // the player reported already
	Disputed      Reason = "disputed"        // the result is disputed: an arbiter decides
	NoReport      Reason = "no-report"       // nobody reported the game's result
	OwnReport     Reason = "own-report"      // the player's own report: the opponent answers it
	OfferOpen     Reason = "offer-open"      // the player's own draw offer waits for an answer
	OfferTheirs   Reason = "offer-theirs"    // the opponent offered: accept or decline it
	OfferTurn     Reason = "offer-turn"      // the opponent offers next (R-G-2)
	NoOffer       Reason = "no-offer"        // no draw offer to answer
	NoPreview     Reason = "no-preview"      // no pairing preview to change or publish
	Published     Reason = "published"       // the preview's round is published already
	StartPassed   Reason = "start-passed"    // a start time in the past
	NoGuessing    Reason = "no-guessing"     // the round has no 猜先
	GuessPending  Reason = "guess-pending"   // the 猜先 waits for another step
	StagesOver    Reason = "stages-over"     // a staged event's every match is played
	NoGames       Reason = "no-games"        // no round is published: there is no game yet
	NoPairingLeft Reason = "no-pairing"      // no legal pairing of the next round exists
	ColoursFixed  Reason = "colours-fixed"   // the colours are not the player's to choose, or no longer
	NoSuchTie     Reason = "no-tie"          // no tie waits for a play-off or lots (R-T-8)
	TieWaiting    Reason = "tie-waiting"     // a tie waits for the organiser's choice (R-T-8)

	// Sign-up rules (R-E-5: signup.go).
	Full           Reason = "full"            // the event has its maximum of players: the entrant waits
	OverMax        Reason = "over-max"        // more players have entered than the maximum asked
	QuotaFull      Reason = "quota-full"      // the unit has its quota of entrants
	DeadlinePassed Reason = "deadline-passed" // sign-up closed at its deadline
	NoCheckIn      Reason = "no-check-in"     // the event has no check-in before round 1, or no planned start to open it
	CheckInShut    Reason = "check-in-shut"   // the check-in before round 1 has not opened
)

// Error is the English, with the rule it keeps.
func (r *Refusal) Error() string {
	if r.Rule != "" {
		return r.En + " (" + r.Rule + ")"
	}
	return r.En
}

// refuse makes a Refusal of kind k; both texts take args (fmt verbs).
func refuse(k Kind, zh, en string, args ...any) *Refusal {
	return &Refusal{Kind: k, T: i18n.F(zh, en, args...)}
}

// ruled makes a Refusal by rule, a competition rule's id ("R-G-2").
func ruled(rule, zh, en string, args ...any) *Refusal {
	r := refuse(Rule, zh, en, args...)
	r.Rule = rule
	return r
}

// because names the refusal's reason.
func (r *Refusal) because(why Reason) *Refusal {
	r.Reason = why
	return r
}

// refuseErr wraps an error that speaks English only, the engine's, as a
// refusal of kind k: the Chinese gets a lead that says what was refused.
// It is the team rounds' fallback still (team_rounds.go); the engine's
// reasons are better worded per language (PairingRefused,
// withdrawalRefused).
func refuseErr(k Kind, zh string, err error) *Refusal {
	return &Refusal{Kind: k, T: i18n.T{Zh: zh + "：" + err.Error(), En: err.Error()}}
}

// refuseName turns a name's refusal (package names) into the action's: a
// name is wrong as typed.
func refuseName(fault *names.Error) *Refusal {
	return &Refusal{Kind: Invalid, T: fault.T}
}
