package discord

import (
	"context"
	"errors"
	"net/http"
	"time"

	"github.com/bwmarrin/discordgo"
)

// register registers the slash commands (Commands) under the application,
// in each server of WithGuilds or else globally, overwriting what was
// there. What Discord's side or the network fails (a 5xx, a 429, no
// answer) is tried again after a growing backoff (as the gateway's first
// connection, a 429's retry_after at least) until it succeeds or ctx
// ends: the bot answers interactions meanwhile, its commands as they
// were. What Discord refuses (a bad token, a server the bot is not in) is
// logged with what to do, and not tried again. At the HTTP endpoint,
// whether it works is the status (WithStatus).
func (a *Adapter) register(ctx context.Context) {
	cmds := Commands(a.core.svc.Commands())
	where := a.guilds
	if len(where) == 0 {
		where = []string{""} // global
	}
	for _, guild := range where {
		log := a.core.log.With("guild", guild)
		if guild == "" {
			log = a.core.log.With("guild", "(global)")
		}
		var wait time.Duration
		for n := 1; ; n++ {
			_, err := a.session.ApplicationCommandBulkOverwrite(a.appID, guild, cmds,
				discordgo.WithContext(ctx), discordgo.WithRetryOnRatelimit(false))
			if ctx.Err() != nil {
				return
			}
			if a.key != nil {
				a.reach.Report(err)
			}
			if err == nil {
				log.Info("discord: slash commands registered", "commands", len(cmds), "tries", n)
				break
			}
			if fix := refusedRegistration(err); fix != "" {
				log.Error("discord: registering the slash commands refused; not tried again: "+fix, "err", err)
				break
			}
			wait = min(max(2*wait, minBackoff), maxBackoff)
			var limited *discordgo.RateLimitError
			if errors.As(err, &limited) {
				wait = max(wait, limited.RetryAfter)
			}
			log.Warn("discord: registering the slash commands failed; trying again", "try", n, "in", wait.String(), "err", err)
			if a.sleep(ctx, wait); ctx.Err() != nil {
				return
			}
		}
	}
}

// refusedRegistration says what to do when Discord refused to register
// the commands for good (a 4xx other than 429); "" when trying again may
// work.
func refusedRegistration(err error) string {
	var rest *discordgo.RESTError
	if !errors.As(err, &rest) || rest.Response == nil {
		return ""
	}
	switch code := rest.Response.StatusCode; {
	case code == http.StatusUnauthorized:
		return "check QISAI_DISCORD_TOKEN (the Bot page's token)"
	case code == http.StatusForbidden:
		return "invite the bot to the server with the applications.commands scope, or check QISAI_DISCORD_GUILD_ID"
	case code == http.StatusNotFound:
		return "check QISAI_DISCORD_APP_ID (General Information, Application ID) and QISAI_DISCORD_GUILD_ID"
	case code == http.StatusTooManyRequests || code >= 500:
		return ""
	case code >= 400:
		return "Discord refuses the commands as qisai describes them; report this with the error"
	}
	return ""
}
