package ollamatest_test

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/cairn-agents/cairn/internal/ollamatest"
)

func post(t *testing.T, url string, body any, into any) {
	t.Helper()
	b, err := json.Marshal(body)
	if err != nil {
		t.Fatal(err)
	}
	resp, err := http.Post(url, "application/json", bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("POST %s: %s: %s", url, resp.Status, raw)
	}
	if err := json.Unmarshal(raw, into); err != nil {
		t.Fatalf("POST %s: reply is not JSON: %v: %s", url, err, raw)
	}
}

var actionSchema = json.RawMessage(`{"type":"object","properties":{
	"action":{"type":"string","enum":["search","answer","stop"]},
	"reason":{"type":"string"}},"required":["action","reason"]}`)

// The server is real: both chat APIs answer with generated tokens, and a
// schema in format constrains what the random weights may emit.
func TestServerAnswersBothChatAPIs(t *testing.T) {
	s := ollamatest.Start(t)
	if s.Model != ollamatest.ModelName {
		t.Errorf("Model = %q, want %q", s.Model, ollamatest.ModelName)
	}

	t.Run("api/chat", func(t *testing.T) {
		var r struct {
			Message struct {
				Role    string `json:"role"`
				Content string `json:"content"`
			} `json:"message"`
			Done            bool   `json:"done"`
			DoneReason      string `json:"done_reason"`
			PromptEvalCount int    `json:"prompt_eval_count"`
			EvalCount       int    `json:"eval_count"`
		}
		post(t, s.URL+"/api/chat", map[string]any{
			"model": s.Model, "stream": false,
			"messages": []map[string]string{{"role": "user", "content": "Say hello."}},
			"options":  map[string]any{"num_predict": 24},
		}, &r)
		if !r.Done || r.Message.Role != "assistant" {
			t.Errorf("reply done=%v role=%q, want a finished assistant message", r.Done, r.Message.Role)
		}
		if r.PromptEvalCount == 0 || r.EvalCount == 0 || r.EvalCount > 24 {
			t.Errorf("prompt_eval_count=%d eval_count=%d, want both > 0 and eval_count <= 24", r.PromptEvalCount, r.EvalCount)
		}
		t.Logf("api/chat: %d tokens, done_reason %s: %q", r.EvalCount, r.DoneReason, r.Message.Content)
	})

	t.Run("api/chat with format", func(t *testing.T) {
		var r struct {
			Message struct {
				Content string `json:"content"`
			} `json:"message"`
			DoneReason string `json:"done_reason"`
			EvalCount  int    `json:"eval_count"`
		}
		post(t, s.URL+"/api/chat", map[string]any{
			"model": s.Model, "stream": false, "format": actionSchema,
			"messages": []map[string]string{{"role": "user", "content": "Pick an action."}},
		}, &r)
		t.Logf("api/chat format: %d tokens, done_reason %s: %q", r.EvalCount, r.DoneReason, r.Message.Content)
		// The schema's grammar forces a JSON object from the first token.
		if !strings.HasPrefix(r.Message.Content, "{") {
			t.Errorf("reply %q does not start a JSON object", r.Message.Content)
		}
		switch r.DoneReason {
		case "stop": // the grammar let the model finish: the reply fits the schema
			var v struct {
				Action string `json:"action"`
			}
			if err := json.Unmarshal([]byte(r.Message.Content), &v); err != nil {
				t.Fatalf("finished reply is not JSON: %v", err)
			}
			if !slices.Contains([]string{"search", "answer", "stop"}, v.Action) {
				t.Errorf("action %q is outside the schema's enum", v.Action)
			}
		case "length": // cut off by num_predict: a prefix of schema-shaped JSON
		default:
			t.Errorf("done_reason %q, want stop or length", r.DoneReason)
		}
	})

	t.Run("v1/chat/completions", func(t *testing.T) {
		var r struct {
			Choices []struct {
				Message struct {
					Role    string `json:"role"`
					Content string `json:"content"`
				} `json:"message"`
				FinishReason string `json:"finish_reason"`
			} `json:"choices"`
			Usage struct {
				PromptTokens     int `json:"prompt_tokens"`
				CompletionTokens int `json:"completion_tokens"`
			} `json:"usage"`
		}
		post(t, s.URL+"/v1/chat/completions", map[string]any{
			"model":      s.Model,
			"messages":   []map[string]string{{"role": "user", "content": "Say hello."}},
			"max_tokens": 16,
		}, &r)
		if len(r.Choices) != 1 || r.Choices[0].Message.Role != "assistant" {
			t.Fatalf("choices = %+v, want one assistant message", r.Choices)
		}
		if fr := r.Choices[0].FinishReason; fr != "stop" && fr != "length" {
			t.Errorf("finish_reason %q, want stop or length", fr)
		}
		if r.Usage.PromptTokens == 0 || r.Usage.CompletionTokens == 0 || r.Usage.CompletionTokens > 16 {
			t.Errorf("usage %+v, want tokens counted and completion <= 16", r.Usage)
		}
		t.Logf("v1: %d tokens, finish %s: %q", r.Usage.CompletionTokens, r.Choices[0].FinishReason, r.Choices[0].Message.Content)
	})
}
