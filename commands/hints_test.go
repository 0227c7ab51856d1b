package commands

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"
	"unicode"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/chat"
	"github.com/qisai/qisai/internal/i18n"
	"github.com/qisai/qisai/storage"
)

// The hint-runner: every line the bot tells somebody to type ("输入
// /publish", "下一步：/pair", "type /me", "Confirm with /confirm") must
// work where it is said — in the private chat it arrives in, by its
// reader; in a group, by somebody there (the one who caused it first) —
// or it is a dead end. Every scenario's script runs each hint it is given
// at once, on the state of that moment, against a store that rolls every
// change back (dryStore), so the script goes on as if nobody had typed it.
//
// A hint with placeholders ("/join 名字", "/result BOARD RESULT") must
// reach its command, event and rights; one without must also run.

// hintStart finds where a message tells its reader what to type: a
// command after 输入, 用 (not 可以用, which says who may), 按, a colon, 或,
// "type", "with", "or", "press", "then".
var hintStart = regexp.MustCompile(`(?:输入|(?:^|[^以])用|按|[：:·]|或|请|\b[Tt]ype|\b[Ww]ith|\bor|\b[Pp]ress|\bthen) *[/／][a-z]`)

// staffWords in a clause before a hint say it is for the organisers or
// arbiters, whoever reads it: it is run in the group, by them;
// playerWords that it is for players, those who are to come too: it is
// run in the group by a member who has not spoken yet, as well.
var (
	staffWords  = regexp.MustCompile(`组织者|裁判|[Oo]rganiser|[Aa]rbiter`)
	playerWords = regexp.MustCompile(`选手|队员|[Pp]layers`)
	// groupWords send the reader to the event's group.
	groupWords = regexp.MustCompile(`群里|\bin (?:the|its|the event's|the club's) group`)
)

// hintText is a hint found in a message: the line to type, whether it
// is addressed to the event's staff or its players, and whether a
// placeholder was cut off it (the reader fills it in: the line reaches its
// command, and no more is asked of it).
type hintText struct {
	line           string
	staff, players bool
	inGroup        bool // to be typed in the event's group
	template       bool
	// whole is the line with the Chinese words after it up to the end of
	// its clause: a value may be Chinese ("/bye 取消 2"), or prose
	// ("/pair 编排下一轮"); the hint works when either does.
	whole string
	// later says the hint is for a later moment ("本轮结束后输入 /pair"):
	// it must reach its command, event and rights now, and no more.
	later bool
}

// hintsIn lists the hints in text: each command line from its "/" to the
// end of its clause, without the placeholder that ends it glued to a
// Chinese word ("@名字", "#比赛名") and from the first placeholder in
// capitals ("NAME") on.
func hintsIn(text string) []hintText {
	var out []hintText
	for _, m := range hintStart.FindAllStringIndex(text, -1) {
		from := strings.LastIndexAny(text[:m[1]], "/／")
		clause := text[:from]
		if i := strings.LastIndexAny(clause, "。\n.;；!！?？"); i >= 0 {
			clause = clause[i:]
		}
		line, template := hintLine(text[from:])
		out = append(out, hintText{line: line, staff: staffWords.MatchString(clause), players: playerWords.MatchString(clause),
			inGroup: groupWords.MatchString(clause), template: template, whole: wholeLine(text[from:]), later: laterWords.MatchString(clause)})
	}
	return out
}

// laterWords in a clause before a hint say it is for later.
var laterWords = regexp.MustCompile(`后输入|之后|以后|结束后|\bafter\b|\bonce\b|\bwhen\b`)

// wholeLine is the line at the start of s up to the end of its clause.
func wholeLine(s string) string {
	if i := strings.IndexAny(s, "，。；、！？（）「」,;!?()\n…·"); i >= 0 {
		s = s[:i]
	}
	return strings.Join(strings.Fields(s), " ")
}

// hintLine is the command line at the start of s, and whether a
// placeholder was cut off it.
func hintLine(s string) (string, bool) {
	rs := []rune(s)
	end, glued := len(rs), false
	for i, r := range rs {
		if i == 0 {
			continue
		}
		colon := r == ':' && i+1 < len(rs) && unicode.IsDigit(rs[i+1]) && unicode.IsDigit(rs[i-1]) // 19:30
		if unicode.Is(unicode.Han, r) || !colon && strings.ContainsRune("，。；：、！？（）「」【】,;:!?()\n…·", r) ||
			r == '.' && (i+1 == len(rs) || rs[i+1] == ' ' || rs[i+1] == '\n') {
			end, glued = i, unicode.Is(unicode.Han, r) && (rs[i-1] != ' ' || placeholderWords[hanWord(rs[i:])])
			break
		}
	}
	words := strings.Fields(string(rs[:end]))
	template := glued && (len(words) > 1 || rs[end-1] == ' ')
	glued = glued && rs[end-1] != ' ' // a word cut in two: "@名字"
	if glued && len(words) > 1 {
		words = words[:len(words)-1] // "@名字", "#比赛名": a placeholder
	}
	for i, w := range words {
		if i > 0 && (w == "and" || w == "or") { // English prose goes on
			return strings.Join(words[:i], " "), template
		}
		if i > 0 && placeholder.MatchString(w) {
			return strings.Join(words[:i], " "), true
		}
	}
	return strings.Join(words, " "), template
}

// hanWord is the Chinese word at the start of rs: its Han characters
// and a colon between them (时:分).
func hanWord(rs []rune) string {
	n := 0
	for n < len(rs) && (unicode.Is(unicode.Han, rs[n]) || rs[n] == ':') {
		n++
	}
	return string(rs[:n])
}

// placeholderWords are the Chinese words that stand for a value after a
// command ("/join 名字", "/event set boards 台数"): the arguments' names,
// and those the texts use besides them.
var placeholderWords = func() map[string]bool {
	words := map[string]bool{"台数": true, "台次": true, "名称": true, "时:分": true, "比赛名": true, "台": true, "序号": true}
	for _, zh := range argNames {
		words[zh] = true
	}
	return words
}()

// placeholder is a word in capitals that stands for a value: NAME,
// BOARD, B1, HH:MM, "[UNIT]".
var placeholder = regexp.MustCompile(`^[\[<]?[A-Z][A-Z0-9_:|]*[\]>]?$`)

// hints runs the hints of what a step said.
type hints struct {
	t   testing.TB
	h   *harness
	svc *Service // over a dryStore
	n   int
	// speakers are the users who have spoken in the script, in order: a
	// group's hint is run by each until one can.
	speakers []string
}

func newHints(t testing.TB, h *harness) *hints {
	return &hints{t: t, h: h, svc: New(dryStore{h.seen()}, WithClock(h.clock))}
}

// spoke notes user as one of the script's speakers.
func (k *hints) spoke(user string) {
	for _, u := range k.speakers {
		if u == user {
			return
		}
	}
	k.speakers = append(k.speakers, user)
}

// check runs every hint of text, said in chat c as the result of actor's
// line ("" for the clock), and fails the test for each dead end.
func (k *hints) check(c chat.Chat, actor, text string) {
	k.t.Helper()
	for _, ht := range hintsIn(text) {
		where, runners := c, []string{c.User()}
		toGroup := !c.IsPrivate() || ht.staff || ht.players || ht.inGroup
		if toGroup {
			where, runners = k.h.group, append([]string{cmp.Or(actor, c.User())}, k.speakers...)
		}
		if ht.players {
			runners = append(runners, "newcomer") // a member who has not spoken yet
		}
		var why []string
		ok := false
		for _, u := range runners {
			if u == "" {
				continue
			}
			if !toGroup {
				where = chat.Private(c.Platform, u)
			}
			err := k.try(where, u, ht)
			if err == nil {
				ok = true
				break
			}
			why = append(why, fmt.Sprintf("%s: %v", u, err))
		}
		if !ok {
			k.t.Errorf("a dead end: %q, said in %s in\n%s\nfails for everyone who could type it there:\n%s", ht.line, c.ID, text, strings.Join(why, "\n"))
		}
	}
}

// try runs hint as user in chat c, changing nothing: nil when it works —
// it reaches its command, its event and the user's rights, and runs, or,
// when a value is left to fill in, stops only there. An answer that asks
// which event, with a button each in private, is no dead end, and nor is
// a refusal of the moment that says what to type instead.
func (k *hints) try(c chat.Chat, user string, hint hintText) error {
	err := k.tryLine(c, user, hint.line, hint.template || hint.later)
	if err == nil || hint.whole == hint.line {
		return err
	}
	// The whole clause, and each shorter start of it that is longer than
	// the line: prose may follow a Chinese value ("用 /schedule 1 周六
	// 09:00 设定后").
	words, short := strings.Fields(hint.whole), len(strings.Fields(hint.line))
	for n := len(words); n > short; n-- {
		line := strings.Join(words[:n], " ")
		whole := k.tryLine(c, user, line, hint.later)
		if whole == nil {
			return nil
		}
		if n == len(words) {
			err = fmt.Errorf("%v; as %q: %v", err, line, whole)
		}
	}
	return err
}

// tryLine runs line as try does; reach says it need only reach its
// command, event and rights.
func (k *hints) tryLine(c chat.Chat, user, line string, reach bool) error {
	k.n++
	ctx := context.Background()
	req := Request{Chat: c, User: User{ID: user, Name: user}, Locale: "zh", Text: line, UpdateID: fmt.Sprintf("hint:%d", k.n)}
	own := k.svc.lang(ctx, req)
	lang := k.svc.chatLang(ctx, c, own)
	pressed, words := takeRef(splitLine(line))
	// The longest start of the line that reads: prose may follow a hint
	// ("Next: /pair pairs round 1").
	var (
		cmd *Command
		cc  *Context
		at  stop
		err error
	)
	named, rest := k.svc.reg.Lookup(words)
	if named == nil {
		return errors.New("no such command")
	}
	for n := len(words); n >= len(words)-len(rest); n-- {
		if cmd, cc, at, err = k.svc.route(ctx, req, words[:n], pressed, lang, own); at != atArgs {
			break
		}
	}
	var amb *ambiguousEvent
	switch {
	case errors.As(err, &amb):
		return nil // the answer names the events, with a button each in private
	case at == atArgs:
		return nil // even the bare command wants a value: a placeholder to fill in
	case err != nil:
		return problemText(err, cmd)
	case reach:
		return nil
	}
	_, err = cmd.Run(cc)
	if err == nil || errors.Is(err, errDry) || errors.As(err, &amb) {
		return nil
	}
	if said := problemText(err, cmd); len(hintsIn(said.Error())) == 0 {
		return said
	}
	return nil // refused now, saying what to type instead: no dead end
}

// problemText is err as the user would read it.
func problemText(err error, cmd *Command) error {
	var p *Problem
	var r *action.Refusal
	switch {
	case errors.As(err, &p):
		return errors.New(p.Text.In(i18n.Zh, p.Args...))
	case errors.As(err, &r):
		return errors.New(refusalText(r, cmd, i18n.Zh))
	}
	return err
}

// errDry ends a change the hint-runner made: nothing of it is stored.
var errDry = errors.New("dry run: rolled back")

// dryStore is a store that changes nothing: every change is built and
// then rolled back, and what is written outside changes is dropped.
type dryStore struct{ Store }

func (s dryStore) Update(ctx context.Context, id storage.EventID, actor action.Actor, key string, fn func(*storage.Change) error) (storage.Result, error) {
	return s.Store.Update(ctx, id, actor, key, dry(fn))
}

func (s dryStore) Create(ctx context.Context, actor action.Actor, key string, fn func(*storage.Change) error) (storage.EventID, storage.Result, error) {
	return s.Store.Create(ctx, actor, key, dry(fn))
}

func dry(fn func(*storage.Change) error) func(*storage.Change) error {
	return func(ch *storage.Change) error {
		if err := fn(ch); err != nil {
			return err
		}
		return errDry
	}
}

func (dryStore) SawUser(context.Context, chat.Chat, string, string, string) error { return nil }
func (dryStore) SetLang(context.Context, string, string, string) error            { return nil }
func (dryStore) UseEvent(context.Context, chat.Chat, storage.EventID) error       { return nil }
func (dryStore) Enqueue(context.Context, ...chat.Message) error                   { return nil }
func (dryStore) WebLink(context.Context, storage.EventID) (string, error)         { return "dry", nil }
func (dryStore) MarkAnswered(context.Context, chat.Chat, string, time.Duration) error {
	return nil
}
func (dryStore) NewLinkCode(context.Context, storage.EventID, action.Actor, time.Duration) (string, time.Time, error) {
	return "DRY0-DRY0-DRY0-DRY0", time.Time{}, nil
}
func (dryStore) RedeemLinkCode(context.Context, string, string, string, storage.LinkLimits) (storage.EventID, error) {
	return 0, errDry
}

// isHelp reports whether line asks for /help.
func isHelp(line string) bool {
	w := splitLine(line)
	return len(w) > 0 && (w[0] == "help" || w[0] == "帮助")
}

// TestHintsIn: the hints a message gives, as a reader would type them.
func TestHintsIn(t *testing.T) {
	for _, tt := range []struct {
		text string
		want []string
	}{
		{"第 1 轮预览……\n公布：/publish", []string{"/publish"}},
		{"下一步：/pair 编排第 1 轮。", []string{"/pair"}},
		{"报名已开放：选手输入 /join 名字 [单位] 报名。", []string{"/join"}},
		{"现在：下完后用 /report 胜、负 或 和 报告结果。", []string{"/report"}},
		{"只有组织者可以用 /start。", nil},
		{"%s 报告：…。用 /confirm 确认，或 /dispute 提出异议。", []string{"/confirm", "/dispute"}},
		{"请在命令后加上 #比赛名，如 /standings #春季赛；或用 /event use 名称 选定当前比赛。", []string{"/event use"}},
		{"Next: /pair pairs round 1.", []string{"/pair pairs round 1"}},
		{"Enter them with /result BOARD RESULT, e.g. /result 4 1-0.", []string{"/result"}},
		{"type /publish 19:30 to start then", []string{"/publish 19:30 to start then"}},
		{"Players ask to join with /team join Team1 and you confirm", []string{"/team join Team1"}},
		{"改动：/swap 台 台 换黑方 · /exchange 序号 序号 换人", []string{"/swap", "/exchange"}},
		{"Changes: /swap B1 B2 swaps blacks · /exchange N1 N2", []string{"/swap", "/exchange"}},
		{"用 /arbiter add @名字 添加的裁判", []string{"/arbiter add"}},
		{"下一步：/event set boards 台数 等设置", []string{"/event set boards"}},
		{"Type /standings for the final standings. With /me, your game.", []string{"/standings for the final standings", "/me"}},
	} {
		var got []string
		for _, h := range hintsIn(tt.text) {
			got = append(got, h.line)
		}
		if strings.Join(got, " | ") != strings.Join(tt.want, " | ") {
			t.Errorf("hintsIn(%q) = %q, want %q", tt.text, got, tt.want)
		}
	}
	if h := hintsIn("报名还没有开放。请组织者用 /signup open 开放报名。"); len(h) != 1 || !h[0].staff {
		t.Errorf("a hint to the organisers: %+v, want it marked for the staff", h)
	}
}

// recorder is a test that keeps its errors instead of failing.
type recorder struct {
	testing.TB
	errs []string
}

func (r *recorder) Errorf(format string, args ...any) {
	r.errs = append(r.errs, fmt.Sprintf(format, args...))
}

// TestHintRunnerFindsDeadEnds: the runner fails a hint nobody can follow
// where it is said — no such command, a staff command in a player's
// private chat — and passes one that works, one with a value to fill in,
// and one that asks which event; it changes nothing.
func TestHintRunnerFindsDeadEnds(t *testing.T) {
	h := newHarness(t)
	e := newPlayEvent(t, h, nil).enter()
	h.say("org", "/pair")
	rec := &recorder{TB: t}
	k := newHints(rec, h)
	k.spoke("org")
	red := "wang" // a player, no staff
	n := len(e.logKinds())
	for _, tt := range []struct {
		in       chat.Chat
		text     string
		deadEnds int
	}{
		{h.group, "输入 /nosuch 看看。", 1},
		{chat.Private("console", red), "下一步：/pair 编排下一轮。", 1},
		{chat.Private("console", "org"), "第 1 轮预览……\n公布：/publish", 0},
		{h.group, "选手输入 /join 名字 报名。", 0},
		{h.group, "完整名次：/standings。", 0},
	} {
		rec.errs = nil
		k.check(tt.in, "org", tt.text)
		if len(rec.errs) != tt.deadEnds {
			t.Errorf("%q in %s: %d dead ends %q, want %d", tt.text, tt.in.ID, len(rec.errs), rec.errs, tt.deadEnds)
		}
	}
	if got := len(e.logKinds()); got != n || e.state().PendingPreview() == nil {
		t.Errorf("running the hints changed the event: %d actions, were %d", got, n)
	}
}
