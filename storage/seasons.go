package storage

import (
	"slices"
	"strings"
	"time"

	"gorm.io/gorm"
)

// Season is a named run of a club's events (/season).
type Season struct {
	ID      int64
	Name    string
	Events  []EventID
	Created time.Time
}

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

// readSeasons reads the club's seasons, oldest first, with their events.
func readSeasons(db *gorm.DB, club *Club) error {
	c := club.Chat
	var seasons []seasonRow
	if err := db.Where("platform = ? AND chat_id = ?", c.Platform, c.ID).Order("id").Find(&seasons).Error; err != nil {
		return err
	}
	for _, r := range seasons {
		var ids []int64
		if err := db.Model(&seasonEventRow{}).Where("season_id = ?", r.ID).Order("event_id").Pluck("event_id", &ids).Error; err != nil {
			return err
		}
		se := Season{ID: r.ID, Name: r.Name, Created: r.CreatedAt.UTC()}
		for _, id := range ids {
			se.Events = append(se.Events, EventID(id))
		}
		club.Seasons = append(club.Seasons, se)
	}
	return nil
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
