package discord

import (
	"context"
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"
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

// tokenLife is how long an interaction's token lasts: its follow-ups
// must go within it.
const tokenLife = 15 * time.Minute

// Handler serves Discord's HTTP interactions endpoint: it checks each
// request's Ed25519 signature and age, answers PINGs, and runs slash
// commands, button clicks and autocompletes as commands.Requests.
//
// The response must come within Discord's 3 seconds: Service.Handle takes
// milliseconds. It is the reply as a message in the channel (ephemeral
// when the reply is private), or, when the outbox says the reply in the
// channel (a statement stored with its change, a public reply longer than
// a message), a private acknowledgement. A private reply longer than a
// message is sent as ephemeral follow-ups after a deferred response when
// the Handler has a session (the Adapter's), else cut to one message.
type Handler struct {
	*core
	key ed25519.PublicKey
	now func() time.Time

	session *discordgo.Session // for follow-ups; nil: none
	appID   string
	pending sync.WaitGroup // follow-ups being sent
}

// newHandler makes the endpoint's handler for the application whose
// public key is key (see ParsePublicKey). With a session it sends a long
// private reply as follow-up messages to the interaction's webhook,
// through the session's REST client, as application appID; nil: cut to
// one message.
func newHandler(c *core, key ed25519.PublicKey, session *discordgo.Session, appID string) *Handler {
	return &Handler{core: c, key: key, now: time.Now, session: session, appID: appID}
}

// Wait blocks until the follow-ups of the interactions answered so far
// (whose responses have gone out) are sent or have failed: call it after
// the HTTP server has shut down, so that none is cut off.
func (h *Handler) Wait() { h.pending.Wait() }

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
	a := answer{resp: &discordgo.InteractionResponse{Type: discordgo.InteractionResponsePong}}
	if in.Type != discordgo.InteractionPing {
		var err error
		if a, err = h.answer(r.Context(), &in, h.session != nil); err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
	}
	b, err := json.Marshal(a.resp)
	if err != nil {
		h.log.Error("discord: encode interaction response", "interaction", in.ID, "err", err)
		http.Error(w, "internal error", http.StatusInternalServerError)
		return
	}
	if len(a.follow) > 0 {
		// Counted before the response goes: Wait after it sees them.
		h.pending.Add(1)
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Content-Length", strconv.Itoa(len(b)))
	w.Write(b)
	if len(a.follow) > 0 {
		// The follow-ups need the deferred response to have reached
		// Discord: it goes out whole now (it has its length), and they
		// after it.
		if f, ok := w.(http.Flusher); ok {
			f.Flush()
		}
		ctx, cancel := context.WithTimeout(context.WithoutCancel(r.Context()), tokenLife)
		go func() {
			defer h.pending.Done()
			defer cancel()
			if err := followUp(ctx, h.session, h.appID, &in, a.follow); err != nil {
				h.log.Error("discord: a long reply was cut short", "interaction", in.ID, "err", err)
			}
		}()
	}
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
