package mcp

import (
	"context"
	"encoding/json"
	"testing"
)

// benchCalls makes b.N sequential echo calls through c and reports calls/s.
func benchCalls(b *testing.B, c *Client) {
	ctx := context.Background()
	args := json.RawMessage(`{"text":"Denver, CO"}`)
	if _, err := c.Call(ctx, "echo", args); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		if _, err := c.Call(ctx, "echo", args); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "calls/s")
}

// BenchmarkStdioCall measures sequential tool calls to a real subprocess
// over stdio (target: >= 2,000 calls/s).
func BenchmarkStdioCall(b *testing.B) {
	benchCalls(b, stdioClient(b))
}

// BenchmarkHTTPCall measures sequential tool calls over streamable HTTP on
// loopback.
func BenchmarkHTTPCall(b *testing.B) {
	url, _ := httpServer(b, "127.0.0.1:0")
	benchCalls(b, httpClient(b, url))
}
