package storage

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
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

// Member is the member with id, false when there is none.
func (c *Club) Member(id int64) (Member, bool) {
	i := slices.IndexFunc(c.Members, func(m Member) bool { return m.ID == id })
	if i < 0 {
		return Member{}, false
	}
	return c.Members[i], true
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

// readRoster reads the club's members, their users and their entries.
func readRoster(db *gorm.DB, club *Club) error {
	c := club.Chat
	var members []memberRow
	if err := db.Where("platform = ? AND chat_id = ? AND merged_into IS NULL", c.Platform, c.ID).Order("id").Find(&members).Error; err != nil {
		return err
	}
	index := make(map[int64]int, len(members))
	for i, r := range members {
		index[r.ID] = i
		club.Members = append(club.Members, r.member())
	}
	var users []memberUserRow
	if err := db.Where("platform = ? AND chat_id = ?", c.Platform, c.ID).Order("user_id").Find(&users).Error; err != nil {
		return err
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
		return err
	}
	for _, e := range entries {
		club.Entries = append(club.Entries, MemberEntry{Member: e.MemberID, Event: EventID(e.EventID), Entrant: e.Entrant})
	}
	return nil
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
