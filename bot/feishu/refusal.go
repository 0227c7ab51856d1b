package feishu

import (
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"time"

	larkcore "github.com/larksuite/oapi-sdk-go/v3/core"

	"github.com/qisai/qisai/chat"
	"github.com/qisai/qisai/internal/i18n"
)

// The open platform's answers that the outbox reads (im/v1/messages and
// the uploads' error codes; the frequency-control guide).
const (
	// codeRateLimited: "request trigger frequency limit", with HTTP 429
	// (400 on older APIs) and x-ogw-ratelimit-reset, the seconds until
	// the limit's window resets.
	codeRateLimited = 99991400
	// codeTooFast: "This operation triggers the frequency limit", a
	// chat's or a message's own limit (5 a second).
	codeTooFast = 230020
	// codeNotInGroup: "The bot can not be outside the group": removed
	// from it, or never added.
	codeNotInGroup = 230002
	// codeNoBot: "Bot ability is not activated": the app's bot is off.
	codeNoBot = 230006
	// codeNotAvailable: "Bot has NO availability to this user": the user
	// is outside the app's availability (可用范围).
	codeNotAvailable = 230013
	// codeNoPermission: "Lack of necessary permissions": no right to post
	// in the group (only its owner and admins may), or a scope missing.
	codeNoPermission = 230027
	// codeChatGone: "The chat not exist": the group was disbanded.
	codeChatGone = 230045
)

// resetHeader is where a 429 says how long to wait, in seconds.
const resetHeader = "x-ogw-ratelimit-reset"

// answerError is a request the open platform answered with a code other
// than 0.
type answerError struct {
	Status int // the HTTP status
	Code   int
	Msg    string
	// Reset is how long the platform asked to wait (a rate limit's
	// x-ogw-ratelimit-reset); 0 when it did not say.
	Reset time.Duration
}

func (e *answerError) Error() string {
	return fmt.Sprintf("feishu: HTTP %d, code %d: %s", e.Status, e.Code, e.Msg)
}

// answer is the answerError of a request answered with ce.
func answer(resp *larkcore.ApiResp, ce larkcore.CodeError) *answerError {
	e := &answerError{Code: ce.Code, Msg: ce.Msg}
	if resp != nil {
		e.Status = resp.StatusCode
		if s, err := strconv.Atoi(resp.Header.Get(resetHeader)); err == nil && s > 0 {
			e.Reset = time.Duration(s) * time.Second
		}
	}
	return e
}

// What a person does so that Feishu takes the bot's messages, for the
// notes the service leaves (chat.Refusal.Fix).
var (
	// A group the bot was removed from, may not post in, or whose app has
	// its bot turned off.
	grantGroup = i18n.T{Zh: "请把机器人重新加入该群（群设置 › 群机器人 › 添加机器人），并确认群里允许它发言（若群设置为「仅群主和管理员可发言」，请把它设为群管理员）。",
		En: "Add the bot to the group again (group settings › Bots › Add bot), and let it post there (if only the owner and admins may speak, make it a group admin)."}
	// A user outside the app's availability.
	widenAvailability = i18n.T{Zh: "请让企业管理员在飞书管理后台把你加入该应用的可用范围，然后打开与机器人的私聊。",
		En: "Ask your company's Feishu admin to add you to the app's availability (Admin Console › Workplace › App management), then open a private chat with the bot."}
	// A group disbanded.
	groupGone = i18n.T{Zh: "该群已解散：请在另一个群里用 /link 关联这场比赛。",
		En: "The group was disbanded: /link the event from another group."}
)

// refusal says what a failed request to chat to means for the outbox: a
// rate limit is a chat.RetryAfter; a group the bot may not post in a
// chat.Refusal of chat.ErrNoRights, which holds the chat until it may; a
// user the bot cannot reach one of chat.ErrUndeliverable; any other
// request Feishu refuses as such (a bad parameter, content too long)
// wraps chat.ErrUndeliverable, since it fails the same way every time.
// Network errors and Feishu's own failures (5xx) go back as they are, and
// the outbox tries again.
func refusal(to chat.Chat, err error) error {
	var a *answerError
	if !errors.As(err, &a) {
		return err
	}
	switch {
	case a.Status == http.StatusTooManyRequests || a.Code == codeRateLimited || a.Code == codeTooFast:
		wait := a.Reset
		if wait == 0 {
			wait = time.Second // a chat's limit is per second
		}
		return fmt.Errorf("%w: %w", chat.RetryAfter{Wait: wait}, err)
	case !to.IsPrivate() && a.Code == codeChatGone:
		return &chat.Refusal{Kind: chat.ErrNoRights, Fix: groupGone, Err: err}
	case !to.IsPrivate() && (a.Code == codeNotInGroup || a.Code == codeNoPermission || a.Code == codeNoBot):
		return &chat.Refusal{Kind: chat.ErrNoRights, Fix: grantGroup, Err: err}
	case to.IsPrivate() && (a.Code == codeNotAvailable || a.Code == codeNoPermission):
		return &chat.Refusal{Kind: chat.ErrUndeliverable, Fix: widenAvailability, Err: err}
	case a.Status >= 500:
		return err
	}
	return fmt.Errorf("%w: %w", chat.ErrUndeliverable, err)
}
