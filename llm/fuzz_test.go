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

// checkEmbedded fails t unless vecs hold one non-empty vector per text, all
// of one length: what Embed promises whenever it returns no error.
func checkEmbedded(t *testing.T, vecs [][]float32, texts int) {
	t.Helper()
	if len(vecs) != texts {
		t.Fatalf("%d vectors for %d texts", len(vecs), texts)
	}
	for _, v := range vecs {
		if len(v) == 0 || len(v) != len(vecs[0]) {
			t.Fatalf("vectors of lengths %d and %d", len(v), len(vecs[0]))
		}
	}
}

func FuzzOllamaEmbedReply(f *testing.F) {
	f.Add(`{"model":"m","embeddings":[[0.1,0.2],[0.3,0.4]],"prompt_eval_count":4}`)
	f.Add(`{"embeddings":[[1],[]]}`)
	f.Add(`{"error":"boom"}`)
	f.Add(`{"embeddings":null}`)
	f.Fuzz(func(t *testing.T, body string) {
		o := &Ollama{BaseURL: "http://model.invalid", Model: "m", Client: &http.Client{Transport: bodyTransport(body)}}
		vecs, u, err := o.Embed(t.Context(), []string{"a", "b"})
		if err != nil {
			return
		}
		checkEmbedded(t, vecs, 2)
		if u.Model != "ollama:m" {
			t.Fatalf("usage = %+v", u)
		}
	})
}

func FuzzOpenAIEmbedReply(f *testing.F) {
	f.Add(`{"data":[{"index":1,"embedding":[1,2]},{"index":0,"embedding":[3,4]}],"usage":{"prompt_tokens":2}}`)
	f.Add(`{"data":[{"embedding":[1]},{"index":0,"embedding":[2]}]}`)
	f.Add(`{"data":[{"index":-1,"embedding":[1]},{"index":1,"embedding":[2]}]}`)
	f.Add(`{"error":{"message":"bad"}}`)
	f.Fuzz(func(t *testing.T, body string) {
		o := &OpenAI{BaseURL: "http://model.invalid/v1", Model: "m", Client: &http.Client{Transport: bodyTransport(body)}}
		vecs, u, err := o.Embed(t.Context(), []string{"a", "b"})
		if err != nil {
			return
		}
		checkEmbedded(t, vecs, 2)
		if u.Model != "openai:m" {
			t.Fatalf("usage = %+v", u)
		}
	})
}
