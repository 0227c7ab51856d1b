package discord

import (
	"context"
	"fmt"
	"sync"

	"github.com/bwmarrin/discordgo"
)

// gateway connects the bot's session to Discord's gateway (the
// websocket) and answers the interactions it delivers — slash commands,
// button clicks and autocompletes — as the HTTP endpoint does (Handler),
// through the session's REST client: a long private reply is deferred and
// sent as ephemeral follow-ups. It returns when ctx is done, after closing
// the connection and waiting for the answers under way; or at once when it
// cannot connect.
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
	if err := session.Open(); err != nil {
		stop()
		return fmt.Errorf("discord: connect to the gateway (check QISAI_DISCORD_TOKEN): %w", err)
	}
	<-ctx.Done()
	err := session.Close()
	stop()
	if err != nil {
		return fmt.Errorf("discord: close the gateway connection: %w", err)
	}
	return nil
}

// respond answers an interaction the gateway delivered.
func (c *core) respond(ctx context.Context, s *discordgo.Session, in *discordgo.Interaction) {
	a, err := c.answer(ctx, in, true)
	if err != nil {
		c.log.Warn("discord: interaction not answered", "interaction", in.ID, "err", err)
		return
	}
	err = retry(ctx, func(opts ...discordgo.RequestOption) error {
		return s.InteractionRespond(in, a.resp, opts...)
	})
	if err != nil {
		c.log.Error("discord: respond to interaction", "interaction", in.ID, "err", err)
		return
	}
	if err := followUp(ctx, s, in.AppID, in, a.follow); err != nil {
		c.log.Error("discord: a long reply was cut short", "interaction", in.ID, "err", err)
	}
}
