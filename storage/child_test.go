package storage

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"testing"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/engine"
	"github.com/qisai/qisai/internal/testchild"
)

// The crash and concurrency tests run this test binary again as a child
// process that writes to the database while the parent watches (and, in
// the crash test, kills it). The child is TestChild with these variables.
const (
	childEnv     = "QISAI_STORAGE_CHILD" // "report" or "penalty"
	childDSNEnv  = "QISAI_STORAGE_CHILD_DSN"
	childIDEnv   = "QISAI_STORAGE_CHILD_EVENT"
	childFromEnv = "QISAI_STORAGE_CHILD_FROM"
	childNEnv    = "QISAI_STORAGE_CHILD_N"
)

// TestChild is not a test of its own: it is the child process of the crash
// and concurrency tests, and does nothing when run directly.
func TestChild(t *testing.T) {
	job := os.Getenv(childEnv)
	if job == "" {
		t.Skip("runs only as the child process of the crash and concurrency tests")
	}
	ctx := context.Background()
	s, err := Open(ctx, os.Getenv(childDSNEnv))
	if err != nil {
		fmt.Println("error", err)
		os.Exit(3)
	}
	id, _ := strconv.ParseInt(os.Getenv(childIDEnv), 10, 64)
	from, _ := strconv.Atoi(os.Getenv(childFromEnv))
	n, _ := strconv.Atoi(os.Getenv(childNEnv))
	out := bufio.NewWriter(os.Stdout)
	for i := from; i < from+n; i++ {
		var a action.Action
		switch job {
		case "report":
			a = &action.ResultSet{Round: 1, Board: i, Result: engine.Result(1 + i%3)}
		default:
			a = &action.PenaltyRecorded{Player: 1 + i%2}
		}
		key := fmt.Sprintf("%s:%d", job, i)
		if _, err := s.Update(ctx, EventID(id), action.Actor{Platform: "test", User: "child"}, key,
			func(c *Change) error { return c.Append(a) }); err != nil {
			fmt.Fprintln(out, "error", err)
			out.Flush()
			os.Exit(3)
		}
		// The acknowledgement: a result the child has reported as saved.
		fmt.Fprintln(out, "ack", i)
		out.Flush()
	}
	fmt.Fprintln(out, "done")
	out.Flush()
	os.Exit(0)
}

// child starts this test binary as a child process running job for
// actions from..from+n−1 on event id, and returns it with its output.
func child(t *testing.T, job, dsn string, id EventID, from, n int) (*exec.Cmd, io.ReadCloser) {
	t.Helper()
	return testchild.Start(t, "TestChild", childEnv+"="+job, childDSNEnv+"="+dsn,
		childIDEnv+"="+strconv.FormatInt(int64(id), 10),
		childFromEnv+"="+strconv.Itoa(from), childNEnv+"="+strconv.Itoa(n))
}

// newPairedEvent creates an event of 2·boards players with round 1 paired:
// a board for every report.
func newPairedEvent(t testing.TB, s *Store, boards int) EventID {
	t.Helper()
	ctx := context.Background()
	organiser := action.Actor{Platform: "test", User: "organiser"}
	id, _, err := s.Create(ctx, organiser, "", func(c *Change) error {
		if err := c.Append(&action.Created{Name: "crash test", Settings: engine.DefaultSettings(7)}); err != nil {
			return err
		}
		for p := 1; p <= 2*boards; p++ {
			if err := c.Append(&action.PlayerAdded{Name: fmt.Sprintf("player %d", p)}); err != nil {
				return err
			}
		}
		if err := c.Append(&action.Started{}); err != nil {
			return err
		}
		p, err := engine.Pair(&c.State.Event)
		if err != nil {
			return err
		}
		return c.Append(&action.RoundPublished{Pairing: p})
	})
	if err != nil {
		t.Fatalf("create the event: %v", err)
	}
	return id
}
