package ollamatest_test

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/cairn-agents/cairn/internal/ollamatest"
	"github.com/cairn-agents/cairn/llm"
)

// A request that offers tools is accepted by the real server through both
// clients (its template declares tools) and answered; any tool call it
// makes names an offered tool.
func TestChatWithToolsAgainstRealServer(t *testing.T) {
	s := ollamatest.Start(t)
	weather := llm.ToolDef{
		Name:        "weather",
		Description: "Current weather for a city.",
		Parameters:  json.RawMessage(`{"type":"object","properties":{"city":{"type":"string"}},"required":["city"]}`),
	}
	for _, m := range models(t, s) {
		t.Run(m.Name(), func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			defer cancel()
			resp, err := m.Chat(ctx, llm.Request{
				Messages: []llm.Message{
					{Role: llm.System, Content: "Answer questions about the weather."},
					{Role: llm.User, Content: "Is it raining in Lisbon?"},
				},
				Tools:     []llm.ToolDef{weather},
				MaxTokens: 32,
			})
			if err != nil {
				t.Fatalf("chat with tools: %v", err)
			}
			if resp.Usage.PromptTokens == 0 || resp.Usage.CompletionTokens == 0 {
				t.Errorf("usage %+v, want tokens counted", resp.Usage)
			}
			for _, tc := range resp.Message.ToolCalls {
				if tc.Name != weather.Name {
					t.Errorf("tool call %+v names a tool that was not offered", tc)
				}
			}
			t.Logf("reply: %d tool calls, content %q", len(resp.Message.ToolCalls), resp.Message.Content)
		})
	}
}
