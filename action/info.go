package action

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

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
	// PreviewOf is the digest of the event the pairing preview was paired
	// on (State.Preview); the preview is stale once the event changes
	// (see State.PendingPreview).
	PreviewOf string `json:"previewOf,omitempty"`
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

func (i Info) clone() Info { return i }
