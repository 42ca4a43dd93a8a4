package event_test

import (
	"context"
	"testing"

	"github.com/cairn-agents/cairn/event"
)

func collect(dst *[]string, tag string) event.Sink {
	return func(e event.Event) { *dst = append(*dst, tag+":"+e.Message) }
}

func TestWithSinkChainsOuterFirst(t *testing.T) {
	var got []string
	ctx := event.WithSink(context.Background(), collect(&got, "outer"))
	ctx = event.WithSink(ctx, collect(&got, "inner"))
	event.Emit(ctx, event.Event{Kind: event.Note, Message: "x"})
	if len(got) != 2 || got[0] != "outer:x" || got[1] != "inner:x" {
		t.Fatalf("got %v, want [outer:x inner:x]", got)
	}
}

func TestWithOnlySinkHidesOuter(t *testing.T) {
	var got []string
	ctx := event.WithSink(context.Background(), collect(&got, "outer"))
	ctx = event.WithOnlySink(ctx, collect(&got, "only"))
	event.Emit(ctx, event.Event{Kind: event.Note, Message: "y"})
	if len(got) != 1 || got[0] != "only:y" {
		t.Fatalf("got %v, want [only:y]", got)
	}
}

func TestEmitStampsTimeAndIgnoresMissingSink(t *testing.T) {
	event.Emit(context.Background(), event.Event{Kind: event.Note}) // must not panic
	var e event.Event
	ctx := event.WithSink(context.Background(), func(x event.Event) { e = x })
	event.Emit(ctx, event.Event{Kind: event.Note})
	if e.Time.IsZero() {
		t.Fatal("Emit left Time zero")
	}
}

func TestListening(t *testing.T) {
	if event.Listening(context.Background()) {
		t.Fatal("Listening without a sink")
	}
	if !event.Listening(event.WithSink(context.Background(), func(event.Event) {})) {
		t.Fatal("not Listening with a sink")
	}
}

func TestCollectKeepsEventsInOrder(t *testing.T) {
	ctx, got := event.Collect(context.Background())
	event.Emit(ctx, event.Event{Kind: event.Note, Message: "a"})
	event.Emit(ctx, event.Event{Kind: event.Note, Message: "b"})
	evs := got()
	if len(evs) != 2 || evs[0].Message != "a" || evs[1].Message != "b" {
		t.Fatalf("Collect kept %+v", evs)
	}
	evs[0].Message = "changed"
	if got()[0].Message != "a" {
		t.Fatal("Collect handed out its own slice")
	}
}
