package commands

import (
	"slices"
	"strings"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/engine"
	"github.com/qisai/qisai/sheet"
	"github.com/qisai/qisai/storage"
)

// The finish: the final standings, with the prize places no two players
// share settled by lots (R-T-8).

// finish ends the event. The places that may not be shared are settled by
// lots (R-T-8): 抽签 goes at the end of the tiebreaks, recorded with the
// finish so that every later table agrees, and the final top 8 are
// announced, with the places lots decided.
func finish(c *Context) (Reply, error) {
	st := c.State
	if err := running(st); err != nil {
		return Reply{}, err
	}
	if len(st.Event.Rounds) == 0 {
		return Reply{}, problem("还没有赛过任何一轮。先 /pair 编排、/publish 公布第 1 轮。", "No round has been played. Pair round 1 with /pair and publish it with /publish first.")
	}
	if err := roundOpen(&st.Event, c.Lang); err != nil {
		return Reply{}, err
	}
	chats, err := eventChats(c)
	if err != nil {
		return Reply{}, err
	}
	_, err = c.Update(func(ch *storage.Change) error {
		before := engine.Standings(&ch.State.Event)
		if s := ch.State.Event.Settings; !slices.Contains(s.Tiebreaks, engine.Lots) {
			s.Tiebreaks = append(slices.Clone(s.Tiebreaks), engine.Lots)
			if err := ch.Append(&action.SettingsChanged{Settings: s}); err != nil {
				return err
			}
		}
		if err := ch.Append(&action.EventFinished{}); err != nil {
			return err
		}
		text := T{"「%s」结束！", "%q is over!"}.In(c.Lang, ch.State.Event.Name) + "\n" + standingsTable(ch.State, c.Lang, prizePlaces)
		if lots := lotsNote(before, engine.Standings(&ch.State.Event), &ch.State.Event, c.Lang); lots != "" {
			text += "\n" + lots
		}
		if n := plannedRounds(&ch.State.Event); n > len(ch.State.Event.Rounds) {
			text += "\n" + T{"（计划 %d 轮，实赛 %d 轮）", "(%d rounds planned, %d played)"}.In(c.Lang, n, len(ch.State.Event.Rounds))
		}
		chats.announce(ch, text)
		chats.illustrate(ch, sheet.Standings(ch.State, sheet.Lang(c.Lang))) // all of them
		chats.also(ch, T{"完整名次：/standings；成绩表：/crosstable。", "Full standings: /standings; crosstable: /crosstable."}.In(c.Lang))
		return nil
	})
	if err != nil {
		return Reply{}, err
	}
	return chats.reply(T{"比赛已结束，最终排名已公布。完整名次：/standings；成绩表：/crosstable。", "The event is finished and the final standings announced. Full standings: /standings; crosstable: /crosstable."}.In(c.Lang)), nil
}

// prizePlaces are the places that may not be shared (前八名名次不并列, R-T-8).
const prizePlaces = 8

// lotsNote names the prize places that lots decided: players who shared a
// place before lots and have a prize place after.
func lotsNote(before, after []engine.Standing, ev *engine.Event, lang Lang) string {
	shared := map[int]bool{}
	for _, s := range before {
		shared[s.Player] = s.Shared
	}
	var parts []string
	for _, s := range after {
		if s.Place <= prizePlaces && shared[s.Player] {
			parts = append(parts, T{"第 %d 名 %s", "%d. %s"}.In(lang, s.Place, playerName(ev, s.Player)))
		}
	}
	if len(parts) == 0 {
		return ""
	}
	return T{"抽签排定（R-T-8）：", "Settled by lots (R-T-8): "}.In(lang) + strings.Join(parts, T{"，", ", "}.In(lang))
}
