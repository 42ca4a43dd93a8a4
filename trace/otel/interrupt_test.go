package otel

import (
	"context"
	"errors"
	"testing"

	commonpb "go.opentelemetry.io/proto/otlp/common/v1"
	tracepb "go.opentelemetry.io/proto/otlp/trace/v1"

	"github.com/cairn-agents/cairn/event"
	"github.com/cairn-agents/cairn/flow"
)

// TestSinkInterruptEvents exports a real run that asks a question and
// the run that answers it: the question and the answer are span events
// of their runs' spans.
func TestSinkInterruptEvents(t *testing.T) {
	rc, sink, shutdown := exportTo(t)
	g := flow.New[st]("asker")
	g.Store = &flow.MemStore{}
	g.Node("ask", func(ctx context.Context, s st) (st, error) {
		n, err := flow.Ask[int](ctx, "How many?")
		s.N = n
		return s, err
	})
	g.Start("ask")
	g.Edge("ask", flow.End)
	r, err := g.Build()
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	ctx = event.WithSink(ctx, sink)
	_, err = r.Invoke(ctx, st{})
	var ie *flow.InterruptedError
	if !errors.As(err, &ie) {
		t.Fatalf("Invoke: %v", err)
	}
	if s, err := r.Answer(ctx, ie.RunID, "", 3); err != nil || s.N != 3 {
		t.Fatalf("Answer: %+v, %v", s, err)
	}
	if err := shutdown(context.Background()); err != nil {
		t.Fatal(err)
	}

	rc.mu.Lock()
	defer rc.mu.Unlock()
	found := map[string]map[string]string{}
	for _, sp := range rc.spans {
		for _, ev := range sp.Events {
			if ev.Name != "interrupt" && ev.Name != "resume" {
				continue
			}
			if sp.Name != "run asker" && sp.Name != "run asker: resumed at step 0 with the answer to ask#1" {
				t.Errorf("%s event on span %q", ev.Name, sp.Name)
			}
			found[ev.Name] = eventAttrs(ev.Attributes)
		}
		if sp.Name == "run asker" && sp.Status.GetCode() == tracepb.Status_STATUS_CODE_ERROR {
			t.Errorf("the interrupted run's span has an error status: %v", sp.Status)
		}
	}
	if a := found["interrupt"]; a["cairn.interrupt.id"] != "ask#1" || a["cairn.interrupt.question"] != "How many?" {
		t.Errorf("interrupt event attributes %v", a)
	}
	if a := found["resume"]; a["cairn.interrupt.id"] != "ask#1" || a["cairn.interrupt.answer"] != "3" {
		t.Errorf("resume event attributes %v", a)
	}
}

// eventAttrs maps a span event's attributes to their values as text.
func eventAttrs(kvs []*commonpb.KeyValue) map[string]string {
	m := map[string]string{}
	for _, kv := range kvs {
		m[kv.Key] = kv.Value.GetStringValue()
	}
	return m
}
