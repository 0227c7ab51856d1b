package feishu

import (
	"io"
	"net/http"

	larkevent "github.com/larksuite/oapi-sdk-go/v3/event"
)

// maxEvent bounds an event's body; Feishu's are a few kilobytes.
const maxEvent = 1 << 20

// Handler serves Feishu's HTTP event callback (EventsPath): it answers the
// url_verification challenge the console sends when the request URL is
// set, and hands every event to the SDK's dispatcher, which decrypts it
// with the encrypt key (AES-256-CBC under the key's SHA-256), checks its
// X-Lark-Signature (SHA-256 of the timestamp, the nonce, the encrypt key
// and the body) or, without an encrypt key, its verification token, and
// runs it. A request that fails those checks is refused and runs nothing.
// The answer goes once the event is handled and stored, so Feishu, which
// delivers an event again until it is answered, loses none.
type Handler struct{ a *Adapter }

func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost {
		w.Header().Set("Allow", http.MethodPost)
		http.Error(w, "events are posted", http.StatusMethodNotAllowed)
		return
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxEvent))
	if err != nil {
		http.Error(w, "the body cannot be read: "+err.Error(), http.StatusBadRequest)
		return
	}
	resp := h.a.events.Handle(r.Context(), &larkevent.EventReq{Header: r.Header, Body: body, RequestURI: r.RequestURI})
	for k, vs := range resp.Header {
		for _, v := range vs {
			w.Header().Add(k, v)
		}
	}
	w.WriteHeader(resp.StatusCode)
	w.Write(resp.Body)
}
