package trace

import (
	"bytes"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/cairn-agents/cairn/event"
)

func render(style Style, evs []event.Event) string {
	var b bytes.Buffer
	p := &Printer{W: &b, Style: style}
	var s Summary
	for _, e := range evs {
		p.Print(e)
		s.Add(e)
	}
	p.PrintSummary(&s)
	return b.String()
}

func TestPrinterTimeline(t *testing.T) {
	out := render(Timeline, sampleRun())
	t.Log("\n" + out)
	for _, want := range []string{
		"+0.000s Run         started r1 plan a trip",
		"+0.001s Node ▸      orchestrate #1 started",
		"+0.002s Thought     orchestrate: NextAction decided by policy",
		"fallback    no model configured",
		"reasoning   need the route first",
		`value       {"action":"directions"}`, // compacted
		`+0.150s Action      orchestrate: maps_directions {"origin":"Boston","destination":"New York"}`,
		`Observation 147ms (cached) {"routes":[{"summary":"I-95 S"}]}`,
		"+0.200s Node ◂      orchestrate #1 ended in 199ms",
		"+0.900s Usage       worker: qwen3:8b 120 prompt + 45 completion tokens in 680ms",
		"worker: ToolChoice decided by model qwen3:8b (1 model call)",
		"Observation 2ms ERROR: no locations given",
		"+0.960s Node ERROR  worker #2 ended in 750ms: worker gave up",
		"+1.000s Run         ended r1 after 1s",
		"decisions    2 decisions (1 model, 1 policy)",
		"tool calls   2 tool calls (1 cached, 1 failed)",
		"usage        1 model call, 165 tokens (120 prompt + 45 completion)",
		"qwen3:8b: 1 call, 120 prompt + 45 completion tokens",
		"errors       1 error",
		"wall time    1s",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("timeline lacks %q", want)
		}
	}
	if strings.Contains(out, "\x1b[") {
		t.Error("colour codes without Color")
	}
}

func TestPrinterCompact(t *testing.T) {
	out := render(Compact, sampleRun())
	t.Log("\n" + out)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	// run start, 2 node starts, 2 node ends, 2 decisions, 2 tool calls, run end, summary; no usage line
	if len(lines) != 11 {
		t.Errorf("compact printed %d lines, want 11", len(lines))
	}
	for _, want := range []string{
		"0.0s ▶ run r1 plan a trip",
		"orchestrate NextAction ← policy: need the route first [no model configured]",
		"0.1s ⚙ orchestrate maps_directions 147ms (cached)",
		"worker maps_elevation 2ms: no locations given",
		"✗ worker #2 failed after 750ms: worker gave up",
		"Σ 1s, 2 decisions (1 model, 1 policy), 2 tool calls (1 cached, 1 failed), 1 model call, 165 tokens",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("compact lacks %q", want)
		}
	}
}

func TestPrinterErrorsOnly(t *testing.T) {
	var b bytes.Buffer
	p := &Printer{W: &b, Style: ErrorsOnly}
	for _, e := range sampleRun() {
		p.Print(e)
	}
	p.Print(event.Event{Time: t0, Kind: event.Error, Node: "worker", Message: "attempt 1/2 failed; retrying", Err: "timeout"})
	p.Print(event.Event{Time: t0, Kind: event.RunEnd, RunID: "r1", Err: "node worker: gave up"})
	out := b.String()
	if n := strings.Count(out, "\n"); n != 3 {
		t.Errorf("errors-only printed %d lines, want 3 (failed node, error event, failed run):\n%s", n, out)
	}
	for _, want := range []string{"worker gave up", "attempt 1/2 failed", "run r1 failed"} {
		if !strings.Contains(out, want) {
			t.Errorf("errors-only output lacks %q:\n%s", want, out)
		}
	}
	// A failed tool call is an observation the agent handles, not an
	// outcome: it is left out.
	if strings.Contains(out, "no locations given") {
		t.Errorf("errors-only shows a failed tool call:\n%s", out)
	}
}

func TestPrinterFailedModelCall(t *testing.T) {
	var b bytes.Buffer
	p := &Printer{W: &b}
	p.Print(event.Event{Time: t0, Kind: event.Usage, Node: "plan", Err: "model server unreachable",
		Usage: &event.UsageInfo{Model: "ollama:qwen3:8b", Latency: time.Millisecond}})
	if out := b.String(); !strings.Contains(out, "Usage ERROR plan: ollama:qwen3:8b 0 prompt + 0 completion tokens in 1ms: model server unreachable") {
		t.Errorf("failed model call = %q", out)
	}
}

func TestPrinterColorHighlightsErrors(t *testing.T) {
	var b bytes.Buffer
	p := &Printer{W: &b, Color: true}
	p.Print(event.Event{Time: t0, Kind: event.Error, Node: "n", Err: "boom"})
	if !strings.Contains(b.String(), colRed) || !strings.Contains(b.String(), "boom") {
		t.Errorf("error not in red: %q", b.String())
	}
}

func TestPrinterSanitizesUntrustedText(t *testing.T) {
	var b bytes.Buffer
	p := &Printer{W: &b, Width: 10}
	p.Print(event.Event{Time: t0, Kind: event.Note, Message: "evil\x1b[2J\x07 text\n\n  that is long"})
	out := b.String()
	if strings.ContainsAny(out, "\x1b\x07") {
		t.Errorf("control characters passed through: %q", out)
	}
	if !strings.Contains(out, "evil[2J te…") {
		t.Errorf("want cleaned text cut to 10 characters, got %q", out)
	}
}

func TestPrinterInvalidJSONValue(t *testing.T) {
	var b bytes.Buffer
	p := &Printer{W: &b}
	p.Print(event.Event{Kind: event.ToolCall, Tool: &event.ToolInfo{Name: "x", Result: []byte("{not json")}})
	if !strings.Contains(b.String(), "{not json (invalid JSON)") {
		t.Errorf("invalid result not flagged: %q", b.String())
	}
}

func TestPrinterConcurrentLinesDoNotInterleave(t *testing.T) {
	var b bytes.Buffer
	p := &Printer{W: &b, Style: Compact}
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Go(func() {
			for range 50 {
				p.Print(event.Event{Time: t0, Kind: event.Note, Node: "n", Message: strings.Repeat(string(rune('a'+i)), 40)})
			}
		})
	}
	wg.Wait()
	for _, l := range strings.Split(strings.TrimSpace(b.String()), "\n") {
		msg := l[strings.LastIndex(l, " ")+1:]
		if len(msg) != 40 || strings.Count(msg, msg[:1]) != 40 {
			t.Fatalf("interleaved line %q", l)
		}
	}
}
