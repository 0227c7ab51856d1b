package commands

import (
	"cmp"
	"slices"
	"strconv"
	"strings"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/chat"
	"github.com/qisai/qisai/engine"
	"github.com/qisai/qisai/internal/i18n"
	"github.com/qisai/qisai/storage"
)

// A team event's teams (§12): a captain registers one (/team new NAME
// [UNIT]; the sender is its captain, and its first player when they play);
// a player asks to join (/team join NAME) and the captain confirms with a
// button in a private message, as an organiser confirms a /claim; or the
// organiser enters the players (/team add NAME PLAYER…, new names entered
// as players). /teams lists every team's players in board order. Before
// the start the teams change; after it a team withdraws (R-W-*).

func teamCommands() []*Command {
	teamArg := Arg{Name: "team", Kind: Word, Help: i18n.T{Zh: "队名", En: "the team's name"}}
	return []*Command{
		{
			Name: "team new", Aliases: []string{"注册队伍", "建队"}, Who: Member,
			Args: []Arg{teamArg, {Name: "unit", Kind: Word, Optional: true, Help: i18n.T{Zh: "单位", En: "the unit"}},
				{Name: "play", Kind: Choice, Choices: noPlay, Optional: true, Help: i18n.T{Zh: "不上场：只当队长", En: "no-play: captain without playing"}}},
			Help: i18n.T{Zh: "注册队伍，你是队长，也是第 1 台", En: "register a team; you are its captain and its board 1"},
			More: i18n.T{Zh: "开赛前；还没报名的队长以聊天名字报名。写「不上场」只当队长。", En: "Before the start; a captain who has not joined joins by their chat name. Add no-play to captain without playing."},
			Run:  newTeam,
		},
		{
			// A captain's buttons answer it too: /team join ok|no TEAM ENTRANT.
			Name: "team join", Aliases: []string{"入队"}, Who: Anyone, GroupOnly: true,
			Args: []Arg{{Name: "team", Kind: Rest, Help: i18n.T{Zh: "队名；还没报名的，可在后面写你在比赛中的名字", En: "the team's name; if you have not joined, your name in the event after it"}}},
			Help: i18n.T{Zh: "申请入队，队长确认", En: "ask to join a team; its captain confirms"},
			More: i18n.T{Zh: "还没报名的同时报名（用写的名字，否则用聊天名字）；队长在私信里按按钮确认。",
				En: "If you have not joined, you join on the way (by the name given, else your chat name); the captain confirms with a button in a private message."},
			Run: joinTeam,
		},
		{
			Name: "team add", Aliases: []string{"添加队员"}, Who: Organiser,
			Args: []Arg{teamArg, {Name: "player", Kind: Rest, Help: i18n.T{Zh: "按台次写序号或名字", En: "numbers or names, board 1 first"}}},
			Help: i18n.T{Zh: "把选手加入队伍", En: "put players into a team"},
			More: i18n.T{Zh: "开赛前，按台次先后；新名字录入为选手。", En: "Before the start, in board order; new names are entered as players."},
			Run:  addTeamPlayers,
		},
		{
			Name: "team remove", Aliases: []string{"移出队员"}, Who: Member,
			Args: []Arg{teamArg, {Name: "player", Kind: Word, Help: i18n.T{Zh: "序号或名字", En: "number or name"}}},
			Help: i18n.T{Zh: "把队员移出队伍", En: "take a player out of a team"},
			More: i18n.T{Zh: "开赛前，组织者或该队队长；其后的队员依次上移一台。", En: "Before the start, by an organiser or the team's captain; those after move up a board."},
			Run:  removeTeamPlayer,
		},
		{
			Name: "team delete", Aliases: []string{"删除队伍"}, Who: Organiser,
			Args: []Arg{teamArg},
			Help: i18n.T{Zh: "开赛前删除队伍", En: "delete a team before the start"},
			More: i18n.T{Zh: "队员仍是报名选手。", En: "Its players stay entered."},
			Run:  deleteTeam,
		},
		{
			Name: "team rename", Aliases: []string{"队伍改名"}, Who: Member,
			Args: []Arg{teamArg, {Name: "name", Kind: Word, Help: i18n.T{Zh: "新队名", En: "the new name"}}},
			Help: i18n.T{Zh: "开赛前给队伍改名（队长或组织者）", En: "rename a team before the start (its captain or an organiser)"},
			Run:  renameTeam,
		},
		{
			Name: "team unit", Aliases: []string{"队伍单位"}, Who: Member,
			Args: []Arg{teamArg, {Name: "unit", Kind: Rest, Help: i18n.T{Zh: "单位", En: "the unit"}}},
			Help: i18n.T{Zh: "开赛前改队伍的单位（队长或组织者）", En: "set a team's unit before the start (its captain or an organiser)"},
			Run:  setTeamUnit,
		},
		{
			Name: "team withdraw", Aliases: []string{"队伍退赛"}, Who: Staff,
			Args: []Arg{teamArg, {Name: "round", Kind: Int, Optional: true, Form: roundNumber, Help: i18n.T{Zh: "在第几轮后；默认最后一轮", En: "after which round; the last by default"}}},
			Help: i18n.T{Zh: "队伍退赛（R-W-1..4）", En: "withdraw a team (R-W-1..4)"},
			More: i18n.T{Zh: "此后各台判对方弃权胜。", En: "Its later boards go to the opponents by forfeit."},
			Run:  withdrawTeam,
		},
		{
			Name: "lineup", Aliases: []string{"出场名单"}, Who: Anyone,
			Args: []Arg{{Name: "lineup", Kind: Rest, Help: i18n.T{Zh: "报名台次或名字，- 为空台", En: "registered places or names, - for none"}}},
			Help: i18n.T{Zh: "队长私信发送出场名单", En: "a captain's line-up, sent privately"},
			More: i18n.T{Zh: "分台换人、临时定台：按台次写，如 /lineup 2 1 3 4；双方都交后公布。裁判 /lineup 公布 按报名台次公布未交的。",
				En: "Substitutes, free order: board 1 first, e.g. /lineup 2 1 3 4; revealed once both are in. An arbiter's /lineup reveal plays the registered order for those not sent."},
			Run: lineup,
		},
		{
			Name: "teams", Aliases: []string{"队伍"}, Who: Member,
			Help: i18n.T{Zh: "列出各队及队员", En: "list the teams and their players"},
			Run:  showTeams,
		},
	}
}

// teamEvent refuses unless st is a team event.
func teamEvent(st *action.State) error {
	if st.Teams == nil {
		return problem("这不是团体赛。团体赛用 /event new 名称 团体赛 创建。", "This is not a team event. Create one with /event new NAME teams.")
	}
	return nil
}

// teamNamed is the number of the team arg names (its name, or its number).
func teamNamed(st *action.State, arg string) (int, error) {
	if err := teamEvent(st); err != nil {
		return 0, err
	}
	if n, ok := number(arg); ok && n >= 1 && n <= len(st.Teams.Teams) {
		return n, nil
	}
	if n := st.TeamNamed(arg); n > 0 {
		return n, nil
	}
	names := make([]string, len(st.Teams.Teams))
	for i, t := range st.Teams.Teams {
		names[i] = strings.ReplaceAll(t.Name, "%", "%%")
	}
	if len(names) == 0 {
		return 0, problem("还没有队伍。队长用 /team new 队名 注册。", "There is no team yet. A captain registers one with /team new NAME.")
	}
	return 0, problem("没有叫「%s」的队伍。队伍："+strings.Join(names, "、")+"（/teams 列出）。", "There is no team called %q. The teams: "+strings.Join(names, ", ")+" (/teams lists them).", arg)
}

// newTeam is /team new NAME [UNIT] [不上场]: the sender is the team's
// captain, and its board 1 — a captain plays for the team they register
// (R-TM-1), signed up as /team join signs a player up — unless they say
// 不上场, play for another team already, or are an organiser registering
// a team for others (they /team join it to play).
func newTeam(c *Context) (Reply, error) {
	if err := teamEvent(c.State); err != nil {
		return Reply{}, err
	}
	name, unit := c.Args["team"], c.Args["unit"]
	plays := c.Args["play"] == ""
	if isNoPlay(unit) {
		unit, plays = "", false
	}
	other := 0
	var (
		members []int
		su      *signing
		note    string // why the captain does not play
	)
	switch {
	case c.Player != 0:
		entrant := c.State.EntrantOf(c.Player)
		if other = c.State.TeamOf(entrant); other == 0 && plays {
			members = []int{entrant}
		}
	case plays && !c.Is(storage.Organiser):
		var err error
		if su, note, err = captainSigning(c, name); err != nil {
			return Reply{}, err
		}
	}
	var after *action.State
	if _, err := c.Update(func(ch *storage.Change) error {
		ch.Grant(c.Req.Chat.Platform, c.Req.User.ID, storage.Captain) // their private /lineup finds the event
		if su != nil {
			if err := su.enterIn(c, ch); err != nil {
				return err
			}
			if !su.waiting {
				members = []int{su.joined.Entrant}
			}
		}
		if err := ch.Append(&action.TeamRegistered{Name: name, Unit: unit, Captain: c.Actor(), Members: members}); err != nil {
			return err
		}
		after = ch.State
		return nil
	}); err != nil {
		return Reply{}, err
	}
	head := i18n.T{Zh: "已注册队伍「%s」，你是队长。", En: "Registered team %q; you are its captain."}.In(c.Lang, name)
	var status string
	switch {
	case other != 0:
		status = i18n.T{Zh: "你已是「%[1]s」的队员，所以不在「%[2]s」上场，只当队长。", En: "You play for %[1]q already, so you captain %[2]q without playing for it."}.In(c.Lang, after.Teams.Teams[other-1].Name, name)
	case len(members) > 0:
		n, _ := after.Numbered(members[0])
		p, _ := after.Event.Player(n)
		status = i18n.T{Zh: "你是第 1 台。只当队长不上场：/team remove %s %s。", En: "You are its board 1. To captain without playing: /team remove %s %s."}.In(c.Lang, argWord(name), argWord(p.Name))
	case note != "":
		status = note
	case !plays:
		status = i18n.T{Zh: "你不上场；要上场：/team join %s。", En: "You do not play; to play after all: /team join %s."}.In(c.Lang, argWord(name))
	case su != nil:
		status = onceYouPlay(name, c.Lang) // on the wait list (R-E-5)
	default:
		status = i18n.T{Zh: "你是组织者，替队伍注册时不自动上场；要上场：/team join %s。", En: "You are an organiser: registering a team does not put you in it; to play: /team join %s."}.In(c.Lang, argWord(name))
	}
	lines := []string{head + sep(c.Lang) + status}
	if su != nil {
		lines = append([]string{su.done(c).Text}, lines...) // the sign-up, then the team
	}
	lines = append(lines, i18n.T{Zh: "队员用 /team join %s 申请加入，你在私信里确认；或组织者用 /team add %s 名字… 录入。", En: "Players ask to join with /team join %s and you confirm in a private message; or an organiser enters them with /team add %s NAME…"}.In(c.Lang, argWord(name), argWord(name)))
	return Reply{Text: strings.Join(lines, "\n")}, nil
}

// joinTeam is /team join TEAM [NAME]: a chat user who has not joined the
// event is entered as /join would enter them (by NAME, else the roster's
// name, else their chat name), then the captain is asked, with a button
// each way, in a private message — all in one change; the captain
// themselves, or an organiser, is put in the team at once. From those
// buttons, it is the captain's answer.
func joinTeam(c *Context) (Reply, error) {
	words := strings.Fields(c.Args["team"])
	if _, answer := claimAnswer[firstWord(words)]; answer && len(words) == 3 && c.ref != nil {
		return answerJoin(c, words)
	}
	if err := c.loadEvent(false); err != nil {
		return Reply{}, err
	}
	id, name, err := teamAndName(c.State, c.list("team"))
	if err != nil {
		return Reply{}, err
	}
	t := c.State.Teams.Teams[id-1]
	var su *signing
	if c.Player == 0 {
		if err := teamsOpen(c.State); err != nil {
			return Reply{}, err
		}
		var asked *Reply
		if su, asked, err = c.prepareJoin(cmp.Or(name, c.Req.User.Name)); err != nil {
			return Reply{}, err
		}
		if asked != nil { // the roster's organisers confirm who the sender is first
			asked.Text += "\n" + onceYouPlay(t.Name, c.Lang)
			return *asked, nil
		}
	} else if p, _ := c.State.Event.Player(c.Player); name != "" && !strings.EqualFold(name, p.Name) {
		return Reply{}, problem("你已经以「%[1]s」报名了，入队不用再写名字：/team join %[2]s。", "You have joined as %[1]q already: ask for the team without a name, /team join %[2]s.", p.Name, argWord(t.Name))
	}
	direct := t.Captain == c.Actor() || c.Is(storage.Organiser)
	var lang i18n.Lang
	if !direct {
		if lang, err = c.readerLang(t.Captain.Platform, t.Captain.User); err != nil {
			return Reply{}, err
		}
	}
	var place i18n.T
	var idle string // under 分台定人, that the sender registered a reserve who will not play
	if _, err := c.Update(func(ch *storage.Change) error {
		number := c.Player
		if su != nil {
			if err := su.enterIn(c, ch); err != nil || su.waiting {
				return err
			}
			number = su.joined.ID
		}
		entrant := ch.State.EntrantOf(number)
		if direct {
			if err := ch.Append(&action.TeamMembersAdded{Team: id, Entrants: []int{entrant}}); err != nil {
				return err
			}
			place = teamPlace(ch.State.Teams.Rules, len(ch.State.Teams.Teams[id-1].Members))
			idle = idleReserves(ch.State.Teams.Rules, reservesAmong(ch.State, id, []int{entrant}), c.Lang)
			return nil
		}
		if err := ch.Append(&action.TeamJoinAsked{Team: id, Entrant: entrant}); err != nil {
			return err
		}
		r := ref{event: c.Event}
		answer := func(verb string) string {
			return r.answering("/team join " + verb + " " + strconv.Itoa(id) + " " + strconv.Itoa(entrant))
		}
		tell(ch, []contact{{chat: chat.Private(t.Captain.Platform, t.Captain.User), lang: lang}},
			i18n.T{Zh: "%[1]s（%[2]d 号）申请加入「%[3]s」。同意吗？", En: "%[1]s (number %[2]d) asks to join %[3]q. Do you agree?"}, []any{playerName(&ch.State.Event, number), number, t.Name},
			button{i18n.T{Zh: "同意", En: "Accept"}, answer("ok")}, button{i18n.T{Zh: "拒绝", En: "Refuse"}, answer("no")})
		return nil
	}); err != nil {
		return Reply{}, err
	}
	var lines []string
	if su != nil {
		lines = append(lines, su.done(c).Text)
		if su.waiting {
			return Reply{Text: strings.Join(append(lines, onceYouPlay(t.Name, c.Lang)), "\n")}, nil
		}
	}
	if direct {
		lines = append(lines, i18n.T{Zh: "你已加入「%s」，%s。", En: "You are in team %q, %s."}.In(c.Lang, t.Name, place.In(c.Lang)))
		if idle != "" {
			lines = append(lines, idle)
		}
	} else {
		lines = append(lines, i18n.T{Zh: "已请「%s」的队长确认。确认后你会收到私信。", En: "Asked the captain of %q to confirm. You will get a private message once they do."}.In(c.Lang, t.Name))
	}
	return Reply{Text: strings.Join(lines, "\n")}, nil
}

// answerJoin is the captain's button: /team join ok|no TEAM ENTRANT.
func answerJoin(c *Context, words []string) (Reply, error) {
	ok := claimAnswer[words[0]]
	if err := c.loadEvent(false); err != nil {
		return Reply{}, err
	}
	id, _ := strconv.Atoi(words[1])
	entrant, _ := strconv.Atoi(words[2])
	if c.State.Teams == nil || id < 1 || id > len(c.State.Teams.Teams) {
		return Reply{}, problem("这个按钮已失效：队伍不存在了。", "That button no longer applies: the team is gone.")
	}
	t := c.State.Teams.Teams[id-1]
	if t.Captain != c.Actor() && !c.Is(storage.Organiser) {
		return Reply{}, problem("只有「%s」的队长或组织者可以确认。", "Only the captain of %q or an organiser confirms.", t.Name)
	}
	n, found := c.State.Numbered(entrant)
	if !found {
		return Reply{}, problem("这个按钮已失效：这名选手已被删除。", "That button no longer applies: the player was removed.")
	}
	contacts, err := c.contacts(n)
	if err != nil {
		return Reply{}, err
	}
	name := playerName(&c.State.Event, n)
	var idle string // under 分台定人, that the reserve accepted will not play
	if _, err := c.Update(func(ch *storage.Change) error {
		if !ok {
			tell(ch, contacts, i18n.T{Zh: "「%s」的队长没有同意你入队。", En: "The captain of %q did not accept you."}, []any{t.Name})
			return ch.Append(&action.TeamJoinAsked{Team: id, Entrant: entrant, Refused: true})
		}
		if err := ch.Append(&action.TeamMembersAdded{Team: id, Entrants: []int{entrant}}); err != nil {
			return err
		}
		place := teamPlace(ch.State.Teams.Rules, len(ch.State.Teams.Teams[id-1].Members))
		tell(ch, contacts, i18n.T{Zh: "你已加入「%s」，" + place.Zh + "。", En: "You are in team %q, " + place.En + "."}, []any{t.Name})
		idle = idleReserves(ch.State.Teams.Rules, reservesAmong(ch.State, id, []int{entrant}), c.Lang)
		return nil
	}); err != nil {
		return Reply{}, err
	}
	if !ok {
		return Reply{Text: i18n.T{Zh: "已拒绝 %s 入队。", En: "Refused %s."}.In(c.Lang, name)}, nil
	}
	return Reply{Text: strings.TrimSpace(i18n.T{Zh: "%s 已加入「%s」。", En: "%s is in team %q."}.In(c.Lang, name, t.Name) + "\n" + idle)}, nil
}

func firstWord(words []string) string {
	if len(words) == 0 {
		return ""
	}
	return words[0]
}

// addTeamPlayers is the organiser's /team add NAME PLAYER…: each player by
// number or name, a name nobody has entered as a new player.
func addTeamPlayers(c *Context) (Reply, error) {
	id, err := teamNamed(c.State, c.Args["team"])
	if err != nil {
		return Reply{}, err
	}
	words := c.list("player")
	var added []string
	var idle string // under 分台定人, that the reserves added will not play
	if _, err := c.Update(func(ch *storage.Change) error {
		var entrants []int
		added = added[:0]
		for _, w := range words {
			p, err := findPlayer(ch.State, w)
			if err != nil {
				if _, num := number(w); num || len(namesakes(ch.State, w)) > 1 {
					return err // no such number, or which of two of one name
				}
				if err := ch.Append(&action.PlayerAdded{Name: w}); err != nil {
					return err
				}
				p = ch.State.Event.Players[len(ch.State.Event.Players)-1]
			}
			entrants = append(entrants, p.Entrant)
			added = append(added, p.Name)
		}
		if err := ch.Append(&action.TeamMembersAdded{Team: id, Entrants: entrants}); err != nil {
			return err
		}
		idle = idleReserves(ch.State.Teams.Rules, reservesAmong(ch.State, id, entrants), c.Lang)
		return nil
	}); err != nil {
		return Reply{}, err
	}
	t := c.State.Teams.Teams[id-1]
	text := i18n.T{Zh: "「%s」加入：%s。/teams 查看各队。", En: "Team %q now has: %s. /teams lists the teams."}.In(c.Lang, t.Name, strings.Join(added, i18n.T{Zh: "、", En: ", "}.In(c.Lang)))
	return Reply{Text: strings.TrimSpace(text + "\n" + idle)}, nil
}

// removeTeamPlayer is /team remove NAME PLAYER.
func removeTeamPlayer(c *Context) (Reply, error) {
	id, err := teamNamed(c.State, c.Args["team"])
	if err != nil {
		return Reply{}, err
	}
	if t := c.State.Teams.Teams[id-1]; t.Captain != c.Actor() && !c.Is(storage.Organiser) {
		return Reply{}, problem("只有「%s」的队长或组织者可以移出队员。", "Only %q's captain or an organiser takes players out of it.", t.Name)
	}
	p, err := findPlayer(c.State, c.Args["player"])
	if err != nil {
		return Reply{}, err
	}
	if _, err := c.Update(func(ch *storage.Change) error {
		return ch.Append(&action.TeamMemberRemoved{Team: id, Entrant: p.Entrant})
	}); err != nil {
		return Reply{}, err
	}
	return Reply{Text: i18n.T{Zh: "已把 %s 移出「%s」。", En: "Took %s out of team %q."}.In(c.Lang, p.Name, c.State.Teams.Teams[id-1].Name)}, nil
}

// deleteTeam is /team delete NAME.
func deleteTeam(c *Context) (Reply, error) {
	id, err := teamNamed(c.State, c.Args["team"])
	if err != nil {
		return Reply{}, err
	}
	name, captain := c.State.Teams.Teams[id-1].Name, c.State.Teams.Teams[id-1].Captain
	if _, err := c.Update(func(ch *storage.Change) error {
		if err := ch.Append(&action.TeamRemoved{Team: id}); err != nil {
			return err
		}
		if !slices.ContainsFunc(ch.State.Teams.Teams, func(t action.TeamEntry) bool { return t.Captain == captain }) {
			ch.Revoke(captain.Platform, captain.User, storage.Captain)
		}
		return nil
	}); err != nil {
		return Reply{}, err
	}
	return Reply{Text: i18n.T{Zh: "已删除队伍「%s」；队员仍是报名选手。", En: "Deleted team %q; its players stay entered."}.In(c.Lang, name)}, nil
}

// renameTeam is /team rename OLD NEW, before the start.
func renameTeam(c *Context) (Reply, error) {
	name := c.Args["name"]
	return editTeam(c, &action.TeamEdited{Name: &name}, func(old string) string {
		return i18n.T{Zh: "队伍「%s」已改名为「%s」。", En: "Team %q is now called %q."}.In(c.Lang, old, name)
	})
}

// setTeamUnit is /team unit NAME UNIT, before the start.
func setTeamUnit(c *Context) (Reply, error) {
	unit := c.Args["unit"]
	return editTeam(c, &action.TeamEdited{Unit: &unit}, func(team string) string {
		return i18n.T{Zh: "队伍「%s」的单位：%s。", En: "Team %q's unit: %s."}.In(c.Lang, team, unit)
	})
}

// editTeam applies a, for the team the line names, when the sender is its
// captain or an organiser, and answers with said of the team's name as it
// was.
func editTeam(c *Context, a *action.TeamEdited, said func(team string) string) (Reply, error) {
	id, err := teamNamed(c.State, c.Args["team"])
	if err != nil {
		return Reply{}, err
	}
	t := c.State.Teams.Teams[id-1]
	if t.Captain != c.Actor() && !c.Is(storage.Organiser) {
		return Reply{}, problem("只有「%s」的队长或组织者可以修改它。", "Only %q's captain or an organiser can change it.", t.Name)
	}
	a.Team = id
	if _, err := c.Update(func(ch *storage.Change) error { return ch.Append(a) }); err != nil {
		return Reply{}, err
	}
	return Reply{Text: said(t.Name)}, nil
}

// withdrawTeam is /team withdraw NAME [ROUND] (R-W-1..4).
func withdrawTeam(c *Context) (Reply, error) {
	id, err := teamNamed(c.State, c.Args["team"])
	if err != nil {
		return Reply{}, err
	}
	if err := running(c.State); err != nil {
		return Reply{}, err
	}
	after := len(c.State.Teams.Rounds)
	if v, ok := c.Args["round"]; ok {
		after, _ = strconv.Atoi(v)
	}
	chats, err := eventChats(c)
	if err != nil {
		return Reply{}, err
	}
	name := c.State.Teams.Teams[id-1].Name
	if _, err := c.Update(func(ch *storage.Change) error {
		if err := ch.Append(&action.TeamWithdrawn{Team: id, After: after}); err != nil {
			return err
		}
		chats.announce(ch, teamWithdrawal(ch.State, id, after).In(chats.lang, name, after))
		return nil
	}); err != nil {
		return Reply{}, err
	}
	return chats.reply(i18n.T{Zh: "「%s」已退赛。", En: "Team %q has withdrawn."}.In(c.Lang, name)), nil
}

// showTeams is /teams: one block a team, phone-wide.
func showTeams(c *Context) (Reply, error) {
	if err := teamEvent(c.State); err != nil {
		return Reply{}, err
	}
	return Reply{Text: teamsText(c, c.State, c.Lang)}, nil
}

// teamsText lists the teams: "1 红星（一中）", its captain, then its
// players in board order, then its reserves and who asked to join.
func teamsText(c *Context, st *action.State, lang i18n.Lang) string {
	tm := st.Teams
	if len(tm.Teams) == 0 {
		return i18n.T{Zh: "还没有队伍。队长用 /team new 队名 注册。", En: "There is no team yet. A captain registers one with /team new NAME."}.In(lang)
	}
	ev := st.TeamEvent()
	captains := map[action.Actor]string{}
	var blocks []string
	for i, t := range tm.Teams {
		head := strconv.Itoa(i+1) + " " + t.Name
		if t.Unit != "" {
			head += i18n.T{Zh: "（%s）", En: " (%s)"}.In(lang, t.Unit)
		}
		if t.WithdrawnAfter != 0 {
			head += i18n.T{Zh: " 已退赛", En: " withdrawn"}.In(lang)
		}
		lines := []string{head}
		if name := captainName(c, captains, t.Captain); name != "" {
			lines = append(lines, i18n.T{Zh: "  队长 %s", En: "  captain %s"}.In(lang, name))
		}
		for b, id := range ev.Teams[i].Members {
			label := i18n.T{Zh: "  %d台 %s", En: "  B%d %s"}.In(lang, b+1, playerLine(&st.Event, id))
			switch {
			case tm.Rules.Totalled():
				label = "  " + playerLine(&st.Event, id) // no boards (R-TM-3)
			case b >= tm.Rules.Boards:
				label = i18n.T{Zh: "  替补 %s", En: "  reserve %s"}.In(lang, playerLine(&st.Event, id))
			}
			lines = append(lines, label)
		}
		for _, e := range t.Asking {
			if n, ok := st.Numbered(e); ok {
				lines = append(lines, i18n.T{Zh: "  申请中 %s", En: "  asking %s"}.In(lang, playerName(&st.Event, n)))
			}
		}
		if short := shortBoards(st, len(ev.Teams[i].Members), lang); short != "" {
			lines = append(lines, short)
		}
		blocks = append(blocks, strings.Join(lines, "\n"))
	}
	title := i18n.T{Zh: "「%s」%d 支队伍，每队 %d 台（%s）：", En: "%q: %d teams of %d boards (%s):"}.In(lang, st.Event.Name, len(tm.Teams), tm.Rules.Boards, named(tm.Rules.Lineup, lang))
	if tm.Rules.Totalled() {
		title = i18n.T{Zh: "「%s」%d 支队伍，每队前 %d 名计分（%s）：", En: "%q: %d teams, each team's best %d count (%s):"}.In(lang, st.Event.Name, len(tm.Teams), tm.Rules.Boards, named(tm.Rules.Lineup, lang))
	}
	return title + "\n" + strings.Join(blocks, "\n\n")
}

// shortBoards warns of a team of members players too few for its boards:
// an empty board is lost by forfeit every match (R-TM-1), which an
// organiser should hear before the start, while players can still be
// added. "" when the team is full enough, or under 队员总分制 (no boards).
func shortBoards(st *action.State, members int, lang i18n.Lang) string {
	boards := st.Teams.Rules.Boards
	if st.Teams.Rules.Totalled() || members >= boards {
		return ""
	}
	which := strconv.Itoa(members + 1)
	if members+1 < boards {
		which += "–" + strconv.Itoa(boards)
	}
	warn := i18n.T{Zh: "  ⚠ 缺 %d 人：第 %s 台每场判负（弃权）", En: "  ⚠ %d short: board %s lost by forfeit every match"}
	if members+1 < boards {
		warn.En = "  ⚠ %d short: boards %s lost by forfeit every match"
	}
	text := warn.In(lang, boards-members, which)
	if st.Status == action.Setup || st.Status == action.Signup {
		text += i18n.T{Zh: "；开赛前可用 /team add 补人", En: "; /team add fills them before the start"}.In(lang)
	}
	return text
}

// playerLine is a player as /teams shows them: number, name, rating.
func playerLine(ev *engine.Event, id int) string {
	p, _ := ev.Player(id)
	s := strconv.Itoa(p.ID) + " " + p.Name
	if p.Rating > 0 {
		s += " " + strconv.Itoa(p.Rating)
	}
	return s
}

// captainName is the name a captain goes by in the chat, "" when unknown.
func captainName(c *Context, known map[action.Actor]string, a action.Actor) string {
	if n, ok := known[a]; ok {
		return n
	}
	names, err := c.reads().UserNames(a.Platform, []string{a.User})
	if err != nil {
		return ""
	}
	known[a] = cmp.Or(names[a.User], a.User)
	return known[a]
}

// teamStartText announces a team event's start: the teams by their
// sequence numbers (R-SW-1), each with its players in board order.
func teamStartText(c *Context, st *action.State, by engine.Numbering, lang i18n.Lang) string {
	rated := slices.ContainsFunc(st.TeamEvent().TeamLevel().Players, func(p engine.Player) bool { return p.Rating > 0 })
	how := i18n.T{Zh: "按报名顺序", En: "in the order registered"}
	switch {
	case by == engine.Shuffled || by == engine.ByRating && !rated:
		how = i18n.T{Zh: "随机抽签", En: "at random"}
	case by == engine.ByRating:
		how = i18n.T{Zh: "按主力队员平均等级分", En: "by their regulars' mean rating"}
	}
	return i18n.T{Zh: "「%s」开赛！%d 支队伍，序号%s排定（R-SW-1）。", En: "%q has started! %d teams, numbered %s (R-SW-1)."}.In(lang, st.Event.Name, len(st.Teams.Teams), how.In(lang)) +
		"\n" + teamsText(c, st, lang)
}

// teamSeat is where player's team plays the current round, for /me: the
// opponent team and the match, and the player's board once the line-ups
// are revealed (R-TM-1). done says the player has no board this round
// (the line-ups are not revealed, the team has a bye, or the player is not
// in its line-up): nothing more is to be said of their game. It is "" for
// a player of no team or an event whose teams play no matches.
func teamSeat(st *action.State, player int, lang i18n.Lang) (line string, done bool) {
	if !playsTeamMatches(st) {
		return "", false
	}
	p, _ := st.Event.Player(player)
	team, round := st.TeamOf(p.Entrant), len(st.Teams.Rounds)
	if team == 0 || round == 0 {
		return "", false
	}
	rd := st.Teams.Rounds[round-1]
	if slices.Contains(rd.Byes, team) {
		return i18n.T{Zh: "第 %d 轮：你的队「%s」轮空。", En: "Round %d: your team %s has a bye."}.In(lang, round, teamName(st, team)), true
	}
	for i, m := range rd.Matches {
		if m.First != team && m.Second != team {
			continue
		}
		other := m.First + m.Second - team
		head := i18n.T{Zh: "第 %d 轮第 %d 场：你的队「%s」对「%s」", En: "Round %d match %d: your team %s v %s"}.In(lang, round, m.Number, teamName(st, team), teamName(st, other))
		if !m.Revealed {
			return head + i18n.T{Zh: "，出场名单尚未公布。", En: "; the line-ups are not yet revealed."}.In(lang), true
		}
		for _, g := range st.TeamEvent().Rounds[round-1].Matches[i].Games {
			if g.Red == player || g.Black == player {
				return head + i18n.T{Zh: "，你在%s。", En: "; you play on %s."}.In(lang, teamBoardLabel(st, st.Teams.Rules.Board(m.Number, g.Board), lang)), false
			}
		}
		return head + i18n.T{Zh: "，你不在本场出场名单中。", En: "; you are not in its line-up."}.In(lang), true
	}
	return "", false
}
