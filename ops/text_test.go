package ops

import (
	"context"
	"fmt"
	"maps"
	"math"
	"mime"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/qisai/qisai/chat"
)

// TestMetricsText: the whole of /metrics, with samples of every family,
// reads as the Prometheus text format by a checker of the test's own (not
// the client's code): qisai's families typed and with their help texts,
// label values escaped so that they read back, the Go runtime's and the
// process's samples there.
func TestMetricsText(t *testing.T) {
	m := &Metrics{}
	store, srv := serve(t, m)
	odd := "a \"quoted\" \\ platform\n"
	m.CommandDone(true)
	m.Sent("telegram", 40*time.Millisecond)
	m.Sent("telegram", time.Minute)
	m.Sent(odd, time.Second)
	m.SendFailed("discord")
	m.Waited("telegram", 45*time.Second)
	m.Platform("telegram", true, nil)
	m.ChatHeld("telegram")
	err := store.Enqueue(context.Background(),
		chat.Message{Chat: chat.Chat{Platform: "telegram", ID: "-1"}, Text: "a", DedupKey: "a"})
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := store.Block(context.Background(), chat.Chat{Platform: "telegram", ID: "-2"}, "403 kicked"); err != nil {
		t.Fatal(err)
	}
	_, body, h := get(t, srv, "/metrics")
	// The text format's type, version and charset; the client adds how it
	// escapes names the format cannot spell (escaping=underscores).
	ct := h.Get("Content-Type")
	media, params, err := mime.ParseMediaType(ct)
	delete(params, "escaping")
	if err != nil || media != "text/plain" || !maps.Equal(params, map[string]string{"version": "0.0.4", "charset": "utf-8"}) {
		t.Errorf("Content-Type %q, want the text format's (text/plain; version=0.0.4; charset=utf-8)", ct)
	}
	families, err := parseText(body)
	if err != nil {
		t.Fatalf("/metrics is not the text format: %v\n%s", err, body)
	}
	for name, want := range map[string]struct{ typ, help string }{
		"qisai_commands_total":        {"counter", "Commands handled, by result (ok, error)."},
		"qisai_send_seconds":          {"histogram", "Time the platform took to take a message, by platform."},
		"qisai_send_errors_total":     {"counter", "Sends the platform refused or that failed (the outbox tries again), by platform."},
		"qisai_delivery_wait_seconds": {"histogram", "Time a message waited for the platform's rate limits before it was sent, by platform."},
		"qisai_outbox_pending":        {"gauge", pendingHelp},
		"qisai_outbox_oldest_seconds": {"gauge", oldestHelp},
		"qisai_platform_up":           {"gauge", upHelp},
		"qisai_chats_held":            {"gauge", heldHelp},
		"qisai_chats_held_total":      {"counter", "Chats the bot was found unable to post in (removed, no right to send), by platform."},
	} {
		f := families[name]
		switch {
		case f == nil:
			t.Errorf("no family %s", name)
		case f.typ != want.typ || f.help != want.help:
			t.Errorf("%s is a %q, help %q; want a %s, help %q", name, f.typ, f.help, want.typ, want.help)
		}
	}
	if v, ok := families.value("qisai_send_seconds_count", "platform", odd); !ok || v != 1 {
		t.Errorf("the platform %q reads back with %v sends (found: %v), want 1", odd, v, ok)
	}
	for _, name := range []string{"go_goroutines", "go_memstats_alloc_bytes", "go_memstats_heap_inuse_bytes",
		"go_gc_duration_seconds", "process_cpu_seconds_total", "process_resident_memory_bytes",
		"process_open_fds", "process_start_time_seconds"} {
		if families[name] == nil {
			t.Errorf("no %s", name)
		}
	}
}

// TestParseText: the checker finds what the format forbids.
func TestParseText(t *testing.T) {
	for _, bad := range []string{
		"a 1",                                   // no final line break
		"a{b=\"c\" 1\n",                         // labels not closed
		"a{b=c} 1\n",                            // value not quoted
		"a{b=\"c\\t\"} 1\n",                     // no such escape
		"a one\n",                               // not a number
		"a 1\na 2\n",                            // one series twice
		"a 1\nb 1\na{c=\"d\"} 1\n",              // a family written twice
		"a 1\n# TYPE a gauge\n",                 // TYPE after the samples
		"h_count 1\n# TYPE h histogram\n",       // TYPE after the samples
		"# TYPE a gauge\n# TYPE a gauge\na 1\n", // TYPE twice
		"# TYPE a meter\na 1\n",                 // no such type
		"# TYPE h histogram\nh_bucket{le=\"1\"} 2\nh_bucket{le=\"+Inf\"} 1\nh_sum 1\nh_count 1\n", // not cumulative
		"# TYPE h histogram\nh_bucket{le=\"1\"} 1\nh_sum 1\nh_count 1\n",                          // no +Inf
		"# TYPE h histogram\nh_bucket{le=\"+Inf\"} 2\nh_sum 1\nh_count 1\n",                       // +Inf is not the count
	} {
		if _, err := parseText(bad); err == nil {
			t.Errorf("parseText(%q) took it", bad)
		}
	}
	good := "# HELP h a \\\\ help\\n text\n# TYPE h histogram\nh_bucket{x=\"1\",le=\"0.5\"} 0\nh_bucket{x=\"1\",le=\"+Inf\"} 1\n" +
		"h_sum{x=\"1\"} 3\nh_count{x=\"1\"} 1\nb{c=\"d\", e=\"f\",} 1.5e+06 1700000000000\n"
	families, err := parseText(good)
	if err != nil {
		t.Fatalf("parseText(%q): %v", good, err)
	}
	if h := families["h"].help; h != "a \\ help\n text" {
		t.Errorf("help %q", h)
	}
	if v, ok := families.value("b", "e", "f"); !ok || v != 1.5e6 {
		t.Errorf("b is %v (found: %v), want 1.5e6", v, ok)
	}
}

// textFamily is what parseText read of one family.
type textFamily struct {
	typ, help string // typ is "untyped" without a TYPE line
	samples   []textSample
}

type textSample struct {
	name   string
	labels map[string]string
	value  float64
}

type textFamilies map[string]*textFamily

// value is the sample name with the label's value, and whether there is
// one.
func (fs textFamilies) value(name, label, value string) (float64, bool) {
	for _, f := range fs {
		for _, s := range f.samples {
			if s.name == name && s.labels[label] == value {
				return s.value, true
			}
		}
	}
	return 0, false
}

var (
	metricName = regexp.MustCompile(`^[a-zA-Z_:][a-zA-Z0-9_:]*`)
	labelName  = regexp.MustCompile(`^[a-zA-Z_][a-zA-Z0-9_]*`)
)

// parseText reads body as the Prometheus text format, version 0.0.4, as
// https://prometheus.io/docs/instrumenting/exposition_formats/ says it,
// and checks what a scraper relies on: every line ends in a line break;
// every sample is `name{labels} value [timestamp]`; a family's HELP and
// TYPE come at most once and before its samples; a family's samples come
// together, each series once; a histogram's buckets, by series, rise in
// le and in count and end in +Inf, which is its _count.
func parseText(body string) (textFamilies, error) {
	if body == "" || !strings.HasSuffix(body, "\n") {
		return nil, fmt.Errorf("the body does not end in a line break")
	}
	families := textFamilies{}
	family := func(name string) *textFamily {
		f := families[name]
		if f == nil {
			f = &textFamily{typ: "untyped"}
			families[name] = f
		}
		return f
	}
	var (
		current string
		done    = map[string]bool{} // families whose samples have ended
		series  = map[string]bool{}
		typed   = map[string]bool{}
		helped  = map[string]bool{}
	)
	for n, line := range strings.Split(strings.TrimSuffix(body, "\n"), "\n") {
		fail := func(format string, args ...any) error {
			return fmt.Errorf("line %d %q: %s", n+1, line, fmt.Sprintf(format, args...))
		}
		if strings.TrimSpace(line) == "" {
			continue
		}
		if strings.HasPrefix(line, "#") {
			fields := strings.Fields(line)
			if len(fields) < 3 || fields[0] != "#" || (fields[1] != "HELP" && fields[1] != "TYPE") {
				continue // a comment
			}
			name := fields[2]
			for _, suffix := range []string{"", "_bucket", "_sum", "_count"} {
				if done[name+suffix] || name+suffix == current {
					return nil, fail("%s after the family's samples", fields[1])
				}
			}
			f := family(name)
			switch fields[1] {
			case "TYPE":
				if typed[name] {
					return nil, fail("a second TYPE")
				}
				typed[name] = true
				if len(fields) != 4 || !strings.Contains(" counter gauge histogram summary untyped ", " "+fields[3]+" ") {
					return nil, fail("no such type")
				}
				f.typ = fields[3]
			case "HELP":
				if helped[name] {
					return nil, fail("a second HELP")
				}
				helped[name] = true
				_, text, _ := strings.Cut(line, "# HELP "+name)
				help, err := unescape(strings.TrimPrefix(text, " "), false)
				if err != nil {
					return nil, fail("%v", err)
				}
				f.help = help
			}
			continue
		}
		s, err := parseSample(line)
		if err != nil {
			return nil, fail("%v", err)
		}
		name := s.name
		for _, suffix := range []string{"_bucket", "_sum", "_count"} {
			base := strings.TrimSuffix(s.name, suffix)
			if base == s.name || families[base] == nil {
				continue
			}
			if typ := families[base].typ; typ == "histogram" || typ == "summary" && suffix != "_bucket" {
				name = base
			}
		}
		if typ := family(name).typ; name == s.name && typ == "histogram" {
			return nil, fail("a histogram's sample without _bucket, _sum or _count")
		}
		if name != current {
			if done[name] {
				return nil, fail("family %s written a second time", name)
			}
			if current != "" {
				done[current] = true
			}
			current = name
		}
		key := s.name + "{" + canonical(s.labels, "") + "}"
		if series[key] {
			return nil, fail("a second sample of %s", key)
		}
		series[key] = true
		families[name].samples = append(families[name].samples, s)
	}
	for name, f := range families {
		if f.typ == "histogram" {
			if err := checkHistogram(name, f); err != nil {
				return nil, err
			}
		}
	}
	return families, nil
}

// parseSample reads `name{labels} value [timestamp]`.
func parseSample(line string) (textSample, error) {
	s := textSample{name: metricName.FindString(line), labels: map[string]string{}}
	if s.name == "" {
		return s, fmt.Errorf("no metric name")
	}
	rest := line[len(s.name):]
	if strings.HasPrefix(rest, "{") {
		rest = strings.TrimLeft(rest[1:], " \t")
		for !strings.HasPrefix(rest, "}") {
			label := labelName.FindString(rest)
			if label == "" || !strings.HasPrefix(rest[len(label):], `="`) {
				return s, fmt.Errorf("no label=\"value\" at %q", rest)
			}
			rest = rest[len(label)+2:]
			end := closingQuote(rest)
			if end < 0 {
				return s, fmt.Errorf("label %s's value not closed", label)
			}
			value, err := unescape(rest[:end], true)
			if err != nil {
				return s, err
			}
			if _, twice := s.labels[label]; twice {
				return s, fmt.Errorf("label %s twice", label)
			}
			s.labels[label] = value
			rest = strings.TrimLeft(rest[end+1:], " \t")
			if strings.HasPrefix(rest, ",") {
				rest = strings.TrimLeft(rest[1:], " \t")
			} else if !strings.HasPrefix(rest, "}") {
				return s, fmt.Errorf("neither , nor } after label %s", label)
			}
		}
		rest = rest[1:]
	}
	fields := strings.Fields(rest)
	if !strings.HasPrefix(rest, " ") && !strings.HasPrefix(rest, "\t") || len(fields) < 1 || len(fields) > 2 {
		return s, fmt.Errorf("not `name{labels} value [timestamp]`")
	}
	v, err := strconv.ParseFloat(fields[0], 64)
	if err != nil {
		return s, fmt.Errorf("value: %v", err)
	}
	s.value = v
	if len(fields) == 2 {
		if _, err := strconv.ParseInt(fields[1], 10, 64); err != nil {
			return s, fmt.Errorf("timestamp: %v", err)
		}
	}
	return s, nil
}

// closingQuote is the index of the double quote that ends the quoted
// text s begins, -1 without one.
func closingQuote(s string) int {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case '"':
			return i
		}
	}
	return -1
}

// unescape undoes the format's escapes: \\ and \n, and \" in a label
// value; any other is an error.
func unescape(s string, label bool) (string, error) {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' {
			b.WriteByte(s[i])
			continue
		}
		i++
		switch {
		case i < len(s) && s[i] == '\\':
			b.WriteByte('\\')
		case i < len(s) && s[i] == 'n':
			b.WriteByte('\n')
		case i < len(s) && s[i] == '"' && label:
			b.WriteByte('"')
		default:
			return "", fmt.Errorf("a stray backslash in %q", s)
		}
	}
	return b.String(), nil
}

// canonical is labels without the label skip, in order, as one string.
func canonical(labels map[string]string, skip string) string {
	var parts []string
	for k, v := range labels {
		if k != skip {
			parts = append(parts, k+"="+strconv.Quote(v))
		}
	}
	slices.Sort(parts)
	return strings.Join(parts, ",")
}

// checkHistogram checks each series of histogram family name: buckets
// rising in le and in count, the last +Inf and equal to the _count, and a
// _sum.
func checkHistogram(name string, f *textFamily) error {
	type series struct {
		le, count float64
		buckets   int
		inf       bool
		sum       bool
		total     float64
		hasTotal  bool
	}
	all := map[string]*series{}
	get := func(s textSample) *series {
		key := canonical(s.labels, "le")
		if all[key] == nil {
			all[key] = &series{le: math.Inf(-1)}
		}
		return all[key]
	}
	for _, s := range f.samples {
		ser := get(s)
		switch s.name {
		case name + "_bucket":
			le, err := strconv.ParseFloat(s.labels["le"], 64)
			if err != nil {
				return fmt.Errorf("%s: le %q: %v", name, s.labels["le"], err)
			}
			if le <= ser.le || s.value < ser.count || ser.inf {
				return fmt.Errorf("%s{%s}: bucket le=%q %v after le=%v %v: not rising", name, canonical(s.labels, "le"), s.labels["le"], s.value, ser.le, ser.count)
			}
			ser.le, ser.count, ser.inf = le, s.value, math.IsInf(le, 1)
			ser.buckets++
		case name + "_sum":
			ser.sum = true
		case name + "_count":
			ser.total, ser.hasTotal = s.value, true
		}
	}
	for key, s := range all {
		switch {
		case !s.inf:
			return fmt.Errorf("%s{%s}: the buckets do not end in +Inf", name, key)
		case !s.hasTotal || !s.sum:
			return fmt.Errorf("%s{%s}: no _sum or _count", name, key)
		case s.count != s.total:
			return fmt.Errorf("%s{%s}: +Inf %v, _count %v", name, key, s.count, s.total)
		}
	}
	return nil
}
