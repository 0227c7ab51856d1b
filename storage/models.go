package storage

import "time"

// The rows of the tables migrate creates.

type eventRow struct {
	ID          int64 `gorm:"primaryKey"`
	Name        string
	Version     int64 // the Seq of the event's last action
	CreatedAt   time.Time
	Snapshot    string // JSON of action.State through SnapshotSeq; "" for none
	SnapshotSeq int64
}

func (eventRow) TableName() string { return "events" }

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

type chatRow struct {
	Platform string `gorm:"primaryKey"`
	ChatID   string `gorm:"primaryKey"`
	EventID  int64
}

func (chatRow) TableName() string { return "chats" }

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
}

func (outboxRow) TableName() string { return "outbox" }
