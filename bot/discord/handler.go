package discord

import (
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"time"
	"unicode"

	"github.com/bwmarrin/discordgo"
	"github.com/qisai/qisai/commands"
	"github.com/qisai/qisai/storage"
)

// A signed request's timestamp may be this old, or this far ahead of our
// clock, and no more: a captured request cannot be replayed later
// (VerifyInteraction checks the signature only).
const (
	maxAge  = 5 * time.Minute
	maxSkew = time.Minute
)

// maxBody bounds an interaction's body; Discord's are a few kilobytes.
const maxBody = 1 << 20

// Handler serves Discord's HTTP interactions endpoint: it checks each
// request's Ed25519 signature and age, answers PINGs, and runs slash
// commands and button clicks as commands.Requests, answering with the
// reply as a message in the channel (ephemeral when the reply is private).
//
// The reply is the interaction's response, so it must come within
// Discord's 3 seconds: Service.Handle takes milliseconds. Work that may
// take longer would need a deferred response and a follow-up message.
type Handler struct {
	svc  *commands.Service
	key  ed25519.PublicKey
	cmds map[string]*commands.Command // by name: "event new"
	now  func() time.Time
	log  *slog.Logger
}

// NewHandler makes the endpoint's handler for the application whose
// public key is key (see ParsePublicKey).
func NewHandler(svc *commands.Service, key ed25519.PublicKey, log *slog.Logger) *Handler {
	h := &Handler{svc: svc, key: key, cmds: map[string]*commands.Command{}, now: time.Now, log: log}
	for _, c := range svc.Commands() {
		h.cmds[c.Name] = c
	}
	return h
}

// ParsePublicKey reads an application's public key as the developer
// portal shows it: 64 hexadecimal digits.
func ParsePublicKey(s string) (ed25519.PublicKey, error) {
	b, err := hex.DecodeString(strings.TrimSpace(s))
	if err != nil || len(b) != ed25519.PublicKeySize {
		return nil, fmt.Errorf("discord: the public key must be %d hexadecimal digits, as the developer portal shows it (General Information, Public Key)", 2*ed25519.PublicKeySize)
	}
	return ed25519.PublicKey(b), nil
}

func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost {
		w.Header().Set("Allow", http.MethodPost)
		http.Error(w, "POST only", http.StatusMethodNotAllowed)
		return
	}
	r.Body = http.MaxBytesReader(w, r.Body, maxBody)
	// Discord sends a bad signature now and then on purpose, and removes
	// an endpoint that accepts it.
	if !h.fresh(r.Header.Get("X-Signature-Timestamp")) || !discordgo.VerifyInteraction(r, h.key) {
		http.Error(w, "invalid request signature", http.StatusUnauthorized)
		return
	}
	var in discordgo.Interaction
	if err := json.NewDecoder(r.Body).Decode(&in); err != nil {
		http.Error(w, "bad interaction: "+err.Error(), http.StatusBadRequest)
		return
	}
	var resp *discordgo.InteractionResponse
	switch in.Type {
	case discordgo.InteractionPing:
		resp = &discordgo.InteractionResponse{Type: discordgo.InteractionResponsePong}
	case discordgo.InteractionApplicationCommand:
		text, problem := h.line(&in)
		if problem != "" {
			resp = response(commands.Reply{Text: problem, Private: true}, lang(&in))
		} else {
			resp = h.run(r, &in, text)
		}
	case discordgo.InteractionMessageComponent:
		resp = h.run(r, &in, in.MessageComponentData().CustomID)
	default:
		http.Error(w, "unsupported interaction type "+in.Type.String(), http.StatusBadRequest)
		return
	}
	b, err := json.Marshal(resp)
	if err != nil {
		h.log.Error("discord: encode interaction response", "interaction", in.ID, "err", err)
		http.Error(w, "internal error", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Write(b)
}

// fresh reports whether a request's timestamp (Unix seconds) is recent.
func (h *Handler) fresh(ts string) bool {
	sec, err := strconv.ParseInt(ts, 10, 64)
	if err != nil {
		return false
	}
	age := h.now().Sub(time.Unix(sec, 0))
	return age <= maxAge && age >= -maxSkew
}

// run runs text as the interaction's user's line and makes the response.
func (h *Handler) run(r *http.Request, in *discordgo.Interaction, text string) *discordgo.InteractionResponse {
	u, name := in.User, ""
	if in.Member != nil && in.Member.User != nil {
		u, name = in.Member.User, in.Member.DisplayName()
	} else if u != nil {
		name = u.DisplayName()
	}
	if u == nil { // Discord always says who; answer something valid anyway
		return &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredMessageUpdate}
	}
	req := commands.Request{
		Chat:     storage.Chat{Platform: Platform, ID: in.ChannelID},
		DM:       in.GuildID == "",
		User:     commands.User{ID: u.ID, Name: name},
		Locale:   string(in.Locale),
		Text:     text,
		UpdateID: "discord:interaction:" + in.ID,
	}
	if req.DM {
		req.Chat.ID = "dm:" + u.ID // the adapters' name for a private chat
	}
	reply := h.svc.Handle(r.Context(), req)
	if reply.Text == "" && len(reply.Buttons) == 0 {
		if in.Type == discordgo.InteractionMessageComponent {
			// A button that is no command: acknowledge the click, say nothing.
			return &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredMessageUpdate}
		}
		reply = commands.Reply{Text: "✓", Private: true}
	}
	return response(reply, lang(in))
}

// line rebuilds the line a user would have typed from a slash command:
// "/event new 周末快棋赛" from command "event", subcommand "new" and option
// "name". The options go in the registry's order of the arguments, which
// are positional; so an optional argument given without an earlier
// optional one cannot be said, and line returns what to tell the user
// instead (problem) of the line.
func (h *Handler) line(in *discordgo.Interaction) (text, problem string) {
	d := in.ApplicationCommandData()
	name, opts := d.Name, d.Options
	if len(opts) == 1 && opts[0].Type == discordgo.ApplicationCommandOptionSubCommand {
		name, opts = name+" "+opts[0].Name, opts[0].Options
	}
	words := []string{"/" + name}
	cmd := h.cmds[name]
	if cmd == nil {
		return words[0], "" // the service says there is no such command
	}
	given := map[string]*discordgo.ApplicationCommandInteractionDataOption{}
	for _, o := range opts {
		given[o.Name] = o
	}
	skipped := ""
	for _, a := range cmd.Args {
		o := given[a.Name]
		if o == nil {
			if skipped == "" {
				skipped = a.Name
			}
			continue
		}
		if skipped != "" {
			return "", commands.T{Zh: "填 %s 时也要填 %s。", En: "To give %s, give %s too."}.
				In(lang(in), strings.ToUpper(a.Name), strings.ToUpper(skipped))
		}
		words = append(words, word(o.Value, a.Kind))
	}
	return strings.Join(words, " "), ""
}

// word is an option's value as typed: numbers in decimal, and a one-word
// value that is empty or has spaces in quotes (which commands reads as
// one word), its own quotes dropped.
func word(v any, kind commands.ArgKind) string {
	var s string
	switch v := v.(type) {
	case string:
		s = v
	case float64: // JSON numbers, integers here
		s = strconv.FormatFloat(v, 'f', -1, 64)
	default:
		s = fmt.Sprint(v)
	}
	if kind == commands.Rest {
		return s
	}
	s = strings.Map(func(r rune) rune {
		if r == '"' || r == '“' || r == '”' {
			return -1
		}
		return r
	}, s)
	if s == "" || strings.ContainsFunc(s, unicode.IsSpace) {
		s = `"` + s + `"`
	}
	return s
}

// lang is the language of the adapter's own words to the user (the
// service picks the commands' language itself): the client's locale,
// Chinese when it names none qisai speaks, as the service does.
func lang(in *discordgo.Interaction) commands.Lang {
	if l := commands.ParseLang(string(in.Locale)); l != "" {
		return l
	}
	return commands.Zh
}

// note ends a reply cut to fit one message.
var note = commands.T{Zh: "\n……（太长，只显示开头）", En: "\n… (too long: only the beginning is shown)"}

// response is reply as an interaction's response: a message in the
// channel, ephemeral when the reply is private, with the buttons. A reply
// longer than a message is cut at a line and says so: an interaction's
// response is one message (the rest would need follow-up messages).
func response(reply commands.Reply, l commands.Lang) *discordgo.InteractionResponse {
	text := reply.Text
	if length(text) > maxContent {
		n := note.In(l)
		text = split(text, maxContent-length(n))[0] + n
	}
	data := &discordgo.InteractionResponseData{
		Content:         text,
		Components:      components(reply.Buttons),
		AllowedMentions: noMentions,
	}
	if reply.Private {
		data.Flags = discordgo.MessageFlagsEphemeral
	}
	return &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource, Data: data}
}
