package discord

import (
	"unicode/utf16"

	"github.com/bwmarrin/discordgo"
	"github.com/qisai/qisai/commands"
)

// Discord's limits on what qisai sends.
const (
	maxContent    = 2000 // characters of a message (counted here in UTF-16 code units, the stricter way)
	maxCustomID   = 100  // characters of a button's custom_id
	maxLabel      = 80   // characters of a button's label
	maxRowButtons = 5    // buttons in an action row
	maxRows       = 5    // action rows in a message
)

// length is s's length as Discord counts it at most: UTF-16 code units.
func length(s string) int { return len(utf16.Encode([]rune(s))) }

// split cuts text into parts of at most limit characters, between lines
// where it can, so that a table row stays whole; only a line longer than
// limit is cut inside. Blank parts are dropped: Discord refuses empty
// messages. (commands.splitMessage does the same more carefully, keeping
// sections whole, but is not exported.)
func split(text string, limit int) []string { return commands.SplitMessage(text, limit) }

// cutAt is the longest prefix of s at most limit characters long, cut
// between runes.
func cutAt(s string, limit int) string {
	n := 0
	for i, r := range s {
		w := 1
		if r >= 0x10000 {
			w = 2
		}
		if n+w > limit {
			return s[:i]
		}
		n += w
	}
	return s
}

// components lays buttons out in action rows, five to a row. A button
// whose command does not fit in a custom_id is left out (the text of the
// message still says what to type); labels are cut to Discord's limit.
func components(buttons []commands.Button) []discordgo.MessageComponent {
	var rows []discordgo.MessageComponent
	var row discordgo.ActionsRow
	for _, b := range buttons {
		if b.Command == "" || length(b.Command) > maxCustomID {
			continue
		}
		label := b.Label
		if length(label) > maxLabel {
			label = cutAt(label, maxLabel-1) + "…"
		}
		row.Components = append(row.Components, discordgo.Button{Label: label, Style: discordgo.PrimaryButton, CustomID: b.Command})
		if len(row.Components) == maxRowButtons {
			rows = append(rows, row)
			row = discordgo.ActionsRow{}
		}
	}
	if len(row.Components) > 0 {
		rows = append(rows, row)
	}
	if len(rows) > maxRows {
		rows = rows[:maxRows]
	}
	return rows
}

// noMentions keeps a message from pinging anybody: a player may well be
// called "@everyone".
var noMentions = &discordgo.MessageAllowedMentions{Parse: []discordgo.AllowedMentionType{}}
