package commands

import (
	"cmp"
	"errors"
	"strconv"
	"strings"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/chat"
	"github.com/qisai/qisai/engine"
	"github.com/qisai/qisai/internal/i18n"
	"github.com/qisai/qisai/storage"
)

// Tying a chat user to an entry the organiser typed in: the
// user claims it (/claim N or NAME) and an organiser confirms with a
// button in a private message; or an organiser links them directly
// (/player link N, naming the user). A linked user is the player: they
// get the private notes and may report, check in, offer draws, 猜先 and
// resign.

func claimCommands() []*Command {
	return []*Command{
		{
			Name: "claim", Aliases: []string{"认领"}, Who: Anyone,
			Args: []Arg{{Name: "player", Kind: Rest, Help: i18n.T{Zh: "你的报名序号或名字（/players 列出）", En: "your entry's number or name (/players lists them)"}}},
			Help: i18n.T{Zh: "认领组织者替你录入的报名：组织者确认后，你就是这名选手", En: "claim the entry an organiser typed in for you: once an organiser confirms, you are that player"},
			Run:  claim,
		},
		{
			Name: "player link", Aliases: []string{"关联选手"}, Who: Organiser,
			Args: []Arg{
				{Name: "player", Kind: Word, Help: i18n.T{Zh: "选手的序号或名字", En: "the player's number or name"}},
				{Name: "user", Kind: Person, Optional: true, Help: i18n.T{Zh: "聊天用户：@用户名，或回复对方的消息", En: "the chat user: @username, or reply to one of their messages"}},
			},
			Help: i18n.T{Zh: "把选手和一个聊天用户关联起来", En: "link a player to a chat user"},
			More: namingHelp,
			Run:  linkPlayer,
		},
	}
}

// claimAnswer is the verb of a claim's buttons: "/claim ok 3 console li"
// answers user li's claim to entrant 3 (the id that stays when the start
// numbers the players).
var claimAnswer = map[string]bool{"ok": true, "no": false}

// claim is /claim N (a user asks for an entry) or, from an organiser's
// button, /claim ok|no N PLATFORM USER.
func claim(c *Context) (Reply, error) {
	words := strings.Fields(c.Args["player"])
	if len(words) == 4 && c.ref != nil {
		if ok, answer := claimAnswer[words[0]]; answer || words[0] == takeVerb {
			return decideClaim(c, ok || words[0] == takeVerb, words[0] == takeVerb, words[1], action.Actor{Platform: words[2], User: words[3]})
		}
	}
	if err := c.loadEvent(false); err != nil {
		return Reply{}, err
	}
	if c.Req.Chat.IsPrivate() {
		return Reply{}, problem("请在比赛的群里认领，那里的组织者会确认。", "Claim your entry in the event's group, where its organisers confirm it.")
	}
	p, err := findPlayer(c.State, c.Args["player"])
	if err != nil {
		return Reply{}, err
	}
	if err := c.mayLink(p, c.Actor(), true); err != nil {
		return Reply{}, err
	}
	to, err := c.organisers()
	if err != nil {
		return Reply{}, err
	}
	holder, err := c.holderName(p, c.Req.Chat.Platform)
	if err != nil {
		return Reply{}, err
	}
	asking := i18n.T{Zh: "%[1]s 认领「%[2]s」的 %[3]d 号 %[4]s。是本人吗？", En: "%[1]s claims number %[3]d, %[4]s, in %[2]q. Is it them?"}
	if holder != "" {
		// The name was taken by another user (R-E-4): the organiser
		// decides who is that player.
		asking = i18n.T{Zh: "%[1]s 认领「%[2]s」的 %[3]d 号 %[4]s，这个报名现在是用户 %[5]s 的。%[1]s 是本人吗？确认后改由 %[1]s 使用，%[5]s 不再是这名选手。",
			En: "%[1]s claims number %[3]d, %[4]s, in %[2]q, which user %[5]s holds now. Is %[1]s that player? Once confirmed, %[1]s is, and %[5]s no longer."}
	}
	r := ref{event: c.Event}
	answer := func(verb string) string {
		return r.answering("/claim " + verb + " " + strconv.Itoa(p.Entrant) + " " + c.Req.Chat.Platform + " " + c.Req.User.ID)
	}
	yes := "ok"
	if holder != "" {
		yes = takeVerb // confirms taking the entry from its holder, as asked
	}
	if _, err := c.Update(func(ch *storage.Change) error {
		tell(ch, to, asking, []any{c.Req.User.Name, c.State.Event.Name, p.ID, p.Name, holder},
			button{i18n.T{Zh: "确认", En: "Confirm"}, answer(yes)}, button{i18n.T{Zh: "拒绝", En: "Refuse"}, answer("no")})
		return nil
	}); err != nil {
		return Reply{}, err
	}
	return Reply{Text: i18n.T{Zh: "已请组织者确认你认领 %s。确认后你会收到私信。", En: "Asked the organisers to confirm your claim to %s. You will get a private message once they do."}.In(c.Lang, describePlayer(p, c.Lang))}, nil
}

// organisers are the event's organisers' private chats, each in its
// reader's language.
func (c *Context) organisers() ([]contact, error) {
	orgs, err := c.svc.store.Holders(c, c.Event, storage.Organiser)
	if err != nil {
		return nil, err
	}
	var to []contact
	for _, o := range orgs {
		lang, err := c.readerLang(o.Platform, o.User)
		if err != nil {
			return nil, err
		}
		to = append(to, contact{chat: chat.Private(o.Platform, o.User), lang: lang})
	}
	return to, nil
}

// mayLink refuses to tie user to player p: an entry that has a user
// already (unless taking: a claim, which the organisers decide, of a name
// another user joined as), a user who is another player of the event, and
// an event that has finished or is called off. A claim after the start
// stands (an organiser confirms it): a player the organiser entered finds
// out they must claim their entry when they first report (R-E-4).
func (c *Context) mayLink(p engine.Player, user action.Actor, taking bool) error {
	st := c.State
	switch {
	case st.Status == action.Finished:
		return problem("比赛已经结束。", "The event has finished.")
	case st.Status == action.CalledOff:
		return calledOff()
	}
	ids, err := c.reads().PlayerIdentities(p.Entrant)
	if err != nil {
		return err
	}
	for _, id := range ids {
		if id.Platform == user.Platform && id.User == user.User {
			return problem("%s 已经关联了这个用户。", "%s is linked to that user already.", p.Name)
		}
		if id.Platform == user.Platform && !taking {
			return problem("%s 已经有聊天用户了。认错了人的话，请联系组织者。", "%s has a chat user already. If that is wrong, ask an organiser.", p.Name)
		}
	}
	e, err := c.reads().PlayerOf(user.Platform, user.User)
	switch {
	case errors.Is(err, storage.ErrNotFound):
		return nil
	case err != nil:
		return err
	}
	n, _ := st.Numbered(e)
	return problem("这个用户已经是本赛的 %s 了：一个用户只能是一名选手。", "That user is %s in this event already: a user is one player.", playerName(&st.Event, n))
}

// decideClaim is an organiser's answer to a claim: ok links the user to
// the player, no tells them it was refused; taking, the answer to a claim
// of an entry another user held when it was made, moves it to the user.
func decideClaim(c *Context, ok, taking bool, entrant string, user action.Actor) (Reply, error) {
	if err := c.loadEvent(false); err != nil {
		return Reply{}, err
	}
	if !c.Is(storage.Organiser) {
		return Reply{}, problem("只有组织者可以确认认领。", "Only the organisers confirm claims.")
	}
	e, _ := strconv.Atoi(entrant)
	n, found := c.State.Numbered(e)
	if !found {
		return Reply{}, problem("这个按钮已失效：这名选手已被删除。", "That button no longer applies: the player was removed.")
	}
	p, _ := c.State.Event.Player(n)
	if ok {
		names, err := c.reads().UserNames(user.Platform, []string{user.User})
		if err != nil {
			return Reply{}, err
		}
		return linkUser(c, p, user, cmp.Or(names[user.User], user.User), i18n.T{Zh: "组织者确认了：你是「%[2]s」的 %[1]s。对阵、结果确认和提和会私信给你。", En: "An organiser confirmed it: you are %[1]s in %[2]q. Your pairings, results to confirm and draw offers come here."}, taking)
	}
	lang, err := c.readerLang(user.Platform, user.User)
	if err != nil {
		return Reply{}, err
	}
	if _, err := c.Update(func(ch *storage.Change) error {
		tell(ch, []contact{{chat: chat.Private(user.Platform, user.User), lang: lang}},
			i18n.T{Zh: "组织者没有确认你认领「%[2]s」的 %[1]s。有疑问请联系组织者。", En: "An organiser did not confirm your claim to %s in %q. Ask them if that is wrong."}, []any{p.Name, c.State.Event.Name})
		return nil
	}); err != nil {
		return Reply{}, err
	}
	return Reply{Text: i18n.T{Zh: "已拒绝这次认领：%s。", En: "Refused the claim to %s."}.In(c.Lang, describePlayer(p, c.Lang))}, nil
}

// linkPlayer is /player link N USER.
func linkPlayer(c *Context) (Reply, error) {
	p, err := findPlayer(c.State, c.Args["player"])
	if err != nil {
		return Reply{}, err
	}
	u, err := c.namedUser(c.Args["user"])
	if err != nil {
		return Reply{}, err
	}
	return linkUser(c, p, action.Actor{Platform: c.Req.Chat.Platform, User: u.ID}, cmp.Or(u.Name, u.ID),
		i18n.T{Zh: "组织者把你关联为「%[2]s」的 %[1]s。对阵、结果确认和提和会私信给你。", En: "An organiser linked you as %[1]s in %[2]q. Your pairings, results to confirm and draw offers come here."}, false)
}

// linkUser ties user (called name) to player p, telling them with note
// (args: the player, the event), and answers the organiser. taking: a
// confirmed claim, which takes the entry from the user of user's platform
// who held it, who is told so.
func linkUser(c *Context, p engine.Player, user action.Actor, name string, note i18n.T, taking bool) (Reply, error) {
	if err := c.mayLink(p, user, taking); err != nil {
		return Reply{}, err
	}
	lang, err := c.readerLang(user.Platform, user.User)
	if err != nil {
		return Reply{}, err
	}
	if _, err := c.Update(func(ch *storage.Change) error {
		if err := releaseHolders(c, ch, p, user); err != nil {
			return err
		}
		ch.Identify(user.Platform, user.User, p.Entrant)
		tell(ch, []contact{{chat: chat.Private(user.Platform, user.User), lang: lang}}, note, []any{describePlayer(p, lang), c.State.Event.Name})
		return nil
	}); err != nil {
		return Reply{}, err
	}
	return Reply{Text: i18n.T{Zh: "已关联：用户 %[2]s 现在是 %[1]s。", En: "Linked: user %[2]s is now %[1]s."}.In(c.Lang, describePlayer(p, c.Lang), name)}, nil
}

// claimInstead answers /join NAME when an organiser entered NAME and no
// user has it yet: the user claims it rather than joining twice.
func claimInstead(c *Context, name string) error {
	for _, p := range c.State.Event.Players {
		if !strings.EqualFold(p.Name, name) {
			continue
		}
		ids, err := c.reads().PlayerIdentities(p.Entrant)
		if err != nil || len(ids) > 0 {
			return err // a user's entry: the sign-up refuses it as taken
		}
		return problem("「%[1]s」是组织者录入的报名（%[2]d 号）。如果是你，请输入 /claim %[2]d，组织者确认后就是你。",
			"%[1]q was entered by an organiser (number %[2]d). If it is you, type /claim %[2]d: once an organiser confirms, it is you.", p.Name, p.ID)
	}
	return nil
}
