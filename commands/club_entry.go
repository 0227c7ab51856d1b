package commands

import (
	"cmp"
	"errors"
	"slices"
	"strings"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/chat"
	"github.com/qisai/qisai/engine"
	"github.com/qisai/qisai/internal/i18n"
	"github.com/qisai/qisai/internal/names"
	"github.com/qisai/qisai/storage"
)

// Entering from the club's roster (R-E-4): /player add 张伟 and /join 张伟
// find the member of that name — their unit, their rating on the club's
// list, the chat users who are them, who become the event's player; a chat
// user who is a member joins as that member (/join alone); claiming a
// member nobody is yet asks the organisers once, as /claim does; /event new
// … from roster or from #春季赛 enters the roster's or an earlier event's
// players at once. The event's entrant is then recorded as the member's
// (storage.ClubChange.Enter), so that a rename in the roster before the
// event ends keeps them one player.

// rostered is a player entered from the roster: the member, the rating
// they enter with and the chat users to make the event's player. The
// rating is the one set by hand for the member (an official rating the
// organiser entered): the club's list numbers an event only when it asks
// (/event set numbering club, R-R-5).
type rostered struct {
	member storage.Member
	rating int
	users  []string
}

// entering is what the roster knows of the players an event is entered
// with: the club, read before the event's change.
type entering struct {
	cl *club
}

// entering reads the request's club for entering players; in a chat that
// is no group's (a private chat without an event group) it is empty.
func (c *Context) entering() (*entering, error) {
	if _, err := c.clubChat(); err != nil {
		return &entering{}, nil
	}
	cl, err := c.loadClub()
	if err != nil {
		return nil, err
	}
	return &entering{cl: cl}, nil
}

// of is member m as entered.
func (e *entering) of(m storage.Member) rostered {
	return rostered{member: m, users: m.Users, rating: m.Rating}
}

// named is the member called name, as entered; false when the roster has
// none (or there is no roster).
func (e *entering) named(name string) (rostered, bool) {
	if e.cl == nil {
		return rostered{}, false
	}
	m, ok := e.cl.memberNamed(name)
	if !ok {
		return rostered{}, false
	}
	return e.of(m), true
}

// categories are the member's categories the event has (R-T-10): the
// labels a roster entry carries that the event ranks by.
func (r rostered) categories(st *action.State) []string {
	var out []string
	for _, l := range r.member.Categories {
		if c, ok := st.Awards.Category(l); ok && !slices.Contains(out, c.Name) {
			out = append(out, c.Name)
		}
	}
	return out
}

// identify makes the member's chat users the event's player entrant,
// those who are no player of it yet (a user is one player of an event).
func (r rostered) identify(c *Context, ch *storage.Change, entrant int) error {
	for _, u := range r.users {
		_, err := c.reads().PlayerOf(c.Req.Chat.Platform, u)
		switch {
		case errors.Is(err, storage.ErrNotFound):
			ch.Identify(c.Req.Chat.Platform, u, entrant)
		case err != nil:
			return err
		}
	}
	return nil
}

// enter records, after the event's change, that the members are its
// entrants (by entrant). It is the roster's own change: when it fails the
// players stand entered, and the event is matched by its players' users
// and names when it ends (enrolments), so it is logged, not refused.
func (c *Context) enter(e *entering, entrants map[int64]int) {
	if e == nil || e.cl == nil || len(entrants) == 0 || c.Event == 0 {
		return
	}
	err := c.svc.store.UpdateClub(c, e.cl.Chat, c.Actor(), "", func(ch *storage.ClubChange) error {
		for m, entrant := range entrants {
			if _, ok := ch.Club.Member(m); !ok {
				continue // merged or removed meanwhile
			}
			if err := ch.Enter(m, c.Event, entrant); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		c.svc.log.Warn("record the roster's entries", "event", c.Event, "err", err)
	}
}

// fromRoster is the note an answer adds for a player the roster had.
func fromRoster(lang i18n.Lang) string {
	return i18n.T{Zh: "（来自名册）", En: " (from the roster)"}.In(lang)
}

// joining is how /join enters the sender, as the roster has them: the
// member they are (or claim), with the name, unit and rating to enter.
type joining struct {
	name, unit string
	rating     int
	member     *rostered
}

// joinAs settles /join [NAME] [UNIT] by the roster before the sender
// joins: a user who is a member joins as that member, their name or
// none typed; a name another user's member has is refused; a member
// nobody is yet is claimed — the organisers are asked once (the reply
// says so, and nothing is entered until one confirms). With no name typed
// and none in the roster, the sender joins as fallback (their chat name,
// for /team join; "" for /join, which asks for a name).
func (c *Context) joinAs(e *entering, fallback string) (joining, *Reply, error) {
	j := joining{name: c.Args["name"], unit: c.Args["unit"]}
	if e.cl != nil {
		if m, ok := e.cl.memberOf(c.Req.User.ID); ok {
			// The member is theirs whatever name the event knows them by
			// ("王老师" in the teachers' section); another member's name is
			// not theirs to take.
			if other, taken := e.cl.memberNamed(j.name); j.name != "" && taken && other.ID != m.ID {
				return j, nil, problem("「%[1]s」是名册里的另一位选手；你在名册里是「%[2]s」。输入 /join 就以「%[2]s」报名。", "%[1]q is another player of the roster; you are %[2]q there. Type /join alone to join as %[2]q.", other.Name, m.Name)
			}
			r := e.of(m)
			if j.name == "" || names.Key(j.name) == names.Key(m.Name) {
				j.name, j.unit = m.Name, cmp.Or(j.unit, m.Unit)
			}
			j.rating, j.member = r.rating, &r
			return j, nil, nil
		}
	}
	j.name = cmp.Or(j.name, fallback)
	if j.name == "" {
		return j, nil, problem("缺少名字。用法：/join 名字 [单位]", "The name is missing. Usage: /join NAME [UNIT]")
	}
	r, ok := e.named(j.name)
	switch {
	case !ok || c.State.Status != action.Signup:
		return j, nil, nil // the event says why it takes no entry
	case len(r.users) > 0:
		return j, nil, problem("名册里的「%[1]s」已经是另一位聊天用户了。如果你也叫这个名字，请加上区分再报名，如 /join %[2]s；如果那就是你，请联系组织者。", "%[1]q in the roster is another chat user already. If that is your name too, join with what tells you apart, as in /join %[3]s; if it is you, ask an organiser.", r.member.Name, apart(r.member.Name, j.unit, i18n.Zh), apart(r.member.Name, j.unit, i18n.En))
	}
	reply, err := c.askClaim(e, r.member)
	return j, &reply, err
}

// askClaim asks the club's organisers, with buttons, whether the sender
// is member m, and tells the sender so.
func (c *Context) askClaim(e *entering, m storage.Member) (Reply, error) {
	to, err := c.clubOrganisers(e.cl)
	if err != nil {
		return Reply{}, err
	}
	r := ref{event: c.Event, seq: m.ID}
	answer := func(verb string) string {
		return r.answering("/roster claim " + verb + " " + c.Req.User.ID)
	}
	who := cmp.Or(c.Req.User.Name, c.Req.User.ID)
	if err := c.clubChange(e.cl, func(ch *storage.ClubChange) error {
		for _, ct := range to {
			ch.Send(chat.Message{Chat: ct.chat, Text: i18n.T{Zh: "%[1]s 说自己是名册里的「%[2]s」%[3]s，要报名「%[4]s」。是本人吗？确认后他以后报名都是「%[2]s」。",
				En: "%[1]s says they are %[2]q%[3]s of the roster and wants to join %[4]q. Is it them? Once confirmed, their entries are %[2]q."}.
				In(ct.lang, who, m.Name, unitNote(m, ct.lang), c.State.Event.Name),
				Buttons: []chat.Button{
					{Label: i18n.T{Zh: "确认", En: "Confirm"}.In(ct.lang), Command: answer("ok")},
					{Label: i18n.T{Zh: "拒绝", En: "Refuse"}.In(ct.lang), Command: answer("no")},
				}})
		}
		return nil
	}); err != nil {
		return Reply{}, err
	}
	return Reply{Text: i18n.T{Zh: "名册里有「%s」：已请组织者确认是你。确认后你会收到私信，并以「%s」报名。", En: "The roster has %q: the organisers are asked to confirm it is you. Once they do, you get a private message and join as %q."}.In(c.Lang, m.Name, m.Name)}, nil
}

// unitNote is "（一中）" after a member's name, "" without a unit.
func unitNote(m storage.Member, lang i18n.Lang) string {
	if m.Unit == "" {
		return ""
	}
	return i18n.T{Zh: "（%s）", En: " (%s)"}.In(lang, m.Unit)
}

// rosterClaimCommand answers a claim to a member (the organisers'
// buttons): /roster claim ok|no USER, the event and member in its ref.
func rosterClaimCommand() *Command {
	return &Command{
		Name: "roster claim", Aliases: []string{"名册认领"}, Who: Anyone,
		Args: []Arg{
			{Name: "confirm", Kind: Choice, Choices: []string{"ok", "确认", "no", "拒绝"}, Help: i18n.T{Zh: "确认或拒绝", En: "confirm or refuse"}},
			{Name: "user", Kind: Word, Help: i18n.T{Zh: "认领的聊天用户", En: "the chat user who claims"}},
		},
		Help: i18n.T{Zh: "确认或拒绝对名册的认领（组织者收到的按钮）", En: "confirm or refuse a claim to a roster entry (the organisers' buttons)"},
		Run:  answerClaim,
	}
}

// answerClaim is an organiser's answer to a claim: ok links the user to
// the member (logged) and enters them in the event they asked to join,
// while it takes entries; no tells them.
func answerClaim(c *Context) (Reply, error) {
	if c.ref == nil {
		return Reply{}, problem("这是组织者确认认领的按钮，不用输入。要认领名册里的自己，请在比赛报名时输入 /join 名字。", "This is the organisers' button for a claim, not a command to type. To claim yourself in the roster, join an event with /join NAME.")
	}
	if err := c.loadEvent(false); err != nil {
		return Reply{}, err
	}
	e, err := c.entering()
	if err != nil {
		return Reply{}, err
	}
	if e.cl == nil {
		return Reply{}, problem("这个按钮已失效：比赛不在任何群里了。", "That button no longer applies: the event is in no group now.")
	}
	if err := c.mustOrganise(e.cl, "roster"); err != nil {
		return Reply{}, err
	}
	m, ok := e.cl.Member(c.ref.seq)
	if !ok {
		return Reply{}, problem("这个按钮已失效：名册里已经没有这一条了（合并或删除了）。", "That button no longer applies: the roster entry is gone (merged or removed).")
	}
	user := c.Args["user"]
	names, err := c.svc.store.UserNames(c, c.Req.Chat.Platform, []string{user})
	if err != nil {
		return Reply{}, err
	}
	who := cmp.Or(names[user], user)
	lang, err := readerLang(c.svc.reading(c, c.Event), c.Req.Chat.Platform, user)
	if err != nil {
		return Reply{}, err
	}
	dm := chat.Private(c.Req.Chat.Platform, user)
	if c.Args["confirm"] == "no" || c.Args["confirm"] == "拒绝" {
		if err := c.clubChange(e.cl, func(ch *storage.ClubChange) error {
			ch.Send(chat.Message{Chat: dm, Text: i18n.T{Zh: "组织者没有确认你是名册里的「%s」。有疑问请联系组织者。", En: "An organiser did not confirm that you are %q of the roster. Ask them if that is wrong."}.In(lang, m.Name)})
			return nil
		}); err != nil {
			return Reply{}, err
		}
		return Reply{Text: i18n.T{Zh: "已拒绝 %s 认领「%s」。", En: "Refused %s's claim to %q."}.In(c.Lang, who, m.Name)}, nil
	}
	switch {
	case slices.Contains(m.Users, user):
		return Reply{}, problem("已经确认过了：%s 就是「%s」。", "Confirmed already: %s is %q.", who, m.Name)
	case len(m.Users) > 0:
		return Reply{}, problem("「%s」已经关联了另一位用户。要改的话先 /roster link 重新关联。", "%q is linked to another user already. To change that, link again with /roster link.", m.Name)
	}
	r := e.of(m)
	r.users = []string{user}
	joins := c.State.Status == action.Signup && c.joinable(user, m.Name)
	if err := c.clubChange(e.cl, func(ch *storage.ClubChange) error {
		if err := ch.Link(m.ID, user); err != nil {
			return err
		}
		if !joins {
			ch.Send(chat.Message{Chat: dm, Text: i18n.T{Zh: "组织者确认了：你是名册里的「%s」。以后报名输入 /join 即可。", En: "An organiser confirmed it: you are %q of the roster. From now on, /join alone enters you."}.In(lang, m.Name)})
		}
		return ch.Log(i18n.F("确认用户 %s 是「%s」", "confirmed user %s is %q", who, m.Name))
	}); err != nil {
		return Reply{}, err
	}
	if !joins {
		return Reply{Text: i18n.T{Zh: "已确认：%s 是名册里的「%s」。", En: "Confirmed: %s is %q of the roster."}.In(c.Lang, who, m.Name)}, nil
	}
	var entrant int
	if _, err := c.Update(func(ch *storage.Change) error {
		if err := ch.Append(&action.PlayerAdded{Name: m.Name, Unit: m.Unit, Rating: r.rating, Categories: r.categories(ch.State)}); err != nil {
			return err
		}
		ps := ch.State.Event.Players
		entrant = ps[len(ps)-1].Entrant
		ch.Identify(c.Req.Chat.Platform, user, entrant)
		tell(ch, []contact{{chat: dm, lang: lang}}, i18n.T{Zh: "组织者确认了：你是名册里的「%[1]s」，已报名「%[2]s」（第 %[3]d 位）。以后报名输入 /join 即可。", En: "An organiser confirmed it: you are %[1]q of the roster and have joined %[2]q (number %[3]d). From now on, /join alone enters you."},
			[]any{m.Name, ch.State.Event.Name, len(ps)})
		return nil
	}); err != nil {
		return Reply{}, err
	}
	c.enter(e, map[int64]int{m.ID: entrant})
	return Reply{Text: i18n.T{Zh: "已确认：%s 是名册里的「%s」，已为他报名「%s」。", En: "Confirmed: %s is %q of the roster, and has joined %q."}.In(c.Lang, who, m.Name, c.State.Event.Name)}, nil
}

// joinable reports whether user may join the loaded event as name: no
// player of it yet, and the name no entrant's.
func (c *Context) joinable(user, name string) bool {
	if _, err := c.svc.store.PlayerOf(c, c.Event, c.Req.Chat.Platform, user); !errors.Is(err, storage.ErrNotFound) {
		return false
	}
	key := names.Key(name)
	return !slices.ContainsFunc(c.State.Event.Players, func(p engine.Player) bool { return names.Key(p.Name) == key })
}

// fromWords are how /event new says where its players come from:
// "from roster", "from #春季赛", "从 名册", "从 #春季赛".
var (
	fromWords   = []string{"from", "从", "来自"}
	rosterWords = []string{"roster", "名册"}
)

// takeFrom splits "… from roster [CATEGORY]" or "… from" (the event in
// named, #NAME) off /event new's words: what is left, and the source —
// "" for none, rosterSource with a category, or the named event.
func takeFrom(spec, named string) (rest string, src source, err error) {
	words := strings.Fields(spec)
	i := slices.IndexFunc(words, func(w string) bool { return slices.Contains(fromWords, strings.ToLower(w)) })
	if i < 0 {
		return spec, source{}, nil
	}
	after := words[i+1:]
	rest = strings.Join(words[:i], " ")
	switch {
	case len(after) > 0 && slices.Contains(rosterWords, strings.ToLower(after[0])):
		return rest, source{roster: true, category: strings.Join(after[1:], " ")}, nil
	case len(after) == 0 && named != "":
		return rest, source{event: named}, nil
	}
	return spec, source{}, problem("「从」后面写 名册（可加组别）或 #比赛名，如 /event new 秋季赛 从 名册 教师，或 /event new 秋季赛 从 #春季赛。", "After from write roster (and a category if you like) or #EVENT, as in /event new Autumn from roster teachers, or /event new Autumn from #Spring.")
}

// source is where /event new's players come from.
type source struct {
	roster   bool
	category string // the roster's players of this category only ("": all)
	event    string // an earlier event of the chat, by name
}

// starting is a player /event new enters: as they are entered, and the
// member they are (nil: the earlier event's player the roster does not
// have yet).
type starting struct {
	add    action.PlayerAdded
	member *rostered
	users  []string
}

// startingPlayers are the players src gives a new event.
func (c *Context) startingPlayers(e *entering, src source) ([]starting, error) {
	if !src.roster && src.event == "" {
		return nil, nil
	}
	if e.cl == nil {
		return nil, problem("只有群里的比赛才能从名册或之前的比赛录入选手。", "Only a group's event can take its players from the roster or an earlier event.")
	}
	var out []starting
	if src.roster {
		for _, m := range e.cl.Members {
			if src.category != "" && !slices.Contains(m.Categories, src.category) {
				continue
			}
			r := e.of(m)
			out = append(out, starting{add: action.PlayerAdded{Name: m.Name, Unit: m.Unit, Rating: r.rating}, member: &r, users: r.users})
		}
		if len(out) == 0 && src.category != "" {
			return nil, problem("名册里没有组别是「%s」的选手。输入 /roster %s 查看。", "Nobody in the roster has the category %q. See /roster %s.", src.category, src.category)
		}
		return out, nil
	}
	evs, err := c.svc.store.ChatEvents(c, c.Req.Chat)
	if err != nil {
		return nil, err
	}
	found, err := pickEvent(evs, src.event, unfinished)
	if err != nil {
		return nil, err
	}
	st, err := e.cl.state(found.ID)
	if err != nil {
		return nil, err
	}
	ids, err := c.svc.store.Identities(c, found.ID)
	if err != nil {
		return nil, err
	}
	users := map[int][]string{}
	for _, id := range ids {
		if id.Platform == c.Req.Chat.Platform {
			users[id.Entrant] = append(users[id.Entrant], id.User)
		}
	}
	for _, en := range enrolments(e.cl.Club, found.ID, st, ids) {
		p, _ := st.Numbered(en.entrant)
		player, _ := st.Event.Player(p)
		s := starting{add: action.PlayerAdded{Name: player.Name, Unit: player.Unit, Rating: player.Rating}, users: users[en.entrant]}
		if m, ok := e.cl.Member(en.member); ok {
			r := e.of(m)
			s.member = &r
			s.add.Name, s.add.Rating = m.Name, cmp.Or(r.rating, player.Rating)
			s.users = append(s.users, r.users...)
		}
		out = append(out, s)
	}
	return out, nil
}

// enterStarting appends the players and makes their chat users theirs
// (each user one player), returning each member's entrant.
func enterStarting(ch *storage.Change, platform string, ps []starting) (map[int64]int, error) {
	entrants := map[int64]int{}
	used := map[string]bool{}
	for _, s := range ps {
		if err := ch.Append(&s.add); err != nil {
			return nil, err
		}
		players := ch.State.Event.Players
		entrant := players[len(players)-1].Entrant
		for _, u := range s.users {
			if !used[u] {
				used[u] = true
				ch.Identify(platform, u, entrant)
			}
		}
		if s.member != nil {
			entrants[s.member.member.ID] = entrant
		}
	}
	return entrants, nil
}

// startedFrom says where a new event's n players came from, "" when
// from nowhere.
func startedFrom(src source, n int, lang i18n.Lang) string {
	switch {
	case src.roster && src.category != "":
		return "\n" + i18n.T{Zh: "已从名册录入组别「%s」的 %d 名选手（/players 查看）。", En: "Entered the roster's %[2]d players of category %[1]q (see /players)."}.In(lang, src.category, n)
	case src.roster:
		return "\n" + i18n.T{Zh: "已从名册录入 %d 名选手（/players 查看）。", En: "Entered the roster's %d players (see /players)."}.In(lang, n)
	case src.event != "":
		return "\n" + i18n.T{Zh: "已录入「%s」的 %d 名选手（/players 查看）。", En: "Entered the %[2]d players of %[1]q (see /players)."}.In(lang, src.event, n)
	}
	return ""
}
