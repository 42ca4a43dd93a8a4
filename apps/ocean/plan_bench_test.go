package ocean

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"runtime"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/cairn-agents/cairn/ocean/store"
)

// singleFloatQuestions are the corpus questions about one named float
// that the query agent answers.
func singleFloatQuestions(t testing.TB) []string {
	var out []string
	for _, c := range loadCorpus(t) {
		if len(c.Plan.Floats) == 1 && len(c.Plan.Missing) == 0 {
			out = append(out, c.Q)
		}
	}
	return out
}

// BenchmarkPlanAndQuerySingleFloat is the policy plan plus its queries
// (the templated statement and the profiles read) for the corpus's
// single-float questions (those whose policy plan lacks no slot), one
// question per iteration in turn; ms/question is the mean, p95-ms the
// 95th percentile over the run.
//
// Its store keeps no results (store.Options.KeepMB < 0): every question
// comes again in turn, and a store that kept them would answer from
// memory; this is the cost of a question the server has not seen.
func BenchmarkPlanAndQuerySingleFloat(b *testing.B) {
	newApp(b, Options{}) // the fixture
	ctx := context.Background()
	s, err := store.Open(ctx, fixDir, store.Options{ReadOnly: true, KeepMB: -1})
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	_, ix := fixture(b)
	a, err := New(s, s, ix, Options{Now: testNow})
	if err != nil {
		b.Fatal(err)
	}
	var qs []string
	for _, q := range singleFloatQuestions(b) {
		p := planRules(q, testNow())
		if len(p.Missing) > 0 || !p.Actionable() {
			continue // the policy's plan lacks a slot or asks for nothing measured: the query agent would not run it
		}
		// warm: each statement text is checked once
		if _, err := a.RunPlan(ctx, p); err != nil {
			b.Fatalf("%q: %v", q, err)
		}
		qs = append(qs, q)
	}
	var lat []float64
	i := 0
	cpu0 := cpuTime()
	for b.Loop() {
		q := qs[i%len(qs)]
		i++
		start := time.Now()
		p := planRules(q, testNow())
		if _, err := a.RunPlan(ctx, p); err != nil {
			b.Fatalf("%q: %v", q, err)
		}
		lat = append(lat, float64(time.Since(start).Microseconds())/1000)
	}
	b.ReportMetric(mean(lat), "ms/question")
	b.ReportMetric(percentile(lat, 0.95), "p95-ms")
	// CPU time per question (the process's, DuckDB's threads included):
	// what a question costs when the machine is not shared
	b.ReportMetric(float64((cpuTime()-cpu0).Microseconds())/1000/float64(len(lat)), "cpu-ms/question")
}

func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkAPI50Clients is the load test: 50 concurrent clients, each
// asking corpus questions in turn through POST /api/v1/agent/query for
// 10 requests; it reports errors (no answer), agent-errors (answers in
// which an agent failed, a query timeout among them), the p50 and p95
// latency, the process's
// CPU time per request (server and clients: the steadier figure on a
// shared machine) and its resident memory before and at its peak during
// the run (the server runs in this process; DuckDB's memory is in it).
func BenchmarkAPI50Clients(b *testing.B) {
	var qs []string
	for _, c := range loadCorpus(b) {
		qs = append(qs, c.Q)
	}
	load50(b, qs)
}

// BenchmarkAPI50ClientsSingleFloat is the same load with the corpus's
// single-float questions only (the whole-data rankings and regional
// means cost 50–200 ms of CPU each).
func BenchmarkAPI50ClientsSingleFloat(b *testing.B) { load50(b, singleFloatQuestions(b)) }

// BenchmarkAPI50ClientsPool25 is the same load over a pool of 25 corpus
// questions (every seventh), each asked 20 times: a service whose users
// ask the same few things, where kept results (Options.PlanCacheTTL)
// answer most requests. The whole-corpus load above is the worst case:
// 242 distinct questions in 500 requests.
func BenchmarkAPI50ClientsPool25(b *testing.B) {
	var qs []string
	for i, c := range loadCorpus(b) {
		if i%7 == 0 && len(qs) < 25 {
			qs = append(qs, c.Q)
		}
	}
	load50(b, qs)
}

func load50(b *testing.B, qs []string) { load50On(b, newApp(b, Options{}), qs) }

// load50On is load50 on the server of a.
func load50On(b *testing.B, a *App, qs []string) {
	srv := server(b, a)
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 64}, Timeout: 60 * time.Second}
	var mu sync.Mutex
	var lat []float64
	errs, agentErrs := 0, 0
	// the fixture's ingest ran in this process: give its memory back, then
	// sample the resident set while the clients run
	runtime.GC()
	debug.FreeOSMemory()
	before := rssMB("VmRSS:")
	stop := make(chan struct{})
	peak := make(chan float64)
	go func() {
		m := before
		for {
			select {
			case <-stop:
				peak <- m
				return
			case <-time.After(20 * time.Millisecond):
				m = max(m, rssMB("VmRSS:"))
			}
		}
	}()
	cpu0 := cpuTime()
	for b.Loop() {
		var wg sync.WaitGroup
		for c := range 50 {
			wg.Go(func() {
				for k := range 10 {
					body, _ := json.Marshal(QueryRequest{Query: qs[(c*10+k)%len(qs)]})
					start := time.Now()
					resp, err := client.Post(srv.URL+"/api/v1/agent/query", "application/json", bytes.NewReader(body))
					ok := err == nil && resp.StatusCode == 200
					failed := false
					if err == nil {
						// the whole answer is read; it is checked by its
						// bytes (a successful Answer, a kept one marked
						// "cached" first; no agent report with "ok":false),
						// not decoded: decoding a 20 KB answer
						// costs the client half a millisecond of CPU, taken
						// here from the server's two cores, which a real
						// client on its own machine does not take (the
						// answers' content is tested by TestHTTPQuery and
						// the corpus tests)
						b, rerr := io.ReadAll(resp.Body)
						resp.Body.Close()
						ok = ok && rerr == nil && bytes.Contains(b, []byte(`"success":true`))
						failed = bytes.Contains(b, []byte(`"ok":false`))
					}
					mu.Lock()
					lat = append(lat, float64(time.Since(start).Microseconds())/1000)
					if !ok {
						errs++
					}
					if failed {
						agentErrs++
					}
					mu.Unlock()
				}
			})
		}
		wg.Wait()
	}
	cpu := cpuTime() - cpu0
	close(stop)
	b.ReportMetric(float64(errs), "errors")
	b.ReportMetric(float64(agentErrs), "agent-errors")
	b.ReportMetric(float64(cpu.Microseconds())/1000/float64(len(lat)), "cpu-ms/request")
	b.ReportMetric(percentile(lat, 0.50), "p50-ms")
	b.ReportMetric(percentile(lat, 0.95), "p95-ms")
	b.ReportMetric(before, "rss-before-MB")
	b.ReportMetric(<-peak, "rss-peak-MB")
}

func percentile(v []float64, p float64) float64 {
	if len(v) == 0 {
		return 0
	}
	s := slices.Clone(v)
	slices.Sort(s)
	return s[min(len(s)-1, int(p*float64(len(s))))]
}

// rssMB is a resident-set line of /proc/self/status (VmRSS, VmHWM) in
// MB; 0 where /proc is not there.
func rssMB(field string) float64 {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(b), "\n") {
		if f := strings.Fields(line); len(f) >= 2 && f[0] == field {
			kb, _ := strconv.ParseFloat(f[1], 64)
			return kb / 1024
		}
	}
	return 0
}
