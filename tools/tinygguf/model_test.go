package main

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/ollama/ollama/fs/ggml"
)

func decode(t *testing.T, path string) *ggml.GGML {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	g, err := ggml.Decode(f, -1)
	if err != nil {
		t.Fatalf("decode %s: %v", path, err)
	}
	return g
}

func TestWriteFileIsLoadableLlama(t *testing.T) {
	path := filepath.Join(t.TempDir(), "tiny.gguf")
	c := Default(1)
	if err := writeFile(path, c); err != nil {
		t.Fatal(err)
	}
	g := decode(t, path)
	kv := g.KV()
	if got := kv.Architecture(); got != "llama" {
		t.Errorf("architecture = %q, want llama", got)
	}
	if got := kv.BlockCount(); got != uint64(c.Blocks) {
		t.Errorf("block_count = %d, want %d", got, c.Blocks)
	}
	if got := kv.EmbeddingLength(); got != uint64(c.Embedding) {
		t.Errorf("embedding_length = %d, want %d", got, c.Embedding)
	}
	if got := kv.String("tokenizer.ggml.model"); got != "llama" {
		t.Errorf("tokenizer model = %q, want llama", got)
	}
	tokens, _, _ := vocab()
	if got := len(kv.Strings("tokenizer.ggml.tokens")); got != len(tokens) {
		t.Errorf("%d tokens, want %d", got, len(tokens))
	}

	want := map[string][]uint64{
		"token_embd.weight":        {64, uint64(len(tokens))},
		"output.weight":            {64, uint64(len(tokens))},
		"output_norm.weight":       {64},
		"blk.0.attn_q.weight":      {64, 64},
		"blk.0.attn_k.weight":      {64, 32}, // 2 kv heads of 16
		"blk.0.ffn_down.weight":    {128, 64},
		"blk.0.attn_output.weight": {64, 64},
	}
	got := map[string][]uint64{}
	for _, ts := range g.Tensors().Items() {
		got[ts.Name] = ts.Shape
	}
	if len(got) != 3+9*c.Blocks {
		t.Errorf("%d tensors, want %d", len(got), 3+9*c.Blocks)
	}
	for name, shape := range want {
		if !slices.Equal(got[name], shape) {
			t.Errorf("tensor %s shape = %v, want %v", name, got[name], shape)
		}
	}

	st, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if st.Size() > 1<<20 {
		t.Errorf("model is %d bytes, want under 1 MiB", st.Size())
	}
}

func TestWriteFileDeterministicPerSeed(t *testing.T) {
	dir := t.TempDir()
	read := func(name string, seed uint64) []byte {
		p := filepath.Join(dir, name)
		if err := writeFile(p, Default(seed)); err != nil {
			t.Fatal(err)
		}
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	a, b, c := read("a", 7), read("b", 7), read("c", 8)
	if !bytes.Equal(a, b) {
		t.Error("same seed wrote different files")
	}
	if bytes.Equal(a, c) {
		t.Error("different seeds wrote identical files")
	}
}

func TestWriteFileRejectsBadConfig(t *testing.T) {
	for _, tc := range []struct {
		name string
		edit func(*Config)
		want string
	}{
		{"zero blocks", func(c *Config) { c.Blocks = 0 }, "positive"},
		{"heads not dividing embedding", func(c *Config) { c.Heads = 5 }, "embedding 64 is not a multiple of heads 5"},
		{"kv heads not dividing heads", func(c *Config) { c.KVHeads = 3 }, "heads 4 is not a multiple of kv heads 3"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := Default(1)
			tc.edit(&c)
			path := filepath.Join(t.TempDir(), "bad.gguf")
			err := writeFile(path, c)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("err = %v, want one containing %q", err, tc.want)
			}
			if _, err := os.Stat(path); !os.IsNotExist(err) {
				t.Errorf("bad config left a file behind (stat err %v)", err)
			}
		})
	}
}
