package commands

import (
	"fmt"
	"slices"
	"strings"

	"github.com/qisai/qisai/internal/i18n"
)

// /help: every command, one command (/help NAME, its aliases too), or a
// group of them (/help event, /help 成绩): the commands a topic lists and
// every command whose name begins with the word. A command's own name wins
// over a topic's word (/help result explains /result; /help results and
// /help 成绩 list the group); an alias does not (/help 选手 lists the
// player's commands). A word that names none says
// which groups there are.

// topic is a group of commands /help answers for one word.
type topic struct {
	names []string // the English name first, then the Chinese ones
	cmds  []string // its commands by name, besides those whose name begins with names[0]
}

// topics are the groups by what people do, as the files are split: the
// event's set-up, the roster, a round's life and the results.
var topics = []topic{
	{names: []string{"event", "比赛"}, cmds: []string{"events", "signup", "schedule", "link", "arbiter add", "start", "finish", "undo", "log", "export", "web"}},
	{names: []string{"player", "选手"}, cmds: []string{"players", "player add", "player edit", "player remove", "join", "waitlist", "claim", "leave", "bye", "withdraw", "me", "penalty", "category"}},
	{names: []string{"round", "rounds", "轮次"}, cmds: []string{"schedule", "pair", "swap", "exchange", "flip", "publish", "here", "late", "postpone", "guess", "pairings"}},
	{names: []string{"result", "results", "成绩", "结果"}, cmds: []string{"result", "report", "confirm", "dispute", "resign", "draw", "accept", "decline", "foul", "standings", "crosstable", "bracket", "playoff"}},
	{names: []string{"team", "团体", "团体赛"}, cmds: []string{"teams", "lineup", "standings"}}, // teams.go
	// The chat's club across its events (club.go): its roster (R-E-4),
	// rating list (R-R-1..5) and seasons (R-T-11).
	{names: []string{"club", "俱乐部"}, cmds: []string{
		"roster list", "roster add", "roster set", "roster rename", "roster merge", "roster link", "roster remove", "roster log",
		"rating list", "rating set", "rating event", "rating export", "rating import",
		"season list", "season new", "season points", "season remove",
	}},
}

// group is the commands /help word lists: a topic's, then the others
// whose name begins with the word ("arbiter add" for "arbiter"), by name;
// nil when there are none.
func (r *Registry) group(word string) []*Command {
	word = strings.ToLower(word)
	var names []string
	for _, t := range topics {
		if slices.Contains(t.names, word) {
			names, word = t.cmds, t.names[0]
		}
	}
	var cmds []*Command
	for _, n := range names {
		if c := r.byName[n]; c != nil && !slices.Contains(cmds, c) {
			cmds = append(cmds, c)
		}
	}
	for _, c := range r.list {
		if strings.HasPrefix(c.Name, word+" ") && !slices.Contains(cmds, c) {
			cmds = append(cmds, c)
		}
	}
	return cmds
}

// help lists the commands, or explains one command or a group of them.
func help(c *Context) (Reply, error) {
	name := strings.TrimPrefix(strings.TrimSpace(c.Args["command"]), "/")
	if name == "" {
		return Reply{Text: c.svc.reg.overview(c.Lang)}, nil
	}
	words := strings.Fields(name)
	if cmd, rest := c.svc.reg.Lookup(words); cmd != nil && len(rest) == 0 && (cmd.named(name) || len(c.svc.reg.group(name)) <= 1) {
		return Reply{Text: explain(cmd, c.Lang)}, nil
	}
	if len(words) == 1 {
		cmds := c.svc.reg.group(name)
		if len(cmds) > 0 && !isTopic(name) {
			// A few commands of one first word ("arbiter add"): each
			// explained, as /help NAME would.
			var parts []string
			for _, cmd := range cmds {
				parts = append(parts, explain(cmd, c.Lang))
			}
			return Reply{Text: strings.Join(parts, "\n\n")}, nil
		}
		if len(cmds) > 0 {
			lines := []string{i18n.T{Zh: "%s：", En: "%s:"}.In(c.Lang, topicTitle(name, c.Lang))}
			for _, cmd := range cmds {
				lines = append(lines, fmt.Sprintf("%s — %s", cmd.Usage(c.Lang), cmd.Help.In(c.Lang)))
			}
			lines = append(lines, i18n.T{Zh: "/help 命令 查看一个命令的详细说明。", En: "/help COMMAND explains one."}.In(c.Lang))
			return Reply{Text: strings.Join(lines, "\n")}, nil
		}
	}
	return Reply{}, problem("没有 /%s 这个命令或命令组。命令组有：%s；输入 /help 查看所有命令。",
		"There is no command or group /%s. The groups are: %s; type /help to see every command.", name, topicNames(c.Lang))
}

// overview is /help alone: every command by name, a line a topic and the
// rest last — short enough for one message on a phone; /help TOPIC gives a
// group with what each does, /help COMMAND one command in full.
func (r *Registry) overview(lang i18n.Lang) string {
	lines := []string{i18n.T{Zh: "命令（/help 命令 查看一个命令的说明；/help 组名 查看一组，如 /help 成绩）：", En: "Commands (/help COMMAND explains one; /help GROUP lists a group, e.g. /help results):"}.In(lang)}
	listed := map[*Command]bool{}
	line := func(title string, cmds []*Command) {
		var names []string
		for _, c := range cmds {
			if !listed[c] {
				names = append(names, "/"+c.Name)
				listed[c] = true
			}
		}
		if len(names) > 0 {
			lines = append(lines, title+i18n.T{Zh: "：", En: ": "}.In(lang)+strings.Join(names, " "))
		}
	}
	for _, t := range topics {
		line(topicName(t, lang), r.group(t.names[0]))
	}
	line(i18n.T{Zh: "其他", En: "more"}.In(lang), r.list)
	return strings.Join(append(lines, namingEvents.In(lang)), "\n") // events.go: #NAME
}

// isTopic reports whether word names one of the topics.
func isTopic(word string) bool {
	return slices.ContainsFunc(topics, func(t topic) bool { return slices.Contains(t.names, strings.ToLower(word)) })
}

// topicTitle names the topic word names for a reader of lang.
func topicTitle(word string, lang i18n.Lang) string {
	for _, t := range topics {
		if slices.Contains(t.names, strings.ToLower(word)) {
			return i18n.T{Zh: "%s相关的命令", En: "Commands for the %s"}.In(lang, topicName(t, lang))
		}
	}
	return word
}

// topicName is a topic's name in lang: its first Chinese name, or its
// English one.
func topicName(t topic, lang i18n.Lang) string {
	if lang == i18n.Zh {
		return t.names[len(t.names)-1]
	}
	return t.names[0]
}

// topicNames lists the topics for a reader of lang.
func topicNames(lang i18n.Lang) string {
	var ns []string
	for _, t := range topics {
		ns = append(ns, topicName(t, lang))
	}
	return strings.Join(ns, i18n.T{Zh: "、", En: ", "}.In(lang))
}

// explain is /help COMMAND's text: usage, help, the arguments, aliases.
func explain(cmd *Command, lang i18n.Lang) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s\n%s\n", cmd.Usage(lang), cmd.Help.In(lang))
	for _, a := range cmd.Args {
		b.WriteString(i18n.T{Zh: "  %s：%s\n", En: "  %s: %s\n"}.In(lang, a.Placeholder(lang), a.Help.In(lang)))
	}
	if len(cmd.Aliases) > 0 && lang == i18n.Zh { // the aliases are Chinese names
		fmt.Fprintf(&b, "也可以输入 /%s\n", strings.Join(cmd.Aliases, " /"))
	}
	if more := cmd.More.In(lang); more != "" {
		b.WriteString(more + "\n")
	}
	return strings.TrimRight(b.String(), "\n")
}
