package console

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// line is one line of input: who says what, and where.
type line struct {
	User string // NAME
	DM   bool   // said in NAME's private chat with the bot
	Text string // "" when the line only names the speaker, or is blank
}

// parseLine reads one line of input. "NAME: TEXT" is NAME saying TEXT in
// the group, "NAME@dm: TEXT" NAME saying it to the bot in private; any
// other line is said by prev's speaker in prev's chat. ok is false for a
// line that says something while nobody has spoken yet.
//
// A NAME is one word: the text before the first colon (":" or the full-width
// "：" of Chinese input methods) that holds no space, does not start with
// "/" (the colon is then part of a command: "/event set start 19:30") and
// is not a URL's scheme ("https://…"). "NAME:" alone makes NAME the
// speaker for the lines that follow, saying nothing.
func parseLine(s string, prev line) (l line, ok bool) {
	s = strings.TrimSpace(s)
	if name, text, found := cutName(s); found {
		user, dm := cutSuffixFold(name, "@dm")
		if user != "" {
			return line{User: user, DM: dm, Text: text}, true
		}
	}
	l = line{User: prev.User, DM: prev.DM, Text: s}
	return l, l.User != "" || s == ""
}

// cutName splits "NAME: TEXT" at its colon.
func cutName(s string) (name, text string, found bool) {
	i := strings.IndexAny(s, ":：")
	if i <= 0 {
		return "", "", false
	}
	name, rest := strings.TrimRightFunc(s[:i], unicode.IsSpace), s[i:]
	if name == "" || strings.HasPrefix(rest, "://") || strings.HasPrefix(name, "/") || strings.HasPrefix(name, "／") ||
		strings.IndexFunc(name, unicode.IsSpace) >= 0 {
		return "", "", false
	}
	_, colon := utf8.DecodeRuneInString(rest)
	return name, strings.TrimSpace(rest[colon:]), true
}

// cutSuffixFold is strings.CutSuffix ignoring ASCII case.
func cutSuffixFold(s, suffix string) (string, bool) {
	if len(s) >= len(suffix) && strings.EqualFold(s[len(s)-len(suffix):], suffix) {
		return s[:len(s)-len(suffix)], true
	}
	return s, false
}
