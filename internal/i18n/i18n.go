// Package i18n is the one way qisai speaks two languages: a text written in
// Chinese and English side by side where it is used (T), and the language a
// reader gets it in (Lang). Every package that speaks — the commands'
// replies, the sheets' headings, the pages, the refusals of the rules, the
// database's faults, the names' checks — writes its words as a T, so that a
// line is never half in one language and half in the other.
package i18n

import (
	"fmt"
	"strings"
)

// Lang is a reader's language: Chinese or English.
type Lang string

const (
	Zh Lang = "zh"
	En Lang = "en"
)

// Parse reads "zh", "en" and the locales platforms send ("zh-CN",
// "zh-hans", "en-US"), and the languages' names in either language;
// anything else is "".
func Parse(s string) Lang {
	s = strings.ToLower(strings.TrimSpace(s))
	switch {
	case s == "zh" || strings.HasPrefix(s, "zh-") || strings.HasPrefix(s, "zh_") || s == "中文" || s == "chinese":
		return Zh
	case s == "en" || strings.HasPrefix(s, "en-") || strings.HasPrefix(s, "en_") || s == "english" || s == "英文" || s == "英语":
		return En
	}
	return ""
}

// T is a text in both languages. Texts are written where they are used, so
// a reader of the code sees the Chinese and the English side by side.
type T struct{ Zh, En string }

// In returns the text in lang, formatted with args (fmt verbs) when there
// are any.
func (t T) In(lang Lang, args ...any) string {
	s := t.En
	if lang == Zh {
		s = t.Zh
	}
	if len(args) > 0 {
		s = fmt.Sprintf(s, args...)
	}
	return s
}

// F is t with args formatted into both languages (fmt verbs), for a text
// that is made in one place and read in another language later.
func F(zh, en string, args ...any) T {
	return T{fmt.Sprintf(zh, args...), fmt.Sprintf(en, args...)}
}
