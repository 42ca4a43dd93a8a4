package main

import (
	"context"
	"sync"
)

// buildPlain is the floor: the same work as plain Go calls, no engine.
func buildPlain(_ context.Context, c string) (func(ctx context.Context) (state, error), error) {
	switch c {
	case "chain10":
		return func(ctx context.Context) (s state, err error) {
			for range chainLen {
				if s, err = step(ctx, s, 0); err != nil {
					return s, err
				}
			}
			return s, nil
		}, nil
	case "loop100":
		return func(ctx context.Context) (s state, err error) {
			for s.N < loopLen {
				if s, err = step(ctx, s, 0); err != nil {
					return s, err
				}
			}
			return s, nil
		}, nil
	case "chain5x20":
		return func(ctx context.Context) (s state, err error) {
			for range slowLen {
				if s, err = step(ctx, s, slowLag); err != nil {
					return s, err
				}
			}
			return s, nil
		}, nil
	case "parallel4x50":
		return func(ctx context.Context) (state, error) {
			s, err := step(ctx, state{}, 0)
			if err != nil {
				return s, err
			}
			var outs [4]state
			var errs [4]error
			var wg sync.WaitGroup
			for i := range outs {
				wg.Go(func() { outs[i], errs[i] = branch(ctx, s, i) })
			}
			wg.Wait()
			for _, err := range errs {
				if err != nil {
					return s, err
				}
			}
			return mergeFlags(s, outs[:]...), nil
		}, nil
	}
	return nil, unknown(c)
}
