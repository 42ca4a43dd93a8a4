package otel

import (
	"compress/gzip"
	"context"
	"encoding/hex"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	coltrace "go.opentelemetry.io/proto/otlp/collector/trace/v1"
	tracepb "go.opentelemetry.io/proto/otlp/trace/v1"
	"google.golang.org/protobuf/proto"

	"github.com/cairn-agents/cairn/event"
)

// receiver is an OTLP/HTTP trace endpoint: it decodes the protobuf export
// requests the real exporter sends and keeps the spans.
type receiver struct {
	mu       sync.Mutex
	spans    []*tracepb.Span
	service  string
	requests int
}

func (rc *receiver) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.URL.Path != "/v1/traces" || r.Method != http.MethodPost {
		http.Error(w, "not found", http.StatusNotFound)
		return
	}
	var body io.Reader = r.Body
	if r.Header.Get("Content-Encoding") == "gzip" {
		zr, err := gzip.NewReader(r.Body)
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		body = zr
	}
	raw, err := io.ReadAll(body)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	var req coltrace.ExportTraceServiceRequest
	if err := proto.Unmarshal(raw, &req); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	rc.mu.Lock()
	rc.requests++
	for _, rs := range req.ResourceSpans {
		for _, a := range rs.GetResource().GetAttributes() {
			if a.Key == "service.name" {
				rc.service = a.Value.GetStringValue()
			}
		}
		for _, ss := range rs.ScopeSpans {
			rc.spans = append(rc.spans, ss.Spans...)
		}
	}
	rc.mu.Unlock()
	out, _ := proto.Marshal(&coltrace.ExportTraceServiceResponse{})
	w.Header().Set("Content-Type", "application/x-protobuf")
	w.Write(out)
}

func startReceiver(t testing.TB) *receiver {
	t.Helper()
	rc := &receiver{}
	srv := httptest.NewServer(rc)
	t.Cleanup(srv.Close)
	t.Setenv("OTEL_EXPORTER_OTLP_ENDPOINT", srv.URL)
	t.Setenv("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT", "")
	t.Setenv("OTEL_SERVICE_NAME", "")
	return rc
}

// exportTo starts a receiver and a Sink that exports to it.
func exportTo(t testing.TB) (*receiver, event.Sink, func(context.Context) error) {
	t.Helper()
	rc := startReceiver(t)
	sink, shutdown, err := Sink(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if sink == nil {
		t.Fatal("nil sink with OTEL_EXPORTER_OTLP_ENDPOINT set")
	}
	return rc, sink, shutdown
}

var t0 = time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)

func at(ms int) time.Time { return t0.Add(time.Duration(ms) * time.Millisecond) }

func TestSinkExportsSpanTree(t *testing.T) {
	rc, sink, shutdown := exportTo(t)
	ctx := context.Background()
	for _, e := range []event.Event{
		{Time: at(0), RunID: "r1", Kind: event.RunStart, Message: "roadtrip"},
		{Time: at(1), RunID: "r1", Kind: event.NodeStart, Node: "orchestrate", Step: 1},
		{Time: at(50), RunID: "r1", Kind: event.Usage, Node: "orchestrate", Step: 1, Usage: &event.UsageInfo{
			Model: "qwen3:8b", PromptTokens: 120, CompletionTokens: 45, Latency: 40 * time.Millisecond}},
		{Time: at(51), RunID: "r1", Kind: event.Decision, Node: "orchestrate", Step: 1, Duration: 45 * time.Millisecond,
			Decision: &event.DecisionInfo{Name: "NextAction", Source: "model", Model: "qwen3:8b", Attempts: 1,
				Reasoning: "need the route", Value: json.RawMessage(`{"action":"directions"}`)}},
		{Time: at(150), RunID: "r1", Kind: event.ToolCall, Node: "orchestrate", Step: 1, Tool: &event.ToolInfo{
			Name: "maps_directions", Args: json.RawMessage(`{"origin":"Boston"}`), Latency: 90 * time.Millisecond, Cached: true}},
		{Time: at(160), RunID: "r1", Kind: event.Error, Node: "orchestrate", Step: 1, Err: "attempt 1 failed"},
		{Time: at(200), RunID: "r1", Kind: event.NodeEnd, Node: "orchestrate", Step: 1, Duration: 199 * time.Millisecond},
		// A sub-graph run inside node "workers" step 2; flow stamps its RunStart with the node.
		{Time: at(210), RunID: "r1", Kind: event.NodeStart, Node: "workers", Step: 2},
		{Time: at(211), RunID: "sub", Kind: event.RunStart, Node: "workers", Step: 2, Message: "worker"},
		{Time: at(212), RunID: "sub", Kind: event.NodeStart, Node: "elevation", Step: 1},
		{Time: at(230), RunID: "sub", Kind: event.ToolCall, Node: "elevation", Step: 1, Tool: &event.ToolInfo{
			Name: "maps_elevation", Err: "no locations", Latency: 5 * time.Millisecond}},
		{Time: at(240), RunID: "sub", Kind: event.NodeEnd, Node: "elevation", Step: 1, Duration: 28 * time.Millisecond, Err: "gave up"},
		{Time: at(241), RunID: "sub", Kind: event.RunEnd, Node: "workers", Step: 2, Duration: 30 * time.Millisecond, Err: "gave up", Message: "failed"},
		{Time: at(250), RunID: "r1", Kind: event.NodeEnd, Node: "workers", Step: 2, Duration: 40 * time.Millisecond},
		{Time: at(300), RunID: "r1", Kind: event.RunEnd, Duration: 300 * time.Millisecond, Message: "done"},
	} {
		sink(e)
	}
	if err := shutdown(ctx); err != nil {
		t.Fatal(err)
	}

	rc.mu.Lock()
	defer rc.mu.Unlock()
	if rc.service != "cairn" {
		t.Errorf("service.name = %q, want cairn", rc.service)
	}
	byName := map[string]*tracepb.Span{}
	for _, sp := range rc.spans {
		if byName[sp.Name] != nil {
			t.Errorf("span %q exported twice", sp.Name)
		}
		byName[sp.Name] = sp
	}
	want := map[string]string{ // span -> parent span ("" for a root)
		"run roadtrip":         "",
		"node orchestrate":     "run roadtrip",
		"chat qwen3:8b":        "node orchestrate",
		"decision NextAction":  "node orchestrate",
		"tool maps_directions": "node orchestrate",
		"node workers":         "run roadtrip",
		"run worker":           "node workers",
		"node elevation":       "run worker",
		"tool maps_elevation":  "node elevation",
	}
	if len(rc.spans) != len(want) {
		t.Errorf("got %d spans, want %d", len(rc.spans), len(want))
	}
	root := byName["run roadtrip"]
	if root == nil {
		t.Fatalf("no run span; got %v", names(rc.spans))
	}
	for name, parent := range want {
		sp := byName[name]
		if sp == nil {
			t.Errorf("missing span %q; got %v", name, names(rc.spans))
			continue
		}
		if hex.EncodeToString(sp.TraceId) != hex.EncodeToString(root.TraceId) {
			t.Errorf("%s: in another trace", name)
		}
		if parent == "" {
			if len(sp.ParentSpanId) != 0 {
				t.Errorf("%s: has a parent, want a root span", name)
			}
			continue
		}
		if p := byName[parent]; p != nil && hex.EncodeToString(sp.ParentSpanId) != hex.EncodeToString(p.SpanId) {
			t.Errorf("%s: parent is not %s", name, parent)
		}
	}

	tool := byName["tool maps_directions"]
	if tool != nil {
		if d := time.Duration(tool.EndTimeUnixNano - tool.StartTimeUnixNano); d != 90*time.Millisecond {
			t.Errorf("tool span lasts %v, want its latency 90ms", d)
		}
		if got := attr(tool, "cairn.tool.cached"); got.GetBoolValue() != true {
			t.Errorf("cached attribute = %v", got)
		}
		if got := attr(tool, "cairn.tool.args").GetStringValue(); got != `{"origin":"Boston"}` {
			t.Errorf("args attribute = %q", got)
		}
	}
	if d := byName["decision NextAction"]; d != nil {
		if attr(d, "cairn.decision.source").GetStringValue() != "model" || attr(d, "cairn.decision.reasoning").GetStringValue() != "need the route" {
			t.Errorf("decision attributes: %v", d.Attributes)
		}
	}
	if c := byName["chat qwen3:8b"]; c != nil && attr(c, "gen_ai.usage.input_tokens").GetIntValue() != 120 {
		t.Errorf("usage attributes: %v", c.Attributes)
	}
	if n := byName["node orchestrate"]; n != nil {
		if time.Unix(0, int64(n.StartTimeUnixNano)).UTC() != at(1) || time.Unix(0, int64(n.EndTimeUnixNano)).UTC() != at(200) {
			t.Errorf("node span times %d..%d, want the event times", n.StartTimeUnixNano, n.EndTimeUnixNano)
		}
		if len(n.Events) != 1 || n.Events[0].Name != "error" {
			t.Errorf("node span events = %v, want one error event", n.Events)
		}
	}
	for _, name := range []string{"tool maps_elevation", "node elevation", "run worker"} {
		if sp := byName[name]; sp != nil && sp.GetStatus().GetCode() != tracepb.Status_STATUS_CODE_ERROR {
			t.Errorf("%s: status %v, want error", name, sp.GetStatus())
		}
	}
	if root.GetStatus().GetCode() == tracepb.Status_STATUS_CODE_ERROR {
		t.Error("successful run marked as error")
	}
}

func TestSinkShutdownEndsOpenSpans(t *testing.T) {
	rc, sink, shutdown := exportTo(t)
	ctx := context.Background()
	sink(event.Event{Time: at(0), RunID: "r", Kind: event.RunStart, Message: "g"})
	sink(event.Event{Time: at(1), RunID: "r", Kind: event.NodeStart, Node: "n", Step: 1})
	if err := shutdown(ctx); err != nil {
		t.Fatal(err)
	}
	rc.mu.Lock()
	defer rc.mu.Unlock()
	if len(rc.spans) != 2 {
		t.Fatalf("got spans %v, want the run and node ended at shutdown", names(rc.spans))
	}
	for _, sp := range rc.spans {
		if sp.GetStatus().GetCode() != tracepb.Status_STATUS_CODE_ERROR {
			t.Errorf("%s: unfinished span not marked as error", sp.Name)
		}
	}
}

func TestSinkInvalidUTF8StillExports(t *testing.T) {
	rc, sink, shutdown := exportTo(t)
	ctx := context.Background()
	sink(event.Event{Time: at(0), RunID: "r", Kind: event.ToolCall, Tool: &event.ToolInfo{Name: "bad\xff", Args: []byte("\"\xfe\"")}})
	if err := shutdown(ctx); err != nil {
		t.Fatal(err)
	}
	rc.mu.Lock()
	defer rc.mu.Unlock()
	if len(rc.spans) != 2 { // the implied run span and the tool span
		t.Fatalf("got spans %v, want 2", names(rc.spans))
	}
}

func TestSinkDisabledWithoutEndpoint(t *testing.T) {
	t.Setenv("OTEL_EXPORTER_OTLP_ENDPOINT", "")
	t.Setenv("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT", "")
	sink, shutdown, err := Sink(context.Background())
	if err != nil || sink != nil || shutdown == nil {
		t.Fatalf("Sink() = %v, %v, %v; want nil sink, a shutdown, no error", sink != nil, shutdown != nil, err)
	}
	if err := shutdown(context.Background()); err != nil {
		t.Fatal(err)
	}
}

func TestSinkConcurrentUse(t *testing.T) {
	rc, sink, shutdown := exportTo(t)
	ctx := context.Background()
	sink(event.Event{Time: at(0), RunID: "r", Kind: event.RunStart})
	var wg sync.WaitGroup
	for i := range 4 {
		wg.Go(func() {
			node := string(rune('a' + i))
			for j := range 25 {
				sink(event.Event{RunID: "r", Kind: event.NodeStart, Node: node, Step: j})
				sink(event.Event{RunID: "r", Kind: event.ToolCall, Node: node, Step: j, Tool: &event.ToolInfo{Name: "t"}})
				sink(event.Event{RunID: "r", Kind: event.NodeEnd, Node: node, Step: j})
			}
		})
	}
	wg.Wait()
	sink(event.Event{RunID: "r", Kind: event.RunEnd})
	if err := shutdown(ctx); err != nil {
		t.Fatal(err)
	}
	rc.mu.Lock()
	defer rc.mu.Unlock()
	if len(rc.spans) != 1+4*25*2 {
		t.Fatalf("got %d spans, want %d", len(rc.spans), 1+4*25*2)
	}
}

func names(spans []*tracepb.Span) []string {
	var out []string
	for _, sp := range spans {
		out = append(out, sp.Name)
	}
	return out
}

func attr(sp *tracepb.Span, key string) interface {
	GetStringValue() string
	GetBoolValue() bool
	GetIntValue() int64
} {
	for _, a := range sp.Attributes {
		if a.Key == key {
			return a.Value
		}
	}
	return nil
}

// BenchmarkSink measures turning one event into span work (a node start,
// a tool call, a node end in turn), exporting to a loopback receiver.
func BenchmarkSink(b *testing.B) {
	startReceiver(b)
	ctx := context.Background()
	sink, shutdown, err := Sink(ctx)
	if err != nil {
		b.Fatal(err)
	}
	sink(event.Event{Time: at(0), RunID: "r", Kind: event.RunStart})
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		step := i / 3
		switch i % 3 {
		case 0:
			sink(event.Event{Time: at(i), RunID: "r", Kind: event.NodeStart, Node: "n", Step: step})
		case 1:
			sink(event.Event{Time: at(i), RunID: "r", Kind: event.ToolCall, Node: "n", Step: step,
				Tool: &event.ToolInfo{Name: "maps_geocode", Args: []byte(`{"address":"Boston"}`), Latency: time.Millisecond}})
		case 2:
			sink(event.Event{Time: at(i), RunID: "r", Kind: event.NodeEnd, Node: "n", Step: step})
		}
	}
	b.StopTimer()
	sink(event.Event{Time: at(b.N), RunID: "r", Kind: event.RunEnd})
	if err := shutdown(ctx); err != nil {
		b.Fatal(err)
	}
}
