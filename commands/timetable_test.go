package commands

import (
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/internal/i18n"
	"github.com/qisai/qisai/internal/when"
)

// The harness's clock starts on Sunday 1 March 2026, 17:00 in UTC+8.
var harnessNow = time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC)

// plus8 is a time in UTC+8, the events' zone.
func plus8(month time.Month, day, hour, minute int) time.Time {
	return time.Date(2026, month, day, hour, minute, 0, 0, time.FixedZone("UTC+8", 8*3600))
}

// TestParsePlan: a schedule's entries in the forms organisers type — round
// numbers written several ways or left out, days and times as internal/when
// reads them, a round's day from the round before's — and what is refused.
func TestParsePlan(t *testing.T) {
	sat9, sat14, sun9 := plus8(3, 7, 9, 0), plus8(3, 7, 14, 0), plus8(3, 8, 9, 0)
	tests := []struct {
		line string
		want []action.Planned // zero At: the round's plan dropped
		err  string           // in the English refusal
	}{
		{line: "1 周六 09:00, 2 周六 14:00, 3 周日 09:00", want: []action.Planned{{Round: 1, At: sat9}, {Round: 2, At: sat14}, {Round: 3, At: sun9}}},
		{line: "1 周六 09:00，2 14:00；3 周日 9点", want: []action.Planned{{Round: 1, At: sat9}, {Round: 2, At: sat14}, {Round: 3, At: sun9}}},
		{line: "第1轮 星期六 上午9点, 第2轮 下午2点, 第3轮 9:00", want: []action.Planned{{Round: 1, At: sat9}, {Round: 2, At: sat14}, {Round: 3, At: sun9}}},
		{line: "R1 Sat 9am, R2 2pm, round 3 Sun 09:00", want: []action.Planned{{Round: 1, At: sat9}, {Round: 2, At: sat14}, {Round: 3, At: sun9}}},
		{line: "1. 3月7日 09:00, 2、3月7日 14:00, 3: 3-8 09:00", want: []action.Planned{{Round: 1, At: sat9}, {Round: 2, At: sat14}, {Round: 3, At: sun9}}},
		{line: "周六 09:00, 周六 14:00, 周日 09:00", want: []action.Planned{{Round: 1, At: sat9}, {Round: 2, At: sat14}, {Round: 3, At: sun9}}},
		{line: "１ 周六 ０９：００", want: []action.Planned{{Round: 1, At: sat9}}},
		{line: "2 Mar 7 14:00\n3 Mar 8 09:00", want: []action.Planned{{Round: 2, At: sat14}, {Round: 3, At: sun9}}},
		{line: "3 -", want: []action.Planned{{Round: 3}}},
		{line: "4 明天 8点半", want: []action.Planned{{Round: 4, At: plus8(3, 2, 8, 30)}}},
		{line: "1 周日 16:00", want: []action.Planned{{Round: 1, At: plus8(3, 8, 16, 0)}}}, // today's 16:00 has passed: next week's
		{line: "1 周六", err: "Round 1: \"周六\" has no time of day"},
		{line: "1 周六 25:00", err: "Round 1: \"周六 25:00\" is not a time of day"},
		{line: "2 blursday 09:00", err: "Round 2: cannot read the day"},
		{line: "1 今天 08:00", err: "Round 1's time, Sun 1 Mar 08:00, has passed"},
		{line: "0 周六 09:00", err: "rounds count from 1"},
		{line: " , ", err: "Give rounds and times"},
	}
	for _, tt := range tests {
		t.Run(tt.line, func(t *testing.T) {
			st := &action.State{}
			got, err := parsePlan(st, tt.line, harnessNow)
			if tt.err != "" {
				p, ok := err.(*Problem)
				if !ok || !strings.Contains(p.Text.In(i18n.En, p.Args...), tt.err) {
					t.Fatalf("parsePlan(%q) = %v, %v; want refused: %q", tt.line, got, err, tt.err)
				}
				if zh := p.Text.In(i18n.Zh, p.Args...); !strings.ContainsFunc(zh, func(r rune) bool { return r >= 0x4e00 && r <= 0x9fff }) {
					t.Errorf("the Chinese refusal %q is not Chinese", zh)
				}
				return
			}
			if err != nil {
				t.Fatalf("parsePlan(%q): %v", tt.line, err)
			}
			if len(got) != len(tt.want) {
				t.Fatalf("parsePlan(%q) = %v, want %v", tt.line, got, tt.want)
			}
			for i := range got {
				if got[i].Round != tt.want[i].Round || !got[i].At.Equal(tt.want[i].At) {
					t.Errorf("entry %d: round %d at %v, want round %d at %v", i, got[i].Round, got[i].At, tt.want[i].Round, tt.want[i].At)
				}
			}
		})
	}
}

// TestParsePlanFromSchedule: a round alone takes its day from the
// schedule's round before it.
func TestParsePlanFromSchedule(t *testing.T) {
	st := &action.State{Info: action.Info{Schedule: []action.Planned{{Round: 1, At: plus8(3, 7, 9, 0)}}}}
	got, err := parsePlan(st, "2 14:00", harnessNow)
	if err != nil || len(got) != 1 || !got[0].At.Equal(plus8(3, 7, 14, 0)) {
		t.Errorf("round 2 at 14:00 after round 1 on Saturday: %v, %v; want Saturday 14:00", got, err)
	}
}

// namesDay finds a day named outright: a date, a relative day, a day of
// next week. Only the other entries (a weekday, a time alone) are placed
// after the round before.
var namesDay = regexp.MustCompile(`\d\s*[月./-]\s*\d|[a-z]{3}\S*\s*\d|\d\S*\s*[a-z]{3}|今|明|後|后天|today|tomorrow|下|next`)

// FuzzParsePlan: parsePlan never panics, refuses with a Problem, and what
// it reads is rounds from 1 with times ahead of now, each after the one
// before it in the line when both are the round and the one after it.
func FuzzParsePlan(f *testing.F) {
	for _, s := range []string{"1 周六 09:00, 2 周六 14:00, 3 周日 09:00", "R1 Sat 9am, R2 2pm", "第1轮 12月12日 下午2点", "3 -", "1. 3-8 09:00；2、3-8 14:00",
		"周六 09:00\n周日 09:00", "999 12-31 23:59", "1 today 00:00", ",,,"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		got, err := parsePlan(&action.State{}, line, harnessNow)
		if err != nil {
			if _, ok := err.(*Problem); !ok {
				t.Fatalf("parsePlan(%q): %T %v, want a *Problem", line, err, err)
			}
			return
		}
		for i, p := range got {
			if p.Round < 1 {
				t.Fatalf("parsePlan(%q) reads round %d", line, p.Round)
			}
			if !p.At.IsZero() && !p.At.After(harnessNow) {
				t.Fatalf("parsePlan(%q) plans round %d at %v, not ahead of now", line, p.Round, p.At)
			}
			if i > 0 && got[i-1].Round == p.Round-1 && !got[i-1].At.IsZero() && !p.At.IsZero() && p.At.Before(got[i-1].At) {
				if namesDay.MatchString(when.Fold(line)) {
					return // a date, a relative day or next week's names its day outright
				}
				t.Fatalf("parsePlan(%q): round %d at %v before round %d at %v", line, p.Round, p.At, got[i-1].Round, got[i-1].At)
			}
		}
	})
}

// TestScheduleReminds_R_G_4: a round published without a time starts at
// its planned start; the reminder goes out its lead before it and the
// late-arrival limit counts from it; a round published after its planned
// start starts as it is published, and the publisher is told.
func TestScheduleReminds_R_G_4(t *testing.T) {
	h := newHarness(t)
	remind, late := 15*time.Minute, 15*time.Minute
	e := newPlayEvent(t, h, &action.InfoChanged{RemindBefore: &remind, LateAfter: &late})
	must(t, h.say("org", "/schedule 1 19:00, 2 21:00"), "第 1 轮  3月1日（周日）19:00", "第 2 轮  3月1日（周日）21:00")
	e.enter()
	must(t, h.say("org", "/pair"), "/publish")
	must(t, h.say("org", "/publish"), "开始时间：19:00（按赛程）")
	must(t, strings.Join(h.sent()["group"], "\n"), "19:15 前未签到（/here）判负（R-G-4）") // in the round's message
	if got := e.state().Play.Starts; !got.Equal(plus8(3, 1, 19, 0)) {
		t.Fatalf("round 1 starts at %v, want the planned 19:00", got)
	}
	h.sent()
	h.watch(104 * time.Minute) // 18:44
	if sent := h.sent(); len(sent) != 0 {
		t.Errorf("before the reminder's time: %v", sent)
	}
	h.watch(time.Minute) // 18:45, the tick at 18:44 did nothing
	tick(t, h.svc)
	must(t, strings.Join(h.sent()["group"], "\n"), "提醒：第 1 轮将于 19:00 开始（还有 15 分钟）。")
	red, black := e.board(1)
	h.dm(red, "/here")
	h.watch(30 * time.Minute) // 19:15: black is late, counted from the planned 19:00
	tick(t, h.svc)
	if g := e.state().Event.Rounds[0].Games[0]; !g.Result.Decided() {
		t.Errorf("board 1 after the limit from the planned start: %v, want black (%s) forfeited", g.Result, black)
	}

	// Round 2 published after its planned 21:00: it starts as published.
	for _, g := range e.state().Event.Rounds[0].Games {
		if !g.Result.Decided() {
			must(t, h.say("org", "/result "+strconv.Itoa(g.Board)+" 1-0"), "第 1 轮")
		}
	}
	h.advance(2 * time.Hour) // 21:15
	must(t, h.say("org", "/pair"), "/publish")
	must(t, h.say("org", "/publish"), "赛程上的开始时间 3月1日（周日）21:00 已过，本轮公布即开始。")
	if st := e.state(); !st.Play.Starts.IsZero() {
		t.Errorf("round 2, published after its plan, starts at %v; want on publication", st.Play.Starts)
	}
}
