package commands

import (
	"strings"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/internal/i18n"
)

// The event's details for its papers (/export 秩序册, 成绩册, 奖状, xlsx):
// /event set host, venue and dates (the prize places are the prizes
// setting's, awards.go). They may be set at any time,
// also once the event has finished (action.DetailsSet): the certificates
// are printed at the end.

// paperKeys are /event set's keys of the papers' details: the event's
// host (主办单位), venue and dates.
var paperKeys = []eventKey{
	{
		names: []string{"host", "organiser", "主办单位", "主办"}, values: i18n.T{Zh: "主办单位，如 实验中学象棋协会；- 清除", En: "who holds the event, e.g. Riverside Xiangqi Club; - clears it"},
		details: func(a *action.DetailsSet, v string) error { a.Host = detail(v); return nil },
		show:    func(st *action.State, lang i18n.Lang) string { return orUnset(st.Info.Host, lang) },
	},
	{
		names: []string{"venue", "比赛地点", "地点"}, values: i18n.T{Zh: "比赛地点；- 清除", En: "where it is played; - clears it"},
		details: func(a *action.DetailsSet, v string) error { a.Venue = detail(v); return nil },
		show:    func(st *action.State, lang i18n.Lang) string { return orUnset(st.Info.Venue, lang) },
	},
	{
		names: []string{"dates", "date", "比赛日期", "日期"}, values: i18n.T{Zh: "比赛日期，如 2026年3月1日—2日；- 按各轮时间", En: "when it is played, e.g. 1–2 March 2026; - for the rounds' dates"},
		details: func(a *action.DetailsSet, v string) error { a.Dates = detail(v); return nil },
		show: func(st *action.State, lang i18n.Lang) string {
			if st.Info.Dates == "" {
				return i18n.T{Zh: "按各轮时间", En: "the rounds' dates"}.In(lang)
			}
			return st.Info.Dates
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
	if a.Awards != nil { // an older log's 录取名次, now the prizes setting's
		parts = append(parts, i18n.T{Zh: "录取名次 %d", En: "prize places %d"}.In(lang, *a.Awards))
	}
	if len(parts) == 0 {
		return i18n.T{Zh: "修改比赛资料", En: "changed the event's details"}.In(lang)
	}
	return i18n.T{Zh: "设置：", En: "set: "}.In(lang) + strings.Join(parts, i18n.T{Zh: "，", En: ", "}.In(lang))
}
