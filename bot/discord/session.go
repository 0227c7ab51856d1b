package discord

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"
)

// restTimeout bounds one REST request, as discordgo's own client does.
const restTimeout = 20 * time.Second

// makeSession makes the bot's session for token. A non-empty apiURL stands
// for https://discord.com (QISAI_DISCORD_API_URL, a REST proxy or a test
// server): every request discordgo makes to discord.com goes there
// instead, path kept after apiURL's own, and so does the gateway, whose
// address the session asks that API for (GET /api/v9/gateway). discordgo's
// endpoints are package variables; a transport on this session's client
// changes nothing for other sessions.
func makeSession(token, apiURL string) (*discordgo.Session, error) {
	s, err := discordgo.New("Bot " + token)
	if err != nil {
		return nil, fmt.Errorf("discord: make the session: %w", err)
	}
	if apiURL == "" {
		return s, nil
	}
	base, err := url.Parse(strings.TrimRight(apiURL, "/"))
	if err != nil || base.Host == "" {
		return nil, fmt.Errorf("discord: API URL %q is no absolute URL", apiURL)
	}
	s.Client = &http.Client{Transport: rebase{base: base, inner: http.DefaultTransport}, Timeout: restTimeout}
	return s, nil
}

// discordHost is the host of discordgo's endpoints (EndpointDiscord).
var discordHost = func() string {
	u, _ := url.Parse(discordgo.EndpointDiscord)
	return u.Host
}()

// rebase sends the requests for discordHost to base; others (the CDN) go
// as they are.
type rebase struct {
	base  *url.URL
	inner http.RoundTripper
}

func (r rebase) RoundTrip(req *http.Request) (*http.Response, error) {
	if req.URL.Host != discordHost {
		return r.inner.RoundTrip(req)
	}
	req = req.Clone(req.Context()) // a RoundTripper must not change its request
	req.URL.Scheme, req.URL.Host, req.Host = r.base.Scheme, r.base.Host, ""
	req.URL.Path = r.base.Path + req.URL.Path
	if req.URL.RawPath != "" {
		req.URL.RawPath = r.base.EscapedPath() + req.URL.RawPath
	}
	return r.inner.RoundTrip(req)
}
