package commands

import (
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode"

	"github.com/qisai/qisai/internal/i18n"
)

// Permission says who may run a command.
type Permission int

const (
	Anyone    Permission = iota // everybody, with or without an event
	Member                      // anybody in a chat that follows an event
	Player                      // a player of the event
	Staff                       // the event's organisers and arbiters
	Organiser                   // the event's organisers
)

// ArgKind is the type of a command's argument.
type ArgKind int

const (
	Word   ArgKind = iota // one word
	Int                   // a whole number
	Choice                // one of Arg.Choices
	Rest                  // the rest of the line, spaces and all
	// Person names a user, as the rest of the line (a name the platform
	// linked may have spaces): Discord offers its user picker for it.
	Person
	// Counts is two counts, red's first: "5:3" (pieces captured, R-F-5).
	Counts
)

// Arg is one positional argument of a command.
type Arg struct {
	Name     string
	Kind     ArgKind
	Choices  []string // for Choice: the values, English first where a value has a Chinese twin
	Optional bool
	Help     i18n.T
}

// Command is one command, declared once: adapters derive Discord's slash
// commands, Telegram's menus and the console's help from it.
type Command struct {
	// Name is the command as typed after "/", one or two words:
	// "report", "event new".
	Name string
	// Aliases are other names, in Chinese mostly: "报告".
	Aliases []string
	Args    []Arg
	Who     Permission
	Help    i18n.T
	// More is what /help COMMAND adds to Help: how to say what the
	// arguments want, where Help alone does not tell (naming a user).
	More i18n.T
	// GroupOnly marks a command anybody may type that only a group can
	// use (creating or linking an event), left out of private menus.
	GroupOnly bool
	// DMHelp, when set, is what the command does in a private chat instead
	// (/start greets there), for the private chats' menu.
	DMHelp i18n.T
	Run    func(*Context) (Reply, error)
}

// InPrivate reports whether the command works in a private chat with the
// bot: one anybody may run (a private chat follows no event, so the
// others refuse there) that is not for groups only.
func (c *Command) InPrivate() bool { return c.Who == Anyone && !c.GroupOnly }

// PrivateHelp is the command's help in a private chat.
func (c *Command) PrivateHelp() i18n.T {
	if c.DMHelp != (i18n.T{}) {
		return c.DMHelp
	}
	return c.Help
}

// argNames are the arguments' names in Chinese text, by Arg.Name: a
// Chinese reader sees "/result 台号 结果", an English one "/result BOARD
// RESULT". Every argument has one (TestArgNamesInChinese).
var argNames = map[string]string{
	"as": "形式", "b": "台号", "board": "台号", "captures": "吃子数", "code": "代码", "command": "命令", "confirm": "确认",
	"format": "格式", "key": "项目", "language": "语言", "n": "编号", "name": "名字",
	"new": "更换", "number": "序号", "player": "选手", "rating": "等级分", "result": "结果",
	"round": "轮次", "state": "状态", "time": "时间", "unit": "单位", "user": "用户",
	"value": "值", "what": "内容",
	"team": "队名", "lineup": "出场名单", // teams.go
	"pending": "补赛", // organiser.go: /pair 带补赛
}

// named reports whether name is the command's own name ("result"), which
// /help explains before any topic of that word.
func (c *Command) named(name string) bool { return strings.EqualFold(c.Name, name) }

// Placeholder is the argument's name as usage and errors show it: in
// capitals in English, its Chinese name in Chinese ("b2": B2, 台号2).
func (a Arg) Placeholder(lang i18n.Lang) string {
	base := strings.TrimRight(a.Name, "0123456789")
	if zh, ok := argNames[base]; ok && lang == i18n.Zh {
		return zh + a.Name[len(base):]
	}
	return strings.ToUpper(a.Name)
}

// Usage is how the command is typed, e.g. "/result BOARD RESULT".
func (c *Command) Usage(lang i18n.Lang) string {
	var b strings.Builder
	b.WriteString("/" + c.Name)
	for _, a := range c.Args {
		name := a.Placeholder(lang)
		if a.Kind == Choice {
			name = strings.Join(a.choices(lang), "|")
		}
		if a.Optional {
			name = "[" + name + "]"
		}
		b.WriteString(" " + name)
	}
	return b.String()
}

// Registry holds the commands by name and alias.
type Registry struct {
	list   []*Command
	byName map[string]*Command
}

// NewRegistry indexes cmds; a name or alias used twice is a programming
// error and panics at start-up.
func NewRegistry(cmds ...*Command) *Registry {
	r := &Registry{byName: map[string]*Command{}}
	for _, c := range cmds {
		for _, n := range append([]string{c.Name}, c.Aliases...) {
			key := strings.ToLower(n)
			if _, dup := r.byName[key]; dup {
				panic("commands: name used twice: " + n)
			}
			r.byName[key] = c
		}
		r.list = append(r.list, c)
	}
	sort.SliceStable(r.list, func(i, j int) bool { return r.list[i].Name < r.list[j].Name })
	return r
}

// All lists the commands by name.
func (r *Registry) All() []*Command { return r.list }

// Lookup finds the command a line starts with: it returns the command and
// the words after its name, or nil when the first word names none.
func (r *Registry) Lookup(words []string) (*Command, []string) {
	if len(words) == 0 {
		return nil, nil
	}
	first := strings.ToLower(words[0])
	if len(words) > 1 {
		if c, ok := r.byName[first+" "+strings.ToLower(words[1])]; ok {
			return c, words[2:]
		}
	}
	return r.byName[first], words[1:]
}

// splitLine turns "/Report@qisai_bot win" into its words without the slash
// and the bot's name: ["Report", "win"]. Double quotes keep spaces in a
// word: /join "Wang Tianyi" 一中. It returns nil when the line is not a
// command (it does not start with "/").
func splitLine(line string) []string {
	line = strings.TrimSpace(line)
	if !strings.HasPrefix(line, "/") && !strings.HasPrefix(line, "／") {
		return nil
	}
	line = strings.TrimPrefix(strings.TrimPrefix(line, "/"), "／")
	var words []string
	var cur strings.Builder
	inQuote, have := false, false
	for _, r := range line {
		switch {
		case r == '"' || r == '“' || r == '”':
			inQuote, have = !inQuote, true
		case unicode.IsSpace(r) && !inQuote:
			if have {
				words = append(words, cur.String())
				cur.Reset()
				have = false
			}
		default:
			cur.WriteRune(r)
			have = true
		}
	}
	if have {
		words = append(words, cur.String())
	}
	if len(words) > 0 {
		// Telegram groups send /cmd@botname (see addressee).
		if i := strings.IndexByte(words[0], '@'); i > 0 {
			words[0] = words[0][:i]
		}
	}
	return words
}

// addressee is the bot a command line names: "qisai_bot" for
// "/join@qisai_bot 王", "" for none. In a Telegram group every bot reads
// every command; the name says which one it is for.
func addressee(line string) string {
	words := splitLine(line)
	if words == nil {
		return ""
	}
	first, _, _ := strings.Cut(strings.TrimLeft(strings.TrimSpace(line), "/／"), " ")
	if i := strings.IndexByte(first, '@'); i > 0 {
		return first[i+1:]
	}
	return ""
}

// parseArgs matches words to the command's arguments.
func (c *Command) parseArgs(words []string, lang i18n.Lang) (map[string]string, error) {
	args := map[string]string{}
	i := 0
	for n, a := range c.Args {
		if i >= len(words) {
			if !a.Optional {
				return nil, problem("缺少%s。用法：%s", "%s is missing. Usage: %s", a.Placeholder(lang), c.Usage(lang))
			}
			continue
		}
		w := words[i]
		if a.Optional && !a.fits(w) && n+1 < len(c.Args) && c.Args[n+1].fits(w) {
			continue // "/pairings picture": the round left out, the word is the next's
		}
		switch a.Kind {
		case Rest, Person:
			args[a.Name] = strings.Join(words[i:], " ")
			i = len(words)
			continue
		case Int:
			if _, err := strconv.Atoi(w); err != nil {
				return nil, problem("%s应是数字，不是「%s」。用法：%s", "%s must be a number, not %q. Usage: %s", a.Placeholder(lang), w, c.Usage(lang))
			}
		case Counts:
			if _, _, ok := parseCounts(w); !ok {
				return nil, problem("%s应是两个数，红方在前，如 5:3，不是「%s」。用法：%s", "%s must be two numbers, red's first, as in 5:3, not %q. Usage: %s", a.Placeholder(lang), w, c.Usage(lang))
			}
		case Choice:
			v, ok := choose(a.Choices, w)
			if !ok {
				return nil, problem("%s应是%s之一，不是「%s」。", "%s must be one of %s, not %q.", a.Placeholder(lang), strings.Join(a.choices(lang), i18n.T{Zh: "、", En: ", "}.In(lang)), w)
			}
			w = v
		}
		args[a.Name] = w
		i++
	}
	if i < len(words) {
		return nil, problem("多余的「%s」。用法：%s", "unexpected %q. Usage: %s", strings.Join(words[i:], " "), c.Usage(lang))
	}
	return args, nil
}

// fits reports whether w can be the argument's value.
func (a Arg) fits(w string) bool {
	switch a.Kind {
	case Int:
		_, err := strconv.Atoi(w)
		return err == nil
	case Choice:
		_, ok := choose(a.Choices, w)
		return ok
	case Counts:
		_, _, ok := parseCounts(w)
		return ok
	}
	return true
}

// parseCounts reads two counts, "5:3" (or with a full-width colon), the
// first red's.
func parseCounts(w string) (red, black int, ok bool) {
	w = strings.ReplaceAll(w, "：", ":")
	a, b, found := strings.Cut(w, ":")
	red, errA := strconv.Atoi(a)
	black, errB := strconv.Atoi(b)
	return red, black, found && errA == nil && errB == nil && red >= 0 && black >= 0
}

// choices are the values shown to a reader of lang: in English those
// without Chinese characters; in Chinese those with them, or all where
// none has (zh|en). Every one is accepted whatever the language.
func (a Arg) choices(lang i18n.Lang) []string {
	var zh, en []string
	for _, c := range a.Choices {
		if strings.ContainsFunc(c, func(r rune) bool { return unicode.Is(unicode.Han, r) }) {
			zh = append(zh, c)
		} else {
			en = append(en, c)
		}
	}
	if lang == i18n.Zh && len(zh) > 0 {
		for _, c := range en {
			if slices.Contains(untranslated, c) {
				zh = append(zh, c)
			}
		}
		return zh
	}
	return en
}

// untranslated are values with no Chinese name, shown to Chinese readers
// as they are: file formats, results (R-G-1).
var untranslated = []string{"csv", "trf", "1-0", "0-1", "1/2", "+-", "-+", "--"}

// choose matches a typed value to a choice, ignoring case.
func choose(choices []string, typed string) (string, bool) {
	for _, c := range choices {
		if strings.EqualFold(c, typed) {
			return c, true
		}
	}
	return "", false
}
