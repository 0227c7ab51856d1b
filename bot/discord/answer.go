package discord

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/qisai/qisai/chat"
	"github.com/qisai/qisai/commands"
	"github.com/qisai/qisai/internal/i18n"
)

// tokenLife is how long an interaction's token lasts: its response must
// be edited and its follow-ups sent within it.
const tokenLife = 15 * time.Minute

// What the response says privately when the outbox says the reply here.
var (
	announced = i18n.T{Zh: "已完成，公告随后发在这里。", En: "Done; the announcement follows here."}
	posted    = i18n.T{Zh: "回复随后发在这里，大家都能看到。", En: "The answer follows here, for everyone to see."}
	follows   = i18n.T{Zh: "回复较长，随后分条发在这里。", En: "The answer is long; it follows here in messages of its own."}
	again     = i18n.T{Zh: "已完成：这条命令 Discord 发来了两次，只执行了一次。", En: "Done: Discord delivered this command twice, and it was carried out once."}
	late      = i18n.T{Zh: "抱歉，这条命令等得太久，没有执行。请再试一次。", En: "Sorry, this command waited too long and was not carried out. Please try again."}
)

// finish runs the command of an interaction whose first response
// (first) is out, and tells its outcome through the interaction's
// webhook, as application appID, with session's REST client. The same
// interaction delivered again (a gateway's resume, an HTTP retry) is not
// run again: it gets the first delivery's outcome, once that is told, or,
// when an earlier run of qisai applied it, "done".
func (c *core) finish(ctx context.Context, s *discordgo.Session, appID string, in *discordgo.Interaction) error {
	u, name := user(in)
	if u == nil {
		return nil // nobody to act as; the deferral answered
	}
	req := c.request(in, u, name)
	hook := &discordgo.Interaction{ID: in.ID, AppID: cmp.Or(appID, in.AppID), Token: in.Token}
	return c.done.do(in.ID, func() commands.Reply {
		select {
		case c.slots <- struct{}{}:
			defer func() { <-c.slots }()
		case <-ctx.Done():
			return commands.Reply{Text: late.In(c.svc.Lang(ctx, req)), Refused: true}
		}
		c.step("entered", in)
		return c.run(ctx, req)
	}, func(reply commands.Reply) error {
		return c.tell(ctx, s, hook, in, req, reply)
	})
}

// run runs req, unless an earlier run of qisai applied its interaction
// (another instance, or this one before a restart): then it is done.
func (c *core) run(ctx context.Context, req commands.Request) commands.Reply {
	done, err := c.svc.Handled(ctx, req.UpdateID)
	if err != nil {
		c.log.Warn("discord: was the interaction handled before? Running it; its update id keeps a change from being made twice", "update", req.UpdateID, "err", err)
	}
	if done {
		return commands.Reply{Text: again.In(c.svc.Lang(ctx, req)), Private: true}
	}
	return c.svc.Handle(ctx, req)
}

// tell says reply, the outcome of interaction in (req), through its
// webhook hook.
//
// What the channel is to hear goes through the outbox, the one way out
// (paced, split and retried by Sender): the statement a command makes in
// a channel of the event is stored with its change (Reply.Queued), so a
// crash before the edit loses nothing and it is said once; any other
// public reply in a channel is queued here under the update's key. The
// deferred response then only acknowledges it, privately. A private
// reply, a refusal and anything in the bot's DM become the response
// itself, the rest of a long one in follow-ups. A button press edits its
// message when the reply asks to remove the buttons (Reply.Unbutton), and
// otherwise adds what only the presser is to see.
func (c *core) tell(ctx context.Context, s *discordgo.Session, hook, in *discordgo.Interaction, req commands.Request, reply commands.Reply) error {
	click := in.Type == discordgo.InteractionMessageComponent
	empty := reply.Text == "" && len(reply.Buttons) == 0 && reply.File == nil
	channel := !req.Chat.IsPrivate() && !reply.Private && !reply.Refused
	switch {
	case click && reply.Unbutton && in.Message != nil:
		text := unbuttoned(in.Message, reply)
		return edit(ctx, s, hook, &discordgo.WebhookEdit{Content: &text, Components: &[]discordgo.MessageComponent{}, AllowedMentions: noMentions})
	case click && (empty || reply.Queued):
		return nil // the click is acknowledged; the outbox says the rest
	case reply.Queued:
		return c.ack(ctx, s, hook, req, announced)
	case empty:
		return edit(ctx, s, hook, text("✓"))
	case channel:
		m := chat.Message{Chat: req.Chat, Text: reply.Text, Buttons: reply.Buttons, File: reply.File, DedupKey: commands.ReplyKey(req.UpdateID)}
		if err := c.svc.Enqueue(ctx, m); err != nil {
			c.log.Error("discord: queue a reply; it goes to the asker alone", "interaction", in.ID, "err", err)
			break
		}
		if click {
			return nil
		}
		what := posted
		if len(Split(m)) > 1 {
			what = follows
		}
		return c.ack(ctx, s, hook, req, what)
	}
	parts := Split(chat.Message{Text: reply.Text, Buttons: reply.Buttons, File: reply.File})
	var flags discordgo.MessageFlags
	if in.GuildID != "" {
		flags = discordgo.MessageFlagsEphemeral
	}
	if !click { // the deferred response shows the first part
		p := parts[0]
		content, rows := render(p.Text), components(p.Buttons)
		e := &discordgo.WebhookEdit{Content: &content, Components: &rows, AllowedMentions: noMentions}
		if p.File != nil {
			e.Files = []*discordgo.File{attachment(p.File)}
		}
		if err := edit(ctx, s, hook, e); err != nil {
			return err
		}
		parts = parts[1:]
	}
	var follow []*discordgo.WebhookParams
	for _, p := range parts {
		m := &discordgo.WebhookParams{Content: render(p.Text), Components: components(p.Buttons), AllowedMentions: noMentions, Flags: flags}
		if p.File != nil {
			m.Files = []*discordgo.File{attachment(p.File)}
		}
		follow = append(follow, m)
	}
	return followUp(ctx, s, hook, follow)
}

// ack edits the deferred response to say what, in the asker's language.
func (c *core) ack(ctx context.Context, s *discordgo.Session, hook *discordgo.Interaction, req commands.Request, what i18n.T) error {
	return edit(ctx, s, hook, text(what.In(c.svc.Lang(ctx, req))))
}

// text is an edit of a response to plain text t, without buttons.
func text(t string) *discordgo.WebhookEdit {
	t = render(t)
	return &discordgo.WebhookEdit{Content: &t, Components: &[]discordgo.MessageComponent{}, AllowedMentions: noMentions}
}

// webhookTries is how often a request to an interaction's webhook is
// tried when the network or Discord's side fails (not when Discord
// refuses it): its token lasts 15 minutes, and the reader is waiting now.
const webhookTries = 4

// edit edits the response of the interaction hook (its deferral, or for a
// button press the pressed message).
func edit(ctx context.Context, s *discordgo.Session, hook *discordgo.Interaction, e *discordgo.WebhookEdit) error {
	err := tries(ctx, func(opts ...discordgo.RequestOption) error {
		rewind(e.Files)
		_, err := s.InteractionResponseEdit(hook, e, opts...)
		return err
	})
	if err != nil {
		return fmt.Errorf("discord: edit the response to interaction %s: %w", hook.ID, err)
	}
	return nil
}

// followUp posts follow-up messages, in order, to the webhook of
// interaction hook.
func followUp(ctx context.Context, s *discordgo.Session, hook *discordgo.Interaction, follow []*discordgo.WebhookParams) error {
	for i, p := range follow {
		err := tries(ctx, func(opts ...discordgo.RequestOption) error {
			rewind(p.Files)
			// wait: Discord confirms each message before the next goes.
			_, err := s.FollowupMessageCreate(hook, true, p, opts...)
			return err
		})
		if err != nil {
			return fmt.Errorf("discord: follow-up %d of %d to interaction %s: %w", i+1, len(follow), hook.ID, err)
		}
	}
	return nil
}

// rewind has a try read the files from their start.
func rewind(files []*discordgo.File) {
	for _, f := range files {
		if r, ok := f.Reader.(io.Seeker); ok {
			r.Seek(0, io.SeekStart)
		}
	}
}

// tries makes a request to an interaction's webhook; one the network or
// Discord's side failed is tried again after a pause (a second, then
// two, then three), a short 429 waited out (retry).
func tries(ctx context.Context, request func(...discordgo.RequestOption) error) error {
	var err error
	for try := 1; try <= webhookTries; try++ {
		err = retry(ctx, request)
		if err == nil || !transient(err) || try == webhookTries || pause(ctx, time.Duration(try)*time.Second) != nil {
			break
		}
	}
	return err
}

// transient reports whether a request failed on the way or on Discord's
// side (a network error, a 5xx), so that trying again may work.
func transient(err error) bool {
	var rest *discordgo.RESTError
	if errors.As(err, &rest) {
		return rest.Response != nil && rest.Response.StatusCode >= 500
	}
	var limited *discordgo.RateLimitError
	return !errors.As(err, &limited) && !errors.Is(err, context.Canceled) && !errors.Is(err, context.DeadlineExceeded)
}

// errCode is Discord's JSON error code of a failed request (50013 …), 0
// when it has none.
func errCode(err error) int {
	var rest *discordgo.RESTError
	if errors.As(err, &rest) && rest.Message != nil {
		return rest.Message.Code
	}
	return 0
}

// outcomes remembers the interactions answered lately, for as long as
// their tokens last, so that one delivered again is run once.
type outcomes struct {
	mu    sync.Mutex
	by    map[string]*outcome
	order []*outcome // oldest first
}

// outcome is how an interaction was answered.
type outcome struct {
	id    string
	at    time.Time
	done  chan struct{} // closed when reply and told are set
	reply commands.Reply
	told  bool // the reply reached Discord
}

// do runs interaction id's command (run) and tells its reply (tell),
// remembering both; for an id seen lately it waits for the first
// delivery's outcome instead, and tells its reply only when the first
// could not.
func (o *outcomes) do(id string, run func() commands.Reply, tell func(commands.Reply) error) error {
	now := time.Now()
	o.mu.Lock()
	for len(o.order) > 0 && now.Sub(o.order[0].at) > tokenLife {
		delete(o.by, o.order[0].id)
		o.order = o.order[1:]
	}
	if x := o.by[id]; x != nil {
		o.mu.Unlock()
		<-x.done
		if x.told {
			return nil // the first delivery's answer stands
		}
		return tell(x.reply)
	}
	if o.by == nil {
		o.by = map[string]*outcome{}
	}
	x := &outcome{id: id, at: now, done: make(chan struct{})}
	o.by[id], o.order = x, append(o.order, x)
	o.mu.Unlock()
	defer close(x.done)
	x.reply = run()
	err := tell(x.reply)
	x.told = err == nil
	return err
}
