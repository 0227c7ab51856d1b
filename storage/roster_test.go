package storage

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/qisai/qisai/chat"
	"github.com/qisai/qisai/internal/i18n"
)

// TestClubRoster: members added, saved, linked to users and entered in
// events come back as written; names are a club's own (in any case) and
// another chat's roster is another; a change that fails writes nothing.
func TestClubRoster(t *testing.T) {
	forEachDB(t, func(t *testing.T, s *Store) {
		ctx := context.Background()
		ev := evCreate(t, s, "春季赛", "王芳")
		played := time.Date(2026, 3, 7, 1, 30, 0, 0, time.UTC)
		var wang, zhao Member
		err := s.UpdateClub(ctx, clubChat, evOrganiser, "", func(ch *ClubChange) (err error) {
			if wang, err = ch.AddMember(Member{Name: "王五", Unit: "一中", Categories: []string{"教师", "男子"}, Rating: 1800, RatedAt: played}); err != nil {
				return err
			}
			if zhao, err = ch.AddMember(Member{Name: "赵六"}); err != nil {
				return err
			}
			if _, err := ch.AddMember(Member{Name: "王五"}); !errors.Is(err, ErrNameTaken) {
				t.Errorf("a second 王五: %v, want ErrNameTaken", err)
			}
			if err := ch.Link(wang.ID, "u-wang"); err != nil {
				return err
			}
			if err := ch.Enter(wang.ID, ev, 1); err != nil {
				return err
			}
			if err := ch.Enter(zhao.ID, ev, 2); err != nil {
				return err
			}
			if err := ch.Take(ev, played); err != nil {
				return err
			}
			if err := ch.Set("k", "fide"); err != nil {
				return err
			}
			return ch.Log(i18n.T{Zh: "添加了王五", En: "added 王五"})
		})
		if err != nil {
			t.Fatal(err)
		}
		club, err := s.Club(ctx, clubChat)
		if err != nil {
			t.Fatal(err)
		}
		if len(club.Members) != 2 {
			t.Fatalf("members %+v, want 王五 and 赵六", club.Members)
		}
		w := club.Members[0]
		if w.Name != "王五" || w.Unit != "一中" || !slices.Equal(w.Categories, []string{"教师", "男子"}) || w.Rating != 1800 || !w.RatedAt.Equal(played) || !slices.Equal(w.Users, []string{"u-wang"}) {
			t.Errorf("王五 read back as %+v", w)
		}
		if !slices.Equal(club.Entries, []MemberEntry{{wang.ID, ev, 1}, {zhao.ID, ev, 2}}) {
			t.Errorf("entries %+v", club.Entries)
		}
		if len(club.Events) != 1 || club.Events[0].Event != ev || !club.Events[0].PlayedAt.Equal(played) || !club.Events[0].Rated || !club.Took(ev) {
			t.Errorf("events %+v", club.Events)
		}
		if club.Settings["k"] != "fide" {
			t.Errorf("settings %v", club.Settings)
		}
		log, err := s.ClubLog(ctx, clubChat, 10)
		if err != nil || len(log) != 1 || log[0].Text.Zh != "添加了王五" || log[0].Actor != evOrganiser {
			t.Errorf("log %+v, %v", log, err)
		}
		// Another chat is another club.
		if other, err := s.Club(ctx, chat.Chat{Platform: "console", ID: "other"}); err != nil || len(other.Members) != 0 {
			t.Errorf("another chat's club: %+v, %v", other, err)
		}
		// A change that fails leaves nothing.
		failed := errors.New("changed its mind")
		if err := s.UpdateClub(ctx, clubChat, evOrganiser, "", func(ch *ClubChange) error {
			if _, err := ch.AddMember(Member{Name: "钱七"}); err != nil {
				return err
			}
			return failed
		}); !errors.Is(err, failed) {
			t.Fatalf("a failed change: %v", err)
		}
		if club, _ := s.Club(ctx, clubChat); len(club.Members) != 2 {
			t.Errorf("a failed change left %+v", club.Members)
		}
		// Saving renames; a name in use is refused.
		if err := s.UpdateClub(ctx, clubChat, evOrganiser, "", func(ch *ClubChange) error {
			z := zhao
			z.Name = "王五"
			if err := ch.SaveMember(z); !errors.Is(err, ErrNameTaken) {
				t.Errorf("renamed onto 王五: %v", err)
			}
			z.Name, z.Unit = "赵六(二中)", "二中"
			return ch.SaveMember(z)
		}); err != nil {
			t.Fatal(err)
		}
		club, _ = s.Club(ctx, clubChat)
		if m, _ := club.Member(zhao.ID); m.Name != "赵六(二中)" || m.Unit != "二中" {
			t.Errorf("saved as %+v", m)
		}
	})
}

// TestClubMerge: merging two entries of one person moves the entries and
// users to the one that stays; two who played one event are no one.
func TestClubMerge(t *testing.T) {
	forEachDB(t, func(t *testing.T, s *Store) {
		ctx := context.Background()
		a, b := evCreate(t, s, "春季赛"), evCreate(t, s, "秋季赛")
		var keep, gone, third Member
		if err := s.UpdateClub(ctx, clubChat, evOrganiser, "", func(ch *ClubChange) (err error) {
			keep, _ = ch.AddMember(Member{Name: "张伟"})
			gone, _ = ch.AddMember(Member{Name: "张 伟"})
			if third, err = ch.AddMember(Member{Name: "李四"}); err != nil {
				return err
			}
			for _, e := range []struct {
				m       Member
				ev      EventID
				entrant int
			}{{keep, a, 1}, {gone, b, 3}, {third, a, 2}, {third, b, 1}} {
				if err := ch.Enter(e.m.ID, e.ev, e.entrant); err != nil {
					return err
				}
			}
			return ch.Link(gone.ID, "u-zhang")
		}); err != nil {
			t.Fatal(err)
		}
		if err := s.UpdateClub(ctx, clubChat, evOrganiser, "", func(ch *ClubChange) error {
			if err := ch.Merge(keep.ID, third.ID); !errors.Is(err, ErrBothPlayed) {
				t.Errorf("merged two players of one event: %v", err)
			}
			return ch.Merge(keep.ID, gone.ID)
		}); err != nil {
			t.Fatal(err)
		}
		club, err := s.Club(ctx, clubChat)
		if err != nil {
			t.Fatal(err)
		}
		if _, ok := club.Member(gone.ID); ok || len(club.Members) != 2 {
			t.Errorf("the merged member stays: %+v", club.Members)
		}
		m, _ := club.Member(keep.ID)
		if !slices.Equal(m.Users, []string{"u-zhang"}) {
			t.Errorf("the user went %+v", m)
		}
		want := []MemberEntry{{keep.ID, a, 1}, {third.ID, a, 2}, {third.ID, b, 1}, {keep.ID, b, 3}}
		if !slices.Equal(club.Entries, want) {
			t.Errorf("entries %+v, want %+v", club.Entries, want)
		}
		// The merged name is free again.
		if err := s.UpdateClub(ctx, clubChat, evOrganiser, "", func(ch *ClubChange) error {
			_, err := ch.AddMember(Member{Name: "张 伟"})
			return err
		}); err != nil {
			t.Errorf("the merged member's name: %v", err)
		}
	})
}

// TestClubLinkOneMember: a user is one member of a club; linking them to
// another moves them.
func TestClubLinkOneMember(t *testing.T) {
	forEachDB(t, func(t *testing.T, s *Store) {
		ctx := context.Background()
		if err := s.UpdateClub(ctx, clubChat, evOrganiser, "", func(ch *ClubChange) error {
			a, _ := ch.AddMember(Member{Name: "甲"})
			b, _ := ch.AddMember(Member{Name: "乙"})
			if err := ch.Link(a.ID, "u"); err != nil {
				return err
			}
			return ch.Link(b.ID, "u")
		}); err != nil {
			t.Fatal(err)
		}
		club, _ := s.Club(ctx, clubChat)
		if len(club.Members[0].Users) != 0 || !slices.Equal(club.Members[1].Users, []string{"u"}) {
			t.Errorf("members %+v: want the user on 乙 only", club.Members)
		}
	})
}
