package ollamatest_test

import (
	"context"
	"testing"

	"github.com/cairn-agents/cairn/internal/ollamatest"
	"github.com/cairn-agents/cairn/llm"
)

// BenchmarkChat measures one short chat call against the tiny model: the
// server's own overhead, since the model itself costs almost nothing.
func BenchmarkChat(b *testing.B) {
	s := ollamatest.Start(b)
	cfg := llm.Config{OllamaHost: s.URL, OpenAIBaseURL: s.URL + "/v1"}
	for _, spec := range []string{"ollama:" + s.Model, "openai:" + s.Model} {
		m, err := cfg.Model(spec)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(spec, func(b *testing.B) {
			req := llm.Request{Messages: []llm.Message{{Role: llm.User, Content: "Say hello."}}, MaxTokens: 16}
			tokens := 0
			for b.Loop() {
				resp, err := m.Chat(context.Background(), req)
				if err != nil {
					b.Fatal(err)
				}
				tokens += resp.Usage.CompletionTokens
			}
			b.ReportMetric(float64(tokens)/float64(b.N), "tokens/op")
		})
	}
}

// BenchmarkDecide measures a whole decision (schema prompt, constrained
// reply, validation, repairs, fallback) against the tiny model.
func BenchmarkDecide(b *testing.B) {
	m := ollamatest.Start(b).Chat(b)
	model, calls := 0, 0
	for b.Loop() {
		d, err := llm.Decide(context.Background(), m, llm.Prompt{User: "search, answer or stop?", MaxTokens: 96, MaxRepairs: 2}, stepPolicy(0))
		if err != nil {
			b.Fatal(err)
		}
		if d.Source == llm.FromModel {
			model++
		}
		calls += d.Attempts
	}
	b.ReportMetric(float64(calls)/float64(b.N), "calls/op")
	b.ReportMetric(float64(model)/float64(b.N), "model-decided/op")
}
