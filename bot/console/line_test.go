package console

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestParseLine(t *testing.T) {
	wang := line{User: "王芳"}
	liDM := line{User: "李四", DM: true}
	for _, tt := range []struct {
		in     string
		prev   line
		want   line
		wantOK bool
	}{
		{"王芳: /event new 周赛", line{}, line{User: "王芳", Text: "/event new 周赛"}, true},
		{"王芳：/join 王芳 一中", line{}, line{User: "王芳", Text: "/join 王芳 一中"}, true}, // full-width colon
		{"ann:/help", line{}, line{User: "ann", Text: "/help"}, true},
		{"  ann :  /help  ", line{}, line{User: "ann", Text: "/help"}, true},
		{"李四@dm: /me", wang, line{User: "李四", DM: true, Text: "/me"}, true},
		{"李四@DM：/me", wang, line{User: "李四", DM: true, Text: "/me"}, true},
		{"/signup open", wang, line{User: "王芳", Text: "/signup open"}, true},         // continuation
		{"/report win", liDM, line{User: "李四", DM: true, Text: "/report win"}, true}, // keeps the chat
		{"王芳:", liDM, line{User: "王芳"}, true},                                        // names the speaker only
		{"", wang, line{User: "王芳"}, true},                                           // blank
		{"   \t", line{}, line{}, true},                                              // blank, nobody yet
		{"/help", line{}, line{Text: "/help"}, false},                                // nobody has spoken
		{"/event set start 19:30", wang, line{User: "王芳", Text: "/event set start 19:30"}, true},
		{"see you at 7: ok", wang, line{User: "王芳", Text: "see you at 7: ok"}, true}, // a name has no space
		{"https://example.com", wang, line{User: "王芳", Text: "https://example.com"}, true},
		{": hi", wang, line{User: "王芳", Text: ": hi"}, true},       // no name before the colon
		{"@dm: hi", wang, line{User: "王芳", Text: "@dm: hi"}, true}, // "@dm" alone is no name
		{"a@b: hi", line{}, line{User: "a@b", Text: "hi"}, true},
		{"Wang:: double", line{}, line{User: "Wang", Text: ": double"}, true},
	} {
		got, ok := parseLine(tt.in, tt.prev)
		if got != tt.want || ok != tt.wantOK {
			t.Errorf("parseLine(%q, %+v) = %+v, %v; want %+v, %v", tt.in, tt.prev, got, ok, tt.want, tt.wantOK)
		}
	}
}

// FuzzParseLine: any line parses without panicking; a speaker named is
// one word without colons before the text; the text is part of the line;
// a line without a name keeps the previous speaker and chat.
func FuzzParseLine(f *testing.F) {
	for _, s := range []string{"王芳: /help", "李四@dm：/me", "/report win", "", "：", "@dm:", "x@dm@dm: y", "a:b:c", "\xff: x", "https://x"} {
		f.Add(s, "prev", false)
	}
	f.Fuzz(func(t *testing.T, s, prevUser string, prevDM bool) {
		prev := line{User: prevUser, DM: prevDM}
		l, ok := parseLine(s, prev)
		if !strings.Contains(s, l.Text) {
			t.Errorf("text %q is not part of the line %q", l.Text, s)
		}
		if l.Text != strings.TrimSpace(l.Text) {
			t.Errorf("text %q is not trimmed", l.Text)
		}
		if !ok {
			if prevUser != "" {
				t.Errorf("parseLine(%q) refused with a previous speaker %q", s, prevUser)
			}
			return
		}
		if l == (line{User: prev.User, DM: prev.DM, Text: l.Text}) {
			return // the previous speaker's line
		}
		if l.User == "" || strings.ContainsAny(l.User, ":：") || strings.ContainsFunc(l.User, isSpace) || strings.HasPrefix(l.User, "/") {
			t.Errorf("parseLine(%q) named the speaker %q", s, l.User)
		}
		if utf8.ValidString(s) && !strings.Contains(s, l.User) {
			t.Errorf("speaker %q is not in the line %q", l.User, s)
		}
	})
}

func isSpace(r rune) bool { return strings.ContainsRune(" \t\n\v\f\r\u0085\u00a0\u3000", r) }
