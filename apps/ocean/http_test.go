package ocean

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/cairn-agents/cairn/llm"
	"github.com/cairn-agents/cairn/ocean/store"
)

func server(t testing.TB, a *App) *httptest.Server {
	mux := http.NewServeMux()
	a.Register(mux)
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return srv
}

func post(t testing.TB, url, ctype, body string) (int, map[string]any) {
	t.Helper()
	resp, err := http.Post(url+"/api/v1/agent/query", ctype, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatalf("status %d, body is not JSON: %q", resp.StatusCode, b)
	}
	return resp.StatusCode, m
}

func TestHTTPQuery(t *testing.T) {
	srv := server(t, newApp(t, Options{}))
	code, m := post(t, srv.URL, "application/json", `{"query": "Where is float 2902269 and what does QC flag 4 mean?"}`)
	if code != 200 || m["success"] != true {
		t.Fatalf("%d %v", code, m)
	}
	for _, k := range []string{"query", "routing", "response", "citations", "agentMetrics", "timestamp"} {
		if _, ok := m[k]; !ok {
			t.Errorf("response lacks %q", k)
		}
	}
	metrics := m["agentMetrics"].(map[string]any)
	for _, k := range []string{"routingTimeMs", "sqlAgentTimeMs", "duckdbAgentTimeMs", "ragAgentTimeMs", "orchestrationTimeMs", "totalTimeMs", "tokens"} {
		if _, ok := metrics[k]; !ok {
			t.Errorf("agentMetrics lacks %q", k)
		}
	}
	cites := m["citations"].([]any)
	if len(cites) == 0 || cites[0].(map[string]any)["file"] == "" {
		t.Errorf("citations = %v", cites)
	}
}

func TestHTTPBadInput(t *testing.T) {
	srv := server(t, newApp(t, Options{}))
	for name, c := range map[string]struct{ ctype, body, want string }{
		"empty query":   {"application/json", `{"query": "   "}`, `"query" is empty`},
		"missing query": {"application/json", `{}`, `"query" is empty`},
		"not JSON":      {"application/json", `query=hello`, "not a JSON object"},
		"JSON array":    {"application/json", `["hello"]`, "expected an object, got a list"},
		"trailing data": {"application/json", `{"query":"hi"} {"query":"again"}`, "more data after the JSON value"},
		"too long":      {"application/json", `{"query": "` + strings.Repeat("a", MaxQueryLen+1) + `"}`, "too long"},
		"query number":  {"application/json", `{"query": 42}`, `field "query": expected a string, got a number`},
		"query list":    {"application/json", `{"query": ["a"]}`, `field "query": expected a string, got a list`},
		"unknown field": {"application/json", `{"q": "hello"}`, `unknown field "q"`},
		"no body":       {"application/json", ``, "body is empty"},
	} {
		code, m := post(t, srv.URL, c.ctype, c.body)
		if code != 400 || m["success"] != false || !strings.Contains(fmt.Sprint(m["error"]), c.want) {
			t.Errorf("%s: %d %v, want 400 mentioning %q", name, code, m, c.want)
		}
		// issue 13: the user's terms, never Go's
		for _, leak := range []string{"Go value", "Go struct", "QueryRequest", "json:"} {
			if strings.Contains(fmt.Sprint(m["error"]), leak) {
				t.Errorf("%s: the error shows %q: %v", name, leak, m["error"])
			}
		}
	}
	code, m := post(t, srv.URL, "application/json", `{"query": "`+strings.Repeat("a", MaxBodyBytes)+`"}`)
	if code != http.StatusRequestEntityTooLarge || m["success"] != false || !strings.Contains(fmt.Sprint(m["error"]), "larger than 16 KiB") {
		t.Errorf("too big: %d %v, want 413 naming the limit", code, m)
	}
	resp, err := http.Get(srv.URL + "/api/v1/agent/query")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusMethodNotAllowed {
		t.Errorf("GET query: %d", resp.StatusCode)
	}
}

func TestHTTPHealth(t *testing.T) {
	srv := server(t, newApp(t, Options{}))
	resp, err := http.Get(srv.URL + "/api/v1/ocean/health")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var h Health
	json.NewDecoder(resp.Body).Decode(&h)
	if resp.StatusCode != 200 || h.Status != "ok" || h.Floats != 15 || h.Passages == 0 {
		t.Errorf("%d %+v", resp.StatusCode, h)
	}
	_, ix := fixture(t)
	a, _ := New(failing{}, nil, ix, Options{})
	srv2 := server(t, a)
	resp2, err := http.Get(srv2.URL + "/api/v1/ocean/health")
	if err != nil {
		t.Fatal(err)
	}
	resp2.Body.Close()
	if resp2.StatusCode != http.StatusServiceUnavailable {
		t.Errorf("failing store health: %d", resp2.StatusCode)
	}
}

var concurrentQueries = []string{
	"Where is float 2902269 and how has its surface temperature changed?",
	"Which floats in the Arabian Sea reported in the last year?",
	"What does QC flag 4 mean?",
	"hello",
	"Where is float 1234567?",
	"Which floats reported within 300 km of 12.5N, 115.5E?",
	"average surface temperature in the South China Sea",
	"How deep do the profiles of float 13857 go?",
}

// TestConcurrent50 sends 50 requests at once on loopback; run with -race.
func TestConcurrent50(t *testing.T) {
	srv := server(t, newApp(t, Options{}))
	var wg sync.WaitGroup
	errs := make(chan error, 50)
	for i := range 50 {
		wg.Go(func() {
			q := concurrentQueries[i%len(concurrentQueries)]
			body, _ := json.Marshal(QueryRequest{Query: q})
			resp, err := http.Post(srv.URL+"/api/v1/agent/query", "application/json", bytes.NewReader(body))
			if err != nil {
				errs <- err
				return
			}
			defer resp.Body.Close()
			var r struct {
				Success bool          `json:"success"`
				Agents  []AgentReport `json:"agents"`
			}
			if err := json.NewDecoder(resp.Body).Decode(&r); err != nil || resp.StatusCode != 200 || !r.Success {
				errs <- fmt.Errorf("%q: status %d, %v", q, resp.StatusCode, err)
				return
			}
			for _, ag := range r.Agents {
				if !ag.OK {
					errs <- fmt.Errorf("%q: agent %s: %s", q, ag.Agent, ag.Error)
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

// BenchmarkConcurrent50 is 50 concurrent loopback requests per iteration.
func BenchmarkConcurrent50(b *testing.B) {
	srv := server(b, newApp(b, Options{}))
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 64}}
	for b.Loop() {
		var wg sync.WaitGroup
		for i := range 50 {
			wg.Go(func() {
				body, _ := json.Marshal(QueryRequest{Query: concurrentQueries[i%len(concurrentQueries)]})
				resp, err := client.Post(srv.URL+"/api/v1/agent/query", "application/json", bytes.NewReader(body))
				if err != nil {
					b.Error(err)
					return
				}
				io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
				if resp.StatusCode != 200 {
					b.Errorf("status %d", resp.StatusCode)
				}
			})
		}
		wg.Wait()
	}
}

// instant is a Querier that answers at once with one row, so a benchmark
// over it measures the gateway, not the stores.
type instant struct{}

func (instant) Query(context.Context, store.QueryOptions, string, ...any) (*store.Result, error) {
	return &store.Result{Columns: []string{"wmo", "profiles"}, Rows: [][]any{{"2902269", int64(57)}}}, nil
}

// BenchmarkGatewayOverhead measures the gateway's own time per request
// (routing, flow fan-out and merge, synthesis, HTTP and JSON) with stores
// that answer instantly; ms/req-overhead is what the orchestration adds
// beyond the agents' own time.
func BenchmarkGatewayOverhead(b *testing.B) {
	_, ix := fixture(b)
	a, err := New(instant{}, instant{}, ix, Options{Now: testNow})
	if err != nil {
		b.Fatal(err)
	}
	srv := server(b, a)
	body := []byte(`{"query":"Where is float 2902269, how has its temperature changed and what does QC flag 4 mean?"}`)
	var orch, total, agents float64
	for b.Loop() {
		resp, err := http.Post(srv.URL+"/api/v1/agent/query", "application/json", bytes.NewReader(body))
		if err != nil {
			b.Fatal(err)
		}
		var r Response
		var raw struct {
			AgentMetrics Metrics `json:"agentMetrics"`
		}
		data, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		json.Unmarshal(data, &raw)
		_ = r
		orch += raw.AgentMetrics.OrchestrationTimeMs
		total += raw.AgentMetrics.TotalTimeMs
		agents += max(raw.AgentMetrics.SQLAgentTimeMs, raw.AgentMetrics.DuckDBAgentTimeMs, raw.AgentMetrics.RAGAgentTimeMs)
	}
	b.ReportMetric(orch/float64(b.N), "ms/req-overhead")
	b.ReportMetric(total/float64(b.N), "ms/req-total")
	b.ReportMetric(agents/float64(b.N), "ms/req-slowest-agent")
}

// heldQuerier holds every statement until released, noting what it was.
type heldQuerier struct {
	Querier
	release chan struct{}
	mu      sync.Mutex
	seen    []string
}

func (h *heldQuerier) Query(ctx context.Context, opts store.QueryOptions, stmt string, args ...any) (*store.Result, error) {
	h.mu.Lock()
	h.seen = append(h.seen, fmt.Sprintf("%s %v", stmt, args))
	h.mu.Unlock()
	select {
	case <-h.release:
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	return h.Querier.Query(ctx, opts, stmt, args...)
}

func (h *heldQuerier) statements() []string {
	h.mu.Lock()
	defer h.mu.Unlock()
	return slices.Clone(h.seen)
}

// TestHTTPAsksWaitTheirTurn: with MaxAsks 1, a second question waits
// until the first is answered (none of its statements starts before),
// then is answered too; with no limit both run at once.
func TestHTTPAsksWaitTheirTurn(t *testing.T) {
	s, ix := fixture(t)
	first, second := "What is the maximum salinity recorded by float 2902269?", "What is the maximum salinity recorded by float 5906072?"
	for _, limit := range []int{1, -1} {
		h := &heldQuerier{Querier: s, release: make(chan struct{})}
		a, err := New(h, h, ix, Options{Now: testNow, MaxAsks: limit})
		if err != nil {
			t.Fatal(err)
		}
		srv := server(t, a)
		codes := make(chan int, 2)
		ask := func(q string) {
			body, _ := json.Marshal(QueryRequest{Query: q})
			resp, err := http.Post(srv.URL+"/api/v1/agent/query", "application/json", bytes.NewReader(body))
			if err != nil {
				t.Error(err)
				codes <- 0
				return
			}
			resp.Body.Close()
			codes <- resp.StatusCode
		}
		asked := func(wmo string) bool {
			for _, st := range h.statements() {
				if strings.Contains(st, wmo) {
					return true
				}
			}
			return false
		}
		waitFor := func(what string, cond func() bool) {
			for deadline := time.Now().Add(10 * time.Second); !cond(); time.Sleep(5 * time.Millisecond) {
				if time.Now().After(deadline) {
					t.Fatalf("limit %d: %s never happened", limit, what)
				}
			}
		}
		go ask(first)
		waitFor("the first question's statement", func() bool { return asked("2902269") })
		go ask(second)
		if limit == 1 {
			time.Sleep(300 * time.Millisecond)
			if asked("5906072") {
				t.Errorf("limit 1: the second question ran a statement while the first was unanswered: %q", h.statements())
			}
			// a third whose request ends while it waits: 503, saying why
			mux := http.NewServeMux()
			a.Register(mux)
			ctx, cancel := context.WithTimeout(t.Context(), 100*time.Millisecond)
			req := httptest.NewRequestWithContext(ctx, "POST", "/api/v1/agent/query", strings.NewReader(`{"query":"mean temperature of float 1900857"}`))
			rec := httptest.NewRecorder()
			mux.ServeHTTP(rec, req)
			cancel()
			if rec.Code != http.StatusServiceUnavailable || !strings.Contains(rec.Body.String(), "waited too long for its turn") {
				t.Errorf("a question whose request ended while waiting: %d %s", rec.Code, rec.Body)
			}
		} else {
			waitFor("the second question's statement beside the first", func() bool { return asked("5906072") })
		}
		close(h.release)
		for range 2 {
			if code := <-codes; code != http.StatusOK {
				t.Errorf("limit %d: status %d", limit, code)
			}
		}
	}
}

// TestMaxAsksDefault: one question per core when this machine does the
// work; no limit when a model or an engine does part of it.
func TestMaxAsksDefault(t *testing.T) {
	s, ix := fixture(t)
	for _, c := range []struct {
		opts Options
		want bool
	}{
		{Options{}, true},
		{Options{MaxAsks: -1}, false},
		{Options{MaxAsks: 3}, true},
		{Options{Models: rolesOf(t, map[string]llm.Model{"plan": llm.Script(`{}`)})}, false},
	} {
		a, err := New(s, s, ix, c.opts)
		if err != nil {
			t.Fatal(err)
		}
		if got := a.asks != nil; got != c.want {
			t.Errorf("%+v: limited %v, want %v", c.opts, got, c.want)
		}
	}
}
