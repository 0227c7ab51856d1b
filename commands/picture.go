package commands

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

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

// Pages a picture command sends (R-§9's papers as pictures, on a
// phone): in a group, whose budget everybody shares, groupPages; in a
// private chat one album. A bigger field gets its top page and the
// asker's, and the whole table as a file.
const (
	groupPages   = 4
	privatePages = chat.MaxAlbum
)

// showPicture answers with tables drawn as pictures, one album of pages
// named after the event and what each shows: a team event's standings go
// with its board standings (sheet.StandingsTables). Where the pages are
// more than the chat takes (groupPages, privatePages), each table too
// long sends its first page and the asker's, and the whole as a CSV file.
// In a group, a picture command of someone who is not staff comes once a
// minute at most (pictureSpacing).
func showPicture(c *Context, tables ...sheet.Table) (Reply, error) {
	if c.svc.painter == nil {
		return Reply{}, noPainter()
	}
	if err := c.pictureTurn(); err != nil {
		return Reply{}, err
	}
	limit := privatePages
	if !c.Req.Chat.IsPrivate() {
		limit = groupPages
	}
	spans := make([][][2]int, len(tables))
	total := 0
	for i, t := range tables {
		spans[i] = c.svc.painter.Pages(t)
		total += len(spans[i])
	}
	var files, whole []*chat.File
	titles := make([]string, len(tables))
	cut := false
	for i, t := range tables {
		titles[i] = t.Title
		pages := allPages(len(spans[i]))
		if total > limit {
			pages = c.picked(t, spans[i])
		}
		f, err := picturePages(c.svc.painter, c.State.Event.Name, t, pages, len(spans[i]))
		if err != nil {
			return Reply{}, err
		}
		files = append(files, f...)
		if len(pages) < len(spans[i]) {
			cut = true
			data, err := sheet.CSVFile(t)
			if err != nil {
				return Reply{}, fmt.Errorf("the whole of %q as a file: %w", t.Title, err)
			}
			whole = append(whole, &chat.File{Name: chat.FileName(c.State.Event.Name+" "+t.Title, "csv"), Data: data})
		}
	}
	title := strings.Join(titles, i18n.T{Zh: "、", En: ", "}.In(c.Lang))
	text := i18n.T{Zh: "%s：图片 %d 张", En: "%s: %d pictures"}.In(c.Lang, title, len(files))
	switch {
	case cut:
		text = i18n.T{Zh: "%s：共 %d 页，这里是第一页和你所在的一页（图片 %d 张），全表见附件 CSV。", En: "%s: %d pages; here are the first and yours (%d pictures), and the whole table in the CSV file."}.
			In(c.Lang, title, total, len(files))
	case len(files) == 1:
		text = i18n.T{Zh: "%s：图片", En: "%s: picture"}.In(c.Lang, title)
	}
	return withFiles(c, text, append(files, whole...))
}

// allPages are the numbers of n pages, from 0.
func allPages(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = i
	}
	return out
}

// picked are the pages of t, cut into spans (picture.Painter.Pages), that
// a big field sends: the first, and the page with the asker's row where
// that is another.
func (c *Context) picked(t sheet.Table, spans [][2]int) []int {
	pages := []int{0}
	if c.Player == 0 {
		return pages
	}
	link := sheet.PlayerLink(c.Player)
	for i, span := range spans {
		for _, row := range t.Rows[span[0]:span[1]] {
			if i > 0 && slices.ContainsFunc(row, func(cell sheet.Cell) bool { return cell.Link == link }) {
				return append(pages, i)
			}
		}
	}
	return pages
}

// pictureSpacing is the least time between two picture commands of those
// who are not staff in one group: a group's budget is everybody's.
const pictureSpacing = time.Minute

// pictureTurn refuses a picture command in a group within pictureSpacing of
// the last one of someone who is not staff, saying when to ask again; the
// staff's and those in private chats come at once. A command let through
// takes the group's turn.
func (c *Context) pictureTurn() error {
	if c.Req.Chat.IsPrivate() || c.Is(storage.Organiser) || c.Is(storage.Arbiter) {
		return nil
	}
	now := c.svc.now()
	key := c.Req.Chat.Root()
	for {
		last, loaded := c.svc.pictured.LoadOrStore(key, now)
		if !loaded {
			return nil
		}
		if wait := last.(time.Time).Add(pictureSpacing).Sub(now); wait > 0 {
			secs := int((wait + time.Second - 1) / time.Second)
			return problem("这个群刚刚发过图片：每分钟一次。请 %d 秒后再试，或私聊我发同样的命令。", "Pictures were sent in this group just now: once a minute. Try again in %d s, or send me the same command privately.", secs)
		}
		if c.svc.pictured.CompareAndSwap(key, last, now) {
			return nil
		}
	}
}

// pictures draws t as PNG files named after the event and t's title,
// "春季赛_第3轮后排名_2.png" for its second page.
func pictures(p *picture.Painter, event string, t sheet.Table) ([]*chat.File, error) {
	all := len(p.Pages(t))
	return picturePages(p, event, t, allPages(all), all)
}

// picturePages draws pages of t (0 for the first) of all as pictures does.
func picturePages(p *picture.Painter, event string, t sheet.Table, pages []int, all int) ([]*chat.File, error) {
	title := t.Title
	// A picture is forwarded out of its chat: it names its event.
	t.Title = event + " · " + title
	drawn, err := p.DrawPages(t, pages...)
	if err != nil {
		return nil, fmt.Errorf("draw the %s of %q: %w", t.Kind, event, err)
	}
	files := make([]*chat.File, len(drawn))
	for i, png := range drawn {
		name := event + " " + title
		if all > 1 {
			name += " " + strconv.Itoa(pages[i]+1)
		}
		files[i] = &chat.File{Name: chat.FileName(name, "png"), Data: png}
	}
	return files, nil
}

// illustrate sends every chat of the event the tables' pictures, one album, after
// what v announced, with the change, where the event's setting asks for
// them and the service has a painter. A picture that cannot be drawn is
// logged and left out: the announcement itself has gone out.
func (v *voice) illustrate(ch *storage.Change, tables ...sheet.Table) {
	if !v.pictures(ch) {
		return
	}
	var files []*chat.File
	for _, t := range tables {
		f, err := pictures(v.svc.painter, ch.State.Event.Name, t)
		if err != nil {
			v.svc.log.Error("announcement pictures", "err", err)
			return
		}
		files = append(files, f...)
	}
	if v.here {
		v.files = append(v.files, files...)
	}
	for _, c := range v.others {
		ch.Send(chat.Message{Chat: c, Album: files})
	}
}

// showHere sends the request's chat the pictures the change announced
// (illustrate), one album, after what the change said there: the reply,
// or what queueHeard stored as the reply.
func (c *Context) showHere(ch *storage.Change) {
	v := c.voice
	if v == nil || v.ch != ch || len(v.files) == 0 {
		return
	}
	ch.Send(chat.Message{Chat: c.Req.Chat, Album: v.files})
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
