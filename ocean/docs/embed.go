package docs

import (
	"context"
	"fmt"
	"math"
	"sort"

	"github.com/cairn-agents/cairn/llm"
)

// Embedder turns texts into vectors. An embedding model is one; the index
// only compares the vectors it returns.
type Embedder interface {
	// Name identifies the model; vectors from different models never mix.
	Name() string
	Embed(ctx context.Context, texts []string) ([][]float32, error)
}

// embedBatch is how many passages go to the embedder per call.
const embedBatch = 32

// EmbedModel is the model the index's vectors came from, or "".
func (ix *Index) EmbedModel() string {
	ix.mu.RLock()
	defer ix.mu.RUnlock()
	return ix.embedModel
}

// Embed computes a vector for every passage that has none. Switching to
// another model recomputes all vectors.
func (ix *Index) Embed(ctx context.Context, e Embedder) (int, error) {
	ix.mu.Lock()
	defer ix.mu.Unlock()
	if ix.embedModel != e.Name() {
		for i := range ix.passages {
			ix.passages[i].Vector = nil
		}
		ix.embedModel = e.Name()
	}
	var todo []int
	for i, p := range ix.passages {
		if len(p.Vector) == 0 {
			todo = append(todo, i)
		}
	}
	for start := 0; start < len(todo); start += embedBatch {
		batch := todo[start:min(start+embedBatch, len(todo))]
		texts := make([]string, len(batch))
		for j, i := range batch {
			texts[j] = ix.passages[i].Section + "\n" + ix.passages[i].Text
		}
		vecs, err := e.Embed(ctx, texts)
		if err != nil {
			return start, fmt.Errorf("embedding passages with %s: %w", e.Name(), err)
		}
		if len(vecs) != len(batch) {
			return start, fmt.Errorf("embedding passages with %s: %d vectors for %d texts", e.Name(), len(vecs), len(batch))
		}
		for j, i := range batch {
			ix.passages[i].Vector = normalize(vecs[j])
		}
	}
	return len(todo), nil
}

func normalize(v []float32) []float32 {
	var n float64
	for _, x := range v {
		n += float64(x) * float64(x)
	}
	if n == 0 || math.IsNaN(n) {
		return v
	}
	out := make([]float32, len(v))
	inv := 1 / math.Sqrt(n)
	for i, x := range v {
		out[i] = float32(float64(x) * inv)
	}
	return out
}

// rrfK is the reciprocal-rank-fusion constant.
const rrfK = 60

// SearchHybrid ranks passages by fusing BM25 with vector similarity to the
// query (reciprocal rank fusion). Without an embedder, or with one that
// did not make the index's vectors, it is Search. An embedder error falls
// back to Search and is returned alongside its hits.
func (ix *Index) SearchHybrid(ctx context.Context, e Embedder, query string, k int) ([]Hit, error) {
	lexical := ix.Search(query, 50)
	if e == nil || ix.EmbedModel() != e.Name() {
		return cut(lexical, k), nil
	}
	qv, err := e.Embed(ctx, []string{query})
	if err != nil || len(qv) != 1 {
		if err == nil {
			err = fmt.Errorf("%d vectors for one query", len(qv))
		}
		return cut(lexical, k), fmt.Errorf("embedding the query with %s: %w", e.Name(), err)
	}
	q := normalize(qv[0])
	ix.mu.RLock()
	type sim struct {
		i int
		s float64
	}
	sims := make([]sim, 0, len(ix.passages))
	for i, p := range ix.passages {
		if len(p.Vector) != len(q) {
			continue
		}
		var dot float64
		for j := range q {
			dot += float64(q[j]) * float64(p.Vector[j])
		}
		sims = append(sims, sim{i, dot})
	}
	sort.SliceStable(sims, func(a, b int) bool { return sims[a].s > sims[b].s })
	if len(sims) > 50 {
		sims = sims[:50]
	}
	key := func(p Passage) string { return p.File + "\x00" + p.Section + "\x00" + p.Text }
	fused := map[string]float64{}
	byKey := map[string]Passage{}
	for r, h := range lexical {
		fused[key(h.Passage)] += 1.0 / float64(rrfK+r+1)
		byKey[key(h.Passage)] = h.Passage
	}
	for r, s := range sims {
		p := ix.passages[s.i]
		fused[key(p)] += 1.0 / float64(rrfK+r+1)
		byKey[key(p)] = p
	}
	ix.mu.RUnlock()
	hits := make([]Hit, 0, len(fused))
	for kk, score := range fused {
		p := byKey[kk]
		hits = append(hits, Hit{Passage: p, Score: score, citation: Citation{file: p.File, section: p.Section, quote: p.Text, score: score}})
	}
	sort.Slice(hits, func(a, b int) bool {
		if hits[a].Score != hits[b].Score {
			return hits[a].Score > hits[b].Score
		}
		return key(hits[a].Passage) < key(hits[b].Passage)
	})
	return cut(hits, k), nil
}

func cut(h []Hit, k int) []Hit {
	if k > 0 && len(h) > k {
		return h[:k]
	}
	return h
}

// ModelEmbedder embeds with an llm embedding model: Ollama's /api/embed or
// an OpenAI-compatible /embeddings, as llm.Config.Embedder opens from a spec
// like "ollama:nomic-embed-text"; Model must be set. Each call emits an
// event.Usage, so a run counts embedding calls with its model calls.
type ModelEmbedder struct {
	Model llm.Embedder
}

// Name is the model's name, e.g. "ollama:nomic-embed-text".
func (m ModelEmbedder) Name() string { return m.Model.Name() }

// Embed asks the model for one vector per text.
func (m ModelEmbedder) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	vecs, _, err := llm.Embed(ctx, m.Model, texts)
	return vecs, err
}
