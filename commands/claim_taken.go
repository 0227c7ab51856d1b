package commands

import (
	"cmp"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/chat"
	"github.com/qisai/qisai/engine"
	"github.com/qisai/qisai/internal/i18n"
	"github.com/qisai/qisai/storage"
)

// A name taken by the wrong user (R-E-4): anyone may /join as 张伟, and
// the real 张伟 then claims the entry; the organisers decide, and a
// confirmed claim moves the entry to the claimant, telling the user who
// held it to join under a name that tells them apart, as 张伟(一中).

// takeVerb is the organisers' button that confirms a claim of an entry
// another user holds: "/claim take ENTRANT PLATFORM USER".
const takeVerb = "take"

// holderName is the name of the user of platform who holds entry p, ""
// when none does.
func (c *Context) holderName(p engine.Player, platform string) (string, error) {
	ids, err := c.reads().PlayerIdentities(p.Entrant)
	if err != nil {
		return "", err
	}
	for _, id := range ids {
		if id.Platform == platform {
			names, err := c.reads().UserNames(platform, []string{id.User})
			if err != nil {
				return "", err
			}
			return cmp.Or(names[id.User], id.User), nil
		}
	}
	return "", nil
}

// releaseHolders lets go, in ch, of the users of user's platform other than
// user who hold entry p, telling each privately.
func releaseHolders(c *Context, ch *storage.Change, p engine.Player, user action.Actor) error {
	ids, err := c.reads().PlayerIdentities(p.Entrant)
	if err != nil {
		return err
	}
	for _, id := range ids {
		if id.Platform != user.Platform || id.User == user.User {
			continue
		}
		lang, err := c.readerLang(id.Platform, id.User)
		if err != nil {
			return err
		}
		ch.Forget(id.Platform, id.User)
		tell(ch, []contact{{chat: chat.Private(id.Platform, id.User), lang: lang}},
			i18n.T{Zh: "组织者确认「%[2]s」的 %[1]s 是另一位用户，你不再是这名选手。如果你也参赛，请在比赛的群里用能区分的名字报名，如 /join %[3]s(单位)。",
				En: "An organiser confirmed that %[1]s in %[2]q is another user: you are no longer that player. If you play too, join in the event's group under a name that tells you apart, as in /join %[3]s(UNIT)."},
			[]any{p.Name, ch.State.Event.Name, baseName(p.Name)})
	}
	return nil
}
