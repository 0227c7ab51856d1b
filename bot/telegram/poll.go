package telegram

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/go-telegram/bot/models"
)

// Long polling, qisai's own: go-telegram/bot's Start confirms a batch of
// updates (the next getUpdates' offset) before its handlers have run, so
// a crash lost the batch's unhandled updates (5 of 8 after
// kill -9). Here an update is confirmed only after it is handled, and a
// crash makes Telegram deliver again every update not yet confirmed.
// Handling one twice does no harm: a change is stored once per update id
// (commands.Request.UpdateID), and the reply is queued under a key made
// of it, so the outbox drops the second.

const (
	// pollWait is how long Telegram holds a getUpdates with nothing to
	// deliver; requests get pollWait+pollSlack before they count as lost.
	pollWait  = 50 * time.Second
	pollSlack = 15 * time.Second
	// handleTimeout bounds one update's handling: an update that hangs
	// (a database that does not answer) must not stop all the others.
	handleTimeout = 2 * time.Minute
	// minBackoff and maxBackoff bound the wait after a failed getUpdates:
	// doubling from the first, never longer than the second, so an outage
	// of Telegram or of the network is outlived without flooding it.
	minBackoff = time.Second
	maxBackoff = time.Minute
	// confirmTimeout bounds the getUpdates that confirms the handled
	// updates when polling stops.
	confirmTimeout = 5 * time.Second
)

// allowedUpdates are the update kinds qisai handles: typed commands
// (messages, also posts made as a channel in a group, and the service
// messages of a group upgraded to a supergroup), commands edited, button
// presses, and the bot's own membership of a chat changed (removed, made a
// member again). Telegram otherwise keeps the list a previous getUpdates
// or webhook set.
var allowedUpdates = []string{"message", "edited_message", "callback_query", "my_chat_member"}

// poller fetches updates with getUpdates and hands them, one at a time and
// in order, to handle; it advances the offset past an update only once
// handle has returned.
type poller struct {
	url    string // {server}/bot{token}/getUpdates; holds the token, never logged
	client interface {
		Do(*http.Request) (*http.Response, error)
	}
	handle func(context.Context, *models.Update)
	log    *slog.Logger
	wait   time.Duration // the long poll's timeout (pollWait)
	// sleep waits d or until ctx ends; tests replace it to see the
	// backoff without waiting it out.
	sleep func(ctx context.Context, d time.Duration)
	// reached hears whether each getUpdates was answered (nil) or failed;
	// nil: nobody.
	reached func(error)
}

// defaultServer is Telegram's Bot API server.
const defaultServer = "https://api.telegram.org"

// poller is a's long-polling loop, on a's client.
func (a *Adapter) poller() *poller {
	server := a.cfg.server
	if server == "" {
		server = defaultServer
	}
	return &poller{
		url:     server + "/bot" + a.cfg.token + "/getUpdates",
		client:  a.cfg.client,
		handle:  func(ctx context.Context, u *models.Update) { a.handle(ctx, a.send.b, u) },
		log:     a.log,
		wait:    pollWait,
		sleep:   a.sleep,
		reached: a.reach.Report,
	}
}

// run polls until ctx ends. It never returns early: a failing or slow
// Telegram is waited out with a growing backoff, and logged.
func (p *poller) run(ctx context.Context) {
	var (
		offset  int64
		backoff time.Duration
	)
	for ctx.Err() == nil {
		updates, err := p.fetch(ctx, offset, p.wait, 0)
		if err != nil {
			if ctx.Err() != nil {
				break
			}
			backoff = nextBackoff(backoff, err)
			if p.reached != nil {
				p.reached(err)
			}
			p.log.Warn("telegram: getUpdates failed; trying again", "in", backoff, "err", err)
			p.sleep(ctx, backoff)
			continue
		}
		backoff = 0
		if p.reached != nil {
			p.reached(nil)
		}
		for _, u := range updates {
			if ctx.Err() != nil {
				break // not handled, not confirmed: Telegram delivers it again
			}
			p.handleOne(ctx, u)
			offset = u.ID + 1
		}
	}
	p.confirm(offset)
}

// handleOne handles u within handleTimeout. Stopping the service lets the
// update in hand finish (its context outlives ctx's cancellation), so that
// a reply is not cut off between the change and its answer.
func (p *poller) handleOne(ctx context.Context, u *models.Update) {
	hctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), handleTimeout)
	defer cancel()
	p.handle(hctx, u)
}

// confirm tells Telegram, as polling stops, that the updates before offset
// are handled, so that a restart is not delivered them again (they would
// be skipped, but each costs a look-up). A failure only costs that.
func (p *poller) confirm(offset int64) {
	if offset == 0 {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), confirmTimeout)
	defer cancel()
	// limit 1, timeout 0: the answer's update, if any, stays unconfirmed.
	if _, err := p.fetch(ctx, offset, 0, 1); err != nil {
		p.log.Info("telegram: confirming the last updates failed; they will be skipped after a restart", "err", err)
	}
}

// apiError is a Bot API call Telegram refused.
type apiError struct {
	Code        int    `json:"error_code"`
	Description string `json:"description"`
	Parameters  struct {
		RetryAfter int `json:"retry_after"`
	} `json:"parameters"`
}

func (e *apiError) Error() string {
	return fmt.Sprintf("telegram: getUpdates: %d %s", e.Code, e.Description)
}

// fetch asks for the updates from offset on, waiting up to wait for one;
// limit 0 is Telegram's default (100).
func (p *poller) fetch(ctx context.Context, offset int64, wait time.Duration, limit int) ([]*models.Update, error) {
	params := struct {
		Offset         int64    `json:"offset,omitempty"`
		Limit          int      `json:"limit,omitempty"`
		Timeout        int      `json:"timeout"`
		AllowedUpdates []string `json:"allowed_updates"`
	}{offset, limit, int(wait / time.Second), allowedUpdates}
	body, err := json.Marshal(params)
	if err != nil {
		return nil, fmt.Errorf("telegram: getUpdates: %w", err)
	}
	ctx, cancel := context.WithTimeout(ctx, wait+pollSlack)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, p.url, bytes.NewReader(body))
	if err != nil {
		return nil, fmt.Errorf("telegram: getUpdates: %w", redactURL(err, p.url))
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := p.client.Do(req)
	if err != nil {
		return nil, fmt.Errorf("telegram: getUpdates: %w", redactURL(err, p.url))
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, maxBatch))
	if err != nil {
		return nil, fmt.Errorf("telegram: getUpdates: read the answer: %w", err)
	}
	var answer struct {
		OK     bool             `json:"ok"`
		Result []*models.Update `json:"result"`
		apiError
	}
	if err := json.Unmarshal(raw, &answer); err != nil {
		return nil, fmt.Errorf("telegram: getUpdates: HTTP %d, no Bot API answer: %w", resp.StatusCode, err)
	}
	if !answer.OK {
		return nil, &answer.apiError
	}
	return answer.Result, nil
}

// maxBatch is the most bytes of a getUpdates answer read: 100 updates of
// a few kilobytes each.
const maxBatch = 64 << 20

// redactURL keeps the token in the request's URL out of an error from
// the HTTP client (and so out of the log).
func redactURL(err error, u string) error {
	var ue *url.Error
	if errors.As(err, &ue) {
		if i := strings.Index(u, "/bot"); i >= 0 {
			ue.URL = u[:i] + "/bot<token>/getUpdates"
		}
	}
	return err
}

// nextBackoff is the wait after a getUpdates failed with err, the last
// wait having been last: Telegram's retry_after when it says one (a 429),
// else last doubled within [minBackoff, maxBackoff].
func nextBackoff(last time.Duration, err error) time.Duration {
	var api *apiError
	if errors.As(err, &api) && api.Parameters.RetryAfter > 0 {
		return time.Duration(api.Parameters.RetryAfter) * time.Second
	}
	return min(max(2*last, minBackoff), maxBackoff)
}

// sleep waits d or until ctx ends.
func sleep(ctx context.Context, d time.Duration) {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
	case <-t.C:
	}
}
