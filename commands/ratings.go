package commands

import (
	"cmp"
	"fmt"
	"strconv"
	"strings"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/internal/i18n"
	"github.com/qisai/qisai/rating"
	"github.com/qisai/qisai/sheet"
	"github.com/qisai/qisai/storage"
)

// /rating (等级分): the club's rating list (R-R-1..5) — the top and the
// asker's row, a player's history, the list's settings, whether an event
// counts, and the list as a file (ratings_files.go).

func ratingCommands() []*Command {
	return []*Command{
		{
			Name: "rating list", Aliases: []string{"等级分", "rating"}, Who: Anyone, GroupOnly: true,
			Args: []Arg{{Name: "name", Kind: Rest, Optional: true, Help: i18n.T{Zh: "选手的名字：他的等级分变化；不写则列出等级分榜", En: "a player's name: their rating's history; none lists the rating list"}}},
			Help: i18n.T{Zh: "俱乐部等级分榜（历次比赛的对局按时间计算），或一名选手的等级分记录", En: "the club's rating list (from the games of its events, in date order), or a player's rating history"},
			More: i18n.T{Zh: "新等级分 = 原等级分 + K ×（实得分 − 预期得分）：每场比赛按赛前等级分一起计算，分差超过上限按上限算；弃权和轮空不计；没有等级分的选手第一次得到的是表现分（对手平均分，每高出 50% 半分加 12.5），下满几局前为临时等级分（R-R-1..5）。",
				En: "Rn = Ro + K·(W − We): each event rated at once on the ratings before it, a difference beyond the cap counted as the cap; forfeits and byes not rated; an unrated player's first rating is their performance (their opponents' average, 12.5 for each half point above 50 %), provisional for the first few games (R-R-1..5)."},
			Run: showRatings,
		},
		{
			Name: "rating set", Aliases: []string{"等级分设置"}, Who: Anyone, GroupOnly: true,
			Args: []Arg{
				{Name: "key", Kind: Choice, Optional: true, Choices: []string{"k", "cap", "provisional", "red", "start", "K值", "分差上限", "临时局数", "先手", "起始分"},
					Help: i18n.T{Zh: "K值、分差上限、临时局数、先手（红方先走的加分）或 起始分", En: "k, cap, provisional, red (red's first-move bonus R0) or start"}},
				{Name: "value", Kind: Word, Optional: true, Help: i18n.T{Zh: "新的值", En: "the new value"}},
			},
			Help: i18n.T{Zh: "等级分的设置：K值（30 或 fide）、分差上限（350 或 400）、临时局数、先手加分；不写则列出", En: "the rating list's settings: k (30 or fide), cap (350 or 400), provisional games, red's bonus; none lists them"},
			Run:  setRatings,
		},
		{
			Name: "rating event", Aliases: []string{"计算等级分"}, Who: Anyone, GroupOnly: true,
			Args: []Arg{{Name: "state", Kind: Choice, Choices: []string{"on", "off", "开", "关"}, Help: i18n.T{Zh: "开：这场比赛计算等级分；关：不计算", En: "on: the event's games are rated; off: they are not"}}},
			Help: i18n.T{Zh: "一场已结束的比赛是否计算等级分（加 #比赛名 指明；默认都计算）", En: "whether a finished event's games are rated (add #NAME to say which; all are by default)"},
			Run:  rateEvent,
		},
	}
}

// ratingShown is how many of the list /rating shows: the top, and the
// asker's row after them when it is further down.
const ratingShown = 20

// showRatings is /rating [NAME].
func showRatings(c *Context) (Reply, error) {
	cl, err := c.loadClub()
	if err != nil {
		return Reply{}, err
	}
	list, err := cl.ratings(nil)
	if err != nil {
		return Reply{}, err
	}
	if name := strings.TrimSpace(c.Args["name"]); name != "" {
		return ratingHistory(c, cl, list, name)
	}
	rated := list.Rated()
	if len(rated) == 0 {
		return Reply{}, problem("等级分榜还是空的：比赛结束后，对局会计入等级分；组织者也可以用 /roster set 名字 等级分 1800 这样设定。", "The rating list is empty: the games of each finished event are rated; organisers can also set a rating with /roster set NAME rating N.")
	}
	mine, _ := cl.memberOf(c.Req.User.ID)
	t := &sheet.Text{Fit: phoneWidth, Shrink: []int{1}}
	t.Row(i18n.T{Zh: "名次", En: "#"}.In(c.Lang), i18n.T{Zh: "姓名", En: "Name"}.In(c.Lang), i18n.T{Zh: "等级分", En: "Rating"}.In(c.Lang), i18n.T{Zh: "局数", En: "Games"}.In(c.Lang))
	provisional := false
	for i, p := range rated {
		shown := i < ratingShown || int(mine.ID) == p.ID && mine.ID != 0
		if !shown {
			continue
		}
		if i >= ratingShown && i > 0 {
			t.Row("…", "", "", "")
		}
		r, prov := shownRating(list, p.ID)
		provisional = provisional || prov
		m, _ := cl.Member(int64(p.ID))
		t.Row(strconv.Itoa(i+1), m.Name, r, strconv.Itoa(gamesRated(p)))
	}
	lines := []string{i18n.T{Zh: "等级分榜（%d 人；%s）", En: "The rating list (%d players; %s)"}.In(c.Lang, len(rated), ratingTerms(list.Settings(), c.Lang)), monoTable(t)}
	if provisional {
		lines = append(lines, provisionalNote(list, c.Lang))
	}
	if len(rated) > ratingShown {
		lines = append(lines, i18n.T{Zh: "只列出前 %d 名：/rating 名字 查看一名选手，/rating export 导出全部。", En: "The top %d only: /rating NAME shows a player, /rating export gives everyone."}.In(c.Lang, ratingShown))
	}
	return Reply{Text: strings.Join(lines, "\n")}, nil
}

// gamesRated is how many rated games a player's list counts: since their
// first rating, or since their rating was set by hand.
func gamesRated(p rating.Player) int {
	n := 0
	for _, e := range p.History {
		n += e.Games
	}
	return n
}

// ratingTerms says how the list is computed: "K=30，分差上限 350".
func ratingTerms(s rating.Settings, lang i18n.Lang) string {
	k := i18n.T{Zh: "K=%s", En: "K=%s"}.In(lang, strconv.FormatFloat(s.K, 'f', -1, 64))
	if s.KRule == rating.FIDEK {
		k = i18n.T{Zh: "K=40/20/10（FIDE）", En: "K=40/20/10 (FIDE)"}.In(lang)
	}
	out := k + i18n.T{Zh: "，分差上限 %s", En: ", difference capped at %s"}.In(lang, strconv.FormatFloat(s.Cap, 'f', -1, 64))
	if s.RedBonus != 0 {
		out += i18n.T{Zh: "，先手加 %s", En: ", red +%s"}.In(lang, strconv.FormatFloat(s.RedBonus, 'f', -1, 64))
	}
	return out
}

// ratingHistory is /rating NAME: the member's rating and each event and
// setting that made it.
func ratingHistory(c *Context, cl *club, list *clubRatings, name string) (Reply, error) {
	m, ok := cl.memberNamed(name)
	if !ok {
		return Reply{}, noMember(name)
	}
	p, rated := list.Player(int(m.ID))
	if !rated || len(p.History) == 0 {
		return Reply{}, problem("「%s」还没有等级分：下过等级分对局后就有（R-R-3）。", "%q has no rating yet: it comes with their first rated games (R-R-3).", m.Name)
	}
	now, _ := shownRating(list, p.ID)
	if now == "" {
		now = i18n.T{Zh: "无", En: "none"}.In(c.Lang)
	}
	head := i18n.T{Zh: "%s 的等级分：%s（%d 局）", En: "%s's rating: %s (%d games)"}.In(c.Lang, m.Name, now, gamesRated(p))
	t := &sheet.Text{Fit: phoneWidth, Shrink: []int{0}}
	t.Row(i18n.T{Zh: "比赛", En: "Event"}.In(c.Lang), i18n.T{Zh: "局", En: "G"}.In(c.Lang), i18n.T{Zh: "得分", En: "Pts"}.In(c.Lang), i18n.T{Zh: "等级分", En: "Rating"}.In(c.Lang), "±")
	for _, e := range p.History {
		what, games, score, change := i18n.T{Zh: "设定", En: "set"}.In(c.Lang), "", "", ""
		if e.Event != 0 {
			st, err := cl.state(storage.EventID(e.Event))
			if err != nil {
				return Reply{}, err
			}
			what, games, score = st.Event.Name, strconv.Itoa(e.Games), points(e.Score)
		}
		switch {
		case e.Set:
		case e.WasRated:
			change = fmt.Sprintf("%+d", e.Change())
		default:
			change = i18n.T{Zh: "首次", En: "first"}.In(c.Lang)
		}
		after := strconv.Itoa(rating.Round(e.After))
		if e.Set && e.After == 0 {
			after = i18n.T{Zh: "无", En: "none"}.In(c.Lang)
		}
		t.Row(what, games, score, after, change)
	}
	lines := []string{head, monoTable(t)}
	if list.Provisional(p) {
		lines = append(lines, provisionalNote(list, c.Lang))
	}
	return Reply{Text: strings.Join(lines, "\n")}, nil
}

// points shows a score: "2.5", "3".
func points(x float64) string { return strconv.FormatFloat(x, 'f', -1, 64) }

// ratingKeys are /rating set's keys by every name they have.
var ratingKeys = map[string]string{
	"k": settingK, "K值": settingK, "cap": settingCap, "分差上限": settingCap,
	"provisional": settingProvisional, "临时局数": settingProvisional,
	"red": settingRed, "先手": settingRed, "start": settingStart, "起始分": settingStart,
}

// setRatings is /rating set [KEY VALUE].
func setRatings(c *Context) (Reply, error) {
	key, v := ratingKeys[c.Args["key"]], strings.ToLower(narrow(c.Args["value"]))
	if key == "" {
		cl, err := c.loadClub()
		if err != nil {
			return Reply{}, err
		}
		s := ratingSettings(cl.Settings)
		red := i18n.T{Zh: "关", En: "off"}.In(c.Lang)
		if s.RedBonus != 0 {
			red = strconv.FormatFloat(s.RedBonus, 'f', -1, 64)
		}
		return Reply{Text: i18n.T{Zh: "等级分设置：%s；临时等级分 %d 局；先手加分 %s；无人有等级分时对手按 %s 计。\n修改：/rating set K值 30|fide，分差上限 350|400，临时局数 5，先手 40|关，起始分 1500。",
			En: "The rating list's settings: %s; provisional for %d games; red's bonus %s; unrated opponents count as %s when nobody met has a rating.\nChange them: /rating set k 30|fide, cap 350|400, provisional 5, red 40|off, start 1500."}.
			In(c.Lang, ratingTerms(s, c.Lang), s.Provisional, red, strconv.FormatFloat(s.Start, 'f', -1, 64))}, nil
	}
	if v == "" {
		return Reply{}, problem("缺少值。例如：/rating set K值 30", "The value is missing. For example: /rating set k 30")
	}
	value, err := ratingValue(key, v)
	if err != nil {
		return Reply{}, err
	}
	cl, err := c.clubFor("rating")
	if err != nil {
		return Reply{}, err
	}
	if err := c.clubChange(cl, func(ch *storage.ClubChange) error {
		if err := ch.Set(key, value); err != nil {
			return err
		}
		return ch.Log(i18n.F("等级分设置 %s = %s", "set the rating list's %s to %s", key, cmp.Or(value, "-")))
	}); err != nil {
		return Reply{}, err
	}
	return Reply{Text: i18n.T{Zh: "已设置：%s。等级分榜按新设置从头重算（R-R-1）。", En: "Set: %s. The list is computed again from the start with it (R-R-1)."}.In(c.Lang, ratingTerms(ratingSettings(cl.Settings), c.Lang))}, nil
}

// ratingValue checks a /rating set value and returns it as stored ("" for
// the default).
func ratingValue(key, v string) (string, error) {
	n, err := strconv.Atoi(v)
	switch key {
	case settingK:
		switch {
		case v == "fide":
			return "fide", nil
		case err == nil && n > 0 && n <= 100:
			return v, nil
		}
		return "", problem("K值应是 1–100 的整数或 fide（40/20/10），不是「%s」。", "k is a whole number from 1 to 100, or fide (40/20/10), not %q.", v)
	case settingCap:
		if err == nil && n >= 100 && n <= 1000 {
			return v, nil
		}
		return "", problem("分差上限应是 100–1000 的整数（象棋 350，FIDE 400），不是「%s」。", "The cap is a whole number from 100 to 1000 (350 in xiangqi, 400 in FIDE's), not %q.", v)
	case settingProvisional:
		if err == nil && n >= 0 && n <= 50 {
			return v, nil
		}
		return "", problem("临时局数应是 0–50 的整数，不是「%s」。", "provisional is a whole number from 0 to 50, not %q.", v)
	case settingRed:
		if on, ok := onOff(v); ok {
			if on {
				return "40", nil // R-R-4: red's 0.555, rounded
			}
			return "", nil
		}
		if err == nil && n >= 0 && n <= 200 {
			return v, nil
		}
		return "", problem("先手加分应是 0–200 的整数，或 开（40）/ 关，不是「%s」。", "red is a whole number from 0 to 200, or on (40) / off, not %q.", v)
	}
	if err == nil && n >= 100 && n <= 3000 {
		return v, nil
	}
	return "", problem("起始分应是 100–3000 的整数，不是「%s」。", "start is a whole number from 100 to 3000, not %q.", v)
}

// rateEvent is /rating event on|off [#NAME]: whether a finished event's
// games are rated.
func rateEvent(c *Context) (Reply, error) {
	cl, err := c.clubFor("rating")
	if err != nil {
		return Reply{}, err
	}
	evs, err := c.svc.store.ChatEvents(c, cl.Chat)
	if err != nil {
		return Reply{}, err
	}
	e, err := pickEvent(evs, c.named, func(s action.Status) bool { return false })
	if err != nil {
		return Reply{}, err
	}
	if !cl.Took(e.ID) {
		return Reply{}, problem("「%s」还没有结束：比赛结束后才计算等级分。", "%q has not finished: events are rated once they finish.", e.Name)
	}
	on, _ := onOff(c.Args["state"])
	if err := c.clubChange(cl, func(ch *storage.ClubChange) error {
		if err := ch.Rate(e.ID, on); err != nil {
			return err
		}
		return ch.Log(inBoth(i18n.T{Zh: "「%s」计算等级分：%s", En: "rate %q: %s"}, func(l i18n.Lang) []any { return []any{e.Name, showOnOff(on, l)} }))
	}); err != nil {
		return Reply{}, err
	}
	if on {
		return Reply{Text: i18n.T{Zh: "「%s」的对局计算等级分，等级分榜已重算。", En: "%q is rated; the list is computed again."}.In(c.Lang, e.Name)}, nil
	}
	return Reply{Text: i18n.T{Zh: "「%s」的对局不再计算等级分，等级分榜已重算。", En: "%q is no longer rated; the list is computed again."}.In(c.Lang, e.Name)}, nil
}
