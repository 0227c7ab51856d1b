package storage

import (
	"sync"
	"testing"

	"gorm.io/gorm/schema"
)

// TestGormNamesWithLazyInflection: gorm's own table names still come out
// plural with the inflection package compiling its rules on first use
// (third_party/inflection), also when the first uses come at once, as
// several stores opening together make them (the race detector watches).
func TestGormNamesWithLazyInflection(t *testing.T) {
	want := map[string]string{"Person": "people", "Child": "children", "EventRow": "event_rows", "Fish": "fish", "Status": "statuses"}
	var wg sync.WaitGroup
	got := make([]map[string]string, 4)
	for i := range got {
		got[i] = map[string]string{}
		wg.Go(func() {
			for name := range want {
				got[i][name] = schema.NamingStrategy{}.TableName(name)
			}
		})
	}
	wg.Wait()
	for _, names := range got {
		for name, table := range want {
			if names[name] != table {
				t.Errorf("gorm names %s's table %q, want %q", name, names[name], table)
			}
		}
	}
}
