package storage

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/chat"
)

// TestLinkCodes: a code finds its event until a change uses it up, once
// (a second change with it fails and stores nothing), and not after it
// expires; wrong codes count against the user and the chat, and past the
// limit nothing is looked at until the oldest wrong one leaves the window.
func TestLinkCodes(t *testing.T) {
	c := newClock()
	forEachDB(t, func(t *testing.T, s *Store) {
		ctx := context.Background()
		id := newPairedEvent(t, s, 1)
		org := action.Actor{Platform: "telegram", User: "1"}
		code, expires, err := s.NewLinkCode(ctx, id, org, 15*time.Minute)
		if err != nil {
			t.Fatal(err)
		}
		if len(code) != 19 || strings.Count(code, "-") != 3 || !expires.Equal(c.Now().Add(15*time.Minute)) {
			t.Errorf("code %q expiring %v", code, expires)
		}
		limits := LinkLimits{User: 3, Chat: 5, Window: time.Hour}
		got, err := s.RedeemLinkCode(ctx, strings.ToLower(code), "discord:9", "discord:c1", limits)
		if err != nil || got != id {
			t.Fatalf("RedeemLinkCode: %v, %v; want event %d", got, err, id)
		}
		use := func(where string) error {
			_, err := s.Update(ctx, id, action.Actor{Platform: "discord", User: "9"}, "", func(ch *Change) error {
				if err := ch.UseLinkCode(code); err != nil {
					return err
				}
				ch.Follow(chat.Chat{Platform: "discord", ID: where})
				return nil
			})
			return err
		}
		if err := use("c1"); err != nil {
			t.Fatal(err)
		}
		if err := use("c2"); !errors.Is(err, ErrLinkCodeWrong) {
			t.Errorf("a second use: %v, want ErrLinkCodeWrong", err)
		}
		if chats, _ := s.Chats(ctx, id); len(chats) != 1 {
			t.Errorf("the event's chats after a second use: %v, want c1 alone", chats)
		}
		if _, err := s.RedeemLinkCode(ctx, code, "discord:9", "discord:c3", limits); !errors.Is(err, ErrLinkCodeWrong) {
			t.Errorf("a used code: %v, want ErrLinkCodeWrong", err)
		}

		late, _, err := s.NewLinkCode(ctx, id, org, 15*time.Minute)
		if err != nil {
			t.Fatal(err)
		}
		c.Advance(15 * time.Minute)
		if _, err := s.RedeemLinkCode(ctx, late, "discord:8", "discord:c4", limits); !errors.Is(err, ErrLinkCodeWrong) {
			t.Errorf("an expired code: %v, want ErrLinkCodeWrong", err)
		}

		fresh, _, err := s.NewLinkCode(ctx, id, org, 15*time.Minute)
		if err != nil {
			t.Fatal(err)
		}
		for i := 1; i < limits.User; i++ { // one wrong code from 9 already
			if _, err := s.RedeemLinkCode(ctx, fmt.Sprintf("%016d", i), "discord:9", fmt.Sprintf("discord:x%d", i), limits); !errors.Is(err, ErrLinkCodeWrong) {
				t.Fatalf("guess %d: %v", i, err)
			}
		}
		c.Advance(time.Minute)
		var limit *LinkLimitError
		if _, err := s.RedeemLinkCode(ctx, fresh, "discord:9", "discord:c5", limits); !errors.As(err, &limit) || limit.Chat {
			t.Fatalf("the right code past the user's limit: %v, want a LinkLimitError", err)
		}
		c.Advance(limit.Until.Sub(c.Now()))
		if fresh, _, err = s.NewLinkCode(ctx, id, org, 15*time.Minute); err != nil {
			t.Fatal(err)
		}
		if got, err := s.RedeemLinkCode(ctx, fresh, "discord:9", "discord:c5", limits); err != nil || got != id {
			t.Errorf("once the oldest wrong code left the window: %v, %v", got, err)
		}
	}, WithClock(c.Now))
}

// TestLinkCodesFollowAMovedChat: a group's wrong link codes count against
// it under its new id too (a Telegram group upgraded to a supergroup), so
// an upgrade does not start the chat's limit afresh.
func TestLinkCodesFollowAMovedChat(t *testing.T) {
	c := newClock()
	forEachDB(t, func(t *testing.T, s *Store) {
		ctx := context.Background()
		id := newPairedEvent(t, s, 1)
		limits := LinkLimits{User: 10, Chat: 2, Window: time.Hour}
		for i := range limits.Chat {
			if _, err := s.RedeemLinkCode(ctx, fmt.Sprintf("%016d", i), fmt.Sprintf("telegram:%d", i), "telegram:-4001", limits); !errors.Is(err, ErrLinkCodeWrong) {
				t.Fatalf("guess %d: %v", i, err)
			}
		}
		if err := s.MoveChat(ctx, chat.Chat{Platform: "telegram", ID: "-4001"}, chat.Chat{Platform: "telegram", ID: "-1004001"}); err != nil {
			t.Fatal(err)
		}
		code, _, err := s.NewLinkCode(ctx, id, action.Actor{Platform: "telegram", User: "1"}, 15*time.Minute)
		if err != nil {
			t.Fatal(err)
		}
		var limit *LinkLimitError
		if _, err := s.RedeemLinkCode(ctx, code, "telegram:7", "telegram:-1004001", limits); !errors.As(err, &limit) || !limit.Chat {
			t.Errorf("the right code in the moved chat past its limit: %v, want the chat's LinkLimitError", err)
		}
	}, WithClock(c.Now))
}
