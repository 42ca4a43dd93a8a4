package tool

import (
	"maps"
	"sync"

	"github.com/cairn-agents/cairn/event"
)

// Counter counts the tool calls of a run from its events. Install it with
//
//	var n tool.Counter
//	ctx = event.WithSink(ctx, n.Observe)
//
// and wrap tools in Events so each call emits one event. The zero value is
// ready to use and it is safe for concurrent use.
type Counter struct {
	mu     sync.Mutex
	counts Counts
}

// Counts is a snapshot of a Counter.
type Counts struct {
	Calls  int            `json:"calls"`
	Errors int            `json:"errors"`
	Cached int            `json:"cached"`
	ByTool map[string]int `json:"by_tool,omitempty"`
}

// Observe counts e if it is a tool call; other events are ignored. Its
// signature matches event.Sink.
func (c *Counter) Observe(e event.Event) {
	if e.Kind != event.ToolCall || e.Tool == nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.counts.Calls++
	if e.Tool.Err != "" {
		c.counts.Errors++
	}
	if e.Tool.Cached {
		c.counts.Cached++
	}
	if c.counts.ByTool == nil {
		c.counts.ByTool = make(map[string]int)
	}
	c.counts.ByTool[e.Tool.Name]++
}

// Counts returns the counts so far.
func (c *Counter) Counts() Counts {
	c.mu.Lock()
	defer c.mu.Unlock()
	out := c.counts
	out.ByTool = maps.Clone(c.counts.ByTool)
	return out
}
