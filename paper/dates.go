package paper

import (
	"strconv"
	"time"

	"github.com/qisai/qisai/internal/i18n"
)

// Date is a day as the papers write it: "2026年3月2日", "2 March 2026".
func Date(t time.Time, lang i18n.Lang) string {
	if lang == i18n.Zh {
		return strconv.Itoa(t.Year()) + "年" + strconv.Itoa(int(t.Month())) + "月" + strconv.Itoa(t.Day()) + "日"
	}
	return t.Format("2 January 2006")
}

// Dates are the days from one to another as the papers write them, what
// the two share said once: "2026年3月1日—2日", "2026年3月31日—4月1日",
// "1–2 March 2026", "31 March – 1 April 2026"; one day when they are one.
func Dates(from, to time.Time, lang i18n.Lang) string {
	sameYear, sameMonth := from.Year() == to.Year(), from.Year() == to.Year() && from.Month() == to.Month()
	if sameMonth && from.Day() == to.Day() {
		return Date(from, lang)
	}
	if lang == i18n.Zh {
		switch {
		case sameMonth:
			return Date(from, lang) + "—" + strconv.Itoa(to.Day()) + "日"
		case sameYear:
			return Date(from, lang) + "—" + strconv.Itoa(int(to.Month())) + "月" + strconv.Itoa(to.Day()) + "日"
		}
		return Date(from, lang) + "—" + Date(to, lang)
	}
	switch {
	case sameMonth:
		return strconv.Itoa(from.Day()) + "–" + Date(to, lang)
	case sameYear:
		return from.Format("2 January") + " – " + Date(to, lang)
	}
	return Date(from, lang) + " – " + Date(to, lang)
}
