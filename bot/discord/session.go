package discord

import (
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"
)

// restTimeout bounds one REST request, as discordgo's own client does.
const restTimeout = 20 * time.Second

// apiVersion is the version of Discord's API qisai speaks, over REST and
// on the gateway.
const apiVersion = "10"

// apiPath is where the API's paths start under Discord's address.
const apiPath = "/api/v" + apiVersion

func init() {
	// discordgo reads APIVersion when it connects to the gateway (the
	// version in the websocket's URL). Its REST endpoints were built from
	// it at its own init, as v9: rebase maps them to v10.
	discordgo.APIVersion = apiVersion
}

// libraryAPI is the path discordgo's REST endpoints start with
// ("/api/v9/").
var libraryAPI = strings.TrimPrefix(discordgo.EndpointAPI, strings.TrimSuffix(discordgo.EndpointDiscord, "/"))

// discordHost is the host of discordgo's endpoints (EndpointDiscord).
var discordHost = func() string {
	u, _ := url.Parse(discordgo.EndpointDiscord)
	return u.Host
}()

// versioned matches a path that ends in an API version ("/api/v9").
var versioned = regexp.MustCompile(`/api/v([0-9]+)$`)

// makeSession makes the bot's session for token, speaking API v10. A
// non-empty apiURL stands for https://discord.com (QISAI_DISCORD_API_URL,
// a REST proxy or a test server), or for its API, https://discord.com/api
// or …/api/v10: every request discordgo makes to discord.com goes there
// instead, and so does the gateway, whose address the session asks that
// API for (GET /api/v10/gateway). The requests go through the session's
// own client: other sessions are not changed.
func makeSession(token, apiURL string) (*discordgo.Session, error) {
	root, err := apiRoot(apiURL)
	if err != nil {
		return nil, err
	}
	s, err := discordgo.New("Bot " + token)
	if err != nil {
		return nil, fmt.Errorf("discord: make the session: %w", err)
	}
	s.Client = &http.Client{Transport: rebase{root: root, inner: transport()}, Timeout: restTimeout}
	return s, nil
}

// idleConns is how many connections to the API a session keeps open
// between requests: a burst of interactions answered at once (a round's
// reports) reuses them, where HTTP/2 (Discord's own) does not multiplex
// (a proxy over HTTP/1.1).
const idleConns = 64

// transport is the session's HTTP transport: the default one, keeping
// idleConns connections open.
func transport() http.RoundTripper {
	t := http.DefaultTransport.(*http.Transport).Clone()
	t.MaxIdleConnsPerHost = idleConns
	return t
}

// apiRoot is the URL the API's paths go under for apiURL (see
// makeSession): https://discord.com/api/v10 for "".
func apiRoot(apiURL string) (*url.URL, error) {
	if apiURL == "" {
		apiURL = discordgo.EndpointDiscord
	}
	u, err := url.Parse(strings.TrimRight(apiURL, "/"))
	if err != nil || u.Host == "" || (u.Scheme != "http" && u.Scheme != "https") {
		return nil, fmt.Errorf("discord: the API URL %q is no http or https URL: give Discord's address as https://discord.com, or a proxy's", apiURL)
	}
	u.RawQuery, u.Fragment = "", ""
	p := strings.TrimRight(u.Path, "/")
	switch m := versioned.FindStringSubmatch(p); {
	case m == nil && strings.HasSuffix(p, "/api"):
		p += "/v" + apiVersion
	case m == nil:
		p += apiPath
	case m[1] != apiVersion:
		return nil, fmt.Errorf("discord: the API URL %q asks for API version %s; qisai speaks version %s: end it in /api/v%s, or leave the /api/v%s out", apiURL, m[1], apiVersion, apiVersion, m[1])
	}
	u.Path, u.RawPath = p, ""
	return u, nil
}

// rebase sends the requests for discordHost to root, the API's: discordgo's
// /api/v9/… to root's /…, anything else on the host beside it; other
// hosts' (the CDN's) go as they are.
type rebase struct {
	root  *url.URL // ends in /api/v10
	inner http.RoundTripper
}

func (r rebase) RoundTrip(req *http.Request) (*http.Response, error) {
	if req.URL.Host != discordHost {
		return r.inner.RoundTrip(req)
	}
	req = req.Clone(req.Context()) // a RoundTripper must not change its request
	req.URL.Scheme, req.URL.Host, req.Host = r.root.Scheme, r.root.Host, ""
	req.URL.Path = under(req.URL.Path, r.root.Path)
	if req.URL.RawPath != "" {
		req.URL.RawPath = under(req.URL.RawPath, r.root.EscapedPath())
	}
	return r.inner.RoundTrip(req)
}

// under is path p of discord.com under root, the API's path.
func under(p, root string) string {
	if rest, ok := strings.CutPrefix(p, libraryAPI); ok {
		return root + "/" + rest
	}
	return strings.TrimSuffix(root, apiPath) + p
}
