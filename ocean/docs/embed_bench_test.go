package docs

import (
	"context"
	"hash/fnv"
	"testing"

	"github.com/cairn-agents/cairn/internal/testkit"
)

// hashEmbedder is a fake embedding model (the model boundary) of a real
// model's width: each token adds one to a hashed dimension, so vectors cost
// what 768-dimension ones cost to store and compare.
type hashEmbedder struct{}

func (hashEmbedder) Name() string { return "fake:hash768" }

func (hashEmbedder) Embed(_ context.Context, texts []string) ([][]float32, error) {
	out := make([][]float32, len(texts))
	for i, t := range texts {
		v := make([]float32, 768)
		for _, tok := range Tokenize(t) {
			h := fnv.New32a()
			h.Write([]byte(tok))
			v[h.Sum32()%768]++
		}
		v[0] += 1e-3 // no all-zero vector
		out[i] = v
	}
	return out, nil
}

// BenchmarkSearchHybrid ranks the shared documentation corpus (Argo manuals,
// reference tables, argopy docs) for one query: BM25, a scan of every
// passage's 768-dimension vector and rank fusion.
func BenchmarkSearchHybrid(b *testing.B) {
	dir := testkit.Shared(b, "data/docs")
	ix := NewIndex(nil)
	if _, _, err := ix.AddDir(dir); err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	if _, err := ix.Embed(ctx, hashEmbedder{}); err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		hits, err := ix.SearchHybrid(ctx, hashEmbedder{}, "what does QC flag 4 mean for delayed-mode salinity", 5)
		if err != nil || len(hits) != 5 {
			b.Fatalf("%d hits, %v", len(hits), err)
		}
	}
	b.ReportMetric(float64(ix.Len()), "passages")
}
