package commands

import (
	"strings"

	"github.com/qisai/qisai/chat"
	"github.com/qisai/qisai/internal/i18n"
	"github.com/qisai/qisai/storage"
)

// voice is how a command speaks to the event's chats: each chat is told
// once. The chat the command came from, when it follows the event, hears
// the announcements as the reply to the command, not a second time
// through the outbox; the other chats get them through the outbox, with
// the change.
type voice struct {
	others []chat.Chat // the event's chats but the request's
	here   bool        // the request's chat follows the event
	at     chat.Chat   // the request's chat
	// tag names the event before what is said here, where the chat has
	// several unfinished events (nameEvent); buttons go under it (links).
	tag     string
	buttons []chat.Button
	// lang is the event's language (eventLang), which its chats are
	// spoken to in whoever's command it was; the sender's own replies are
	// in theirs (Context.Lang).
	lang i18n.Lang
	// said is what ch announced, for the reply here. The store may run
	// an update's function again on a newer state, with a new Change:
	// what an earlier try said is dropped then (begin).
	ch   *storage.Change
	said []string
	// queued says ch stored what was said here in the outbox as the
	// reply (queueHeard).
	queued bool
	// svc is the service speaking, whose painter draws the pictures
	// (illustrate); files are the pictures shown here, sent after the
	// reply (showHere).
	svc   *Service
	files []*chat.File
	// event is the event spoken of, which buttons sent privately name (a
	// private chat follows no event); 0 when none is known.
	event storage.EventID
}

// begin starts what ch says: Context.Update calls it before each try.
func (v *voice) begin(ch *storage.Change) {
	if v != nil {
		v.ch, v.said, v.queued, v.files, v.tag, v.buttons = ch, nil, false, nil, "", nil
	}
}

// eventChats is the voice of the command in the event's chats. The
// command's updates (Context.Update) store what it says in its own chat
// with the change (heard).
func eventChats(c *Context) (*voice, error) {
	chats, err := c.reads().Chats()
	if err != nil {
		return nil, err
	}
	v := &voice{svc: c.svc, lang: eventLang(c.State), at: c.Req.Chat, event: c.Event}
	for _, to := range chats {
		if to == c.Req.Chat && !to.IsPrivate() {
			v.here, v.at = true, to
			continue
		}
		v.others = append(v.others, to)
	}
	c.voice = v
	return v, nil
}

// announce tells every chat of the event text, with the change.
func (v *voice) announce(ch *storage.Change, text string) {
	v.announceWith(ch, text)
}

// announceWith tells every chat of the event text with buttons under it
// (a link to the live page), with the change.
func (v *voice) announceWith(ch *storage.Change, text string, buttons ...chat.Button) {
	v.say(ch, text)
	if v.here {
		v.buttons = append(v.buttons, buttons...)
	}
	for _, to := range v.others {
		ch.Send(chat.Message{Chat: to, Text: text, Buttons: buttons})
	}
}

// announceEach tells every chat of the event what text says to it, with
// the change: the announcement where each chat hears its own line too.
func (v *voice) announceEach(ch *storage.Change, text func(to chat.Chat) (string, error)) error {
	if v.here {
		s, err := text(v.at)
		if err != nil {
			return err
		}
		v.say(ch, s)
	}
	for _, to := range v.others {
		s, err := text(to)
		if err != nil {
			return err
		}
		ch.Send(chat.Message{Chat: to, Text: s})
	}
	return nil
}

// also adds text to what the request's chat hears, when it follows the
// event: what to type next, which the other chats need not hear. It is
// one message with the announcement, so it is in the event's language
// too (v.lang).
func (v *voice) also(ch *storage.Change, text string) { v.say(ch, text) }

// say notes text as said in the request's chat by ch.
func (v *voice) say(ch *storage.Change, text string) {
	if v.ch != ch {
		v.begin(ch) // a change not made through Context.Update
	}
	if v.here {
		v.said = append(v.said, text)
	}
}

// heard is what ch said in the request's chat ("" when nothing, or when
// the chat does not follow the event).
func (v *voice) heard(ch *storage.Change) string {
	if v == nil || !v.here || v.ch != ch || len(v.said) == 0 {
		return ""
	}
	return tagged(v.tag, strings.Join(v.said, "\n\n"))
}

// reply is the answer to the sender: in a chat of the event, what the
// command said there; elsewhere (a private chat, a chat that follows no
// event), personal, the sender's own account of it.
func (v *voice) reply(personal string) Reply {
	if text := v.heard(v.ch); text != "" {
		return Reply{Text: text, Buttons: v.buttons, Queued: v.queued}
	}
	return Reply{Text: personal}
}

// told is the answer to the sender of a command whose news the event's
// chats see in a live message (a round's, liveRound) rather than in a
// message of their own: said in a chat of the event, it is the sender's
// alone, and goes to them privately, leaving the group's budget to news.
func (v *voice) told(personal string) Reply {
	r := v.reply(personal)
	r.Private = r.Private || v.here && v.heard(v.ch) == ""
	return r
}

// toldLang is the language told answers c's sender in: their own where
// it goes to them privately, else the chat's.
func (v *voice) toldLang(c *Context) i18n.Lang {
	if v.here {
		return c.Own
	}
	return c.Lang
}

// all are the event's chats, the request's among them when it follows
// the event.
func (v *voice) all() []chat.Chat {
	if !v.here {
		return v.others
	}
	return append([]chat.Chat{v.at}, v.others...)
}

// pictures says whether ch's announcements go with pictures: the event
// asks for them and the service can draw them.
func (v *voice) pictures(ch *storage.Change) bool {
	return v.svc != nil && v.svc.painter != nil && picturesWanted(ch.State)
}

// chats counts the chats that hear the announcements.
func (v *voice) chats() int {
	n := len(v.others)
	if v.here {
		n++
	}
	return n
}

// announce sends text to every chat in chats, with the change: the
// scheduler's voice, which no chat asked for.
func announce(ch *storage.Change, chats []chat.Chat, text string) {
	for _, to := range chats {
		ch.Send(chat.Message{Chat: to, Text: text})
	}
}
