package main

import (
	"io"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/cairn-agents/cairn/internal/testkit"
)

// serveURL waits for `cairn serve` to print its address.
func serveURL(t *testing.T, stderr *testkit.Buffer) string {
	t.Helper()
	re := regexp.MustCompile(`listening on (http://\S+)`)
	var url string
	testkit.WaitFor(t, "the server to listen", func() bool {
		m := re.FindStringSubmatch(stderr.String())
		if m != nil {
			url = m[1]
		}
		return m != nil
	})
	return strings.Replace(url, "0.0.0.0", "127.0.0.1", 1)
}

func get(t *testing.T, url, key string) (int, string) {
	t.Helper()
	req, _ := http.NewRequest("GET", url, nil)
	if key != "" {
		req.Header.Set("Authorization", "Bearer "+key)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

// cairn serve with keys from a file and the environment: the health check
// is open, everything else needs a key, and no key reaches the logs.
func TestServeAPIKeys(t *testing.T) {
	const fileKey, envKey = "file-key-0123456789abcdef", "env-key-0123456789abcdef"
	keys := filepath.Join(t.TempDir(), "keys")
	if err := os.WriteFile(keys, []byte("# who may call\nops "+fileKey+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	cmd, stderr := startMain(t, "--log-level debug serve --addr 127.0.0.1:0 --ocean-dir "+t.TempDir()+" --api-keys-file "+keys+" --rate-limit 50",
		"CAIRN_API_KEYS="+envKey)
	url := serveURL(t, stderr)
	if !strings.Contains(stderr.String(), "API keys: 2; rate limit: 50/s per caller") {
		t.Errorf("start-up line: %s", stderr)
	}
	if code, _ := get(t, url+"/healthz", ""); code != 200 {
		t.Errorf("/healthz without a key: %d", code)
	}
	if code, body := get(t, url+"/api/v1/health", ""); code != 401 || !strings.Contains(body, "an API key is required") {
		t.Errorf("no key: %d %s", code, body)
	}
	if code, body := get(t, url+"/api/v1/health", "wrong-key-0123456789abcdef"); code != 401 || !strings.Contains(body, "not recognised") {
		t.Errorf("wrong key: %d %s", code, body)
	}
	for _, k := range []string{fileKey, envKey} {
		if code, body := get(t, url+"/api/v1/health", k); code != 200 {
			t.Errorf("key: %d %s", code, body)
		}
	}
	cmd.Process.Signal(os.Interrupt)
	waitExit(t, cmd)
	logs := stderr.String()
	if strings.Contains(logs, fileKey) || strings.Contains(logs, envKey) || strings.Contains(logs, "wrong-key") {
		t.Errorf("a key is in the logs:\n%s", logs)
	}
	if !strings.Contains(logs, "caller=ops") || !strings.Contains(logs, "request_id=") || strings.Contains(logs, "WARNING") {
		t.Errorf("logs:\n%s", logs)
	}
}

func TestServeWarnsWhenExposedWithoutKeys(t *testing.T) {
	cmd, stderr := startMain(t, "serve --addr 0.0.0.0:0 --ocean-dir "+t.TempDir())
	url := serveURL(t, stderr)
	testkit.WaitFor(t, "the warning", func() bool { return strings.Contains(stderr.String(), "WARNING") })
	if !strings.Contains(stderr.String(), "no API key is set") {
		t.Errorf("stderr:\n%s", stderr)
	}
	if code, _ := get(t, url+"/api/v1/health", ""); code != 200 {
		t.Errorf("open server: %d", code)
	}
	cmd.Process.Signal(os.Interrupt)
	waitExit(t, cmd)
}

func TestServeRejectsBadGateFlags(t *testing.T) {
	dir := t.TempDir()
	empty := filepath.Join(dir, "empty")
	os.WriteFile(empty, []byte("# none yet\n"), 0o600)
	short := filepath.Join(dir, "short")
	os.WriteFile(short, []byte("abc\n"), 0o600)
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"serve", "--api-keys-file", empty}, "holds no key"},
		{[]string{"serve", "--api-keys-file", short}, short + ": line 1: the key is shorter than 16"},
		{[]string{"serve", "--api-keys-file", filepath.Join(dir, "none")}, "no such file"},
		{[]string{"serve", "--cors-origin", "example.com"}, "want an origin such as"},
		{[]string{"serve", "--rate-limit", "-1"}, "must be 0 or more"},
	} {
		_, _, err := runCairn(t, tc.args...)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: %v, want %q", tc.args, err, tc.want)
		}
	}
	// The same settings from a config file.
	conf := filepath.Join(dir, "cairn.yaml")
	os.WriteFile(conf, []byte("serve:\n  api-keys-file: "+short+"\n  rate-limit: 5\n  cors-origin: [https://maps.example.com]\n"), 0o600)
	if _, _, err := runCairn(t, "--config", conf, "serve"); err == nil || !strings.Contains(err.Error(), "the key is shorter than 16") {
		t.Errorf("keys file from the config: %v", err)
	}
	t.Setenv("CAIRN_API_KEYS", "tooshort")
	if _, _, err := runCairn(t, "serve"); err == nil || !strings.Contains(err.Error(), "$CAIRN_API_KEYS: entry 1") || strings.Contains(err.Error(), "tooshort") {
		t.Errorf("short env key: %v", err)
	}
}

// `cairn mcp ... --http` takes the same API keys as serve.
func TestMCPHTTPAPIKeys(t *testing.T) {
	const key = "mcp-key-0123456789abcdef"
	cmd, stderr := startMain(t, "mcp demo --http 127.0.0.1:0", "CAIRN_API_KEYS="+key)
	var url string
	re := regexp.MustCompile(`(http://\S+/mcp)`)
	testkit.WaitFor(t, "the server to listen", func() bool {
		m := re.FindStringSubmatch(stderr.String())
		if m != nil {
			url = m[1]
		}
		return m != nil
	})
	call := func(auth string) int {
		req, _ := http.NewRequest("POST", url, strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"add","arguments":{"a":1,"b":2}}}`))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		if auth != "" {
			req.Header.Set("Authorization", "Bearer "+auth)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	if code := call(""); code != 401 {
		t.Errorf("no key: %d", code)
	}
	if code := call("nope-nope-nope-nope"); code != 401 {
		t.Errorf("wrong key: %d", code)
	}
	if code := call(key); code != 200 {
		t.Errorf("key: %d", code)
	}
	cmd.Process.Signal(os.Interrupt)
	waitExit(t, cmd)
	if !strings.Contains(stderr.String(), "(API keys: 1)") || strings.Contains(stderr.String(), key) {
		t.Errorf("stderr:\n%s", stderr)
	}
}
