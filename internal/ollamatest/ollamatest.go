// Package ollamatest starts a real Ollama server with a tiny random-weight
// model for integration tests. The server answers /api/chat and
// /v1/chat/completions like any Ollama, with gibberish: exactly what the
// decision layer must survive.
//
// The binary and the model come from .ci/ollama.sh. Tests skip when either is
// absent, unless CAIRN_REQUIRE_OLLAMA=1, when they fail instead.
//
// Environment:
//
//	CAIRN_OLLAMA_BIN      ollama binary (default: the cache, then $PATH)
//	CAIRN_OLLAMA_GGUF     model file (default: tiny.gguf in the cache)
//	CAIRN_OLLAMA_CACHE    cache directory (default: $XDG_CACHE_HOME/cairn/ollama-v0.17.4)
//	CAIRN_REQUIRE_OLLAMA  "1": a missing binary or model fails the test
package ollamatest

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/cairn-agents/cairn/llm"
)

// Version is the Ollama release .ci/ollama.sh builds.
const Version = "v0.17.4"

// ModelName is the name the tiny model is created under.
const ModelName = "tiny"

// Server is a running Ollama server with the tiny model created and loaded.
type Server struct {
	URL   string // base URL, e.g. http://127.0.0.1:41234; append /v1 for the OpenAI-compatible API
	Model string // model name to ask for
}

// Chat is the tiny model through Ollama's native API; it fails t when the
// model cannot be opened.
func (s *Server) Chat(t testing.TB) llm.Model {
	t.Helper()
	m, err := llm.Config{OllamaHost: s.URL}.Model("ollama:" + s.Model)
	if err != nil {
		t.Fatalf("ollamatest: %v", err)
	}
	return m
}

// Roles is the tiny model, through Ollama's native API, in every role.
func (s *Server) Roles(t testing.TB) llm.Roles {
	t.Helper()
	r, err := llm.Config{OllamaHost: s.URL}.Roles("ollama:" + s.Model)
	if err != nil {
		t.Fatalf("ollamatest: %v", err)
	}
	return r
}

// modelfile turns the bare GGUF into a chat model. The template is ChatML
// and mentions .Tools, so the server accepts requests that offer tools (it
// refuses them for a template without); a tool call would be parsed from
// <tool_call> tags, which random weights essentially never write.
// num_predict bounds how long random weights can babble; one thread because
// ggml's thread barriers make two threads on a busy 2-core machine about a
// thousand times slower per token (measured: 0.1 ms against 120 ms); a fixed
// seed makes the babble repeatable.
const modelfile = `FROM %s
TEMPLATE """
{{- if .Tools }}<|im_start|>system
You may call these tools, each as <tool_call>{"name": NAME, "arguments": {...}}</tool_call>:
{{ range .Tools }}{{ . }}
{{ end }}<|im_end|>
{{ end }}
{{- range .Messages }}<|im_start|>{{ .Role }}
{{ if .ToolCalls }}{{ range .ToolCalls }}<tool_call>{"name": "{{ .Function.Name }}", "arguments": {{ .Function.Arguments }}}</tool_call>{{ end }}
{{- else }}{{ .Content }}{{ end }}<|im_end|>
{{ end }}<|im_start|>assistant
"""
PARAMETER num_predict 256
PARAMETER num_ctx 4096
PARAMETER num_thread 1
PARAMETER temperature 0.8
PARAMETER seed 42
`

// Start runs `ollama serve` on a free loopback port with a private model
// directory, creates and loads the tiny model, and stops the server when t
// ends. It skips t when the binary or model is missing (see the package doc).
func Start(t testing.TB) *Server {
	t.Helper()
	bin, gguf, err := find()
	if err != nil {
		if os.Getenv("CAIRN_REQUIRE_OLLAMA") == "1" {
			t.Fatalf("ollamatest: %v (CAIRN_REQUIRE_OLLAMA=1)", err)
		}
		t.Skipf("ollamatest: %v; run .ci/ollama.sh to build it", err)
	}

	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()

	tmp := t.TempDir()
	port, err := freePort()
	if err != nil {
		t.Fatalf("ollamatest: %v", err)
	}
	host := fmt.Sprintf("127.0.0.1:%d", port)
	env := environ(host, tmp)
	logPath := filepath.Join(tmp, "serve.log")
	logFile, err := os.Create(logPath)
	if err != nil {
		t.Fatalf("ollamatest: %v", err)
	}

	start := time.Now()
	cmd := exec.Command(bin, "serve")
	cmd.Env = env
	cmd.Stdout, cmd.Stderr = logFile, logFile
	ownProcessGroup(cmd)
	if err := cmd.Start(); err != nil {
		logFile.Close()
		t.Fatalf("ollamatest: start %s serve: %v", bin, err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	t.Cleanup(func() {
		stop(cmd, exited)
		logFile.Close()
		if t.Failed() {
			t.Logf("ollamatest: server log %s:\n%s", logPath, tail(logPath, 40))
		}
	})

	s := &Server{URL: "http://" + host, Model: ModelName}
	if err := s.waitReady(ctx, exited); err != nil {
		t.Fatalf("ollamatest: %v\nserver log:\n%s", err, tail(logPath, 40))
	}
	ready := time.Since(start)

	mf := filepath.Join(tmp, "Modelfile")
	if err := os.WriteFile(mf, fmt.Appendf(nil, modelfile, gguf), 0o644); err != nil {
		t.Fatalf("ollamatest: %v", err)
	}
	create := exec.CommandContext(ctx, bin, "create", ModelName, "-f", mf)
	create.Env = env
	if out, err := create.CombinedOutput(); err != nil {
		t.Fatalf("ollamatest: ollama create %s from %s: %v\n%s\nserver log:\n%s", ModelName, gguf, err, out, tail(logPath, 40))
	}
	created := time.Since(start)

	if err := s.load(ctx); err != nil {
		t.Fatalf("ollamatest: %v\nserver log:\n%s", err, tail(logPath, 40))
	}
	t.Logf("ollamatest: %s serve on %s: ready %v, model created %v, loaded %v",
		bin, s.URL, ready.Round(time.Millisecond), (created - ready).Round(time.Millisecond),
		(time.Since(start) - created).Round(time.Millisecond))
	return s
}

// find locates the ollama binary and the tiny model.
func find() (bin, gguf string, err error) {
	cache := os.Getenv("CAIRN_OLLAMA_CACHE")
	if cache == "" {
		if d, err := os.UserCacheDir(); err == nil {
			cache = filepath.Join(d, "cairn", "ollama-"+Version)
		}
	}
	bin = os.Getenv("CAIRN_OLLAMA_BIN")
	if bin == "" && cache != "" {
		if p := filepath.Join(cache, "bin", "ollama"); isFile(p) {
			bin = p
		}
	}
	if bin == "" {
		if p, err := exec.LookPath("ollama"); err == nil {
			bin = p
		}
	}
	if bin == "" {
		return "", "", fmt.Errorf("no ollama binary (CAIRN_OLLAMA_BIN unset, none in %s/bin or $PATH)", cache)
	}
	if !isFile(bin) {
		return "", "", fmt.Errorf("ollama binary %s does not exist", bin)
	}
	gguf = os.Getenv("CAIRN_OLLAMA_GGUF")
	if gguf == "" {
		gguf = filepath.Join(cache, "tiny.gguf")
	}
	if !isFile(gguf) {
		return "", "", fmt.Errorf("no tiny model at %s", gguf)
	}
	if gguf, err = filepath.Abs(gguf); err != nil {
		return "", "", err
	}
	return bin, gguf, nil
}

func isFile(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.Mode().IsRegular()
}

// environ is the server's and client's environment: the caller's, without
// any OLLAMA_* setting that could point it elsewhere, and with a private
// home and model directory.
func environ(host, dir string) []string {
	var env []string
	for _, kv := range os.Environ() {
		if strings.HasPrefix(kv, "OLLAMA_") || strings.HasPrefix(kv, "HOME=") {
			continue
		}
		env = append(env, kv)
	}
	return append(env,
		"HOME="+dir, // ollama writes its key pair under $HOME/.ollama
		"OLLAMA_HOST="+host,
		"OLLAMA_MODELS="+filepath.Join(dir, "models"),
		"OLLAMA_KEEP_ALIVE=-1",
		"OLLAMA_NUM_PARALLEL=2",
		"OLLAMA_NOPRUNE=1",
	)
}

func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, fmt.Errorf("find a free port: %w", err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}

// waitReady polls /api/version until the server answers or exits.
func (s *Server) waitReady(ctx context.Context, exited <-chan error) error {
	tick := time.NewTicker(50 * time.Millisecond)
	defer tick.Stop()
	for {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, s.URL+"/api/version", nil)
		if err != nil {
			return err
		}
		if resp, err := http.DefaultClient.Do(req); err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return nil
			}
		}
		select {
		case err := <-exited:
			return fmt.Errorf("ollama serve exited before it was ready: %v", err)
		case <-ctx.Done():
			return fmt.Errorf("ollama serve not ready at %s: %w", s.URL, ctx.Err())
		case <-tick.C:
		}
	}
}

// load asks the server to load the model (an empty generate request), so the
// first test call does not pay for starting the runner.
func (s *Server) load(ctx context.Context) error {
	body, _ := json.Marshal(map[string]any{"model": s.Model, "prompt": "", "keep_alive": -1})
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, s.URL+"/api/generate", bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return fmt.Errorf("load model %s: %w", s.Model, err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("load model %s: %s: %s", s.Model, resp.Status, bytes.TrimSpace(b))
	}
	return nil
}

// stop interrupts the server (which stops its runners), then kills its whole
// process group if it has not exited in time.
func stop(cmd *exec.Cmd, exited <-chan error) {
	_ = cmd.Process.Signal(os.Interrupt)
	select {
	case <-exited:
	case <-time.After(10 * time.Second):
		killGroup(cmd)
		<-exited
	}
}

// tail returns the last n lines of the file at path.
func tail(path string, n int) string {
	b, err := os.ReadFile(path)
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return "(no log)"
		}
		return err.Error()
	}
	lines := strings.Split(strings.TrimRight(string(b), "\n"), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}
