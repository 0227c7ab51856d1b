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

// Handler serves Discord's HTTP interactions endpoint: it checks each
// request's Ed25519 signature and age, answers PINGs, and runs slash
// commands, button clicks and autocompletes as commands.Requests.
//
// The response must come within Discord's 3 seconds, whatever the
// database is doing: it goes first (core.first: a deferral, an
// autocomplete's choices), and the command runs after it, its outcome
// told by editing the deferred response and in follow-ups (core.finish),
// through the Adapter's session.
type Handler struct {
	*core
	key ed25519.PublicKey
	now func() time.Time

	session *discordgo.Session // for the edits and follow-ups
	appID   string
	pending sync.WaitGroup // commands running, outcomes being told
}

// newHandler makes the endpoint's handler for the application whose
// public key is key (see ParsePublicKey), telling the interactions'
// outcomes to their webhooks through session's REST client, as
// application appID.
func newHandler(c *core, key ed25519.PublicKey, session *discordgo.Session, appID string) *Handler {
	return &Handler{core: c, key: key, now: time.Now, session: session, appID: appID}
}

// Wait blocks until the commands of the interactions answered so far
// have run and their outcomes are told (or failed): call it after the
// HTTP server has shut down, so that none is cut off.
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
	resp, work := &discordgo.InteractionResponse{Type: discordgo.InteractionResponsePong}, false
	if in.Type != discordgo.InteractionPing {
		var err error
		if resp, work, err = h.first(r.Context(), &in); err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
	}
	b, err := json.Marshal(resp)
	if err != nil {
		h.log.Error("discord: encode interaction response", "interaction", in.ID, "err", err)
		http.Error(w, "internal error", http.StatusInternalServerError)
		return
	}
	if !work {
		h.reply(w, &in, b)
		return
	}
	// Counted before the response goes, so that Wait after it sees the
	// command; let go when the command is not run (a panic too).
	h.pending.Add(1)
	running := false
	defer func() {
		if !running {
			h.pending.Done()
		}
	}()
	if !h.reply(w, &in, b) {
		return
	}
	running = true
	ctx, cancel := context.WithTimeout(context.WithoutCancel(r.Context()), tokenLife)
	go func() {
		defer h.pending.Done()
		defer cancel()
		if err := h.finish(ctx, h.session, h.appID, &in); err != nil {
			h.log.Error("discord: an answer did not reach Discord", "interaction", in.ID, "err", err)
		}
	}()
}

// reply sends in's first response, b, and reports whether it went out.
// When it did not, Discord has no answer and shows the user that the
// interaction failed: its command is not to run.
func (h *Handler) reply(w http.ResponseWriter, in *discordgo.Interaction, b []byte) bool {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Content-Length", strconv.Itoa(len(b)))
	_, err := w.Write(b)
	if err == nil {
		// The edits need the response to have reached Discord: it goes
		// out whole now, and they after it.
		err = http.NewResponseController(w).Flush()
	}
	if err != nil {
		h.log.Warn("discord: interaction response not sent; its command is not run", "interaction", in.ID, "err", err)
		return false
	}
	h.step("responded", in)
	return true
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
