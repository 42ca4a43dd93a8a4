package llm

import (
	"io"
	"net/http"
	"strings"
	"testing"
)

// bodyTransport answers every request with status 200 and a fixed body: a
// model server whose reply is whatever the fuzzer makes up.
type bodyTransport string

func (b bodyTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	io.Copy(io.Discard, r.Body)
	r.Body.Close()
	return &http.Response{StatusCode: 200, Header: http.Header{}, Body: io.NopCloser(strings.NewReader(string(b))), Request: r}, nil
}

func FuzzOllamaReply(f *testing.F) {
	f.Add(final(`{"a":1}`))
	f.Add(`{"message":{"content":"x","tool_calls":[{"function":{"name":"f","arguments":{"k":1}}}]},"done":false}` + "\n" + `{"done":true,"eval_count":3}`)
	f.Add(`{"error":"boom"}`)
	f.Add(`{"message":{"tool_calls":[{"function":{"arguments":null}}]},"done":true}`)
	f.Fuzz(func(t *testing.T, body string) {
		for _, stream := range []bool{false, true} {
			o := &Ollama{BaseURL: "http://model.invalid", Model: "m", Stream: stream, Client: &http.Client{Transport: bodyTransport(body)}}
			resp, err := o.Chat(t.Context(), Request{})
			if err != nil {
				continue
			}
			for _, tc := range resp.Message.ToolCalls {
				if len(tc.Arguments) == 0 || tc.ID == "" {
					t.Fatalf("tool call without arguments or id: %+v", tc)
				}
			}
			if resp.Usage.Model != "ollama:m" {
				t.Fatalf("usage = %+v", resp.Usage)
			}
		}
	})
}

func FuzzOpenAIReply(f *testing.F) {
	f.Add(completion(`{"a":1}`))
	f.Add(`{"choices":[{"message":{"content":null,"tool_calls":[{"id":"c","type":"function","function":{"name":"f","arguments":"{oops"}}]}}]}`)
	f.Add(`{"choices":[]}`)
	f.Fuzz(func(t *testing.T, body string) {
		o := &OpenAI{BaseURL: "http://model.invalid/v1", Model: "m", Client: &http.Client{Transport: bodyTransport(body)}}
		resp, err := o.Chat(t.Context(), Request{})
		if err != nil {
			return
		}
		for _, tc := range resp.Message.ToolCalls {
			if len(tc.Arguments) == 0 {
				t.Fatalf("tool call without arguments: %+v", tc)
			}
		}
	})
}

func FuzzNewReplay(f *testing.F) {
	f.Add(`{"request":{"messages":[{"role":"user","content":"hi"}]},"response":{"message":{"content":"x"}}}`)
	f.Add(`{"response":{"message":{"content":"x"}},"error":"e"}` + "\n\n" + `{"response":{}}`)
	f.Fuzz(func(t *testing.T, file string) {
		rp, err := NewReplay("f", strings.NewReader(file))
		if err != nil {
			return
		}
		for range 3 {
			rp.Chat(t.Context(), Request{})
		}
	})
}

func FuzzOllamaHost(f *testing.F) {
	for _, s := range []string{"", "0.0.0.0:11434", ":1", "http://h:1/p", "[::1]", "https://x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, v string) {
		u, err := OllamaHost(v)
		if err != nil {
			return
		}
		if !strings.HasPrefix(u, "http://") && !strings.HasPrefix(u, "https://") {
			t.Fatalf("OllamaHost(%q) = %q", v, u)
		}
	})
}
