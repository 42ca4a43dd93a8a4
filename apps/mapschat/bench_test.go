package mapschat

import (
	"context"
	"encoding/json"
	"runtime"
	"slices"
	"syscall"
	"testing"
	"time"

	"github.com/cairn-agents/cairn/event"
	"github.com/cairn-agents/cairn/llm"
	"github.com/cairn-agents/cairn/tool"
)

// benchTurns is a conversation of the usual requests, follow-ups
// included; a benchmark cycles through it.
var benchTurns = []string{
	"what's good pizza around here?",
	"what's the address of the second one?",
	"how far is Dover from here?",
	"and by bike?",
	"how high is Lewes?",
	"is the first one open now?",
	"coffee near Newark, Delaware",
	"save this as home",
	"where is Lewes",
	"hello",
}

// BenchmarkPolicyTurn is one turn, analyzing → … → done, with no model on
// the offline engine, stored in memory: ns/op and its 95th percentile.
func BenchmarkPolicyTurn(b *testing.B) {
	a := chat(b, Options{})
	ctx := context.Background()
	var decisions llm.Counter
	var calls tool.Counter
	ctx = event.WithSink(ctx, decisions.Observe)
	ctx = event.WithSink(ctx, calls.Observe)
	id := session(b, a, "Wilmington, DE")
	var d []time.Duration
	i := 0
	cpu0 := cpuTime()
	for b.Loop() {
		start := time.Now()
		for _, err := range a.Send(ctx, id, Message{Text: benchTurns[i%len(benchTurns)]}) {
			if err != nil {
				b.Fatal(err)
			}
		}
		d = append(d, time.Since(start))
		i++
	}
	cpu := cpuTime() - cpu0
	slices.Sort(d)
	b.ReportMetric(float64(d[len(d)*95/100].Microseconds())/1000, "p95-ms")
	b.ReportMetric(float64(cpu.Microseconds())/1000/float64(i), "cpu-ms/op")
	b.ReportMetric(float64(calls.Counts().Calls)/float64(i), "tool-calls/op")
	b.ReportMetric(float64(decisions.Counts().PolicyDecisions)/float64(i), "policy-decisions/op")
}

// BenchmarkIdleSession is what one idle session costs once it holds the
// most a session keeps (the conversation above cycled past the limits):
// its JSON (the file FileSessions writes, and what MemSessions holds) and
// the heap of the session decoded (what a server holding it in memory
// would keep). FileSessions keeps no idle session in memory at all.
func BenchmarkIdleSession(b *testing.B) {
	a := chat(b, Options{})
	ctx := context.Background()
	id := session(b, a, "Wilmington, DE")
	for i := range maxTurns + 2 {
		for _, err := range a.Send(ctx, id, Message{Text: benchTurns[i%len(benchTurns)]}) {
			if err != nil {
				b.Fatal(err)
			}
		}
	}
	s, err := a.Session(ctx, id)
	if err != nil || len(s.Turns) < 10 {
		b.Fatalf("%d turns, %v", len(s.Turns), err)
	}
	raw, _ := json.Marshal(s)
	const n = 100
	var heap float64
	for b.Loop() {
		held := make([]*Session, 0, n)
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		for range n {
			s, err := decodeSession(raw, "bench")
			if err != nil {
				b.Fatal(err)
			}
			held = append(held, s)
		}
		runtime.GC()
		runtime.ReadMemStats(&after)
		heap = float64(after.HeapAlloc-before.HeapAlloc) / n
		runtime.KeepAlive(held)
	}
	b.ReportMetric(heap, "heap-B/session")
	b.ReportMetric(float64(len(raw)), "json-B/session")
}

// cpuTime is the CPU time the process has used: under a loaded machine
// it says what a turn costs better than the wall clock.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
