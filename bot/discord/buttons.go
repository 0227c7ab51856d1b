package discord

import (
	"sort"

	"github.com/bwmarrin/discordgo"
	"github.com/qisai/qisai/chat"
	"github.com/qisai/qisai/commands"
)

// unbuttoned is the text of a pressed message whose buttons go, as the
// reply asks (commands.Reply.Unbutton: they were used, or answer what is
// over): its text, then the reply under it. That is Discord's one way to
// answer a button press and edit its message at once, so a private reply
// is shown there too: the buttons qisai puts under messages are in the
// user's private chat. A reply the outbox says (Reply.Queued) leaves the
// text as it was.
func unbuttoned(pressed *discordgo.Message, reply commands.Reply) string {
	text := pressed.Content
	if reply.Queued {
		return text
	}
	switch {
	case text == "":
		text = render(reply.Text)
	case reply.Text != "":
		text += "\n\n" + render(reply.Text)
		if chat.Length(text) > chat.LimitDiscord {
			text = render(reply.Text) // the answer matters more than the question
		}
	}
	if chat.Length(text) > chat.LimitDiscord {
		text = split(reply.Text, chat.LimitDiscord)[0]
	}
	return text
}

// messageID is the message whose button was pressed, "" for a slash
// command.
func messageID(in *discordgo.Interaction) string {
	if in.Type != discordgo.InteractionMessageComponent || in.Message == nil {
		return ""
	}
	return in.Message.ID
}

// mentions are the users a slash command's user options name, as the
// line names them (<@id>, see word) with the names Discord resolved: the
// server nickname, else the display name.
func mentions(in *discordgo.Interaction) []commands.Mention {
	if in.Type != discordgo.InteractionApplicationCommand {
		return nil
	}
	r := in.ApplicationCommandData().Resolved
	if r == nil {
		return nil
	}
	var out []commands.Mention
	for id, u := range r.Users {
		name := u.DisplayName()
		if m := r.Members[id]; m != nil && m.Nick != "" {
			name = m.Nick
		}
		out = append(out, commands.Mention{Text: "<@" + id + ">", User: commands.User{ID: id, Name: name, Username: u.Username}})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].User.ID < out[j].User.ID })
	return out
}
