package commands

import (
	"context"
	"errors"
	"strings"

	"github.com/qisai/qisai/chat"
	"github.com/qisai/qisai/internal/i18n"
	"github.com/qisai/qisai/sheet"
	"github.com/qisai/qisai/storage"
)

// The event's live web page (served by bot/web on qisai's HTTP listener)
// is reached by a secret link: /web posts it, /web new replaces it. One
// command with an argument rather than two ("web" and "web new"), since
// Discord cannot have a command that is also a group of subcommands.
func webCommands() []*Command {
	return []*Command{{
		Name: "web", Aliases: []string{"网页"}, Who: Member,
		Args: []Arg{{Name: "new", Kind: Choice, Choices: []string{"new", "更换"}, Optional: true,
			Help: i18n.T{Zh: "更换：组织者换一个新链接，旧链接随即失效", En: "new: organisers replace the link; the old one stops working at once"}}},
		Help: i18n.T{Zh: "本赛实时网页的链接：对阵、结果、排名和成绩表，手机和投影都能看", En: "the link to the event's live web page: pairings, results, standings and the crosstable, on a phone or a projector"},
		Run:  web,
	}}
}

// web posts the event's link, or with "new" (organisers only) replaces it.
func web(c *Context) (Reply, error) {
	if c.Args["new"] == "" {
		return postWebLink(c)
	}
	if !c.Is(storage.Organiser) {
		return Reply{}, problem("只有组织者可以更换网页链接。", "Only the organisers can replace the web page's link.")
	}
	return replaceWebLink(c)
}

// WithPublicURL sets the address the event pages are served under, as
// people open it ("https://qisai.example.org"): /web gives links under
// it. Without it /web says the page is off and what to set.
func WithPublicURL(base string) Option {
	return func(s *Service) { s.publicURL = strings.TrimRight(base, "/") }
}

// noWebPage is the answer where nobody set the page's address.
func noWebPage() *Problem {
	return problem("网页没有开启：运行 qisai 的人需要设置 QISAI_LISTEN（监听地址）和 QISAI_PUBLIC_URL（网页的 https 地址）；控制台模式用 qisai console --listen 地址。",
		"The web page is off: whoever runs qisai sets QISAI_LISTEN (the listener) and QISAI_PUBLIC_URL (the page's https address); in the console, qisai console --listen ADDR.")
}

func postWebLink(c *Context) (Reply, error) {
	if c.svc.publicURL == "" {
		return Reply{}, noWebPage()
	}
	token, err := c.svc.store.WebLink(c, c.Event)
	if err != nil {
		return Reply{}, err
	}
	return Reply{Text: i18n.T{Zh: "本赛实时网页（不用登录，有链接的人都能看）：\n%s\n组织者可用 /web new 更换链接，旧链接随即失效。",
		En: "The event's live page (no login: anyone with the link can look):\n%s\nOrganisers can replace the link with /web new; the old one stops working at once."}.
		In(c.Lang, c.svc.webURL(token))}, nil
}

func replaceWebLink(c *Context) (Reply, error) {
	if c.svc.publicURL == "" {
		return Reply{}, noWebPage()
	}
	var token string
	if _, err := c.Update(func(ch *storage.Change) (err error) {
		token, err = ch.ReplaceWebLink() // /log names who and when
		return err
	}); err != nil {
		return Reply{}, err
	}
	return Reply{Text: i18n.T{Zh: "本赛网页换了新链接，旧链接已经失效：\n%s", En: "The event's page has a new link; the old one no longer works:\n%s"}.
		In(c.Lang, c.svc.webURL(token))}, nil
}

// pageButton is a link to the event's live page under a round's
// announcement, none where the page is off (WithPublicURL). It makes the
// link the first time, so that the round's message can carry it
// (liveButtons).
func (c *Context) pageButton() ([]chat.Button, error) {
	if c.svc.publicURL == "" {
		return nil, nil
	}
	token, err := c.svc.store.WebLink(c, c.Event)
	if err != nil {
		return nil, err
	}
	return c.svc.pageLink(token, eventLang(c.State)), nil
}

// pageLink is the button to the event page with token.
func (s *Service) pageLink(token string, lang i18n.Lang) []chat.Button {
	return []chat.Button{{Label: i18n.T{Zh: "实时网页", En: "Live page"}.In(lang), URL: s.webURL(token)}}
}

// liveButtons are the buttons under a round's message as it reads in ch:
// the link to the event's live page, where the page is on and the event
// has a link (pageButton made it at the round's publication). Each
// version of the message carries them, or its edit would drop them.
func (v *voice) liveButtons(ch *storage.Change) ([]chat.Button, error) {
	if v.svc == nil || v.svc.publicURL == "" {
		return nil, nil
	}
	token, err := ch.WebLink()
	if err != nil || token == "" {
		return nil, err
	}
	return v.svc.pageLink(token, v.lang), nil
}

// webURL is the link of the event page with token.
func (s *Service) webURL(token string) string { return s.publicURL + "/e/" + token + "/" }

// WebPages are the events' pages behind their web links, for bot/web.
type WebPages struct{ s *Service }

// Web gives the events' pages to the web handler.
func (s *Service) Web() WebPages { return WebPages{s} }

// Version is the version of the event whose link token is; ok is false
// when no link in use has it.
func (w WebPages) Version(ctx context.Context, token string) (int64, bool, error) {
	_, v, err := w.s.store.WebEvent(ctx, token)
	if errors.Is(err, storage.ErrNotFound) {
		return 0, false, nil
	}
	return v, err == nil, err
}

// Page is the page of the event whose link token is, in lang: the event's
// (player 0) or one player's games. ok is false when no link in use has
// token, or the event has no such player.
func (w WebPages) Page(ctx context.Context, token string, player int, lang i18n.Lang) (sheet.Page, bool, error) {
	id, _, err := w.s.store.WebEvent(ctx, token)
	if errors.Is(err, storage.ErrNotFound) {
		return sheet.Page{}, false, nil
	}
	if err != nil {
		return sheet.Page{}, false, err
	}
	st, err := w.s.store.Load(ctx, id)
	if err != nil {
		return sheet.Page{}, false, err
	}
	if player == 0 {
		return formatOf(st).page(st, lang), true, nil
	}
	if _, ok := st.Event.Player(player); !ok {
		return sheet.Page{}, false, nil
	}
	return sheet.Page{
		Event: st.Event.Name, Lang: lang, Status: sheet.Status(sheetOf(st), lang), Version: st.Through,
		Tables: []sheet.Table{sheet.Games(sheetOf(st), player, lang)},
	}, true, nil
}
