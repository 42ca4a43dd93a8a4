// Package trace records and renders a run's events.
//
// A Writer appends events to a JSONL file (one event.Event per line) and is
// usable as an event.Sink; Read and ReadFile stream them back, reporting a bad
// line by its number without stopping. A Printer renders events as text: a
// detailed Thought / Action / Observation timeline for `cairn trace show`, or
// a compact one-line-per-step progress view for a terminal. A Summary counts
// decisions, tool calls, tokens and wall time.
//
// OpenTelemetry export lives in the subpackage trace/otel so that programs
// which only write JSONL do not link the OpenTelemetry SDK.
package trace
