package commands

import (
	"strconv"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/chat"
	"github.com/qisai/qisai/internal/i18n"
)

// /undo alone: the organiser is asked, privately, whether to undo the last
// step, said in words as /log says it, with a button each way; 撤销 undoes
// that step (/undo N, whatever came after the question), 取消 leaves it.

// undoKeep is the 取消 button's word: nothing is undone.
var undoKeep = []string{"keep", "取消"}

// lastStep is the number of the latest action an undo may cancel: not an
// undo (a second /undo goes one step further back, not forward again), not
// undone, and not the event's creation; 0 when there is none.
func lastStep(log []action.Record) int64 {
	cancelled := action.Cancelled(log)
	for i := len(log) - 1; i >= 0; i-- {
		r := log[i]
		switch r.Action.(type) {
		case *action.Undo:
			continue
		case *action.Created:
			return 0
		}
		if !cancelled[r.Seq] {
			return r.Seq
		}
	}
	return 0
}

// askUndo is /undo alone: what the last step did, and the buttons that
// undo it or leave it, to the organiser alone.
func askUndo(c *Context, log []action.Record) (Reply, error) {
	n := lastStep(log)
	if n == 0 {
		return Reply{}, problem("没有可以撤销的操作。输入 /log 查看操作记录。", "There is nothing to undo. See the action log with /log.")
	}
	lang := c.Own
	what := describe(log[n-1].Action, c.State, n > startedAt(log), lang)
	r := ref{event: c.Event, seq: n}
	return Reply{
		Text: i18n.T{Zh: "要撤销最后一步吗？第 %[1]d 步：%[2]s。撤销请按「撤销」或输入 /undo %[1]d。",
			En: "Undo the last step? Action %[1]d: %[2]s. To go ahead, press Undo or type /undo %[1]d."}.In(lang, n, what),
		Buttons: []chat.Button{
			{Label: i18n.T{Zh: "撤销", En: "Undo"}.In(lang), Command: r.answering("/undo " + strconv.FormatInt(n, 10))},
			{Label: i18n.T{Zh: "取消", En: "Keep it"}.In(lang), Command: r.answering("/undo " + undoKeep[0])},
		},
		Private: true,
	}, nil
}

// keepStep is the 取消 button: nothing is undone.
func keepStep(c *Context) Reply {
	return Reply{Text: i18n.T{Zh: "好的，没有撤销。", En: "OK, nothing was undone."}.In(c.Own), Private: true}
}
