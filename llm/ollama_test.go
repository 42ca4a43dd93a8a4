package llm

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// ollamaServer is an httptest server speaking Ollama's /api/chat protocol.
// handle gets the decoded request body and writes the reply.
func ollamaServer(t *testing.T, handle func(w http.ResponseWriter, body map[string]any)) *httptest.Server {
	t.Helper()
	return jsonServer(t, "/api/chat", func(w http.ResponseWriter, _ *http.Request, body map[string]any) { handle(w, body) })
}

func final(content string) string {
	return fmt.Sprintf(`{"model":"qwen3:8b","created_at":"2026-11-21T10:00:00.000Z","message":{"role":"assistant","content":%q},"done_reason":"stop","done":true,"total_duration":1200000,"load_duration":100,"prompt_eval_count":61,"prompt_eval_duration":1000,"eval_count":12,"eval_duration":2000}`, content)
}

func TestOllamaRequestAndReply(t *testing.T) {
	var got map[string]any
	srv := ollamaServer(t, func(w http.ResponseWriter, body map[string]any) {
		got = body
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprint(w, final(`{"direction":"east","steps":2}`))
	})
	temp := 0.2
	think := false
	o := &Ollama{BaseURL: srv.URL, Model: "qwen3:8b", KeepAlive: "10m"}
	schema := json.RawMessage(`{"type":"object","properties":{"direction":{"type":"string"}},"required":["direction"]}`)
	resp, err := o.Chat(t.Context(), Request{
		Messages: []Message{
			{Role: System, Content: "sys"},
			{Role: User, Content: "where?"},
			{Role: Assistant, ToolCalls: []ToolCall{{ID: "c1", Name: "look", Arguments: json.RawMessage(`{"dir":"n"}`)}}},
			{Role: ToolRole, Name: "look", ToolCallID: "c1", Content: `{"wall":true}`},
		},
		Tools:       []ToolDef{{Name: "look", Description: "look around", Parameters: json.RawMessage(`{"type":"object","properties":{"dir":{"type":"string"}}}`)}},
		Schema:      schema,
		Temperature: &temp,
		MaxTokens:   256,
		Think:       &think,
	})
	if err != nil {
		t.Fatal(err)
	}
	if resp.Message.Content != `{"direction":"east","steps":2}` || resp.Message.Role != Assistant {
		t.Errorf("message = %+v", resp.Message)
	}
	if resp.Usage.PromptTokens != 61 || resp.Usage.CompletionTokens != 12 || resp.Usage.Model != "ollama:qwen3:8b" || resp.Usage.Latency <= 0 {
		t.Errorf("usage = %+v", resp.Usage)
	}

	check := func(what string, v any, want string) {
		t.Helper()
		b, _ := json.Marshal(v)
		if string(b) != want {
			t.Errorf("%s = %s, want %s", what, b, want)
		}
	}
	check("model", got["model"], `"qwen3:8b"`)
	check("stream", got["stream"], `false`)
	check("think", got["think"], `false`)
	check("keep_alive", got["keep_alive"], `"10m"`)
	check("options", got["options"], `{"num_predict":256,"temperature":0.2}`)
	check("format", got["format"], canon(t, schema))
	check("tools", got["tools"], `[{"function":{"description":"look around","name":"look","parameters":{"properties":{"dir":{"type":"string"}},"type":"object"}},"type":"function"}]`)
	msgs := got["messages"].([]any)
	check("assistant tool call", msgs[2], `{"content":"","role":"assistant","tool_calls":[{"function":{"arguments":{"dir":"n"},"name":"look"},"id":"c1"}]}`)
	check("tool result", msgs[3], `{"content":"{\"wall\":true}","role":"tool","tool_call_id":"c1","tool_name":"look"}`)
}

func TestOllamaOmitsUnsetOptions(t *testing.T) {
	var got map[string]any
	srv := ollamaServer(t, func(w http.ResponseWriter, body map[string]any) {
		got = body
		fmt.Fprint(w, final("hi"))
	})
	if _, err := (&Ollama{BaseURL: srv.URL, Model: "m"}).Chat(t.Context(), Request{Messages: []Message{{Role: User, Content: "hi"}}}); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"format", "think", "keep_alive", "options", "tools"} {
		if _, ok := got[k]; ok {
			t.Errorf("request has %q = %v; want it omitted", k, got[k])
		}
	}
}

func TestOllamaKeepAliveSeconds(t *testing.T) {
	var got map[string]any
	srv := ollamaServer(t, func(w http.ResponseWriter, body map[string]any) { got = body; fmt.Fprint(w, final("")) })
	if _, err := (&Ollama{BaseURL: srv.URL, Model: "m", KeepAlive: "-1"}).Chat(t.Context(), Request{}); err != nil {
		t.Fatal(err)
	}
	if got["keep_alive"] != -1.0 {
		t.Errorf("keep_alive = %#v, want the number -1", got["keep_alive"])
	}
	_, err := (&Ollama{BaseURL: srv.URL, Model: "m", KeepAlive: "forever"}).Chat(t.Context(), Request{})
	if err == nil || !strings.Contains(err.Error(), `keep_alive "forever"`) {
		t.Errorf("bad keep_alive: err = %v", err)
	}
}

func TestOllamaStreaming(t *testing.T) {
	srv := ollamaServer(t, func(w http.ResponseWriter, body map[string]any) {
		if body["stream"] != true {
			t.Errorf("stream = %v, want true", body["stream"])
		}
		w.Header().Set("Content-Type", "application/x-ndjson")
		f := w.(http.Flusher)
		for _, line := range []string{
			`{"model":"qwen3:8b","created_at":"2026-11-21T10:00:00Z","message":{"role":"assistant","content":"","thinking":"Let me "},"done":false}`,
			`{"model":"qwen3:8b","created_at":"2026-11-21T10:00:00Z","message":{"role":"assistant","content":"","thinking":"think."},"done":false}`,
			`{"model":"qwen3:8b","created_at":"2026-11-21T10:00:00Z","message":{"role":"assistant","content":"{\"direction\":"},"done":false}`,
			`{"model":"qwen3:8b","created_at":"2026-11-21T10:00:00Z","message":{"role":"assistant","content":"\"west\"}"},"done":false}`,
			`{"model":"qwen3:8b","created_at":"2026-11-21T10:00:00Z","message":{"role":"assistant","content":"","tool_calls":[{"function":{"name":"look","arguments":{"dir":"w"}}}]},"done":false}`,
			`{"model":"qwen3:8b","created_at":"2026-11-21T10:00:00Z","message":{"role":"assistant","content":""},"done_reason":"stop","done":true,"prompt_eval_count":30,"eval_count":9}`,
		} {
			fmt.Fprintln(w, line)
			f.Flush()
		}
	})
	resp, err := (&Ollama{BaseURL: srv.URL, Model: "qwen3:8b", Stream: true}).Chat(t.Context(), Request{})
	if err != nil {
		t.Fatal(err)
	}
	m := resp.Message
	if m.Content != `{"direction":"west"}` || m.Thinking != "Let me think." {
		t.Errorf("message = %+v", m)
	}
	if len(m.ToolCalls) != 1 || m.ToolCalls[0].Name != "look" || string(m.ToolCalls[0].Arguments) != `{"dir":"w"}` || m.ToolCalls[0].ID == "" {
		t.Errorf("tool calls = %+v", m.ToolCalls)
	}
	if resp.Usage.PromptTokens != 30 || resp.Usage.CompletionTokens != 9 {
		t.Errorf("usage = %+v", resp.Usage)
	}
	// A model opened from a spec, as the CLI does, streams too.
	m2, err := Config{OllamaHost: srv.URL}.Model("ollama:qwen3:8b")
	if err != nil {
		t.Fatal(err)
	}
	resp2, err := m2.Chat(t.Context(), Request{})
	if err != nil || resp2.Message.Content != m.Content || resp2.Message.Thinking != m.Thinking {
		t.Errorf("spec-opened model: %+v, %v", resp2.Message, err)
	}
}

func TestOllamaErrors(t *testing.T) {
	cases := []struct {
		name   string
		handle func(w http.ResponseWriter)
		is     error
		status int
		text   string
	}{
		{"model not found", func(w http.ResponseWriter) {
			w.WriteHeader(http.StatusNotFound)
			fmt.Fprint(w, `{"error":"model \"nope:1b\" not found, try pulling it first"}`)
		}, nil, 404, `model "nope:1b" not found`},
		{"error mid-stream", func(w http.ResponseWriter) {
			fmt.Fprintln(w, `{"model":"m","message":{"role":"assistant","content":"{"},"done":false}`)
			fmt.Fprintln(w, `{"error":"out of memory"}`)
		}, ErrBadReply, 0, "out of memory"},
		{"stream cut short", func(w http.ResponseWriter) {
			fmt.Fprintln(w, `{"model":"m","message":{"role":"assistant","content":"{"},"done":false}`)
		}, ErrBadReply, 0, "before done"},
		{"not JSON", func(w http.ResponseWriter) { fmt.Fprint(w, "<html>proxy error</html>") }, ErrBadReply, 0, "proxy error"},
		{"empty body", func(w http.ResponseWriter) {}, ErrBadReply, 0, "empty body"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			srv := ollamaServer(t, func(w http.ResponseWriter, _ map[string]any) { c.handle(w) })
			_, err := (&Ollama{BaseURL: srv.URL, Model: "nope:1b"}).Chat(t.Context(), Request{})
			if err == nil {
				t.Fatal("no error")
			}
			if c.is != nil && !errors.Is(err, c.is) {
				t.Errorf("err = %v, want %v", err, c.is)
			}
			var se *StatusError
			if c.status != 0 && (!errors.As(err, &se) || se.Code != c.status) {
				t.Errorf("err = %v, want HTTP %d", err, c.status)
			}
			if !strings.Contains(err.Error(), c.text) {
				t.Errorf("err = %v, want it to contain %q", err, c.text)
			}
		})
	}
}

func TestOllamaTimeout(t *testing.T) {
	srv := ollamaServer(t, func(w http.ResponseWriter, _ map[string]any) {
		time.Sleep(300 * time.Millisecond)
		fmt.Fprint(w, final("late"))
	})
	ctx, cancel := t.Context(), func() {}
	ctx, cancel = contextWithTimeout(ctx, 30*time.Millisecond)
	defer cancel()
	_, err := (&Ollama{BaseURL: srv.URL, Model: "m"}).Chat(ctx, Request{})
	if !errors.Is(err, ErrTimeout) {
		t.Errorf("err = %v, want ErrTimeout", err)
	}
}

func TestOllamaDecideEndToEnd(t *testing.T) {
	var formats []string
	replies := []string{"Sure, east!", `{"direction":"east","steps":2}`}
	srv := ollamaServer(t, func(w http.ResponseWriter, body map[string]any) {
		b, _ := json.Marshal(body["format"])
		formats = append(formats, string(b))
		fmt.Fprint(w, final(replies[len(formats)-1]))
	})
	d, err := Decide(t.Context(), &Ollama{BaseURL: srv.URL, Model: "qwen3:8b"}, Prompt{User: "go", MaxRepairs: 2}, policyMove)
	if err != nil {
		t.Fatal(err)
	}
	if d.Source != FromModel || d.Attempts != 2 || d.Usage.PromptTokens != 122 || d.Usage.CompletionTokens != 24 {
		t.Errorf("decision = %+v", d)
	}
	ts, _ := schemaFor[move]()
	for i, f := range formats {
		if f != canon(t, ts.raw) {
			t.Errorf("call %d format = %s, want %s", i, f, ts.raw)
		}
	}
}

func TestOllamaHost(t *testing.T) {
	cases := map[string]string{
		"":                         "http://127.0.0.1:11434",
		"0.0.0.0:11434":            "http://0.0.0.0:11434",
		"0.0.0.0":                  "http://0.0.0.0:11434",
		":8080":                    "http://127.0.0.1:8080",
		"gpu-box":                  "http://gpu-box:11434",
		"http://gpu-box:9000":      "http://gpu-box:9000",
		"https://ollama.example":   "https://ollama.example",
		"http://10.0.0.2:11434/":   "http://10.0.0.2:11434",
		"http://host:11434/ollama": "http://host:11434/ollama",
		"[::1]:11434":              "http://[::1]:11434",
		` "localhost:11434" `:      "http://localhost:11434",
	}
	for in, want := range cases {
		got, err := OllamaHost(in)
		if err != nil || got != want {
			t.Errorf("OllamaHost(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	for _, bad := range []string{"ftp://host", "host:99999", "host:abc"} {
		if _, err := OllamaHost(bad); err == nil || !strings.Contains(err.Error(), bad) {
			t.Errorf("OllamaHost(%q) err = %v, want an error naming it", bad, err)
		}
	}
}

func TestOllamaHostFromEnv(t *testing.T) {
	srv := ollamaServer(t, func(w http.ResponseWriter, _ map[string]any) { fmt.Fprint(w, final("ok")) })
	t.Setenv("OLLAMA_HOST", strings.TrimPrefix(srv.URL, "http://"))
	resp, err := (&Ollama{Model: "m"}).Chat(t.Context(), Request{})
	if err != nil || resp.Message.Content != "ok" {
		t.Fatalf("resp = %+v, err = %v", resp, err)
	}
}

// canon re-encodes JSON with sorted keys, for comparisons.
func canon(t *testing.T, b []byte) string {
	t.Helper()
	var v any
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatalf("canon %s: %v", b, err)
	}
	out, _ := json.Marshal(v)
	return string(out)
}

// BenchmarkDecideOllamaHTTP measures Decide over a real HTTP round trip to
// a local Ollama-protocol server that answers at once: the client's own
// overhead per decision.
func BenchmarkDecideOllamaHTTP(b *testing.B) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.Copy(io.Discard, r.Body)
		fmt.Fprint(w, final(`{"direction":"east","steps":2}`))
	}))
	defer srv.Close()
	m := &Ollama{BaseURL: srv.URL, Model: "qwen3:8b"}
	p := Prompt{System: "You walk a maze.", User: "Where next?", MaxRepairs: 2}
	b.ReportAllocs()
	for b.Loop() {
		d, err := Decide(b.Context(), m, p, policyMove)
		if err != nil || d.Source != FromModel {
			b.Fatalf("%+v %v", d, err)
		}
	}
}

func TestOllamaDecideSlowServerFallsBack(t *testing.T) {
	release := make(chan struct{})
	srv := ollamaServer(t, func(w http.ResponseWriter, body map[string]any) {
		if body["think"] != false || body["options"].(map[string]any)["temperature"] != 0.1 {
			t.Errorf("think/options not passed: %v %v", body["think"], body["options"])
		}
		select {
		case <-release:
		case <-time.After(5 * time.Second):
		}
		fmt.Fprint(w, final(`{"direction":"east","steps":2}`))
	})
	defer close(release)
	think, temp := false, 0.1
	start := time.Now()
	d, err := Decide(t.Context(), &Ollama{BaseURL: srv.URL, Model: "qwen3:8b"},
		Prompt{User: "go", Timeout: 50 * time.Millisecond, Think: &think, Temperature: &temp, MaxRepairs: 2}, policyMove)
	if err != nil {
		t.Fatal(err)
	}
	if d.Source != FromPolicy || d.Attempts != 1 || !strings.HasPrefix(d.Fallback, "model timeout") {
		t.Errorf("decision = %+v", d)
	}
	if el := time.Since(start); el > 2*time.Second {
		t.Errorf("Decide took %s with a 50ms timeout", el)
	}
}
