package commands

import (
	"context"
	"testing"

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
	must(t, h.say("wang", "/lang fr"), "zh, en", "fr")
	must(t, h.sendAs("ann", "en", "/lang fr").Text, "must be one of zh, en")
	if got, err := h.store.Lang(context.Background(), "console", "wang"); err != nil || got != "" {
		t.Errorf("stored language after a refusal: %q, %v; want none", got, err)
	}
}
