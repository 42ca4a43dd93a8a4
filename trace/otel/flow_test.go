package otel

import (
	"context"
	"encoding/hex"
	"encoding/json"
	"testing"

	tracepb "go.opentelemetry.io/proto/otlp/trace/v1"

	"github.com/cairn-agents/cairn/event"
	"github.com/cairn-agents/cairn/flow"
	"github.com/cairn-agents/cairn/llm"
	"github.com/cairn-agents/cairn/tool"
)

type choice struct {
	Go bool `json:"go"`
}

type st struct {
	N int `json:"n"`
}

// TestSinkRealFlowRun exports a real flow run: a node deciding with
// llm.Decide, a sub-graph run as a node (flow's AsNode) calling a real tool.
func TestSinkRealFlowRun(t *testing.T) {
	rc, sink, shutdown := exportTo(t)
	echo := tool.Must(tool.New("echo", "echo", func(ctx context.Context, in st) (st, error) { return in, nil }))
	reg, err := tool.NewRegistry(echo)
	if err != nil {
		t.Fatal(err)
	}
	tools := reg.With(tool.Events(0))

	sub := flow.New[st]("inner")
	sub.Node("call", func(ctx context.Context, s st) (st, error) {
		raw, err := tools.Call(ctx, "echo", json.RawMessage(`{"n":1}`))
		if err != nil {
			return s, err
		}
		return s, json.Unmarshal(raw, &s)
	})
	sub.Start("call")
	sub.Edge("call", flow.End)
	inner, err := sub.Build()
	if err != nil {
		t.Fatal(err)
	}

	g := flow.New[st]("outer")
	g.Node("decide", func(ctx context.Context, s st) (st, error) {
		_, err := llm.Decide(ctx, nil, llm.Prompt{Name: "Choice", MaxRepairs: 2}, func(context.Context) (choice, error) { return choice{Go: true}, nil })
		return s, err
	})
	g.Node("work", inner.AsNode())
	g.Start("decide")
	g.Edge("decide", "work")
	g.Edge("work", flow.End)
	outer, err := g.Build()
	if err != nil {
		t.Fatal(err)
	}

	ctx := context.Background()
	if _, _, err := outer.RunToEnd(event.WithSink(ctx, sink), st{}); err != nil {
		t.Fatal(err)
	}
	if err := shutdown(ctx); err != nil {
		t.Fatal(err)
	}

	rc.mu.Lock()
	defer rc.mu.Unlock()
	by := map[string]*tracepb.Span{}
	for _, sp := range rc.spans {
		by[sp.Name] = sp
	}
	for name, parent := range map[string]string{
		"node decide":     "run outer",
		"decision Choice": "node decide",
		"node work":       "run outer",
		"run inner":       "node work",
		"node call":       "run inner",
		"tool echo":       "node call",
	} {
		sp, p := by[name], by[parent]
		if sp == nil || p == nil {
			t.Errorf("missing %q or %q in %v", name, parent, names(rc.spans))
			continue
		}
		if hex.EncodeToString(sp.ParentSpanId) != hex.EncodeToString(p.SpanId) {
			t.Errorf("%s: parent is not %s", name, parent)
		}
	}
	if r := by["run outer"]; r == nil || len(r.ParentSpanId) != 0 {
		t.Errorf("run outer is not a root span")
	}
}
