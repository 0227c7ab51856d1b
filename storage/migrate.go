package storage

import (
	"context"
	"fmt"
	"strings"

	"gorm.io/gorm"
)

// migrations are the schema's versions, oldest first. Never edit one that
// has shipped: add the next. Statements use placeholders that each dialect
// fills in (see sqlFor).
var migrations = []struct {
	version int
	what    string
	sql     []string
	// data, when set, changes the rows after the statements ran: what
	// SQL alone cannot (it folds events).
	data func(tx *gorm.DB) error
}{
	{1, "events, their action log, bindings and the outbox", []string{
		`CREATE TABLE events (
			id {{id}},
			name TEXT NOT NULL,
			version BIGINT NOT NULL DEFAULT 0,
			created_at {{time}} NOT NULL,
			snapshot TEXT NOT NULL DEFAULT '',
			snapshot_seq BIGINT NOT NULL DEFAULT 0
		)`,
		`CREATE TABLE actions (
			id {{id}},
			event_id BIGINT NOT NULL REFERENCES events(id),
			seq BIGINT NOT NULL,
			actor_platform TEXT NOT NULL,
			actor_user TEXT NOT NULL,
			at {{time}} NOT NULL,
			kind TEXT NOT NULL,
			payload TEXT NOT NULL,
			update_key TEXT,
			UNIQUE (event_id, seq)
		)`,
		`CREATE UNIQUE INDEX actions_update_key ON actions (update_key)`,
		`CREATE TABLE chats (
			platform TEXT NOT NULL,
			chat_id TEXT NOT NULL,
			event_id BIGINT NOT NULL REFERENCES events(id),
			PRIMARY KEY (platform, chat_id)
		)`,
		`CREATE INDEX chats_event ON chats (event_id)`,
		`CREATE TABLE identities (
			event_id BIGINT NOT NULL REFERENCES events(id),
			platform TEXT NOT NULL,
			user_id TEXT NOT NULL,
			player INTEGER NOT NULL,
			PRIMARY KEY (event_id, platform, user_id)
		)`,
		`CREATE TABLE roles (
			event_id BIGINT NOT NULL REFERENCES events(id),
			platform TEXT NOT NULL,
			user_id TEXT NOT NULL,
			role TEXT NOT NULL,
			PRIMARY KEY (event_id, platform, user_id, role)
		)`,
		`CREATE TABLE outbox (
			id {{id}},
			event_id BIGINT REFERENCES events(id),
			platform TEXT NOT NULL,
			chat_id TEXT NOT NULL,
			body TEXT NOT NULL,
			dedup_key TEXT NOT NULL,
			created_at {{time}} NOT NULL,
			attempts INTEGER NOT NULL DEFAULT 0,
			next_attempt_at {{time}} NOT NULL,
			claimed_by TEXT NOT NULL DEFAULT '',
			claimed_until {{time}},
			sent_at {{time}},
			gave_up_at {{time}},
			last_error TEXT NOT NULL DEFAULT ''
		)`,
		`CREATE UNIQUE INDEX outbox_dedup ON outbox (dedup_key)`,
		// A message is pending until it is sent or given up (see Claim).
		`CREATE INDEX outbox_pending ON outbox (platform, chat_id, id) WHERE sent_at IS NULL AND gave_up_at IS NULL`,
	}, nil},
	{2, "users' preferences: the language they chose", []string{
		`CREATE TABLE prefs (
			platform TEXT NOT NULL,
			user_id TEXT NOT NULL,
			lang TEXT NOT NULL,
			PRIMARY KEY (platform, user_id)
		)`,
	}, nil},
	{3, "the users qisai has seen: their handles, so that @name names them", []string{
		`CREATE TABLE users (
			platform TEXT NOT NULL,
			user_id TEXT NOT NULL,
			handle TEXT NOT NULL,
			name TEXT NOT NULL,
			seen_at {{time}} NOT NULL,
			PRIMARY KEY (platform, user_id)
		)`,
		`CREATE INDEX users_handle ON users (platform, handle)`,
	}, nil},
	{4, "outbox: attached files, and the parts of a long message sent so far", []string{
		`ALTER TABLE outbox ADD COLUMN file_name TEXT NOT NULL DEFAULT ''`,
		`ALTER TABLE outbox ADD COLUMN file_data {{bytes}}`,
		`ALTER TABLE outbox ADD COLUMN parts_sent INTEGER NOT NULL DEFAULT 0`,
	}, nil},
	{5, "outbox: the part whose request was under way, so that a crash does not send it twice", []string{
		`ALTER TABLE outbox ADD COLUMN sending_part INTEGER NOT NULL DEFAULT 0`,
	}, nil},
	{6, "web links: the secret tokens of the events' live pages", []string{
		`CREATE TABLE weblinks (
			token TEXT PRIMARY KEY,
			event_id BIGINT NOT NULL REFERENCES events(id),
			created_at {{time}} NOT NULL,
			revoked_at {{time}}
		)`,
		// One link in use per event: two /web at once agree on it.
		`CREATE UNIQUE INDEX weblinks_live ON weblinks (event_id) WHERE revoked_at IS NULL`,
	}, nil},
	{7, "events: snapshots in a table of their own and a status column; the outbox's pending messages by id", []string{
		// A change bumps events.version: with the snapshot (megabytes for a
		// big event) in the same row, SQLite rewrote it every time.
		`CREATE TABLE snapshots (
			event_id BIGINT PRIMARY KEY REFERENCES events(id),
			seq BIGINT NOT NULL,
			state TEXT NOT NULL
		)`,
		`INSERT INTO snapshots (event_id, seq, state) SELECT id, snapshot_seq, snapshot FROM events WHERE snapshot <> ''`,
		`ALTER TABLE events DROP COLUMN snapshot`,
		`ALTER TABLE events DROP COLUMN snapshot_seq`,
		// The event's action.Status as of its last change ('' for the
		// events before this version, until Open fills it in): the running
		// events are read from the index, not from the log.
		`ALTER TABLE events ADD COLUMN status TEXT NOT NULL DEFAULT ''`,
		`CREATE INDEX events_status ON events (status)`,
		// Claims walk the pending messages oldest first, of every platform
		// or of one, and stop when they have enough (see claimable). The
		// always true next_attempt_at IS NOT NULL keeps these two to the
		// walk, which names next_attempt_at: the probe for a chat's head
		// does not, and so uses outbox_pending, which finds it at once
		// (PostgreSQL, planning on no statistics, took the walk's index
		// for it and scanned it for each message).
		`CREATE INDEX outbox_queue ON outbox (id) WHERE sent_at IS NULL AND gave_up_at IS NULL AND next_attempt_at IS NOT NULL`,
		`CREATE INDEX outbox_platform_queue ON outbox (platform, id) WHERE sent_at IS NULL AND gave_up_at IS NULL AND next_attempt_at IS NOT NULL`,
	}, nil},
	{8, "identities name the entrant, whose id stays, not the sequence number", nil, identitiesByEntrant},
	{9, "chats follow many events: chat_events holds every event a chat follows, chats its current one", []string{
		// chats keeps one row a chat: its current event (a chat with
		// several unfinished events may have none). Every event a chat
		// follows, current or not, finished or not, is in chat_events:
		// its announcements reach the chat, and it stays readable there.
		`CREATE TABLE chat_events (
			platform TEXT NOT NULL,
			chat_id TEXT NOT NULL,
			event_id BIGINT NOT NULL REFERENCES events(id),
			PRIMARY KEY (platform, chat_id, event_id)
		)`,
		`CREATE INDEX chat_events_event ON chat_events (event_id)`,
		`INSERT INTO chat_events (platform, chat_id, event_id) SELECT platform, chat_id, event_id FROM chats`,
	}, nil},
	{10, "identities by user: the events a user plays in, found from their private chat by index", []string{
		// The primary key leads with the event; a private chat's line asks
		// which events its user plays in, which scanned every identity.
		`CREATE INDEX IF NOT EXISTS identities_user ON identities (platform, user_id)`,
	}, nil},
	{11, "roles by user: the team events a captain's private chat is about, found by index", []string{
		// The primary key leads with the event; a captain's private
		// /lineup asks which running events the user is captain of
		// (RunningEventsWithRole), which scanned every role.
		`CREATE INDEX IF NOT EXISTS roles_user ON roles (platform, user_id, role)`,
	}, nil},
	{12, "link codes: single use, expiring, stored as hashes; the wrong ones typed, by user and by chat", []string{
		`CREATE TABLE IF NOT EXISTS link_codes (
			code_hash TEXT PRIMARY KEY,
			event_id BIGINT NOT NULL REFERENCES events(id),
			made_platform TEXT NOT NULL,
			made_user TEXT NOT NULL,
			created_at {{time}} NOT NULL,
			expires_at {{time}} NOT NULL,
			used_at {{time}}
		)`,
		// scope is "user:PLATFORM:ID" or "chat:PLATFORM:ID".
		`CREATE TABLE IF NOT EXISTS link_attempts (
			scope TEXT NOT NULL,
			at {{time}} NOT NULL
		)`,
		`CREATE INDEX IF NOT EXISTS link_attempts_scope ON link_attempts (scope, at)`,
	}, nil},
	{13, "the scheduler's watch: since when it has run without a break (R-G-4)", []string{
		`CREATE TABLE IF NOT EXISTS watch (
			name TEXT PRIMARY KEY,
			since {{time}} NOT NULL,
			last {{time}} NOT NULL
		)`,
	}, nil},
	{14, "forum topics of the chats' events and messages; chats held for want of rights; commands answered", []string{
		// The topic (Telegram's message_thread_id) an event lives in, in a
		// chat that follows it, and the topic a message goes to; '' is
		// the chat's main thread.
		`ALTER TABLE chat_events ADD COLUMN thread TEXT NOT NULL DEFAULT ''`,
		`ALTER TABLE outbox ADD COLUMN thread TEXT NOT NULL DEFAULT ''`,
		// A chat the bot may not post in (removed, no right to send): its
		// messages wait, tried again after probe waits, until one gets
		// through or the platform says the rights are back (see Block).
		`CREATE TABLE chat_blocks (
			platform TEXT NOT NULL,
			chat_id TEXT NOT NULL,
			reason TEXT NOT NULL,
			since {{time}} NOT NULL,
			probes INTEGER NOT NULL DEFAULT 0,
			PRIMARY KEY (platform, chat_id)
		)`,
		// The messages typed in a chat that the bot answered, for a while,
		// so that an edit of one is not run again (see MarkAnswered).
		`CREATE TABLE answered (
			platform TEXT NOT NULL,
			chat_id TEXT NOT NULL,
			message_id TEXT NOT NULL,
			at {{time}} NOT NULL,
			PRIMARY KEY (platform, chat_id, message_id)
		)`,
		`CREATE INDEX answered_at ON answered (at)`,
	}, nil},
	// JSON of a 5,000-player event is 3.9 MB and takes 50 ms to decode;
	// gob is 0.7 MB and 4 ms (snapshot.go). The snapshots written before
	// keep their JSON in state, and the next snapshot of the event
	// replaces them.
	{15, "snapshots: the state in gob, in a column of bytes", nil, addSnapshotData},
	{16, "chats moved to a new id, for the messages typed in them before the move that arrive after it", []string{
		`CREATE TABLE chat_moves (
			platform TEXT NOT NULL,
			from_id TEXT NOT NULL,
			to_id TEXT NOT NULL,
			PRIMARY KEY (platform, from_id)
		)`,
	}, nil},
	// action.State.WakeAt as of the event's last change, NULL for none:
	// the scheduler loads the events whose sign-up deadline or check-in
	// has come (WakingEvents), not every event not yet started.
	{17, "events: when the clock next has work before the start (R-E-5), indexed", nil, addWakeAt},
	{18, "the club: a chat's organisers and arbiters, who run the events made there; each event's home chat; the users seen in each chat", []string{
		// A chat's staff for the season: they run every event whose home
		// the chat is, those to come too (club.go).
		`CREATE TABLE IF NOT EXISTS club_roles (
			platform TEXT NOT NULL,
			chat_id TEXT NOT NULL,
			user_id TEXT NOT NULL,
			role TEXT NOT NULL,
			PRIMARY KEY (platform, chat_id, user_id, role)
		)`,
		`CREATE INDEX IF NOT EXISTS club_roles_user ON club_roles (platform, user_id, role)`,
		// The chat an event was made in: its club's staff run it; a chat
		// that follows it by /link does not lend it its staff.
		`ALTER TABLE chat_events ADD COLUMN home BOOLEAN NOT NULL DEFAULT FALSE`,
		// An event only one chat follows was made there; a linked one is
		// left without a home (its own organisers run it, as before).
		`UPDATE chat_events SET home = TRUE WHERE event_id IN
			(SELECT event_id FROM chat_events GROUP BY event_id HAVING COUNT(*) = 1)`,
		// Who wrote in which chat: "@name" names a user seen there,
		// whatever script the name is in.
		`CREATE TABLE IF NOT EXISTS chat_users (
			platform TEXT NOT NULL,
			chat_id TEXT NOT NULL,
			user_id TEXT NOT NULL,
			seen_at {{time}} NOT NULL,
			PRIMARY KEY (platform, chat_id, user_id)
		)`,
	}, nil},
	// The pictures a message shows together (chat.Message.Album), in gob:
	// the files' bytes as they are (addAlbum).
	{19, "live messages, edited in place as what they show changes; the outbox's albums", []string{
		// A live message of a chat (chat.Live): the platform's id of the
		// message once sent, the message as it is to read now (body) and
		// as the chat shows it (shown), pending while they differ; the
		// next edit no sooner than edit_after (edits are coalesced).
		`CREATE TABLE IF NOT EXISTS live_messages (
			platform TEXT NOT NULL,
			chat_id TEXT NOT NULL,
			live_key TEXT NOT NULL,
			thread TEXT NOT NULL DEFAULT '',
			event_id BIGINT,
			message_id TEXT NOT NULL DEFAULT '',
			body TEXT NOT NULL,
			shown TEXT NOT NULL DEFAULT '',
			pending INTEGER NOT NULL DEFAULT 0,
			edit_after {{time}} NOT NULL,
			attempts INTEGER NOT NULL DEFAULT 0,
			last_error TEXT NOT NULL DEFAULT '',
			gave_up_at {{time}},
			claimed_by TEXT NOT NULL DEFAULT '',
			claimed_until {{time}},
			PRIMARY KEY (platform, chat_id, live_key)
		)`,
		// The edits due, found without reading the messages that need none.
		`CREATE INDEX IF NOT EXISTS live_messages_due ON live_messages (platform, edit_after) WHERE pending = 1`,
	}, addAlbum},
	{20, "the clubs: each chat's roster, its users and entries, the events its rating list took in, its settings, seasons and log", []string{
		// The roster (R-E-4): a chat's players across its events. A member
		// merged into another keeps its row, marked, for the log.
		`CREATE TABLE IF NOT EXISTS members (
			id {{id}},
			platform TEXT NOT NULL,
			chat_id TEXT NOT NULL,
			name TEXT NOT NULL,
			unit TEXT NOT NULL DEFAULT '',
			categories TEXT NOT NULL DEFAULT '',
			rating INTEGER NOT NULL DEFAULT 0,
			rated_at {{time}},
			merged_into BIGINT REFERENCES members(id),
			created_at {{time}} NOT NULL
		)`,
		`CREATE INDEX IF NOT EXISTS members_chat ON members (platform, chat_id)`,
		// Names tell a club's players apart; the commands compare them in
		// any letter case too.
		`CREATE UNIQUE INDEX IF NOT EXISTS members_name ON members (platform, chat_id, name) WHERE merged_into IS NULL`,
		// A chat user is one member of the chat's club.
		`CREATE TABLE IF NOT EXISTS member_users (
			platform TEXT NOT NULL,
			chat_id TEXT NOT NULL,
			user_id TEXT NOT NULL,
			member_id BIGINT NOT NULL REFERENCES members(id),
			PRIMARY KEY (platform, chat_id, user_id)
		)`,
		`CREATE INDEX IF NOT EXISTS member_users_member ON member_users (member_id)`,
		// Which entrant of an event a member was.
		`CREATE TABLE IF NOT EXISTS member_entries (
			member_id BIGINT NOT NULL REFERENCES members(id),
			event_id BIGINT NOT NULL REFERENCES events(id),
			entrant INTEGER NOT NULL,
			PRIMARY KEY (member_id, event_id)
		)`,
		`CREATE INDEX IF NOT EXISTS member_entries_event ON member_entries (event_id)`,
		// The finished events a club took in, by the date they were played
		// (R-R-1: the rating list rates them in that order).
		`CREATE TABLE IF NOT EXISTS club_events (
			platform TEXT NOT NULL,
			chat_id TEXT NOT NULL,
			event_id BIGINT NOT NULL REFERENCES events(id),
			played_at {{time}} NOT NULL,
			rated BOOLEAN NOT NULL DEFAULT TRUE,
			PRIMARY KEY (platform, chat_id, event_id)
		)`,
		`CREATE TABLE IF NOT EXISTS club_settings (
			platform TEXT NOT NULL,
			chat_id TEXT NOT NULL,
			name TEXT NOT NULL,
			value TEXT NOT NULL,
			PRIMARY KEY (platform, chat_id, name)
		)`,
		`CREATE TABLE IF NOT EXISTS seasons (
			id {{id}},
			platform TEXT NOT NULL,
			chat_id TEXT NOT NULL,
			name TEXT NOT NULL,
			created_at {{time}} NOT NULL
		)`,
		`CREATE UNIQUE INDEX IF NOT EXISTS seasons_name ON seasons (platform, chat_id, name)`,
		`CREATE TABLE IF NOT EXISTS season_events (
			season_id BIGINT NOT NULL REFERENCES seasons(id),
			event_id BIGINT NOT NULL REFERENCES events(id),
			PRIMARY KEY (season_id, event_id)
		)`,
		// Who renamed, merged, linked or set what in the roster, when.
		`CREATE TABLE IF NOT EXISTS club_log (
			id {{id}},
			platform TEXT NOT NULL,
			chat_id TEXT NOT NULL,
			at {{time}} NOT NULL,
			actor_platform TEXT NOT NULL,
			actor_user TEXT NOT NULL,
			zh TEXT NOT NULL,
			en TEXT NOT NULL
		)`,
		`CREATE INDEX IF NOT EXISTS club_log_chat ON club_log (platform, chat_id, id)`,
	}, nil},
}

// addWakeAt adds events.wake_at and its index, unless a database taken
// back to an older version runs this again (as addSnapshotData).
func addWakeAt(tx *gorm.DB) error {
	if !tx.Migrator().HasColumn("events", "wake_at") {
		ts := "DATETIME"
		if tx.Name() == "postgres" {
			ts = "TIMESTAMPTZ"
		}
		if err := tx.Exec("ALTER TABLE events ADD COLUMN wake_at " + ts).Error; err != nil {
			return err
		}
	}
	return tx.Exec("CREATE INDEX IF NOT EXISTS events_wake ON events (wake_at) WHERE wake_at IS NOT NULL").Error
}

// addSnapshotData adds snapshots.data, unless a database taken back to an
// older version runs this again (SQLite has no ADD COLUMN IF NOT EXISTS).
func addSnapshotData(tx *gorm.DB) error {
	if tx.Migrator().HasColumn("snapshots", "data") {
		return nil
	}
	return tx.Exec("ALTER TABLE snapshots ADD COLUMN data " + bytesType(tx)).Error
}

// addAlbum adds outbox.album, unless a database taken back to an older
// version runs this again.
func addAlbum(tx *gorm.DB) error {
	if tx.Migrator().HasColumn("outbox", "album") {
		return nil
	}
	return tx.Exec("ALTER TABLE outbox ADD COLUMN album " + bytesType(tx)).Error
}

// bytesType is the column type of bytes in tx's database.
func bytesType(tx *gorm.DB) string {
	if tx.Name() == "postgres" {
		return "BYTEA"
	}
	return "BLOB"
}

// migrate brings the schema up to date. Several instances may start at
// once: PostgreSQL serialises them on an advisory lock, SQLite on its write
// lock (transactions are immediate).
func (s *Store) migrate(ctx context.Context) error {
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if s.dialect == "postgres" {
			if err := tx.Exec("SELECT pg_advisory_xact_lock(7251661)").Error; err != nil {
				return fmt.Errorf("migrate: lock: %w", err)
			}
		}
		if err := tx.Exec(`CREATE TABLE IF NOT EXISTS schema_versions (
			version INTEGER PRIMARY KEY, what TEXT NOT NULL, applied_at ` + s.sqlFor("{{time}}") + ` NOT NULL)`).Error; err != nil {
			return fmt.Errorf("migrate: %w", err)
		}
		var current int
		if err := tx.Raw("SELECT COALESCE(MAX(version), 0) FROM schema_versions").Scan(&current).Error; err != nil {
			return fmt.Errorf("migrate: read version: %w", err)
		}
		if known := migrations[len(migrations)-1].version; current > known {
			return &SchemaError{Version: current, Known: known}
		}
		for _, m := range migrations {
			if m.version <= current {
				continue
			}
			for _, stmt := range m.sql {
				if err := tx.Exec(s.sqlFor(stmt)).Error; err != nil {
					return fmt.Errorf("migrate to version %d (%s): %w", m.version, m.what, err)
				}
			}
			if m.data != nil {
				if err := m.data(tx); err != nil {
					return fmt.Errorf("migrate to version %d (%s): %w", m.version, m.what, err)
				}
			}
			if err := tx.Exec("INSERT INTO schema_versions (version, what, applied_at) VALUES (?, ?, ?)",
				m.version, m.what, s.now().UTC()).Error; err != nil {
				return fmt.Errorf("migrate to version %d: %w", m.version, err)
			}
		}
		return nil
	})
}

// SchemaVersion is the newest migration applied.
func (s *Store) SchemaVersion(ctx context.Context) (int, error) {
	var v int
	err := s.db.WithContext(ctx).Raw("SELECT COALESCE(MAX(version), 0) FROM schema_versions").Scan(&v).Error
	return v, err
}

// sqlFor fills a statement's placeholders for the dialect.
func (s *Store) sqlFor(stmt string) string {
	id, ts, bytes := "INTEGER PRIMARY KEY AUTOINCREMENT", "DATETIME", "BLOB"
	if s.dialect == "postgres" {
		id, ts, bytes = "BIGSERIAL PRIMARY KEY", "TIMESTAMPTZ", "BYTEA"
	}
	return strings.NewReplacer("{{id}}", id, "{{time}}", ts, "{{bytes}}", bytes).Replace(stmt)
}
