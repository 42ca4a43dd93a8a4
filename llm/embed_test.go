package llm

import (
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/cairn-agents/cairn/event"
)

var (
	_ Embedder = (*Ollama)(nil)
	_ Embedder = (*OpenAI)(nil)
)

// jsonServer is an httptest server answering POST path with a JSON body
// (checked); handle gets the request and its decoded body. Other paths get
// 404.
func jsonServer(t testing.TB, path string, handle func(w http.ResponseWriter, r *http.Request, body map[string]any)) *httptest.Server {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost || r.URL.Path != path {
			w.WriteHeader(http.StatusNotFound)
			fmt.Fprint(w, `{"error":"404 page not found"}`)
			return
		}
		if ct := r.Header.Get("Content-Type"); ct != "application/json" {
			t.Errorf("Content-Type = %q", ct)
		}
		var body map[string]any
		if err := json.NewDecoder(r.Body).Decode(&body); err != nil {
			t.Errorf("request body: %v", err)
			w.WriteHeader(http.StatusBadRequest)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		handle(w, r, body)
	}))
	t.Cleanup(srv.Close)
	return srv
}

func TestOllamaEmbedRequestAndReply(t *testing.T) {
	var got []map[string]any
	srv := jsonServer(t, "/api/embed", func(w http.ResponseWriter, _ *http.Request, body map[string]any) {
		got = append(got, body)
		fmt.Fprint(w, `{"model":"nomic-embed-text","embeddings":[[0.5,-0.25,1],[0,1e-3,2.5]],"total_duration":14143917,"load_duration":1019500,"prompt_eval_count":8}`)
	})
	ctx, ev := withEvents(t)
	o := &Ollama{BaseURL: srv.URL + "/", Model: "nomic-embed-text", KeepAlive: "10m"}
	vecs, u, err := Embed(ctx, o, []string{"QC flag 4", "delayed mode"})
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(vecs) != "[[0.5 -0.25 1] [0 0.001 2.5]]" {
		t.Errorf("vectors = %v", vecs)
	}
	if u.Model != "ollama:nomic-embed-text" || u.PromptTokens != 8 || u.CompletionTokens != 0 || u.Latency <= 0 {
		t.Errorf("usage = %+v", u)
	}
	if len(got) != 1 || canon(t, mustJSON(t, got[0])) != canon(t, []byte(`{"model":"nomic-embed-text","input":["QC flag 4","delayed mode"],"keep_alive":"10m"}`)) {
		t.Errorf("request bodies = %v", got)
	}
	us := ev.Kind(event.Usage)
	if len(us) != 1 || us[0].Usage.Model != "ollama:nomic-embed-text" || us[0].Usage.PromptTokens != 8 || us[0].Err != "" || us[0].Duration != u.Latency {
		t.Errorf("usage events = %+v", us)
	}

	// Seconds go as a number; unset keep_alive is left out.
	got = nil
	for _, ka := range []string{"-1", ""} {
		if _, _, err := (&Ollama{BaseURL: srv.URL, Model: "m", KeepAlive: ka}).Embed(t.Context(), []string{"a", "b"}); err != nil {
			t.Fatal(err)
		}
	}
	if v, ok := got[0]["keep_alive"].(float64); !ok || v != -1 {
		t.Errorf("keep_alive -1 sent as %#v", got[0]["keep_alive"])
	}
	if _, ok := got[1]["keep_alive"]; ok {
		t.Errorf("unset keep_alive sent: %v", got[1])
	}
}

func TestEmbedNoTextsNoCall(t *testing.T) {
	calls := 0
	srv := jsonServer(t, "/api/embed", func(w http.ResponseWriter, _ *http.Request, _ map[string]any) { calls++ })
	ctx, ev := withEvents(t)
	for _, e := range []Embedder{&Ollama{BaseURL: srv.URL, Model: "m"}, &OpenAI{BaseURL: srv.URL, Model: "m"}} {
		vecs, _, err := Embed(ctx, e, nil)
		if err != nil || vecs != nil {
			t.Errorf("%s: %v, %v", e.Name(), vecs, err)
		}
		if vecs, _, err := e.Embed(ctx, []string{}); err != nil || vecs != nil {
			t.Errorf("%s direct: %v, %v", e.Name(), vecs, err)
		}
	}
	if calls != 0 || len(ev.Kind(event.Usage)) != 0 {
		t.Errorf("%d calls, %d usage events for no texts", calls, len(ev.Kind(event.Usage)))
	}
}

func TestOpenAIEmbedRequestAndReply(t *testing.T) {
	var got map[string]any
	var auth string
	srv := jsonServer(t, "/v1/embeddings", func(w http.ResponseWriter, r *http.Request, body map[string]any) {
		got, auth = body, r.Header.Get("Authorization")
		// Out of order: the index fields say which text each vector is for.
		fmt.Fprint(w, `{"object":"list","data":[
			{"object":"embedding","index":2,"embedding":[3,3]},
			{"object":"embedding","index":0,"embedding":[1,1]},
			{"object":"embedding","index":1,"embedding":[2,2]}],
			"model":"text-embedding-3-small","usage":{"prompt_tokens":9,"total_tokens":9}}`)
	})
	ctx, ev := withEvents(t)
	o := &OpenAI{BaseURL: srv.URL + "/v1", APIKey: "sk-test", Model: "text-embedding-3-small"}
	vecs, u, err := Embed(ctx, o, []string{"one", "two", "three"})
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(vecs) != "[[1 1] [2 2] [3 3]]" {
		t.Errorf("vectors = %v, want them in input order", vecs)
	}
	if u.Model != "openai:text-embedding-3-small" || u.PromptTokens != 9 || u.Latency <= 0 {
		t.Errorf("usage = %+v", u)
	}
	if canon(t, mustJSON(t, got)) != canon(t, []byte(`{"model":"text-embedding-3-small","input":["one","two","three"],"encoding_format":"float"}`)) {
		t.Errorf("request body = %v", got)
	}
	if auth != "Bearer sk-test" {
		t.Errorf("Authorization = %q", auth)
	}
	if us := ev.Kind(event.Usage); len(us) != 1 || us[0].Usage.PromptTokens != 9 {
		t.Errorf("usage events = %+v", us)
	}

	// No index fields (some servers): reply order; env supplies base and key.
	srv2 := jsonServer(t, "/v1/embeddings", func(w http.ResponseWriter, r *http.Request, _ map[string]any) {
		auth = r.Header.Get("Authorization")
		fmt.Fprint(w, `{"data":[{"embedding":[1]},{"embedding":[2]}]}`)
	})
	t.Setenv("OPENAI_BASE_URL", srv2.URL+"/v1")
	t.Setenv("OPENAI_API_KEY", "sk-env")
	vecs, u, err = (&OpenAI{Model: "e"}).Embed(t.Context(), []string{"a", "b"})
	if err != nil || fmt.Sprint(vecs) != "[[1] [2]]" || u.PromptTokens != 0 || auth != "Bearer sk-env" {
		t.Errorf("no index: %v, %+v, %v, auth %q", vecs, u, err, auth)
	}
}

func TestEmbedErrors(t *testing.T) {
	cases := []struct {
		name   string
		path   string // /api/embed → Ollama, else OpenAI
		reply  func(w http.ResponseWriter)
		is     error
		status int
		text   string
	}{
		{"ollama model not found", "/api/embed", func(w http.ResponseWriter) {
			w.WriteHeader(http.StatusNotFound)
			fmt.Fprint(w, `{"error":"model \"nope\" not found, try pulling it first"}`)
		}, nil, 404, `model "nope" not found`},
		{"ollama model cannot embed", "/api/embed", func(w http.ResponseWriter) {
			w.WriteHeader(http.StatusBadRequest)
			fmt.Fprint(w, `{"error":"\"nope\" does not support embeddings"}`)
		}, nil, 400, "does not support embeddings"},
		{"ollama error in a 200", "/api/embed", func(w http.ResponseWriter) { fmt.Fprint(w, `{"error":"out of memory"}`) }, ErrBadReply, 0, "out of memory"},
		{"ollama not JSON", "/api/embed", func(w http.ResponseWriter) { fmt.Fprint(w, "<html>proxy error</html>") }, ErrBadReply, 0, "proxy error"},
		{"ollama too few vectors", "/api/embed", func(w http.ResponseWriter) { fmt.Fprint(w, `{"embeddings":[[1,2]]}`) }, ErrBadReply, 0, "1 vectors for 2 texts"},
		{"ollama empty vector", "/api/embed", func(w http.ResponseWriter) { fmt.Fprint(w, `{"embeddings":[[1],[]]}`) }, ErrBadReply, 0, "vector 1 is empty"},
		{"ollama ragged", "/api/embed", func(w http.ResponseWriter) { fmt.Fprint(w, `{"embeddings":[[1,2],[3]]}`) }, ErrBadReply, 0, "vector 1 has 1 dimensions, vector 0 has 2"},
		{"ollama float32 overflow", "/api/embed", func(w http.ResponseWriter) { fmt.Fprint(w, `{"embeddings":[[1e39],[1]]}`) }, ErrBadReply, 0, "1e39"},
		{"openai rate limit", "/v1/embeddings", func(w http.ResponseWriter) {
			w.WriteHeader(http.StatusTooManyRequests)
			fmt.Fprint(w, `{"error":{"message":"Rate limit reached","type":"requests"}}`)
		}, nil, 429, "Rate limit reached"},
		{"openai error in a 200", "/v1/embeddings", func(w http.ResponseWriter) {
			fmt.Fprint(w, `{"error":{"message":"input is empty"}}`)
		}, ErrBadReply, 0, "no data in input is empty"},
		{"openai duplicate index", "/v1/embeddings", func(w http.ResponseWriter) {
			fmt.Fprint(w, `{"data":[{"index":0,"embedding":[1]},{"index":0,"embedding":[2]}]}`)
		}, ErrBadReply, 0, "data[1] repeats index 0"},
		{"openai index out of range", "/v1/embeddings", func(w http.ResponseWriter) {
			fmt.Fprint(w, `{"data":[{"index":0,"embedding":[1]},{"index":5,"embedding":[2]}]}`)
		}, ErrBadReply, 0, "data[1] has index 5, want 0 to 1"},
		{"openai missing embedding", "/v1/embeddings", func(w http.ResponseWriter) {
			fmt.Fprint(w, `{"data":[{"index":0,"embedding":[1]},{"index":1}]}`)
		}, ErrBadReply, 0, "vector 1 is empty"},
		{"openai base64", "/v1/embeddings", func(w http.ResponseWriter) {
			fmt.Fprint(w, `{"data":[{"index":0,"embedding":"AACAPw=="},{"index":1,"embedding":"AACAPw=="}]}`)
		}, ErrBadReply, 0, "AACAPw=="},
		{"openai too many vectors", "/v1/embeddings", func(w http.ResponseWriter) {
			fmt.Fprint(w, `{"data":[{"embedding":[1]},{"embedding":[1]},{"embedding":[1]}]}`)
		}, ErrBadReply, 0, "3 vectors for 2 texts"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			srv := jsonServer(t, c.path, func(w http.ResponseWriter, _ *http.Request, _ map[string]any) { c.reply(w) })
			var e Embedder = &Ollama{BaseURL: srv.URL, Model: "nope"}
			if c.path != "/api/embed" {
				e = &OpenAI{BaseURL: srv.URL + "/v1", Model: "nope"}
			}
			ctx, ev := withEvents(t)
			vecs, _, err := Embed(ctx, e, []string{"a", "b"})
			if err == nil {
				t.Fatalf("no error; vectors %v", vecs)
			}
			if vecs != nil {
				t.Errorf("vectors %v alongside error", vecs)
			}
			if c.is != nil && !errors.Is(err, c.is) {
				t.Errorf("err = %v, want %v", err, c.is)
			}
			var se *StatusError
			if c.status != 0 && (!errors.As(err, &se) || se.Code != c.status) {
				t.Errorf("err = %v, want HTTP %d", err, c.status)
			}
			if !strings.Contains(err.Error(), c.text) || !strings.Contains(err.Error(), "nope embed") {
				t.Errorf("err = %v, want it to name the model and contain %q", err, c.text)
			}
			if us := ev.Kind(event.Usage); len(us) != 1 || us[0].Err != err.Error() || us[0].Usage.Model != e.Name() {
				t.Errorf("usage events = %+v, want one carrying the error", us)
			}
		})
	}
}

func TestEmbedTransportErrors(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close() // nothing listens there now
	for _, e := range []Embedder{
		&Ollama{BaseURL: "http://" + addr, Model: "m"},
		&OpenAI{BaseURL: "http://" + addr + "/v1", Model: "m"},
	} {
		if _, _, err := e.Embed(t.Context(), []string{"x"}); !errors.Is(err, ErrUnreachable) {
			t.Errorf("%s: err = %v, want ErrUnreachable", e.Name(), err)
		}
	}

	slow := func(w http.ResponseWriter, _ *http.Request, _ map[string]any) {
		time.Sleep(300 * time.Millisecond)
		fmt.Fprint(w, `{"embeddings":[[1]]}`)
	}
	for _, e := range []Embedder{
		&Ollama{BaseURL: jsonServer(t, "/api/embed", slow).URL, Model: "m"},
		&OpenAI{BaseURL: jsonServer(t, "/v1/embeddings", slow).URL + "/v1", Model: "m"},
	} {
		ctx, cancel := contextWithTimeout(t.Context(), 30*time.Millisecond)
		_, _, err := e.Embed(ctx, []string{"x"})
		cancel()
		if !errors.Is(err, ErrTimeout) {
			t.Errorf("%s: err = %v, want ErrTimeout", e.Name(), err)
		}
	}

	for _, e := range []Embedder{&Ollama{BaseURL: "http://x"}, &OpenAI{BaseURL: "http://x"}} {
		if _, _, err := e.Embed(t.Context(), []string{"x"}); err == nil || !strings.Contains(err.Error(), "no model name set") {
			t.Errorf("%T without a model: err = %v", e, err)
		}
	}
	if _, _, err := (&Ollama{BaseURL: "http://x", Model: "m", KeepAlive: "forever"}).Embed(t.Context(), []string{"x"}); err == nil || !strings.Contains(err.Error(), `keep_alive "forever"`) {
		t.Errorf("bad keep_alive: err = %v", err)
	}
}

func TestConfigEmbedder(t *testing.T) {
	c := Config{OllamaHost: "0.0.0.0:11434", KeepAlive: "5m", OpenAIBaseURL: "http://localhost:8000/v1", OpenAIKey: "k"}
	e, err := c.Embedder("ollama:nomic-embed-text:v1.5")
	if o, ok := e.(*Ollama); err != nil || !ok || o.Model != "nomic-embed-text:v1.5" || o.BaseURL != "http://0.0.0.0:11434" || o.KeepAlive != "5m" {
		t.Errorf("ollama = %#v, %v", e, err)
	}
	e, err = c.Embedder(" openai:text-embedding-3-small ")
	if o, ok := e.(*OpenAI); err != nil || !ok || o.Model != "text-embedding-3-small" || o.BaseURL != "http://localhost:8000/v1" || o.APIKey != "k" {
		t.Errorf("openai = %#v, %v", e, err)
	}
	for _, none := range []string{"", "none", " none "} {
		if e, err := c.Embedder(none); e != nil || err != nil {
			t.Errorf("Embedder(%q) = %v, %v; want nil, nil", none, e, err)
		}
	}
	for spec, want := range map[string]string{
		"replay:run.jsonl": "want ollama:NAME, openai:NAME or none",
		"nomic-embed-text": "want ollama:NAME, openai:NAME or none",
		"claude:x":         "want ollama:NAME, openai:NAME or none",
		"ollama:":          "ollama model name is empty",
	} {
		e, err := c.Embedder(spec)
		if !errors.Is(err, ErrBadSpec) || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), spec) || e != nil {
			t.Errorf("Embedder(%q) = %v, %v; want ErrBadSpec naming the spec and %q", spec, e, err, want)
		}
	}
	if _, err := (Config{OllamaHost: "ftp://h"}).Embedder("ollama:m"); !errors.Is(err, ErrBadSpec) {
		t.Errorf("bad OLLAMA_HOST: err = %v", err)
	}
	if _, err := (Config{KeepAlive: "forever"}).Embedder("ollama:m"); !errors.Is(err, ErrBadSpec) {
		t.Errorf("bad keep-alive: err = %v", err)
	}
}

// TestEmbedCounted: a run's Counter counts embedding calls as model calls.
func TestEmbedCounted(t *testing.T) {
	srv := jsonServer(t, "/api/embed", func(w http.ResponseWriter, _ *http.Request, body map[string]any) {
		if body["model"] == "bad" {
			w.WriteHeader(http.StatusInternalServerError)
			fmt.Fprint(w, `{"error":"boom"}`)
			return
		}
		fmt.Fprint(w, `{"embeddings":[[1,2]],"prompt_eval_count":4}`)
	})
	var c Counter
	ctx := event.WithSink(t.Context(), c.Observe)
	Embed(ctx, &Ollama{BaseURL: srv.URL, Model: "good"}, []string{"a"})
	Embed(ctx, &Ollama{BaseURL: srv.URL, Model: "bad"}, []string{"a"})
	if got := c.Counts(); got.ModelCalls != 2 || got.FailedCalls != 1 || got.PromptTokens != 4 || got.CompletionTokens != 0 {
		t.Errorf("counts = %+v", got)
	}
}

func mustJSON(t testing.TB, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// BenchmarkOllamaEmbedHTTP embeds a batch of 32 texts into 768-dimension
// vectors (nomic-embed-text's size) through a local HTTP server: request,
// transfer and decoding, no model.
func BenchmarkOllamaEmbedHTTP(b *testing.B) {
	vec := make([]float32, 768)
	for i := range vec {
		vec[i] = float32(i%97)/97 - 0.5
	}
	vecs := make([][]float32, 32)
	for i := range vecs {
		vecs[i] = vec
	}
	reply := mustJSON(b, map[string]any{"model": "nomic-embed-text", "embeddings": vecs, "prompt_eval_count": 320})
	srv := jsonServer(b, "/api/embed", func(w http.ResponseWriter, _ *http.Request, _ map[string]any) { w.Write(reply) })
	o := &Ollama{BaseURL: srv.URL, Model: "nomic-embed-text"}
	texts := make([]string, 32)
	for i := range texts {
		texts[i] = fmt.Sprintf("passage %d about Argo float QC flags and delayed-mode salinity", i)
	}
	b.SetBytes(int64(len(reply)))
	for b.Loop() {
		if _, _, err := o.Embed(b.Context(), texts); err != nil {
			b.Fatal(err)
		}
	}
}

// TestEmbedConcurrent: one Embedder serves parallel callers (the ocean
// agents search at once); each gets its own texts' vectors and every call
// is counted.
func TestEmbedConcurrent(t *testing.T) {
	srv := jsonServer(t, "/api/embed", func(w http.ResponseWriter, _ *http.Request, body map[string]any) {
		in, _ := body["input"].([]any)
		vecs := make([][]float32, len(in))
		for i, s := range in {
			vecs[i] = []float32{float32(len(s.(string)))}
		}
		w.Write(mustJSON(t, map[string]any{"embeddings": vecs, "prompt_eval_count": len(in)}))
	})
	var c Counter
	ctx := event.WithSink(t.Context(), c.Observe)
	e := &Ollama{BaseURL: srv.URL, Model: "m"}
	errs := make(chan error, 16)
	for g := range 16 {
		go func() {
			text := strings.Repeat("x", g+1)
			vecs, _, err := Embed(ctx, e, []string{text, text + "y"})
			if err == nil && (len(vecs) != 2 || vecs[0][0] != float32(g+1) || vecs[1][0] != float32(g+2)) {
				err = fmt.Errorf("caller %d got %v", g, vecs)
			}
			errs <- err
		}()
	}
	for range 16 {
		if err := <-errs; err != nil {
			t.Error(err)
		}
	}
	if n := c.Counts(); n.ModelCalls != 16 || n.PromptTokens != 32 {
		t.Errorf("counts = %+v", n)
	}
}
