package storage

import "time"

// The rows of the tables migrate creates.

type eventRow struct {
	ID        int64 `gorm:"primaryKey"`
	Name      string
	Version   int64 // the Seq of the event's last action
	CreatedAt time.Time
	Status    string // action.Status after the last action; "" until Open fills it in (migration 7)
	// WakeAt is action.State.WakeAt after the last action, nil for none
	// (migration 17).
	WakeAt *time.Time
}

func (eventRow) TableName() string { return "events" }

// snapshotRow is an event's newest snapshot: action.State through Seq,
// in Data (snapshot.go) or, written before migration 12, as JSON in State.
type snapshotRow struct {
	EventID int64 `gorm:"primaryKey"`
	Seq     int64
	State   string
	Data    []byte
}

func (snapshotRow) TableName() string { return "snapshots" }

type actionRow struct {
	ID            int64 `gorm:"primaryKey"`
	EventID       int64
	Seq           int64
	ActorPlatform string
	ActorUser     string
	At            time.Time
	Kind          string
	Payload       string
	UpdateKey     *string // platform update that caused it; unique
}

func (actionRow) TableName() string { return "actions" }

// chatRow is a chat's current event (migration 8: chat_events holds all
// the events it follows).
type chatRow struct {
	Platform string `gorm:"primaryKey"`
	ChatID   string `gorm:"primaryKey"`
	EventID  int64
}

func (chatRow) TableName() string { return "chats" }

// chatEventRow is an event a chat follows (chatRow is its current one).
type chatEventRow struct {
	Platform string `gorm:"primaryKey"`
	ChatID   string `gorm:"primaryKey"`
	EventID  int64  `gorm:"primaryKey"`
	Thread   string // the topic the event lives in (migration 12); "" the main thread
	Home     bool   // the chat the event was made in (migration 18): its club's staff run it
}

func (chatEventRow) TableName() string { return "chat_events" }

type identityRow struct {
	EventID  int64  `gorm:"primaryKey"`
	Platform string `gorm:"primaryKey"`
	UserID   string `gorm:"primaryKey"`
	Player   int
}

func (identityRow) TableName() string { return "identities" }

type roleRow struct {
	EventID  int64  `gorm:"primaryKey"`
	Platform string `gorm:"primaryKey"`
	UserID   string `gorm:"primaryKey"`
	Role     string `gorm:"primaryKey"`
}

func (roleRow) TableName() string { return "roles" }

type outboxRow struct {
	ID            int64 `gorm:"primaryKey"`
	EventID       *int64
	Platform      string
	ChatID        string
	Body          string // JSON of Message's text and buttons
	DedupKey      string
	CreatedAt     time.Time
	Attempts      int
	NextAttemptAt time.Time
	ClaimedBy     string
	ClaimedUntil  *time.Time
	SentAt        *time.Time
	GaveUpAt      *time.Time // set when MarkFailed stops retrying
	LastError     string
	Thread        string // the chat's topic it goes to (migration 12); "" the main thread
}

func (outboxRow) TableName() string { return "outbox" }
