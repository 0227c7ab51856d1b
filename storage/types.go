package storage

import (
	"time"

	"gorm.io/gorm"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/chat"
)

// EventID names an event in the database.
type EventID int64

// Role is what a user may do in an event beyond playing.
type Role string

const (
	Organiser Role = "organiser"
	Arbiter   Role = "arbiter"
	// Captain captains a team of a team event: their private
	// /lineup finds the event by it (RunningEventsWithRole). It is no
	// staff role: it gives no right an organiser's or arbiter's does.
	Captain Role = "captain"
)

// Staff reports whether r is an organiser's or an arbiter's.
func (r Role) Staff() bool { return r == Organiser || r == Arbiter }

// Change collects what one command does to an event: the actions it
// appends and the messages, bindings and roles that go with them. Update
// commits it all in one transaction.
type Change struct {
	// State is the event as loaded, with the actions appended so far
	// applied. Read it; change it only through Append; do not keep it once
	// the function given to Update returns (the store keeps it then).
	State *action.State

	actions  []action.Action
	messages []chat.Message
	ops      []bindingOp
	// fold folds the event's whole log with pending, the change's actions
	// so far, after it. Append needs it for an Undo, which can cancel any
	// earlier action; Update and Create set it.
	fold func(pending []action.Action) (*action.State, error)
	// at is when the change's actions are recorded: Append applies them
	// with State.At set to it, as the fold will.
	at time.Time
	// webLink is the token ReplaceWebLink made: the event's web link once
	// the change commits, "" for none.
	webLink string
	// linkCode is the hash of the link code UseLinkCode uses up with the
	// change, "" for none.
	linkCode string

	// event is the event changed (0 while it is being created); begin
	// starts the change's transaction, which its first read does (tx,
	// ended by done: change.go).
	event EventID
	begin func() (*gorm.DB, func(), error)
	tx    *gorm.DB
	done  func()
}

// bindingOp is a change to the chats, identities or roles tables.
type bindingOp struct {
	kind     string // "bind", "follow", "unbind", "retire", "pass-on", "identify", "forget", "grant", "revoke", "home", "club-grant", "club-revoke"
	chat     chat.Chat
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
