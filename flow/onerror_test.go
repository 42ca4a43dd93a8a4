package flow_test

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/cairn-agents/cairn/event"
	"github.com/cairn-agents/cairn/flow"
)

// noteFailure records err in the state, as a system turns an agent's
// failure into a report.
func noteFailure(s St, err error) (St, error) {
	switch {
	case errors.Is(err, flow.ErrTimeout):
		s.A = "timed out"
	default:
		if pe, ok := errors.AsType[*flow.PanicError](err); ok {
			s.A = "panicked: " + pe.Value.(string)
		} else {
			s.A = "failed: " + errors.Unwrap(err).Error()
		}
	}
	return s, nil
}

func TestOnErrorTurnsFailureIntoState(t *testing.T) {
	for _, tc := range []struct {
		name     string
		fn       flow.NodeFunc[St]
		settings flow.NodeSettings
		want     string
	}{
		{"error", func(ctx context.Context, s St) (St, error) { s.N = 99; return s, errors.New("no data") }, flow.NodeSettings{}, "failed: no data"},
		{"panic", func(ctx context.Context, s St) (St, error) { panic("oops") }, flow.NodeSettings{}, "panicked: oops"},
		// the node ignores its context: the engine abandons it at the timeout
		{"timeout", func(ctx context.Context, s St) (St, error) { time.Sleep(2 * time.Second); return s, nil },
			flow.NodeSettings{Timeout: 20 * time.Millisecond}, "timed out"},
		{"after retries", func(ctx context.Context, s St) (St, error) { return s, errors.New("flaky") },
			flow.NodeSettings{Retry: flow.Retry{Attempts: 2}}, "failed: flaky"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := flow.New[St]("agents")
			g.Node("start", visit("start"))
			g.Node("agent", tc.fn)
			g.Node("after", visit("after"))
			g.Start("start")
			g.Edge("start", "agent")
			g.Edge("agent", "after")
			g.Edge("after", flow.End)
			g.Settings("agent", tc.settings)
			g.OnError("agent", noteFailure)
			r := build(t, g)
			for _, listen := range []bool{false, true} {
				ctx, evs := event.Collect(t.Context())
				if !listen {
					ctx = t.Context()
				}
				t0 := time.Now()
				s, err := r.Invoke(ctx, St{})
				if err != nil {
					t.Fatal(err)
				}
				if time.Since(t0) > time.Second {
					t.Errorf("run took %s", time.Since(t0))
				}
				// the handler got the state the node was given, not the node's half-made one
				if s.A != tc.want || !slices.Equal(s.Path, []string{"start", "after"}) || s.N != 2 {
					t.Errorf("listen=%v: state %+v, want A=%q after start and after", listen, s, tc.want)
				}
				if !listen {
					continue
				}
				var failed, noted bool
				for _, e := range evs() {
					failed = failed || e.Kind == event.NodeEnd && e.Node == "agent" && e.Err != ""
					noted = noted || e.Kind == event.Note && e.Node == "agent" && strings.HasPrefix(e.Message, "OnError")
				}
				if !failed || !noted {
					t.Errorf("events: failed NodeEnd %v, OnError note %v", failed, noted)
				}
			}
		})
	}
}

func TestOnErrorInParallelBranch(t *testing.T) {
	g := flow.New[St]("fan")
	g.Node("split", visit("split"))
	g.Node("ok", func(ctx context.Context, s St) (St, error) { s.B = "fine"; return s, nil })
	g.Node("bad", func(ctx context.Context, s St) (St, error) { return s, errors.New("down") })
	g.Start("split")
	g.Parallel("split", []string{"ok", "bad"}, flow.End)
	g.OnError("bad", noteFailure)
	s, err := build(t, g).Invoke(t.Context(), St{})
	if err != nil || s.A != "failed: down" || s.B != "fine" {
		t.Fatalf("state %+v, err %v: one branch's failure should be state, the other's result kept", s, err)
	}
}

func TestOnErrorCanStillFail(t *testing.T) {
	fatal := errors.New("fatal")
	g := flow.New[St]("strict")
	g.Node("a", func(ctx context.Context, s St) (St, error) { return s, fatal })
	g.Start("a")
	g.Edge("a", flow.End)
	g.OnError("a", func(s St, err error) (St, error) { return s, err })
	_, err := build(t, g).Invoke(t.Context(), St{})
	if !errors.Is(err, fatal) || !strings.Contains(err.Error(), `OnError of node "a"`) {
		t.Fatalf("err = %v", err)
	}
}

func TestOnErrorNotCalledWhenRunCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(t.Context())
	g := flow.New[St]("cancel")
	g.Node("a", func(ctx context.Context, s St) (St, error) { cancel(); <-ctx.Done(); return s, ctx.Err() })
	g.Start("a")
	g.Edge("a", flow.End)
	called := false
	g.OnError("a", func(s St, err error) (St, error) { called = true; return s, nil })
	_, err := build(t, g).Invoke(ctx, St{})
	if !errors.Is(err, context.Canceled) || called {
		t.Fatalf("err = %v, handler called %v", err, called)
	}
}

func TestOnErrorDeclarationErrors(t *testing.T) {
	g := oneNode("bad", nil)
	g.OnError("ghost", noteFailure)
	g.OnError("a", nil)
	g.OnError("a", noteFailure)
	g.OnError("a", noteFailure)
	_, err := g.Build()
	for _, want := range []error{flow.ErrUnknownNode, flow.ErrBadDeclaration, flow.ErrDuplicate} {
		if !errors.Is(err, want) {
			t.Errorf("Build error %v does not wrap %v", err, want)
		}
	}
}
