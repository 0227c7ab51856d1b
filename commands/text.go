package commands

import "github.com/qisai/qisai/internal/i18n"

// Problem is an error a user gets to read: what was wrong and what to type
// instead, in their language. Any other error reaching a user becomes a
// generic apology (the details go to the log, never to the chat).
type Problem struct {
	Text i18n.T
	Args []any
}

func (p *Problem) Error() string { return p.Text.In(i18n.En, p.Args...) }

// problem makes a Problem.
func problem(zh, en string, args ...any) *Problem {
	return &Problem{Text: i18n.T{Zh: zh, En: en}, Args: args}
}
