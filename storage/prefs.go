package storage

import (
	"context"
	"errors"
	"fmt"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// A user's preferences belong to the user on a platform, not to an event:
// the language chosen with /lang holds in every chat and every event.

type prefRow struct {
	Platform string `gorm:"primaryKey"`
	UserID   string `gorm:"primaryKey"`
	Lang     string
}

func (prefRow) TableName() string { return "prefs" }

// SetLang records the language the platform's user chose ("zh", "en"),
// replacing the one they chose before. The store keeps what it is given:
// the caller checks that it is a language it speaks.
func (s *Store) SetLang(ctx context.Context, platform, user, lang string) error {
	if platform == "" || user == "" || lang == "" {
		return fmt.Errorf("set the language of %s user %q to %q: need a platform, a user and a language", platform, user, lang)
	}
	err := s.db.WithContext(ctx).Clauses(clause.OnConflict{
		Columns:   []clause.Column{{Name: "platform"}, {Name: "user_id"}},
		DoUpdates: clause.AssignmentColumns([]string{"lang"}),
	}).Create(&prefRow{Platform: platform, UserID: user, Lang: lang}).Error
	if err != nil {
		return fmt.Errorf("set the language of %s user %q: %w", platform, user, err)
	}
	return nil
}

// Lang is the language the platform's user chose with SetLang, or "" when
// they chose none.
func (s *Store) Lang(ctx context.Context, platform, user string) (string, error) {
	return lang(s.db.WithContext(ctx), platform, user)
}

func lang(db *gorm.DB, platform, user string) (string, error) {
	var r prefRow
	err := db.Where("platform = ? AND user_id = ?", platform, user).Take(&r).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return "", nil
	}
	if err != nil {
		return "", fmt.Errorf("read the language of %s user %q: %w", platform, user, err)
	}
	return r.Lang, nil
}

// langChunk is how many users one query of Langs names: well inside
// SQLite's and PostgreSQL's limits on a statement's parameters.
const langChunk = 500

// Langs is Lang for many users of a platform at once — a round's notes to
// every player — in a few queries: the language each chose, by user; a
// user who chose none is not in the map.
func (s *Store) Langs(ctx context.Context, platform string, users []string) (map[string]string, error) {
	return langs(s.db.WithContext(ctx), platform, users)
}

func langs(db *gorm.DB, platform string, users []string) (map[string]string, error) {
	out := make(map[string]string, len(users))
	for len(users) > 0 {
		chunk := users[:min(len(users), langChunk)]
		users = users[len(chunk):]
		var rows []prefRow
		err := db.Where("platform = ? AND user_id IN ?", platform, chunk).Find(&rows).Error
		if err != nil {
			return nil, fmt.Errorf("read the languages of %d %s users: %w", len(chunk), platform, err)
		}
		for _, r := range rows {
			out[r.UserID] = r.Lang
		}
	}
	return out, nil
}
