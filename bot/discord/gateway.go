package discord

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/gorilla/websocket"
)

// gateway connects the bot's session to Discord's gateway (the
// websocket) and answers the interactions it delivers — slash commands,
// button clicks and autocompletes — as the HTTP endpoint does (Handler),
// through the session's REST client: a long private reply is deferred and
// sent as ephemeral follow-ups. A first connection that fails is tried
// again after a growing backoff (1 s doubling to a minute) until ctx ends;
// once connected, discordgo reconnects by itself. The status (WithStatus)
// follows the connection. It returns nil when ctx is done, after closing
// the connection and waiting for the answers under way, and an error only
// when Discord refuses the token.
func (a *Adapter) gateway(ctx context.Context) error {
	c, session := a.core, a.session
	var (
		mu      sync.Mutex
		closed  bool
		running sync.WaitGroup
	)
	// discordgo runs each event's handler in a goroutine of its own, which
	// may start after the handler is removed: closed keeps those out.
	remove := session.AddHandler(func(s *discordgo.Session, ev *discordgo.InteractionCreate) {
		mu.Lock()
		if closed {
			mu.Unlock()
			return
		}
		running.Add(1)
		mu.Unlock()
		defer running.Done()
		c.respond(ctx, s, ev.Interaction)
	})
	stop := func() {
		remove()
		mu.Lock()
		closed = true
		mu.Unlock()
		running.Wait()
	}
	up := session.AddHandler(func(*discordgo.Session, *discordgo.Connect) { a.reach.Report(nil) })
	down := session.AddHandler(func(*discordgo.Session, *discordgo.Disconnect) {
		a.reach.Report(errors.New("the gateway connection dropped; reconnecting"))
	})
	defer up()
	defer down()
	for wait := time.Duration(0); ; {
		err := session.Open()
		if err == nil {
			break
		}
		if refusedToken(err) {
			stop()
			return fmt.Errorf("discord: Discord refuses the bot token (QISAI_DISCORD_TOKEN): %w", err)
		}
		wait = min(max(2*wait, minBackoff), maxBackoff)
		a.reach.Report(err)
		c.log.Warn("discord: cannot connect to the gateway; trying again", "in", wait, "err", err)
		if a.sleep(ctx, wait); ctx.Err() != nil {
			stop()
			return nil
		}
	}
	<-ctx.Done()
	shut := make(chan error, 1)
	go func() { shut <- session.Close() }()
	var err error
	select {
	case err = <-shut:
	case <-time.After(closeWait):
		// discordgo's Close waits for its session's lock, which a
		// reconnection of its own holds until the gateway answers: a
		// shutdown does not wait for Discord.
		c.log.Warn("discord: the gateway connection did not close in time; stopping without it", "waited", closeWait)
	}
	stop()
	if err != nil {
		return fmt.Errorf("discord: close the gateway connection: %w", err)
	}
	return nil
}

// closeWait is how long a shutdown waits for the gateway connection to
// close (discordgo takes a second when all is well).
const closeWait = 10 * time.Second

// Backoffs of a connection that failed: doubling from the first, never
// longer than the second.
const (
	minBackoff = time.Second
	maxBackoff = time.Minute
)

// refusedToken says whether err is the gateway closing the connection for
// a token it does not know (close code 4004, Authentication failed):
// waiting changes nothing.
func refusedToken(err error) bool {
	var closed *websocket.CloseError
	return errors.As(err, &closed) && closed.Code == 4004
}

// respond answers an interaction the gateway delivered: its first
// response (core.first) through the REST API, and then, when it has a
// command, the command's outcome (core.finish). An interaction whose
// first response Discord did not take (it was answered already: a
// delivery again after a resume) has its command not run here.
func (c *core) respond(ctx context.Context, s *discordgo.Session, in *discordgo.Interaction) {
	resp, work, err := c.first(ctx, in)
	if err != nil {
		c.log.Warn("discord: interaction not answered", "interaction", in.ID, "err", err)
		return
	}
	err = retry(ctx, func(opts ...discordgo.RequestOption) error {
		return s.InteractionRespond(in, resp, opts...)
	})
	switch {
	case errCode(err) == discordgo.ErrCodeInteractionHasAlreadyBeenAcknowledged:
		c.log.Info("discord: an interaction delivered again was answered already", "interaction", in.ID)
		return
	case err != nil:
		c.log.Error("discord: respond to interaction; its command is not run", "interaction", in.ID, "err", err)
		return
	}
	c.step("responded", in)
	if !work {
		return
	}
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), tokenLife)
	defer cancel()
	if err := c.finish(ctx, s, in.AppID, in); err != nil {
		c.log.Error("discord: an answer did not reach Discord", "interaction", in.ID, "err", err)
	}
}
