package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/qisai/qisai/internal/i18n"
)

// What the program says to the operator at the terminal is said twice, a
// line in Chinese and then the same in English: no line mixes the two
// languages (i18n). The program has no language setting of its own, so
// both are always said.

// said is an error told in both languages; err, when there is one, is its
// cause (for errors.Is and errors.As), its text already in En.
type said struct {
	text i18n.T
	err  error
}

func (s said) Error() string { return s.text.Zh + "\n" + s.text.En }

func (s said) Unwrap() error { return s.err }

// bilingual is the error zh and en say, args formatted into both.
func bilingual(zh, en string, a ...any) error { return said{text: i18n.F(zh, en, a...)} }

// because is the error zh and en say about err, args formatted into both
// and err's own (English) text into en after them, at its last %v.
func because(err error, zh, en string, a ...any) error {
	return said{text: i18n.T{Zh: fmt.Sprintf(zh, a...), En: fmt.Sprintf(en, append(a, err)...)}, err: err}
}

// usagef is a mistake on the command line, said in both languages.
func usagef(zh, en string, a ...any) error { return usageError{bilingual(zh, en, a...)} }

// flagError says in Chinese, then in English, what the flag package
// found wrong on the command line: its own text is English only.
func flagError(err error) error {
	text := err.Error()
	var zh string
	switch {
	case strings.HasPrefix(text, "flag provided but not defined: "):
		zh = fmt.Sprintf("没有 %s 这个选项。", strings.TrimPrefix(text, "flag provided but not defined: "))
	case strings.HasPrefix(text, "flag needs an argument: "):
		zh = fmt.Sprintf("选项 %s 后面要写一个值。", strings.TrimPrefix(text, "flag needs an argument: "))
	case strings.HasPrefix(text, "invalid boolean value "):
		zh = fmt.Sprintf("选项 %s 只能是 true 或 false。", flagName(text))
	case strings.HasPrefix(text, "invalid value "):
		zh = fmt.Sprintf("选项 %s 的值不对，原因见下一行。", flagName(text))
	case strings.HasPrefix(text, "bad flag syntax: "):
		zh = fmt.Sprintf("选项写法不对：%s，应写成 --名称 值 或 --名称=值。", strings.TrimPrefix(text, "bad flag syntax: "))
	default:
		zh = "命令行有误，原因见下一行。"
	}
	return usageError{said{text: i18n.T{Zh: zh, En: text}, err: err}}
}

// flagName is the flag the flag package's "invalid value" errors name:
// "invalid value "x" for flag -name: why".
func flagName(text string) string {
	i := strings.LastIndex(text, " for flag ")
	n := len(" for flag ")
	if i < 0 {
		i, n = strings.LastIndex(text, " for "), len(" for ")
	}
	if i < 0 {
		return ""
	}
	name, _, _ := strings.Cut(text[i+n:], ":")
	return name
}

// report prints err to w, each of its lines after name. A mistake on the
// command line (usage) ends with where the usage is, in each language.
func report(w io.Writer, name string, err error, usage bool) {
	var s said
	if !usage {
		tell(w, name, err.Error())
	} else if errors.As(err, &s) && err.Error() == s.Error() {
		tell(w, name, s.text.Zh+"用法见 qisai help。\n"+strings.TrimRight(s.text.En, ".")+`; run "qisai help" for usage.`)
	} else {
		tell(w, name, err.Error()+"\n用法见 qisai help。\nRun \"qisai help\" for usage.")
	}
}

// tell prints each line of text after name.
func tell(w io.Writer, name, text string) {
	for _, line := range strings.Split(strings.TrimRight(text, "\n"), "\n") {
		fmt.Fprintf(w, "%s: %s\n", name, line)
	}
}

// langFlag registers --lang zh|en on fs, Chinese unless given; the value
// is read when fs parses.
func langFlag(fs *flag.FlagSet) *i18n.Lang {
	lang := i18n.Zh
	fs.Func("lang", "", func(s string) error {
		if lang = i18n.Parse(s); lang == "" {
			return fmt.Errorf("unknown language %q: use zh or en", s)
		}
		return nil
	})
	return &lang
}

// langArg is the language a --lang string names, or a usage error in both
// languages.
func langArg(s string) (i18n.Lang, error) {
	l := i18n.Parse(s)
	if l == "" {
		return "", usagef("--lang 只能是 zh 或 en，不是 %[1]q。", "--lang takes zh or en, not %[1]q.", s)
	}
	return l, nil
}
