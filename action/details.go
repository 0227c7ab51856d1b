package action

import (
	"strings"
	"unicode/utf8"
)

// The event's details for its papers — the programme (秩序册) before it,
// the results booklet (成绩册) and the certificates (奖状) after it: who
// holds it, where, when, and how many places get a prize. Papers are
// printed before, during and after an event, and a certificate's host is
// often noticed missing only at the prize-giving, so the details may be
// set at any time, also once the event has finished; not once it was
// cancelled.

func init() {
	register(func() Action { return new(DetailsSet) })
}

// DetailsSet sets some of the event's details for its papers (Info.Host,
// Venue, Dates, Awards); the fields left nil stay as they were, "" or 0
// clears one.
type DetailsSet struct {
	Host   *string `json:"host,omitempty"`
	Venue  *string `json:"venue,omitempty"`
	Dates  *string `json:"dates,omitempty"`
	Awards *int    `json:"awards,omitempty"`
}

func (*DetailsSet) Kind() string { return "details-set" }

// MaxDetail is the longest a detail may be, in characters: a host's full
// name ("北京市职工体育协会 北京市社会体育管理中心") fits, a paragraph does not.
const MaxDetail = 100

// MaxAwards is the most places a ranking may give prizes to.
const MaxAwards = 100

func (a *DetailsSet) Apply(st *State) error {
	switch {
	case st.Event.Name == "":
		return refuse(Conflict, "还没有比赛", "there is no event yet").because(NoEvent)
	case st.Status == CalledOff:
		return refuse(Conflict, "比赛已经取消", "the event was cancelled").because(WasCalledOff)
	case a.Host == nil && a.Venue == nil && a.Dates == nil && a.Awards == nil:
		return refuse(Invalid, "没有要修改的内容", "nothing to change")
	case a.Awards != nil && (*a.Awards < 0 || *a.Awards > MaxAwards):
		return refuse(Invalid, "录取名次应在 0 到 %d 之间", "the prize places are 0 to %d", MaxAwards)
	}
	for _, s := range []*string{a.Host, a.Venue, a.Dates} {
		if s == nil {
			continue
		}
		if utf8.RuneCountInString(*s) > MaxDetail || strings.ContainsAny(*s, "\r\n") {
			return refuse(Invalid, "每项最多 %d 个字，写在一行内", "each detail is one line of at most %d characters", MaxDetail)
		}
	}
	set(&st.Info.Host, a.Host)
	set(&st.Info.Venue, a.Venue)
	set(&st.Info.Dates, a.Dates)
	set(&st.Info.Awards, a.Awards)
	return nil
}
