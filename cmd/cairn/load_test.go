package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"runtime"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/cairn-agents/cairn/internal/httpgate"
	"github.com/cairn-agents/cairn/internal/oceantest"
)

var loadFor = flag.Duration("load", 3*time.Second,
	"how long TestServeUnderLoad runs its 100 clients; the full check is -load 30s")

// loadRequest is one kind of request the load clients send, with the
// status it must get.
type loadRequest struct {
	method, path, body string
	key                bool
	want               int
}

var loadMix = []loadRequest{
	{"POST", "/api/v1/agent/query", `{"query":"What does QC flag 4 mean?"}`, true, 200},
	{"POST", "/api/v1/agent/query", `{"query":"Where is float 2902269?"}`, true, 200},
	{"POST", "/api/v1/agent/query", `{"query":"How many floats are in the store?"}`, true, 200},
	{"GET", "/api/v1/ocean/health", "", true, 200},
	{"GET", "/healthz", "", false, 200},
	{"POST", "/api/v1/agent/query", `{"query": 5}`, true, 400},
	{"POST", "/api/v1/agent/query", `{"query":"hi"}`, false, 401},
}

// apiTestKey is the key servedAPI's gate takes.
const apiTestKey = "api-test-key-0123456789"

var served struct {
	once    sync.Once
	dir     string
	handler http.Handler
	err     error
}

// servedAPI is the handler `cairn serve` runs (ocean routes behind the
// gate, with apiTestKey), over a store ingested from the shared Argo data
// once per test process; it skips without that data.
func servedAPI(t testing.TB) http.Handler {
	t.Helper()
	gdac := oceantest.GDAC(t)
	docDir := oceantest.Docs(t)
	t.Setenv("CAIRN_OCEAN_PG_DSN", "")
	t.Setenv("CAIRN_OCEAN_EMBED_MODEL", "")
	served.once.Do(func() {
		served.dir, served.err = os.MkdirTemp("", "cairn-served-*")
		if served.err != nil {
			return
		}
		var out string
		if out, _, served.err = runCairn(t, "ocean", "--ocean-dir", served.dir, "ingest", gdac); served.err != nil {
			served.err = fmt.Errorf("ingest: %w\n%s", served.err, out)
			return
		}
		if out, _, served.err = runCairn(t, "ocean", "--ocean-dir", served.dir, "docs", "add", docDir); served.err != nil {
			served.err = fmt.Errorf("docs add: %w\n%s", served.err, out)
			return
		}
		quiet := slog.New(slog.DiscardHandler)
		c := &cli{stdout: io.Discard, stderr: io.Discard, log: quiet}
		// The store stays open for the process, like a server's.
		mux, _, systems := newServeMux(context.Background(), c, serveRoutes(&oceanFlags{dir: served.dir}))
		if len(systems) != 1 {
			served.err = fmt.Errorf("served %v, want ocean", systems)
			return
		}
		served.handler, served.err = httpgate.New(mux, httpgate.Options{
			Keys: []httpgate.Key{{Name: "test", Secret: apiTestKey}}, Open: []string{"/healthz"}, Logger: quiet})
	})
	if served.err != nil {
		t.Fatal(served.err)
	}
	return served.handler
}

// TestMain removes the store servedAPI made and stops the PostGIS
// server a test started (each run left one behind).
func TestMain(m *testing.M) {
	code := m.Run()
	oceantest.StopPostGIS()
	if served.dir != "" {
		os.RemoveAll(served.dir)
	}
	os.Exit(code)
}

// memory is what the server process holds.
type memory struct {
	heap       uint64 // Go heap in use after a GC
	rss        uint64 // resident set, Go and C (DuckDB) together
	goroutines int
}

func measure(gc bool) memory {
	if gc {
		runtime.GC()
		debug.FreeOSMemory()
	}
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return memory{heap: ms.HeapInuse, rss: rss(), goroutines: runtime.NumGoroutine()}
}

// rss reads the process's resident set from /proc; 0 where there is none.
func rss() uint64 {
	f, err := os.Open("/proc/self/status")
	if err != nil {
		return 0
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), "VmRSS:"); ok {
			kb, _ := strconv.ParseUint(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")), 10, 64)
			return kb << 10
		}
	}
	return 0
}

func mib(b uint64) string { return fmt.Sprintf("%.1f MiB", float64(b)/(1<<20)) }

// TestServeUnderLoad runs 100 concurrent API clients against the server
// `cairn serve` runs (ocean routes over a real store, behind the gate
// with an API key) for -load in two rounds (3 s in CI; the check
// is -load 30s): no request may fail or get a status other than its own,
// and once the clients are gone the server returns to its idle level (the
// resident set is compared across rounds only in runs of 20 s or more).
//
//	go test ./cmd/cairn -run TestServeUnderLoad -load 30s -v
func TestServeUnderLoad(t *testing.T) {
	if testing.Short() {
		t.Skip("load test")
	}
	gate := servedAPI(t)
	quiet := slog.New(slog.DiscardHandler)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := newHTTPServer(gate, quiet)
	go srv.Serve(ln)
	defer srv.Close()
	base := "http://" + ln.Addr().String()

	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: loadClients}, Timeout: 2 * time.Minute}
	send := func(r loadRequest) (int, error) {
		req, err := http.NewRequest(r.method, base+r.path, strings.NewReader(r.body))
		if err != nil {
			return 0, err
		}
		if r.key {
			req.Header.Set("Authorization", "Bearer "+apiTestKey)
		}
		resp, err := client.Do(req)
		if err != nil {
			return 0, err
		}
		defer resp.Body.Close()
		if _, err := io.Copy(io.Discard, resp.Body); err != nil {
			return 0, err
		}
		return resp.StatusCode, nil
	}
	// Warm up: the store, the indexes and the connection pool are loaded
	// once; what stays after is the idle level.
	for range 3 {
		for _, r := range loadMix {
			if code, err := send(r); err != nil || code != r.want {
				t.Fatalf("warm-up %s %s %s: %d %v", r.method, r.path, r.body, code, err)
			}
		}
	}
	client.CloseIdleConnections()
	time.Sleep(200 * time.Millisecond)
	idle := measure(true)

	// Two rounds: the first warms what the server caches (DuckDB's
	// buffers, the allocator's arenas), so the resident set after it is
	// the level a busy server idles at; after the second it must be there
	// again, not higher, and the Go heap must be back at its idle level
	// after each.
	var rounds [2]loadRound
	for i := range rounds {
		rounds[i] = runLoad(t, send, *loadFor/2)
		client.CloseIdleConnections()
		rounds[i].after = settle(idle)
		r := rounds[i]
		t.Logf("round %d: %d clients for %v: %d requests (%.0f/s), %d failed; latency p50 %v, p99 %v, max %v",
			i+1, loadClients, r.took.Round(time.Millisecond), r.requests, float64(r.requests)/r.took.Seconds(), r.failed,
			r.p50.Round(time.Millisecond), r.p99.Round(time.Millisecond), r.max.Round(time.Millisecond))
		t.Logf("round %d: Go heap idle %s, peak %s, after %s; RSS idle %s, peak %s, after %s; goroutines idle %d, peak %d, after %d",
			i+1, mib(idle.heap), mib(r.peak.heap), mib(r.after.heap), mib(idle.rss), mib(r.peak.rss), mib(r.after.rss),
			idle.goroutines, r.peak.goroutines, r.after.goroutines)
		if r.failed > 0 {
			t.Errorf("round %d: %d of %d requests failed, e.g.:\n%s", i+1, r.failed, r.requests, strings.Join(r.failures, "\n"))
		}
		if r.requests < loadClients {
			t.Errorf("round %d: only %d requests in %v", i+1, r.requests, r.took)
		}
		if !r.after.atIdle(idle) {
			t.Errorf("round %d: the Go heap or goroutines did not return to their idle level: idle %s and %d, after %s and %d",
				i+1, mib(idle.heap), idle.goroutines, mib(r.after.heap), r.after.goroutines)
		}
	}
	// The resident set settles only once every worker thread has its
	// allocator arena, which a short run may not reach.
	if first, second := rounds[0].after.rss, rounds[1].after.rss; *loadFor >= 20*time.Second && !raceEnabled && first > 0 && second > first+first/10+8<<20 {
		t.Errorf("the resident set grows with each round: %s after the first, %s after the second", mib(first), mib(second))
	}
}

const loadClients = 100

// loadRound is what one round of load saw.
type loadRound struct {
	requests, failed int64
	failures         []string
	took             time.Duration
	p50, p99, max    time.Duration
	peak, after      memory
}

// atIdle reports whether m is back at the idle level: the Go heap within a
// quarter (plus 8 MiB) of it, and the goroutines within 5.
func (m memory) atIdle(idle memory) bool {
	return m.heap <= idle.heap+idle.heap/4+8<<20 && m.goroutines <= idle.goroutines+5
}

// settle waits up to 10 s for the server to return to its idle level and
// returns what it holds then.
func settle(idle memory) memory {
	deadline := time.Now().Add(10 * time.Second)
	for {
		m := measure(true)
		if m.atIdle(idle) || time.Now().After(deadline) {
			return m
		}
		time.Sleep(200 * time.Millisecond)
	}
}

// runLoad runs loadClients clients sending loadMix for d.
func runLoad(t *testing.T, send func(loadRequest) (int, error), d time.Duration) loadRound {
	var (
		done atomic.Bool
		mu   sync.Mutex
		r    loadRound
		lat  []time.Duration
		wg   sync.WaitGroup
	)
	stopSampling, sampled := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(sampled)
		tick := time.NewTicker(250 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-stopSampling:
				return
			case <-tick.C:
				m := measure(false)
				r.peak.heap, r.peak.rss, r.peak.goroutines = max(r.peak.heap, m.heap), max(r.peak.rss, m.rss), max(r.peak.goroutines, m.goroutines)
			}
		}
	}()
	start := time.Now()
	for i := range loadClients {
		wg.Go(func() {
			var mine []time.Duration
			for n := i; !done.Load(); n++ {
				req := loadMix[n%len(loadMix)]
				t0 := time.Now()
				code, err := send(req)
				mine = append(mine, time.Since(t0))
				if err != nil || code != req.want {
					mu.Lock()
					r.failed++
					if len(r.failures) < 10 {
						r.failures = append(r.failures, fmt.Sprintf("%s %s %s: status %d, %v", req.method, req.path, req.body, code, err))
					}
					mu.Unlock()
				}
			}
			mu.Lock()
			lat = append(lat, mine...)
			mu.Unlock()
		})
	}
	time.Sleep(d)
	done.Store(true)
	wg.Wait()
	r.took = time.Since(start)
	close(stopSampling)
	<-sampled
	r.requests = int64(len(lat))
	if len(lat) > 0 {
		slices.Sort(lat)
		r.p50, r.p99, r.max = lat[len(lat)/2], lat[len(lat)*99/100], lat[len(lat)-1]
	}
	return r
}
