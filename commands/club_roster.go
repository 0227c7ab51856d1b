package commands

import (
	"errors"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/engine"
	"github.com/qisai/qisai/internal/i18n"
	"github.com/qisai/qisai/internal/names"
	"github.com/qisai/qisai/sheet"
	"github.com/qisai/qisai/storage"
)

// /roster (名册): the club's players across its events (R-E-4) — listed and
// searched by anyone in the group; added, set, renamed, merged, linked to
// chat users and removed by the organisers, each change in the roster's
// log (/roster log).

func clubRosterCommands() []*Command {
	name := func(help i18n.T) Arg { return Arg{Name: "name", Kind: Word, Help: help} }
	return []*Command{
		{
			// "/roster" alone lists it too: Discord's commands are one word
			// or a group's subcommand, never both.
			Name: "roster list", Aliases: []string{"名册", "roster"}, Who: Anyone, GroupOnly: true,
			Args: []Arg{{Name: "what", Kind: Rest, Optional: true, Help: i18n.T{Zh: "要找的名字、单位或组别（不写列出全部）", En: "a name, unit or category to search for (none lists everyone)"}}},
			Help: i18n.T{Zh: "俱乐部名册：历次比赛的选手，单位、等级分、组别、聊天用户", En: "the club's roster: the players of its events, with unit, rating, categories and chat user"},
			Run:  listRoster,
		},
		{
			Name: "roster add", Aliases: []string{"名册添加"}, Who: Anyone, GroupOnly: true,
			Args: []Arg{
				name(i18n.T{Zh: "姓名；有空格时加引号", En: "the name; quote it if it has spaces"}),
				{Name: "unit", Kind: Word, Optional: true, Help: i18n.T{Zh: "单位：俱乐部、学校或队", En: "the unit: club, school or team"}},
				{Name: "rating", Kind: Int, Optional: true, Help: i18n.T{Zh: "等级分", En: "the rating"}},
			},
			Help: i18n.T{Zh: "把选手加进名册（组织者）", En: "add a player to the roster (organisers)"},
			Run:  addMember,
		},
		{
			Name: "roster set", Aliases: []string{"名册设置"}, Who: Anyone, GroupOnly: true,
			Args: []Arg{
				name(i18n.T{Zh: "名册里的名字", En: "the name in the roster"}),
				{Name: "key", Kind: Choice, Choices: []string{"unit", "单位", "rating", "等级分", "categories", "组别"}, Help: i18n.T{Zh: "单位、等级分或组别", En: "unit, rating or categories"}},
				{Name: "value", Kind: Rest, Help: i18n.T{Zh: "新的值；- 清空", En: "the new value; - clears it"}},
			},
			Help: i18n.T{Zh: "修改名册里选手的单位、等级分或组别（组织者）", En: "set a roster player's unit, rating or categories (organisers)"},
			More: i18n.T{Zh: "组别可写几个，用空格或逗号分开：/roster set 张伟 组别 教师 男子。等级分：选手还没下过俱乐部的对局时，就是他的起始等级分；下过之后，从现在起是他的等级分（R-R-1）。",
				En: "Several categories are separated by spaces or commas: /roster set Zhang categories teachers men. A rating: for a player with no club game yet, their rating from the start; after that, their rating from now on (R-R-1)."},
			Run: setMember,
		},
		{
			Name: "roster rename", Aliases: []string{"名册改名"}, Who: Anyone, GroupOnly: true,
			Args: []Arg{name(i18n.T{Zh: "现在的名字", En: "the name now"}), {Name: "new", Kind: Word, Help: i18n.T{Zh: "新名字", En: "the new name"}}},
			Help: i18n.T{Zh: "给名册里的选手改名，记入名册记录（组织者）", En: "rename a roster player, logged (organisers)"},
			Run:  renameMember,
		},
		{
			Name: "roster merge", Aliases: []string{"名册合并"}, Who: Anyone, GroupOnly: true,
			Args: []Arg{name(i18n.T{Zh: "保留的名字", En: "the name to keep"}), {Name: "player", Kind: Word, Help: i18n.T{Zh: "并入它的名字（同一个人的另一条）", En: "the name to merge into it (another entry of the same person)"}}},
			Help: i18n.T{Zh: "把同一个人的两条名册合并，对局和聊天用户归到保留的一条，记入名册记录（组织者）", En: "merge two roster entries of one person: games and chat users go to the one kept; logged (organisers)"},
			Run:  mergeMembers,
		},
		{
			Name: "roster link", Aliases: []string{"名册关联"}, Who: Anyone, GroupOnly: true,
			Args: []Arg{
				name(i18n.T{Zh: "名册里的名字", En: "the name in the roster"}),
				{Name: "user", Kind: Person, Help: i18n.T{Zh: "聊天用户：@用户名，或回复对方的消息", En: "the chat user: @username, or reply to one of their messages"}},
			},
			Help: i18n.T{Zh: "把名册里的选手和聊天用户关联：以后他报名就是这名选手（组织者）", En: "link a roster player to a chat user: their entries are then this player (organisers)"},
			More: namingHelp,
			Run:  linkMember,
		},
		{
			Name: "roster remove", Aliases: []string{"名册删除"}, Who: Anyone, GroupOnly: true,
			Args: []Arg{name(i18n.T{Zh: "名册里的名字", En: "the name in the roster"})},
			Help: i18n.T{Zh: "从名册删除还没下过比赛的选手（组织者）", En: "remove a roster player who has played no event (organisers)"},
			Run:  removeMember,
		},
		{
			Name: "roster log", Aliases: []string{"名册记录"}, Who: Anyone, GroupOnly: true,
			Help: i18n.T{Zh: "名册的修改记录：谁在什么时候改了什么", En: "the roster's log: who changed what, when"},
			Run:  rosterLog,
		},
	}
}

// rosterShown is how many members /roster lists: a search narrows a big
// roster, /rating export gives all of it.
const rosterShown = 60

// listRoster is /roster [WORD]: the members, best rated first, those
// matching the word when there is one.
func listRoster(c *Context) (Reply, error) {
	cl, err := c.loadClub()
	if err != nil {
		return Reply{}, err
	}
	if len(cl.Members) == 0 {
		return Reply{}, problem("名册还是空的：比赛结束后选手会自动加进来；组织者也可以用 /roster add 名字 [单位] [等级分] 添加。", "The roster is empty: the players of each finished event join it; organisers can add players with /roster add NAME [UNIT] [RATING].")
	}
	list, err := cl.ratings(nil)
	if err != nil {
		return Reply{}, err
	}
	word := strings.ToLower(strings.TrimSpace(c.Args["what"]))
	var ms []storage.Member
	for _, m := range cl.Members {
		if word == "" || strings.Contains(strings.ToLower(m.Name+" "+m.Unit+" "+strings.Join(m.Categories, " ")), word) {
			ms = append(ms, m)
		}
	}
	if len(ms) == 0 {
		return Reply{}, problem("名册里没有和「%s」相符的选手。输入 /roster 查看全部。", "Nobody in the roster matches %q. Type /roster to see everyone.", c.Args["what"])
	}
	sortByRating(ms, list)
	t := &sheet.Text{Fit: phoneWidth, Shrink: []int{0, 1, 3}}
	t.Row(i18n.T{Zh: "名字", En: "Name"}.In(c.Lang), i18n.T{Zh: "单位", En: "Unit"}.In(c.Lang), i18n.T{Zh: "等级分", En: "Rating"}.In(c.Lang), i18n.T{Zh: "组别", En: "Groups"}.In(c.Lang), i18n.T{Zh: "用户", En: "User"}.In(c.Lang))
	provisional := false
	for _, m := range ms[:min(len(ms), rosterShown)] {
		r, prov := shownRating(list, int(m.ID))
		provisional = provisional || prov
		user := ""
		if len(m.Users) > 0 {
			user = "✓"
		}
		t.Row(m.Name, m.Unit, r, strings.Join(m.Categories, ","), user)
	}
	title := i18n.T{Zh: "名册（%d 人）", En: "The roster (%d players)"}.In(c.Lang, len(cl.Members))
	if word != "" {
		title = i18n.T{Zh: "名册中与「%s」相符的 %d 人", En: "%[2]d in the roster matching %[1]q"}.In(c.Lang, c.Args["what"], len(ms))
	}
	lines := []string{title, monoTable(t)}
	if provisional {
		lines = append(lines, provisionalNote(list, c.Lang))
	}
	if len(ms) > rosterShown {
		lines = append(lines, i18n.T{Zh: "还有 %d 人未列出：/roster 关键字 搜索，/rating export 导出全部。", En: "%d more not shown: search with /roster WORD, or export everyone with /rating export."}.In(c.Lang, len(ms)-rosterShown))
	}
	return Reply{Text: strings.Join(lines, "\n")}, nil
}

// sortByRating orders members best rated first, the unrated after them by
// name.
func sortByRating(ms []storage.Member, list *clubRatings) {
	slices.SortStableFunc(ms, func(a, b storage.Member) int {
		pa, okA := list.Player(int(a.ID))
		pb, okB := list.Player(int(b.ID))
		ra, rb := okA && pa.Rated, okB && pb.Rated
		switch {
		case ra && rb && pa.Rating != pb.Rating:
			if pa.Rating > pb.Rating {
				return -1
			}
			return 1
		case ra != rb:
			if ra {
				return -1
			}
			return 1
		}
		return strings.Compare(a.Name, b.Name)
	})
}

// shownRating is a member's rating as lists show it (R-R-5): rounded, "*"
// after a provisional one (R-R-3), "" for none.
func shownRating(list *clubRatings, member int) (string, bool) {
	p, ok := list.Player(member)
	if !ok || !p.Rated {
		return "", false
	}
	if list.Provisional(p) {
		return strconv.Itoa(p.Rounded()) + "*", true
	}
	return strconv.Itoa(p.Rounded()), false
}

// provisionalNote explains the "*" of a provisional rating (R-R-3).
func provisionalNote(list *clubRatings, lang i18n.Lang) string {
	return i18n.T{Zh: "* 临时等级分：下满 %d 局等级分对局后转正（R-R-3）。", En: "* provisional: established after %d rated games (R-R-3)."}.In(lang, list.Settings().Provisional)
}

// memberName checks a name for the roster as a player's name is checked.
func memberName(name string) (string, error) {
	clean, fault := names.Player(name)
	if fault != nil {
		return "", &Problem{Text: fault.T}
	}
	return clean, nil
}

// nameTaken refuses a name a member has, in any case or width.
func (cl *club) nameTaken(name string, except int64) error {
	if m, ok := cl.memberNamed(name); ok && m.ID != except {
		return problem("名册里已经有「%s」了。同名的另一个人请加上区分，如 %s(单位)。", "The roster has %q already. For another person of that name add what tells them apart, as in %s(UNIT).", m.Name, name)
	}
	return nil
}

// clubFor reads the request's club and checks that the sender organises
// it (what: clubDeeds).
func (c *Context) clubFor(what string) (*club, error) {
	cl, err := c.loadClub()
	if err != nil {
		return nil, err
	}
	return cl, c.mustOrganise(cl, what)
}

// addMember is /roster add NAME [UNIT] [RATING].
func addMember(c *Context) (Reply, error) {
	cl, err := c.clubFor("roster")
	if err != nil {
		return Reply{}, err
	}
	p, err := entry(c.Args, engine.Player{})
	if err != nil {
		return Reply{}, err
	}
	name, err := memberName(p.Name)
	if err != nil {
		return Reply{}, err
	}
	if err := cl.nameTaken(name, 0); err != nil {
		return Reply{}, err
	}
	m := storage.Member{Name: name, Unit: p.Unit, Rating: p.Rating}
	if err := c.clubChange(cl, func(ch *storage.ClubChange) error {
		if err := cl.nameTaken(name, 0); err != nil {
			return err
		}
		added, err := ch.AddMember(m)
		if err != nil {
			return err
		}
		m = added
		return ch.Log(inBoth(i18n.T{Zh: "添加了%s", En: "added %s"}, func(l i18n.Lang) []any { return []any{describeMember(m, l)} }))
	}); err != nil {
		return Reply{}, err
	}
	return Reply{Text: i18n.T{Zh: "名册已添加：%s。", En: "Added to the roster: %s."}.In(c.Lang, describeMember(m, c.Lang))}, nil
}

// describeMember is "王天一（杭州，2300）".
func describeMember(m storage.Member, lang i18n.Lang) string {
	var more []string
	if m.Unit != "" {
		more = append(more, m.Unit)
	}
	if m.Rating > 0 {
		more = append(more, strconv.Itoa(m.Rating))
	}
	if len(more) == 0 {
		return m.Name
	}
	return m.Name + i18n.T{Zh: "（%s）", En: " (%s)"}.In(lang, strings.Join(more, i18n.T{Zh: "，", En: ", "}.In(lang)))
}

// member is the member the name argument names.
func (c *Context) member(cl *club, arg string) (storage.Member, error) {
	m, ok := cl.memberNamed(c.Args[arg])
	if !ok {
		return m, noMember(c.Args[arg])
	}
	return m, nil
}

// rosterMember is the club of a /roster command's chat and the member its
// NAME names: what /roster set, rename, link and remove act on.
func (c *Context) rosterMember() (*club, storage.Member, error) {
	cl, err := c.clubFor("roster")
	if err != nil {
		return nil, storage.Member{}, err
	}
	m, err := c.member(cl, "name")
	return cl, m, err
}

// played reports whether the member has played in one of the club's
// events, finished or entered from the roster.
func (cl *club) played(id int64) bool {
	return slices.ContainsFunc(cl.Entries, func(e storage.MemberEntry) bool { return e.Member == id })
}

// setMember is /roster set NAME unit|rating|categories VALUE.
func setMember(c *Context) (Reply, error) {
	cl, m, err := c.rosterMember()
	if err != nil {
		return Reply{}, err
	}
	v := strings.TrimSpace(c.Args["value"])
	clear := v == "-"
	var what i18n.T
	switch c.Args["key"] {
	case "unit", "单位":
		m.Unit, what = v, i18n.T{Zh: "单位", En: "unit"}
		if clear {
			m.Unit = ""
		}
	case "categories", "组别":
		m.Categories, what = categories(v), i18n.T{Zh: "组别", En: "categories"}
		if clear {
			m.Categories = nil
		}
	default:
		n, ok := number(v)
		if clear {
			n, ok = 0, true
		}
		if !ok || n < 0 || n > 9999 {
			return Reply{}, problem("等级分应是 0–9999 的整数，不是「%s」。例如：/roster set %s 等级分 1800", "A rating is a whole number from 0 to 9999, not %q. For example: /roster set %s rating 1800", v, m.Name)
		}
		// R-R-1: before the member's first club game, the rating they
		// start with; after it, their rating from now on.
		m.Rating, m.RatedAt, what = n, time.Time{}, i18n.T{Zh: "等级分", En: "rating"}
		if cl.played(m.ID) {
			m.RatedAt = c.svc.now()
		}
	}
	if err := c.clubChange(cl, func(ch *storage.ClubChange) error {
		if err := ch.SaveMember(m); err != nil {
			return err
		}
		return ch.Log(inBoth(i18n.T{Zh: "把%s的%s设为%s", En: "set %s's %s to %s"}, func(l i18n.Lang) []any { return []any{m.Name, what.In(l), shownValue(v, l)} }))
	}); err != nil {
		return Reply{}, err
	}
	text := i18n.T{Zh: "已设置：%s 的%s = %s。", En: "Set: %s's %s = %s."}.In(c.Lang, m.Name, what.In(c.Lang), shownValue(v, c.Lang))
	if what.En == "rating" && !m.RatedAt.IsZero() {
		text += "\n" + i18n.T{Zh: "%s 已下过俱乐部的比赛：从现在起他的等级分是 %d，之前的比赛照旧（R-R-1）。", En: "%s has played club events: their rating is %d from now on, and the earlier events stand as rated (R-R-1)."}.In(c.Lang, m.Name, m.Rating)
	}
	return Reply{Text: text}, nil
}

// shownValue is a value set, "-" said as cleared.
func shownValue(v string, lang i18n.Lang) string {
	if v == "-" {
		return i18n.T{Zh: "（无）", En: "(none)"}.In(lang)
	}
	return v
}

// categories reads labels separated by spaces or commas (R-T-10).
func categories(v string) []string {
	var out []string
	for _, f := range strings.FieldsFunc(v, func(r rune) bool { return r == ',' || r == '，' || r == '、' || isSpace(r) }) {
		if !slices.Contains(out, f) {
			out = append(out, f)
		}
	}
	return out
}

// renameMember is /roster rename OLD NEW.
func renameMember(c *Context) (Reply, error) {
	cl, m, err := c.rosterMember()
	if err != nil {
		return Reply{}, err
	}
	name, err := memberName(c.Args["new"])
	if err != nil {
		return Reply{}, err
	}
	if err := cl.nameTaken(name, m.ID); err != nil {
		return Reply{}, err
	}
	old := m.Name
	m.Name = name
	if err := c.clubChange(cl, func(ch *storage.ClubChange) error {
		if err := ch.SaveMember(m); err != nil {
			return err
		}
		return ch.Log(i18n.F("把「%s」改名为「%s」", "renamed %q to %q", old, name))
	}); err != nil {
		return Reply{}, err
	}
	return Reply{Text: i18n.T{Zh: "已改名：「%s」现在叫「%s」。他的对局和等级分不变。", En: "Renamed: %q is now %q. Their games and rating stay."}.In(c.Lang, old, name)}, nil
}

// mergeMembers is /roster merge KEEP GONE: two entries of one person.
func mergeMembers(c *Context) (Reply, error) {
	cl, err := c.clubFor("roster")
	if err != nil {
		return Reply{}, err
	}
	keep, err := c.member(cl, "name")
	if err != nil {
		return Reply{}, err
	}
	gone, err := c.member(cl, "player")
	if err != nil {
		return Reply{}, err
	}
	if keep.ID == gone.ID {
		return Reply{}, problem("这是同一条名册：要合并的是同一个人的两条不同记录。", "That is one entry: merge two different entries of one person.")
	}
	if keep.Rating == 0 && gone.Rating > 0 {
		keep.Rating, keep.RatedAt = gone.Rating, gone.RatedAt
	}
	if keep.Unit == "" {
		keep.Unit = gone.Unit
	}
	for _, cat := range gone.Categories {
		if !slices.Contains(keep.Categories, cat) {
			keep.Categories = append(keep.Categories, cat)
		}
	}
	err = c.clubChange(cl, func(ch *storage.ClubChange) error {
		if err := ch.Merge(keep.ID, gone.ID); err != nil {
			return err
		}
		if err := ch.SaveMember(keep); err != nil {
			return err
		}
		return ch.Log(i18n.F("把「%s」并入「%s」", "merged %q into %q", gone.Name, keep.Name))
	})
	if errors.Is(err, storage.ErrBothPlayed) {
		return Reply{}, problem("「%s」和「%s」下过同一场比赛，不是同一个人，不能合并。", "%q and %q played in one event: they are two people and cannot be merged.", keep.Name, gone.Name)
	}
	if err != nil {
		return Reply{}, err
	}
	return Reply{Text: i18n.T{Zh: "已合并：「%[2]s」并入「%[1]s」，对局、等级分和聊天用户都归「%[1]s」。", En: "Merged: %[2]q into %[1]q; games, rating and chat users are now %[1]q's."}.In(c.Lang, keep.Name, gone.Name)}, nil
}

// linkMember is /roster link NAME USER.
func linkMember(c *Context) (Reply, error) {
	cl, m, err := c.rosterMember()
	if err != nil {
		return Reply{}, err
	}
	u, err := c.namedUser(c.Args["user"])
	if err != nil {
		return Reply{}, err
	}
	name := u.Name
	if name == "" {
		name = u.ID
	}
	if slices.Contains(m.Users, u.ID) {
		return Reply{}, problem("%s 已经关联了 %s。", "%s is linked to %s already.", m.Name, name)
	}
	was, had := cl.memberOf(u.ID)
	if err := c.clubChange(cl, func(ch *storage.ClubChange) error {
		if err := ch.Link(m.ID, u.ID); err != nil {
			return err
		}
		return ch.Log(i18n.F("把用户 %s 关联为「%s」", "linked user %s as %q", name, m.Name))
	}); err != nil {
		return Reply{}, err
	}
	text := i18n.T{Zh: "已关联：用户 %s 现在是名册里的「%s」，以后报名就是他。", En: "Linked: user %s is now %q in the roster; their entries are this player."}.In(c.Lang, name, m.Name)
	if had {
		text += "\n" + i18n.T{Zh: "他原来关联的是「%s」，已解除。", En: "They were linked to %q before; that link is gone."}.In(c.Lang, was.Name)
	}
	return Reply{Text: text}, nil
}

// removeMember is /roster remove NAME: a member who has played no event.
func removeMember(c *Context) (Reply, error) {
	cl, m, err := c.rosterMember()
	if err != nil {
		return Reply{}, err
	}
	if cl.played(m.ID) {
		return Reply{}, problem("「%[1]s」下过俱乐部的比赛，他的对局和等级分要留着，不能删除。同一个人有两条时请用 /roster merge 保留的名字 %[1]s。", "%[1]q has played club events, whose games and rating stay: they cannot be removed. For two entries of one person use /roster merge KEEP %[1]s.", m.Name)
	}
	if err := c.clubChange(cl, func(ch *storage.ClubChange) error {
		if err := ch.Remove(m.ID); err != nil {
			return err
		}
		return ch.Log(i18n.F("从名册删除了「%s」", "removed %q from the roster", m.Name))
	}); err != nil {
		return Reply{}, err
	}
	return Reply{Text: i18n.T{Zh: "已从名册删除「%s」。", En: "Removed %q from the roster."}.In(c.Lang, m.Name)}, nil
}

// rosterLogShown is how many lines /roster log shows, newest first.
const rosterLogShown = 30

// rosterLog is /roster log.
func rosterLog(c *Context) (Reply, error) {
	where, err := c.clubChat()
	if err != nil {
		return Reply{}, err
	}
	recs, err := c.svc.store.ClubLog(c, where, rosterLogShown)
	if err != nil {
		return Reply{}, err
	}
	if len(recs) == 0 {
		return Reply{}, problem("名册还没有修改记录。", "The roster's log is empty.")
	}
	users := make([]string, 0, len(recs))
	for _, r := range recs {
		users = append(users, r.Actor.User)
	}
	who, err := c.svc.store.UserNames(c, where.Platform, users)
	if err != nil {
		return Reply{}, err
	}
	loc := action.Info{}.Location() // a club's clock is China's, as an event's is by default
	lines := []string{i18n.T{Zh: "名册记录（最近 %d 条，新的在前）：", En: "The roster's log (the last %d, newest first):"}.In(c.Lang, len(recs))}
	for _, r := range recs {
		name := who[r.Actor.User]
		if name == "" {
			name = r.Actor.User
		}
		lines = append(lines, i18n.T{Zh: "%s %s：%s", En: "%s %s: %s"}.In(c.Lang, r.At.In(loc).Format("2006-01-02 15:04"), name, r.Text.In(c.Lang)))
	}
	return Reply{Text: strings.Join(lines, "\n")}, nil
}
