package commands

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/internal/i18n"
	"github.com/qisai/qisai/paper"
	"github.com/qisai/qisai/storage"
)

// The event's details for its papers (/export 秩序册, 成绩册, 奖状, xlsx):
// /event set host, venue, dates and awards. They may be set at any time,
// also once the event has finished (action.DetailsSet): the certificates
// are printed at the end.

// paperKey is one detail /event set sets for the papers.
type paperKey struct {
	names  []string // the English name first, then aliases; the first in Han characters is the Chinese name
	values i18n.T
	set    func(a *action.DetailsSet, v string) error
	show   func(i action.Info, lang i18n.Lang) string
}

// name is the key's name for a reader of lang.
func (k *paperKey) name(lang i18n.Lang) string {
	return (&eventKey{names: k.names}).name(lang)
}

var paperKeys = []paperKey{
	{
		names: []string{"host", "organiser", "主办单位", "主办"}, values: i18n.T{Zh: "主办单位，如 实验中学象棋协会；- 清除", En: "who holds the event, e.g. Riverside Xiangqi Club; - clears it"},
		set:  func(a *action.DetailsSet, v string) error { a.Host = detail(v); return nil },
		show: func(i action.Info, lang i18n.Lang) string { return orUnset(i.Host, lang) },
	},
	{
		names: []string{"venue", "比赛地点", "地点"}, values: i18n.T{Zh: "比赛地点；- 清除", En: "where it is played; - clears it"},
		set:  func(a *action.DetailsSet, v string) error { a.Venue = detail(v); return nil },
		show: func(i action.Info, lang i18n.Lang) string { return orUnset(i.Venue, lang) },
	},
	{
		names: []string{"dates", "date", "比赛日期", "日期"}, values: i18n.T{Zh: "比赛日期，如 2026年3月1日—2日；- 按各轮时间", En: "when it is played, e.g. 1–2 March 2026; - for the rounds' dates"},
		set: func(a *action.DetailsSet, v string) error { a.Dates = detail(v); return nil },
		show: func(i action.Info, lang i18n.Lang) string {
			if i.Dates == "" {
				return i18n.T{Zh: "按各轮时间", En: "the rounds' dates"}.In(lang)
			}
			return i.Dates
		},
	},
	{
		names: []string{"awards", "prize-places", "录取名次", "奖励名次"}, values: i18n.T{Zh: "每项录取前几名发奖状，0 为默认（前3名）", En: "how many places of each ranking get a certificate, 0 for the default (3)"},
		set: func(a *action.DetailsSet, v string) error {
			n, err := strconv.Atoi(v)
			if err != nil || n < 0 || n > action.MaxAwards {
				return problem("录取名次应是 0 到 %d 的数，不是「%s」。例如：/event set 录取名次 8", "awards is a number from 0 to %d, not %q. For example: /event set awards 8", action.MaxAwards, v)
			}
			a.Awards = &n
			return nil
		},
		show: func(i action.Info, lang i18n.Lang) string {
			if i.Awards == 0 {
				return i18n.T{Zh: "前%d名（默认）", En: "the first %d (default)"}.In(lang, paper.DefaultAwards)
			}
			return i18n.T{Zh: "前%d名", En: "the first %d"}.In(lang, i.Awards)
		},
	},
}

// detail is a detail's value as typed: "-" clears it.
func detail(v string) *string {
	if v == "-" {
		v = ""
	}
	return &v
}

func lookupPaperKey(name string) *paperKey {
	for i := range paperKeys {
		for _, n := range paperKeys[i].names {
			if strings.EqualFold(n, name) {
				return &paperKeys[i]
			}
		}
	}
	return nil
}

// setPaperKey sets one of the papers' details (action.DetailsSet).
func setPaperKey(c *Context, k *paperKey, v string) (Reply, error) {
	if v == "" {
		return Reply{}, problem("请写出 %[1]s 的值（%[2]s），例如：/event set %[1]s …", "Give %[1]s a value (%[2]s): /event set %[1]s …", k.name(c.Lang), k.values.In(c.Lang))
	}
	var shown string
	_, err := c.Update(func(ch *storage.Change) error {
		a := &action.DetailsSet{}
		if err := k.set(a, v); err != nil {
			return err
		}
		if err := ch.Append(a); err != nil {
			return err
		}
		shown = k.show(ch.State.Info, c.Lang)
		return nil
	})
	if err != nil {
		return Reply{}, err
	}
	return Reply{Text: i18n.T{Zh: "已设置：%s = %s。秩序册、成绩册和奖状（/export）都会写上。", En: "Set: %s = %s. The programme, the results booklet and the certificates (/export) say so."}.In(c.Lang, k.name(c.Lang), shown)}, nil
}

// paperKeysText are the lines /event set shows of the papers' details.
func paperKeysText(st *action.State, lang i18n.Lang) []string {
	lines := []string{i18n.T{Zh: "秩序册、成绩册和奖状：", En: "The programme, results booklet and certificates:"}.In(lang)}
	for i := range paperKeys {
		k := &paperKeys[i]
		lines = append(lines, fmt.Sprintf("%s = %s  [%s]", k.name(lang), k.show(st.Info, lang), k.values.In(lang)))
	}
	return lines
}

// detailsChange says in words what a DetailsSet set, for /log.
func detailsChange(a *action.DetailsSet, lang i18n.Lang) string {
	var parts []string
	for _, d := range []struct {
		name  i18n.T
		value *string
	}{
		{i18n.T{Zh: "主办单位", En: "host"}, a.Host},
		{i18n.T{Zh: "比赛地点", En: "venue"}, a.Venue},
		{i18n.T{Zh: "比赛日期", En: "dates"}, a.Dates},
	} {
		if d.value != nil {
			parts = append(parts, d.name.In(lang)+" "+orUnset(*d.value, lang))
		}
	}
	if a.Awards != nil {
		parts = append(parts, i18n.T{Zh: "录取名次 %d", En: "prize places %d"}.In(lang, *a.Awards))
	}
	if len(parts) == 0 {
		return i18n.T{Zh: "修改比赛资料", En: "changed the event's details"}.In(lang)
	}
	return i18n.T{Zh: "设置：", En: "set: "}.In(lang) + strings.Join(parts, i18n.T{Zh: "，", En: ", "}.In(lang))
}
