package commands

import "github.com/qisai/qisai/internal/i18n"

// WithObserver has f told of every line that names a command, once Handle
// has its reply: the command's name ("event new") and whether it failed.
// Failed means an internal error (or a panic): what the user sees as the
// apology. A refusal — no permission, a bad argument, a rule saying no —
// is a normal answer, not a failure. f runs on Handle's goroutine and must
// be quick and safe for concurrent use (ops.Metrics.CommandDone is).
func WithObserver(f func(command string, failed bool)) Option {
	return func(s *Service) { s.obs = f }
}

// observe tells the observer about the line text once Handle's reply is
// final (after its recover). Handle answers an internal error or a panic,
// and nothing else, with the apology, so the apology marks a failure.
func (s *Service) observe(lang i18n.Lang, text string, reply *Reply) {
	if s.obs == nil {
		return
	}
	cmd, _ := s.reg.Lookup(splitLine(text))
	if cmd == nil {
		return // not a command, or no such command: nothing ran
	}
	s.obs(cmd.Name, reply.Text == apology(lang).Text)
}
