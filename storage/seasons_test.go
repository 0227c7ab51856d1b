package storage

import (
	"context"
	"slices"
	"testing"
)

// TestClubSeasons: a season keeps its events, replaced by name, deleted.
func TestClubSeasons(t *testing.T) {
	forEachDB(t, func(t *testing.T, s *Store) {
		ctx := context.Background()
		a, b, c := evCreate(t, s, "甲"), evCreate(t, s, "乙"), evCreate(t, s, "丙")
		var id int64
		if err := s.UpdateClub(ctx, clubChat, evOrganiser, "", func(ch *ClubChange) error {
			se, err := ch.SaveSeason("2026秋季", []EventID{b, a, b})
			id = se.ID
			return err
		}); err != nil {
			t.Fatal(err)
		}
		club, _ := s.Club(ctx, clubChat)
		if len(club.Seasons) != 1 || club.Seasons[0].Name != "2026秋季" || !slices.Equal(club.Seasons[0].Events, []EventID{a, b}) {
			t.Fatalf("seasons %+v", club.Seasons)
		}
		if err := s.UpdateClub(ctx, clubChat, evOrganiser, "", func(ch *ClubChange) error {
			se, err := ch.SaveSeason("2026秋季", []EventID{c})
			if se.ID != id {
				t.Errorf("saved again as season %d, want %d", se.ID, id)
			}
			return err
		}); err != nil {
			t.Fatal(err)
		}
		club, _ = s.Club(ctx, clubChat)
		if !slices.Equal(club.Seasons[0].Events, []EventID{c}) {
			t.Errorf("replaced: %+v", club.Seasons)
		}
		if err := s.UpdateClub(ctx, clubChat, evOrganiser, "", func(ch *ClubChange) error { return ch.DeleteSeason(id) }); err != nil {
			t.Fatal(err)
		}
		if club, _ = s.Club(ctx, clubChat); len(club.Seasons) != 0 {
			t.Errorf("deleted: %+v", club.Seasons)
		}
	})
}
