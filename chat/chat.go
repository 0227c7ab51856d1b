// Package chat holds the words storage, commands and the adapters (bot/*)
// share about talking to people: a Chat on a platform, and the Message the
// bot sends there, with its Buttons and File; the form a message takes on
// a platform (monospace blocks, parts of a platform's length); and what a
// platform's Sender tells the outbox that delivers through it. It imports
// nothing of qisai's but the bilingual text, so every layer can use it
// without reaching past its neighbour.
package chat

import "strings"

// Chat is a conversation on a platform: a group, a channel, or a user's
// private chat with the bot (Private).
type Chat struct {
	Platform string `json:"platform"` // "telegram", "discord", "console"
	// ID is the platform's id of a group or channel. A private chat's is
	// made by Private from its user's id: use IsPrivate and User rather
	// than reading it.
	ID string `json:"id"`
	// Thread is the topic of a forum group the messages go to (Telegram's
	// message_thread_id), "" for none: the chat's main thread. It is where
	// a chat's messages go, not which chat it is — the platforms' limits,
	// the order of its messages and the events it follows are the chat's
	// (Root), whatever the topic.
	Thread string `json:"thread,omitempty"`
}

// Root is c without its topic: the chat itself.
func (c Chat) Root() Chat { return Chat{Platform: c.Platform, ID: c.ID} }

// privatePrefix and the user's id make a private chat's ID: the form the
// chats, the outbox and its notices have always stored, so a database
// written before Chat knew it reads back the same.
const privatePrefix = "dm:"

// Private is user's private chat with the bot on platform. Adapters name
// it this way whatever the platform calls it (Discord's DM channel has an
// id of its own, which the sender looks up).
func Private(platform, user string) Chat {
	return Chat{Platform: platform, ID: privatePrefix + user}
}

// IsPrivate reports whether c is a user's private chat with the bot.
func (c Chat) IsPrivate() bool { return strings.HasPrefix(c.ID, privatePrefix) }

// User is the id of the user whose private chat c is; "" for a group or a
// channel.
func (c Chat) User() string {
	if !c.IsPrivate() {
		return ""
	}
	return c.ID[len(privatePrefix):]
}
