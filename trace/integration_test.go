package trace_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/cairn-agents/cairn/event"
	"github.com/cairn-agents/cairn/flow"
	"github.com/cairn-agents/cairn/llm"
	"github.com/cairn-agents/cairn/tool"
	"github.com/cairn-agents/cairn/trace"
)

// Pick is a decision type for the test graph.
type Pick struct {
	City string `json:"city"`
	Why  string `json:"why"`
}

func (p Pick) Reason() string { return p.Why }

type state struct {
	Cities []string `json:"cities"`
	Lat    float64  `json:"lat"`
}

// TestRealRunRoundTrip runs a real flow graph whose nodes make decisions
// with llm.Decide (one answered by a scripted model, one by the policy)
// and call a real cached tool, writes the events with a Writer, reads them
// back and checks the timeline and totals.
func TestRealRunRoundTrip(t *testing.T) {
	geocode := tool.Must(tool.New("geocode", "city to latitude", func(ctx context.Context, in struct {
		City string `json:"city"`
	}) (map[string]float64, error) {
		if in.City == "Atlantis" {
			return nil, errors.New("unknown city")
		}
		return map[string]float64{"lat": 42.36}, nil
	}))
	reg, err := tool.NewRegistry(geocode)
	if err != nil {
		t.Fatal(err)
	}
	cache := tool.NewCache(0, 0)
	tools := reg.With(tool.Events(0), cache.Middleware())

	model := &llm.Scripted{ModelName: "qwen3:8b", Replies: []llm.Response{{
		Message: llm.Message{Role: llm.Assistant, Content: `{"city":"Boston","why":"closest"}`},
		Usage:   llm.Usage{PromptTokens: 50, CompletionTokens: 10},
	}}}
	policy := func(context.Context) (Pick, error) { return Pick{City: "Boston", Why: "first on the list"}, nil }

	g := flow.New[state]("demo")
	g.Node("pick", func(ctx context.Context, s state) (state, error) {
		d, err := llm.Decide(ctx, model, llm.Prompt{Name: "Pick", User: "pick a city", MaxRepairs: 2}, policy)
		if err != nil {
			return s, err
		}
		d2, err := llm.Decide(ctx, nil, llm.Prompt{Name: "Pick", MaxRepairs: 2}, policy)
		if err != nil {
			return s, err
		}
		s.Cities = append(s.Cities, d.Value.City, d2.Value.City)
		return s, nil
	})
	g.Node("locate", func(ctx context.Context, s state) (state, error) {
		for _, c := range append(s.Cities, "Atlantis") {
			res, err := tools.Call(ctx, "geocode", json.RawMessage(`{"city":"`+c+`"}`))
			if err != nil {
				continue // a failed call is in the trace
			}
			var out map[string]float64
			json.Unmarshal(res, &out)
			s.Lat = out["lat"]
		}
		return s, nil
	})
	g.Start("pick")
	g.Edge("pick", "locate")
	g.Edge("locate", flow.End)
	r, err := g.Build()
	if err != nil {
		t.Fatal(err)
	}

	var file bytes.Buffer
	w := trace.NewWriter(&file)
	ctx := event.WithSink(context.Background(), w.Emit)
	if _, _, err := r.RunToEnd(ctx, state{}); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}

	var sum trace.Summary
	var out bytes.Buffer
	p := &trace.Printer{W: &out}
	for ev, err := range trace.Read(&file) {
		if err != nil {
			t.Fatal(err)
		}
		sum.Add(ev)
		p.Print(ev)
	}
	p.PrintSummary(&sum)
	t.Log("\n" + out.String())

	if sum.Decisions != 2 || sum.ModelDecisions != 1 || sum.PolicyDecisions != 1 {
		t.Errorf("decisions %d (model %d, policy %d), want 2 (1, 1)", sum.Decisions, sum.ModelDecisions, sum.PolicyDecisions)
	}
	if sum.ToolCalls != 3 || sum.CachedToolCalls != 1 || sum.FailedToolCalls != 1 {
		t.Errorf("tool calls %d (cached %d, failed %d), want 3 (1, 1)", sum.ToolCalls, sum.CachedToolCalls, sum.FailedToolCalls)
	}
	if sum.ModelCalls != 1 || sum.PromptTokens != 50 || sum.CompletionTokens != 10 {
		t.Errorf("model calls %d tokens %d+%d, want 1 call, 50+10", sum.ModelCalls, sum.PromptTokens, sum.CompletionTokens)
	}
	if sum.Nodes != 2 || len(sum.Runs) != 1 || sum.Wall <= 0 {
		t.Errorf("nodes %d runs %v wall %v", sum.Nodes, sum.Runs, sum.Wall)
	}
	text := out.String()
	for _, want := range []string{
		"pick: Pick decided by model qwen3:8b (1 model call)",
		"reasoning   closest",
		"pick: Pick decided by policy",
		"fallback    no model configured",
		`locate: geocode {"city":"Boston"}`,
		"(cached)",
		"ERROR: ",
		"unknown city",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("timeline lacks %q", want)
		}
	}
}
