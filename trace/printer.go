package trace

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"
	"sync"
	"time"
	"unicode"

	"github.com/cairn-agents/cairn/event"
)

// Style selects how much a Printer shows.
type Style int

// Printer styles.
const (
	// Timeline shows every event in Thought / Action / Observation form:
	// decisions with source, reasoning, fallback reason and value; tool
	// calls with arguments, result, latency and cache hits; node spans,
	// usage, notes and errors.
	Timeline Style = iota
	// Compact shows one short line per run, node, decision, tool call,
	// note and error: a progress view for a terminal.
	Compact
	// ErrorsOnly shows what changes a run's outcome: error events, failed
	// nodes and failed runs. A failed tool call is not shown: it is an
	// observation the agent handles (a search with no results is a normal
	// part of planning), and a failure that matters ends its node or run.
	ErrorsOnly
)

// Printer renders events as text, one event per call, with times relative
// to the first event. It is safe for concurrent use and p.Print is an
// event.Sink. Write errors are ignored: printing is best effort.
type Printer struct {
	W     io.Writer
	Style Style
	// Color adds ANSI colours: labels coloured by kind, errors in red.
	Color bool
	// Width is the most characters of a JSON value (arguments, results,
	// decided values) or text shown; 0 means 200, negative means no limit.
	Width int

	mu    sync.Mutex
	start time.Time
	buf   bytes.Buffer
}

const (
	colReset  = "\x1b[0m"
	colRed    = "\x1b[1;31m"
	colYellow = "\x1b[33m"
	colGreen  = "\x1b[32m"
	colCyan   = "\x1b[36m"
	colBlue   = "\x1b[34m"
	colDim    = "\x1b[2m"
)

// Print renders e.
func (p *Printer) Print(e event.Event) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.start.IsZero() && !e.Time.IsZero() {
		p.start = e.Time
	}
	p.buf.Reset()
	switch p.Style {
	case Compact:
		p.compact(e)
	case ErrorsOnly:
		if failed(e) {
			p.compact(e)
		}
	default:
		p.timeline(e)
	}
	if p.buf.Len() > 0 {
		p.W.Write(p.buf.Bytes())
	}
}

// failed reports whether e is an error that changes a run's outcome.
func failed(e event.Event) bool {
	switch e.Kind {
	case event.Error:
		return true
	case event.NodeEnd, event.RunEnd:
		return e.Err != ""
	}
	return false
}

// timeline: label column of 12, continuation lines aligned under the text.
func (p *Printer) timeline(e event.Event) {
	at := p.rel(e.Time, "+%.3fs")
	const pad = "                     " // width of "+0.000s  " + label column
	line := func(ts, label, color, text string) {
		fmt.Fprintf(&p.buf, "%9s %s %s\n", ts, p.paint(color, fmt.Sprintf("%-11s", label)), text)
	}
	more := func(label, text string) {
		if text != "" {
			fmt.Fprintf(&p.buf, "%s%s %s\n", pad[:10], p.paint(colDim, fmt.Sprintf("%-11s", label)), text)
		}
	}
	where := ""
	if e.Node != "" {
		where = p.clean(e.Node) + ": "
	}
	switch e.Kind {
	case event.RunStart:
		line(at, "Run", colBlue, join("started", p.clean(e.RunID), p.text(e.Message)))
	case event.RunEnd:
		text := join("ended", p.clean(e.RunID), dur("after", e.Duration), paren(p.text(e.Message)))
		if e.Err != "" {
			line(at, "Run ERROR", colRed, text+": "+p.paint(colRed, p.text(e.Err)))
		} else {
			line(at, "Run", colBlue, text)
		}
	case event.NodeStart:
		line(at, "Node ▸", colBlue, join(p.clean(e.Node), step(e.Step), "started", p.text(e.Message)))
	case event.NodeEnd:
		text := join(p.clean(e.Node), step(e.Step), "ended", dur("in", e.Duration), p.text(e.Message))
		if e.Err != "" {
			line(at, "Node ERROR", colRed, text+": "+p.paint(colRed, p.text(e.Err)))
		} else {
			line(at, "Node ◂", colBlue, text)
		}
	case event.Decision:
		d := e.Decision
		if d == nil {
			line(at, "Thought", colCyan, where+p.text(e.Message))
			break
		}
		line(at, "Thought", colCyan, join(where+p.clean(d.Name), "decided by", source(d), dur("in", e.Duration)))
		more("fallback", p.text(d.Fallback))
		more("reasoning", p.text(d.Reasoning))
		more("value", p.json(d.Value))
		more("note", p.text(e.Message))
	case event.ToolCall:
		t := e.Tool
		if t == nil {
			line(at, "Action", colYellow, where+p.text(e.Message))
			break
		}
		line(at, "Action", colYellow, where+p.clean(t.Name)+" "+p.json(t.Args))
		obs := fmtDur(t.Latency)
		if t.Cached {
			obs += " (cached)"
		}
		if t.Err != "" {
			fmt.Fprintf(&p.buf, "%s%s %s %s\n", pad[:10], p.paint(colRed, fmt.Sprintf("%-11s", "Observation")), obs, p.paint(colRed, "ERROR: "+p.text(t.Err)))
		} else {
			fmt.Fprintf(&p.buf, "%s%s %s %s\n", pad[:10], p.paint(colGreen, fmt.Sprintf("%-11s", "Observation")), obs, p.json(t.Result))
		}
	case event.Usage:
		u := e.Usage
		if u == nil {
			line(at, "Usage", colDim, where+p.text(e.Message))
			break
		}
		text := fmt.Sprintf("%s%s %d prompt + %d completion tokens in %s", where, p.clean(u.Model), u.PromptTokens, u.CompletionTokens, fmtDur(u.Latency))
		if e.Err != "" {
			line(at, "Usage ERROR", colRed, text+": "+p.paint(colRed, p.text(e.Err)))
		} else {
			line(at, "Usage", colDim, text)
		}
	case event.Error:
		line(at, "ERROR", colRed, p.paint(colRed, where+p.text(join(e.Err, e.Message))))
	case event.Note:
		line(at, "Note", colDim, where+p.text(e.Message))
	case event.StateSet:
		line(at, "State", colDim, where+join(p.text(e.Message), p.json(e.State)))
	case event.Checkpoint:
		line(at, "Checkpoint", colDim, join(where+step(e.Step), p.text(e.Message)))
	case event.Interrupt:
		q := e.Interrupt
		if q == nil {
			line(at, "Ask", colYellow, where+p.text(e.Message))
			break
		}
		line(at, "Ask", colYellow, join(where+p.clean(q.ID), p.text(q.Question)))
		more("options", p.text(strings.Join(q.Options, " | ")))
		if !q.Deadline.IsZero() {
			more("deadline", q.Deadline.UTC().Format(time.RFC3339))
		}
	case event.Resume:
		q := e.Interrupt
		if q == nil || len(q.Answer) == 0 {
			line(at, "Resume", colGreen, where+p.text(e.Message))
			break
		}
		line(at, "Answer", colGreen, join(where+p.clean(q.ID), p.json(q.Answer)))
	default:
		text := join(where+p.text(e.Message), p.text(e.Err))
		line(at, p.clean(string(e.Kind)), "", text)
	}
}

func (p *Printer) compact(e event.Event) {
	at := p.rel(e.Time, "%.1fs")
	out := func(mark, color, text string) {
		fmt.Fprintf(&p.buf, "%7s %s %s\n", at, p.paint(color, mark), text)
	}
	node := p.clean(e.Node)
	switch e.Kind {
	case event.RunStart:
		out("▶", colBlue, join("run", p.clean(e.RunID), p.short(e.Message)))
	case event.RunEnd:
		if e.Err != "" {
			out("✗", colRed, join("run", p.clean(e.RunID), "failed", dur("after", e.Duration)+":", p.paint(colRed, p.short(e.Err))))
		} else if strings.HasPrefix(e.Message, "interrupted") {
			out("⏸", colYellow, join("run", p.clean(e.RunID), "waits for an answer", dur("after", e.Duration)))
		} else {
			out("■", colBlue, join("run", p.clean(e.RunID), "done", dur("in", e.Duration)))
		}
	case event.NodeStart:
		out("▸", colBlue, join(node, step(e.Step)))
	case event.NodeEnd:
		if e.Err != "" {
			out("✗", colRed, join(node, step(e.Step), "failed", dur("after", e.Duration)+":", p.paint(colRed, p.short(e.Err))))
		} else {
			out("◂", colBlue, join(node, step(e.Step), fmtDurIf(e.Duration)))
		}
	case event.Decision:
		if d := e.Decision; d != nil {
			why := d.Reasoning
			if d.Source != "model" && d.Fallback != "" {
				why = join(d.Reasoning, "["+d.Fallback+"]")
			}
			out("?", colCyan, join(node, p.clean(d.Name), "←", source(d)+":", p.short(why)))
		}
	case event.ToolCall:
		if t := e.Tool; t != nil {
			text := join(node, p.clean(t.Name), fmtDur(t.Latency))
			if t.Cached {
				text += " (cached)"
			}
			if t.Err != "" {
				out("✗", colRed, text+": "+p.paint(colRed, p.short(t.Err)))
			} else {
				out("⚙", colYellow, text)
			}
		}
	case event.Note:
		out("·", colDim, join(node, p.short(e.Message)))
	case event.Error:
		out("✗", colRed, p.paint(colRed, join(node+":", p.short(join(e.Err, e.Message)))))
	case event.Interrupt:
		text := p.short(e.Message)
		if q := e.Interrupt; q != nil {
			text = join(p.short(q.Question), paren(p.short(strings.Join(q.Options, " | "))))
		}
		out("⏸", colYellow, join(node, "asks:", text))
	case event.Resume:
		text := p.short(e.Message)
		if q := e.Interrupt; q != nil && len(q.Answer) > 0 {
			text = join(p.clean(q.ID), "answered:", cut(p.json(q.Answer), 100))
		}
		out("⏵", colGreen, join(node, text))
	}
}

// PrintSummary renders s: a block of totals in the Timeline style, one line
// otherwise.
func (p *Printer) PrintSummary(s *Summary) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.buf.Reset()
	dec := fmt.Sprintf("%s (%d model, %d policy)", plural(s.Decisions, "decision"), s.ModelDecisions, s.PolicyDecisions)
	tools := plural(s.ToolCalls, "tool call")
	if s.CachedToolCalls > 0 || s.FailedToolCalls > 0 {
		tools += fmt.Sprintf(" (%d cached, %d failed)", s.CachedToolCalls, s.FailedToolCalls)
	}
	tokens := fmt.Sprintf("%s, %s (%d prompt + %d completion)", plural(s.ModelCalls, "model call"), plural(s.Tokens(), "token"), s.PromptTokens, s.CompletionTokens)
	errs := plural(s.Errors, "error")
	if s.Errors > 0 {
		errs = p.paint(colRed, errs)
	}
	if p.Style != Timeline {
		fmt.Fprintf(&p.buf, "%7s %s %s\n", "", p.paint(colDim, "Σ"), strings.Join([]string{fmtDur(s.Wall), dec, tools, tokens, errs}, ", "))
		p.W.Write(p.buf.Bytes())
		return
	}
	fmt.Fprintf(&p.buf, "%s\n", p.paint(colDim, "── summary ──────────────────────────────"))
	row := func(k, v string) { fmt.Fprintf(&p.buf, "%-12s %s\n", k, v) }
	if len(s.Runs) > 0 {
		row("runs", p.clean(strings.Join(s.Runs, ", ")))
	}
	row("wall time", fmtDur(s.Wall))
	row("events", fmt.Sprint(s.Events))
	row("nodes", fmt.Sprint(s.Nodes))
	row("decisions", dec)
	row("tool calls", tools)
	row("usage", tokens)
	for _, name := range slices.Sorted(maps.Keys(s.ByModel)) {
		m := s.ByModel[name]
		row("", fmt.Sprintf("%s: %s, %d prompt + %d completion tokens", p.clean(name), plural(m.Calls, "call"), m.PromptTokens, m.CompletionTokens))
	}
	row("errors", errs)
	p.W.Write(p.buf.Bytes())
}

func (p *Printer) rel(t time.Time, format string) string {
	if t.IsZero() || p.start.IsZero() {
		return ""
	}
	return fmt.Sprintf(format, t.Sub(p.start).Seconds())
}

func (p *Printer) paint(color, s string) string {
	if !p.Color || color == "" || s == "" {
		return s
	}
	return color + s + colReset
}

func (p *Printer) width() int {
	switch {
	case p.Width == 0:
		return 200
	case p.Width < 0:
		return -1
	}
	return p.Width
}

// text is untrusted text made printable, whitespace runs collapsed, cut
// to the width.
func (p *Printer) text(s string) string { return cut(p.clean(s), p.width()) }

// short is text cut to a shorter width, for the compact style.
func (p *Printer) short(s string) string {
	w := p.width()
	if w < 0 || w > 100 {
		w = 100
	}
	return cut(p.clean(s), w)
}

// json renders a raw JSON value on one line, cut to the width.
func (p *Printer) json(raw json.RawMessage) string {
	if len(raw) == 0 {
		return ""
	}
	var b bytes.Buffer
	if err := json.Compact(&b, raw); err != nil {
		return p.text(string(raw)) + " (invalid JSON)"
	}
	return cut(p.clean(b.String()), p.width())
}

// clean drops control characters (a trace is untrusted input and must not
// drive the terminal) and collapses whitespace runs to one space.
func (p *Printer) clean(s string) string {
	var b strings.Builder
	space := false
	for _, r := range s {
		switch {
		case unicode.IsSpace(r):
			space = b.Len() > 0
			continue
		case unicode.IsControl(r) || r == unicode.ReplacementChar:
			continue
		}
		if space {
			b.WriteByte(' ')
			space = false
		}
		b.WriteRune(r)
	}
	return b.String()
}

func cut(s string, w int) string {
	if w < 0 {
		return s
	}
	n := 0
	for i := range s {
		if n == w {
			return s[:i] + "…"
		}
		n++
	}
	return s
}

func source(d *event.DecisionInfo) string {
	s := d.Source
	if s == "" {
		s = "unknown source"
	}
	if d.Model != "" {
		s += " " + d.Model
	}
	if d.Attempts > 0 {
		s += " (" + plural(d.Attempts, "model call") + ")"
	}
	return s
}

func paren(s string) string {
	if s == "" {
		return ""
	}
	return "(" + s + ")"
}

func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

func step(n int) string {
	if n == 0 {
		return ""
	}
	return fmt.Sprintf("#%d", n)
}

func dur(prefix string, d time.Duration) string {
	if d <= 0 {
		return ""
	}
	return prefix + " " + fmtDur(d)
}

func fmtDurIf(d time.Duration) string {
	if d <= 0 {
		return ""
	}
	return fmtDur(d)
}

// fmtDur prints d rounded to a readable precision.
func fmtDur(d time.Duration) string {
	switch {
	case d >= time.Second:
		return d.Round(time.Millisecond).String()
	case d >= time.Millisecond:
		return d.Round(10 * time.Microsecond).String()
	case d >= time.Microsecond:
		return d.Round(time.Microsecond).String()
	}
	return d.String()
}

// join joins the non-empty parts with spaces.
func join(parts ...string) string {
	var b strings.Builder
	for _, s := range parts {
		if s == "" {
			continue
		}
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(s)
	}
	return b.String()
}
