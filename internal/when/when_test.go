package when

import (
	"strings"
	"testing"
	"time"
)

// The tests read at Thursday 10 December 2026, 17:00 in UTC+8.
var (
	zone = time.FixedZone("UTC+8", 8*3600)
	now  = time.Date(2026, 12, 10, 17, 0, 0, 0, zone)
)

func at(month time.Month, day, hour, minute int) time.Time {
	return time.Date(2026, month, day, hour, minute, 0, 0, zone)
}

// TestParseForms: the forms organisers type, Chinese and English, each
// placed from now.
func TestParseForms(t *testing.T) {
	tests := []struct {
		in   string
		want time.Time
	}{
		{"周六 09:00", at(12, 12, 9, 0)},
		{"星期六 9:00", at(12, 12, 9, 0)},
		{"礼拜六9点", at(12, 12, 9, 0)},
		{"周日 09:00", at(12, 13, 9, 0)},
		{"周天 下午2点", at(12, 13, 14, 0)},
		{"星期天 14:30", at(12, 13, 14, 30)},
		{"周四 18:00", at(12, 10, 18, 0)}, // today, still ahead
		{"周四 16:00", at(12, 17, 16, 0)}, // today's has passed: next week's
		{"周五 20:00", at(12, 11, 20, 0)},
		{"下周六 09:00", at(12, 19, 9, 0)},
		{"下个星期一 8点", at(12, 14, 8, 0)},
		{"12月12日 09:00", at(12, 12, 9, 0)},
		{"12月12号 9点半", at(12, 12, 9, 30)},
		{"12月12日9点30分", at(12, 12, 9, 30)},
		{"12月12 14时", at(12, 12, 14, 0)},
		{"12-12 14:00", at(12, 12, 14, 0)},
		{"12/12 14:00", at(12, 12, 14, 0)},
		{"12.12 14:00", at(12, 12, 14, 0)},
		{"2026-12-12 14:00", at(12, 12, 14, 0)},
		{"2026年12月12日 上午9点", at(12, 12, 9, 0)},
		{"2027-01-03 09:00", time.Date(2027, 1, 3, 9, 0, 0, 0, zone)},
		{"1月3日 09:00", time.Date(2027, 1, 3, 9, 0, 0, 0, zone)}, // passed this year: next year's
		{"12月12日（周六）09:00", at(12, 12, 9, 0)},
		{"周六 12月12日 09:00", at(12, 12, 9, 0)},
		{"09:00 周六", at(12, 12, 9, 0)},
		{"明天 8点", at(12, 11, 8, 0)},
		{"明天 晚上7点", at(12, 11, 19, 0)},
		{"后天 中午12点", at(12, 12, 12, 0)},
		{"今天 19:30", at(12, 10, 19, 30)},
		{"20:00", at(12, 10, 20, 0)},
		{"08:00", at(12, 11, 8, 0)}, // passed today: tomorrow's
		{"８点一刻", at(12, 11, 8, 15)},
		{"９：３０", at(12, 11, 9, 30)},
		{"周六　０９：００", at(12, 12, 9, 0)},
		{"凌晨12点", at(12, 11, 0, 0)},
		{"Sat 09:00", at(12, 12, 9, 0)},
		{"Saturday 9am", at(12, 12, 9, 0)},
		{"sat. 2:30 pm", at(12, 12, 14, 30)},
		{"Sunday 2pm", at(12, 13, 14, 0)},
		{"next Saturday 09:00", at(12, 19, 9, 0)},
		{"Thurs 18:00", at(12, 10, 18, 0)},
		{"Dec 12 14:00", at(12, 12, 14, 0)},
		{"December 12th 14:00", at(12, 12, 14, 0)},
		{"12 Dec 14:00", at(12, 12, 14, 0)},
		{"Sat 12 Dec 9am", at(12, 12, 9, 0)},
		{"Dec 12 2026 14:00", at(12, 12, 14, 0)},
		{"tomorrow 12pm", at(12, 11, 12, 0)},
		{"today 12am", at(12, 11, 0, 0)}, // today's midnight has passed: the placing keeps the day written
	}
	for _, tt := range tests {
		m, err := Parse(tt.in)
		if err != nil {
			t.Errorf("Parse(%q): %v", tt.in, err)
			continue
		}
		got, err := m.Next(now, now, zone)
		if tt.in == "today 12am" {
			// A relative day is the day written, passed or not: the
			// caller refuses a time that has passed.
			if want := at(12, 10, 0, 0); err != nil || !got.Equal(want) {
				t.Errorf("%q: %v, %v; want %v", tt.in, got, err, want)
			}
			continue
		}
		if err != nil || !got.Equal(tt.want) {
			t.Errorf("%q is %v (%v), want %v", tt.in, got, err, tt.want)
		}
	}
}

// TestParseRefuses: what is no moment is refused, saying why in both
// languages.
func TestParseRefuses(t *testing.T) {
	tests := []struct{ in, zh, en string }{
		{"", "请写出日期和时间", "give a day and a time"},
		{"周六", "没有时间", "no time of day"},
		{"周六 9", "没有时间", "no time of day"},
		{"周八 09:00", "看不懂日期", "cannot read the day"},
		{"25:00", "小时是 0–23", "hours are 0–23"},
		{"09:60", "分钟是 0–59", "minutes 0–59"},
		{"13pm", "1–12", "1 to 12"},
		{"下午 3pm", "写了两次", "twice"},
		{"09:00 10:00", "不止一个时间", "more than one"},
		{"123:45", "不是时间", "not a time"},
		{"2月30日 09:00", "没有 2 月 30 日", "no day 30 of month 2"},
		{"13-01 09:00", "没有 13 月 1 日", "no day 1 of month 13"},
		{"周五 周六 09:00", "写了两次", "twice"},
		{"blursday 09:00", "看不懂日期", "cannot read the day"},
	}
	for _, tt := range tests {
		_, err := Parse(tt.in)
		e, ok := err.(*Error)
		if !ok {
			t.Errorf("Parse(%q) = %v, want a *Error", tt.in, err)
			continue
		}
		if !strings.Contains(e.Zh, tt.zh) || !strings.Contains(e.En, tt.en) {
			t.Errorf("Parse(%q): %q / %q, want %q / %q", tt.in, e.Zh, e.En, tt.zh, tt.en)
		}
	}
}

// TestNextChecksWeekday: a date with a weekday beside it that is not its
// own is refused once placed.
func TestNextChecksWeekday(t *testing.T) {
	m, err := Parse("12月12日（周日）09:00")
	if err != nil {
		t.Fatal(err)
	}
	_, err = m.Next(now, now, zone)
	e, ok := err.(*Error)
	if !ok || !strings.Contains(e.Zh, "12月12日是周六，不是周日") || !strings.Contains(e.En, "12-12 is a Saturday, not a Sunday") {
		t.Errorf("Next = %v, want the weekday refused", err)
	}
}

// TestNextFrom: a weekday and a time alone are placed after from, the
// round before's start: "1 周六 09:00, 2 14:00, 3 周日 09:00" is a weekend.
func TestNextFrom(t *testing.T) {
	from := now
	for _, tt := range []struct {
		in   string
		want time.Time
	}{
		{"周六 09:00", at(12, 12, 9, 0)},
		{"14:00", at(12, 12, 14, 0)},
		{"09:00", at(12, 13, 9, 0)},
		{"周日 14:00", at(12, 13, 14, 0)},
		{"周六 09:00", at(12, 19, 9, 0)},
	} {
		m, err := Parse(tt.in)
		if err != nil {
			t.Fatal(err)
		}
		got, err := m.Next(now, from, zone)
		if err != nil || !got.Equal(tt.want) {
			t.Fatalf("%q after %v: %v (%v), want %v", tt.in, from, got, err, tt.want)
		}
		from = got
	}
}

// TestLeapDay: 2月29日 without a year is the next one there is.
func TestLeapDay(t *testing.T) {
	m, err := Parse("2月29日 09:00")
	if err != nil {
		t.Fatal(err)
	}
	got, err := m.Next(now, now, zone)
	if want := time.Date(2028, 2, 29, 9, 0, 0, 0, zone); err != nil || !got.Equal(want) {
		t.Errorf("2月29日 is %v (%v), want %v", got, err, want)
	}
	if _, err := Parse("2027-02-29 09:00"); err == nil || !strings.Contains(err.(*Error).Zh, "2027 年没有 2 月 29 日") {
		t.Errorf("Parse(2027-02-29) = %v, want refused: 2027 has no 29 February", err)
	}
}

// FuzzParse: Parse never panics, and a moment it reads, once placed,
// reads back as the same moment when written as a full date and time.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"周六 09:00", "12月12日 下午2点", "Sat 9am", "Dec 12 14:00", "明天 8点半", "2026-12-12 14:00",
		"下周六 09:00", "12-12（周六）09:00", "凌晨12点", "13pm", "１２：００", "2月29日 09:00", "周 六 9点三刻", "Saturday, December 12th 2026 2:30 p.m."} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		m, err := Parse(s)
		if err != nil {
			if _, ok := err.(*Error); !ok {
				t.Fatalf("Parse(%q): %T %v, want a *Error", s, err, err)
			}
			return
		}
		if m.Hour < 0 || m.Hour > 23 || m.Minute < 0 || m.Minute > 59 {
			t.Fatalf("Parse(%q) = %+v: no time of day", s, m)
		}
		got, err := m.Next(now, now, zone)
		if err != nil {
			return // a date beside a weekday it does not fall on
		}
		again, err := Parse(got.Format("2006-01-02 15:04"))
		if err != nil {
			t.Fatalf("%q placed at %v does not read back: %v", s, got, err)
		}
		back, err := again.Next(now, now, zone)
		if err != nil || !back.Equal(got) {
			t.Fatalf("%q placed at %v reads back as %v (%v)", s, got, back, err)
		}
	})
}
