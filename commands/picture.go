package commands

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/chat"
	"github.com/qisai/qisai/internal/i18n"
	"github.com/qisai/qisai/picture"
	"github.com/qisai/qisai/sheet"
	"github.com/qisai/qisai/storage"
)

// Pictures of the sheets: on request (/standings picture) and
// with the round's announcements in the event's chats, where the event's
// setting asks for them (/event set pictures).

// WithPainter gives the service a painter for pictures (picture.Open):
// without one, asking for a picture says how to install a font, and the
// announcements go without.
func WithPainter(p *picture.Painter) Option { return func(s *Service) { s.painter = p } }

// asPicture is the optional argument that asks a view for pictures.
var asPicture = Arg{Name: "as", Kind: Choice, Optional: true, Choices: []string{"picture", "图片"},
	Help: i18n.T{Zh: "图片：以图片发送", En: "picture: send it as pictures"}}

// autoPictures is the field above which an event's announcements come
// with pictures when its setting is auto: a table of 16 rows, with its
// title and heading, is about what a phone shows of a chat without
// scrolling; a longer one scrolls its heading away and shortens its
// names, where a picture's page holds the heading above up to 36 rows.
const autoPictures = 16

// autoPicturesMax is the field above which auto sends no pictures: an
// album's pages of 36 rows (chat.MaxAlbum); a bigger field's pictures
// would bury the chat, and its web page (/web) serves it better. Asked for
// (/standings picture) or on, they still come.
const autoPicturesMax = chat.MaxAlbum * 36

// Values of action.Info.Pictures.
const (
	picturesAuto = ""
	picturesOn   = "on"
	picturesOff  = "off"
)

// picturesWanted reports whether the event's announcements go with
// pictures.
func picturesWanted(st *action.State) bool {
	switch st.Info.Pictures {
	case picturesOn:
		return true
	case picturesOff:
		return false
	}
	n := len(st.Event.Players)
	return n > autoPictures && n <= autoPicturesMax
}

// noPainter is the answer to a picture asked of a service without a font.
func noPainter() *Problem {
	return problem("暂时不能发图片：服务器上没有中文字体。管理员可以安装一个（apt-get install fonts-noto-cjk 或 fonts-droid-fallback），或用 QISAI_FONT=字体文件路径 指定，然后重启。",
		"Pictures are not available: the server has no CJK font. Its administrator can install one (apt-get install fonts-noto-cjk or fonts-droid-fallback), or name a font file with QISAI_FONT=PATH, and restart.")
}

// showPicture answers with tables drawn as pictures, one a page, named
// after the event and what each shows: a team event's standings go with
// its board standings (sheet.StandingsTables).
func showPicture(c *Context, tables ...sheet.Table) (Reply, error) {
	if c.svc.painter == nil {
		return Reply{}, noPainter()
	}
	var files []*chat.File
	titles := make([]string, len(tables))
	for i, t := range tables {
		f, err := pictures(c.svc.painter, c.State.Event.Name, t)
		if err != nil {
			return Reply{}, err
		}
		files, titles[i] = append(files, f...), t.Title
	}
	title := strings.Join(titles, i18n.T{Zh: "、", En: ", "}.In(c.Lang))
	text := i18n.T{Zh: "%s：图片 %d 张", En: "%s: %d pictures"}.In(c.Lang, title, len(files))
	if len(files) == 1 {
		text = i18n.T{Zh: "%s：图片", En: "%s: picture"}.In(c.Lang, title)
	}
	return withFiles(c, text, files)
}

// pictures draws t as PNG files named after the event and t's title,
// "春季赛_第3轮后排名_2.png" for its second page.
func pictures(p *picture.Painter, event string, t sheet.Table) ([]*chat.File, error) {
	title := t.Title
	// A picture is forwarded out of its chat: it names its event.
	t.Title = event + " · " + title
	pages, err := p.Draw(t)
	if err != nil {
		return nil, fmt.Errorf("draw the %s of %q: %w", t.Kind, event, err)
	}
	files := make([]*chat.File, len(pages))
	for i, png := range pages {
		name := event + " " + title
		if len(pages) > 1 {
			name += " " + strconv.Itoa(i+1)
		}
		files[i] = &chat.File{Name: chat.FileName(name, "png"), Data: png}
	}
	return files, nil
}

// illustrate sends every chat of the event t's pictures after what v
// announced, with the change, where the event's setting asks for them
// and the service has a painter. A picture that cannot be drawn is
// logged and left out: the announcement itself has gone out.
func (v *voice) illustrate(ch *storage.Change, t sheet.Table) {
	if v.svc == nil || v.svc.painter == nil || !picturesWanted(ch.State) {
		return
	}
	files, err := pictures(v.svc.painter, ch.State.Event.Name, t)
	if err != nil {
		v.svc.log.Error("announcement pictures", "err", err)
		return
	}
	if v.here {
		v.files = append(v.files, files...)
	}
	for _, c := range v.others {
		for _, f := range files {
			ch.Send(chat.Message{Chat: c, File: f})
		}
	}
}

// showHere sends the request's chat the pictures the change announced
// (illustrate) after what the change said there: the reply, or what
// queueHeard stored as the reply.
func (c *Context) showHere(ch *storage.Change) {
	v := c.voice
	if v == nil || v.ch != ch {
		return
	}
	for _, f := range v.files {
		ch.Send(chat.Message{Chat: c.Req.Chat, File: f})
	}
}

// setPictures reads /event set pictures: auto (自动), on (开) or off (关).
func setPictures(a *action.InfoChanged, v string) error {
	var p string
	switch strings.ToLower(v) {
	case "auto", "自动":
		p = picturesAuto
	case "on", "开", "yes":
		p = picturesOn
	case "off", "关", "no":
		p = picturesOff
	default:
		return errors.New("not auto, on or off")
	}
	a.Pictures = &p
	return nil
}

// showPictures says what the pictures setting is.
func showPictures(st *action.State, lang i18n.Lang) string {
	switch st.Info.Pictures {
	case picturesOn:
		return i18n.T{Zh: "开：对阵和排名公告附图片", En: "on: announcements of pairings and standings come with pictures"}.In(lang)
	case picturesOff:
		return i18n.T{Zh: "关", En: "off"}.In(lang)
	}
	return i18n.T{Zh: "自动：超过 %d 名选手时公告附图片", En: "auto: announcements come with pictures above %d players"}.In(lang, autoPictures)
}
