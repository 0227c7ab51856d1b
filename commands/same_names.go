package commands

import (
	"regexp"
	"strings"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/engine"
	"github.com/qisai/qisai/internal/i18n"
	"github.com/qisai/qisai/internal/names"
)

// Two people with one name (R-E-4): they enter as 张伟(一中) and
// 张伟(二中), and lists show those forms. A bare 张伟 that could be
// either is asked about, never guessed.

// distinguished is a name's trailing "(一中)" or "（一中）".
var distinguished = regexp.MustCompile(`^(.*?)\s*[(（][^()（）]*[)）]$`)

// baseName is name without the part in brackets that tells two people
// of one name apart: 张伟 for 张伟(一中).
func baseName(name string) string {
	if m := distinguished.FindStringSubmatch(name); m != nil && m[1] != "" {
		return m[1]
	}
	return name
}

// namesakes are the event's players whose name, or base name, looks like
// name (names.Key), in number order.
func namesakes(st *action.State, name string) []engine.Player {
	key := names.Key(name)
	var out []engine.Player
	for _, p := range st.Event.Players {
		if names.Key(p.Name) == key || names.Key(baseName(p.Name)) == key {
			out = append(out, p)
		}
	}
	return out
}

// whichOne asks which of the players ps, who all go by arg, is meant: by
// number, or by a full name that is not arg itself.
func whichOne(arg string, ps []engine.Player) *Problem {
	zh, en := make([]string, len(ps)), make([]string, len(ps))
	for i, p := range ps {
		zh[i], en[i] = describePlayer(p, i18n.Zh), describePlayer(p, i18n.En)
	}
	args := []any{len(ps), arg, strings.Join(zh, "；"), strings.Join(en, "; ")}
	for _, p := range ps {
		if names.Key(p.Name) != names.Key(arg) {
			return &Problem{Text: i18n.T{Zh: "有 %[1]d 名选手叫「%[2]s」：%[3]s。请写序号或全名，如 %[5]d 或 %[6]s。",
				En: "%[1]d players go by %[2]q: %[4]s. Write the number or the full name, as in %[5]d or %[6]s."}, Args: append(args, p.ID, p.Name)}
		}
	}
	return &Problem{Text: i18n.T{Zh: "有 %[1]d 名选手叫「%[2]s」：%[3]s。请写序号，如 %[5]d。",
		En: "%[1]d players go by %[2]q: %[4]s. Write the number, as in %[5]d."}, Args: append(args, ps[0].ID)}
}

// nameHeld refuses /join NAME when another user holds NAME in the event
// (an entry with a chat user; an entry nobody has claimed is claimInstead's):
// it is theirs to claim if the entry is them, or a name that tells them
// apart, as 张伟(一中) with their unit, if they are somebody else.
func nameHeld(c *Context, name, unit string) error {
	key := names.Key(name)
	for _, p := range c.State.Event.Players {
		if names.Key(p.Name) != key {
			continue
		}
		return problem("「%[1]s」已经是另一位用户报名的 %[2]d 号。如果那个报名是你，输入 /claim %[1]s，组织者确认后归你；如果你是另一位%[1]s，请用能区分的名字报名，如 /join %[3]s。",
			"%[1]q is number %[2]d, entered by another user. If that entry is you, type /claim %[1]s and an organiser confirms it; if you are another %[1]s, join under a name that tells you apart, as in /join %[4]s.",
			p.Name, p.ID, apart(name, unit, i18n.Zh), apart(name, unit, i18n.En))
	}
	return nil
}

// apart is name with what tells its bearer apart: their unit when known,
// else a placeholder for it.
func apart(name, unit string, lang i18n.Lang) string {
	if unit == "" {
		unit = i18n.T{Zh: "单位", En: "UNIT"}.In(lang)
	}
	return argWord(name + "(" + unit + ")")
}
