package telegram

import (
	"context"
	"errors"
	"strings"
	"time"

	"github.com/go-telegram/bot"
)

// The calls handle makes to Telegram itself rather than through the
// outbox: answering a button, removing the buttons of a message.
const (
	// directTimeout bounds one such call (getMe too): a slow Telegram
	// holds up the next update no longer than this.
	directTimeout = 10 * time.Second
	// directTries is how often such a call is made when Telegram answers
	// 429, and maxDirectWait the longest retry_after waited out for it:
	// the user is waiting, and the next update too.
	directTries   = 3
	maxDirectWait = 30 * time.Second
)

// direct makes call, a request Telegram answers at once, as the outbox
// would send it: a 429 is waited out (its retry_after, when at most
// maxDirectWait) and the call made again, up to directTries times; an edit
// that changes nothing ("message is not modified": done already, say by
// the same update handled before a restart) is success.
func (a *Adapter) direct(ctx context.Context, call func(context.Context) error) error {
	for try := 1; ; try++ {
		c, cancel := context.WithTimeout(ctx, directTimeout)
		err := call(c)
		cancel()
		if err == nil || notModified(err) {
			return nil
		}
		var tooMany *bot.TooManyRequestsError
		if !errors.As(err, &tooMany) || try == directTries {
			return err
		}
		wait := time.Duration(tooMany.RetryAfter) * time.Second
		if wait > maxDirectWait {
			return err
		}
		a.sleep(ctx, wait)
		if ctx.Err() != nil {
			return err
		}
	}
}

// notModified says whether err is Telegram refusing an edit that changes
// nothing.
func notModified(err error) bool {
	return errors.Is(err, bot.ErrorBadRequest) && strings.Contains(err.Error(), "message is not modified")
}
