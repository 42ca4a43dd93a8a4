package llm

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestConfigModel(t *testing.T) {
	c := Config{OllamaHost: "0.0.0.0:11434", KeepAlive: "5m", OpenAIBaseURL: "http://localhost:8000/v1", OpenAIKey: "k"}
	m, err := c.Model("ollama:gemma3:27b")
	if err != nil {
		t.Fatal(err)
	}
	o, ok := m.(*Ollama)
	if !ok || o.Model != "gemma3:27b" || o.BaseURL != "http://0.0.0.0:11434" || o.KeepAlive != "5m" || !o.Stream || o.Name() != "ollama:gemma3:27b" {
		t.Errorf("ollama = %#v", m)
	}
	m, err = c.Model("openai:gpt-4.1-mini")
	if err != nil {
		t.Fatal(err)
	}
	if oa, ok := m.(*OpenAI); !ok || oa.Model != "gpt-4.1-mini" || oa.BaseURL != "http://localhost:8000/v1" || oa.APIKey != "k" {
		t.Errorf("openai = %#v", m)
	}
	for _, none := range []string{"", "none", "  none "} {
		if m, err := c.Model(none); m != nil || err != nil {
			t.Errorf("Model(%q) = %v, %v; want nil, nil", none, m, err)
		}
	}
	path := filepath.Join(t.TempDir(), "r=1.jsonl")
	os.WriteFile(path, []byte(`{"response":{"message":{"content":"hi"}}}`+"\n"), 0o644)
	m, err = c.Model("replay:" + path)
	if err != nil || m.Name() != "replay:"+path {
		t.Errorf("replay = %v, %v", m, err)
	}
	// Zero Config: defaults.
	m, _ = Config{}.Model("openai:x")
	if m.(*OpenAI).BaseURL != DefaultOpenAIBaseURL {
		t.Errorf("default base = %q", m.(*OpenAI).BaseURL)
	}
	m, _ = Config{}.Model("ollama:x")
	if m.(*Ollama).BaseURL != DefaultOllamaHost {
		t.Errorf("default host = %q", m.(*Ollama).BaseURL)
	}
}

func TestConfigModelErrors(t *testing.T) {
	cases := map[string]string{
		"gemma3":                  `want PROVIDER:NAME`,
		"ollama:":                 `ollama model name is empty`,
		"claude:opus":             `unknown provider "claude"`,
		"replay:/nonexistent/x.j": `/nonexistent/x.j`,
	}
	for spec, want := range cases {
		_, err := Config{}.Model(spec)
		if !errors.Is(err, ErrBadSpec) || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), spec) {
			t.Errorf("Model(%q) err = %v; want ErrBadSpec naming %q", spec, err, want)
		}
	}
	if _, err := (Config{OllamaHost: "ftp://x"}).Model("ollama:m"); !errors.Is(err, ErrBadSpec) || !strings.Contains(err.Error(), "ftp://x") {
		t.Errorf("bad host: err = %v", err)
	}
	if _, err := (Config{KeepAlive: "soon"}).Model("ollama:m"); !errors.Is(err, ErrBadSpec) || !strings.Contains(err.Error(), "soon") {
		t.Errorf("bad keep_alive: err = %v", err)
	}
	if _, err := (Config{OpenAIBaseURL: "localhost:8000"}).Model("openai:m"); !errors.Is(err, ErrBadSpec) || !strings.Contains(err.Error(), "localhost:8000") {
		t.Errorf("bad base URL: err = %v", err)
	}
}

func TestConfigRoles(t *testing.T) {
	name := func(m Model) string {
		if m == nil {
			return "<nil>"
		}
		return m.Name()
	}
	cases := []struct {
		spec string
		want map[string]string // role → model name
		str  string
	}{
		{"orchestrator=ollama:gemma3:27b,worker=ollama:gemma3:4b",
			map[string]string{"orchestrator": "ollama:gemma3:27b", "worker": "ollama:gemma3:4b", "router": "<nil>"},
			"orchestrator=ollama:gemma3:27b,worker=ollama:gemma3:4b"},
		{"ollama:qwen3:8b, worker=none",
			map[string]string{"orchestrator": "ollama:qwen3:8b", "worker": "<nil>", "": "ollama:qwen3:8b"},
			"default=ollama:qwen3:8b,worker=none"},
		{"default=openai:gpt-4.1-mini,router=ollama:qwen3:0.6b",
			map[string]string{"router": "ollama:qwen3:0.6b", "synth": "openai:gpt-4.1-mini"},
			"default=openai:gpt-4.1-mini,router=ollama:qwen3:0.6b"},
		{"", map[string]string{"any": "<nil>"}, ""},
		{"none", map[string]string{"any": "<nil>"}, "default=none"},
	}
	for _, c := range cases {
		r, err := Config{}.Roles(c.spec)
		if err != nil {
			t.Fatalf("Roles(%q): %v", c.spec, err)
		}
		for role, want := range c.want {
			if got := name(r.For(role)); got != want {
				t.Errorf("Roles(%q).For(%q) = %s, want %s", c.spec, role, got, want)
			}
		}
		if r.String() != c.str {
			t.Errorf("Roles(%q).String() = %q, want %q", c.spec, r.String(), c.str)
		}
	}
	var zero Roles
	if zero.For("x") != nil {
		t.Error("zero Roles has a model")
	}
}

func TestConfigRolesErrors(t *testing.T) {
	cases := map[string]string{
		"worker=ollama:a,worker=ollama:b": `role "worker" given twice`,
		"ollama:a,default=ollama:b":       `role "default" given twice`,
		"worker=ollama:a,,x=none":         `entry 2 is empty`,
		"bad role=ollama:a":               `role "bad role"`,
		"orchestrator=gemma3":             `role orchestrator: bad model spec "gemma3"`,
		"worker=ollama:a,router=llama:7b": `unknown provider "llama"`,
		"=ollama:a":                       `role ""`,
	}
	for spec, want := range cases {
		_, err := Config{}.Roles(spec)
		if !errors.Is(err, ErrBadSpec) || !strings.Contains(err.Error(), want) {
			t.Errorf("Roles(%q) err = %v; want ErrBadSpec containing %q", spec, err, want)
		}
	}
}

func TestEnvConfig(t *testing.T) {
	t.Setenv("OLLAMA_HOST", "gpu:1234")
	t.Setenv("OPENAI_BASE_URL", "http://x/v1")
	t.Setenv("OPENAI_API_KEY", "sk")
	t.Setenv("OLLAMA_KEEP_ALIVE", "1h")
	c := EnvConfig()
	if c.OllamaHost != "gpu:1234" || c.OpenAIBaseURL != "http://x/v1" || c.OpenAIKey != "sk" || c.KeepAlive != "1h" {
		t.Errorf("config = %+v", c)
	}
	m, _ := c.Model("ollama:m")
	if m.(*Ollama).BaseURL != "http://gpu:1234" {
		t.Errorf("base = %q", m.(*Ollama).BaseURL)
	}
}
