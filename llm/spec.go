package llm

import (
	"errors"
	"fmt"
	"net/http"
	"os"
	"sort"
	"strings"
)

// ErrBadSpec is wrapped by every model spec parsing error.
var ErrBadSpec = errors.New("bad model spec")

// Config carries what a model spec string does not: endpoints, keys and the
// HTTP client. The zero value works; EnvConfig fills it from the environment.
type Config struct {
	OllamaHost    string // base URL or host:port; empty means DefaultOllamaHost
	KeepAlive     string // Ollama keep_alive, e.g. "10m"; empty is the server default
	OpenAIBaseURL string // empty means DefaultOpenAIBaseURL
	OpenAIKey     string
	HTTPClient    *http.Client // nil means http.DefaultClient
}

// EnvConfig returns a Config from OLLAMA_HOST, OLLAMA_KEEP_ALIVE,
// OPENAI_BASE_URL and OPENAI_API_KEY.
func EnvConfig() Config {
	return Config{
		OllamaHost:    os.Getenv("OLLAMA_HOST"),
		KeepAlive:     os.Getenv("OLLAMA_KEEP_ALIVE"),
		OpenAIBaseURL: os.Getenv("OPENAI_BASE_URL"),
		OpenAIKey:     os.Getenv("OPENAI_API_KEY"),
	}
}

// Model opens the model a spec names:
//
//	ollama:NAME    an Ollama model, e.g. ollama:gemma3:27b (the name may hold colons)
//	openai:NAME    a model on an OpenAI-compatible server, e.g. openai:gpt-4.1-mini
//	replay:FILE    recorded replies (see Record)
//	none or ""     no model: a nil Model, so Decide uses its policy
func (c Config) Model(spec string) (Model, error) {
	spec = strings.TrimSpace(spec)
	if spec == "" || spec == "none" {
		return nil, nil
	}
	provider, name, ok := strings.Cut(spec, ":")
	if !ok {
		return nil, fmt.Errorf("%w %q: want PROVIDER:NAME (ollama:, openai:, replay:) or none", ErrBadSpec, spec)
	}
	name = strings.TrimSpace(name)
	if name == "" {
		return nil, fmt.Errorf("%w %q: %s model name is empty", ErrBadSpec, spec, provider)
	}
	switch provider {
	case "ollama":
		base, err := OllamaHost(c.OllamaHost)
		if err != nil {
			return nil, fmt.Errorf("%w %q: %w", ErrBadSpec, spec, err)
		}
		// Streamed, as Ollama's own clients ask: a long thinking phase then
		// keeps the connection busy rather than idle behind a proxy.
		o := &Ollama{BaseURL: base, Model: name, KeepAlive: c.KeepAlive, Stream: true, Client: c.HTTPClient}
		if _, err := o.request(Request{}); err != nil {
			return nil, fmt.Errorf("%w %q: %w", ErrBadSpec, spec, err)
		}
		return o, nil
	case "openai":
		base := c.OpenAIBaseURL
		if base == "" {
			base = DefaultOpenAIBaseURL
		}
		if !strings.HasPrefix(base, "http://") && !strings.HasPrefix(base, "https://") {
			return nil, fmt.Errorf("%w %q: OpenAI base URL %q does not start with http:// or https://", ErrBadSpec, spec, base)
		}
		return &OpenAI{BaseURL: base, APIKey: c.OpenAIKey, Model: name, Client: c.HTTPClient}, nil
	case "replay":
		r, err := OpenReplay(name)
		if err != nil {
			return nil, fmt.Errorf("%w %q: %w", ErrBadSpec, spec, err)
		}
		return r, nil
	default:
		return nil, fmt.Errorf("%w %q: unknown provider %q (want ollama, openai, replay or none)", ErrBadSpec, spec, provider)
	}
}

// Roles maps agent roles to models. The zero value has no models: For
// returns nil for every role, so every decision uses its policy.
type Roles struct {
	models map[string]Model // role → model; "default" is the fallback
	specs  map[string]string
}

// DefaultRole is the role For falls back to.
const DefaultRole = "default"

// Roles parses a per-role spec: comma-separated ROLE=SPEC entries, where a
// SPEC without ROLE= is the default, e.g.
//
//	orchestrator=ollama:gemma3:27b,worker=ollama:gemma3:4b
//	ollama:qwen3:8b,worker=none
//
// A role set to none gets no model even when there is a default.
func (c Config) Roles(spec string) (Roles, error) {
	r := Roles{models: map[string]Model{}, specs: map[string]string{}}
	if strings.TrimSpace(spec) == "" {
		return r, nil
	}
	for i, part := range strings.Split(spec, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			return Roles{}, fmt.Errorf("%w %q: entry %d is empty", ErrBadSpec, spec, i+1)
		}
		role, s := DefaultRole, part
		if eq := strings.Index(part, "="); eq >= 0 {
			if colon := strings.Index(part, ":"); colon < 0 || eq < colon {
				role, s = strings.TrimSpace(part[:eq]), strings.TrimSpace(part[eq+1:])
				if !validRole(role) {
					return Roles{}, fmt.Errorf("%w %q: role %q in entry %d: want letters, digits, - or _", ErrBadSpec, spec, role, i+1)
				}
			}
		}
		if _, dup := r.specs[role]; dup {
			return Roles{}, fmt.Errorf("%w %q: role %q given twice", ErrBadSpec, spec, role)
		}
		m, err := c.Model(s)
		if err != nil {
			return Roles{}, fmt.Errorf("role %s: %w", role, err)
		}
		if s == "" {
			s = "none"
		}
		r.models[role], r.specs[role] = m, s
	}
	return r, nil
}

func validRole(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range s {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_') {
			return false
		}
	}
	return true
}

// Models gives the model for a role, or nil for none (its policies
// decide). Roles is one; systems take a Models so tests can hand them any
// mapping.
type Models interface {
	For(role string) Model
}

// For returns the model for role: the one named for it, else the default,
// else nil (no model: policies decide).
func (r Roles) For(role string) Model {
	if m, ok := r.models[role]; ok {
		return m
	}
	return r.models[DefaultRole]
}

// Map returns a copy of r with every model replaced by f(model), e.g. to
// record a run with Recording.Wrap. Roles set to none stay none.
func (r Roles) Map(f func(Model) Model) Roles {
	out := Roles{models: make(map[string]Model, len(r.models)), specs: r.specs}
	for role, m := range r.models {
		if m != nil {
			m = f(m)
		}
		out.models[role] = m
	}
	return out
}

// String lists the roles and their specs, sorted, in the form Roles parses.
func (r Roles) String() string {
	roles := make([]string, 0, len(r.specs))
	for k := range r.specs {
		roles = append(roles, k)
	}
	sort.Strings(roles)
	parts := make([]string, len(roles))
	for i, k := range roles {
		parts[i] = k + "=" + r.specs[k]
	}
	return strings.Join(parts, ",")
}
