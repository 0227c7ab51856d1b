package commands

import (
	"errors"
	"slices"
	"strings"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/engine"
	"github.com/qisai/qisai/internal/i18n"
	"github.com/qisai/qisai/sheet"
	"github.com/qisai/qisai/storage"
)

// Categories, prizes, place points and the minimum of games in the chat
// (R-T-8, R-T-10..12): the players' categories (/category, or /join's
// last words), a category's ranking (/standings 女子), /event set's keys
// for them, and the tables they add beside the standings — in the
// announcements, the pictures, the files and the pages.

// awardsOf is st's awards as the sheets read them.
func awardsOf(st *action.State) sheet.Awards {
	aw := st.Awards
	out := sheet.Awards{Prizes: aw.Prizes, TeamPrizes: aw.TeamPrizes, PlacePoints: aw.PlacePoints, Minimum: aw.Minimum}
	for _, c := range aw.Categories {
		out.Categories = append(out.Categories, sheet.Category{Name: c.Name, Prizes: c.Prizes})
	}
	if aw.Minimum.Games > 0 {
		out.Left = gamesLeft(st)
	}
	return out
}

// gamesLeft is how many games each player may still play (R-T-12: the
// minimum cancels nobody who may yet reach it), by player ID, as the
// event's format counts them; nil once the event is over.
func gamesLeft(st *action.State) func(id int) int {
	if st.Status.Over() {
		return nil
	}
	return formatOf(st).gamesLeft(st)
}

// roundGamesLeft is the games left of an event paired round by round:
// the rounds still to come and the games still without a result, none
// for a player who withdrew.
func roundGamesLeft(st *action.State) func(id int) int {
	planned := st.Format().Rounds(st)
	return func(id int) int {
		p, ok := st.Event.Player(id)
		if !ok || p.WithdrawnAfter != 0 {
			return 0
		}
		h := st.Histories()[id]
		n := max(planned-len(h), 0)
		for _, e := range h {
			if e.Outcome == engine.OutcomePending || e.Outcome == engine.OutcomePostponed {
				n++
			}
		}
		return n
	}
}

// hasAwards reports whether st ranks its players beside the standings.
func hasAwards(st *action.State) bool {
	aw := st.Awards
	return len(aw.Categories) > 0 || aw.Prizes > 0 || aw.TeamPrizes > 0 || len(aw.PlacePoints) > 0 || aw.Minimum.Games > 0
}

// listWords splits a list typed with commas or spaces (，、 too).
func listWords(v string) []string {
	return strings.FieldsFunc(v, func(r rune) bool { return r == ',' || r == '，' || r == '、' || r == ' ' || r == '　' })
}

// parseWords reads a chain of rules, one a word of listWords, each by
// parse; an empty one is an error too.
func parseWords[T any](v string, parse func(string) (T, error)) ([]T, error) {
	var out []T
	for _, w := range listWords(v) {
		x, err := parse(w)
		if err != nil {
			return nil, err
		}
		out = append(out, x)
	}
	if len(out) == 0 {
		return nil, errors.New("no rule given")
	}
	return out, nil
}

// awardsHelp is /help event set's word on the awards.
var awardsHelp = i18n.T{
	Zh: "组别和奖项：组别 女子,少年（选手报名时选，或 /category 名字 组别 设定；每个组别另有排名，/standings 女子 查看）；奖项 8、奖项 女子 3 或 奖项 团体 3（获奖名次，不并列，R-T-8；奖状、成绩册的获奖名单都按它，录取名次 同义；不设时奖状发给前3名）；名次分 10,7,5,4,3,2,1（名次换成分数，按单位或队相加为团体总分，R-T-11）；最少局数 5 [全部|奖项|团体]（参赛不足的选手不计入获奖或团体总分，R-T-12）；名次加赛 快棋,抽签（不能并列的名次——小组出线名次、冠军、获奖名次——两人并列时，由组织者选择加赛或抽签，/playoff，R-T-8）。",
	En: "Categories and prizes: categories women,U12 (players pick at sign-up, or /category NAME CATEGORY sets them; each category has its own ranking, /standings women shows it); prizes 8, prizes women 3 or prizes team 3 (prize places, never shared, R-T-8; the certificates and the booklet's prize winners follow them, awards is the same setting; without any, certificates go to the first 3); place-points 10,7,5,4,3,2,1 (places into points, added up by unit or team into team totals, R-T-11); min-games 5 [all|prizes|totals] (players with fewer games count for no prize or team total, R-T-12); playoff blitz,lots (two players level for a place that may not be shared — a group's qualifying places, the champion, the prize places — are played off or drawn, an organiser choosing: /playoff, R-T-8).",
}

// awardKeys are /event set's keys of the awards.
var awardKeys = []eventKey{
	{
		names: []string{"categories", "组别"}, values: i18n.T{Zh: "组别名，逗号分开，如 女子,少年；- 清空", En: "category names joined by commas, e.g. women,U12; - clears them"},
		part: action.PlayerAwards,
		award: func(a *action.AwardsChanged, v string) error {
			cats := listWords(v)
			if v == "-" {
				cats = []string{}
			}
			a.Categories = &cats
			return nil
		},
		show: func(st *action.State, lang i18n.Lang) string { return categoriesText(st, lang) },
	},
	{
		// The one prize setting (R-T-8): the certificates, the booklet's
		// prize winners and the places that may not be shared all read
		// it. 录取名次 (awards), the papers' word for it, names the overall
		// ranking's.
		names:  []string{"prizes", "奖项", "获奖名次", "awards", "prize-places", "录取名次", "奖励名次"},
		values: i18n.T{Zh: "[组别|团体] 获奖名次数，如 8、女子 3 或 团体 3；0 不设", En: "[CATEGORY|team] prize places, e.g. 8, women 3 or team 3; 0 for none"},
		award: func(a *action.AwardsChanged, v string) error {
			words := strings.Fields(v)
			if len(words) == 0 || len(words) > 2 {
				return errors.New("not prize places")
			}
			n, ok := number(strings.TrimSuffix(strings.TrimPrefix(words[len(words)-1], "前"), "名"))
			if !ok || n < 0 || n > action.MaxAwards {
				return errors.New("not prize places")
			}
			p := &action.PrizeSet{Places: n}
			if len(words) == 2 {
				p.Category = words[0]
				if slices.ContainsFunc(teamWords, func(w string) bool { return strings.EqualFold(w, words[0]) }) { // prizes 团体 3
					p.Category, p.Team = "", true
				}
			}
			a.Prize = p
			return nil
		},
		show: func(st *action.State, lang i18n.Lang) string { return prizesText(st, lang) },
	},
	{
		names: []string{"place-points", "名次分"}, values: i18n.T{Zh: "从第 1 名起各名次的分数，如 10,7,5,3；- 不用", En: "points from 1st place down, e.g. 10,7,5,3; - for none"},
		part: action.PlayerAwards,
		award: func(a *action.AwardsChanged, v string) error {
			t := engine.PlaceTable{}
			if v != "-" {
				var err error
				if t, err = engine.ParsePlaceTable(v); err != nil {
					return problem("名次分应从第 1 名写起，逐名不增，如 10,7,5,3，不是「%s」。", "place points go from 1st place down, never rising, e.g. 10,7,5,3; not %q.", v)
				}
			}
			a.PlacePoints = &t
			return nil
		},
		show: func(st *action.State, lang i18n.Lang) string {
			if len(st.Awards.PlacePoints) == 0 {
				return i18n.T{Zh: "不用", En: "none"}.In(lang)
			}
			return st.Awards.PlacePoints.String()
		},
	},
	{
		names: []string{"min-games", "最少局数"}, values: i18n.T{Zh: "局数 [全部|奖项|团体]，如 5；0 不限", En: "GAMES [all|prizes|totals], e.g. 5; 0 for none"},
		part: action.PlayerAwards,
		award: func(a *action.AwardsChanged, v string) error {
			words := strings.Fields(v)
			if len(words) == 0 || len(words) > 2 {
				return errors.New("not a minimum")
			}
			n, ok := number(strings.TrimSuffix(words[0], "局"))
			if !ok || n < 0 {
				return errors.New("not a minimum")
			}
			m := engine.Minimum{Games: n, For: engine.AllRankings}
			if len(words) == 2 {
				r, err := engine.ParseRankings(words[1])
				if err != nil {
					return err
				}
				m.For = r
			}
			if n == 0 {
				m = engine.Minimum{}
			}
			a.Minimum = &m
			return nil
		},
		show: func(st *action.State, lang i18n.Lang) string { return minimumText(st.Awards.Minimum, lang) },
	},
	playoffKey, // playoff.go (R-T-8)
}

// categoriesText lists the event's categories, each with its players and
// its prizes: "女子（3 人，前 3 名获奖）、U12（5 人）".
func categoriesText(st *action.State, lang i18n.Lang) string {
	if len(st.Awards.Categories) == 0 {
		return i18n.T{Zh: "不分组别", En: "none"}.In(lang)
	}
	var parts []string
	for _, c := range st.Awards.Categories {
		n := 0
		for _, p := range st.Event.Players {
			if p.In(c.Name) {
				n++
			}
		}
		s := i18n.T{Zh: "%s（%d 人）", En: "%s (%d players)"}.In(lang, c.Name, n)
		if c.Prizes > 0 {
			s = i18n.T{Zh: "%s（%d 人，前 %d 名获奖）", En: "%s (%d players, %d prizes)"}.In(lang, c.Name, n, c.Prizes)
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, i18n.T{Zh: "、", En: ", "}.In(lang))
}

// prizesText says how many places of each ranking win prizes.
func prizesText(st *action.State, lang i18n.Lang) string {
	var parts []string
	if n := st.Awards.Prizes; n > 0 && playsTeamMatches(st) {
		parts = append(parts, i18n.T{Zh: "团体前 %d 名", En: "teams: %d"}.In(lang, n))
	} else if n > 0 {
		parts = append(parts, i18n.T{Zh: "总排名前 %d 名", En: "overall: %d"}.In(lang, n))
	}
	if n := st.Awards.TeamPrizes; n > 0 {
		parts = append(parts, i18n.T{Zh: "团体前 %d 名", En: "teams: %d"}.In(lang, n))
	}
	for _, c := range st.Awards.Categories {
		if c.Prizes > 0 {
			parts = append(parts, i18n.T{Zh: "%s前 %d 名", En: "%s: %d"}.In(lang, c.Name, c.Prizes))
		}
	}
	if len(parts) == 0 {
		return i18n.T{Zh: "未设", En: "not set"}.In(lang)
	}
	return strings.Join(parts, i18n.T{Zh: "，", En: "; "}.In(lang))
}

// minimumText shows R-T-12's rule: "5 局（奖项、团体）".
func minimumText(m engine.Minimum, lang i18n.Lang) string {
	if m.Games == 0 {
		return i18n.T{Zh: "不限", En: "none"}.In(lang)
	}
	return i18n.T{Zh: "%d 局（%s）", En: "%d games (%s)"}.In(lang, m.Games, named(m.For, lang))
}

// categoryArg is /standings' category: a category's ranking (R-T-10).
var categoryArg = Arg{Name: "category", Kind: Word, Optional: true, Help: i18n.T{Zh: "组别：显示该组别的排名，如 女子", En: "a category: show its ranking, e.g. women"}}

func categoryCommands() []*Command {
	return []*Command{{
		Name: "category", Aliases: []string{"组别"}, Who: Organiser,
		Args: []Arg{
			{Name: "player", Kind: Word, Optional: true, Help: i18n.T{Zh: "选手的序号或名字；不写则列出各组别", En: "the player's number or name; leave out to list the categories"}},
			{Name: "categories", Kind: Rest, Optional: true, Help: i18n.T{Zh: "组别，空格分开，如 女子 少年；- 清空", En: "categories, space between them, e.g. women U12; - clears them"}},
		},
		Help: i18n.T{Zh: "设定选手的组别（R-T-10），或列出各组别", En: "set a player's categories (R-T-10), or list the categories"},
		More: i18n.T{Zh: "同一场比赛统一编排，每个组别另有排名（总排名中本组选手的先后）和奖项。例如：/category 张三 女子 少年；/event set 组别 女子,少年 让选手报名时选（/join 名字 单位 女子）；/event set prizes 女子 3；/standings 女子 查看。",
			En: "One pairing for the whole event; each category has its own ranking (the overall order among its players) and prizes. For example: /category Zhang women U12; /event set categories women,U12 lets players pick at sign-up (/join NAME UNIT women); /event set prizes women 3; /standings women shows it."},
		Run: setCategories,
	}}
}

// setCategories sets a player's categories, or says what they are; with
// nobody named it lists the event's.
func setCategories(c *Context) (Reply, error) {
	st := c.State
	if playsTeamMatches(st) {
		return Reply{}, problem("团体赛按队排名，不分组别。", "A team event ranks its teams: it has no categories.")
	}
	who, given := c.Args["player"], c.Args["categories"]
	if who == "" {
		return Reply{Text: i18n.T{Zh: "本赛组别：%s。设定选手的组别：/category 名字 组别…", En: "The event's categories: %s. Set a player's: /category NAME CATEGORY…"}.In(c.Lang, categoriesText(st, c.Lang))}, nil
	}
	p, err := findPlayer(st, who)
	if err != nil {
		return Reply{}, err
	}
	if given == "" {
		return Reply{Text: i18n.T{Zh: "%s 的组别：%s", En: "%s's categories: %s"}.In(c.Lang, p.Name, categoryList(p.Categories, c.Lang))}, nil
	}
	cats := listWords(given)
	if given == "-" {
		cats = nil
	}
	var now []string
	if _, err := c.Update(func(ch *storage.Change) error {
		if err := ch.Append(&action.CategoriesSet{Entrant: p.Entrant, Categories: cats}); err != nil {
			return err
		}
		n, _ := ch.State.Numbered(p.Entrant)
		now = ch.State.Event.Players[n-1].Categories
		return nil
	}); err != nil {
		return Reply{}, err
	}
	return Reply{Text: i18n.T{Zh: "已设定 %s 的组别：%s。", En: "%s's categories: %s."}.In(c.Lang, p.Name, categoryList(now, c.Lang))}, nil
}

// categoryList names categories, "女子、U12", or says there are none.
func categoryList(cats []string, lang i18n.Lang) string {
	if len(cats) == 0 {
		return i18n.T{Zh: "无", En: "none"}.In(lang)
	}
	return strings.Join(cats, i18n.T{Zh: "、", En: ", "}.In(lang))
}

// joinCategories reads the categories a player picks at sign-up: the
// words after the unit, and the unit itself when it is one of the event's
// categories ("/join 王五 女子"). Each must be one of the categories the
// event has declared; it returns the unit left.
func joinCategories(st *action.State, unit, given string) (string, []string, error) {
	words := listWords(given)
	if _, ok := st.Awards.Category(unit); ok && unit != "" {
		words, unit = append([]string{unit}, words...), ""
	}
	if len(words) == 0 {
		return unit, nil, nil
	}
	if len(st.Awards.Categories) == 0 {
		return "", nil, problem("本赛不分组别：请只写名字和单位，如 /join 名字 单位。", "The event has no categories: give your name and unit only, e.g. /join NAME UNIT.")
	}
	var cats []string
	for _, w := range words {
		c, ok := st.Awards.Category(w)
		if !ok {
			return "", nil, problem("本赛没有「%s」组别。可选：%s。", "The event has no category %q. Choose from: %s.", w, categoryNames(st))
		}
		cats = append(cats, c.Name)
	}
	return unit, cats, nil
}

// categoryNames lists the event's categories by name.
func categoryNames(st *action.State) string {
	var names []string
	for _, c := range st.Awards.Categories {
		names = append(names, c.Name)
	}
	return strings.Join(names, "、")
}

// categoryStandings answers /standings CATEGORY: the category's ranking
// (R-T-10), as text or pictures.
func categoryStandings(c *Context, name string) (Reply, error) {
	st := c.State
	if playsTeamMatches(st) {
		return Reply{}, problem("团体赛按队排名，不分组别。输入 /standings 查看团体排名。", "A team event ranks its teams, not categories. Type /standings for the team standings.")
	}
	cat, ok := st.Awards.Category(name)
	if !ok {
		if len(st.Awards.Categories) == 0 {
			return Reply{}, problem("本赛不分组别。输入 /standings 查看排名。", "The event has no categories. Type /standings for the standings.")
		}
		return Reply{}, problem("本赛没有「%s」组别。可选：%s。", "The event has no category %q. Choose from: %s.", name, categoryNames(st))
	}
	t := sheet.CategoryStandings(sheetOf(st), cat.Name, c.Lang)
	if c.Args["as"] != "" {
		return showPicture(c, t)
	}
	if len(t.Rows) == 0 {
		return Reply{Text: t.Title + "\n" + i18n.T{Zh: "还没有选手在这个组别。用 /category 名字 %s 设定。", En: "Nobody is in this category yet. Set one with /category NAME %s."}.In(c.Lang, cat.Name)}, nil
	}
	return Reply{Text: tableText(t)}, nil
}

// tableText is a sheet as the chat shows it: its title, its brief table,
// its footer.
func tableText(t sheet.Table) string {
	return strings.Join(append([]string{t.Title, monoTable(t.BriefText(phoneWidth, nil))}, t.Footer...), "\n")
}

// awardsText is what the chat's standings say beside the players' ranking:
// the 团体总分 of place points (R-T-11), the prize winners once the event
// is over (R-T-8), and how to see each category's ranking (R-T-10); "" for
// an event without awards.
func awardsText(st *action.State, lang i18n.Lang) string {
	if !hasAwards(st) || playsTeamMatches(st) {
		return ""
	}
	e := sheetOf(st)
	var parts []string
	if len(st.Awards.PlacePoints) > 0 {
		parts = append(parts, tableText(sheet.PlacePoints(e, lang)))
	}
	if t := sheet.Prizes(e, lang); st.Status == action.Finished && len(t.Rows) > 0 {
		parts = append(parts, tableText(t))
	}
	if len(st.Awards.Categories) > 0 {
		var cmds []string
		for _, c := range st.Awards.Categories {
			cmds = append(cmds, "/standings "+c.Name)
		}
		parts = append(parts, i18n.T{Zh: "组别排名：%s", En: "Category rankings: %s"}.In(lang, strings.Join(cmds, i18n.T{Zh: "、", En: ", "}.In(lang))))
	}
	if len(parts) == 0 { // prizes alone, before the finish names their winners
		return ""
	}
	return "\n\n" + strings.Join(parts, "\n\n")
}

// awardFiles are the awards' tables as /export csv sends them.
func awardFiles(st *action.State, lang i18n.Lang) []sheetFile {
	if playsTeamMatches(st) {
		return nil
	}
	var out []sheetFile
	for _, t := range sheet.AwardTables(sheetOf(st), lang) {
		what := i18n.T{Zh: t.Title, En: t.Title}
		out = append(out, sheetFile{t, what, what})
	}
	return out
}

// prizeTables are the prize winners as a picture for the finish's
// announcement: none when no ranking names prizes.
func prizeTables(st *action.State, lang i18n.Lang) []sheet.Table {
	if playsTeamMatches(st) {
		return nil
	}
	if t := sheet.Prizes(sheetOf(st), lang); len(t.Rows) > 0 {
		return []sheet.Table{t}
	}
	return nil
}

// describeAwards says what an awards or play-off action did, for /log.
func describeAwards(a action.Action, st *action.State, lang i18n.Lang) string {
	switch a := a.(type) {
	case *action.CategoriesSet:
		return i18n.T{Zh: "%s 的组别：%s", En: "%s's categories: %s"}.In(lang, entrantWho(st, a.Entrant, lang), categoryList(a.Categories, lang))
	case *action.AwardsChanged:
		var parts []string
		if a.Categories != nil {
			parts = append(parts, i18n.T{Zh: "组别 %s", En: "categories %s"}.In(lang, categoryList(*a.Categories, lang)))
		}
		if p := a.Prize; p != nil && p.Team {
			parts = append(parts, i18n.T{Zh: "团体前 %d 名获奖", En: "%d team prizes"}.In(lang, p.Places))
		} else if p != nil && p.Category == "" {
			parts = append(parts, i18n.T{Zh: "总排名前 %d 名获奖", En: "%d overall prizes"}.In(lang, p.Places))
		} else if p != nil {
			parts = append(parts, i18n.T{Zh: "%s前 %d 名获奖", En: "%[2]d prizes in %[1]s"}.In(lang, p.Category, p.Places))
		}
		if a.PlacePoints != nil {
			parts = append(parts, i18n.T{Zh: "名次分 %s", En: "place points %s"}.In(lang, a.PlacePoints.String()))
		}
		if a.Minimum != nil {
			parts = append(parts, i18n.T{Zh: "最少局数 %s", En: "fewest games %s"}.In(lang, minimumText(*a.Minimum, lang)))
		}
		if a.Playoff != nil {
			parts = append(parts, i18n.T{Zh: "名次加赛 %s", En: "play-off rule %s"}.In(lang, chainText(*a.Playoff, lang)))
		}
		if len(parts) == 0 {
			return i18n.T{Zh: "修改组别和奖项", En: "changed the categories and prizes"}.In(lang)
		}
		return i18n.T{Zh: "设置：", En: "set "}.In(lang) + strings.Join(parts, i18n.T{Zh: "，", En: ", "}.In(lang))
	case *action.PlayoffChosen:
		if a.Lots {
			return i18n.T{Zh: "第 %d 名并列：抽签（%s）", En: "place %d's tie: lots (%s)"}.In(lang, a.Place, tieNames(st, a.Players, lang))
		}
		return i18n.T{Zh: "第 %d 名并列：加赛（%s）", En: "place %d's tie: a play-off (%s)"}.In(lang, a.Place, tieNames(st, a.Players, lang))
	case *action.PlayoffPlayed:
		return i18n.T{Zh: "第 %d 名加赛：%s", En: "place %d's play-off game: %s"}.In(lang, a.Place, resultText(a.Result))
	}
	return ""
}
