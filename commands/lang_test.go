package commands

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/chat"
)

// TestLangChoiceBeatsLocale: /lang holds for the user who chose it, in
// every chat of the platform, before the locale the platform reports; the
// others keep theirs.
func TestLangChoiceBeatsLocale(t *testing.T) {
	h := newHarness(t)
	must(t, h.say("wang", "/lang"), "现在用中文", "/lang en")
	must(t, h.say("wang", "/lang en"), "in English from now on")
	must(t, h.say("wang", "/nonsense"), "There is no command /nonsense")
	must(t, h.dm("wang", "/nonsense"), "There is no command /nonsense") // another chat, same user
	must(t, h.sendAs("wang", "zh-CN", "/lang").Text, "I answer you in English")
	must(t, h.say("li", "/nonsense"), "没有 /nonsense 这个命令") // li chose nothing: the locale

	must(t, h.sendAs("ann", "en-US", "/lang zh").Text, "以后用中文回复你")
	must(t, h.sendAs("ann", "en-US", "/nonsense").Text, "没有 /nonsense 这个命令")
	must(t, h.sendAs("ann", "en-US", "/lang EN").Text, "in English from now on") // choices ignore case

	// The choice is the user's on one platform: the same id elsewhere is
	// somebody else.
	other := chat.Chat{Platform: "telegram", ID: h.group.ID}
	r := h.svc.Handle(context.Background(), Request{Chat: other, User: User{ID: "wang"}, Text: "/nonsense"})
	must(t, r.Text, "没有 /nonsense 这个命令")
}

// TestLangRefusesOthers: an unknown language is refused in the sender's
// language, saying what to type, and changes nothing.
func TestLangRefusesOthers(t *testing.T) {
	h := newHarness(t)
	must(t, h.say("wang", "/lang fr"), "语言应是中文、英文之一", "fr")
	must(t, h.sendAs("ann", "en", "/lang fr").Text, "must be one of zh, en")
	if got, err := h.store.Lang(context.Background(), "console", "wang"); err != nil || got != "" {
		t.Errorf("stored language after a refusal: %q, %v; want none", got, err)
	}
}

// TestEventLanguage: what the group hears is in the event's language
// whoever's command caused it — the pairings announced, the line for the
// publisher with them, the echo of a setting — and what the sender alone
// reads (the preview, private) in theirs.
func TestEventLanguage(t *testing.T) {
	for _, tt := range []struct {
		event, sender string
		heard, reply  string
	}{
		{"zh", "zh", "第1轮对阵", "第1轮编排预览"},
		{"zh", "en", "第1轮对阵", "Round 1 pairing preview"},
		{"en", "zh", "Round 1 pairings", "第1轮编排预览"},
		{"en", "en", "Round 1 pairings", "Round 1 pairing preview"},
	} {
		t.Run(tt.event+"/"+tt.sender, func(t *testing.T) {
			h := newHarness(t)
			lang := tt.event
			e := pairedEvent(t, h, &action.InfoChanged{Lang: &lang})
			h.sent()
			as := func(text string) Reply {
				h.update++
				return h.svc.Handle(context.Background(), Request{Chat: h.group, User: User{ID: "org", Name: "org"}, Locale: tt.sender,
					Text: text, UpdateID: fmt.Sprintf("console:update:%d", h.update)})
			}
			echo := map[string]string{"zh": "已设置：迟到 = 5 分钟", "en": "Set: late = 5 min"}[tt.event]
			must(t, as("/event set late 5").Text, echo)
			if r := as("/pair"); !r.Private {
				t.Errorf("the preview is said to the group: %q", r.Text)
			} else {
				must(t, r.Text, tt.reply)
			}
			if r := as("/publish"); !r.Private {
				t.Errorf("the publisher's account is said to the group: %q", r.Text)
			}
			heard := strings.Join(h.sent()["group"], "\n")
			must(t, heard, tt.heard)
			unnamed := heard // without the players' names, which are Chinese
			for _, p := range e.state().Event.Players {
				unnamed = strings.ReplaceAll(unnamed, p.Name, "")
			}
			if (tt.event == "zh") != cjk(unnamed) || (tt.event == "zh" && len(latinWords(heard, nil)) > 0) {
				t.Errorf("the group heard %q: want it all in %s", heard, tt.event)
			}
		})
	}
}
