package action

import (
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/qisai/qisai/engine"
)

// The event's settings: the rules' (engine.Settings, SettingsChanged) and
// the organiser's details beyond them (Info, InfoChanged).

func init() {
	register(func() Action { return new(SettingsChanged) })
	register(func() Action { return new(InfoChanged) })
}

// SettingsChanged replaces the event's settings. Before the start anything
// may change; once rounds are played only what does not touch them: the
// number of rounds (not below those paired), the tiebreaks and how shared
// places are written.
type SettingsChanged struct {
	Settings engine.Settings `json:"settings"`
}

func (*SettingsChanged) Kind() string { return "settings-changed" }

func (a *SettingsChanged) Apply(st *State) error {
	if err := open(st); err != nil {
		return err
	}
	if st.Status == Running {
		if n := a.Settings.Rounds; n != 0 && n < len(st.Event.Rounds) {
			return refuse(Conflict, "已经编排了 %d 轮，比赛不能只有 %d 轮", "%d rounds are paired already; the event cannot have only %d", len(st.Event.Rounds), n)
		}
		if !reflect.DeepEqual(fixedSettings(st.Event.Settings), fixedSettings(a.Settings)) {
			return refuse(Conflict, "比赛已经开始：只能修改轮数和名次规则", "the event has started: only the number of rounds and the tiebreaks may change")
		}
	}
	st.Event.Settings = a.Settings
	return nil
}

// fixedSettings blanks what may change once the event runs.
func fixedSettings(s engine.Settings) engine.Settings {
	s.Rounds, s.Tiebreaks, s.SharedPlaceSkips = 0, nil, false
	return s
}

// InfoChanged sets some of the event's details (Info); the fields left nil
// stay as they were. Details may change at any time until the event
// finishes: they do not touch the rules' results.
type InfoChanged struct {
	TimeControl    *string         `json:"timeControl,omitempty"`
	LateAfter      *time.Duration  `json:"lateAfter,omitempty"`
	RemindBefore   *time.Duration  `json:"remindBefore,omitempty"`
	ConfirmWithin  *time.Duration  `json:"confirmWithin,omitempty"`
	FreeDrawOffers *bool           `json:"freeDrawOffers,omitempty"`
	OfferFoul      *bool           `json:"offerFoul,omitempty"`
	FoulsToLose    *int            `json:"foulsToLose,omitempty"`
	Zone           *string         `json:"zone,omitempty"`
	LinkCode       *string         `json:"linkCode,omitempty"`
	Pictures       *string         `json:"pictures,omitempty"`
	Lang           *string         `json:"lang,omitempty"`
	Leaves         *int            `json:"leaves,omitempty"`
	LeaveWorth     *engine.ByeKind `json:"leaveWorth,omitempty"`
	LeaveAuto      *bool           `json:"leaveAuto,omitempty"`
	LateWorth      *engine.ByeKind `json:"lateWorth,omitempty"`
}

func (*InfoChanged) Kind() string { return "info-changed" }

func (a *InfoChanged) Apply(st *State) error {
	if err := open(st); err != nil {
		return err
	}
	switch {
	case a.TimeControl == nil && a.LateAfter == nil && a.RemindBefore == nil && a.ConfirmWithin == nil &&
		a.FreeDrawOffers == nil && a.OfferFoul == nil && a.FoulsToLose == nil && a.Zone == nil && a.LinkCode == nil &&
		a.Pictures == nil && a.Lang == nil && a.Leaves == nil && a.LeaveWorth == nil && a.LeaveAuto == nil && a.LateWorth == nil:
		return refuse(Invalid, "没有要修改的内容", "nothing to change")
	case a.LateAfter != nil && *a.LateAfter < 0, a.ConfirmWithin != nil && *a.ConfirmWithin < 0,
		a.RemindBefore != nil && *a.RemindBefore < 0:
		return refuse(Invalid, "时间不能是负数", "a time limit cannot be negative")
	case a.FoulsToLose != nil && *a.FoulsToLose < 0:
		return refuse(Invalid, "判负的犯规次数不能是负数", "the fouls that lose a game cannot be negative")
	case a.LinkCode != nil && *a.LinkCode == "":
		return refuse(Invalid, "关联代码不能为空", "a link code cannot be empty")
	case a.Pictures != nil && *a.Pictures != "" && *a.Pictures != "on" && *a.Pictures != "off":
		return refuse(Invalid, "图片设置应是 auto、on 或 off", "pictures are auto, on or off")
	case a.Lang != nil && *a.Lang != "zh" && *a.Lang != "en":
		return refuse(Invalid, "比赛语言应是中文（zh）或英文（en）", "an event's language is zh or en")
	}
	if a.Zone != nil {
		if _, err := ParseZone(*a.Zone); err != nil {
			return refuse(Invalid, "%q 不是时区：请写 UTC+8 或 -5:30", "%q is not an offset from UTC: write UTC+8 or -5:30", *a.Zone)
		}
	}
	set(&st.Info.TimeControl, a.TimeControl)
	set(&st.Info.LateAfter, a.LateAfter)
	set(&st.Info.RemindBefore, a.RemindBefore)
	set(&st.Info.ConfirmWithin, a.ConfirmWithin)
	set(&st.Info.FreeDrawOffers, a.FreeDrawOffers)
	set(&st.Info.OfferFoul, a.OfferFoul)
	set(&st.Info.FoulsToLose, a.FoulsToLose)
	set(&st.Info.Zone, a.Zone)
	set(&st.Info.LinkCode, a.LinkCode)
	set(&st.Info.Pictures, a.Pictures)
	set(&st.Info.Lang, a.Lang)
	set(&st.Info.Leaves, a.Leaves)
	set(&st.Info.LeaveWorth, a.LeaveWorth)
	set(&st.Info.LeaveAuto, a.LeaveAuto)
	set(&st.Info.LateWorth, a.LateWorth)
	if p := &st.Play; a.RemindBefore != nil && p.Round == len(st.Event.Rounds) && !p.Starts.IsZero() && !st.At.Before(p.Starts) {
		// Reminders asked for once the round has started: its reminder
		// was not missed, there was none to send.
		p.Reminded = true
	}
	st.leaveEvent()
	return nil
}

// set copies *v to *dst when v is given.
func set[T any](dst *T, v *T) {
	if v != nil {
		*dst = *v
	}
}

// Info is the organiser's details of an event beyond the rules' settings:
// what players are told and what the bot enforces in the games. The zero
// Info is an event with none of them set; InfoChanged sets them one at a
// time.
type Info struct {
	// TimeControl is announced with the pairings, free text: "25分+5秒"
	// (R-G-5). The bot does not time games.
	TimeControl string `json:"timeControl,omitempty"`
	// LateAfter is the late-arrival limit (R-G-4): a player not checked in
	// at the board this long after the round starts (its start time, else
	// its publication: State.LateDeadline) loses by forfeit. 0: no limit,
	// the arbiter decides.
	LateAfter time.Duration `json:"lateAfter,omitempty"`
	// RemindBefore is how long before a round's start time the scheduler
	// reminds the event's chats and players (RoundReminded). 0: no
	// reminders; neither for a round published without a start time.
	RemindBefore time.Duration `json:"remindBefore,omitempty"`
	// ConfirmWithin is the result-confirmation window (R-G-1): a reported
	// result the opponent neither confirms nor disputes within it stands.
	// 0: a report waits for the opponent or an arbiter.
	ConfirmWithin time.Duration `json:"confirmWithin,omitempty"`
	// FreeDrawOffers turns R-G-2's alternation off: a player whose draw
	// offer was declined may offer again at once. Off by default: offers
	// alternate (§23.1).
	FreeDrawOffers bool `json:"freeDrawOffers,omitempty"`
	// OfferFoul records a second draw offer after a refusal as a foul
	// (§9.1.3) besides refusing it (R-G-2).
	OfferFoul bool `json:"offerFoul,omitempty"`
	// FoulsToLose is how many fouls lose a game (R-G-3); 0 means the
	// national rules' 3 (see FoulLimit).
	FoulsToLose int `json:"foulsToLose,omitempty"`
	// Zone is the clock the event's times are shown in, "UTC+8"; "" is
	// UTC+8, China's (see Location).
	Zone string `json:"zone,omitempty"`
	// LinkCode is the secret another chat types to follow the event
	// ("/link CODE"); "" until an organiser asks for one.
	LinkCode string `json:"linkCode,omitempty"`
	// Pictures says whether the round's announcements come with pictures
	// of the sheets: "on", "off", or "" for auto (a large field only; the
	// commands decide how large).
	Pictures string `json:"pictures,omitempty"`
	// Lang is the language everything said to the event's chats is in,
	// "zh" or "en", whoever's command caused it; "" (an event created
	// before it was kept) is Chinese. Created sets the creator's.
	Lang string `json:"lang,omitempty"`
	// Leaves is how many requested byes a player may have (R-E-2); 0 is
	// DefaultLeaveLimit, below 0 none. LeaveWorth is what one scores:
	// FullBye, ZeroBye, or else a draw's value (HalfBye). LeaveAuto grants
	// every request without an organiser.
	Leaves     int            `json:"leaves,omitempty"`
	LeaveWorth engine.ByeKind `json:"leaveWorth,omitempty"`
	LeaveAuto  bool           `json:"leaveAuto,omitempty"`
	// LateWorth is what each round a late entrant missed scores (R-E-1):
	// engine.LateDraw a draw's value, else nothing (LateBye).
	LateWorth engine.ByeKind `json:"lateWorth,omitempty"`
	// Host, Venue and Dates are what the papers say of the event (主办单位,
	// 比赛地点, 比赛日期), Awards how many places of each ranking get a
	// prize (录取名次; 0: the papers' default); DetailsSet sets them.
	Host   string `json:"host,omitempty"`
	Venue  string `json:"venue,omitempty"`
	Dates  string `json:"dates,omitempty"`
	Awards int    `json:"awards,omitempty"`
	// Entry is the sign-up rules (R-E-5: signup.go), set by
	// EntryRulesSet; Schedule the rounds' planned starts, in order of the
	// rounds (schedule.go), set by ScheduleSet.
	Entry    Entry     `json:"entry,omitzero"`
	Schedule []Planned `json:"schedule,omitempty"`
}

// NationalFouls is how many fouls lose a game under the national rules
// (R-G-3).
const NationalFouls = 3

// FoulLimit is how many fouls lose a game (R-G-3).
func (i Info) FoulLimit() int {
	if i.FoulsToLose > 0 {
		return i.FoulsToLose
	}
	return NationalFouls
}

// DefaultZone is the zone of an event that has not chosen one.
const DefaultZone = "UTC+8"

// Location is the event's clock for showing times.
func (i Info) Location() *time.Location {
	z := i.Zone
	if z == "" {
		z = DefaultZone
	}
	off, err := ParseZone(z)
	if err != nil {
		off = 8 * 60
	}
	return time.FixedZone(z, off*60)
}

// ParseZone reads an offset from UTC, "UTC+8", "+8", "-5:30", "UTC", and
// returns it in minutes east of UTC.
func ParseZone(s string) (int, error) {
	t := strings.ToUpper(strings.TrimSpace(s))
	t = strings.TrimPrefix(strings.TrimPrefix(t, "UTC"), "GMT")
	if t == "" {
		return 0, nil
	}
	sign := 1
	switch t[0] {
	case '-':
		sign = -1
		t = t[1:]
	case '+':
		t = t[1:]
	}
	h, m, hasMin := strings.Cut(t, ":")
	hours, err := strconv.Atoi(h)
	minutes := 0
	if err == nil && hasMin {
		minutes, err = strconv.Atoi(m)
	}
	if err != nil || hours > 14 || minutes < 0 || minutes >= 60 || hours < 0 {
		return 0, fmt.Errorf("%q is not an offset from UTC: write UTC+8 or -5:30", s)
	}
	return sign * (hours*60 + minutes), nil
}

func (i Info) clone() Info {
	i.Schedule = slices.Clone(i.Schedule)
	return i
}
