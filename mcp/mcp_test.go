package mcp

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/cairn-agents/cairn/tool"
)

// serverEnv makes the test binary serve testRegistry over stdio instead of
// running tests, so stdio tests talk to a real subprocess.
const serverEnv = "CAIRN_MCP_TEST_SERVER"

func TestMain(m *testing.M) {
	if addr, ok := strings.CutPrefix(os.Getenv(serverEnv), "http="); ok {
		// Serve HTTP on addr and print the URL on stdout.
		ln, err := net.Listen("tcp", addr)
		if err != nil {
			fmt.Fprintln(os.Stderr, "test server:", err)
			os.Exit(1)
		}
		fmt.Printf("http://%s/mcp\n", ln.Addr())
		srv, _ := NewServer(testRegistry(), nil)
		srv.ServeListener(context.Background(), ln)
		os.Exit(0)
	}
	if os.Getenv(serverEnv) == "stdio" {
		srv, err := NewServer(testRegistry(), &ServerOptions{Name: "cairn-test"})
		if err == nil {
			err = srv.ServeStdio(context.Background())
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, "test server:", err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

type echoIn struct {
	Text string `json:"text" jsonschema:"text to echo"`
}

type addIn struct {
	A float64 `json:"a"`
	B float64 `json:"b"`
}

type blockIn struct {
	Marker string `json:"marker" jsonschema:"file created once the call has started"`
}

func testRegistry() *tool.Registry {
	reg, err := tool.NewRegistry(
		tool.Must(tool.New("echo", "Returns its text.", func(_ context.Context, in echoIn) (echoIn, error) { return in, nil })),
		tool.Must(tool.New("add", "Adds a and b.", func(_ context.Context, in addIn) (map[string]float64, error) {
			return map[string]float64{"sum": in.A + in.B}, nil
		})),
		tool.Must(tool.New("fail", "Always fails.", func(context.Context, struct{}) (int, error) {
			return 0, errors.New("the tool failed on purpose")
		})),
		tool.Must(tool.New("pid", "Returns the server's process id.", func(context.Context, struct{}) (int, error) {
			return os.Getpid(), nil
		})),
		tool.Must(tool.New("panic", "Panics.", func(context.Context, struct{}) (int, error) { panic("index out of range") })),
		tool.Must(tool.New("count", "Returns a bare number.", func(context.Context, struct{}) (int, error) { return 42, nil })),
		tool.Must(tool.New("crash-once", "Exits the server process unless marker exists; creates marker first.", func(_ context.Context, in blockIn) (string, error) {
			if _, err := os.Stat(in.Marker); err != nil {
				os.WriteFile(in.Marker, nil, 0o644)
				os.Exit(3)
			}
			return "survived", nil
		})),
		tool.Must(tool.New("block", "Creates marker, then waits until cancelled.", func(ctx context.Context, in blockIn) (int, error) {
			if err := os.WriteFile(in.Marker, nil, 0o644); err != nil {
				return 0, err
			}
			<-ctx.Done()
			return 0, ctx.Err()
		})),
	)
	if err != nil {
		panic(err)
	}
	return reg
}

// stdioClient connects to the test binary run as a stdio server.
func stdioClient(t testing.TB) *Client {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	c, err := Connect(ctx, "'"+exe+"' -test.run=^$", &Options{Env: []string{serverEnv + "=stdio"}, Stderr: os.Stderr, Logger: quiet})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

// httpServer serves testRegistry over streamable HTTP on addr (":0" style
// addresses pick a port) and returns its URL and a stop func.
func httpServer(t testing.TB, addr string) (string, func()) {
	t.Helper()
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	srv, err := NewServer(testRegistry(), nil)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- srv.ServeListener(ctx, ln) }()
	stop := func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("ServeListener: %v", err)
		}
	}
	t.Cleanup(func() {
		if ctx.Err() == nil {
			stop()
		}
	})
	return "http://" + ln.Addr().String() + "/mcp", stop
}

func httpClient(t testing.TB, url string) *Client {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	c, err := Connect(ctx, url, &Options{Logger: quiet})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

var quiet = slog.New(slog.DiscardHandler)

func call(t *testing.T, c *Client, name, args string) (string, error) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	res, err := c.Call(ctx, name, json.RawMessage(args))
	return string(res), err
}

// listTools lists the tools of c's server, and their names.
func listTools(t *testing.T, c *Client) ([]string, []tool.Tool) {
	t.Helper()
	tools, err := c.Tools(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	names := make([]string, len(tools))
	for i, tl := range tools {
		names[i] = tl.Spec().Name
	}
	return names, tools
}

// exercise checks listing and calling through c, whatever the transport.
func exercise(t *testing.T, c *Client) {
	ctx := context.Background()
	names, tools := listTools(t, c)
	for _, tl := range tools {
		var s map[string]any
		if err := json.Unmarshal(tl.Spec().InputSchema, &s); err != nil || s["type"] != "object" {
			t.Errorf("tool %s schema = %s", tl.Spec().Name, tl.Spec().InputSchema)
		}
	}
	slices.Sort(names)
	if want := []string{"add", "block", "count", "crash-once", "echo", "fail", "panic", "pid"}; !slices.Equal(names, want) {
		t.Fatalf("tools = %v, want %v", names, want)
	}

	reg, err := c.Registry(ctx)
	if err != nil {
		t.Fatal(err)
	}
	res, err := reg.Call(ctx, "add", json.RawMessage(`{"a": 1.25, "b": 2}`))
	if err != nil || string(res) != `{"sum":3.25}` {
		t.Fatalf("add = %s, %v", res, err)
	}
	if res, err := call(t, c, "echo", `{"text":"héllo \"x\""}`); err != nil || res != `{"text":"héllo \"x\""}` {
		t.Fatalf("echo = %s, %v", res, err)
	}
	if res, err := call(t, c, "count", ``); err != nil || res != `42` {
		t.Fatalf("count = %s, %v", res, err)
	}

	// isError results are permanent errors carrying the server's text.
	_, err = call(t, c, "fail", `{}`)
	if !errors.Is(err, tool.ErrPermanent) || !strings.Contains(err.Error(), "the tool failed on purpose") {
		t.Fatalf("fail: err = %v", err)
	}
	// A panicking tool is an isError result; the server lives on.
	_, err = call(t, c, "panic", `{}`)
	if !errors.Is(err, tool.ErrPermanent) || !strings.Contains(err.Error(), "panicked: index out of range") {
		t.Fatalf("panic: err = %v", err)
	}
	if res, err := call(t, c, "count", ``); err != nil || res != `42` {
		t.Fatalf("count after a panic = %s, %v", res, err)
	}
	// Bad arguments are checked by the server and come back as isError,
	// with their kind.
	_, err = call(t, c, "add", `{"a":"one","b":2}`)
	if !errors.Is(err, tool.ErrBadArgs) || errors.Is(err, tool.ErrPermanent) || !strings.Contains(err.Error(), "/properties/a") {
		t.Fatalf("add with bad args: err = %v", err)
	}
	_, err = call(t, c, "add", `{"a":1}`)
	if err == nil || !strings.Contains(err.Error(), `"b"`) {
		t.Fatalf("add missing b: err = %v", err)
	}
	// Arguments that are not an object never leave the client.
	if _, err := call(t, c, "add", `[1,2]`); !errors.Is(err, tool.ErrBadArgs) {
		t.Fatalf("array args: err = %v", err)
	}
	if _, err := call(t, c, "nope", `{}`); !errors.Is(err, tool.ErrUnknownTool) {
		t.Fatalf("unknown tool: err = %v", err)
	}
}

func TestStdioListAndCall(t *testing.T) {
	exercise(t, stdioClient(t))
}

func TestHTTPListAndCall(t *testing.T) {
	url, _ := httpServer(t, "127.0.0.1:0")
	exercise(t, httpClient(t, url))
}

func serverPID(t *testing.T, c *Client) int {
	t.Helper()
	res, err := call(t, c, "pid", `{}`)
	if err != nil {
		t.Fatal(err)
	}
	var pid int
	if err := json.Unmarshal([]byte(res), &pid); err != nil || pid <= 0 {
		t.Fatalf("pid = %s, %v", res, err)
	}
	return pid
}

// waitDead waits until every thread of pid has exited, so its files are
// closed. (The process stays a zombie until the SDK reaps it, and its main
// thread is a zombie before the other threads are gone.)
func waitDead(t *testing.T, pid int) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		tasks, err := os.ReadDir(fmt.Sprintf("/proc/%d/task", pid))
		if err != nil {
			return
		}
		stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
		if err != nil {
			return
		}
		state := strings.Fields(string(stat[strings.LastIndexByte(string(stat), ')')+1:]))
		if len(tasks) <= 1 && len(state) > 0 && state[0] == "Z" {
			return
		}
		time.Sleep(time.Millisecond)
	}
	t.Fatalf("process %d still running", pid)
}

func TestStdioServerKilledMidCall(t *testing.T) {
	c := stdioClient(t)
	pid := serverPID(t, c)
	errc := startBlockingCall(t, c)
	if err := syscall.Kill(pid, syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	select {
	case err := <-errc:
		if !errors.Is(err, tool.ErrTransient) {
			t.Fatalf("call in flight when the server died: err = %v, want ErrTransient", err)
		}
		var te *tool.Error
		if !errors.As(err, &te) || te.Tool != "block" {
			t.Fatalf("err = %#v, want a *tool.Error for block", err)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("call in flight did not return after the server died")
	}
	if pid2 := serverPID(t, c); pid2 == pid {
		t.Fatalf("next call answered by the dead process %d", pid)
	}
}

func TestStdioServerDiesBetweenCalls(t *testing.T) {
	c := stdioClient(t)
	pid := serverPID(t, c)
	if err := syscall.Kill(pid, syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	waitDead(t, pid)
	if pid2 := serverPID(t, c); pid2 == pid {
		t.Fatal("answered by the dead process")
	}
}

func TestHTTPServerRestart(t *testing.T) {
	url, stop := httpServer(t, "127.0.0.1:0")
	c := httpClient(t, url)
	if _, err := call(t, c, "echo", `{"text":"a"}`); err != nil {
		t.Fatal(err)
	}
	stop()
	_, err := call(t, c, "echo", `{"text":"b"}`)
	if !errors.Is(err, tool.ErrTransient) {
		t.Fatalf("server down: err = %v, want ErrTransient", err)
	}
	addr := strings.TrimSuffix(strings.TrimPrefix(url, "http://"), "/mcp")
	httpServer(t, addr) // a new server process would lose all sessions too
	res, err := call(t, c, "echo", `{"text":"c"}`)
	if err != nil || res != `{"text":"c"}` {
		t.Fatalf("after restart: %s, %v; want a transparent reconnect", res, err)
	}
}

func TestCallAfterClose(t *testing.T) {
	c := stdioClient(t)
	if err := c.Close(); err != nil {
		t.Fatalf("Close: %v", err)
	}
	if _, err := call(t, c, "echo", `{"text":"x"}`); !errors.Is(err, ErrClosed) {
		t.Fatalf("err = %v, want ErrClosed", err)
	}
}

func TestConnectErrors(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if _, err := Connect(ctx, "", nil); err == nil || !strings.Contains(err.Error(), "empty") {
		t.Errorf("empty target: %v", err)
	}
	if _, err := Connect(ctx, "/nonexistent/mcp-server --x", nil); err == nil || !strings.Contains(err.Error(), "/nonexistent/mcp-server") {
		t.Errorf("missing command: %v", err)
	}
	if _, err := Connect(ctx, "'unterminated", nil); err == nil || !strings.Contains(err.Error(), "unterminated") {
		t.Errorf("bad quoting: %v", err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	closed := "http://" + ln.Addr().String() + "/mcp"
	ln.Close()
	if _, err := Connect(ctx, closed, nil); err == nil || !strings.Contains(err.Error(), closed) {
		t.Errorf("nothing listening: %v", err)
	}
}

func TestNewServerRejectsNonObjectSchema(t *testing.T) {
	bad := &rawTool{spec: tool.Spec{Name: "s", InputSchema: json.RawMessage(`{"type":"string"}`)}}
	reg, _ := tool.NewRegistry(bad)
	if _, err := NewServer(reg, nil); err == nil || !strings.Contains(err.Error(), `"s"`) {
		t.Fatalf("err = %v", err)
	}
}

type rawTool struct{ spec tool.Spec }

func (r *rawTool) Spec() tool.Spec { return r.spec }
func (r *rawTool) Call(context.Context, json.RawMessage) (json.RawMessage, error) {
	return json.RawMessage(`null`), nil
}

// The context given to Connect bounds the handshake only: the session lives
// on after it ends, and a call cancelled by its own deadline is cancelled on
// the server too, so Close does not wait for it.
func TestSessionOutlivesConnectContext(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	url, _ := httpServer(t, "127.0.0.1:0")
	for _, target := range []string{url, "'" + exe + "' -test.run=^$"} {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		c, err := Connect(ctx, target, &Options{Env: []string{serverEnv + "=stdio"}})
		if err != nil {
			t.Fatal(err)
		}
		cancel()
		if res, err := call(t, c, "echo", `{"text":"still here"}`); err != nil || res != `{"text":"still here"}` {
			t.Fatalf("%s: after the connect context ended: %s, %v", target, res, err)
		}
		short, cancelShort := context.WithTimeout(context.Background(), 50*time.Millisecond)
		_, err = c.Call(short, "block", json.RawMessage(fmt.Sprintf(`{"marker":%q}`, filepath.Join(t.TempDir(), "m"))))
		cancelShort()
		if !errors.Is(err, tool.ErrTransient) || !errors.Is(err, context.DeadlineExceeded) {
			t.Fatalf("%s: timed out call: err = %v", target, err)
		}
		closed := make(chan error, 1)
		go func() { closed <- c.Close() }()
		select {
		case <-closed:
		case <-time.After(3 * time.Second):
			t.Fatalf("%s: Close still waiting for the cancelled call", target)
		}
	}
}

// A stateful server (as third-party servers often are) forgets its sessions
// when it restarts; the client notices the missing session and reconnects
// without failing the call.
func TestHTTPStatefulServerRestart(t *testing.T) {
	srv, err := NewServer(testRegistry(), nil)
	if err != nil {
		t.Fatal(err)
	}
	serve := func(addr string) (string, func()) {
		ln, err := net.Listen("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		h := sdk.NewStreamableHTTPHandler(func(*http.Request) *sdk.Server { return srv.srv }, nil)
		hs := &http.Server{Handler: h}
		go hs.Serve(ln)
		return ln.Addr().String(), func() { hs.Close() }
	}
	addr, stop := serve("127.0.0.1:0")
	// No keep-alive, so the next request reaches the new server (rather
	// than failing on the old server's closed connection) with the old
	// session id.
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	c, err := Connect(ctx, "http://"+addr+"/mcp", &Options{HTTPClient: &http.Client{Transport: &http.Transport{DisableKeepAlives: true}}})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if _, err := call(t, c, "echo", `{"text":"a"}`); err != nil {
		t.Fatal(err)
	}
	stop()
	_, stop = serve(addr)
	defer stop()
	res, err := call(t, c, "echo", `{"text":"b"}`)
	if err != nil || res != `{"text":"b"}` {
		t.Fatalf("after restart: %s, %v", res, err)
	}
}

// Hosts that speak an older protocol version (2025-06-18, with sessions)
// can use the stateless HTTP server.
func TestHTTPServerOlderProtocolClient(t *testing.T) {
	url, _ := httpServer(t, "127.0.0.1:0")
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	cl := sdk.NewClient(&sdk.Implementation{Name: "old-host", Version: "1"}, nil)
	cs, err := cl.Connect(ctx, &sdk.StreamableClientTransport{Endpoint: url}, &sdk.ClientSessionOptions{ProtocolVersion: "2025-06-18"})
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	if v := cs.InitializeResult().ProtocolVersion; v != "2025-06-18" {
		t.Fatalf("negotiated %s", v)
	}
	res, err := cs.CallTool(ctx, &sdk.CallToolParams{Name: "add", Arguments: map[string]any{"a": 1, "b": 2}})
	if err != nil {
		t.Fatal(err)
	}
	got, err := resultJSON("add", res)
	if err != nil || string(got) != `{"sum":3}` {
		t.Fatalf("add = %s, %v", got, err)
	}
	res, err = cs.CallTool(ctx, &sdk.CallToolParams{Name: "fail", Arguments: map[string]any{}})
	if err != nil || !res.IsError {
		t.Fatalf("fail: %+v, %v; want an isError result", res, err)
	}
}

// Middleware composes with remote tools: a server that dies during a call
// gives a transient error, Retry tries again, and the reconnected server
// answers.
func TestRetryAcrossServerCrash(t *testing.T) {
	c := stdioClient(t)
	reg, err := c.Registry(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	reg = reg.With(tool.Retry(tool.RetrySettings{Attempts: 3, Backoff: time.Millisecond, MaxBackoff: 5 * time.Second}))
	pid := serverPID(t, c)
	args := json.RawMessage(fmt.Sprintf(`{"marker":%q}`, filepath.Join(t.TempDir(), "crashed")))
	res, err := reg.Call(context.Background(), "crash-once", args)
	if err != nil || string(res) != `"survived"` {
		t.Fatalf("crash-once through Retry = %s, %v", res, err)
	}
	if serverPID(t, c) == pid {
		t.Fatal("the server did not restart")
	}
}

// Many goroutines share one client (and one server process); each gets its
// own answer.
func TestConcurrentCalls(t *testing.T) {
	url, _ := httpServer(t, "127.0.0.1:0")
	for name, c := range map[string]*Client{"stdio": stdioClient(t), "http": httpClient(t, url)} {
		var wg sync.WaitGroup
		errs := make(chan error, 8*25)
		for g := range 8 {
			wg.Go(func() {
				for i := range 25 {
					want := fmt.Sprintf(`{"text":"g%d-%d"}`, g, i)
					res, err := c.Call(context.Background(), "echo", json.RawMessage(want))
					if err != nil || string(res) != want {
						errs <- fmt.Errorf("%s: echo %s = %s, %v", name, want, res, err)
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
}

// When the server dies under many calls, each fails as transient and the
// calls after start exactly one new server, not one each.
func TestManyCallsAcrossServerDeath(t *testing.T) {
	c := stdioClient(t)
	pid := serverPID(t, c)
	dir := t.TempDir()
	const n = 6
	errs := make(chan error, n)
	for i := range n {
		go func() {
			_, err := call(t, c, "block", fmt.Sprintf(`{"marker":%q}`, filepath.Join(dir, strconv.Itoa(i))))
			errs <- err
		}()
	}
	waitFor := time.Now().Add(10 * time.Second)
	for {
		entries, _ := os.ReadDir(dir)
		if len(entries) == n {
			break
		}
		if time.Now().After(waitFor) {
			t.Fatalf("only %d of %d calls reached the server", len(entries), n)
		}
		time.Sleep(2 * time.Millisecond)
	}
	if err := syscall.Kill(pid, syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	for range n {
		if err := <-errs; !errors.Is(err, tool.ErrTransient) {
			t.Fatalf("err = %v, want ErrTransient", err)
		}
	}
	pids := make(chan string, n)
	var wg sync.WaitGroup
	for range n {
		wg.Go(func() {
			res, err := call(t, c, "pid", `{}`)
			if err != nil {
				res = err.Error()
			}
			pids <- res
		})
	}
	wg.Wait()
	close(pids)
	seen := map[string]bool{}
	for p := range pids {
		seen[p] = true
	}
	if len(seen) != 1 || seen[strconv.Itoa(pid)] {
		t.Fatalf("calls after the crash were answered by processes %v (old %d), want one new process", seen, pid)
	}
}

// startHTTPServerProcess runs the test binary as an HTTP server on addr in
// a subprocess and returns its URL and process.
func startHTTPServerProcess(t *testing.T, addr string) (string, *exec.Cmd) {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe, "-test.run=^$")
	cmd.Env = append(os.Environ(), serverEnv+"=http="+addr)
	cmd.Stderr = os.Stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	line, err := bufio.NewReader(out).ReadString('\n')
	if err != nil {
		t.Fatalf("server process printed no URL: %v", err)
	}
	return strings.TrimSpace(line), cmd
}

// An HTTP server process that dies during a call: the call fails as
// transient without the SDK's long reconnect loop, and once a server is
// back on the address the next call succeeds.
func TestHTTPServerKilledMidCall(t *testing.T) {
	url, proc := startHTTPServerProcess(t, "127.0.0.1:0")
	c := httpClient(t, url)
	errc := startBlockingCall(t, c)
	proc.Process.Kill()
	select {
	case err := <-errc:
		if !errors.Is(err, tool.ErrTransient) {
			t.Fatalf("call in flight when the server died: err = %v, want ErrTransient", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("call in flight still waiting 10s after the server died")
	}
	addr := strings.TrimSuffix(strings.TrimPrefix(url, "http://"), "/mcp")
	startHTTPServerProcess(t, addr)
	if res, err := call(t, c, "echo", `{"text":"back"}`); err != nil || res != `{"text":"back"}` {
		t.Fatalf("after the restart: %s, %v", res, err)
	}
}

// startBlockingCall starts the test server's "block" tool through c and
// returns once the server is inside the call; the channel gets the call's
// error when it ends.
func startBlockingCall(t *testing.T, c *Client) <-chan error {
	t.Helper()
	marker := filepath.Join(t.TempDir(), "started")
	errc := make(chan error, 1)
	go func() {
		_, err := call(t, c, "block", fmt.Sprintf(`{"marker":%q}`, marker))
		errc <- err
	}()
	deadline := time.Now().Add(10 * time.Second)
	for {
		if _, err := os.Stat(marker); err == nil {
			return errc
		}
		if time.Now().After(deadline) {
			t.Fatal("block call never reached the server")
		}
		time.Sleep(2 * time.Millisecond)
	}
}
