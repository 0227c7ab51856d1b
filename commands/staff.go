package commands

import (
	"errors"
	"slices"
	"strings"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/chat"
	"github.com/qisai/qisai/internal/i18n"
	"github.com/qisai/qisai/storage"
)

// The staff for the season: a club's organisers and arbiters belong to its
// group chat and run every event made there, those of the seasons to come
// too (storage: the club's roles, the event's home chat). The first event
// made in a chat makes its creator the club's organiser; /arbiter add makes
// an arbiter of the club, or of the event only when told so; /arbiter
// remove takes both away. An event linked into another chat lends that
// chat's staff nothing.

func staffCommands() []*Command {
	user := Arg{Name: "user", Kind: Person, Optional: true, Help: i18n.T{
		Zh: "裁判：@ 点选、@用户名或 @名字，或回复裁判的消息时不写；后加 本赛 则只在本赛执裁",
		En: "the arbiter: picked after @, an @username or @name, or left out when replying to their message; add this-event for this event only"}}
	return []*Command{
		{
			Name: "arbiter add", Aliases: []string{"添加裁判"}, Who: Organiser,
			Args: []Arg{user},
			Help: i18n.T{Zh: "添加裁判：俱乐部的裁判，这个群以后的比赛也由他执裁", En: "add an arbiter: the club's, who also runs this group's events to come"},
			More: i18n.T{Zh: namingHelp.Zh + "只在本赛执裁：/arbiter add @名字 本赛。", En: namingHelp.En + " For this event only: /arbiter add @NAME this-event."},
			Run:  addArbiter,
		},
		{
			Name: "arbiter remove", Aliases: []string{"删除裁判"}, Who: Organiser,
			Args: []Arg{{Name: "user", Kind: Person, Optional: true, Help: i18n.T{Zh: "裁判：@ 点选、@用户名或 @名字，或回复裁判的消息时不写", En: "the arbiter: picked after @, an @username or @name, or left out when replying to their message"}}},
			Help: i18n.T{Zh: "去掉裁判：本赛和俱乐部的", En: "remove an arbiter, of this event and of the club"},
			More: namingHelp,
			Run:  removeArbiter,
		},
	}
}

// makeHome makes chat the home of the event ch creates: its club's
// organisers and arbiters run it. A chat's first event makes its creator
// the club's organiser (founder).
func makeHome(ch *storage.Change, in chat.Chat, creator string) (founder bool, err error) {
	ch.MakeHome(in)
	orgs, err := ch.ClubHolders(in, storage.Organiser)
	if err != nil || len(orgs) > 0 {
		return false, err
	}
	ch.GrantClub(in, creator, storage.Organiser)
	return true, nil
}

// clubNote is what the answer to /event new says of the club: that its
// founder now organises the group's events to come, or that the club's
// staff run this one too.
func clubNote(founder bool, lang i18n.Lang) string {
	if founder {
		return "\n" + i18n.T{Zh: "你也是这个群（俱乐部）的组织者：以后在这里办的比赛也由你组织，用 /arbiter add @名字 添加的裁判也会留下。",
			En: "You are also this group's (the club's) organiser: of its later events too, and the arbiters you add with /arbiter add @NAME stay for them."}.In(lang)
	}
	return "\n" + i18n.T{Zh: "这个群（俱乐部）的组织者和裁判也管理本赛。", En: "This group's (the club's) organisers and arbiters run it too."}.In(lang)
}

// eventOnlyWords end /arbiter add's line to make an arbiter of this event
// only.
var eventOnlyWords = []string{"本赛", "仅本赛", "this-event"}

// cutEventOnly splits the words that make an arbiter of this event only
// off the end of who.
func cutEventOnly(who string) (string, bool) {
	fields := strings.Fields(who)
	if n := len(fields); n > 0 && slices.ContainsFunc(eventOnlyWords, func(w string) bool { return strings.EqualFold(w, fields[n-1]) }) {
		return strings.Join(fields[:n-1], " "), true
	}
	return who, false
}

// club is the chat whose club runs the event: its home chat, when the
// request comes from there or from a private chat on its platform (a
// club's roles are its own users'; a chat that follows the event by /link
// does not choose them); ok false otherwise, and for an event with no
// home (linked in, or made before homes were kept).
func (c *Context) club() (chat.Chat, bool, error) {
	home, err := c.reads().HomeChat()
	if errors.Is(err, storage.ErrNotFound) {
		return chat.Chat{}, false, nil
	}
	if err != nil {
		return chat.Chat{}, false, err
	}
	here := c.Req.Chat
	return home, home.Platform == here.Platform && (here.IsPrivate() || here.Root() == home.Root()), nil
}

// addArbiter gives a user the arbiter's powers: of the event's club (its
// home chat), which carries over to the club's next events, or of this
// event only ("本赛", or an event with no club). The user is named by a
// mention, a reply, a handle or a name qisai has seen (namedUser): what is
// stored is their numeric id, which the permissions check.
func addArbiter(c *Context) (Reply, error) {
	who, only := cutEventOnly(c.Args["user"])
	u, err := c.namedUser(who)
	if err != nil {
		return Reply{}, err
	}
	name := shownName(u)
	var toClub bool
	_, err = c.Update(func(ch *storage.Change) error {
		home, ok, err := c.club()
		if err != nil {
			return err
		}
		toClub = ok && !only
		if toClub {
			club, err := ch.ClubHolders(home, storage.Arbiter)
			if err != nil {
				return err
			}
			if slices.ContainsFunc(club, func(a action.Actor) bool { return a.User == u.ID }) {
				return problem("%s 已经是俱乐部的裁判了：这个群的比赛都由他执裁。", "%s is an arbiter of the club already: they run this group's events.", name)
			}
			ch.GrantClub(home, u.ID, storage.Arbiter)
			return nil
		}
		holders, err := ch.Holders(storage.Arbiter)
		if err != nil {
			return err
		}
		if slices.Contains(holders, action.Actor{Platform: c.Req.Chat.Platform, User: u.ID}) {
			return problem("%s 已经是本赛裁判了。", "%s is an arbiter of this event already.", name)
		}
		ch.Grant(c.Req.Chat.Platform, u.ID, storage.Arbiter)
		return nil
	})
	if err != nil {
		return Reply{}, err
	}
	if toClub {
		return Reply{Text: i18n.T{
			Zh: "%s 现在是俱乐部的裁判：本赛和这个群以后的比赛都可以用 /pair、/publish、/result、/foul 等命令。只在本赛执裁：/arbiter add @名字 本赛；去掉：/arbiter remove @名字。",
			En: "%s is now an arbiter of the club: of this event and of this group's events to come, with /pair, /publish, /result, /foul and more. For this event only: /arbiter add @NAME this-event; to remove: /arbiter remove @NAME."}.In(c.Lang, name)}, nil
	}
	return Reply{Text: i18n.T{Zh: "%s 现在是本赛裁判：可以用 /pair、/publish、/result、/foul 等命令。", En: "%s is now an arbiter of this event: they can use /pair, /publish, /result, /foul and more."}.In(c.Lang, name)}, nil
}

// removeArbiter takes a user's arbiter's powers away, of the event and of
// its club.
func removeArbiter(c *Context) (Reply, error) {
	u, err := c.namedUser(c.Args["user"])
	if err != nil {
		return Reply{}, err
	}
	name := shownName(u)
	_, err = c.Update(func(ch *storage.Change) error {
		holders, err := ch.Holders(storage.Arbiter)
		if err != nil {
			return err
		}
		if !slices.Contains(holders, action.Actor{Platform: c.Req.Chat.Platform, User: u.ID}) {
			return problem("%s 不是本赛的裁判。", "%s is no arbiter of this event.", name)
		}
		ch.Revoke(c.Req.Chat.Platform, u.ID, storage.Arbiter)
		if home, ok, err := c.club(); err != nil {
			return err
		} else if ok {
			ch.RevokeClub(home, u.ID, storage.Arbiter)
		}
		return nil
	})
	if err != nil {
		return Reply{}, err
	}
	return Reply{Text: i18n.T{Zh: "%s 不再是裁判了（本赛和俱乐部）。", En: "%s is no longer an arbiter (of this event and of the club)."}.In(c.Lang, name)}, nil
}

// shownName is how a reply names a user: their name, else their id.
func shownName(u User) string {
	if u.Name != "" {
		return u.Name
	}
	return u.ID
}
