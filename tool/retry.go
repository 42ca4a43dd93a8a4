package tool

import (
	"context"
	"encoding/json"
	"errors"
	"time"

	"github.com/cairn-agents/cairn/internal/retry"
)

// RetrySettings say how often and how patiently Retry tries again. As
// everywhere in Cairn, zero means none: the zero value makes one attempt,
// a zero Backoff retries at once, a zero MaxBackoff leaves the backoff
// uncapped.
type RetrySettings struct {
	// Attempts is the total number of attempts, the first included; zero
	// or one means no retry.
	Attempts int
	// Backoff bounds the wait before the second attempt; the bound doubles
	// after each further failure, up to MaxBackoff when that is set. Each
	// wait is a random duration up to the bound ("full jitter"), so
	// callers that failed together do not retry together.
	Backoff    time.Duration
	MaxBackoff time.Duration
}

// Retry returns middleware that calls again, up to s.Attempts in all, when
// a call fails with ErrTransient, waiting as s says between attempts. Any
// other error, including ErrBadArgs and ErrPermanent, returns at once. It
// stops waiting when ctx is done and returns the last error joined with
// the context's.
func Retry(s RetrySettings) Middleware {
	sched := retry.Schedule{Attempts: s.Attempts, Backoff: s.Backoff, MaxBackoff: s.MaxBackoff, Jitter: true}
	transient := func(err error) bool { return errors.Is(err, ErrTransient) }
	return func(t Tool) Tool {
		return &wrapped{spec: t.Spec(), call: func(ctx context.Context, args json.RawMessage) (json.RawMessage, error) {
			var res json.RawMessage
			_, err := retry.Do(ctx, sched, func(int) error {
				var err error
				res, err = t.Call(ctx, args)
				return err
			}, transient, nil)
			if err != nil && transient(err) && ctx.Err() != nil {
				return nil, errors.Join(err, ctx.Err())
			}
			return res, err
		}}
	}
}
