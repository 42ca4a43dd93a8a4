// Package otel turns a run's events into OpenTelemetry spans and exports
// them over OTLP/HTTP.
//
// A run becomes a root span; each node execution a child of it; decisions,
// tool calls and model calls children of the node they happened in, with
// their start time taken from the latency or duration the event reports.
// Errors, notes, checkpoints and a run's questions and answers
// (interrupt, resume) become span events. A run started inside a
// node of another run (a sub-graph) is a child of that node.
//
// Events arrive after the fact, so spans are created with explicit
// timestamps from the events, not from the clock.
package otel

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/codes"
	"go.opentelemetry.io/otel/exporters/otlp/otlptrace/otlptracehttp"
	"go.opentelemetry.io/otel/sdk/resource"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	oteltrace "go.opentelemetry.io/otel/trace"

	"github.com/cairn-agents/cairn/event"
)

// Enabled reports whether the environment configures an OTLP endpoint
// (OTEL_EXPORTER_OTLP_ENDPOINT or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT).
func Enabled() bool {
	return os.Getenv("OTEL_EXPORTER_OTLP_ENDPOINT") != "" || os.Getenv("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT") != ""
}

// Sink returns an event sink that exports spans with OTLP over HTTP,
// configured by the standard OTEL_EXPORTER_OTLP_* and OTEL_SERVICE_NAME
// variables (the service name defaults to "cairn"). When Enabled is false
// it returns a nil sink and a shutdown that does nothing.
//
// shutdown ends spans still open, flushes the exporter and stops it; call
// it before the program exits or spans are lost.
func Sink(ctx context.Context) (sink event.Sink, shutdown func(context.Context) error, err error) {
	noop := func(context.Context) error { return nil }
	if !Enabled() {
		return nil, noop, nil
	}
	exp, err := otlptracehttp.New(ctx)
	if err != nil {
		return nil, noop, fmt.Errorf("otel: OTLP exporter: %w", err)
	}
	res, err := resource.New(ctx,
		resource.WithAttributes(attribute.String("service.name", "cairn")),
		resource.WithFromEnv(),
		resource.WithTelemetrySDK(),
	)
	if err != nil && res == nil {
		return nil, noop, fmt.Errorf("otel: resource: %w", err)
	}
	// A large queue: a run emits its events in bursts, and a full queue
	// drops spans rather than slow the run down.
	tp := sdktrace.NewTracerProvider(sdktrace.WithBatcher(exp, sdktrace.WithMaxQueueSize(1<<15)), sdktrace.WithResource(res))
	s := newSpans(tp.Tracer("github.com/cairn-agents/cairn/trace/otel"))
	return s.observe, func(ctx context.Context) error {
		s.endAll(time.Now())
		return errors.Join(tp.ForceFlush(ctx), tp.Shutdown(ctx))
	}, nil
}

// MaxAttr is the most bytes of an argument, result or value recorded as a
// span attribute; longer values are cut.
const MaxAttr = 4096

// spans maps events to spans. Open runs and nodes are keyed by run ID and
// by run ID, node name and step.
type spans struct {
	tracer oteltrace.Tracer
	mu     sync.Mutex
	runs   map[string]oteltrace.Span
	nodes  map[nodeKey]oteltrace.Span
}

type nodeKey struct {
	run, node string
	step      int
}

func newSpans(t oteltrace.Tracer) *spans {
	return &spans{tracer: t, runs: map[string]oteltrace.Span{}, nodes: map[nodeKey]oteltrace.Span{}}
}

func (s *spans) observe(e event.Event) {
	if e.Time.IsZero() {
		e.Time = time.Now()
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	switch e.Kind {
	case event.RunStart:
		s.startRun(e)
	case event.RunEnd:
		s.endRun(e)
	case event.NodeStart:
		s.startNode(e, e.Time)
	case event.NodeEnd:
		k := nodeKey{e.RunID, e.Node, e.Step}
		sp, ok := s.nodes[k]
		if !ok {
			sp = s.startNode(e, e.Time.Add(-e.Duration))
		}
		delete(s.nodes, k)
		if e.Err != "" {
			sp.SetStatus(codes.Error, e.Err)
		}
		sp.End(oteltrace.WithTimestamp(e.Time))
	case event.Decision:
		s.decision(e)
	case event.ToolCall:
		s.toolCall(e)
	case event.Usage:
		s.usage(e)
	case event.Error:
		sp := s.parent(e)
		sp.AddEvent("error", oteltrace.WithTimestamp(e.Time), oteltrace.WithAttributes(
			str("exception.message", e.Err), str("cairn.message", e.Message)))
	case event.Interrupt, event.Resume:
		s.interrupt(e)
	default: // notes, checkpoints, state, kinds added later
		attrs := []attribute.KeyValue{attribute.Int("cairn.step", e.Step)}
		if e.Message != "" {
			attrs = append(attrs, str("cairn.message", e.Message))
		}
		if len(e.State) > 0 {
			attrs = append(attrs, attribute.Int("cairn.state.bytes", len(e.State)))
		}
		s.parent(e).AddEvent(name(string(e.Kind)), oteltrace.WithTimestamp(e.Time), oteltrace.WithAttributes(attrs...))
	}
}

func (s *spans) startRun(e event.Event) oteltrace.Span {
	ctx := context.Background()
	if e.Node != "" { // a sub-graph run inside a node of an enclosing run
		if p := s.openNodeNamed(e.Node, e.Step, e.RunID); p != nil {
			ctx = oteltrace.ContextWithSpan(ctx, p)
		}
	}
	n := "run"
	if e.Message != "" {
		n = name("run", e.Message)
	}
	_, sp := s.tracer.Start(ctx, n, oteltrace.WithTimestamp(e.Time), oteltrace.WithAttributes(
		str("cairn.run.id", e.RunID)))
	if old, ok := s.runs[e.RunID]; ok {
		old.End(oteltrace.WithTimestamp(e.Time)) // a second start for the same ID: close the first
	}
	s.runs[e.RunID] = sp
	return sp
}

// openNodeNamed finds the open node span of another run with this node
// name and step; nil unless exactly one matches.
func (s *spans) openNodeNamed(node string, step int, notRun string) oteltrace.Span {
	var found oteltrace.Span
	for k, sp := range s.nodes {
		if k.node == node && k.step == step && k.run != notRun {
			if found != nil {
				return nil
			}
			found = sp
		}
	}
	return found
}

func (s *spans) endRun(e event.Event) {
	sp, ok := s.runs[e.RunID]
	if !ok {
		sp = s.startRun(event.Event{Time: e.Time.Add(-e.Duration), RunID: e.RunID, Node: e.Node, Step: e.Step})
	}
	delete(s.runs, e.RunID)
	for k, n := range s.nodes {
		if k.run == e.RunID {
			n.SetStatus(codes.Error, "run ended before the node")
			n.End(oteltrace.WithTimestamp(e.Time))
			delete(s.nodes, k)
		}
	}
	if e.Err != "" {
		sp.SetStatus(codes.Error, e.Err)
	}
	if e.Message != "" {
		sp.SetAttributes(str("cairn.run.outcome", e.Message))
	}
	sp.End(oteltrace.WithTimestamp(e.Time))
}

func (s *spans) startNode(e event.Event, at time.Time) oteltrace.Span {
	ctx := oteltrace.ContextWithSpan(context.Background(), s.run(e))
	_, sp := s.tracer.Start(ctx, name("node", e.Node), oteltrace.WithTimestamp(at), oteltrace.WithAttributes(
		str("cairn.run.id", e.RunID),
		str("cairn.node", e.Node),
		attribute.Int("cairn.step", e.Step)))
	s.nodes[nodeKey{e.RunID, e.Node, e.Step}] = sp
	return sp
}

// run returns the open span of e's run, starting one at e's time when the
// run's start was not seen.
func (s *spans) run(e event.Event) oteltrace.Span {
	if sp, ok := s.runs[e.RunID]; ok {
		return sp
	}
	return s.startRun(event.Event{Time: e.Time, RunID: e.RunID})
}

// parent is the span an event of a node belongs to: its node's span when
// open, else its run's.
func (s *spans) parent(e event.Event) oteltrace.Span {
	if sp, ok := s.nodes[nodeKey{e.RunID, e.Node, e.Step}]; ok {
		return sp
	}
	return s.run(e)
}

// child records a finished span under e's parent, from end-d to end.
func (s *spans) child(e event.Event, spanName string, d time.Duration, attrs ...attribute.KeyValue) oteltrace.Span {
	ctx := oteltrace.ContextWithSpan(context.Background(), s.parent(e))
	_, sp := s.tracer.Start(ctx, spanName, oteltrace.WithTimestamp(e.Time.Add(-d)), oteltrace.WithAttributes(attrs...))
	return sp
}

func (s *spans) decision(e event.Event) {
	d := e.Decision
	if d == nil {
		d = &event.DecisionInfo{}
	}
	sp := s.child(e, name("decision", d.Name), e.Duration,
		str("cairn.decision.name", d.Name),
		str("cairn.decision.source", d.Source),
		attribute.Int("cairn.decision.attempts", d.Attempts))
	setNonEmpty(sp, "cairn.decision.model", d.Model)
	setNonEmpty(sp, "cairn.decision.reasoning", cut(d.Reasoning))
	setNonEmpty(sp, "cairn.decision.fallback", d.Fallback)
	setNonEmpty(sp, "cairn.decision.value", cut(string(d.Value)))
	sp.End(oteltrace.WithTimestamp(e.Time))
}

func (s *spans) toolCall(e event.Event) {
	t := e.Tool
	if t == nil {
		t = &event.ToolInfo{}
	}
	sp := s.child(e, name("tool", t.Name), t.Latency,
		str("gen_ai.tool.name", t.Name),
		attribute.Bool("cairn.tool.cached", t.Cached),
		attribute.Int("cairn.tool.result.bytes", len(t.Result)))
	setNonEmpty(sp, "cairn.tool.args", cut(string(t.Args)))
	if t.Err != "" {
		sp.SetStatus(codes.Error, t.Err)
	}
	sp.End(oteltrace.WithTimestamp(e.Time))
}

func (s *spans) usage(e event.Event) {
	u := e.Usage
	if u == nil {
		u = &event.UsageInfo{}
	}
	sp := s.child(e, name("chat", u.Model), u.Latency,
		str("gen_ai.request.model", u.Model),
		attribute.Int("gen_ai.usage.input_tokens", u.PromptTokens),
		attribute.Int("gen_ai.usage.output_tokens", u.CompletionTokens))
	sp.End(oteltrace.WithTimestamp(e.Time))
}

// interrupt records a question a run stops for, or its answer, as an
// event of the run's span.
func (s *spans) interrupt(e event.Event) {
	attrs := []attribute.KeyValue{str("cairn.node", e.Node), attribute.Int("cairn.step", e.Step)}
	if e.Message != "" {
		attrs = append(attrs, str("cairn.message", e.Message))
	}
	if q := e.Interrupt; q != nil {
		attrs = append(attrs, str("cairn.interrupt.id", q.ID), str("cairn.interrupt.question", cut(q.Question)))
		if len(q.Options) > 0 {
			opts := make([]string, len(q.Options))
			for i, o := range q.Options {
				opts[i] = strings.ToValidUTF8(o, "\uFFFD")
			}
			attrs = append(attrs, attribute.StringSlice("cairn.interrupt.options", opts))
		}
		if !q.Deadline.IsZero() {
			attrs = append(attrs, str("cairn.interrupt.deadline", q.Deadline.UTC().Format(time.RFC3339)))
		}
		if len(q.Answer) > 0 {
			attrs = append(attrs, str("cairn.interrupt.answer", cut(string(q.Answer))))
		}
	}
	s.parent(e).AddEvent(string(e.Kind), oteltrace.WithTimestamp(e.Time), oteltrace.WithAttributes(attrs...))
}

// endAll ends every open span at t: the program is exiting.
func (s *spans) endAll(t time.Time) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for k, sp := range s.nodes {
		sp.SetStatus(codes.Error, "not ended when tracing shut down")
		sp.End(oteltrace.WithTimestamp(t))
		delete(s.nodes, k)
	}
	for id, sp := range s.runs {
		sp.SetStatus(codes.Error, "not ended when tracing shut down")
		sp.End(oteltrace.WithTimestamp(t))
		delete(s.runs, id)
	}
}

func setNonEmpty(sp oteltrace.Span, key, v string) {
	if v != "" {
		sp.SetAttributes(str(key, v))
	}
}

// str is a string attribute made valid UTF-8: OTLP's protobuf encoding
// rejects anything else, and events carry text from models and tools.
func str(key, v string) attribute.KeyValue {
	return attribute.String(key, strings.ToValidUTF8(v, "\uFFFD"))
}

func cut(s string) string {
	if len(s) <= MaxAttr {
		return s
	}
	i := MaxAttr
	for i > 0 && !utf8.RuneStart(s[i]) {
		i--
	}
	return s[:i] + "…(" + strconv.Itoa(len(s)) + " bytes)"
}

// name is a span name made valid UTF-8.
func name(parts ...string) string {
	return strings.ToValidUTF8(strings.Join(parts, " "), "\uFFFD")
}
