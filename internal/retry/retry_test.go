package retry_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/cairn-agents/cairn/internal/retry"
)

var errFlaky = errors.New("flaky")

// failing returns a try that fails n times, then succeeds.
func failing(n int, calls *int) func(int) error {
	return func(attempt int) error {
		*calls++
		if attempt != *calls {
			panic("attempt numbers must count from 1")
		}
		if *calls <= n {
			return errFlaky
		}
		return nil
	}
}

func TestZeroScheduleMakesOneAttempt(t *testing.T) {
	var calls int
	n, err := retry.Do(t.Context(), retry.Schedule{}, failing(5, &calls), nil, nil)
	if n != 1 || calls != 1 || !errors.Is(err, errFlaky) {
		t.Fatalf("attempts %d, calls %d, err %v; want one attempt", n, calls, err)
	}
}

func TestRetriesUntilSuccess(t *testing.T) {
	var calls int
	var waits []time.Duration
	s := retry.Schedule{Attempts: 5, Backoff: time.Microsecond, MaxBackoff: 3 * time.Microsecond}
	n, err := retry.Do(t.Context(), s, failing(3, &calls), nil, func(a int, wait time.Duration, err error) {
		if a != len(waits)+1 || !errors.Is(err, errFlaky) {
			t.Errorf("retrying(%d, %s, %v)", a, wait, err)
		}
		waits = append(waits, wait)
	})
	if err != nil || n != 4 || calls != 4 {
		t.Fatalf("attempts %d, calls %d, err %v", n, calls, err)
	}
	// doubling, capped
	if want := []time.Duration{time.Microsecond, 2 * time.Microsecond, 3 * time.Microsecond}; len(waits) != 3 || waits[0] != want[0] || waits[1] != want[1] || waits[2] != want[2] {
		t.Errorf("waits %v, want %v", waits, want)
	}
}

func TestGivesUpAfterAttemptsOrOnAnotherError(t *testing.T) {
	var calls int
	n, err := retry.Do(t.Context(), retry.Schedule{Attempts: 3}, failing(10, &calls), nil, nil)
	if n != 3 || calls != 3 || !errors.Is(err, errFlaky) {
		t.Fatalf("attempts %d, calls %d, err %v", n, calls, err)
	}
	calls = 0
	n, _ = retry.Do(t.Context(), retry.Schedule{Attempts: 3}, failing(10, &calls), func(err error) bool { return false }, nil)
	if n != 1 || calls != 1 {
		t.Fatalf("again=false: attempts %d, calls %d", n, calls)
	}
}

func TestJitterStaysUnderTheBackoff(t *testing.T) {
	s := retry.Schedule{Attempts: 50, Backoff: time.Nanosecond * 100, MaxBackoff: time.Nanosecond * 100, Jitter: true}
	var calls int
	retry.Do(t.Context(), s, failing(100, &calls), nil, func(_ int, wait time.Duration, _ error) {
		if wait <= 0 || wait > 100 {
			t.Fatalf("jittered wait %s outside (0, 100ns]", wait)
		}
	})
}

func TestStopsWaitingWhenCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(t.Context())
	var calls int
	done := make(chan struct{})
	go func() {
		defer close(done)
		n, err := retry.Do(ctx, retry.Schedule{Attempts: 3, Backoff: time.Hour}, failing(10, &calls), nil, func(int, time.Duration, error) { cancel() })
		if n != 1 || !errors.Is(err, errFlaky) || ctx.Err() == nil {
			t.Errorf("attempts %d, err %v, ctx %v", n, err, ctx.Err())
		}
	}()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("Do kept waiting an hour after cancellation")
	}
}
