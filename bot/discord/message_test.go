package discord

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/qisai/qisai/chat"
)

func TestSplit(t *testing.T) {
	for _, tt := range []struct {
		name  string
		text  string
		limit int
		want  []string
	}{
		{"fits", "ab\ncd", 5, []string{"ab\ncd"}},
		{"between lines", "ab\ncd\nef", 5, []string{"ab\ncd", "ef"}},
		{"long line cut hard", "abcdefg\nh", 3, []string{"abc", "def", "g\nh"}},
		{"surrogate pairs count twice", "😀😀😀", 4, []string{"😀😀", "😀"}},
		{"blank parts dropped", "\n\nab\n\n", 2, []string{"ab"}},
		{"empty", "", 5, nil},
	} {
		if got := split(tt.text, tt.limit); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%s: split(%q, %d) = %q, want %q", tt.name, tt.text, tt.limit, got, tt.want)
		}
	}
}

// TestLinkButton: a link is a link button (style 5) with its URL and no
// custom_id; one longer than Discord takes is left out.
func TestLinkButton(t *testing.T) {
	rows := components([]chat.Button{
		{Label: "Live page", URL: "https://qisai.example.org/e/abc/"},
		{Label: "too long", URL: "https://qisai.example.org/" + strings.Repeat("x", maxURL)},
		{Label: "确认", Command: "/confirm 3"},
	})
	if len(rows) != 1 {
		t.Fatalf("%d rows, want 1", len(rows))
	}
	bs := rows[0].(discordgo.ActionsRow).Components
	if len(bs) != 2 {
		t.Fatalf("%d buttons, want 2 (the over-long link left out)", len(bs))
	}
	link := bs[0].(discordgo.Button)
	if link.Style != discordgo.LinkButton || link.URL != "https://qisai.example.org/e/abc/" || link.CustomID != "" {
		t.Errorf("the link's button = %+v; want a link button with its URL and no custom_id", link)
	}
	if b := bs[1].(discordgo.Button); b.CustomID != "/confirm 3" || b.Style != discordgo.PrimaryButton {
		t.Errorf("the command's button = %+v", b)
	}
}

func TestComponents(t *testing.T) {
	var buttons []chat.Button
	for i := range 12 {
		buttons = append(buttons, chat.Button{Label: strings.Repeat("长", 90), Command: "/x " + strings.Repeat("1", i)})
	}
	rows := components(buttons)
	if len(rows) != 3 {
		t.Fatalf("%d rows for 12 buttons, want 3 (5 + 5 + 2)", len(rows))
	}
	for _, r := range rows {
		for _, c := range r.(discordgo.ActionsRow).Components {
			if n := chat.Length(c.(discordgo.Button).Label); n > maxLabel {
				t.Errorf("a label of %d characters, more than %d", n, maxLabel)
			}
		}
	}
}

// TestRender: plain lines are escaped (a name cannot format, link or
// mention), a monospace block is a code block that a name's backticks
// cannot close, and a long table is cut into messages of Discord's length
// whose code blocks each open and close.
func TestRender(t *testing.T) {
	for _, tt := range []struct{ name, text, want string }{
		{"markdown", "*王* _x_ ~~y~~ `z` ||s|| [a](b) <@123>", `\*王\* \_x\_ \~\~y\~\~ \` + "`z\\`" + ` \|\|s\|\| \[a](b) \<@123>`},
		{"line starts", "# h\n> q\n- l\n  - m\n1-0", "\\# h\n\\> q\n\\- l\n  \\- m\n1-0"},
		{"block", "表\n" + chat.Mono("1 a```b *c*"), "表\n```\n1 aˋˋˋb *c*\n```"},
	} {
		if got := render(tt.text); got != tt.want {
			t.Errorf("%s: render(%q) = %q, want %q", tt.name, tt.text, got, tt.want)
		}
	}
	var rows []string
	for i := range 400 {
		rows = append(rows, fmt.Sprintf("%3d *王天一* 许银川 1-0", i))
	}
	parts := split("排名\n"+chat.Mono(strings.Join(rows, "\n")), chat.LimitDiscord)
	if len(parts) < 3 {
		t.Fatalf("%d parts, want several", len(parts))
	}
	for i, p := range parts {
		if n := chat.Length(p); n > chat.LimitDiscord {
			t.Errorf("part %d: %d characters", i, n)
		}
		if n := strings.Count("\n"+p+"\n", "\n```\n"); n != 2 {
			t.Errorf("part %d opens and closes %d code fences, want one block:\n%.80s…", i, n, p)
		}
	}
}
