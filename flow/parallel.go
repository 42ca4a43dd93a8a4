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
	var finished map[string]json.RawMessage
	if rn.resumed != nil {
		finished = rn.resumed.branches
	}
	var todo []int // the branches to run
	owns := make([]S, len(fo.branches))
	for i, b := range fo.branches {
		if done, ok := finished[b]; ok { // it finished before the run waited
			if err := json.Unmarshal(done, &outs[i]); err != nil {
				return s, fmt.Errorf("flow: parallel after %q: saved state of branch %q does not decode: %w", from, b, err)
			}
			continue
		}
		if err := json.Unmarshal(raw, &owns[i]); err != nil {
			return s, fmt.Errorf("flow: parallel after %q: copy state for branch %q: %w", from, b, err)
		}
		todo = append(todo, i)
	}
	branch := func(ctx context.Context, i int) {
		outs[i], errs[i] = r.runNode(ctx, rn, fo.branches[i], owns[i], step)
		if _, asked := errs[i].(*waiting); errs[i] != nil && !asked {
			cancel() // one failed branch fails the step: stop the others
		}
	}
	if sp, ok := r.exec.(Spawner); ok {
		sp.Spawn(ctx, len(todo), func(ctx context.Context, j int) { branch(ctx, todo[j]) })
	} else {
		var wg sync.WaitGroup
		for _, i := range todo {
			wg.Go(func() { branch(ctx, i) })
		}
		wg.Wait()
	}
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
	if s, ok := mergeTyped(r.plain, raw, outs); ok {
		return s, nil
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
