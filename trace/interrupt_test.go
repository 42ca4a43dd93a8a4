package trace_test

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/cairn-agents/cairn/event"
	"github.com/cairn-agents/cairn/flow"
	"github.com/cairn-agents/cairn/trace"
)

type ride struct {
	City string `json:"city"`
	Mode string `json:"mode"`
}

// TestInterruptRoundTrip runs a real graph that asks a question, answers
// it, writes both runs' events with a Writer, reads them back and prints
// them as `cairn trace show` does.
func TestInterruptRoundTrip(t *testing.T) {
	g := flow.New[ride]("ride")
	g.Store = &flow.MemStore{}
	g.Node("ask", func(ctx context.Context, s ride) (ride, error) {
		mode, err := flow.Ask[string](ctx, "How do you travel to "+s.City+"?", "car", "train")
		s.Mode = mode
		return s, err
	})
	g.Start("ask")
	g.Edge("ask", flow.End)
	r, err := g.Build()
	if err != nil {
		t.Fatal(err)
	}
	var file bytes.Buffer
	w := trace.NewWriter(&file)
	ctx := event.WithSink(t.Context(), w.Emit)
	_, err = r.Invoke(ctx, ride{City: "Lyon"})
	var ie *flow.InterruptedError
	if !errors.As(err, &ie) {
		t.Fatalf("Invoke: %v, want an interrupt", err)
	}
	if _, err := r.Answer(ctx, ie.RunID, "", "train"); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}

	var timeline, compact bytes.Buffer
	tp := &trace.Printer{W: &timeline}
	cp := &trace.Printer{W: &compact, Style: trace.Compact}
	var sum trace.Summary
	for e, err := range trace.Read(&file) {
		if err != nil {
			t.Fatal(err)
		}
		tp.Print(e)
		cp.Print(e)
		sum.Add(e)
	}
	t.Log("\n" + timeline.String() + "\n" + compact.String())
	for _, want := range []string{
		"Ask         ask: ask#1 How do you travel to Lyon?",
		"options     car | train",
		`Answer      ask: ask#1 "train"`,
		"(interrupted: run",
	} {
		if !strings.Contains(timeline.String(), want) {
			t.Errorf("timeline lacks %q", want)
		}
	}
	for _, want := range []string{
		"⏸ ask asks: How do you travel to Lyon? (car | train)",
		"waits for an answer",
		`⏵ ask ask#1 answered: "train"`,
		"■ run " + ie.RunID + " done",
	} {
		if !strings.Contains(compact.String(), want) {
			t.Errorf("compact lacks %q", want)
		}
	}
	if sum.Errors != 0 {
		t.Errorf("an interrupt counted as %d errors", sum.Errors)
	}
}
