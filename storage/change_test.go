package storage

import (
	"context"
	"errors"
	"reflect"
	"sync"
	"testing"
	"time"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/chat"
)

// A change's reads answer what the Store's do, through its transaction.
func TestChangeReads(t *testing.T) {
	forEachDB(t, func(t *testing.T, s *Store) {
		ctx := context.Background()
		id := evCreate(t, s, "Club Open", "Li", "Wang")
		evUpdate(t, s, id, &action.InfoChanged{TimeControl: ptrTo("90+30")})
		st := evLoad(t, s, id)
		li, wang := st.Event.Players[0].Entrant, st.Event.Players[1].Entrant
		if _, err := s.Update(ctx, id, evOrganiser, "", func(c *Change) error {
			c.Identify("telegram", "100", li)
			c.Identify("discord", "200", wang)
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		for _, u := range [][4]string{{"telegram", "100", "li_wei", "Li Wei"}, {"discord", "200", "", "Wang"}} {
			if err := s.SawUser(ctx, chat.Chat{Platform: u[0], ID: "group"}, u[1], u[2], u[3]); err != nil {
				t.Fatal(err)
			}
		}
		if err := s.SetLang(ctx, "telegram", "100", "en"); err != nil {
			t.Fatal(err)
		}

		same := func(what string, got, want any, gotErr, wantErr error) {
			t.Helper()
			if !reflect.DeepEqual(got, want) || (gotErr == nil) != (wantErr == nil) {
				t.Errorf("%s through the change: %v, %v; the store says %v, %v", what, got, gotErr, want, wantErr)
			}
		}
		if _, err := s.Update(ctx, id, evOrganiser, "", func(c *Change) error {
			c.Bind(chat.Chat{Platform: "telegram", ID: "-100123"})
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		_, err := s.Update(ctx, id, evOrganiser, "", func(c *Change) error {
			cs, err := c.Chats()
			wantCs, wantErr := s.Chats(ctx, id)
			same("Chats", cs, wantCs, err, wantErr)
			if len(cs) != 1 {
				t.Errorf("chats through the change: %v, want the group", cs)
			}
			ids, err := c.Identities()
			want, wantErr := s.Identities(ctx, id)
			same("Identities", ids, want, err, wantErr)
			pids, err := c.PlayerIdentities(wang)
			wantP, wantErr := s.PlayerIdentities(ctx, id, wang)
			same("PlayerIdentities", pids, wantP, err, wantErr)
			for _, u := range [][2]string{{"telegram", "100"}, {"telegram", "999"}} {
				p, err := c.PlayerOf(u[0], u[1])
				wantN, wantErr := s.PlayerOf(ctx, id, u[0], u[1])
				same("PlayerOf "+u[1], p, wantN, err, wantErr)
				if u[1] == "999" && !errors.Is(err, ErrNotFound) {
					t.Errorf("PlayerOf a stranger: %v, want ErrNotFound", err)
				}
				l, err := c.Lang(u[0], u[1])
				wantL, wantErr := s.Lang(ctx, u[0], u[1])
				same("Lang "+u[1], l, wantL, err, wantErr)
			}
			ls, err := c.Langs("telegram", []string{"100", "999"})
			wantLs, wantErr := s.Langs(ctx, "telegram", []string{"100", "999"})
			same("Langs", ls, wantLs, err, wantErr)
			names, err := c.UserNames("discord", []string{"200"})
			wantNames, wantErr := s.UserNames(ctx, "discord", []string{"200"})
			same("UserNames", names, wantNames, err, wantErr)
			log, err := c.Log(2, 2)
			wantLog, wantErr := s.Log(ctx, id, 2, 2)
			same("Log", log, wantLog, err, wantErr)
			return c.Append(&action.PlayerAdded{Name: "Zhao"})
		})
		if err != nil {
			t.Fatal(err)
		}
		if got := playerNames(evLoad(t, s, id)); len(got) != 3 {
			t.Errorf("players after the change that read: %v, want three", got)
		}
	})
}

func ptrTo[T any](v T) *T { return &v }

// What a change reads stays as it read it until it commits: a change by
// another instance to the event's bindings waits for it (SQLite's write
// lock, PostgreSQL's lock on the event's row), and then goes through.
func TestChangeReadsHold(t *testing.T) {
	for _, db := range testDBs(t) {
		t.Run(db.name, func(t *testing.T) {
			ctx := context.Background()
			s, other := openTest(t, db.dsn), openTest(t, db.dsn)
			id := evCreate(t, s, "Club Open", "Li", "Wang")
			wang := evLoad(t, s, id).Event.Players[1].Entrant
			evUpdate(t, s, id, &action.InfoChanged{TimeControl: ptrTo("90+30")})

			var once sync.Once
			read, done := make(chan struct{}), make(chan error)
			go func() {
				<-read
				_, err := other.Update(ctx, id, evOrganiser, "", func(c *Change) error {
					c.Identify("telegram", "200", wang)
					return nil
				})
				done <- err
			}()
			_, err := s.Update(ctx, id, evOrganiser, "", func(c *Change) error {
				before, err := c.Identities()
				if err != nil {
					return err
				}
				once.Do(func() { close(read) })
				time.Sleep(300 * time.Millisecond) // the other instance tries meanwhile
				after, err := c.Identities()
				if err != nil {
					return err
				}
				if len(before) != 0 || len(after) != 0 {
					t.Errorf("identities read %v, then %v: want none, twice", before, after)
				}
				return c.Append(&action.PlayerAdded{Name: "Zhao"})
			})
			if err != nil {
				t.Fatal(err)
			}
			if err := <-done; err != nil {
				t.Fatalf("the other instance's change: %v", err)
			}
			if ids, err := s.Identities(ctx, id); err != nil || len(ids) != 1 {
				t.Errorf("identities after both changes: %v, %v; want the other's", ids, err)
			}
		})
	}
}

// A change that read and then failed, held nothing or panicked leaves no
// transaction open: the next change goes through.
func TestChangeReadEnds(t *testing.T) {
	forEachDB(t, func(t *testing.T, s *Store) {
		ctx := context.Background()
		id := evCreate(t, s, "Club Open", "Li", "Wang")
		refused := errors.New("refused")
		for _, fn := range []func(c *Change) error{
			func(c *Change) error { _, err := c.Identities(); return errors.Join(err, refused) },
			func(c *Change) error { _, err := c.Langs("telegram", []string{"1"}); return err }, // holds nothing
			func(c *Change) error {
				if _, err := c.PlayerOf("telegram", "1"); !errors.Is(err, ErrNotFound) {
					return err
				}
				panic("a command's bug")
			},
		} {
			func() {
				defer func() { recover() }()
				s.Update(ctx, id, evOrganiser, "", fn)
			}()
			finished := make(chan error, 1)
			go func() {
				_, err := s.Update(ctx, id, evOrganiser, "", appendAll(&action.PlayerAdded{Name: "Zhao"}))
				finished <- err
			}()
			select {
			case err := <-finished:
				if err != nil {
					t.Fatal(err)
				}
			case <-time.After(10 * time.Second):
				t.Fatal("a change after one that read waits still after 10 s")
			}
			evUpdate(t, s, id, &action.PlayerRemoved{Player: 3})
		}
		// Create's change reads too: its event has no bindings yet.
		_, _, err := s.Create(ctx, evOrganiser, "", func(c *Change) error {
			if ids, err := c.Identities(); err != nil || len(ids) != 0 {
				t.Errorf("identities of an event being created: %v, %v", ids, err)
			}
			return c.Append(&action.Created{Name: "Junior Cup"})
		})
		if err != nil {
			t.Fatal(err)
		}
	})
}
