package llm

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/cairn-agents/cairn/event"
	"github.com/cairn-agents/cairn/internal/testkit"
)

type move struct {
	Direction string `json:"direction" enum:"north,south,east,west" jsonschema:"where to step"`
	Steps     int    `json:"steps" jsonschema:"how many cells, 1 to 3"`
}

func (m move) Validate() error {
	if m.Steps < 1 || m.Steps > 3 {
		return fmt.Errorf("steps %d: want 1 to 3", m.Steps)
	}
	return nil
}

// policyMove is the deterministic fallback used by the tests.
func policyMove(context.Context) (move, error) { return move{Direction: "north", Steps: 1}, nil }

func withEvents(t *testing.T) (context.Context, *testkit.Events) {
	t.Helper()
	ev := &testkit.Events{}
	return event.WithSink(t.Context(), ev.Sink), ev
}

func TestDecideValidFirstReply(t *testing.T) {
	ctx, ev := withEvents(t)
	m := Script(`{"direction":"east","steps":2}`)
	m.Replies[0].Usage = Usage{PromptTokens: 50, CompletionTokens: 7}
	d, err := Decide(ctx, m, Prompt{System: "You walk a maze.", User: "Where next?", MaxRepairs: 2}, policyMove)
	if err != nil {
		t.Fatal(err)
	}
	if d.Source != FromModel || d.Value != (move{"east", 2}) || d.Attempts != 1 || d.Fallback != "" {
		t.Fatalf("decision = %+v", d)
	}
	if d.Usage.PromptTokens != 50 || d.Usage.CompletionTokens != 7 {
		t.Errorf("usage = %+v", d.Usage)
	}
	reqs := m.Requests()
	if len(reqs) != 1 {
		t.Fatalf("%d requests", len(reqs))
	}
	req := reqs[0]
	var schema map[string]any
	if err := json.Unmarshal(req.Schema, &schema); err != nil {
		t.Fatalf("request schema: %v", err)
	}
	props := schema["properties"].(map[string]any)
	dir := props["direction"].(map[string]any)
	if dir["description"] != "where to step" || fmt.Sprint(dir["enum"]) != "[north south east west]" {
		t.Errorf("direction schema = %v", dir)
	}
	if req.SchemaName != "move" {
		t.Errorf("schema name = %q", req.SchemaName)
	}
	if req.Messages[0].Role != System || !strings.HasPrefix(req.Messages[0].Content, "You walk a maze.") ||
		!strings.Contains(req.Messages[0].Content, string(req.Schema)) {
		t.Errorf("system message = %q", req.Messages[0].Content)
	}
	if last := req.Messages[len(req.Messages)-1]; last.Role != User || last.Content != "Where next?" {
		t.Errorf("last message = %+v", last)
	}

	dec := ev.Kind(event.Decision)
	if len(dec) != 1 {
		t.Fatalf("%d decision events", len(dec))
	}
	di := dec[0].Decision
	if di.Name != "move" || di.Source != "model" || di.Attempts != 1 || di.Model != "scripted" ||
		string(di.Value) != `{"direction":"east","steps":2}` {
		t.Errorf("decision event = %+v (value %s)", di, di.Value)
	}
	us := ev.Kind(event.Usage)
	if len(us) != 1 || us[0].Usage.PromptTokens != 50 || us[0].Usage.Model != "scripted" {
		t.Errorf("usage events = %+v", us)
	}
}

func TestDecideRepairs(t *testing.T) {
	cases := []struct {
		name     string
		replies  []string
		attempts int
		wantErr  string // in the repair message sent back
	}{
		{"invalid JSON", []string{"I think east is best", `{"direction":"east","steps":2}`}, 2, "no JSON object"},
		{"wrong type", []string{`{"direction":"east","steps":"two"}`, `{"direction":"east","steps":2}`}, 2, `want "integer"`},
		{"unknown enum", []string{`{"direction":"up","steps":2}`, `{"direction":"east","steps":2}`}, 2, "enum"},
		{"missing field", []string{`{"direction":"east"}`, `{"direction":"east","steps":2}`}, 2, "missing properties"},
		{"extra field", []string{`{"direction":"east","steps":2,"speed":3}`, `{"direction":"east","steps":2}`}, 2, "additional properties"},
		{"Validate fails", []string{`{"direction":"east","steps":9}`, `{"direction":"east","steps":2}`}, 2, "steps 9: want 1 to 3"},
		{"empty then invalid then valid", []string{"", "{", `{"direction":"east","steps":2}`}, 3, "no JSON object"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := Script(c.replies...)
			d, err := Decide(t.Context(), m, Prompt{User: "go", MaxRepairs: 2}, policyMove)
			if err != nil {
				t.Fatal(err)
			}
			if d.Source != FromModel || d.Value != (move{"east", 2}) || d.Attempts != c.attempts {
				t.Fatalf("decision = %+v", d)
			}
			last := m.Requests()[c.attempts-1].Messages
			repair := last[len(last)-1]
			if repair.Role != User || !strings.Contains(repair.Content, c.wantErr) {
				t.Errorf("repair message = %q, want it to mention %q", repair.Content, c.wantErr)
			}
			if prev := last[len(last)-2]; prev.Role != Assistant || prev.Content != c.replies[c.attempts-2] {
				t.Errorf("repair history = %+v, want the model's own reply", prev)
			}
		})
	}
}

func TestDecideFallsBackToPolicy(t *testing.T) {
	cases := []struct {
		name     string
		model    Model
		prompt   Prompt
		attempts int
		reason   string
	}{
		{"nil model", nil, Prompt{MaxRepairs: 2}, 0, "no model configured"},
		{"all invalid", Script(`{"direction":"up","steps":1}`, `{"direction":"up","steps":1}`, `{"direction":"up","steps":1}`), Prompt{MaxRepairs: 2}, 3, "invalid model output after 3 attempts: reply does not match the schema"},
		{"empty replies", Script("", "", ""), Prompt{MaxRepairs: 2}, 3, "empty reply"},
		{"no repairs", Script("nope", `{"direction":"east","steps":2}`), Prompt{MaxRepairs: -1}, 1, "invalid model output after 1 attempts"},
		{"zero repairs means none", Script("nope", `{"direction":"east","steps":2}`), Prompt{}, 1, "invalid model output after 1 attempts"},
		{"one repair", Script("nope", "nope", `{"direction":"east","steps":2}`), Prompt{MaxRepairs: 1}, 2, "invalid model output after 2 attempts"},
		{"tool call instead of JSON", &Scripted{Replies: []Response{{Message: Message{ToolCalls: []ToolCall{{Name: "look"}}}}}}, Prompt{MaxRepairs: -1}, 1, `called tool "look"`},
		{"transport error", &Scripted{Errors: []error{fmt.Errorf("x: %w", ErrUnreachable)}}, Prompt{MaxRepairs: 2}, 1, "model unreachable"},
		{"HTTP error", &Scripted{Errors: []error{&StatusError{URL: "http://m", Code: 503, Body: "loading"}}}, Prompt{MaxRepairs: 2}, 1, "model HTTP 503: loading"},
		{"other error", &Scripted{Errors: []error{errors.New("boom")}}, Prompt{MaxRepairs: 2}, 1, "model error: boom"},
		{"slow model", &Scripted{Latency: 5 * time.Second, Replies: []Response{{Message: Message{Content: `{"direction":"east","steps":2}`}}}}, Prompt{Timeout: 30 * time.Millisecond, MaxRepairs: 2}, 1, "model timeout: no valid reply within 30ms"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ctx, ev := withEvents(t)
			start := time.Now()
			d, err := Decide(ctx, c.model, c.prompt, policyMove)
			if err != nil {
				t.Fatal(err)
			}
			if time.Since(start) > 2*time.Second {
				t.Errorf("took %s", time.Since(start))
			}
			if d.Source != FromPolicy || d.Value != (move{"north", 1}) || d.Attempts != c.attempts {
				t.Fatalf("decision = %+v", d)
			}
			if !strings.Contains(d.Fallback, c.reason) {
				t.Errorf("fallback = %q, want it to contain %q", d.Fallback, c.reason)
			}
			// Every reason starts as the package doc says.
			documented := []string{"no model configured", "model timeout", "model unreachable", "model HTTP ", "model error", "invalid model output after ", "no schema"}
			if !slices.ContainsFunc(documented, func(p string) bool { return strings.HasPrefix(d.Fallback, p) }) {
				t.Errorf("fallback %q starts with none of the documented reasons", d.Fallback)
			}
			dec := ev.Kind(event.Decision)
			if len(dec) != 1 || dec[0].Decision.Source != "policy" || dec[0].Decision.Fallback != d.Fallback {
				t.Errorf("decision events = %+v", dec)
			}
			if n := len(ev.Kind(event.Usage)); n != c.attempts {
				t.Errorf("%d usage events, want %d", n, c.attempts)
			}
		})
	}
}

func TestDecideUnreachableServer(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close() // nothing listens there now
	for _, m := range []Model{
		&Ollama{BaseURL: "http://" + addr, Model: "qwen3:8b"},
		&OpenAI{BaseURL: "http://" + addr + "/v1", Model: "gpt-4.1-mini"},
	} {
		d, err := Decide(t.Context(), m, Prompt{User: "go", MaxRepairs: 2}, policyMove)
		if err != nil {
			t.Fatal(err)
		}
		if d.Source != FromPolicy || d.Attempts != 1 || !strings.HasPrefix(d.Fallback, "model unreachable") {
			t.Errorf("%s: decision = %+v", m.Name(), d)
		}
	}
}

func TestDecideContextDeadlineFallsBack(t *testing.T) {
	ctx, cancel := context.WithTimeout(t.Context(), 30*time.Millisecond)
	defer cancel()
	m := &Scripted{Latency: 5 * time.Second, Replies: []Response{{}}}
	d, err := Decide(ctx, m, Prompt{MaxRepairs: 2}, policyMove)
	if err != nil {
		t.Fatal(err)
	}
	if d.Source != FromPolicy || !strings.HasPrefix(d.Fallback, "model timeout") {
		t.Errorf("decision = %+v", d)
	}
}

func TestDecideCancelledContextIsAnError(t *testing.T) {
	t.Run("before", func(t *testing.T) {
		ctx, cancel := context.WithCancel(t.Context())
		cancel()
		called := false
		_, err := Decide(ctx, Script(`{"direction":"east","steps":2}`), Prompt{MaxRepairs: 2}, func(context.Context) (move, error) {
			called = true
			return move{}, nil
		})
		if !errors.Is(err, context.Canceled) {
			t.Errorf("err = %v, want context.Canceled", err)
		}
		if called {
			t.Error("policy ran on a cancelled context")
		}
	})
	t.Run("during", func(t *testing.T) {
		ctx, cancel := context.WithCancel(t.Context())
		time.AfterFunc(20*time.Millisecond, cancel)
		_, err := Decide(ctx, &Scripted{Latency: 5 * time.Second, Replies: []Response{{}}}, Prompt{Timeout: 10 * time.Second, MaxRepairs: 2}, policyMove)
		if !errors.Is(err, context.Canceled) {
			t.Errorf("err = %v, want context.Canceled", err)
		}
	})
}

func TestDecidePolicyErrorIsReturned(t *testing.T) {
	boom := errors.New("no route")
	_, err := Decide(t.Context(), nil, Prompt{Name: "Route", MaxRepairs: 2}, func(context.Context) (move, error) { return move{}, boom })
	if !errors.Is(err, boom) || !strings.Contains(err.Error(), "Route") {
		t.Errorf("err = %v", err)
	}
	_, err = Decide[move](t.Context(), nil, Prompt{Name: "Route", MaxRepairs: 2}, nil)
	if err == nil || !strings.Contains(err.Error(), "no policy") {
		t.Errorf("nil policy: err = %v", err)
	}
}

type thought struct {
	Answer string `json:"answer"`
	Why    string `json:"why,omitempty"`
}

func (t thought) Reason() string { return t.Why }

func TestDecideReasoning(t *testing.T) {
	t.Run("reply field", func(t *testing.T) {
		reply := "<think>hmm, walls to the north</think>Sure! Here it is:\n```json\n{\"direction\":\"south\",\"steps\":1,\"reasoning\":\"north is a wall\"}\n```\nHope that helps."
		d, err := Decide(t.Context(), Script(reply), Prompt{MaxRepairs: 2}, policyMove)
		if err != nil {
			t.Fatal(err)
		}
		if d.Source != FromModel || d.Value != (move{"south", 1}) || d.Reasoning != "north is a wall" {
			t.Errorf("decision = %+v", d)
		}
	})
	t.Run("Reasoner", func(t *testing.T) {
		d, err := Decide(t.Context(), Script(`{"answer":"42","why":"computed"}`), Prompt{MaxRepairs: 2}, func(context.Context) (thought, error) {
			return thought{}, nil
		})
		if err != nil {
			t.Fatal(err)
		}
		if d.Reasoning != "computed" || d.Value.Answer != "42" {
			t.Errorf("decision = %+v", d)
		}
		d, _ = Decide(t.Context(), nil, Prompt{MaxRepairs: 2}, func(context.Context) (thought, error) {
			return thought{Answer: "7", Why: "policy rule 3"}, nil
		})
		if d.Reasoning != "policy rule 3" || d.Source != FromPolicy {
			t.Errorf("policy decision = %+v", d)
		}
	})
}

type choice struct {
	Tool string   `json:"tool"`
	Also []string `json:"also,omitempty"`
}

func TestDecideRuntimeEnums(t *testing.T) {
	m := Script(`{"tool":"rm_rf"}`, `{"tool":"search","also":["weather","rm_rf"]}`, `{"tool":"search","also":["weather"]}`)
	d, err := Decide(t.Context(), m, Prompt{Enums: map[string][]string{"tool": {"search", "weather"}, "also": {"search", "weather"}}, MaxRepairs: 2}, func(context.Context) (choice, error) {
		return choice{Tool: "search"}, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if d.Source != FromModel || d.Attempts != 3 || d.Value.Tool != "search" {
		t.Fatalf("decision = %+v", d)
	}
	if s := string(m.Requests()[0].Schema); !strings.Contains(s, `"enum":["search","weather"]`) {
		t.Errorf("schema = %s", s)
	}
	// The cached schema of the type is left alone.
	d, _ = Decide(t.Context(), Script(`{"tool":"anything"}`), Prompt{MaxRepairs: 2}, func(context.Context) (choice, error) { return choice{}, nil })
	if d.Source != FromModel {
		t.Errorf("without enums: %+v", d)
	}
	_, err = Decide(t.Context(), Script(`{"tool":"x"}`), Prompt{Enums: map[string][]string{"nope": {"a"}}, MaxRepairs: 2}, func(context.Context) (choice, error) { return choice{}, nil })
	if err != nil {
		t.Fatal(err)
	}
	d, _ = Decide(t.Context(), Script(`{"tool":"x"}`), Prompt{Enums: map[string][]string{"nope": {"a"}}, MaxRepairs: 2}, func(context.Context) (choice, error) { return choice{}, nil })
	if d.Source != FromPolicy || !strings.Contains(d.Fallback, `enum path "nope"`) {
		t.Errorf("bad enum path: %+v", d)
	}
}

type badEnum struct {
	N int `json:"n" enum:"1,2"`
}

func TestDecideBadTypeFallsBack(t *testing.T) {
	d, err := Decide(t.Context(), Script(`{"n":1}`), Prompt{MaxRepairs: 2}, func(context.Context) (badEnum, error) { return badEnum{N: 1}, nil })
	if err != nil {
		t.Fatal(err)
	}
	if d.Source != FromPolicy || !strings.Contains(d.Fallback, "enum needs a string") || d.Attempts != 0 {
		t.Errorf("decision = %+v", d)
	}
}

func TestDecideConcurrentWithCounter(t *testing.T) {
	var c Counter
	ctx := event.WithSink(t.Context(), c.Observe)
	m := &Scripted{Loop: true, Replies: []Response{
		{Message: Message{Content: `{"direction":"east","steps":2}`}, Usage: Usage{PromptTokens: 10, CompletionTokens: 3}},
		{Message: Message{Content: `{"direction":"up","steps":2}`}, Usage: Usage{PromptTokens: 10, CompletionTokens: 3}},
	}}
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			for range 10 {
				if _, err := Decide(ctx, m, Prompt{MaxRepairs: -1}, policyMove); err != nil {
					t.Error(err)
				}
			}
		})
	}
	for range 5 {
		wg.Go(func() {
			if _, err := Decide[move](ctx, nil, Prompt{MaxRepairs: 2}, policyMove); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	got := c.Counts()
	// 80 model calls alternate valid/invalid: 40 model decisions, 40
	// fallbacks for invalid output, plus 5 with no model.
	want := Counts{ModelDecisions: 40, PolicyDecisions: 45, ModelCalls: 80, PromptTokens: 800, CompletionTokens: 240,
		Fallbacks: map[string]int{"invalid": 40, "no model": 5}}
	got.ModelLatency = 0
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("counts = %+v\nwant     %+v", got, want)
	}
}

func BenchmarkDecide(b *testing.B) {
	m := &Scripted{Loop: true, Replies: []Response{{Message: Message{Content: `{"direction":"east","steps":2,"reasoning":"open corridor"}`}}}}
	var c Counter
	ctx := event.WithSink(b.Context(), c.Observe)
	p := Prompt{System: "You walk a maze.", User: "Where next?", MaxRepairs: 2}
	b.ReportAllocs()
	for b.Loop() {
		d, err := Decide(ctx, m, p, policyMove)
		if err != nil || d.Source != FromModel {
			b.Fatalf("%+v %v", d, err)
		}
	}
}

func contextWithTimeout(ctx context.Context, d time.Duration) (context.Context, context.CancelFunc) {
	return context.WithTimeout(ctx, d)
}

type direction string

func (direction) Enum() []string { return []string{"left", "right"} }

type turn struct {
	Dir   direction   `json:"dir"`
	Then  []direction `json:"then"`
	Maybe *direction  `json:"maybe"`
	Only  direction   `json:"only" enum:"left"`
}

func TestDecideEnumerTypes(t *testing.T) {
	policy := func(context.Context) (turn, error) { return turn{Dir: "left"}, nil }
	cases := map[string]Source{
		`{"dir":"left","then":["right"],"maybe":null,"only":"left"}`: FromModel,
		`{"dir":"up","then":[],"maybe":null,"only":"left"}`:          FromPolicy,
		`{"dir":"left","then":["up"],"maybe":null,"only":"left"}`:    FromPolicy,
		`{"dir":"left","then":null,"maybe":"down","only":"left"}`:    FromPolicy,
		`{"dir":"left","then":null,"maybe":"right","only":"right"}`:  FromPolicy,
		`{"dir":"right","then":null,"maybe":"right","only":"left"}`:  FromModel,
	}
	for reply, want := range cases {
		d, err := Decide(t.Context(), Script(reply), Prompt{MaxRepairs: -1}, policy)
		if err != nil {
			t.Fatal(err)
		}
		if d.Source != want {
			t.Errorf("%s: source %s (%s), want %s", reply, d.Source, d.Fallback, want)
		}
	}
	// T itself an Enumer.
	d, _ := Decide(t.Context(), Script(`"right"`), Prompt{MaxRepairs: 2}, func(context.Context) (direction, error) { return "left", nil })
	if d.Source != FromModel || d.Value != "right" {
		t.Errorf("top-level enum: %+v", d)
	}
	d, _ = Decide(t.Context(), Script(`"up"`, `"up"`, `"up"`), Prompt{MaxRepairs: 2}, func(context.Context) (direction, error) { return "left", nil })
	if d.Source != FromPolicy || !strings.Contains(d.Fallback, "enum") {
		t.Errorf("top-level bad enum: %+v", d)
	}
}

func TestRolesMapRecordsEveryRole(t *testing.T) {
	var buf strings.Builder
	rec := &Recording{W: &buf}
	r, err := Config{}.Roles("replay:/dev/null,worker=none")
	if err != nil {
		t.Fatal(err)
	}
	r = r.Map(rec.Wrap)
	if r.For("worker") != nil {
		t.Error("worker=none got a model after Map")
	}
	if _, err := r.For("orchestrator").Chat(t.Context(), Request{SchemaName: "x"}); !errors.Is(err, ErrNoRecord) {
		t.Errorf("err = %v", err)
	}
	if !strings.Contains(buf.String(), `"schema_name":"x"`) || !strings.Contains(buf.String(), "no recorded reply") {
		t.Errorf("recorded %q", buf.String())
	}
}
