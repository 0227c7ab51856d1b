// Package when reads the days and times of day organisers type in a chat —
// "周六 09:00", "12月12日 下午2点", "12-12 14:30", "明天 8点半", "Sat 9am",
// "Dec 12 14:00" — and places them on the calendar of an event's zone. It is
// pure: the caller gives the moment it reads from (now), and the zone.
//
// Reading and placing are two steps. Parse reads a Moment: a day as
// written (none, a weekday, a date, today or tomorrow) and a time of day.
// Moment.Next places it: a weekday is the first such day from a given
// moment on, a date without a year this year's (next year's once past),
// and a time with no day the next time the clock shows it. A schedule
// places each round's moment after the one before, so that "1 周六 09:00,
// 2 14:00, 3 周日 09:00" reads as a weekend.
package when

import (
	"regexp"
	"strconv"
	"strings"
	"time"
	"unicode"

	"golang.org/x/text/width"

	"github.com/qisai/qisai/internal/i18n"
)

// Error says in both languages what in a moment could not be read.
type Error struct{ i18n.T }

func (e *Error) Error() string { return e.En }

func fail(zh, en string, args ...any) *Error { return &Error{i18n.F(zh, en, args...)} }

// DayKind is how a moment names its day.
type DayKind int

const (
	NoDay    DayKind = iota // a time of day alone: the next time the clock shows it
	Weekday                 // 周六, Saturday: the first such day from a moment on
	NextWeek                // 下周六, next Saturday: that day of the week after this one
	Date                    // 12月12日, 12-12, Dec 12, with or without a year
	Relative                // 今天, 明天, 后天, today, tomorrow: days from today
)

// Moment is a day and a time of day as written, not yet on the calendar.
type Moment struct {
	Kind DayKind
	// Weekday is the day of the week named (Weekday, NextWeek) or, with a
	// Date, the one written beside it to check it (Checked).
	Weekday time.Weekday
	Checked bool
	// Year (0: not written), Month and Day are a Date's; Days a Relative's
	// days after today.
	Year, Month, Day, Days int
	Hour, Minute           int
}

// Parse reads a moment: a day (or none) and a time of day, in either
// order, with or without a space between, in full-width or half-width
// characters. The time of day is required: "20:00", "8点", "8点半", "下午2点",
// "14时30分", "9am", "2:30 pm".
func Parse(s string) (Moment, error) {
	t := Fold(s)
	if t == "" {
		return Moment{}, fail("请写出日期和时间，例如 周六 09:00", "give a day and a time, e.g. Sat 09:00")
	}
	loc := clockRE.FindAllStringSubmatchIndex(t, -1)
	switch {
	case len(loc) == 0:
		return Moment{}, fail("「%s」里没有时间：请写 时:分，例如 周六 09:00", "%q has no time of day: write HH:MM, e.g. Sat 09:00", s)
	case len(loc) > 1:
		return Moment{}, fail("「%s」里有不止一个时间", "%q has more than one time of day", s)
	}
	at := loc[0]
	if hour := at[4]; hour > 0 && isDigit(t[hour-1]) { // "123:45"
		return Moment{}, fail("「%s」不是时间：请写 时:分，例如 09:00", "%q is not a time of day: write HH:MM, e.g. 09:00", s)
	}
	m, err := clockOf(t, at, s)
	if err != nil {
		return Moment{}, err
	}
	if err := m.readDay(strings.TrimSpace(t[:at[0]]+" "+t[at[1]:]), s); err != nil {
		return Moment{}, err
	}
	return m, nil
}

// Fold is s as Parse reads it: half-width, lower case, the dashes one
// dash, the spaces one space.
func Fold(s string) string {
	s = strings.Map(func(r rune) rune {
		switch {
		case unicode.Is(unicode.Pd, r) || r == '−':
			return '-'
		case unicode.IsSpace(r):
			return ' '
		}
		return unicode.ToLower(r)
	}, width.Fold.String(s))
	return strings.Join(strings.Fields(s), " ")
}

func isDigit(b byte) bool { return b >= '0' && b <= '9' }

// clockRE finds a time of day: an optional part of the day (上午, 下午 …),
// the hour, then the minutes after a colon, or 点/时 with 半, 一刻, 三刻 or
// minutes, or am/pm; am/pm may follow the minutes too.
var clockRE = regexp.MustCompile(`(上午|早上|早晨|凌晨|中午|下午|傍晚|晚上)?\s*(\d{1,2})(?:\s*:\s*(\d{2})(?:\s*(am|pm|a\.m\.|p\.m\.))?|\s*[点時时]\s*(?:(半|一刻|三刻)|(\d{1,2})\s*分?)?|\s*(am|pm|a\.m\.|p\.m\.))`)

// clockOf reads the time of day clockRE found at at (submatch indexes).
func clockOf(t string, at []int, s string) (Moment, error) {
	group := func(i int) string {
		if at[2*i] < 0 {
			return ""
		}
		return t[at[2*i]:at[2*i+1]]
	}
	part, hour, colonMin, ampm := group(1), group(2), group(3), group(4)
	quarter, minutes := group(5), group(6)
	if ampm == "" {
		ampm = group(7)
	}
	h, _ := strconv.Atoi(hour)
	m := 0
	switch {
	case colonMin != "":
		m, _ = strconv.Atoi(colonMin)
	case minutes != "":
		m, _ = strconv.Atoi(minutes)
	case quarter == "半":
		m = 30
	case quarter == "一刻":
		m = 15
	case quarter == "三刻":
		m = 45
	}
	bad := fail("「%s」不是时间：小时是 0–23，分钟是 0–59", "%q is not a time of day: hours are 0–23, minutes 0–59", s)
	if h > 23 || m > 59 {
		return Moment{}, bad
	}
	switch {
	case ampm != "" && part != "":
		return Moment{}, fail("「%s」的上午下午写了两次", "%q says the part of the day twice", s)
	case ampm != "":
		if h == 0 || h > 12 {
			return Moment{}, fail("「%s」不是时间：am/pm 前的小时是 1–12", "%q is not a time of day: before am or pm the hour is 1 to 12", s)
		}
		h %= 12
		if strings.HasPrefix(ampm, "p") {
			h += 12
		}
	case part == "下午" || part == "傍晚" || part == "晚上":
		if h > 12 && h < 24 {
			break // 下午14点: as written
		}
		if h == 12 || h == 0 {
			return Moment{}, bad
		}
		h += 12
	case part == "中午":
		if h >= 1 && h <= 2 {
			h += 12 // 中午1点
		} else if h != 12 {
			return Moment{}, bad
		}
	case part == "上午" || part == "早上" || part == "早晨" || part == "凌晨":
		if h > 12 {
			return Moment{}, bad
		}
		if h == 12 {
			h = 0
		}
	}
	return Moment{Hour: h, Minute: m}, nil
}

// weekdayRE finds a weekday written in Chinese (周六, 星期六, 礼拜天, 下周六)
// or English (sat, saturday, next saturday).
var weekdayRE = regexp.MustCompile(`(下\s*(?:个)?\s*)?(?:周|星期|礼拜)\s*([一二三四五六日天七1-7])|(next\s+)?\b(mon|tues?|wed|thu(?:rs?)?|fri|sat|sun)(?:day|nesday|rsday|urday|sday)?\b\.?`)

var chineseWeekdays = map[string]time.Weekday{
	"一": time.Monday, "二": time.Tuesday, "三": time.Wednesday, "四": time.Thursday, "五": time.Friday,
	"六": time.Saturday, "日": time.Sunday, "天": time.Sunday, "七": time.Sunday,
	"1": time.Monday, "2": time.Tuesday, "3": time.Wednesday, "4": time.Thursday, "5": time.Friday,
	"6": time.Saturday, "7": time.Sunday,
}

var englishWeekdays = map[string]time.Weekday{
	"mon": time.Monday, "tue": time.Tuesday, "tues": time.Tuesday, "wed": time.Wednesday,
	"thu": time.Thursday, "thur": time.Thursday, "thurs": time.Thursday, "fri": time.Friday,
	"sat": time.Saturday, "sun": time.Sunday,
}

var relativeDays = map[string]int{
	"今天": 0, "今日": 0, "today": 0,
	"明天": 1, "明日": 1, "tomorrow": 1,
	"后天": 2, "後天": 2,
}

var (
	chineseDateRE = regexp.MustCompile(`^(?:(\d{4})\s*年\s*)?(\d{1,2})\s*月\s*(\d{1,2})\s*[日号號]?$`)
	numericDateRE = regexp.MustCompile(`^(?:(\d{4})\s*[-/.]\s*)?(\d{1,2})\s*[-/.]\s*(\d{1,2})$`)
	dayMonthRE    = regexp.MustCompile(`^(\d{1,2})(?:st|nd|rd|th)?\s*([a-z]{3,9})\.?(?:\s+(\d{4}))?$`)
	monthDayRE    = regexp.MustCompile(`^([a-z]{3,9})\.?\s*(\d{1,2})(?:st|nd|rd|th)?(?:\s+(\d{4}))?$`)
)

// monthOf reads an English month's name, whole or cut to three letters or
// more ("dec", "sept", "december"); 0 for none.
func monthOf(w string) int {
	for m := time.January; m <= time.December; m++ {
		name := strings.ToLower(m.String())
		if len(w) >= 3 && strings.HasPrefix(name, w) {
			return int(m)
		}
	}
	if w == "sept" {
		return int(time.September)
	}
	return 0
}

// readDay reads the day part of a moment: empty, a weekday, a date, a
// relative day, or a date with its weekday beside it.
func (m *Moment) readDay(day, s string) error {
	day = strings.Trim(strings.Map(func(r rune) rune {
		if strings.ContainsRune("()（）,，、[]【】", r) {
			return ' '
		}
		return r
	}, day), " ")
	if day == "" {
		return nil
	}
	if w := weekdayRE.FindStringSubmatchIndex(day); w != nil {
		sub := func(i int) string {
			if w[2*i] < 0 {
				return ""
			}
			return day[w[2*i]:w[2*i+1]]
		}
		next := sub(1) != "" || sub(3) != ""
		if sub(2) != "" {
			m.Weekday = chineseWeekdays[sub(2)]
		} else {
			m.Weekday = englishWeekdays[sub(4)]
		}
		rest := strings.TrimSpace(day[:w[0]] + " " + day[w[1]:])
		if rest == "" {
			m.Kind = Weekday
			if next {
				m.Kind = NextWeek
			}
			return nil
		}
		if next || weekdayRE.MatchString(rest) {
			return fail("「%s」的日期写了两次", "%q names its day twice", s)
		}
		if err := m.readDate(rest, s); err != nil {
			return err
		}
		if m.Kind != Date {
			return fail("「%s」的日期写了两次", "%q names its day twice", s)
		}
		m.Checked = true
		return nil
	}
	return m.readDate(day, s)
}

// readDate reads a date or a relative day.
func (m *Moment) readDate(day, s string) error {
	if n, ok := relativeDays[day]; ok {
		m.Kind, m.Days = Relative, n
		return nil
	}
	var year, month, dom string
	switch {
	case chineseDateRE.MatchString(day):
		g := chineseDateRE.FindStringSubmatch(day)
		year, month, dom = g[1], g[2], g[3]
	case numericDateRE.MatchString(day):
		g := numericDateRE.FindStringSubmatch(day)
		year, month, dom = g[1], g[2], g[3]
	case dayMonthRE.MatchString(day) && monthOf(dayMonthRE.FindStringSubmatch(day)[2]) > 0:
		g := dayMonthRE.FindStringSubmatch(day)
		year, month, dom = g[3], strconv.Itoa(monthOf(g[2])), g[1]
	case monthDayRE.MatchString(day) && monthOf(monthDayRE.FindStringSubmatch(day)[1]) > 0:
		g := monthDayRE.FindStringSubmatch(day)
		year, month, dom = g[3], strconv.Itoa(monthOf(g[1])), g[2]
	default:
		return fail("看不懂日期「%s」：请写 周六、12月12日、12-12 或 明天", "cannot read the day %q: write Sat, 12-12, Dec 12 or tomorrow", day)
	}
	m.Kind = Date
	m.Year, _ = strconv.Atoi(year)
	m.Month, _ = strconv.Atoi(month)
	m.Day, _ = strconv.Atoi(dom)
	y := m.Year
	if y == 0 {
		y = 2024 // a leap year: 2月29日 is a date, placed in a year that has it (Next)
	}
	if m.Month < 1 || m.Month > 12 || !validDay(y, m.Month, m.Day) {
		if m.Year != 0 && m.Month >= 1 && m.Month <= 12 {
			return fail("「%[1]s」不是日期：%[4]d 年没有 %[2]d 月 %[3]d 日", "%[1]q is not a date: %[4]d has no day %[3]d of month %[2]d", s, m.Month, m.Day, m.Year)
		}
		return fail("「%[1]s」不是日期：没有 %[2]d 月 %[3]d 日", "%[1]q is not a date: there is no day %[3]d of month %[2]d", s, m.Month, m.Day)
	}
	return nil
}

// Next places the moment on the calendar of loc, as read at now: the
// first time at or after from that fits it (from is now, or for a schedule
// the round before's start). A weekday is the first such day whose time is
// after from; NextWeek the day of the week after now's (weeks begin on
// Monday); a date without a year this year's, or next year's when it has
// passed; a relative day counts from now's day; a time alone the next time
// after from the clock shows it. A date with a weekday beside it that
// does not fall on it is an error.
func (m Moment) Next(now, from time.Time, loc *time.Location) (time.Time, error) {
	n, f := now.In(loc), from.In(loc)
	on := func(y int, mo time.Month, d int) time.Time { return time.Date(y, mo, d, m.Hour, m.Minute, 0, 0, loc) }
	var t time.Time
	switch m.Kind {
	case NoDay:
		t = on(f.Year(), f.Month(), f.Day())
		if !t.After(from) {
			t = on(f.Year(), f.Month(), f.Day()+1)
		}
	case Weekday:
		t = on(f.Year(), f.Month(), f.Day()+(int(m.Weekday)-int(f.Weekday())+7)%7)
		if !t.After(from) {
			t = t.AddDate(0, 0, 7)
		}
	case NextWeek:
		monday := n.Day() - (int(n.Weekday())+6)%7
		t = on(n.Year(), n.Month(), monday+7+(int(m.Weekday)+6)%7)
	case Relative:
		t = on(n.Year(), n.Month(), n.Day()+m.Days)
	case Date:
		y := m.Year
		if y == 0 {
			y = n.Year()
			if on(y, time.Month(m.Month), m.Day).Before(on(n.Year(), n.Month(), n.Day())) || !validDay(y, m.Month, m.Day) {
				y++
			}
			for !validDay(y, m.Month, m.Day) { // 2月29日: the next leap year
				y++
			}
		}
		t = on(y, time.Month(m.Month), m.Day)
		if m.Checked && t.Weekday() != m.Weekday {
			return time.Time{}, fail("%[1]d月%[2]d日是%[3]s，不是%[4]s", "%[1]d-%02[2]d is a %[5]s, not a %[6]s", m.Month, m.Day, ChineseWeekday(t.Weekday()), ChineseWeekday(m.Weekday), t.Weekday(), m.Weekday)
		}
	}
	return t, nil
}

func validDay(y, month, day int) bool {
	return time.Date(y, time.Month(month), day, 0, 0, 0, 0, time.UTC).Day() == day
}

// ChineseWeekday is 周六 for Saturday.
func ChineseWeekday(w time.Weekday) string {
	return "周" + [...]string{"日", "一", "二", "三", "四", "五", "六"}[w]
}
