package feishu

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/qisai/qisai/chat"
)

// How a message's text looks on Feishu. Without buttons it is a rich-text
// message (msg_type post): its plain lines a text element, which Feishu
// shows as typed (no markup, no <at> mention is read in it), its monospace
// blocks code_block elements. With buttons it is an interactive card
// (schema 2.0): plain lines in plain_text, monospace blocks as markdown
// code blocks, the buttons below, each carrying its command back in the
// card.action.trigger callback.

// post is a rich-text message's content.
type post struct {
	ZhCN postBody `json:"zh_cn"`
}

type postBody struct {
	Content [][]postElement `json:"content"`
}

type postElement struct {
	Tag      string `json:"tag"`
	Text     string `json:"text"`
	Language string `json:"language,omitempty"`
}

// postContent is text as a rich-text message's content: one paragraph a
// block.
func postContent(text string) string {
	var p post
	for _, b := range chat.Blocks(text) {
		e := postElement{Tag: "text", Text: b.Text}
		if b.Mono {
			e = postElement{Tag: "code_block", Language: "PLAINTEXT", Text: b.Text}
		}
		p.ZhCN.Content = append(p.ZhCN.Content, []postElement{e})
	}
	return marshal(p)
}

// card is an interactive card in Feishu's card JSON 2.0.
type card struct {
	Schema string     `json:"schema"`
	Config cardConfig `json:"config"`
	Body   cardBody   `json:"body"`
}

type cardConfig struct {
	// UpdateMulti makes the card shared: an edit of it (a callback's
	// answer, a PATCH) shows to everybody in the chat.
	UpdateMulti bool `json:"update_multi"`
}

type cardBody struct {
	Elements []any `json:"elements"`
}

type plainText struct {
	Tag     string `json:"tag"`
	Content string `json:"content"`
}

type div struct {
	Tag  string    `json:"tag"`
	Text plainText `json:"text"`
}

type markdown struct {
	Tag     string `json:"tag"`
	Content string `json:"content"`
}

type columnSet struct {
	Tag      string   `json:"tag"`
	FlexMode string   `json:"flex_mode"`
	Columns  []column `json:"columns"`
}

type column struct {
	Tag      string   `json:"tag"`
	Width    string   `json:"width"`
	Elements []button `json:"elements"`
}

type button struct {
	Tag       string     `json:"tag"`
	Text      plainText  `json:"text"`
	Type      string     `json:"type"`
	Behaviors []behavior `json:"behaviors"`
}

type behavior struct {
	Type  string      `json:"type"`
	Value buttonValue `json:"value"`
}

// buttonValue is what a button carries back when pressed
// (card.action.trigger's action.value): the command to run as the
// presser's, and whether the card was sent to a private chat, where the
// callback's chat is the presser's own with the bot.
type buttonValue struct {
	Command string `json:"cmd"`
	Private bool   `json:"dm,omitempty"`
}

// cardContent is text and buttons as an interactive card's content, and
// the same card without its buttons: what it becomes once a button of it
// was used (commands.Reply.Unbutton). private says the card goes to a
// user's private chat. A button whose command is longer than
// chat.MaxCommand is left out, as on the other platforms.
func cardContent(text string, buttons []chat.Button, private bool) (withButtons, without string) {
	c := card{Schema: "2.0", Config: cardConfig{UpdateMulti: true}}
	for _, b := range chat.Blocks(text) {
		switch {
		case strings.TrimSpace(b.Text) == "":
			// Feishu refuses an empty text element (the buttons under a
			// file have no text of their own).
		case b.Mono:
			c.Body.Elements = append(c.Body.Elements, markdown{Tag: "markdown", Content: chat.Fence + "\n" + unfence(b.Text) + "\n" + chat.Fence})
		default:
			c.Body.Elements = append(c.Body.Elements, div{Tag: "div", Text: plainText{Tag: "plain_text", Content: b.Text}})
		}
	}
	without = marshal(c)
	row := columnSet{Tag: "column_set", FlexMode: "flow"}
	for i, b := range buttons {
		if len(b.Command) > chat.MaxCommand {
			continue
		}
		kind := "default"
		if i == 0 {
			kind = "primary"
		}
		bt := button{Tag: "button", Text: plainText{Tag: "plain_text", Content: b.Label}, Type: kind,
			Behaviors: []behavior{{Type: "callback", Value: buttonValue{Command: b.Command, Private: private}}}}
		row.Columns = append(row.Columns, column{Tag: "column", Width: "auto", Elements: []button{bt}})
	}
	if len(row.Columns) > 0 {
		c.Body.Elements = append(c.Body.Elements, row)
	}
	return marshal(c), without
}

// unfence keeps a line of a monospace block from closing its markdown
// code block early: a zero-width space breaks a run of three backticks.
func unfence(s string) string { return strings.ReplaceAll(s, "```", "`\u200b``") }

// marshal is v as JSON, "<", ">" and "&" as they are: the content is
// Feishu's to read, not a web page's.
func marshal(v any) string {
	var b bytes.Buffer
	e := json.NewEncoder(&b)
	e.SetEscapeHTML(false)
	if err := e.Encode(v); err != nil {
		panic("feishu: a message's content does not encode: " + err.Error()) // only strings and structs of them
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// maxContent is the most bytes of a message's text Split lets into one
// message, as measure counts them. Feishu takes a request body of at most
// 30 KB for a card or a rich-text message (im/v1/messages, error 230025):
// the rest is room for the content's own JSON, the buttons and the
// request's fields.
const maxContent = 20 << 10

// measure is the bytes a rune costs in a request's body: escaped once in
// the content's JSON and once more in the request's, whose encoder writes
// "<", ">" and "&" as \u003c.
func measure(s string) int {
	n := 0
	for _, r := range s {
		switch {
		case r == '"' || r == '\\':
			n += 4 // \" then \\\"
		case r == '<' || r == '>' || r == '&':
			n += 6
		case r < 0x20:
			n += 7 // \n then \\n; \u001f then \\u001f
		case r == '\u2028' || r == '\u2029':
			n += 7
		default:
			n += utf8.RuneLen(r)
		}
	}
	return n
}

// Split cuts m into the messages Feishu takes: at most maxContent bytes of
// text each as it is sent, a monospace block closed and opened again
// across parts, a text too long for a few messages as a file (chat.Parts).
// Each part keeps m's DedupKey, numbered, so that Feishu drops a part sent
// twice (Send's uuid). Give it to the outbox's delivery
// (storage.DeliverOptions.Split): each part is then paced and recorded on
// its own.
func Split(m chat.Message) []chat.Message {
	parts := chat.Parts(m, func(text string) []string { return chat.SplitMeasured(text, maxContent, measure) })
	if len(parts) == 1 {
		parts[0].DedupKey = m.DedupKey
		return parts
	}
	for i := range parts {
		parts[i].DedupKey = keyed(m.DedupKey, strconv.Itoa(i+1))
	}
	return parts
}
