package commands

import (
	"fmt"
	"strings"
	"testing"

	"github.com/qisai/qisai/internal/i18n"
)

// TestLanguageRulesStaged holds a staged event's texts to the language
// rules (as TestLanguageRules does the Swiss's): the plan's settings and
// their refusals, the preview, the announcements of results, of a match
// still level, of a tie-break game, of a stage's end and of the final
// ranking, /bracket, /standings and /crosstable — in Chinese and English,
// every reply and every message queued.
func TestLanguageRulesStaged(t *testing.T) {
	for _, lang := range []i18n.Lang{i18n.Zh, i18n.En} {
		s := newScript(t)
		typed := []string{"杯赛", "zzz", "org"}
		var said saidLog
		run := func(user, text string) string {
			t.Helper()
			return said.keep(s, s.run(user, string(lang), text, false))
		}
		run("org", "/event new 杯赛 groups")
		s.pinSeed(3)
		for _, k := range planKeys {
			run("org", "/event set "+k.name(lang)+" zzz")
		}
		run("org", "/event set format zzz")
		run("org", "/event set stages 分组 2 前2 > 淘汰")
		run("org", "/event set match bo3")
		run("org", "/event set tie armageddon,lots")
		run("org", "/event set")
		run("org", "/bracket")
		run("org", "/signup open")
		for i := range 6 {
			name := fmt.Sprintf("选手%c", 'A'+i)
			typed = append(typed, name, fmt.Sprint("u", i))
			run(fmt.Sprint("u", i), "/join "+name)
		}
		run("org", "/start")
		for round := 1; round < 30; round++ {
			if !strings.Contains(run("org", "/pair"), "/publish") {
				break
			}
			run("org", "/publish")
			run("org", "/pair")
			run("org", "/bracket")
			run("org", "/standings")
			run("org", "/crosstable")
			run("org", "/flip 1")
			st := s.state()
			for _, g := range st.Event.Rounds[round-1].Games {
				code := "1-0"
				if b, ok := st.BoardOf(round, g.Board); ok && b.Match > 0 && b.Game <= 3 {
					code = "1/2" // level after three: armageddon
				}
				run("org", fmt.Sprintf("/result %d %s", g.Board, code))
			}
		}
		run("org", "/result 1 0-1 1")
		run("org", "/result 1 0-1 1 confirm")
		run("org", "/finish")
		run("org", "/standings")
		if testing.Verbose() {
			t.Log(s.out.String())
		}
		for _, text := range said {
			languageRule(t, lang, "said", text, typed)
		}
	}
}
