package storage

import (
	"fmt"
	"slices"
	"time"

	"gorm.io/gorm"
)

// ClubEvent is a finished event the club's roster and list have taken
// in: when it was played (its start, which orders the list, R-R-1) and
// whether its games are rated.
type ClubEvent struct {
	Event    EventID
	PlayedAt time.Time
	Rated    bool
}

// Took reports whether the club has taken event id in.
func (c *Club) Took(id EventID) bool {
	return slices.ContainsFunc(c.Events, func(e ClubEvent) bool { return e.Event == id })
}

type clubEventRow struct {
	Platform string `gorm:"primaryKey"`
	ChatID   string `gorm:"primaryKey"`
	EventID  int64  `gorm:"primaryKey"`
	PlayedAt time.Time
	Rated    bool
}

func (clubEventRow) TableName() string { return "club_events" }

type clubSettingRow struct {
	Platform string `gorm:"primaryKey"`
	ChatID   string `gorm:"primaryKey"`
	Name     string `gorm:"primaryKey"`
	Value    string
}

func (clubSettingRow) TableName() string { return "club_settings" }

// readTaken reads the events the club took in, by date, and its settings.
func readTaken(db *gorm.DB, club *Club) error {
	c := club.Chat
	var events []clubEventRow
	if err := db.Where("platform = ? AND chat_id = ?", c.Platform, c.ID).Order("played_at, event_id").Find(&events).Error; err != nil {
		return err
	}
	for _, e := range events {
		club.Events = append(club.Events, ClubEvent{Event: EventID(e.EventID), PlayedAt: e.PlayedAt.UTC(), Rated: e.Rated})
	}
	var settings []clubSettingRow
	if err := db.Where("platform = ? AND chat_id = ?", c.Platform, c.ID).Find(&settings).Error; err != nil {
		return err
	}
	for _, r := range settings {
		club.Settings[r.Name] = r.Value
	}
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
