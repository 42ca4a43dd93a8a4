// Command engines runs the same four graphs in Cairn's flow, cloudwego/eino
// and google/adk-go's workflow, with plain Go as the floor, in interleaved
// rounds on one machine, and prints the medians and each engine's ratio to
// Cairn as a Markdown table.
//
//	cd bench/engines && go run . -rounds 6
//
// The cases:
//   - chain10: ten nodes in a chain, each adds one to a counter, no latency;
//   - parallel4x50: a node adds one and fans out to four branches that
//     each wait 50 ms and set their own field, then a join node;
//   - loop100: one node loops back to itself until the counter reaches 100;
//   - chain5x20: five nodes in a chain, each waits 20 ms.
//
// Each engine builds its graphs once and runs them many times, as a
// server would. For the two cases whose nodes wait, the table also gives
// each engine's time outside the nodes' waits: on a busy machine the
// timers' lateness varies by more than the engines differ, and this
// leaves it out. `go test -bench .` runs the same cases as benchmarks;
// `go test` checks that every engine computes the same result.
package main

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"time"
)

// state is what the graphs compute: a counter and one flag per parallel
// branch.
type state struct {
	N int  `json:"n"`
	A bool `json:"a,omitempty"`
	B bool `json:"b,omitempty"`
	C bool `json:"c,omitempty"`
	D bool `json:"d,omitempty"`
}

// A case is one graph shape.
type kase struct {
	name string
	// want is the state every engine must end with.
	want state
}

var cases = []kase{
	{"chain10", state{N: 10}},
	{"parallel4x50", state{N: 1, A: true, B: true, C: true, D: true}},
	{"loop100", state{N: 100}},
	{"chain5x20", state{N: 5}},
}

const (
	chainLen  = 10
	loopLen   = 100
	branchLag = 50 * time.Millisecond
	slowLen   = 5
	slowLag   = 20 * time.Millisecond
)

// An engine builds a runner for each case once; a runner runs the case's
// graph once from the zero state and returns the final state.
type engine struct {
	name  string
	build func(ctx context.Context, c string) (func(ctx context.Context) (state, error), error)
}

var engines = []engine{
	{"plain Go", buildPlain},
	{"cairn", buildCairn},
	{"eino", buildEino},
	{"adk", buildADK},
}

// wait is the latency of a node: a model or tool call that honours its
// context. When ctx carries a busy record, the span it waited is added to
// it.
func wait(ctx context.Context, d time.Duration) error {
	if d <= 0 {
		return nil
	}
	start := time.Now()
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		if b, ok := ctx.Value(busyKey{}).(*busy); ok {
			b.add(start, time.Now())
		}
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// busy records when a run's nodes were waiting on their latency. A
// waiting node's span ends when it sees its timer fire, so a late timer
// or a busy machine's scheduling delay counts as the node's time; what
// remains of the run, outside every span, is the engine's own time (and
// the floor's: plain Go's).
type busy struct {
	mu    sync.Mutex
	spans [][2]time.Time
}

type busyKey struct{}

func withBusy(ctx context.Context, b *busy) context.Context {
	return context.WithValue(ctx, busyKey{}, b)
}

func (b *busy) add(start, end time.Time) {
	b.mu.Lock()
	b.spans = append(b.spans, [2]time.Time{start, end})
	b.mu.Unlock()
}

// covered is how long at least one node was waiting: the length of the
// union of the spans (parallel branches overlap).
func (b *busy) covered() time.Duration {
	b.mu.Lock()
	defer b.mu.Unlock()
	// sorted in place: measuring allocates nothing per run
	slices.SortFunc(b.spans, func(x, y [2]time.Time) int { return x[0].Compare(y[0]) })
	var total time.Duration
	var end time.Time
	for _, s := range b.spans {
		if s[0].After(end) {
			total += s[1].Sub(s[0])
			end = s[1]
		} else if s[1].After(end) {
			total += s[1].Sub(end)
			end = s[1]
		}
	}
	return total
}

// latent reports whether case c's nodes wait: its runs are timed outside
// the nodes too.
func latent(c string) bool { return c == "parallel4x50" || c == "chain5x20" }

// step is the work of one chain or loop node.
func step(ctx context.Context, s state, lag time.Duration) (state, error) {
	if err := wait(ctx, lag); err != nil {
		return s, err
	}
	s.N++
	return s, nil
}

// branch is the work of parallel branch i: wait, then set its own flag.
func branch(ctx context.Context, s state, i int) (state, error) {
	if err := wait(ctx, branchLag); err != nil {
		return s, err
	}
	switch i {
	case 0:
		s.A = true
	case 1:
		s.B = true
	case 2:
		s.C = true
	case 3:
		s.D = true
	}
	return s, nil
}

// mergeFlags ORs the branches' flags into base.
func mergeFlags(base state, outs ...state) state {
	for _, o := range outs {
		base.A = base.A || o.A
		base.B = base.B || o.B
		base.C = base.C || o.C
		base.D = base.D || o.D
	}
	return base
}

func unknown(c string) error { return fmt.Errorf("unknown case %q", c) }
