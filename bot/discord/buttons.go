package discord

import (
	"sort"

	"github.com/bwmarrin/discordgo"
	"github.com/qisai/qisai/chat"
	"github.com/qisai/qisai/commands"
)

// unbuttoned answers a button press whose reply asks to remove the
// buttons (commands.Reply.Unbutton: they were used, or answer what is
// over) by updating the pressed message: its text, then the reply under
// it, and no buttons. That is Discord's one response to a component that
// both answers and edits, so a private reply is shown there too: the
// buttons qisai puts under messages are in the user's private chat. A
// reply without text (the outbox says it: Reply.Queued) leaves the text
// as it was.
func unbuttoned(pressed *discordgo.Message, reply commands.Reply) *discordgo.InteractionResponse {
	text := pressed.Content
	switch {
	case text == "":
		text = reply.Text
	case reply.Text != "":
		text += "\n\n" + reply.Text
		if parts := split(text, chat.LimitDiscord); len(parts) > 1 {
			text = reply.Text // the answer matters more than the question
		}
	}
	return &discordgo.InteractionResponse{
		Type: discordgo.InteractionResponseUpdateMessage,
		Data: &discordgo.InteractionResponseData{
			Content:         text,
			Components:      []discordgo.MessageComponent{}, // none: the buttons go
			AllowedMentions: noMentions,
		},
	}
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
