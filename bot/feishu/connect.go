package feishu

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	larkcore "github.com/larksuite/oapi-sdk-go/v3/core"
	larkws "github.com/larksuite/oapi-sdk-go/v3/ws"
)

// minBackoff and maxBackoff bound the wait after a failed call while
// starting or connecting: doubling from the first, never longer than the
// second, so an outage is outlived without flooding the platform.
const (
	minBackoff = time.Second
	maxBackoff = time.Minute
)

// The tenant_access_token's answers for credentials Feishu does not know:
// 10003 (an app_id or app_secret that is no valid parameter) and 10014
// (the app secret wrong). Waiting changes neither.
const (
	codeBadCredentials = 10003
	codeBadSecret      = 10014
)

// authenticate asks Feishu for a tenant_access_token until it answers,
// which proves the app's credentials and that the open platform is
// reached. Credentials Feishu refuses are a configuration error, returned;
// anything else is waited out.
func (a *Adapter) authenticate(ctx context.Context) error {
	var wait time.Duration
	for {
		c, cancel := context.WithTimeout(ctx, requestTimeout)
		resp, err := a.api.GetTenantAccessTokenBySelfBuiltApp(c, &larkcore.SelfBuiltTenantAccessTokenReq{AppID: a.appID, AppSecret: a.appSecret})
		cancel()
		if ctx.Err() != nil {
			return nil // stopped while starting: no failure
		}
		if err == nil && resp.Code != 0 {
			if resp.Code == codeBadCredentials || resp.Code == codeBadSecret {
				return fmt.Errorf("feishu: Feishu refuses the app's credentials (QISAI_FEISHU_APP_ID, QISAI_FEISHU_APP_SECRET; or QISAI_FEISHU_API_URL is not the open platform of the app's Feishu or Lark): %d %s", resp.Code, resp.Msg)
			}
			err = fmt.Errorf("feishu: tenant_access_token: %d %s", resp.Code, resp.Msg)
		}
		if err == nil {
			a.reach.Report(nil)
			return nil
		}
		wait = min(max(2*wait, minBackoff), maxBackoff)
		a.reach.Report(err)
		a.log.Warn("feishu: cannot get a tenant_access_token; trying again", "in", wait, "err", err)
		a.sleep(ctx, wait)
	}
}

// connect holds the SDK's long connection until ctx ends. The SDK opens it
// again itself when it drops; when the SDK gives up (it refuses to retry
// what it takes for a client's error, such as an app whose events are not
// set to come over the long connection), connect starts it again after a
// growing backoff, and says what to check.
func (a *Adapter) connect(ctx context.Context) error {
	var wait time.Duration
	for ctx.Err() == nil {
		opts := []larkws.ClientOption{
			larkws.WithEventHandler(a.events),
			larkws.WithDomain(a.base()),
			larkws.WithHttpClient(a.client),
			larkws.WithLogger(sdkLog{a.log}),
			larkws.WithLogLevel(larkcore.LogLevelWarn),
			larkws.WithOnReady(func() { a.reach.Report(nil) }),
			larkws.WithOnReconnected(func() { a.reach.Report(nil) }),
			larkws.WithOnDisconnected(func() { a.reach.Report(errors.New("the long connection dropped")) }),
			larkws.WithOnError(func(err error) { a.reach.Report(err) }),
		}
		err := larkws.NewClient(a.appID, a.appSecret, opts...).Start(ctx)
		if ctx.Err() != nil {
			return nil
		}
		if err == nil {
			err = errors.New("the long connection ended")
		}
		a.reach.Report(err)
		wait = min(max(2*wait, minBackoff), maxBackoff)
		a.log.Error("feishu: the long connection stopped; check that the app receives events through the long connection (developer console: Events & Callbacks › Receive events through persistent connection) and that it is published; trying again",
			"in", wait, "err", err)
		a.sleep(ctx, wait)
	}
	return nil
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

// sdkLog hands the SDK's log lines to slog, Debug left out. The SDK's
// lines never hold the app secret or a token (it redacts Authorization).
type sdkLog struct{ log *slog.Logger }

func (l sdkLog) Debug(context.Context, ...any) {}
func (l sdkLog) Info(ctx context.Context, v ...any) {
	l.log.InfoContext(ctx, "feishu: sdk: "+fmt.Sprint(v...))
}
func (l sdkLog) Warn(ctx context.Context, v ...any) {
	l.log.WarnContext(ctx, "feishu: sdk: "+fmt.Sprint(v...))
}
func (l sdkLog) Error(ctx context.Context, v ...any) {
	l.log.ErrorContext(ctx, "feishu: sdk: "+fmt.Sprint(v...))
}
