package llm

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// openAIServer is an httptest server speaking the chat-completions protocol
// under /v1: a jsonServer at /v1/chat/completions.
func openAIServer(t *testing.T, handle func(w http.ResponseWriter, r *http.Request, body map[string]any)) *httptest.Server {
	t.Helper()
	return jsonServer(t, "/v1/chat/completions", handle)
}

func completion(content string) string {
	return fmt.Sprintf(`{"id":"chatcmpl-1","object":"chat.completion","created":1763719200,"model":"gpt-4.1-mini-2025-04-14","choices":[{"index":0,"message":{"role":"assistant","content":%q,"refusal":null},"finish_reason":"stop"}],"usage":{"prompt_tokens":80,"completion_tokens":14,"total_tokens":94}}`, content)
}

func TestOpenAIRequestAndReply(t *testing.T) {
	var got map[string]any
	var auth string
	srv := openAIServer(t, func(w http.ResponseWriter, r *http.Request, body map[string]any) {
		got, auth = body, r.Header.Get("Authorization")
		fmt.Fprint(w, completion(`{"direction":"east","steps":2}`))
	})
	temp := 0.0
	ts, err := schemaFor[move]()
	if err != nil {
		t.Fatal(err)
	}
	o := &OpenAI{BaseURL: srv.URL + "/v1/", APIKey: "sk-test", Model: "gpt-4.1-mini"}
	resp, err := o.Chat(t.Context(), Request{
		Messages: []Message{
			{Role: System, Content: "sys"},
			{Role: User, Content: "where?"},
			{Role: Assistant, ToolCalls: []ToolCall{{ID: "call_1", Name: "look", Arguments: json.RawMessage(`{"dir":"n"}`)}}},
			{Role: ToolRole, Name: "look", ToolCallID: "call_1", Content: `{"wall":true}`},
		},
		Tools:       []ToolDef{{Name: "look", Description: "look around", Parameters: json.RawMessage(`{"type":"object","properties":{"dir":{"type":"string"}}}`)}},
		Schema:      ts.raw,
		SchemaName:  "maze.Move v2",
		Temperature: &temp,
		MaxTokens:   100,
	})
	if err != nil {
		t.Fatal(err)
	}
	if resp.Message.Content != `{"direction":"east","steps":2}` || resp.Usage.PromptTokens != 80 || resp.Usage.CompletionTokens != 14 || resp.Usage.Model != "openai:gpt-4.1-mini" {
		t.Errorf("resp = %+v", resp)
	}
	if auth != "Bearer sk-test" {
		t.Errorf("Authorization = %q", auth)
	}
	check := func(what string, v any, want string) {
		t.Helper()
		b, _ := json.Marshal(v)
		if string(b) != want {
			t.Errorf("%s = %s\nwant %s", what, b, want)
		}
	}
	check("model", got["model"], `"gpt-4.1-mini"`)
	check("temperature", got["temperature"], `0`)
	check("max_tokens", got["max_tokens"], `100`)
	check("response_format", got["response_format"], fmt.Sprintf(`{"json_schema":{"name":"maze_Move_v2","schema":%s,"strict":true},"type":"json_schema"}`, canon(t, ts.raw)))
	check("tools", got["tools"], `[{"function":{"description":"look around","name":"look","parameters":{"properties":{"dir":{"type":"string"}},"type":"object"}},"type":"function"}]`)
	msgs := got["messages"].([]any)
	check("assistant tool call", msgs[2], `{"content":null,"role":"assistant","tool_calls":[{"function":{"arguments":"{\"dir\":\"n\"}","name":"look"},"id":"call_1","type":"function"}]}`)
	check("tool result", msgs[3], `{"content":"{\"wall\":true}","name":"look","role":"tool","tool_call_id":"call_1"}`)
}

func TestOpenAIStrictOnlyWhenAllRequired(t *testing.T) {
	var got map[string]any
	srv := openAIServer(t, func(w http.ResponseWriter, _ *http.Request, body map[string]any) {
		got = body
		fmt.Fprint(w, completion(`{"tool":"search"}`))
	})
	ts, _ := schemaFor[choice]() // "also" is omitempty, so optional
	_, err := (&OpenAI{BaseURL: srv.URL + "/v1", Model: "m"}).Chat(t.Context(), Request{Schema: ts.raw, SchemaName: "choice"})
	if err != nil {
		t.Fatal(err)
	}
	rf := got["response_format"].(map[string]any)["json_schema"].(map[string]any)
	if rf["strict"] != false {
		t.Errorf("strict = %v, want false for a schema with optional fields", rf["strict"])
	}
	_, err = (&OpenAI{BaseURL: srv.URL + "/v1", Model: "m"}).Chat(t.Context(), Request{Schema: json.RawMessage(`{"type":"string","enum":["a"]}`)})
	if err != nil {
		t.Fatal(err)
	}
	if rf := got["response_format"].(map[string]any)["json_schema"].(map[string]any); rf["strict"] != false {
		t.Errorf("strict = %v, want false for a non-object root", rf["strict"])
	}
}

func TestOpenAIToolCallReply(t *testing.T) {
	srv := openAIServer(t, func(w http.ResponseWriter, _ *http.Request, _ map[string]any) {
		fmt.Fprint(w, `{"id":"x","object":"chat.completion","model":"m","choices":[{"index":0,"message":{"role":"assistant","content":null,"reasoning_content":"need to look","tool_calls":[{"id":"call_9","type":"function","function":{"name":"look","arguments":"{\"dir\":\"s\"}"}}]},"finish_reason":"tool_calls"}],"usage":{"prompt_tokens":5,"completion_tokens":6}}`)
	})
	resp, err := (&OpenAI{BaseURL: srv.URL + "/v1", Model: "m"}).Chat(t.Context(), Request{})
	if err != nil {
		t.Fatal(err)
	}
	m := resp.Message
	if m.Content != "" || m.Thinking != "need to look" || len(m.ToolCalls) != 1 ||
		m.ToolCalls[0].ID != "call_9" || m.ToolCalls[0].Name != "look" || string(m.ToolCalls[0].Arguments) != `{"dir":"s"}` {
		t.Errorf("message = %+v", m)
	}
}

func TestOpenAIEnvAndErrors(t *testing.T) {
	var auth string
	srv := openAIServer(t, func(w http.ResponseWriter, r *http.Request, body map[string]any) {
		auth = r.Header.Get("Authorization")
		switch body["model"] {
		case "limited":
			w.WriteHeader(http.StatusTooManyRequests)
			fmt.Fprint(w, `{"error":{"message":"Rate limit reached for gpt-4.1-mini","type":"requests","code":"rate_limit_exceeded"}}`)
		case "nochoices":
			fmt.Fprint(w, `{"id":"x","choices":[]}`)
		default:
			fmt.Fprint(w, completion("ok"))
		}
	})
	t.Setenv("OPENAI_BASE_URL", srv.URL+"/v1")
	t.Setenv("OPENAI_API_KEY", "sk-env")
	resp, err := (&OpenAI{Model: "fine"}).Chat(t.Context(), Request{})
	if err != nil || resp.Message.Content != "ok" || auth != "Bearer sk-env" {
		t.Fatalf("resp = %+v, err = %v, auth = %q", resp, err, auth)
	}
	_, err = (&OpenAI{Model: "limited"}).Chat(t.Context(), Request{})
	var se *StatusError
	if !errors.As(err, &se) || se.Code != 429 || se.Body != "Rate limit reached for gpt-4.1-mini" {
		t.Errorf("err = %v, want HTTP 429 with the server's message", err)
	}
	_, err = (&OpenAI{Model: "nochoices"}).Chat(t.Context(), Request{})
	if !errors.Is(err, ErrBadReply) {
		t.Errorf("err = %v, want ErrBadReply", err)
	}
	d, err := Decide(t.Context(), &OpenAI{Model: "limited"}, Prompt{MaxRepairs: 2}, policyMove)
	if err != nil || d.Source != FromPolicy || d.Fallback != "model HTTP 429: Rate limit reached for gpt-4.1-mini" {
		t.Errorf("decision = %+v, err = %v", d, err)
	}
}

func TestOpenAIDecideEndToEnd(t *testing.T) {
	n := 0
	srv := openAIServer(t, func(w http.ResponseWriter, _ *http.Request, body map[string]any) {
		n++
		if n == 1 {
			fmt.Fprint(w, completion("```json\n{\"direction\":\"west\",\"steps\":3}\n```"))
			return
		}
		t.Errorf("unexpected call %d", n)
	})
	d, err := Decide(t.Context(), &OpenAI{BaseURL: srv.URL + "/v1", Model: "gpt-4.1-mini"}, Prompt{User: "go", MaxRepairs: 2}, policyMove)
	if err != nil {
		t.Fatal(err)
	}
	if d.Source != FromModel || d.Value != (move{"west", 3}) || d.Usage.PromptTokens != 80 {
		t.Errorf("decision = %+v", d)
	}
}

func TestSchemaName(t *testing.T) {
	for in, want := range map[string]string{"": "reply", "NextAction": "NextAction", "a b/c": "a_b_c", strings.Repeat("x", 70): strings.Repeat("x", 64)} {
		if got := schemaName(in); got != want {
			t.Errorf("schemaName(%q) = %q, want %q", in, got, want)
		}
	}
}
