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
	// Form, when set, reads the argument in every form people write it
	// (forms.go: rounds, boards, results); for a Choice, Choices are then
	// what menus and usage offer.
	Form Form
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
	"as": "形式", "b": "台号", "board": "台号", "captures": "吃子数", "category": "组别", "categories": "组别", "code": "代码", "command": "命令", "confirm": "确认",
	"format": "格式", "key": "项目", "language": "语言", "n": "编号", "name": "名字",
	"new": "更换", "number": "序号", "player": "选手", "rating": "等级分", "result": "结果",
	"round": "轮次", "state": "状态", "time": "时间", "unit": "单位", "user": "用户",
	"value": "值", "what": "内容",
	"team": "队名", "lineup": "出场名单", // teams.go
	"pending": "补赛", // organiser.go: /pair 带补赛
	"keep":    "保留", // organiser.go: /undo 取消
	"play":    "上场", // teams.go: /team new 队名 不上场
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

// Family lists the commands whose names begin with the word first ("team"
// for /team new, /team join …): the words after it, sorted, and the first
// word of their names in English, which /help takes; none when no
// command's name or alias begins so.
func (r *Registry) Family(first string) (words []string, group string) {
	prefix := strings.ToLower(first) + " "
	for key, c := range r.byName {
		if rest, ok := strings.CutPrefix(key, prefix); ok {
			words = append(words, rest)
			group, _, _ = strings.Cut(c.Name, " ")
		}
	}
	sort.Strings(words)
	return words, group
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

// parseArgs matches words to the command's arguments. Each value is kept
// in the one spelling the command reads, however it was written (Form,
// number): "/result 第5台 １－０" reads as board 5, result 1-0.
func (c *Command) parseArgs(words []string, lang i18n.Lang) (map[string]string, error) {
	args, _, err := c.parse(words, lang)
	return args, err
}

// parse is parseArgs that also gives the words of each Rest argument as
// they were typed, a quoted name one word: /team add "Intl Team" Tom
// "Alice Wu" adds Tom and Alice Wu (Context.list).
func (c *Command) parse(words []string, lang i18n.Lang) (map[string]string, map[string][]string, error) {
	args, lists := map[string]string{}, map[string][]string{}
	i := 0
	for n, a := range c.Args {
		if i >= len(words) {
			if !a.Optional {
				return nil, nil, problem("缺少%s。用法：%s", "%s is missing. Usage: %s", a.Placeholder(lang), c.Usage(lang))
			}
			continue
		}
		if a.Optional && !a.fits(words[i:]) && slices.ContainsFunc(c.Args[n+1:], func(b Arg) bool { return b.fits(words[i:]) }) {
			continue // "/pairings picture": the round left out, the word is a later argument's
		}
		if a.Kind == Rest || a.Kind == Person {
			args[a.Name], lists[a.Name] = strings.Join(words[i:], " "), words[i:]
			i = len(words)
			continue
		}
		v, used, ok := a.read(words[i:])
		if !ok {
			return nil, nil, a.misfit(words[i], c.Usage(lang), lang)
		}
		args[a.Name] = v
		i += used
	}
	if i < len(words) {
		return nil, nil, problem("多余的「%s」。用法：%s", "unexpected %q. Usage: %s", strings.Join(words[i:], " "), c.Usage(lang))
	}
	return args, lists, nil
}

// read reads the argument at the start of words: its value as the
// command reads it, and how many words it took.
func (a Arg) read(words []string) (string, int, bool) {
	w := words[0]
	switch {
	case a.Form != nil:
		return a.Form.Read(words)
	case a.Kind == Int:
		n, ok := number(w)
		return strconv.Itoa(n), 1, ok
	case a.Kind == Counts:
		_, _, ok := parseCounts(w)
		return w, 1, ok
	case a.Kind == Choice:
		v, ok := choose(a.Choices, w)
		return v, 1, ok
	}
	return w, 1, true
}

// fits reports whether the argument can be read at the start of words.
func (a Arg) fits(words []string) bool {
	_, _, ok := a.read(words)
	return ok
}

// misfit says that w cannot be the argument and what it may be.
func (a Arg) misfit(w, usage string, lang i18n.Lang) *Problem {
	name := a.Placeholder(lang)
	switch {
	case a.Form != nil:
		return problem("%s应是%s，不是「%s」。用法：%s", "%s must be %s, not %q. Usage: %s", name, a.Form.Want().In(lang), w, usage)
	case a.Kind == Int:
		return problem("%s应是数字，不是「%s」。用法：%s", "%s must be a number, not %q. Usage: %s", name, w, usage)
	case a.Kind == Counts:
		return problem("%s应是两个数，红方在前，如 5:3，不是「%s」。用法：%s", "%s must be two numbers, red's first, as in 5:3, not %q. Usage: %s", name, w, usage)
	}
	return problem("%s应是%s之一，不是「%s」。", "%s must be one of %s, not %q.", name, strings.Join(a.choices(lang), i18n.T{Zh: "、", En: ", "}.In(lang)), w)
}

// parseCounts reads two counts, "5:3" (or ５：３, 5比3), the first red's.
func parseCounts(w string) (red, black int, ok bool) {
	a, b, found := strings.Cut(strings.ReplaceAll(narrow(w), "比", ":"), ":")
	red, okA := number(a)
	black, okB := number(b)
	return red, black, found && okA && okB && red >= 0 && black >= 0
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
var untranslated = []string{"csv", "trf", "xlsx", "1-0", "0-1", "1/2", "+-", "-+", "--"}

// choose matches a typed value to a choice, ignoring case and width.
func choose(choices []string, typed string) (string, bool) {
	typed = narrow(typed)
	for _, c := range choices {
		if strings.EqualFold(c, typed) {
			return c, true
		}
	}
	return "", false
}
