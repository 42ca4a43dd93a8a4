package flow

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
)

// parallel runs the fan-out after from: each branch on its own deep copy
// of the state, then the field-wise merge.
func (r *Runner[S]) parallel(ctx context.Context, rn *run, from string, s S, raw json.RawMessage, step int) (S, error) {
	fo := r.fanouts[from]
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	outs := make([]S, len(fo.branches))
	errs := make([]error, len(fo.branches))
	var wg sync.WaitGroup
	var finished map[string]json.RawMessage
	if rn.resumed != nil {
		finished = rn.resumed.branches
	}
	for i, b := range fo.branches {
		if done, ok := finished[b]; ok { // it finished before the run waited
			if err := json.Unmarshal(done, &outs[i]); err != nil {
				return s, fmt.Errorf("flow: parallel after %q: saved state of branch %q does not decode: %w", from, b, err)
			}
			continue
		}
		var own S
		if err := json.Unmarshal(raw, &own); err != nil {
			return s, fmt.Errorf("flow: parallel after %q: copy state for branch %q: %w", from, b, err)
		}
		wg.Go(func() {
			outs[i], errs[i] = r.runNode(ctx, rn, b, own, step)
			if _, asked := errs[i].(*waiting); errs[i] != nil && !asked {
				cancel() // one failed branch fails the step: stop the others
			}
		})
	}
	wg.Wait()
	var failed []error
	var w *waiting
	for i, err := range errs {
		if bw, ok := err.(*waiting); ok {
			if w == nil {
				w = &waiting{branches: map[string]json.RawMessage{}}
			}
			w.reqs = append(w.reqs, bw.reqs...)
			continue
		}
		// A branch cancelled because a sibling failed is noise.
		if err != nil && (ctx.Err() == nil || !errors.Is(err, context.Canceled) || failedFirst(errs, i)) {
			failed = append(failed, fmt.Errorf("flow: parallel after %q: branch %q: %w", from, fo.branches[i], err))
		}
	}
	if len(failed) > 0 {
		return s, errors.Join(failed...)
	}
	if w != nil { // the join waits for every answer
		for i, b := range fo.branches {
			if errs[i] != nil {
				continue
			}
			out, err := json.Marshal(outs[i])
			if err != nil {
				return s, fmt.Errorf("flow: parallel branch %q: state is not JSON-serialisable: %w", b, err)
			}
			w.branches[b] = out
		}
		return s, w
	}
	return merge(from, raw, fo.branches, outs, r.reducers)
}

// failedFirst reports whether errs[i] is a cancellation that no other
// branch's real failure explains (the whole run was cancelled).
func failedFirst(errs []error, i int) bool {
	for j, e := range errs {
		if j != i && e != nil && !errors.Is(e, context.Canceled) {
			return false
		}
	}
	return true
}
