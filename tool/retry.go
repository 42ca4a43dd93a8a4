package tool

import (
	"context"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"time"
)

// RetryPolicy says how often and how patiently Retry tries again.
// The zero value means 3 attempts, 100ms base delay, 5s maximum delay.
type RetryPolicy struct {
	Attempts int           // total attempts including the first; <= 0 means 3
	Base     time.Duration // delay before the second attempt; <= 0 means 100ms
	Max      time.Duration // cap on any delay; <= 0 means 5s
}

// Retry returns middleware that calls again, up to p.Attempts in all, when a
// call fails with ErrTransient, waiting an exponentially growing delay with
// full jitter (a random duration up to Base·2^n, capped at Max) between
// attempts. Any other error, including ErrBadArgs and ErrPermanent, returns
// at once. It stops waiting when ctx is done and returns the last error.
func Retry(p RetryPolicy) Middleware {
	if p.Attempts <= 0 {
		p.Attempts = 3
	}
	if p.Base <= 0 {
		p.Base = 100 * time.Millisecond
	}
	if p.Max <= 0 {
		p.Max = 5 * time.Second
	}
	return func(t Tool) Tool {
		return &wrapped{spec: t.Spec(), call: func(ctx context.Context, args json.RawMessage) (json.RawMessage, error) {
			var err error
			for attempt := 0; attempt < p.Attempts; attempt++ {
				if attempt > 0 {
					timer := time.NewTimer(p.delay(attempt))
					select {
					case <-ctx.Done():
						timer.Stop()
						return nil, errors.Join(err, ctx.Err())
					case <-timer.C:
					}
				}
				var res json.RawMessage
				res, err = t.Call(ctx, args)
				if err == nil || !errors.Is(err, ErrTransient) {
					return res, err
				}
			}
			return nil, err
		}}
	}
}

// delay is the wait before attempt n (1-based count of retries).
func (p RetryPolicy) delay(n int) time.Duration {
	ceiling := p.Base
	for i := 1; i < n && ceiling < p.Max; i++ {
		ceiling *= 2
	}
	ceiling = min(ceiling, p.Max)
	return time.Duration(rand.Int64N(int64(ceiling)) + 1)
}
