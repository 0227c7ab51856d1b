package chat

import (
	"errors"
	"reflect"
	"testing"
)

// TestReach: each change is told once, the first report too; nothing is
// told before a listener.
func TestReach(t *testing.T) {
	var r Reach
	r.Report(errors.New("before anyone listens"))
	var heard []string
	r.Listen(func(up bool, err error) {
		if up {
			heard = append(heard, "up")
		} else {
			heard = append(heard, "down: "+err.Error())
		}
	})
	for _, err := range []error{errors.New("refused"), errors.New("502"), nil, nil, errors.New("timeout")} {
		r.Report(err)
	}
	if want := []string{"down: refused", "up", "down: timeout"}; !reflect.DeepEqual(heard, want) {
		t.Errorf("heard %q; want %q", heard, want)
	}
}
