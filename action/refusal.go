package action

import (
	"errors"
	"fmt"

	"github.com/qisai/qisai/internal/names"
)

// Refusal is why an action does not fit the state, in Chinese and English,
// so that the chat that asked for it reads the reason in its language.
// Error returns the English. Actions return *Refusal for every reason a
// user can meet; Apply's callers find it with errors.As through any
// wrapping.
type Refusal struct{ Zh, En string }

func (r *Refusal) Error() string { return r.En }

// refuse makes a Refusal; both texts take args (fmt verbs).
func refuse(zh, en string, args ...any) *Refusal {
	return &Refusal{Zh: fmt.Sprintf(zh, args...), En: fmt.Sprintf(en, args...)}
}

// refuseErr wraps an error that speaks English only, the engine's: the
// Chinese gets a lead that says what was refused.
func refuseErr(zh string, err error) *Refusal {
	return &Refusal{Zh: zh + "：" + err.Error(), En: err.Error()}
}

// refuseName turns a name's refusal (package names) into the action's.
func refuseName(fault *names.Error) *Refusal {
	return &Refusal{Zh: fault.Zh, En: fault.En}
}

// also adds to a refusal, in both languages.
func also(err error, zh, en string) error {
	var r *Refusal
	if !errors.As(err, &r) {
		return fmt.Errorf("%w; %s", err, en)
	}
	return &Refusal{Zh: r.Zh + "，" + zh, En: r.En + "; " + en}
}
