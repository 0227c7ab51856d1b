package storage

import (
	"context"
	"errors"
	"sync"
	"testing"

	"github.com/qisai/qisai/action"
)

// TestWebLink: an event's link is made once and found again; its token
// leads to the event and its version; a new link revokes the old, which
// then finds nothing; another event's link is its own.
func TestWebLink(t *testing.T) {
	forEachDB(t, func(t *testing.T, s *Store) {
		ctx := context.Background()
		a, b := evCreate(t, s, "春季赛", "王芳"), evCreate(t, s, "秋季赛")
		first, err := s.WebLink(ctx, a)
		if err != nil {
			t.Fatal(err)
		}
		if len(first) != TokenLen || !isToken(first) {
			t.Fatalf("token %q: want %d base32 letters", first, TokenLen)
		}
		if again, err := s.WebLink(ctx, a); err != nil || again != first {
			t.Errorf("second WebLink = %q, %v; want the first, %q", again, err, first)
		}
		evUpdate(t, s, a, &action.PlayerAdded{Name: "李四"})
		if id, v, err := s.WebEvent(ctx, first); err != nil || id != a || v != 3 {
			t.Errorf("WebEvent = %d, %d, %v; want event %d at version 3", id, v, err, a)
		}
		other, err := s.WebLink(ctx, b)
		if err != nil || other == first {
			t.Fatalf("the other event's link %q, %v: want a token of its own", other, err)
		}
		if id, _, err := s.WebEvent(ctx, other); err != nil || id != b {
			t.Errorf("WebEvent(other) = %d, %v; want %d", id, err, b)
		}

		var replaced string
		if _, err := s.Update(ctx, a, evOrganiser, "", func(c *Change) (err error) {
			replaced, err = c.ReplaceWebLink()
			return err
		}); err != nil || replaced == first {
			t.Fatalf("ReplaceWebLink = %q, %v; want a new token", replaced, err)
		}
		log, err := s.LogTail(ctx, a, 1)
		if err != nil || len(log) != 1 || log[0].Action.Kind() != "web-link-replaced" || log[0].Actor != evOrganiser {
			t.Errorf("the log's last record %+v, %v: want the organiser's web-link-replaced", log, err)
		}
		if _, err := s.Update(ctx, a, evOrganiser, "", func(c *Change) error {
			if _, err := c.ReplaceWebLink(); err != nil {
				return err
			}
			return errors.New("the command changed its mind")
		}); err == nil {
			t.Fatal("an update whose function fails: no error")
		}
		if _, _, err := s.WebEvent(ctx, first); !errors.Is(err, ErrNotFound) {
			t.Errorf("the revoked link: %v, want ErrNotFound", err)
		}
		if now, err := s.WebLink(ctx, a); err != nil || now != replaced {
			t.Errorf("WebLink after ReplaceWebLink = %q, %v; want %q (a change that failed replaces nothing)", now, err, replaced)
		}
		if id, _, err := s.WebEvent(ctx, replaced); err != nil || id != a {
			t.Errorf("WebEvent(new) = %d, %v; want %d", id, err, a)
		}
		for _, junk := range []string{"", "x", first[:TokenLen-1], first + "a", "../" + first[3:], "AAAAAAAAAAAAAAAAAAAAAAAAAA"} {
			if _, _, err := s.WebEvent(ctx, junk); !errors.Is(err, ErrNotFound) {
				t.Errorf("WebEvent(%q): %v, want ErrNotFound", junk, err)
			}
		}
	})
}

// TestWebLinkConcurrent: many callers asking for an event's first link at
// once all get the same one.
func TestWebLinkConcurrent(t *testing.T) {
	forEachDB(t, func(t *testing.T, s *Store) {
		id := evCreate(t, s, "春季赛")
		tokens := make([]string, 8)
		errs := make([]error, len(tokens))
		var wg sync.WaitGroup
		for i := range tokens {
			wg.Go(func() { tokens[i], errs[i] = s.WebLink(context.Background(), id) })
		}
		wg.Wait()
		for i := range tokens {
			if errs[i] != nil || tokens[i] != tokens[0] {
				t.Errorf("caller %d: %q, %v; want %q like caller 0", i, tokens[i], errs[i], tokens[0])
			}
		}
	})
}
