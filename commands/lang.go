package commands

import (
	"context"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/chat"
	"github.com/qisai/qisai/internal/i18n"
)

func langCommands() []*Command {
	return []*Command{{
		Name: "lang", Aliases: []string{"语言"}, Who: Anyone,
		Args: []Arg{{Name: "language", Kind: Choice, Choices: []string{"zh", "en", "中文", "英文"}, Optional: true,
			Help: i18n.T{Zh: "中文 或 英文", En: "zh for Chinese, en for English"}}},
		Help: i18n.T{Zh: "选择回复你的语言", En: "choose the language the bot answers you in"},
		Run:  setLang,
	}}
}

// setLang records the language the sender chose: it holds for them on
// this platform in every chat and event, before the platform's locale
// (Service.lang). Without an argument it says which language is in use.
func setLang(c *Context) (Reply, error) {
	l := i18n.Parse(c.Args["language"])
	if l == "" {
		return Reply{Text: i18n.T{Zh: "现在用中文回复你。要改用英文，输入 /lang en。", En: "I answer you in English. For Chinese, type /lang zh."}.In(c.Lang)}, nil
	}
	if err := c.svc.store.SetLang(c, c.Req.Chat.Platform, c.Req.User.ID, string(l)); err != nil {
		return Reply{}, err
	}
	// Private: the group reads its event's language whatever one user
	// chose; this is theirs alone.
	return Reply{Text: i18n.T{Zh: "好的，以后用中文回复你。", En: "OK, I will answer you in English from now on."}.In(l), Private: true}, nil
}

// langName names l for a reader of lang: 中文, English.
func langName(l, lang i18n.Lang) string {
	if l == i18n.En {
		return i18n.T{Zh: "英文", En: "English"}.In(lang)
	}
	return i18n.T{Zh: "中文", En: "Chinese"}.In(lang)
}

// chatLang is the language everything said in c is in: in a group, the
// language the event it follows now chose (/event set lang; /event new
// takes its creator's) — whoever's command it was, so that a group reads
// one language; in a private chat, a group that follows no event, or one
// whose event never chose (made before events kept one), the sender's own.
func (s *Service) chatLang(ctx context.Context, c chat.Chat, own i18n.Lang) i18n.Lang {
	if c.IsPrivate() {
		return own
	}
	evs, err := s.store.ChatEvents(ctx, c)
	if err != nil || len(evs) == 0 {
		return own
	}
	e, err := pickEvent(evs, "", unfinished)
	if err != nil {
		return own // several and none current: the command will ask which
	}
	st, err := s.store.Load(ctx, e.ID)
	if err != nil {
		return own
	}
	if l := i18n.Parse(st.Info.Lang); l != "" {
		return l
	}
	return own
}

// eventLang is the language the event's chats are spoken to in
// (/event set lang): announcements, the scheduler's reminders and
// forfeits, the standings, whoever's command caused them. An event that
// never chose one (created before it was kept) speaks Chinese.
func eventLang(st *action.State) i18n.Lang {
	if l := i18n.Parse(st.Info.Lang); l != "" {
		return l
	}
	return i18n.Zh
}
