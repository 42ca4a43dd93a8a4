package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/cairn-agents/cairn/geo"
	"github.com/cairn-agents/cairn/geo/mapstool"
	"github.com/cairn-agents/cairn/mcp"
	"github.com/cairn-agents/cairn/tool"
)

// The test binary doubles as the server: run with CAIRN_MAPS_HELPER set,
// TestHelperMapsServer executes `cairn <CAIRN_MAPS_HELPER args>`.
const helperEnv = "CAIRN_MAPS_HELPER"

func TestHelperMapsServer(t *testing.T) {
	args := os.Getenv(helperEnv)
	if args == "" {
		t.Skip("helper process for the cairn mcp maps tests")
	}
	argv := strings.Fields(args)
	if strings.HasPrefix(args, "[") { // a JSON array, for args with spaces
		if err := json.Unmarshal([]byte(args), &argv); err != nil {
			fmt.Fprintln(os.Stderr, "helper args:", err)
			os.Exit(2)
		}
	}
	cmd := newRootCmd(os.Stdout, os.Stderr)
	cmd.SetArgs(argv)
	if err := cmd.ExecuteContext(context.Background()); err != nil {
		fmt.Fprintln(os.Stderr, "cairn:", err)
		os.Exit(1)
	}
	os.Exit(0)
}

// serverCommand is the command line that starts `cairn mcp maps` on stdio.
func serverCommand() string { return os.Args[0] + " -test.run=^TestHelperMapsServer$" }

func connectStdio(t testing.TB) *mcp.Client {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	c, err := mcp.Connect(ctx, serverCommand(), &mcp.Options{Env: []string{helperEnv + "=mcp maps"}, Stderr: os.Stderr})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

func checkMapsServer(t *testing.T, c *mcp.Client) {
	ctx := context.Background()
	reg, err := c.Registry(ctx)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"maps_directions", "maps_distance_matrix", "maps_elevation", "maps_geocode", "maps_place_details", "maps_reverse_geocode", "maps_search_places"}
	if got := reg.Names(); strings.Join(got, ",") != strings.Join(want, ",") {
		t.Fatalf("tools %v, want %v", got, want)
	}
	res, err := c.Call(ctx, "maps_geocode", json.RawMessage(`{"address":"JB"}`))
	if err != nil || !strings.Contains(string(res), `"formatted_address": "Johor Bahru, Johor, Malaysia"`) {
		t.Errorf("geocode JB over MCP: %s, %v", res, err)
	}
	_, err = c.Call(ctx, "maps_geocode", json.RawMessage(`{"address":"Qqzzxv Nowhere"}`))
	if !errors.Is(err, tool.ErrPermanent) || !strings.Contains(err.Error(), "Geocoding failed: ZERO_RESULTS") {
		t.Errorf("unknown place over MCP: %v", err)
	}
	_, err = c.Call(ctx, "maps_elevation", json.RawMessage(`{"locations":[{"latitude":95,"longitude":0}]}`))
	if err == nil || !strings.Contains(err.Error(), "Elevation request failed: locations[0]: INVALID_REQUEST: latitude 95") {
		t.Errorf("latitude 95 over MCP: %v", err)
	}
	// The same engine through the tool contract as a geo.Maps.
	m := &mapstool.Client{Caller: c}
	dm, err := m.DistanceMatrix(ctx, geo.MatrixRequest{Origins: []string{"Dover, DE"}, Destinations: []string{"Lewes, DE", "Kuala Lumpur"}})
	if err != nil {
		t.Fatal(err)
	}
	el := dm.Results[0].Elements
	if el[0].Status != "OK" || el[0].Estimated || el[0].Distance.Value < 50000 || !el[1].Estimated {
		t.Errorf("matrix over MCP: %+v %+v", el[0], el[1])
	}
}

func TestMCPMapsStdio(t *testing.T) {
	checkMapsServer(t, connectStdio(t))
}

func TestMCPMapsHTTP(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	cmd := exec.CommandContext(ctx, os.Args[0], "-test.run=^TestHelperMapsServer$")
	cmd.Env = append(os.Environ(), helperEnv+"=mcp maps --http 127.0.0.1:0")
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { cancel(); cmd.Wait() }()
	urls := make(chan string, 1)
	go func() {
		re := regexp.MustCompile(`http://127\.0\.0\.1:\d+/\S*`)
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			if u := re.FindString(sc.Text()); u != "" {
				urls <- u
			}
		}
	}()
	var url string
	select {
	case url = <-urls:
	case <-time.After(60 * time.Second):
		t.Fatal("server did not report its address")
	}
	c, err := mcp.Connect(ctx, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	checkMapsServer(t, c)
}

// inspector finds the MCP Inspector CLI: $MCP_INSPECTOR, or the npm
// prefix cairn uses for its sources (~/.cache/cairn/npm), or PATH.
func inspector(t *testing.T) string {
	if p := os.Getenv("MCP_INSPECTOR"); p != "" {
		return p
	}
	if d, err := os.UserCacheDir(); err == nil {
		if p := filepath.Join(d, "cairn", "npm", "node_modules", ".bin", "mcp-inspector"); fileExists(p) {
			return p
		}
	}
	if p, err := exec.LookPath("mcp-inspector"); err == nil {
		return p
	}
	t.Skip("MCP Inspector absent: npm install --prefix ~/.cache/cairn/npm @modelcontextprotocol/inspector@2.12.0")
	return ""
}

func fileExists(p string) bool { _, err := os.Stat(p); return err == nil }

// TestMCPMapsInspector drives `cairn mcp maps` with a client that is not
// ours: the MCP Inspector's CLI mode (Node).
func TestMCPMapsInspector(t *testing.T) {
	insp := inspector(t)
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node absent")
	}
	// run returns the inspector's stdout; it exits 5 when the tool
	// reported isError, which the caller checks from the output.
	run := func(args ...string) []byte {
		t.Helper()
		ctx, cancel := context.WithTimeout(context.Background(), 120*time.Second)
		defer cancel()
		// The server is this race-instrumented test binary: on a loaded
		// machine it may take longer to start than the inspector's 15 s.
		full := append([]string{"--cli", "--connect-timeout", "110000", "-e", helperEnv + "=mcp maps", os.Args[0], "-test.run=^TestHelperMapsServer$"}, args...)
		cmd := exec.CommandContext(ctx, insp, full...)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		out, err := cmd.Output()
		var ee *exec.ExitError
		if errors.As(err, &ee) && ee.ExitCode() == 5 && strings.Contains(stderr.String(), "tool_is_error") {
			err = nil
		}
		if err != nil {
			t.Fatalf("inspector %v: %v\n%s\n%s", args, err, out, stderr.String())
		}
		return out
	}
	var list struct {
		Tools []struct {
			Name        string
			InputSchema struct{ Required []string }
		}
	}
	if err := json.Unmarshal(run("--method", "tools/list"), &list); err != nil {
		t.Fatal(err)
	}
	if len(list.Tools) != 7 {
		t.Fatalf("inspector lists %d tools", len(list.Tools))
	}
	var call struct {
		Content []struct{ Type, Text string }
		IsError bool
	}
	out := run("--method", "tools/call", "--tool-name", "maps_search_places", "--tool-arg", "query=gas station in Dover")
	if err := json.Unmarshal(out, &call); err != nil {
		t.Fatal(err)
	}
	if call.IsError || len(call.Content) != 1 || !strings.Contains(call.Content[0].Text, `"gas_station"`) {
		t.Errorf("inspector search: %s", out)
	}
	out = run("--method", "tools/call", "--tool-name", "maps_geocode", "--tool-arg", "address=Qqzzxv Nowhere")
	if err := json.Unmarshal(out, &call); err != nil {
		t.Fatal(err)
	}
	if !call.IsError || call.Content[0].Text != "Geocoding failed: ZERO_RESULTS" {
		t.Errorf("inspector unknown place: %s", out)
	}
}

// BenchmarkMCPMapsStdio makes sequential tool calls over stdio MCP to one
// `cairn mcp maps` process.
func BenchmarkMCPMapsStdio(b *testing.B) {
	c := connectStdio(b)
	ctx := context.Background()
	calls := []struct {
		name string
		args json.RawMessage
	}{
		{"maps_geocode", json.RawMessage(`{"address":"Dover, DE"}`)},
		{"maps_elevation", json.RawMessage(`{"locations":[{"latitude":42.5,"longitude":1.5}]}`)},
		{"maps_search_places", json.RawMessage(`{"query":"cafe in Wilmington"}`)},
		{"maps_reverse_geocode", json.RawMessage(`{"latitude":39.16,"longitude":-75.52}`)},
	}
	if _, err := c.Call(ctx, "maps_geocode", calls[0].args); err != nil {
		b.Fatal(err)
	}
	for _, k := range calls {
		b.Run(k.name, func(b *testing.B) {
			n := 0
			start := time.Now()
			for b.Loop() {
				if _, err := c.Call(ctx, k.name, k.args); err != nil {
					b.Fatal(err)
				}
				n++
			}
			b.ReportMetric(float64(n)/time.Since(start).Seconds(), "calls/s")
		})
	}
	b.Run("mixed", func(b *testing.B) {
		i := 0
		start := time.Now()
		for b.Loop() {
			k := calls[i%len(calls)]
			if _, err := c.Call(ctx, k.name, k.args); err != nil {
				b.Fatal(err)
			}
			i++
		}
		b.ReportMetric(float64(i)/time.Since(start).Seconds(), "calls/s")
	})
}

// BenchmarkMCPMapsStdioSDK is the same sequential geocode calls with the
// MCP Go SDK's bare client session, to separate the server's cost from
// the extra work of our reconnecting client.
func BenchmarkMCPMapsStdioSDK(b *testing.B) {
	ctx := context.Background()
	cmd := exec.Command(os.Args[0], "-test.run=^TestHelperMapsServer$")
	cmd.Env = append(os.Environ(), helperEnv+"=mcp maps")
	client := sdk.NewClient(&sdk.Implementation{Name: "bench", Version: "1"}, nil)
	sess, err := client.Connect(ctx, &sdk.CommandTransport{Command: cmd}, nil)
	if err != nil {
		b.Fatal(err)
	}
	defer sess.Close()
	params := &sdk.CallToolParams{Name: "maps_geocode", Arguments: map[string]any{"address": "Dover, DE"}}
	n := 0
	start := time.Now()
	for b.Loop() {
		res, err := sess.CallTool(ctx, params)
		if err != nil || res.IsError {
			b.Fatal(err, res)
		}
		n++
	}
	b.ReportMetric(float64(n)/time.Since(start).Seconds(), "calls/s")
}

func TestMCPMapsGoogleNeedsKey(t *testing.T) {
	t.Setenv("GOOGLE_MAPS_API_KEY", "")
	var out, errb bytes.Buffer
	cmd := newRootCmd(&out, &errb)
	cmd.SetArgs([]string{"mcp", "maps", "--maps", "google"})
	err := cmd.ExecuteContext(context.Background())
	if err == nil || !strings.Contains(err.Error(), "GOOGLE_MAPS_API_KEY") {
		t.Errorf("--maps google without a key: %v", err)
	}
}

func TestDataInfoCommand(t *testing.T) {
	t.Setenv("XDG_DATA_HOME", t.TempDir())
	var out, errb bytes.Buffer
	cmd := newRootCmd(&out, &errb)
	cmd.SetArgs([]string{"data", "info"})
	if err := cmd.ExecuteContext(context.Background()); err != nil {
		t.Fatal(err, errb.String())
	}
	var info struct {
		Info geo.Info `json:"info"`
	}
	if err := json.Unmarshal(out.Bytes(), &info); err != nil {
		t.Fatal(err)
	}
	if info.Info.Cities < 150000 || len(info.Info.Regions) != 2 {
		t.Errorf("data info: %+v", info.Info)
	}
}

// TestMCPMapsProxy serves the tools of another MCP maps server (here an
// offline `cairn mcp maps`, standing in for the upstream Google one)
// through --maps mcp:TARGET.
func TestMCPMapsProxy(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	envBin, err := exec.LookPath("env")
	if err != nil {
		t.Skip("env(1) absent")
	}
	// The inner server must not inherit the outer one's helper args.
	inner := envBin + ` "` + helperEnv + `=mcp maps" ` + serverCommand()
	outer, _ := json.Marshal([]string{"mcp", "maps", "--maps", "mcp:" + inner})
	c, err := mcp.Connect(ctx, serverCommand(), &mcp.Options{
		Env:    []string{helperEnv + "=" + string(outer)},
		Stderr: os.Stderr,
	})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	checkMapsServer(t, c)
}

// `cairn mcp maps` on stdio answers a line that is not a JSON-RPC message
// with a JSON-RPC error and goes on serving (it used to exit 1 on the
// first one, answering nothing).
func TestMCPMapsStdioSurvivesBadLines(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, os.Args[0], "-test.run=^TestHelperMapsServer$")
	cmd.Env = append(os.Environ(), helperEnv+"=mcp maps")
	cmd.Stdin = strings.NewReader(strings.Join([]string{
		"not json",
		"\x00\x01\xfe",
		`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`,
		`{}`,
		`[]`,
		`{"jsonrpc":"1.0","id":2,"method":"tools/list"}`,
		`{"jsonrpc":"2.0","id":3,"method":"tools/ca`,
		`{"jsonrpc":"2.0","method":"notifications/initialized"}`,
		`{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"maps_geocode","arguments":{"address":"Dover, DE"}}}`,
	}, "\n") + "\n")
	cmd.Stderr = io.Discard
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("server: %v; it wrote:\n%s", err, out)
	}
	var codes []int
	geocoded := false
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		var m struct {
			ID     json.RawMessage `json:"id"`
			Result json.RawMessage `json:"result"`
			Error  *struct {
				Code int `json:"code"`
			} `json:"error"`
		}
		if err := json.Unmarshal([]byte(line), &m); err != nil {
			t.Fatalf("not JSON from the server: %q", line)
		}
		if m.Error != nil {
			codes = append(codes, m.Error.Code)
		}
		if string(m.ID) == "4" && strings.Contains(string(m.Result), "Dover") {
			geocoded = true
		}
	}
	if want := []int{-32700, -32700, -32600, -32600, -32600, -32700}; fmt.Sprint(codes) != fmt.Sprint(want) {
		t.Errorf("error codes %v, want %v; output:\n%s", codes, want, out)
	}
	if !geocoded {
		t.Errorf("the valid call after the bad lines was not answered:\n%s", out)
	}
}
