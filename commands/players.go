package commands

import (
	"cmp"
	"context"
	"errors"
	"slices"
	"strconv"
	"strings"

	"github.com/qisai/qisai/chat"
)

// PlayerChoice is a player an adapter offers when a user types a player's
// name: Discord's autocomplete for the PLAYER of /withdraw and /foul.
type PlayerChoice struct {
	Number int // the player's number, which findPlayer accepts as the argument
	Name   string
	Unit   string
}

// Players lists the players of the event chat follows whose name, a word
// of the name, or number starts with prefix (letter case aside), by
// number; all of them for an empty prefix. Players who withdrew are left
// out: no command that takes a PLAYER applies to them (R-W-1..4). A chat
// that follows no event has none, nor one whose events are ambiguous.
func (s *Service) Players(ctx context.Context, where chat.Chat, prefix string) ([]PlayerChoice, error) {
	_, st, err := s.findEvent(ctx, eventQuery{chat: where})
	var amb *ambiguousEvent
	if errors.Is(err, noEvent) || errors.Is(err, onlyCalledOff) || errors.As(err, &amb) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	prefix = strings.ToLower(strings.TrimSpace(prefix))
	var out []PlayerChoice
	for _, p := range st.Event.Players {
		if p.WithdrawnAfter != 0 || !matches(p.ID, p.Name, prefix) {
			continue
		}
		out = append(out, PlayerChoice{Number: p.ID, Name: p.Name, Unit: p.Unit})
	}
	slices.SortFunc(out, func(a, b PlayerChoice) int { return cmp.Compare(a.Number, b.Number) })
	return out, nil
}

// matches reports whether a player's number, name or a word of the name
// starts with prefix, which is in lower case.
func matches(number int, name, prefix string) bool {
	if strings.HasPrefix(strconv.Itoa(number), prefix) {
		return true
	}
	name = strings.ToLower(name)
	if strings.HasPrefix(name, prefix) {
		return true
	}
	for _, w := range strings.Fields(name) {
		if strings.HasPrefix(w, prefix) {
			return true
		}
	}
	return false
}
