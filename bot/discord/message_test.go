package discord

import (
	"reflect"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"
	"github.com/qisai/qisai/storage"
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

func TestComponents(t *testing.T) {
	var buttons []storage.Button
	for i := range 12 {
		buttons = append(buttons, storage.Button{Label: strings.Repeat("长", 90), Command: "/x " + strings.Repeat("1", i)})
	}
	rows := components(buttons)
	if len(rows) != 3 {
		t.Fatalf("%d rows for 12 buttons, want 3 (5 + 5 + 2)", len(rows))
	}
	for _, r := range rows {
		for _, c := range r.(discordgo.ActionsRow).Components {
			if n := length(c.(discordgo.Button).Label); n > maxLabel {
				t.Errorf("a label of %d characters, more than %d", n, maxLabel)
			}
		}
	}
}
