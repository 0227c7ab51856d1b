package discord

import (
	"bytes"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/qisai/qisai/chat"
)

// Discord's limits on what qisai sends (a message's text:
// chat.LimitDiscord, counted in UTF-16 code units, the stricter way).
const (
	maxCustomID   = 100 // characters of a button's custom_id
	maxURL        = 512 // characters of a link button's url
	maxLabel      = 80  // characters of a button's label
	maxRowButtons = 5   // buttons in an action row
	maxRows       = 5   // action rows in a message
)

// split cuts text into the contents of messages of at most limit
// characters, rendered (render): between lines where it can, so that a
// table row stays whole, a code block closed and opened again across
// parts; only a line longer than limit is cut inside. Blank parts are
// dropped: Discord refuses empty messages.
func split(text string, limit int) []string {
	parts := chat.SplitMeasured(text, limit, rendered)
	for i, p := range parts {
		parts[i] = render(p)
	}
	return parts
}

// Split cuts m into the messages Discord takes (chat.Parts): texts whose
// rendering fits chat.LimitDiscord, a text too long for a few messages as
// a file. Give it to the outbox's delivery (storage.DeliverOptions.Split):
// each part is then paced and recorded on its own.
func Split(m chat.Message) []chat.Message {
	return chat.Parts(m, func(text string) []string { return chat.SplitMeasured(text, chat.LimitDiscord, rendered) })
}

// rendered is a line's length once rendered, at most: as escaped.
func rendered(line string) int { return chat.Length(escape(line)) }

// render is a message's text as Discord's markdown: each monospace block a
// code block whose backticks cannot end it, the other lines escaped, so
// that a name like "*x*" or "<@123>" shows as typed.
func render(text string) string {
	// No escape works inside a code block: a look-alike keeps a name's
	// "```" from closing it.
	code := func(s string) string {
		return chat.Fence + "\n" + strings.ReplaceAll(s, "`", "ˋ") + "\n" + chat.Fence
	}
	plain := func(s string) string {
		lines := strings.Split(s, "\n")
		for i, l := range lines {
			lines[i] = escape(l)
		}
		return strings.Join(lines, "\n")
	}
	return chat.Render(text, code, plain)
}

// markdown escapes the characters Discord's markdown reads anywhere in a
// line (emphasis, code, spoilers, links, mentions and timestamps).
var markdown = strings.NewReplacer(`\`, `\\`, "*", `\*`, "_", `\_`, "~", `\~`, "`", "\\`", "|", `\|`, "[", `\[`, "<", `\<`)

// escape escapes a line of plain text: markdown anywhere, and the marks
// of a heading, a quote or a list at its start.
func escape(line string) string {
	line = markdown.Replace(line)
	rest := strings.TrimLeft(line, " ")
	if rest != "" && strings.ContainsAny(rest[:1], "#>-+") {
		line = line[:len(line)-len(rest)] + `\` + rest
	}
	return line
}

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

// components lays buttons out in action rows, five to a row, a link as a
// link button. A button whose command does not fit in a custom_id, or
// whose link does not fit Discord's, is left out (the text of the message
// still says what to type); labels are cut to Discord's limit.
func components(buttons []chat.Button) []discordgo.MessageComponent {
	var rows []discordgo.MessageComponent
	var row discordgo.ActionsRow
	for _, b := range buttons {
		label := b.Label
		if chat.Length(label) > maxLabel {
			label = cutAt(label, maxLabel-1) + "…"
		}
		switch {
		case b.URL != "" && len(b.URL) <= maxURL:
			row.Components = append(row.Components, discordgo.Button{Label: label, Style: discordgo.LinkButton, URL: b.URL})
		case b.URL != "" || b.Command == "" || chat.Length(b.Command) > maxCustomID:
			continue
		default:
			row.Components = append(row.Components, discordgo.Button{Label: label, Style: discordgo.PrimaryButton, CustomID: b.Command})
		}
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

// attachment is f as a file attached to a message, read afresh each time
// it is made (a request tried again reads it again). A picture (a .png)
// says so, and Discord shows it in the channel instead of as a download.
func attachment(f *chat.File) *discordgo.File {
	kind := "application/octet-stream"
	if strings.HasSuffix(strings.ToLower(f.Name), ".png") {
		kind = "image/png"
	}
	return &discordgo.File{Name: f.Name, ContentType: kind, Reader: bytes.NewReader(f.Data)}
}

// noMentions keeps a message from pinging anybody: a player may well be
// called "@everyone".
var noMentions = &discordgo.MessageAllowedMentions{Parse: []discordgo.AllowedMentionType{}}
