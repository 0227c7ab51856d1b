package commands

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/chat"
	"github.com/qisai/qisai/engine"
	"github.com/qisai/qisai/internal/i18n"
	"github.com/qisai/qisai/internal/names"
	"github.com/qisai/qisai/storage"
)

// A group chat is a club (R-E-4): its players carry across its events in
// its roster, which its finished events feed — every entrant is matched to
// a member, new players are added — and its rating list is computed from
// the games of those events in date order (R-R-1, club_rating.go). The
// club is read with every finished event taken in first (loadClub), so
// that an event that finished, or an older database, is in the roster by
// the time anybody looks.

// clubCommands are the club's: its roster (club_roster.go), the answer to
// a claim to it (club_entry.go), its rating list (ratings.go) and its
// files (club_files.go), and its seasons (season.go).
func clubCommands() []*Command {
	return slices.Concat(clubRosterCommands(), []*Command{rosterClaimCommand()}, ratingCommands(), ratingFileCommands(), seasonCommands())
}

// club is a chat's club as the commands read it: what the store keeps, and
// the states of its events, loaded once each.
type club struct {
	*storage.Club
	states map[storage.EventID]*action.State
	load   func(storage.EventID) (*action.State, error)
}

// state is event id's state.
func (cl *club) state(id storage.EventID) (*action.State, error) {
	if st, ok := cl.states[id]; ok {
		return st, nil
	}
	st, err := cl.load(id)
	if err != nil {
		return nil, err
	}
	cl.states[id] = st
	return st, nil
}

// clubChat is the group whose club the request is about: the group it was
// said in; in a private chat, the first group of the event the request is
// about.
func (c *Context) clubChat() (chat.Chat, error) {
	if !c.Req.Chat.IsPrivate() {
		return c.Req.Chat, nil
	}
	if c.Event != 0 {
		chats, err := c.svc.store.Chats(c, c.Event)
		if err != nil {
			return chat.Chat{}, err
		}
		for _, ch := range chats {
			if !ch.IsPrivate() {
				return chat.Chat{Platform: ch.Platform, ID: ch.ID}, nil
			}
		}
	}
	return chat.Chat{}, problem("名册和等级分属于俱乐部的群：请在群里输入这个命令。", "The roster and the rating list belong to the club's group: type the command there.")
}

// loadClub reads the club of the request's chat (clubChat), every
// finished event it follows taken in first.
func (c *Context) loadClub() (*club, error) {
	where, err := c.clubChat()
	if err != nil {
		return nil, err
	}
	return c.svc.club(c, where, c.Actor())
}

// club reads chat's club, taking in first every finished event the chat
// follows that it has not (takeIn), as actor.
func (s *Service) club(ctx context.Context, where chat.Chat, actor action.Actor) (*club, error) {
	stored, err := s.store.Club(ctx, where)
	if err != nil {
		return nil, err
	}
	cl := &club{Club: stored, states: map[storage.EventID]*action.State{}, load: func(id storage.EventID) (*action.State, error) { return s.store.Load(ctx, id) }}
	evs, err := s.store.ChatEvents(ctx, where)
	if err != nil {
		return nil, err
	}
	for _, e := range evs {
		if e.Status != action.Finished || cl.Took(e.ID) {
			continue
		}
		if err := s.takeIn(ctx, cl, e.ID, actor); err != nil {
			return nil, fmt.Errorf("take event %d into the club of %s:%s: %w", e.ID, where.Platform, where.ID, err)
		}
	}
	return cl, nil
}

// takeIn feeds a finished event to the club: each entrant matched to a
// member (enrolments), the new ones added to the roster with their chat
// users, the event's date kept for the rating list (R-R-1), the new
// members logged.
func (s *Service) takeIn(ctx context.Context, cl *club, id storage.EventID, actor action.Actor) error {
	st, err := cl.state(id)
	if err != nil {
		return err
	}
	played, err := s.playedAt(ctx, id)
	if err != nil {
		return err
	}
	ids, err := s.store.Identities(ctx, id)
	if err != nil {
		return err
	}
	return s.store.UpdateClub(ctx, cl.Chat, actor, "", func(ch *storage.ClubChange) error {
		if ch.Club.Took(id) {
			cl.Club = ch.Club // another command took it in meanwhile
			return nil
		}
		var added []string
		for _, e := range enrolments(ch.Club, id, st, ids) {
			m, err := enrol(ch, e)
			if err != nil {
				return err
			}
			if e.member == 0 {
				added = append(added, m.Name)
			}
			if err := ch.Enter(m.ID, id, e.entrant); err != nil {
				return err
			}
		}
		if err := ch.Take(id, played); err != nil {
			return err
		}
		if len(added) > 0 {
			if err := ch.Log(inBoth(i18n.T{Zh: "「%s」结束，名册新增 %d 人：%s", En: "%q finished; %d new in the roster: %s"},
				func(l i18n.Lang) []any { return []any{st.Event.Name, len(added), listNames(added, l)} })); err != nil {
				return err
			}
		}
		cl.Club = ch.Club
		return nil
	})
}

// inBoth is t in each language with args given for each: a line kept for
// readers of either (the roster's log).
func inBoth(t i18n.T, args func(i18n.Lang) []any) i18n.T {
	return i18n.T{Zh: t.In(i18n.Zh, args(i18n.Zh)...), En: t.In(i18n.En, args(i18n.En)...)}
}

// listNames joins names as a list reads in lang.
func listNames(ns []string, lang i18n.Lang) string {
	return strings.Join(ns, i18n.T{Zh: "、", En: ", "}.In(lang))
}

// playedAt is when event id was played: its start (Started), which orders
// the club's events (R-R-1); an event finished without one, its creation.
func (s *Service) playedAt(ctx context.Context, id storage.EventID) (time.Time, error) {
	const page = 500
	var first time.Time
	for after := int64(0); ; {
		recs, err := s.store.Log(ctx, id, after, page)
		if err != nil {
			return time.Time{}, err
		}
		for _, r := range recs {
			if first.IsZero() {
				first = r.At
			}
			if _, ok := r.Action.(*action.Started); ok {
				return r.At, nil
			}
		}
		if len(recs) < page {
			return first, nil
		}
		after = recs[len(recs)-1].Seq
	}
}

// enrolment is how one entrant of an event joins a club's roster: as the
// member it is, or as a new one, with the chat users to link to it.
type enrolment struct {
	entrant int
	member  int64          // 0: a new member, add
	add     storage.Member // the new member
	users   []string       // the entrant's chat users that no member has
	// rating is the entrant's rating, for a member who has none and has
	// played no club event yet: it is theirs from the start (R-R-1).
	rating int
}

// enrolments match an event's entrants to the club's members, in entrant
// order: the member entered as the entrant (from the roster), else the
// member one of the entrant's chat users is (a chat user's entry is
// theirs), else the member of the entrant's name (names.Key: in
// any case and width); else a new member with the entrant's name, unit and
// rating — the rating from the start of the list, since they have played
// no club game before (R-R-1); a member without a rating or a game takes
// the entrant's. No member is two entrants of one event: a second entrant
// of a name already matched is a new member, told apart by their unit.
func enrolments(cl *storage.Club, id storage.EventID, st *action.State, ids []storage.Identity) []enrolment {
	byUser := map[string]int64{}
	byName := map[string]int64{}
	played := map[int64]bool{}
	entered := map[int]int64{}
	for _, e := range cl.Entries {
		if e.Event == id {
			entered[e.Entrant] = e.Member
		} else {
			played[e.Member] = true
		}
	}
	for _, m := range cl.Members {
		for _, u := range m.Users {
			byUser[u] = m.ID
		}
		byName[names.Key(m.Name)] = m.ID
	}
	users := map[int][]string{}
	for _, id := range ids {
		if id.Platform == cl.Chat.Platform {
			users[id.Entrant] = append(users[id.Entrant], id.User)
		}
	}
	players := slices.Clone(st.Event.Players)
	slices.SortFunc(players, func(a, b engine.Player) int { return cmp.Compare(a.Entrant, b.Entrant) })
	// The members entered as entrants are theirs before anybody else's.
	taken := map[int64]bool{}
	for _, p := range players {
		if m, ok := entered[p.Entrant]; ok {
			if _, exists := cl.Member(m); exists && !taken[m] {
				taken[m] = true
				continue
			}
		}
		delete(entered, p.Entrant)
	}
	var out []enrolment
	for _, p := range players {
		if p.WithdrawnAfter == -1 {
			continue // left before round 1: never played (R-W-1)
		}
		e := enrolment{entrant: p.Entrant, member: entered[p.Entrant]}
		for _, u := range users[p.Entrant] {
			if e.member != 0 {
				break
			}
			if m, ok := byUser[u]; ok && !taken[m] {
				e.member = m
				break
			}
		}
		if m, ok := byName[names.Key(p.Name)]; e.member == 0 && ok && !taken[m] {
			e.member = m
		}
		switch m, _ := cl.Member(e.member); {
		case e.member == 0:
			e.add = storage.Member{Name: freeName(p.Name, p.Unit, byName), Unit: p.Unit, Rating: p.Rating, Categories: p.Categories}
			byName[names.Key(e.add.Name)] = -1
		case m.Rating == 0 && !played[m.ID]:
			e.rating = p.Rating
		}
		if e.member != 0 {
			taken[e.member] = true
		}
		for _, u := range users[p.Entrant] {
			if _, linked := byUser[u]; !linked {
				e.users = append(e.users, u)
			}
		}
		out = append(out, e)
	}
	return out
}

// freeName is name, or, when a member has it, name told apart by unit
// ("张伟(一中)") or by a number ("张伟 2").
func freeName(name, unit string, taken map[string]int64) string {
	free := func(n string) bool {
		_, ok := taken[names.Key(n)]
		return !ok
	}
	if free(name) {
		return name
	}
	if n := name + "(" + unit + ")"; unit != "" && free(n) {
		return n
	}
	for i := 2; ; i++ {
		if n := name + " " + strconv.Itoa(i); free(n) {
			return n
		}
	}
}

// enrol makes an enrolment's member: the one it names, or a new one, with
// its users linked.
func enrol(ch *storage.ClubChange, e enrolment) (storage.Member, error) {
	m, ok := ch.Club.Member(e.member)
	if e.member == 0 {
		var err error
		if m, err = ch.AddMember(e.add); err != nil {
			return m, err
		}
	} else if !ok {
		return m, fmt.Errorf("member %d: %w", e.member, storage.ErrNotFound)
	} else if e.rating > 0 {
		m.Rating = e.rating
		if err := ch.SaveMember(m); err != nil {
			return m, err
		}
	}
	for _, u := range e.users {
		if err := ch.Link(m.ID, u); err != nil {
			return m, err
		}
	}
	return m, nil
}

// clubOrganiser reports whether the sender organises the club: is one of
// its chat's organisers (staff.go), who run its events and keep its roster
// and list (R-E-4), whether or not the chat has an event.
func (c *Context) clubOrganiser(cl *club) (bool, error) {
	orgs, err := c.clubStaff(cl)
	return slices.Contains(orgs, c.Actor()), err
}

// clubStaff is the club's organisers: its chat's. A chat whose events
// were made before chats had organisers has none, and the organisers of
// its events keep its roster until its next event makes one.
func (c *Context) clubStaff(cl *club) ([]action.Actor, error) {
	orgs, err := c.svc.store.ClubHolders(c, cl.Chat, storage.Organiser)
	if err != nil || len(orgs) > 0 {
		return orgs, err
	}
	evs, err := c.svc.store.ChatEvents(c, cl.Chat)
	if err != nil {
		return nil, err
	}
	for _, e := range evs {
		held, err := c.svc.store.Holders(c, e.ID, storage.Organiser)
		if err != nil {
			return nil, err
		}
		for _, o := range held {
			if !slices.Contains(orgs, o) {
				orgs = append(orgs, o)
			}
		}
	}
	return orgs, nil
}

// mustOrganise refuses the sender unless they organise the club
// (clubOrganiser).
func (c *Context) mustOrganise(cl *club, what string) error {
	ok, err := c.clubOrganiser(cl)
	if err != nil || ok {
		return err
	}
	deed := clubDeeds[what]
	return &Problem{Text: i18n.T{Zh: "只有这个群（俱乐部）的组织者可以" + deed.Zh + "。", En: "Only this group's (the club's) organisers can " + deed.En + "."}}
}

// clubDeeds are what mustOrganise refuses, in words.
var clubDeeds = map[string]i18n.T{
	"roster": {Zh: "修改名册", En: "change the roster"},
	"rating": {Zh: "修改等级分设置或等级分", En: "change the rating list or its settings"},
	"season": {Zh: "设置赛季", En: "set up seasons"},
}

// clubOrganisers are the private chats of the club's organisers, each in
// its reader's language: they confirm claims to roster entries.
func (c *Context) clubOrganisers(cl *club) ([]contact, error) {
	orgs, err := c.clubStaff(cl)
	if err != nil {
		return nil, err
	}
	to := make([]contact, len(orgs))
	for i, o := range orgs {
		lang, err := readerLang(c.reads(), o.Platform, o.User)
		if err != nil {
			return nil, err
		}
		to[i] = contact{chat: chat.Private(o.Platform, o.User), lang: lang}
	}
	return to, nil
}

// memberNamed is the member of the club called name (names.Key: in any
// case and width), false when there is none. It is the roster's lookup
// for anything that takes a name a member may have (/join, /player add).
func (cl *club) memberNamed(name string) (storage.Member, bool) {
	key := names.Key(name)
	for _, m := range cl.Members {
		if names.Key(m.Name) == key {
			return m, true
		}
	}
	return storage.Member{}, false
}

// memberOf is the member the chat user is, false when none.
func (cl *club) memberOf(user string) (storage.Member, bool) {
	for _, m := range cl.Members {
		if slices.Contains(m.Users, user) {
			return m, true
		}
	}
	return storage.Member{}, false
}

// noMember says the roster has nobody called name, and how to look.
func noMember(name string) *Problem {
	return problem("名册里没有「%s」。输入 /roster 查看名册，/roster 关键字 搜索。", "The roster has nobody called %q. See it with /roster, or search it with /roster WORD.", name)
}

// clubChange runs fn as a change to the request's club, keyed by the
// request's update: the same update run again sends nothing twice.
func (c *Context) clubChange(cl *club, fn func(ch *storage.ClubChange) error) error {
	err := c.svc.store.UpdateClub(c, cl.Chat, c.Actor(), c.Req.UpdateID, func(ch *storage.ClubChange) error {
		if err := fn(ch); err != nil {
			return err
		}
		cl.Club = ch.Club
		return nil
	})
	var p *Problem
	if errors.As(err, &p) {
		return p
	}
	return err
}
