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
//
// Text is plain text, except that a line "```" (Fence) opens or closes a
// monospace block: tables are written that way, and each platform's
// sender renders it in its own markup (Telegram <pre>, Discord code
// blocks, the console plainly). Everything else is the text as shown: the
// senders escape it.
type Message struct {
	Chat    Chat     `json:"-"`
	Text    string   `json:"text"`
	Buttons []Button `json:"buttons,omitempty"`
	// File, when set, is sent with the message as an attachment (an
	// export; a table too long for a chat message). The outbox keeps it
	// in columns of its own, not in the JSON body.
	File *File `json:"-"`
	// IfUndeliverable, when set, is said instead when the platform refuses
	// the message for good (a private reply to a user who never opened a
	// private chat with the bot).
	IfUndeliverable *Notice `json:"if_undeliverable,omitempty"`
	// DedupKey makes enqueueing idempotent: a second message with the same
	// key is dropped. Empty: the store makes one from the event, the
	// action's number and the message's place among those the change sends.
	DedupKey string `json:"-"`
}

// Fence is the line that opens and closes a monospace block in a
// Message's text.
const Fence = "```"

// File is a file sent as an attachment.
type File struct {
	Name string // "春季赛.trf": what the user saves it as
	Data []byte
}

// Notice is a text for a chat.
type Notice struct {
	Chat Chat   `json:"chat"`
	Text string `json:"text"`
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
