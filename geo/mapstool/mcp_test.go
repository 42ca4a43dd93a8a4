package mapstool_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"runtime/pprof"
	"strings"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/cairn-agents/cairn/geo"
	"github.com/cairn-agents/cairn/geo/assets"
	"github.com/cairn-agents/cairn/geo/geotest"
	"github.com/cairn-agents/cairn/geo/mapstool"
	"github.com/cairn-agents/cairn/mcp"
)

// serverEnv makes the test binary an MCP stdio server of the seven tools
// backed by the embedded engine; serverProfileEnv names a file for that
// server's CPU profile (to see the server's side of the stdio benchmarks).
const (
	serverEnv        = "CAIRN_MAPSTOOL_MCP_SERVER"
	serverProfileEnv = "CAIRN_MAPSTOOL_MCP_SERVER_CPUPROFILE"
)

func TestMain(m *testing.M) {
	if os.Getenv(serverEnv) != "" {
		os.Exit(serve())
	}
	os.Exit(m.Run())
}

func serve() int {
	ctx := context.Background()
	if p := os.Getenv(serverProfileEnv); p != "" {
		f, err := os.Create(p)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 2
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 2
		}
		defer pprof.StopCPUProfile()
	}
	eng, err := geo.Open(ctx, geo.Options{Base: assets.FS})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	reg, err := mapstool.Registry(eng)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	srv, err := mcp.NewServer(reg, nil)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	if err := srv.ServeStdio(ctx); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	return 0
}

// serverCmd is the test binary run as the stdio server.
func serverCmd(t testing.TB) *exec.Cmd {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe, "-test.run=^$")
	cmd.Env = append(os.Environ(), serverEnv+"=1")
	cmd.Stderr = os.Stderr
	return cmd
}

// TestMCPResultIsOneTextItem: over MCP a maps result is what the upstream
// server sends, a single text item of pretty-printed JSON with no
// structuredContent copy, and it is the tool's result byte for byte.
func TestMCPResultIsOneTextItem(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	client := sdk.NewClient(&sdk.Implementation{Name: "test", Version: "1"}, nil)
	sess, err := client.Connect(ctx, &sdk.CommandTransport{Command: serverCmd(t)}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer sess.Close()
	reg := geotest.Tools(t)
	for _, c := range []struct{ name, args string }{
		{mapstool.SearchPlaces, `{"query":"cafe in Wilmington"}`},
		{mapstool.Geocode, `{"address":"Dover, DE"}`},
		{mapstool.ReverseGeocode, `{"latitude":39.16,"longitude":-75.52}`},
	} {
		res, err := sess.CallTool(ctx, &sdk.CallToolParams{Name: c.name, Arguments: json.RawMessage(c.args)})
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if res.IsError || res.StructuredContent != nil || len(res.Content) != 1 {
			t.Fatalf("%s: isError %v, structuredContent %v, %d content items; want one text item only", c.name, res.IsError, res.StructuredContent != nil, len(res.Content))
		}
		tc, ok := res.Content[0].(*sdk.TextContent)
		if !ok {
			t.Fatalf("%s: content is %T, want text", c.name, res.Content[0])
		}
		want, err := reg.Call(ctx, c.name, json.RawMessage(c.args))
		if err != nil {
			t.Fatal(err)
		}
		if tc.Text != string(want) || !strings.Contains(tc.Text, "\n  \"") {
			t.Errorf("%s: text over MCP differs from the tool's pretty-printed result:\n%.200s\nwant\n%.200s", c.name, tc.Text, want)
		}
	}
}

// TestMCPClientMaps: the seven tools over stdio MCP behave as the engine
// does in process, through mcp.Client and Client (geo.Maps).
func TestMCPClientMaps(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	c := stdioClient(t)
	m := &mapstool.Client{Caller: c}
	local := &mapstool.Client{Caller: geotest.Tools(t)}
	got, err := m.SearchPlaces(ctx, geo.SearchRequest{Query: "cafe in Wilmington"})
	if err != nil {
		t.Fatal(err)
	}
	want, err := local.SearchPlaces(ctx, geo.SearchRequest{Query: "cafe in Wilmington"})
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Places) == 0 || fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("search over MCP = %+v\nin process = %+v", got, want)
	}
	if _, err := m.Geocode(ctx, "Qqzzxv Nowhere"); !strings.Contains(fmt.Sprint(err), "Geocoding failed: ZERO_RESULTS") {
		t.Errorf("unknown place over MCP: %v", err)
	}
}

func stdioClient(t testing.TB) *mcp.Client {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	env := []string{serverEnv + "=1"}
	if p := os.Getenv(serverProfileEnv); p != "" {
		env = append(env, serverProfileEnv+"="+p)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	c, err := mcp.Connect(ctx, exe+" -test.run=^$", &mcp.Options{Env: env, Stderr: os.Stderr})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

// benchCalls are the maps calls the stdio benchmarks make.
var benchCalls = []struct {
	name string
	args json.RawMessage
}{
	{mapstool.Geocode, json.RawMessage(`{"address":"Dover, DE"}`)},
	{mapstool.Elevation, json.RawMessage(`{"locations":[{"latitude":42.5,"longitude":1.5}]}`)},
	{mapstool.SearchPlaces, json.RawMessage(`{"query":"cafe in Wilmington"}`)},
	{mapstool.ReverseGeocode, json.RawMessage(`{"latitude":39.16,"longitude":-75.52}`)},
}

// BenchmarkMCPStdio makes sequential calls over stdio MCP to one server
// process, per tool and mixed (target: >= 2,000 calls/s each). With
// CAIRN_MAPSTOOL_MCP_SERVER_CPUPROFILE=file the server writes its CPU
// profile there when the benchmark ends.
func BenchmarkMCPStdio(b *testing.B) {
	c := stdioClient(b)
	ctx := context.Background()
	for _, k := range benchCalls { // warm up every tool
		if _, err := c.Call(ctx, k.name, k.args); err != nil {
			b.Fatal(err)
		}
	}
	run := func(b *testing.B, pick func(i int) int) {
		b.ReportAllocs()
		i := 0
		for b.Loop() {
			k := benchCalls[pick(i)]
			if _, err := c.Call(ctx, k.name, k.args); err != nil {
				b.Fatal(err)
			}
			i++
		}
		b.ReportMetric(float64(i)/b.Elapsed().Seconds(), "calls/s")
	}
	for j, k := range benchCalls {
		b.Run(k.name, func(b *testing.B) { run(b, func(int) int { return j }) })
	}
	b.Run("mixed", func(b *testing.B) { run(b, func(i int) int { return i % len(benchCalls) }) })
}
