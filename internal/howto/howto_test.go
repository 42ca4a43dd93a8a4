package howto_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/cairn-agents/cairn/event"
	"github.com/cairn-agents/cairn/internal/howto"
	"github.com/cairn-agents/cairn/llm"
	"github.com/cairn-agents/cairn/tool"
)

// oneModel gives the same model to every role.
type oneModel struct{ m llm.Model }

func (o oneModel) For(string) llm.Model { return o.m }

var roster = map[howto.Queue]string{howto.Billing: "Ana", howto.Outage: "Bo"}

func Example() {
	desk, err := howto.New(nil, roster) // no model: policies decide
	if err != nil {
		fmt.Println(err)
		return
	}
	var decisions llm.Counter
	var calls tool.Counter
	ctx := event.WithSink(context.Background(), decisions.Observe)
	ctx = event.WithSink(ctx, calls.Observe)

	s, err := desk.Ask(ctx, "The site is down, we cannot log in")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(s.Answer)
	fmt.Println(s.Source, "|", s.Fallback)
	fmt.Println("policy decisions:", decisions.Counts().PolicyDecisions, "tool calls:", calls.Counts().Calls)
	// Output:
	// queue outage, urgent; on call: Bo
	// policy | no model configured
	// policy decisions: 1 tool calls: 1
}

func TestModelDecides(t *testing.T) {
	m := llm.Script(`{"queue":"billing","urgent":false,"reasoning":"asks about a charge"}`)
	desk, err := howto.New(oneModel{m}, roster)
	if err != nil {
		t.Fatal(err)
	}
	s, err := desk.Ask(context.Background(), "Why was I charged twice?")
	if err != nil {
		t.Fatal(err)
	}
	if s.Source != "model" || s.Triage.Queue != howto.Billing || s.OnCall != "Ana" {
		t.Errorf("state = %+v, want billing by the model, on call Ana", s)
	}
	if s.Triage.Reasoning != "asks about a charge" {
		t.Errorf("reasoning = %q", s.Triage.Reasoning)
	}
	reqs := m.Requests()
	if len(reqs) != 1 {
		t.Fatalf("model called %d times, want 1", len(reqs))
	}
	if len(reqs[0].Schema) == 0 || !strings.Contains(string(reqs[0].Schema), `"outage"`) {
		t.Errorf("request schema lacks the queue enum: %s", reqs[0].Schema)
	}
	var user string
	for _, msg := range reqs[0].Messages {
		if msg.Role == llm.User {
			user = msg.Content
		}
	}
	if !strings.Contains(user, "Why was I charged twice?") {
		t.Errorf("user prompt lacks the ticket:\n%s", user)
	}
}

func TestInvalidRepliesFallBackToPolicy(t *testing.T) {
	// Urgent "other" breaks Triage.Validate: the reply is sent back twice,
	// then the policy decides.
	bad := `{"queue":"other","urgent":true,"reasoning":"?"}`
	m := llm.Script(bad, bad, bad)
	desk, err := howto.New(oneModel{m}, roster)
	if err != nil {
		t.Fatal(err)
	}
	s, err := desk.Ask(context.Background(), "Refund my invoice please")
	if err != nil {
		t.Fatal(err)
	}
	if s.Source != "policy" || !strings.HasPrefix(s.Fallback, "invalid model output after 3 attempts") {
		t.Errorf("source %q fallback %q, want the policy after 3 invalid replies", s.Source, s.Fallback)
	}
	if s.Triage.Queue != howto.Billing {
		t.Errorf("queue = %q, want the policy's billing", s.Triage.Queue)
	}
	if got := m.Calls(); got != 3 {
		t.Fatalf("model calls = %d, want 3", got)
	}
	if !strings.Contains(lastContent(m.Requests()[1]), "urgent ticket needs") {
		t.Errorf("repair request does not carry the Validate error:\n%s", lastContent(m.Requests()[1]))
	}
}

func lastContent(r llm.Request) string { return r.Messages[len(r.Messages)-1].Content }

func TestMissingRosterEntryIsReported(t *testing.T) {
	desk, err := howto.New(nil, map[howto.Queue]string{howto.Billing: "Ana"})
	if err != nil {
		t.Fatal(err)
	}
	s, err := desk.Ask(context.Background(), "Outage: API returns 500")
	if err != nil {
		t.Fatal(err)
	}
	if s.OnCall != "" || !strings.Contains(s.Missing, `queue "outage"`) {
		t.Errorf("onCall %q missing %q: want empty with a reason naming the queue", s.OnCall, s.Missing)
	}
	if !strings.Contains(s.Answer, "on call unknown") {
		t.Errorf("answer = %q", s.Answer)
	}
}

func TestOtherQueueSkipsLookup(t *testing.T) {
	desk, err := howto.New(nil, roster)
	if err != nil {
		t.Fatal(err)
	}
	var calls tool.Counter
	s, err := desk.Ask(event.WithSink(context.Background(), calls.Observe), "How do I change my avatar?")
	if err != nil {
		t.Fatal(err)
	}
	if s.Triage.Queue != howto.Other || calls.Counts().Calls != 0 || s.Answer != "queue other" {
		t.Errorf("state %+v after %d tool calls, want queue other and no lookup", s, calls.Counts().Calls)
	}
}

func TestEmptyTicket(t *testing.T) {
	desk, err := howto.New(nil, roster)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := desk.Ask(context.Background(), "  "); !errors.Is(err, howto.ErrEmptyTicket) {
		t.Errorf("err = %v, want ErrEmptyTicket", err)
	}
}

func TestEventsReachTheSink(t *testing.T) {
	desk, err := howto.New(nil, roster)
	if err != nil {
		t.Fatal(err)
	}
	var (
		mu    sync.Mutex // sinks must be safe for concurrent use
		kinds []string
		nodes []string
	)
	sink := func(e event.Event) {
		mu.Lock()
		defer mu.Unlock()
		kinds = append(kinds, string(e.Kind))
		if e.Kind == event.Decision || e.Kind == event.ToolCall {
			nodes = append(nodes, string(e.Kind)+"@"+e.Node)
		}
	}
	if _, err := desk.Ask(event.WithSink(context.Background(), sink), "Refund please"); err != nil {
		t.Fatal(err)
	}
	if kinds[0] != "run_start" || kinds[len(kinds)-1] != "run_end" {
		t.Errorf("events %v: want run_start first and run_end last", kinds)
	}
	if got := strings.Join(nodes, " "); got != "decision@classify tool_call@lookup" {
		t.Errorf("decision and tool events stamped %q, want decision@classify tool_call@lookup", got)
	}
}

func BenchmarkAsk(b *testing.B) {
	desk, err := howto.New(nil, roster)
	if err != nil {
		b.Fatal(err)
	}
	var decisions llm.Counter
	var calls tool.Counter
	ctx := event.WithSink(context.Background(), decisions.Observe)
	ctx = event.WithSink(ctx, calls.Observe)
	for b.Loop() {
		if _, err := desk.Ask(ctx, "Refund my invoice"); err != nil {
			b.Fatal(err)
		}
	}
	c := decisions.Counts()
	b.ReportMetric(float64(c.ModelCalls)/float64(b.N), "model-calls/op")
	b.ReportMetric(float64(c.PolicyDecisions)/float64(b.N), "policy-decisions/op")
	b.ReportMetric(float64(calls.Counts().Calls)/float64(b.N), "tool-calls/op")
}
