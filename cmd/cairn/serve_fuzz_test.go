package main

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// FuzzServeAPI: whatever a caller sends the served API (method, path,
// body, with or without the key), the answer is a status it can act on,
// never a server error, with a JSON body in the caller's terms.
func FuzzServeAPI(f *testing.F) {
	for _, seed := range []struct {
		method, path, body string
		key                bool
	}{
		{"POST", "/api/v1/agent/query", `{"query":"What does QC flag 4 mean?"}`, true},
		{"POST", "/api/v1/agent/query", `{"query":"Where is float 2902269?"}`, true},
		{"POST", "/api/v1/agent/query", `{"query": 5}`, true},
		{"POST", "/api/v1/agent/query", `[1,2]`, true},
		{"POST", "/api/v1/agent/query", `{"extra": [1]}`, true},
		{"POST", "/api/v1/agent/query", `{"query": ""}`, true},
		{"POST", "/api/v1/agent/query", `{"query":"x","extra":1}`, true},
		{"POST", "/api/v1/agent/query", `{"query":"SELECT * FROM argo_ingested_files"}`, true},
		{"POST", "/api/v1/agent/query", "\x00\xff", true},
		{"POST", "/api/v1/agent/query", `{"query":"hi"}`, false},
		{"GET", "/api/v1/ocean/health", "", true},
		{"GET", "/healthz", "", false},
		{"DELETE", "/api/v1/agent/query", "", true},
		{"GET", "/../etc/passwd", "", true},
	} {
		f.Add(seed.method, seed.path, []byte(seed.body), seed.key)
	}
	h := servedAPI(f)
	f.Fuzz(func(t *testing.T, method, path string, body []byte, key bool) {
		if !strings.HasPrefix(path, "/") || !printable(path, "?#% ") || !printable(method, "()<>@,;:\\\"/[]?={} ") || method == "" {
			return // not a request line an HTTP client can send
		}
		req := httptest.NewRequest(method, "http://cairn"+path, bytes.NewReader(body))
		if key {
			req.Header.Set("Authorization", "Bearer "+apiTestKey)
		}
		ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
		defer cancel()
		w := httptest.NewRecorder()
		h.ServeHTTP(w, req.WithContext(ctx))
		if w.Code >= 500 {
			t.Fatalf("%s %s %q: %d %s", method, path, body, w.Code, w.Body)
		}
		if w.Header().Get("X-Request-ID") == "" {
			t.Fatalf("%s %s: no request ID", method, path)
		}
		if strings.HasPrefix(w.Header().Get("Content-Type"), "application/json") && !json.Valid(w.Body.Bytes()) {
			t.Fatalf("%s %s %q: the JSON answer is not JSON: %s", method, path, body, w.Body)
		}
		if w.Code >= 400 {
			for _, leak := range []string{"Go value", "Go struct", "ocean.QueryRequest", "127.0.0.1:", apiTestKey} {
				if strings.Contains(w.Body.String(), leak) {
					t.Fatalf("%s %s %q: the answer shows %q: %s", method, path, body, leak, w.Body)
				}
			}
		}
	})
}

// printable reports whether s is visible ASCII without any of the bytes in
// not.
func printable(s, not string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] <= ' ' || s[i] >= 0x7f || strings.IndexByte(not, s[i]) >= 0 {
			return false
		}
	}
	return true
}
