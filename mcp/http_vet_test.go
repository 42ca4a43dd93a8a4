package mcp

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/cairn-agents/cairn/tool"
)

// postMCP posts body to an MCP streamable HTTP endpoint the way a client
// does and returns the status and the response body.
func postMCP(t testing.TB, ctx context.Context, url, version, body string) (int, string, error) {
	t.Helper()
	req, err := http.NewRequestWithContext(ctx, "POST", url, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	if version != "" {
		req.Header.Set("Mcp-Protocol-Version", version)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, "", err
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b), nil
}

// A tool call whose HTTP client goes away is cancelled in the tool, in
// every protocol version (the SDK propagates it only from 2026-07-28).
func TestHTTPClientGoneCancelsTheTool(t *testing.T) {
	started, stopped := make(chan struct{}, 1), make(chan error, 1)
	wait := tool.Must(tool.New("wait", "Waits until cancelled.", func(ctx context.Context, _ struct{}) (int, error) {
		started <- struct{}{}
		select {
		case <-ctx.Done():
			stopped <- ctx.Err()
		case <-time.After(30 * time.Second):
			stopped <- nil
		}
		return 0, ctx.Err()
	}))
	reg, _ := tool.NewRegistry(wait)
	srv, err := NewServer(reg, &ServerOptions{Logger: quiet})
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(srv.Handler())
	defer hs.Close()
	for _, version := range []string{"2025-03-26", "2025-06-18", "2025-11-25"} {
		ctx, cancel := context.WithCancel(context.Background())
		go func() {
			<-started
			cancel()
		}()
		postMCP(t, ctx, hs.URL, version, `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"wait","arguments":{}}}`)
		select {
		case err := <-stopped:
			if err == nil {
				t.Errorf("%s: the tool ran to its end after the client left", version)
			}
		case <-time.After(20 * time.Second):
			t.Fatalf("%s: the tool was not cancelled", version)
		}
		cancel()
	}
}

func jsonOf(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// A malformed body gets a JSON-RPC error answer, as a line on stdio does.
func TestHTTPBadMessages(t *testing.T) {
	srv, err := NewServer(harmlessRegistry(), &ServerOptions{Logger: quiet})
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(srv.Handler())
	defer hs.Close()
	ctx := context.Background()
	for _, tc := range []struct {
		name, body, version string
		status              int
		code                float64
		msg                 string
	}{
		{"not JSON", "hello", "", 400, -32700, "parse error"},
		{"binary", "\x00\xff", "", 400, -32700, "parse error"},
		{"truncated", `{"jsonrpc":"2.0","id":1,"method":"to`, "", 400, -32700, "parse error"},
		{"empty object", `{}`, "", 400, -32600, `no "jsonrpc"`},
		{"empty batch", `[]`, "", 400, -32600, "empty batch"},
		{"JSON-RPC 1.0", `{"jsonrpc":"1.0","id":1,"method":"ping"}`, "", 400, -32600, `version "1.0"`},
		{"batch in 2025-06-18", `[{"jsonrpc":"2.0","id":1,"method":"ping"}]`, "2025-06-18", 400, -32600, "batches are not part of MCP"},
		{"too deep", strings.Repeat("[", 300) + strings.Repeat("]", 300), "", 400, -32600, "nested deeper"},
		{"too long", `{"jsonrpc":"2.0","id":1,"method":"ping","params":{"x":"` + strings.Repeat("a", maxMessage) + `"}}`, "", 413, -32600, "larger than 4 MiB"},
	} {
		status, body, err := postMCP(t, ctx, hs.URL, tc.version, tc.body)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		var m map[string]any
		json.Unmarshal([]byte(body), &m)
		code, msg := errorOf(m)
		if status != tc.status || code != tc.code || !strings.Contains(msg, tc.msg) {
			t.Errorf("%s: %d %s; want %d, code %v, %q", tc.name, status, body, tc.status, tc.code, tc.msg)
		}
		want := "null"
		if tc.name == "JSON-RPC 1.0" {
			want = "1" // its id is readable, so the answer carries it
		}
		if id, ok := m["id"]; !ok || fmt.Sprint(jsonOf(id)) != want {
			t.Errorf("%s: id %v, want %s", tc.name, m["id"], want)
		}
		// And the server goes on answering.
		status, body, err = postMCP(t, ctx, hs.URL, "2025-06-18", `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"add","arguments":{"a":1,"b":2}}}`)
		if err != nil || status != 200 || !strings.Contains(body, `{\"sum\":3}`) {
			t.Fatalf("%s: then a good call: %d %s %v", tc.name, status, body, err)
		}
	}
}

// FuzzHTTPHandler: whatever body a client posts, the MCP HTTP handler
// answers with a status a client can act on (never 5xx) and a JSON-RPC
// error body when it refuses.
func FuzzHTTPHandler(f *testing.F) {
	for _, seed := range []string{
		`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"add","arguments":{"a":1,"b":2}}}`,
		`{"jsonrpc":"2.0","id":1,"method":"tools/list"}`,
		`{"jsonrpc":"2.0","method":"notifications/initialized"}`,
		`{"jsonrpc":"2.0","id":1,"result":{}}`,
		`[{"jsonrpc":"2.0","id":1,"method":"ping"}]`,
		`{}`, `[]`, `hello`, "\x00\xff", `{"jsonrpc":"1.0","id":1}`,
		`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"panic","arguments":{}}}`,
		`{"jsonrpc":"2.0","id":{"x":1},"method":"ping"}`,
	} {
		f.Add([]byte(seed), "")
		f.Add([]byte(seed), "2025-06-18")
	}
	srv, err := NewServer(harmlessRegistry(), &ServerOptions{Logger: quiet})
	if err != nil {
		f.Fatal(err)
	}
	h := srv.Handler()
	f.Fuzz(func(t *testing.T, body []byte, version string) {
		if bytes.Contains(body, []byte(`"wait"`)) {
			return // a call that waits for its client to leave
		}
		req := httptest.NewRequest("POST", "/mcp", bytes.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		if version != "" {
			req.Header.Set("Mcp-Protocol-Version", version)
		}
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		w := httptest.NewRecorder()
		h.ServeHTTP(w, req.WithContext(ctx))
		if w.Code >= 500 {
			t.Fatalf("%q (version %q): %d %s", body, version, w.Code, w.Body)
		}
		if w.Code == 400 && strings.HasPrefix(w.Header().Get("Content-Type"), "application/json") && !json.Valid(w.Body.Bytes()) {
			t.Fatalf("%q: a 400 whose body is not JSON: %s", body, w.Body)
		}
	})
}
