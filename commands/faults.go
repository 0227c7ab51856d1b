package commands

import (
	"errors"

	"github.com/qisai/qisai/internal/i18n"
	"github.com/qisai/qisai/storage"
)

// failed is the reply to a command that failed for no reason of the
// user's. When the database itself is at fault (full, read-only, damaged:
// storage.Fault) trying again does not help, so the reply names the cause
// and who can mend it; anything else gets the apology. Either way the
// change was rolled back whole.
func failed(err error, lang i18n.Lang) Reply {
	var f *storage.Fault
	if !errors.As(err, &f) {
		return apology(lang)
	}
	if f == storage.ErrBusy {
		return Reply{Text: i18n.T{
			Zh: "抱歉，" + f.Zh + "，这次没有保存任何改动。请过一会儿再发一次这个命令。",
			En: "Sorry, " + f.En + ", so this command changed nothing. Send it again in a moment.",
		}.In(lang)}
	}
	return Reply{Text: i18n.T{
		Zh: "抱歉，现在不能保存：" + f.Zh + "。这次操作没有做任何改动。请告诉运行机器人的人，修好之前再试也不会成功。",
		En: "Sorry, nothing can be saved now: " + f.En + ". This command changed nothing. Please tell whoever runs the bot: trying again will not work until it is mended.",
	}.In(lang)}
}

// IsBusy says whether err is the database being held by another program
// (storage.ErrBusy): it passes by itself, and an adapter goes on.
func IsBusy(err error) bool { return errors.Is(err, storage.ErrBusy) }
