package discord

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/chat"
	"github.com/qisai/qisai/commands"
	"github.com/qisai/qisai/internal/i18n"
	"github.com/qisai/qisai/storage"
)

// reporting is an event in channel C1 whose first round of boards games
// is published, on a fresh database, and the interactions of both
// players of every board reporting its result (red wins), 2×boards of
// them, numbered from 1001 with tokens tok1001….
func reporting(tb testing.TB, boards int) (*storage.Store, *commands.Service, []string) {
	tb.Helper()
	st := newStore(tb)
	svc := commands.New(st, commands.WithLogger(slog.New(slog.DiscardHandler)))
	ctx := context.Background()
	n := 0
	say := func(u who, text string) {
		n++
		reply := svc.Handle(ctx, commands.Request{
			Chat: chat.Chat{Platform: Platform, ID: "C1"}, User: commands.User{ID: u.id, Name: u.name},
			Text: text, UpdateID: fmt.Sprint("setup:", n), RepliesQueued: true,
		})
		if reply.Refused {
			tb.Fatalf("%s: %s", text, reply.Text)
		}
	}
	say(wang, "/event new 并发赛")
	say(wang, "/signup open")
	users := make([]who, 2*boards)
	for i := range users {
		users[i] = who{id: fmt.Sprint(5000 + i), name: fmt.Sprintf("棋手%03d", i+1)}
		say(users[i], "/join "+users[i].name)
	}
	say(wang, "/start")
	say(wang, "/pair")
	say(wang, "/publish")
	id, state := channelEvent(tb, st)
	of := map[int]who{}
	for _, u := range users {
		if e, err := st.PlayerOf(ctx, id, Platform, u.id); err == nil {
			of[e] = u
		}
	}
	m := &maker{t: tb}
	var reports []string
	for _, g := range state.Event.Rounds[0].Games {
		reports = append(reports,
			m.slash(of[state.EntrantOf(g.Red)], "report", "", "result", "win"),
			m.slash(of[state.EntrantOf(g.Black)], "report", "", "result", "loss"))
	}
	if len(reports) != 2*boards {
		tb.Fatalf("%d reports for %d boards", len(reports), boards)
	}
	return st, svc, reports
}

// channelEvent is the event of channel C1 and its state.
func channelEvent(tb testing.TB, st *storage.Store) (storage.EventID, *action.State) {
	tb.Helper()
	ctx := context.Background()
	id, err := st.EventOf(ctx, chat.Chat{Platform: Platform, ID: "C1"})
	if err != nil {
		tb.Fatal(err)
	}
	state, err := st.Load(ctx, id)
	if err != nil {
		tb.Fatal(err)
	}
	return id, state
}

// burst runs f(0), …, f(n-1) at once, each in a goroutine of its own
// released together, and returns when all have.
func burst(n int, f func(i int)) {
	var wg sync.WaitGroup
	start := make(chan struct{})
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			f(i)
		}()
	}
	close(start)
	wg.Wait()
}

// order hears the steps of interactions (core.trace) and notes each that
// entered its command before its first response was out.
type order struct {
	mu                 sync.Mutex
	responded, entered map[string]bool
	late               []string
	// out, when set, says whether Discord has the interaction's first
	// response (the REST fake has its callback): the gateway's.
	out func(id string) bool
}

func (o *order) trace(step string, in *discordgo.Interaction) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.responded == nil {
		o.responded, o.entered = map[string]bool{}, map[string]bool{}
	}
	switch step {
	case "responded":
		o.responded[in.ID] = true
	case "entered":
		o.entered[in.ID] = true
		if !o.responded[in.ID] || (o.out != nil && !o.out(in.ID)) {
			o.late = append(o.late, in.ID)
		}
	}
}

// check fails the test unless all n interactions responded first and
// then entered their commands.
func (o *order) check(t *testing.T, n int) {
	t.Helper()
	o.mu.Lock()
	defer o.mu.Unlock()
	if len(o.responded) != n || len(o.entered) != n {
		t.Errorf("%d interactions responded and %d entered their commands, want %d each", len(o.responded), len(o.entered), n)
	}
	if len(o.late) > 0 {
		t.Errorf("%d commands ran before their interaction's first response was out: %v", len(o.late), o.late)
	}
}

// TestDeferFirstHTTP (Discord's 3 seconds): 400 interactions posted at
// once to the HTTP endpoint — both players of 200 boards reporting — each
// get their first response (a deferral) before their command runs: a
// command waiting for the database never holds up an answer. Every
// result is in once they are done, and every response is edited to say
// so.
func TestDeferFirstHTTP(t *testing.T) {
	const boards = 200
	st, svc, reports := reporting(t, boards)
	e := endpointOn(t, st, svc)
	var o order
	e.handler.trace = o.trace
	firsts := make([]discordgo.InteractionResponse, len(reports))
	burst(len(reports), func(i int) {
		status, resp := e.post(reports[i], e.priv, time.Now())
		if status != http.StatusOK || resp.Type != discordgo.InteractionResponseDeferredChannelMessageWithSource {
			t.Errorf("status %d, response %+v; want a deferral (5)", status, resp)
		}
		firsts[i] = resp
	})
	e.handler.Wait()
	o.check(t, len(reports))
	for i, body := range reports {
		// The reporter's own account, privately (the channel sees the
		// report in the round's message), or, for the last, that the
		// round's end follows in the channel.
		if a := e.answerOf(body, firsts[i]); !strings.HasPrefix(a.Content(), "已报告") && !strings.HasPrefix(a.Content(), "已确认") && a.Content() != announced.In(i18n.Zh) {
			t.Errorf("report %d: response edited to %q, want the reporter's account", i, a.Content())
			break
		}
	}
	decided(t, st, boards)
}

// decided fails the test unless all boards of round 1 have their result.
func decided(t *testing.T, st *storage.Store, boards int) {
	t.Helper()
	_, state := channelEvent(t, st)
	n := 0
	for _, g := range state.Event.Rounds[0].Games {
		if g.Result.Decided() {
			n++
		}
	}
	if n != boards {
		t.Errorf("%d of %d boards decided after both players reported", n, boards)
	}
}

// TestDeferFirstGateway: the same 400 interactions through the gateway;
// Discord has each one's first response (the REST fake has its
// callback) before its command runs.
func TestDeferFirstGateway(t *testing.T) {
	const boards = 200
	st, svc, reports := reporting(t, boards)
	g := newGateway(t)
	a, err := New(svc, "test-token", WithServerURL(g.srv.URL), WithLogger(slog.New(slog.DiscardHandler)))
	if err != nil {
		t.Fatal(err)
	}
	o := order{out: func(id string) bool {
		g.rest.mu.Lock()
		defer g.rest.mu.Unlock()
		return slices.ContainsFunc(g.rest.calls, func(c call) bool {
			return strings.HasPrefix(c.path, "/interactions/"+id+"/") && strings.HasSuffix(c.path, "/callback")
		})
	}}
	a.core.trace = o.trace
	running(t, g, a)
	for _, body := range reports {
		g.dispatch <- body
	}
	edits := func() int {
		n := 0
		for _, c := range g.rest.await(t, 0) {
			if c.method == http.MethodPatch {
				n++
			}
		}
		return n
	}
	deadline := time.Now().Add(time.Minute)
	for edits() < len(reports) && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	o.check(t, len(reports))
	if n := edits(); n != len(reports) {
		t.Errorf("%d responses edited, want %d", n, len(reports))
	}
	decided(t, st, boards)
}

// BenchmarkInteractions400 fires 400 interactions at once — both players
// of 200 boards reporting — at the HTTP endpoint and through the
// gateway, and reports the distribution of the time until Discord has
// each one's first response (first-*) and until its response is edited to
// the outcome (done-*), in milliseconds.
//
//	go test ./bot/discord -run XXX -bench Interactions400 -benchtime 3x
func BenchmarkInteractions400(b *testing.B) {
	const boards = 200
	b.Run("http", func(b *testing.B) {
		var (
			mu          sync.Mutex
			first, done []time.Duration
		)
		for range b.N {
			b.StopTimer()
			st, svc, reports := reporting(b, boards)
			e := endpointOn(b, st, svc)
			at := make([]time.Time, len(reports))
			b.StartTimer()
			burst(len(reports), func(i int) {
				at[i] = time.Now()
				if status, _ := e.post(reports[i], e.priv, time.Now()); status != http.StatusOK {
					b.Errorf("status %d", status)
				}
				d := time.Since(at[i])
				mu.Lock()
				first = append(first, d)
				mu.Unlock()
			})
			e.handler.Wait()
			b.StopTimer()
			done = append(done, edited(b, e.out, reports, at)...)
		}
		report(b, "first", first)
		report(b, "done", done)
	})
	b.Run("gateway", func(b *testing.B) {
		var first, done []time.Duration
		for range b.N {
			b.StopTimer()
			_, svc, reports := reporting(b, boards)
			g := newGateway(b)
			a, err := New(svc, "test-token", WithServerURL(g.srv.URL), WithLogger(slog.New(slog.DiscardHandler)))
			if err != nil {
				b.Fatal(err)
			}
			ctx, cancel := context.WithCancel(context.Background())
			stopped := make(chan error, 1)
			go func() { stopped <- a.Run(ctx) }()
			<-g.identify
			at := make([]time.Time, len(reports))
			b.StartTimer()
			for i, body := range reports {
				at[i] = time.Now()
				g.dispatch <- body
			}
			deadline := time.Now().Add(2 * time.Minute)
			// The times are the REST fake's: looking seldom costs nothing.
			for len(edited(b, g.rest, reports, at)) < len(reports) && time.Now().Before(deadline) {
				time.Sleep(50 * time.Millisecond)
			}
			b.StopTimer()
			done = append(done, edited(b, g.rest, reports, at)...)
			for i, body := range reports {
				var x struct{ ID string }
				json.Unmarshal([]byte(body), &x)
				for _, c := range g.rest.await(b, 0) {
					if strings.HasPrefix(c.path, "/interactions/"+x.ID+"/") {
						first = append(first, c.at.Sub(at[i]))
						break
					}
				}
			}
			cancel()
			<-stopped
		}
		report(b, "first", first)
		report(b, "done", done)
	})
}

// edited is, for each of the interactions that the REST fake f heard
// edited, the time from at (its sending) to its edit.
func edited(tb testing.TB, f *rest, interactions []string, at []time.Time) []time.Duration {
	calls := f.await(tb, 0)
	when := map[string]time.Time{}
	for _, c := range calls {
		if c.method == http.MethodPatch {
			when[c.path] = c.at
		}
	}
	var out []time.Duration
	for i, body := range interactions {
		var x struct{ Token string }
		json.Unmarshal([]byte(body), &x)
		for path, t := range when {
			if strings.Contains(path, "/"+x.Token+"/messages/@original") {
				out = append(out, t.Sub(at[i]))
			}
		}
	}
	return out
}

// report reports the 50th, 99th percentile and the largest of ds, in
// milliseconds, and how many of them missed Discord's 3 seconds.
func report(b *testing.B, name string, ds []time.Duration) {
	if len(ds) == 0 {
		return
	}
	slices.Sort(ds)
	ms := func(q float64) float64 {
		return float64(ds[min(len(ds)-1, int(q*float64(len(ds))))].Microseconds()) / 1000
	}
	b.ReportMetric(ms(0.5), name+"-p50-ms")
	b.ReportMetric(ms(0.99), name+"-p99-ms")
	b.ReportMetric(float64(ds[len(ds)-1].Microseconds())/1000, name+"-max-ms")
	late := 0
	for _, d := range ds {
		if d > 3*time.Second {
			late++
		}
	}
	b.ReportMetric(float64(late), name+"-over-3s")
}
