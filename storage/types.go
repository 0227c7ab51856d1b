package storage

import (
	"time"

	"github.com/qisai/qisai/action"
)

// EventID names an event in the database.
type EventID int64

// Chat is a conversation on a platform: a group, a channel, or a user's
// private chat with the bot.
type Chat struct {
	Platform string `json:"platform"` // "telegram", "discord", "console"
	ID       string `json:"id"`
}

// Role is what a user may do in an event beyond playing.
type Role string

const (
	Organiser Role = "organiser"
	Arbiter   Role = "arbiter"
)

// Button is a choice under a message; pressing it runs Command.
type Button struct {
	Label   string `json:"label"`
	Command string `json:"command"` // e.g. "/confirm 3"
}

// Message is a message to send to a chat through the outbox.
type Message struct {
	Chat    Chat     `json:"-"`
	Text    string   `json:"text"`
	Buttons []Button `json:"buttons,omitempty"`
	// DedupKey makes enqueueing idempotent: a second message with the same
	// key is dropped. Empty: the store makes one from the event, the
	// action's number and the message's place among those the change sends.
	DedupKey string `json:"-"`
}

// Change collects what one command does to an event: the actions it
// appends and the messages, bindings and roles that go with them. Update
// commits it all in one transaction.
type Change struct {
	// State is the event as loaded, with the actions appended so far
	// applied. Read it; change it only through Append; do not keep it once
	// the function given to Update returns (the store keeps it then).
	State *action.State

	actions  []action.Action
	messages []Message
	ops      []bindingOp
	// fold folds the event's whole log with pending, the change's actions
	// so far, after it. Append needs it for an Undo, which can cancel any
	// earlier action; Update and Create set it.
	fold func(pending []action.Action) (*action.State, error)
	// at is when the change's actions are recorded: Append applies them
	// with State.At set to it, as the fold will.
	at time.Time
}

// bindingOp is a change to the chats, identities or roles tables.
type bindingOp struct {
	kind     string // "bind", "unbind", "identify", "forget", "grant", "revoke"
	chat     Chat
	platform string
	user     string
	player   int
	role     Role
}

// Result says what an Update did.
type Result struct {
	// Seqs are the numbers the appended actions got, in order.
	Seqs []int64
	// Duplicate is set when the update key had been seen: nothing was done.
	Duplicate bool
}
