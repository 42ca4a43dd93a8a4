package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/cairn-agents/cairn/ocean/docs"
)

// TestOceanDocsAddEmbedModel: --embed-model ollama:NAME and openai:NAME embed
// the passages through the named protocol (an httptest server speaking
// Ollama's /api/embed and the OpenAI /v1/embeddings) and save the model's
// name with the index; a bad spec or a failing server saves nothing.
func TestOceanDocsAddEmbedModel(t *testing.T) {
	var mu sync.Mutex
	models := map[string]int{} // path + model → texts embedded
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var body struct {
			Model string   `json:"model"`
			Input []string `json:"input"`
		}
		if err := json.NewDecoder(r.Body).Decode(&body); err != nil || len(body.Input) == 0 {
			w.WriteHeader(http.StatusBadRequest)
			return
		}
		if body.Model == "missing" {
			w.WriteHeader(http.StatusNotFound)
			fmt.Fprintf(w, `{"error":"model %q not found, try pulling it first"}`, body.Model)
			return
		}
		mu.Lock()
		models[r.URL.Path+" "+body.Model] += len(body.Input)
		mu.Unlock()
		vecs := make([][]float32, len(body.Input))
		for i, s := range body.Input {
			vecs[i] = []float32{float32(len(s)), float32(strings.Count(s, "flag")), 1}
		}
		switch r.URL.Path {
		case "/api/embed":
			json.NewEncoder(w).Encode(map[string]any{"embeddings": vecs, "prompt_eval_count": len(body.Input)})
		case "/v1/embeddings":
			data := make([]map[string]any, len(vecs))
			for i, v := range vecs {
				data[i] = map[string]any{"index": i, "embedding": v}
			}
			json.NewEncoder(w).Encode(map[string]any{"data": data})
		default:
			w.WriteHeader(http.StatusNotFound)
		}
	}))
	defer srv.Close()
	t.Setenv("OLLAMA_HOST", srv.URL)
	t.Setenv("OPENAI_BASE_URL", srv.URL+"/v1")
	t.Setenv("CAIRN_OCEAN_EMBED_MODEL", "")

	docDir := t.TempDir()
	if err := os.WriteFile(filepath.Join(docDir, "qc.md"), []byte("# QC flags\n\nQC flag 4 means bad data.\n\n# Modes\n\nData mode D is delayed mode.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ spec, path string }{
		{"ollama:nomic-embed-text", "/api/embed"},
		{"openai:text-embedding-3-small", "/v1/embeddings"},
	} {
		dir := t.TempDir()
		out, _, err := runCairn(t, "ocean", "--ocean-dir", dir, "--embed-model", c.spec, "docs", "add", docDir)
		if err != nil || !strings.Contains(out, "embedded 2 passages with "+c.spec) {
			t.Fatalf("%s: %v\n%s", c.spec, err, out)
		}
		_, name, _ := strings.Cut(c.spec, ":")
		if n := models[c.path+" "+name]; n != 2 {
			t.Errorf("%s: server embedded %d texts at %s, want 2 (%v)", c.spec, n, c.path, models)
		}
		ix, err := docs.Load(filepath.Join(dir, docsIndexFile))
		if err != nil || ix.EmbedModel() != c.spec {
			t.Errorf("%s: saved index model %q, %v", c.spec, ix.EmbedModel(), err)
		}
	}

	for spec, want := range map[string]string{
		"replay:run.jsonl": "--embed-model",
		"ollama:missing":   "HTTP 404",
	} {
		dir := t.TempDir()
		_, _, err := runCairn(t, "ocean", "--ocean-dir", dir, "--embed-model", spec, "docs", "add", docDir)
		if err == nil || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), strings.TrimPrefix(spec, "ollama:")) {
			t.Errorf("%s: err = %v, want it to say %q", spec, err, want)
		}
		if _, err := os.Stat(filepath.Join(dir, docsIndexFile)); err == nil {
			t.Errorf("%s: index saved despite the error", spec)
		}
	}
}
