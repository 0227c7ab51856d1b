package commands

import (
	"strings"

	"github.com/qisai/qisai/chat"
	"github.com/qisai/qisai/internal/i18n"
	"github.com/qisai/qisai/storage"
)

// Several events at once: a group that follows more than one unfinished
// event (a students' and a teachers' section), and a user who plays in or
// runs more than one, read each message of an event with the event's name
// before it — "【学生组】第1轮对阵…" — so that two rounds' notes are never
// two identical messages. A message that names its event already is left
// as it is, and so is everything said where only one event is under way.

// eventTag is the name put before a message of the event called name.
func eventTag(name string, lang i18n.Lang) string {
	return i18n.T{Zh: "【%s】", En: "[%s] "}.In(lang, name)
}

// tagged is text with the event's tag before it; a text that opens with a
// monospace block keeps the block's fence on a line of its own.
func tagged(tag, text string) string {
	if strings.HasPrefix(text, chat.Fence) {
		return strings.TrimSpace(tag) + "\n" + text
	}
	return tag + text
}

// nameEvent puts the event's name before each message ch sends to a chat
// or a user with more than one unfinished event, and before what v (the
// command's voice, nil for the scheduler) says in the request's chat: in
// the event's language in a group, in the reader's in a private chat.
func nameEvent(ch *storage.Change, v *voice) error {
	name := ch.State.Event.Name
	var groups []chat.Chat
	users := map[string][]string{} // by platform
	ch.EachMessage(func(m *chat.Message) {
		switch {
		case m.Text == "" || strings.Contains(m.Text, name):
		case m.Chat.IsPrivate():
			users[m.Chat.Platform] = append(users[m.Chat.Platform], m.Chat.User())
		default:
			groups = append(groups, m.Chat)
		}
	})
	if v != nil && v.here {
		groups = append(groups, v.at)
	}
	if len(groups) == 0 && len(users) == 0 {
		return nil
	}
	open, err := ch.OpenEvents(groups)
	if err != nil {
		return err
	}
	busy := map[chat.Chat]i18n.Lang{} // the private chats to name it in, in their readers' language
	for platform, us := range users {
		counts, err := ch.UsersOpenEvents(platform, us)
		if err != nil {
			return err
		}
		langs, err := ch.Langs(platform, us)
		if err != nil {
			return err
		}
		for _, u := range us {
			if counts[u] > 1 {
				busy[chat.Private(platform, u)] = noteLang(langs[u])
			}
		}
	}
	lang := eventLang(ch.State)
	ch.EachMessage(func(m *chat.Message) {
		if m.Text == "" || strings.Contains(m.Text, name) {
			return
		}
		if l, ok := busy[m.Chat]; ok {
			m.Text = tagged(eventTag(name, l), m.Text)
		} else if !m.Chat.IsPrivate() && open[m.Chat.Root()] > 1 {
			m.Text = tagged(eventTag(name, lang), m.Text)
		}
	})
	if v != nil && v.here && open[v.at.Root()] > 1 && !strings.Contains(v.heard(ch), name) {
		v.tag = eventTag(name, v.lang)
	}
	return nil
}
