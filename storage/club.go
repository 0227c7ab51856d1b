package storage

// A group chat is a club: it keeps its players across its events (the
// roster, R-E-4) — their names, units, categories, the ratings set by hand
// and the chat users who are them — which of its events' entrants each one
// was, the finished events its rating list has taken in (R-R-1) with their
// dates, its list's settings, its seasons, and a log of who changed the
// roster. Everything here belongs to one chat (platform and chat id); an
// event followed from two chats feeds both clubs.

import (
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"slices"
	"strings"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/chat"
	"github.com/qisai/qisai/internal/i18n"
)

// Member is one player of a club's roster.
type Member struct {
	ID   int64
	Name string
	Unit string
	// Categories are labels (女子, U12, 教师 …, R-T-10) the player carries
	// into the events they enter.
	Categories []string
	// Rating is a rating set by hand (an organiser's entry, an import),
	// from RatedAt on (zero: from the club's first event); 0 for none.
	Rating  int
	RatedAt time.Time
	// Users are the chat's users who are this player, by the platform's
	// user id.
	Users   []string
	Created time.Time
}

// MemberEntry says that a member is entrant Entrant of an event: entered
// from the roster, or matched when the club took the finished event in.
type MemberEntry struct {
	Member  int64
	Event   EventID
	Entrant int
}

// ClubEvent is a finished event the club's roster and list have taken
// in: when it was played (its start, which orders the list, R-R-1) and
// whether its games are rated.
type ClubEvent struct {
	Event    EventID
	PlayedAt time.Time
	Rated    bool
}

// Season is a named run of a club's events (/season).
type Season struct {
	ID      int64
	Name    string
	Events  []EventID
	Created time.Time
}

// ClubRecord is one line of the roster's log: who changed what, when.
type ClubRecord struct {
	At    time.Time
	Actor action.Actor
	Text  i18n.T
}

// Club is a chat's club as stored.
type Club struct {
	Chat chat.Chat
	// Members are the roster, oldest first; a member merged into another
	// is gone from it (its entries and users went to the other).
	Members []Member
	Entries []MemberEntry
	// Events are those taken in, by date, then id.
	Events   []ClubEvent
	Settings map[string]string
	Seasons  []Season
}

// Member is the member with id, false when there is none.
func (c *Club) Member(id int64) (Member, bool) {
	i := slices.IndexFunc(c.Members, func(m Member) bool { return m.ID == id })
	if i < 0 {
		return Member{}, false
	}
	return c.Members[i], true
}

// Took reports whether the club has taken event id in.
func (c *Club) Took(id EventID) bool {
	return slices.ContainsFunc(c.Events, func(e ClubEvent) bool { return e.Event == id })
}

// ErrNameTaken refuses a second member of one name in a club: names tell
// the roster's players apart (张伟 and 张伟(一中)).
var ErrNameTaken = errors.New("a member of the club has that name already")

type memberRow struct {
	ID         int64 `gorm:"primaryKey"`
	Platform   string
	ChatID     string
	Name       string
	Unit       string
	Categories string
	Rating     int
	RatedAt    *time.Time
	MergedInto *int64
	CreatedAt  time.Time
}

func (memberRow) TableName() string { return "members" }

type memberUserRow struct {
	Platform string `gorm:"primaryKey"`
	ChatID   string `gorm:"primaryKey"`
	UserID   string `gorm:"primaryKey"`
	MemberID int64
}

func (memberUserRow) TableName() string { return "member_users" }

type memberEntryRow struct {
	MemberID int64 `gorm:"primaryKey"`
	EventID  int64 `gorm:"primaryKey"`
	Entrant  int
}

func (memberEntryRow) TableName() string { return "member_entries" }

type clubEventRow struct {
	Platform string `gorm:"primaryKey"`
	ChatID   string `gorm:"primaryKey"`
	EventID  int64  `gorm:"primaryKey"`
	PlayedAt time.Time
	Rated    bool
}

func (clubEventRow) TableName() string { return "club_events" }

type clubLogRow struct {
	ID            int64 `gorm:"primaryKey"`
	Platform      string
	ChatID        string
	At            time.Time
	ActorPlatform string
	ActorUser     string
	Zh, En        string
}

func (clubLogRow) TableName() string { return "club_log" }

type clubSettingRow struct {
	Platform string `gorm:"primaryKey"`
	ChatID   string `gorm:"primaryKey"`
	Name     string `gorm:"primaryKey"`
	Value    string
}

func (clubSettingRow) TableName() string { return "club_settings" }

type seasonRow struct {
	ID        int64 `gorm:"primaryKey"`
	Platform  string
	ChatID    string
	Name      string
	CreatedAt time.Time
}

func (seasonRow) TableName() string { return "seasons" }

type seasonEventRow struct {
	SeasonID int64 `gorm:"primaryKey"`
	EventID  int64 `gorm:"primaryKey"`
}

func (seasonEventRow) TableName() string { return "season_events" }

// categorySep joins a member's categories in their column: no label has
// it (the commands split labels at spaces and commas).
const categorySep = ","

func (r memberRow) member() Member {
	m := Member{ID: r.ID, Name: r.Name, Unit: r.Unit, Rating: r.Rating, Created: r.CreatedAt}
	if r.Categories != "" {
		m.Categories = strings.Split(r.Categories, categorySep)
	}
	if r.RatedAt != nil {
		m.RatedAt = *r.RatedAt
	}
	return m
}

// Club reads chat's club.
func (s *Store) Club(ctx context.Context, c chat.Chat) (*Club, error) {
	club, err := readClub(s.db.WithContext(ctx), c)
	if err != nil {
		return nil, fmt.Errorf("read the club of chat %s:%s: %w", c.Platform, c.ID, err)
	}
	return club, nil
}

func readClub(db *gorm.DB, c chat.Chat) (*Club, error) {
	club := &Club{Chat: c, Settings: map[string]string{}}
	var members []memberRow
	if err := db.Where("platform = ? AND chat_id = ? AND merged_into IS NULL", c.Platform, c.ID).Order("id").Find(&members).Error; err != nil {
		return nil, err
	}
	index := make(map[int64]int, len(members))
	for i, r := range members {
		index[r.ID] = i
		club.Members = append(club.Members, r.member())
	}
	var users []memberUserRow
	if err := db.Where("platform = ? AND chat_id = ?", c.Platform, c.ID).Order("user_id").Find(&users).Error; err != nil {
		return nil, err
	}
	for _, u := range users {
		if i, ok := index[u.MemberID]; ok {
			club.Members[i].Users = append(club.Members[i].Users, u.UserID)
		}
	}
	var entries []memberEntryRow
	err := db.Table("member_entries AS e").Select("e.member_id, e.event_id, e.entrant").
		Joins("JOIN members AS m ON m.id = e.member_id").
		Where("m.platform = ? AND m.chat_id = ? AND m.merged_into IS NULL", c.Platform, c.ID).
		Order("e.event_id, e.entrant").Scan(&entries).Error
	if err != nil {
		return nil, err
	}
	for _, e := range entries {
		club.Entries = append(club.Entries, MemberEntry{Member: e.MemberID, Event: EventID(e.EventID), Entrant: e.Entrant})
	}
	var events []clubEventRow
	if err := db.Where("platform = ? AND chat_id = ?", c.Platform, c.ID).Order("played_at, event_id").Find(&events).Error; err != nil {
		return nil, err
	}
	for _, e := range events {
		club.Events = append(club.Events, ClubEvent{Event: EventID(e.EventID), PlayedAt: e.PlayedAt.UTC(), Rated: e.Rated})
	}
	var settings []clubSettingRow
	if err := db.Where("platform = ? AND chat_id = ?", c.Platform, c.ID).Find(&settings).Error; err != nil {
		return nil, err
	}
	for _, r := range settings {
		club.Settings[r.Name] = r.Value
	}
	var seasons []seasonRow
	if err := db.Where("platform = ? AND chat_id = ?", c.Platform, c.ID).Order("id").Find(&seasons).Error; err != nil {
		return nil, err
	}
	for _, r := range seasons {
		var ids []int64
		if err := db.Model(&seasonEventRow{}).Where("season_id = ?", r.ID).Order("event_id").Pluck("event_id", &ids).Error; err != nil {
			return nil, err
		}
		se := Season{ID: r.ID, Name: r.Name, Created: r.CreatedAt.UTC()}
		for _, id := range ids {
			se.Events = append(se.Events, EventID(id))
		}
		club.Seasons = append(club.Seasons, se)
	}
	return club, nil
}

// ClubLog is the roster's log, newest first, at most limit records.
func (s *Store) ClubLog(ctx context.Context, c chat.Chat, limit int) ([]ClubRecord, error) {
	var rows []clubLogRow
	if err := s.db.WithContext(ctx).Where("platform = ? AND chat_id = ?", c.Platform, c.ID).Order("id DESC").Limit(limit).Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("read the roster's log of chat %s:%s: %w", c.Platform, c.ID, err)
	}
	out := make([]ClubRecord, len(rows))
	for i, r := range rows {
		out[i] = ClubRecord{At: r.At.UTC(), Actor: action.Actor{Platform: r.ActorPlatform, User: r.ActorUser}, Text: i18n.T{Zh: r.Zh, En: r.En}}
	}
	return out, nil
}

// ClubChange is one change to a club, made in one transaction: fn reads
// the club as the transaction sees it (Club) and writes through the
// change's methods, which keep Club up to date as they go.
type ClubChange struct {
	Club     *Club
	tx       *gorm.DB
	actor    action.Actor
	at       time.Time
	key      string // the change's update key: its messages' de-duplication
	messages []chat.Message
}

// UpdateClub runs fn on chat's club and commits what it wrote and the
// messages it sent, or nothing when it fails. Changes to one club are
// serialised; fn may run again when the database asks for it (a busy
// SQLite, a PostgreSQL deadlock), so it must only build the change. A
// non-empty updateKey (the platform's update) keys the messages: the same
// update run again sends none twice.
func (s *Store) UpdateClub(ctx context.Context, c chat.Chat, actor action.Actor, updateKey string, fn func(*ClubChange) error) error {
	_, err := retry(ctx, func() (Result, bool, error) {
		done, err := s.gate(ctx)
		if err != nil {
			return Result{}, false, err
		}
		defer done()
		err = s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
			if s.dialect == "postgres" {
				// One club's changes wait for each other: each reads the
				// roster it then writes.
				if err := tx.Exec("SELECT pg_advisory_xact_lock(?)", clubLock(c)).Error; err != nil {
					return err
				}
			}
			club, err := readClub(tx, c)
			if err != nil {
				return err
			}
			ch := &ClubChange{Club: club, tx: tx, actor: actor, at: s.now().UTC(), key: updateKey}
			if err := fn(ch); err != nil {
				return err
			}
			prefix := "club:" + c.Platform + ":" + c.ID + ":" + updateKey
			if updateKey == "" {
				prefix += fmt.Sprintf("r:%016x", rand.Uint64())
			}
			return insertMessages(tx, nil, ch.messages, prefix)
		})
		return Result{}, transient(err), err
	})
	if err != nil {
		return fmt.Errorf("change the club of chat %s:%s: %w", c.Platform, c.ID, err)
	}
	return nil
}

// clubLock is the advisory lock of chat's club on PostgreSQL.
func clubLock(c chat.Chat) int64 {
	h := fnv.New64a()
	h.Write([]byte("club:" + c.Platform + ":" + c.ID))
	return int64(h.Sum64() >> 1)
}

// Send queues a message with the change: it goes out once the change
// commits, and never when it fails.
func (ch *ClubChange) Send(m chat.Message) { ch.messages = append(ch.messages, m) }

// At is when the change is made, by the store's clock.
func (ch *ClubChange) At() time.Time { return ch.at }

// Log records what the change did in the roster's log, in both
// languages.
func (ch *ClubChange) Log(text i18n.T) error {
	c := ch.Club.Chat
	return ch.tx.Create(&clubLogRow{Platform: c.Platform, ChatID: c.ID, At: ch.at, ActorPlatform: ch.actor.Platform, ActorUser: ch.actor.User, Zh: text.Zh, En: text.En}).Error
}

// nameTaken reports whether another member than id has name, in any
// letter case.
func (ch *ClubChange) nameTaken(name string, id int64) bool {
	return slices.ContainsFunc(ch.Club.Members, func(m Member) bool { return m.ID != id && strings.EqualFold(m.Name, name) })
}

// AddMember adds m to the roster (its ID, Users and Created are the
// store's) and returns it as added; ErrNameTaken when a member has its
// name.
func (ch *ClubChange) AddMember(m Member) (Member, error) {
	if ch.nameTaken(m.Name, 0) {
		return Member{}, fmt.Errorf("add %q: %w", m.Name, ErrNameTaken)
	}
	c := ch.Club.Chat
	row := memberRow{Platform: c.Platform, ChatID: c.ID, CreatedAt: ch.at}
	row.fill(m)
	if err := ch.tx.Create(&row).Error; err != nil {
		return Member{}, err
	}
	added := row.member()
	ch.Club.Members = append(ch.Club.Members, added)
	return added, nil
}

func (r *memberRow) fill(m Member) {
	r.Name, r.Unit, r.Categories, r.Rating = m.Name, m.Unit, strings.Join(m.Categories, categorySep), m.Rating
	r.RatedAt = nil
	if !m.RatedAt.IsZero() {
		at := m.RatedAt.UTC()
		r.RatedAt = &at
	}
}

// SaveMember writes m's name, unit, categories and rating over the
// member's; ErrNameTaken when another member has its name.
func (ch *ClubChange) SaveMember(m Member) error {
	i := slices.IndexFunc(ch.Club.Members, func(x Member) bool { return x.ID == m.ID })
	if i < 0 {
		return fmt.Errorf("save member %d: %w", m.ID, ErrNotFound)
	}
	if ch.nameTaken(m.Name, m.ID) {
		return fmt.Errorf("rename %q to %q: %w", ch.Club.Members[i].Name, m.Name, ErrNameTaken)
	}
	var row memberRow
	row.fill(m)
	err := ch.tx.Model(&memberRow{}).Where("id = ?", m.ID).Updates(map[string]any{
		"name": row.Name, "unit": row.Unit, "categories": row.Categories, "rating": row.Rating, "rated_at": row.RatedAt,
	}).Error
	if err != nil {
		return err
	}
	m.Users, m.Created = ch.Club.Members[i].Users, ch.Club.Members[i].Created
	ch.Club.Members[i] = m
	return nil
}

// Merge makes member from one with member into, two entries of one
// person: from's events and users become into's, and from leaves the
// roster (its row stays, marked, for the log). An event both played in
// cannot be merged: one person was not two of its entrants.
func (ch *ClubChange) Merge(into, from int64) error {
	if into == from {
		return errors.New("merge a member with itself")
	}
	both := map[EventID]bool{}
	for _, e := range ch.Club.Entries {
		if e.Member == into {
			both[e.Event] = true
		}
	}
	for _, e := range ch.Club.Entries {
		if e.Member == from && both[e.Event] {
			return fmt.Errorf("merge members %d and %d: both played event %d: %w", into, from, e.Event, ErrBothPlayed)
		}
	}
	if err := ch.tx.Model(&memberEntryRow{}).Where("member_id = ?", from).Update("member_id", into).Error; err != nil {
		return err
	}
	if err := ch.tx.Model(&memberUserRow{}).Where("member_id = ?", from).Update("member_id", into).Error; err != nil {
		return err
	}
	if err := ch.tx.Model(&memberRow{}).Where("id = ?", from).Update("merged_into", into).Error; err != nil {
		return err
	}
	for i := range ch.Club.Entries {
		if ch.Club.Entries[i].Member == from {
			ch.Club.Entries[i].Member = into
		}
	}
	var users []string
	ch.Club.Members = slices.DeleteFunc(ch.Club.Members, func(m Member) bool {
		if m.ID == from {
			users = m.Users
		}
		return m.ID == from
	})
	for i := range ch.Club.Members {
		if ch.Club.Members[i].ID == into {
			ch.Club.Members[i].Users = append(ch.Club.Members[i].Users, users...)
			slices.Sort(ch.Club.Members[i].Users)
		}
	}
	return nil
}

// ErrBothPlayed refuses to merge two members who played in one event.
var ErrBothPlayed = errors.New("both played in one event")

// ErrPlayed refuses to remove a member who has entered an event: their
// games stay.
var ErrPlayed = errors.New("the member has entered an event")

// Remove takes a member who has entered no event out of the roster, with
// their users' links.
func (ch *ClubChange) Remove(id int64) error {
	if slices.ContainsFunc(ch.Club.Entries, func(e MemberEntry) bool { return e.Member == id }) {
		return fmt.Errorf("remove member %d: %w", id, ErrPlayed)
	}
	if err := ch.tx.Where("member_id = ?", id).Delete(&memberUserRow{}).Error; err != nil {
		return err
	}
	if err := ch.tx.Where("id = ?", id).Delete(&memberRow{}).Error; err != nil {
		return err
	}
	ch.Club.Members = slices.DeleteFunc(ch.Club.Members, func(m Member) bool { return m.ID == id })
	return nil
}

// Link makes the chat's user a member's: a user is one member of a club,
// so a link they had to another goes.
func (ch *ClubChange) Link(member int64, user string) error {
	c := ch.Club.Chat
	if err := ch.Unlink(user); err != nil {
		return err
	}
	if err := ch.tx.Create(&memberUserRow{Platform: c.Platform, ChatID: c.ID, UserID: user, MemberID: member}).Error; err != nil {
		return err
	}
	for i := range ch.Club.Members {
		if ch.Club.Members[i].ID == member {
			ch.Club.Members[i].Users = append(ch.Club.Members[i].Users, user)
			slices.Sort(ch.Club.Members[i].Users)
		}
	}
	return nil
}

// Unlink frees the chat's user from the member they are, if any.
func (ch *ClubChange) Unlink(user string) error {
	c := ch.Club.Chat
	if err := ch.tx.Where("platform = ? AND chat_id = ? AND user_id = ?", c.Platform, c.ID, user).Delete(&memberUserRow{}).Error; err != nil {
		return err
	}
	for i := range ch.Club.Members {
		ch.Club.Members[i].Users = slices.DeleteFunc(ch.Club.Members[i].Users, func(u string) bool { return u == user })
	}
	return nil
}

// Enter records that member is entrant of event (entered from the roster,
// or matched when the event was taken in), replacing the entrant they were
// (a player removed and entered again).
func (ch *ClubChange) Enter(member int64, event EventID, entrant int) error {
	err := ch.tx.Clauses(clause.OnConflict{
		Columns:   []clause.Column{{Name: "member_id"}, {Name: "event_id"}},
		DoUpdates: clause.AssignmentColumns([]string{"entrant"}),
	}).Create(&memberEntryRow{MemberID: member, EventID: int64(event), Entrant: entrant}).Error
	if err != nil {
		return err
	}
	ch.Club.Entries = slices.DeleteFunc(ch.Club.Entries, func(e MemberEntry) bool { return e.Member == member && e.Event == event })
	ch.Club.Entries = append(ch.Club.Entries, MemberEntry{Member: member, Event: event, Entrant: entrant})
	return nil
}

// Take records that the club has taken the finished event in, played at
// played (its start); it is rated.
func (ch *ClubChange) Take(event EventID, played time.Time) error {
	c := ch.Club.Chat
	row := clubEventRow{Platform: c.Platform, ChatID: c.ID, EventID: int64(event), PlayedAt: played.UTC(), Rated: true}
	if err := ch.tx.Create(&row).Error; err != nil {
		return err
	}
	ch.Club.Events = append(ch.Club.Events, ClubEvent{Event: event, PlayedAt: row.PlayedAt, Rated: true})
	slices.SortStableFunc(ch.Club.Events, func(a, b ClubEvent) int {
		if c := a.PlayedAt.Compare(b.PlayedAt); c != 0 {
			return c
		}
		return int(a.Event - b.Event)
	})
	return nil
}

// Rate says whether the taken event's games are rated.
func (ch *ClubChange) Rate(event EventID, rated bool) error {
	c := ch.Club.Chat
	q := ch.tx.Model(&clubEventRow{}).Where("platform = ? AND chat_id = ? AND event_id = ?", c.Platform, c.ID, event).Update("rated", rated)
	if q.Error != nil {
		return q.Error
	}
	if q.RowsAffected == 0 {
		return fmt.Errorf("rate event %d: %w", event, ErrNotFound)
	}
	for i := range ch.Club.Events {
		if ch.Club.Events[i].Event == event {
			ch.Club.Events[i].Rated = rated
		}
	}
	return nil
}

// Set sets one of the club's settings; "" removes it (the default).
func (ch *ClubChange) Set(name, value string) error {
	c := ch.Club.Chat
	if err := ch.tx.Where("platform = ? AND chat_id = ? AND name = ?", c.Platform, c.ID, name).Delete(&clubSettingRow{}).Error; err != nil {
		return err
	}
	delete(ch.Club.Settings, name)
	if value == "" {
		return nil
	}
	ch.Club.Settings[name] = value
	return ch.tx.Create(&clubSettingRow{Platform: c.Platform, ChatID: c.ID, Name: name, Value: value}).Error
}

// SaveSeason adds the season called name with events, or replaces the
// events of the one of that name.
func (ch *ClubChange) SaveSeason(name string, events []EventID) (Season, error) {
	c := ch.Club.Chat
	i := slices.IndexFunc(ch.Club.Seasons, func(s Season) bool { return strings.EqualFold(s.Name, name) })
	var se Season
	if i >= 0 {
		se = ch.Club.Seasons[i]
		if err := ch.tx.Where("season_id = ?", se.ID).Delete(&seasonEventRow{}).Error; err != nil {
			return Season{}, err
		}
	} else {
		row := seasonRow{Platform: c.Platform, ChatID: c.ID, Name: name, CreatedAt: ch.at}
		if err := ch.tx.Create(&row).Error; err != nil {
			return Season{}, err
		}
		se = Season{ID: row.ID, Name: name, Created: ch.at}
	}
	se.Events = slices.Clone(events)
	slices.Sort(se.Events)
	se.Events = slices.Compact(se.Events)
	for _, e := range se.Events {
		if err := ch.tx.Create(&seasonEventRow{SeasonID: se.ID, EventID: int64(e)}).Error; err != nil {
			return Season{}, err
		}
	}
	if i >= 0 {
		ch.Club.Seasons[i] = se
	} else {
		ch.Club.Seasons = append(ch.Club.Seasons, se)
	}
	return se, nil
}

// DeleteSeason removes the season with id.
func (ch *ClubChange) DeleteSeason(id int64) error {
	if err := ch.tx.Where("season_id = ?", id).Delete(&seasonEventRow{}).Error; err != nil {
		return err
	}
	if err := ch.tx.Where("id = ?", id).Delete(&seasonRow{}).Error; err != nil {
		return err
	}
	ch.Club.Seasons = slices.DeleteFunc(ch.Club.Seasons, func(s Season) bool { return s.ID == id })
	return nil
}
