// Package retry is the one retry loop of Cairn: attempts with an
// exponential backoff between them. flow (a node's retries) and tool (the
// Retry middleware) run it; each keeps its own settings type and says
// which errors are worth another attempt.
//
// Zero means none, everywhere in Cairn: zero attempts (or one) is one
// attempt and no retry, a zero backoff retries at once, a zero cap leaves
// the backoff uncapped.
package retry

import (
	"context"
	"math/rand/v2"
	"time"
)

// Schedule says how many attempts to make and how long to wait between
// them.
type Schedule struct {
	// Attempts is the total number of attempts, the first included; zero
	// or one means no retry.
	Attempts int
	// Backoff is the wait before the second attempt; it doubles after each
	// further failure, up to MaxBackoff when that is set.
	Backoff    time.Duration
	MaxBackoff time.Duration
	// Jitter waits a random duration up to the backoff instead of the
	// backoff itself ("full jitter"), so clients that failed together do
	// not retry together.
	Jitter bool
}

// Do calls try until it succeeds and returns the number of attempts made
// and the last error. It stops early when again(err) is false (nil again
// retries every error) or when ctx is done, before an attempt or while
// waiting; callers check ctx.Err() to tell that case apart. Before each
// wait it calls retrying, when set, with the failed attempt's number, the
// wait and the error.
func Do(ctx context.Context, s Schedule, try func(attempt int) error, again func(error) bool,
	retrying func(attempt int, wait time.Duration, err error)) (int, error) {
	attempts := max(1, s.Attempts)
	backoff := s.Backoff
	for a := 1; ; a++ {
		err := try(a)
		if err == nil || a >= attempts || ctx.Err() != nil || (again != nil && !again(err)) {
			return a, err
		}
		wait := backoff
		if s.Jitter && wait > 0 {
			wait = time.Duration(rand.Int64N(int64(wait)) + 1)
		}
		if retrying != nil {
			retrying(a, wait, err)
		}
		if wait > 0 {
			t := time.NewTimer(wait)
			select {
			case <-ctx.Done():
				t.Stop()
				return a, err
			case <-t.C:
			}
		}
		backoff *= 2
		if s.MaxBackoff > 0 && backoff > s.MaxBackoff {
			backoff = s.MaxBackoff
		}
	}
}
