package tool

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/cairn-agents/cairn/event"
)

func TestEventsReportCalls(t *testing.T) {
	ctx, events := event.Collect(context.Background())
	var n Counter
	ctx = event.WithSink(ctx, n.Observe)
	cache := NewCache(10, 0)
	fail := &stub{name: "fail", fn: func(context.Context, json.RawMessage) (json.RawMessage, error) {
		return nil, Permanent("fail", errors.New("no such city"))
	}}
	reg, _ := NewRegistry(echoStub("echo"), fail)
	reg = reg.With(Events(0), cache.Middleware())

	for range 2 {
		if _, err := reg.Call(ctx, "echo", json.RawMessage(`{"q":1}`)); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := reg.Call(ctx, "fail", json.RawMessage(`{}`)); err == nil {
		t.Fatal("fail succeeded")
	}
	evs := events()
	if len(evs) != 3 {
		t.Fatalf("%d events, want 3", len(evs))
	}
	first, second, third := evs[0].Tool, evs[1].Tool, evs[2].Tool
	if evs[0].Kind != event.ToolCall || first.Name != "echo" || string(first.Args) != `{"q":1}` || string(first.Result) != `{"q":1}` || first.Cached {
		t.Fatalf("first event = %+v", first)
	}
	if first.Latency <= 0 || evs[0].Time.IsZero() {
		t.Fatalf("latency %v, time %v", first.Latency, evs[0].Time)
	}
	if !second.Cached {
		t.Fatal("second identical call not marked cached")
	}
	if third.Err == "" || !strings.Contains(third.Err, "no such city") || third.Result != nil {
		t.Fatalf("error event = %+v", third)
	}
	got := n.Counts()
	if got.Calls != 3 || got.Cached != 1 || got.Errors != 1 || got.ByTool["echo"] != 2 || got.ByTool["fail"] != 1 {
		t.Fatalf("counts = %+v", got)
	}
	// Every event must serialise (the trace writes them as JSON lines).
	for _, e := range evs {
		if _, err := json.Marshal(e); err != nil {
			t.Fatal(err)
		}
	}
}

func TestEventsTruncateLargeResults(t *testing.T) {
	big := json.RawMessage(`"` + strings.Repeat("é", 3000) + `"`) // 6002 bytes
	s := &stub{name: "big", fn: func(context.Context, json.RawMessage) (json.RawMessage, error) { return big, nil }}
	ctx, events := event.Collect(context.Background())
	res, err := Events(100)(s).Call(ctx, nil)
	if err != nil || len(res) != len(big) {
		t.Fatalf("caller got %d bytes, %v; want the whole result", len(res), err)
	}
	ev := events()[0].Tool
	var short struct {
		Truncated bool   `json:"truncated"`
		Bytes     int    `json:"bytes"`
		Head      string `json:"head"`
	}
	if err := json.Unmarshal(ev.Result, &short); err != nil {
		t.Fatalf("truncated result is not JSON: %v", err)
	}
	if !short.Truncated || short.Bytes != len(big) || len(short.Head) > 100 || strings.ContainsRune(short.Head, '\uFFFD') {
		t.Fatalf("truncated = %+v", short)
	}
}

func TestCounterIgnoresOtherEvents(t *testing.T) {
	var n Counter
	n.Observe(event.Event{Kind: event.Note, Message: "hi"})
	n.Observe(event.Event{Kind: event.ToolCall}) // no Tool info
	if n.Counts().Calls != 0 {
		t.Fatal("counted a non tool event")
	}
}
