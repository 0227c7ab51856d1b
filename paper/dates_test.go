package paper

import (
	"testing"
	"time"

	"github.com/qisai/qisai/internal/i18n"
)

// TestDates: what two days share is said once.
func TestDates(t *testing.T) {
	day := func(y int, m time.Month, d int) time.Time { return time.Date(y, m, d, 9, 0, 0, 0, time.UTC) }
	for _, tt := range []struct {
		from, to time.Time
		zh, en   string
	}{
		{day(2026, 3, 1), day(2026, 3, 1), "2026年3月1日", "1 March 2026"},
		{day(2026, 3, 1), day(2026, 3, 2), "2026年3月1日—2日", "1–2 March 2026"},
		{day(2026, 3, 31), day(2026, 4, 1), "2026年3月31日—4月1日", "31 March – 1 April 2026"},
		{day(2025, 12, 31), day(2026, 1, 1), "2025年12月31日—2026年1月1日", "31 December 2025 – 1 January 2026"},
	} {
		if got := Dates(tt.from, tt.to, i18n.Zh); got != tt.zh {
			t.Errorf("Dates(%v, %v) in Chinese = %q, want %q", tt.from, tt.to, got, tt.zh)
		}
		if got := Dates(tt.from, tt.to, i18n.En); got != tt.en {
			t.Errorf("Dates(%v, %v) in English = %q, want %q", tt.from, tt.to, got, tt.en)
		}
	}
}
