package commands

import "github.com/qisai/qisai/action"

func langCommands() []*Command {
	return []*Command{{
		Name: "lang", Aliases: []string{"语言"}, Who: Anyone,
		Args: []Arg{{Name: "language", Kind: Choice, Choices: []string{"zh", "en", "中文", "英文"}, Optional: true,
			Help: T{"中文 或 英文", "zh for Chinese, en for English"}}},
		Help: T{"选择回复你的语言", "choose the language the bot answers you in"},
		Run:  setLang,
	}}
}

// setLang records the language the sender chose: it holds for them on
// this platform in every chat and event, before the platform's locale
// (Service.lang). Without an argument it says which language is in use.
func setLang(c *Context) (Reply, error) {
	l := ParseLang(c.Args["language"])
	if l == "" {
		return Reply{Text: T{"现在用中文回复你。要改用英文，输入 /lang en。", "I answer you in English. For Chinese, type /lang zh."}.In(c.Lang)}, nil
	}
	if err := c.svc.store.SetLang(c, c.Req.Chat.Platform, c.Req.User.ID, string(l)); err != nil {
		return Reply{}, err
	}
	return Reply{Text: T{"好的，以后用中文回复你。", "OK, I will answer you in English from now on."}.In(l)}, nil
}

// langName names l for a reader of lang: 中文, English.
func langName(l, lang Lang) string {
	if l == En {
		return T{"英文", "English"}.In(lang)
	}
	return T{"中文", "Chinese"}.In(lang)
}

// eventLang is the language the event's chats are spoken to in
// (/event set lang): announcements, the scheduler's reminders and
// forfeits, the standings, whoever's command caused them. An event that
// never chose one (created before it was kept) speaks Chinese.
func eventLang(st *action.State) Lang {
	if l := ParseLang(st.Info.Lang); l != "" {
		return l
	}
	return Zh
}
