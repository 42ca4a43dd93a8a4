package main

import (
	"encoding/binary"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"

	"github.com/ollama/ollama/fs/ggml"
)

// Config is the shape of the model written.
type Config struct {
	Embedding   int // embedding width
	Blocks      int // transformer blocks
	FeedForward int // feed-forward width
	Heads       int // attention heads
	KVHeads     int // key/value heads (grouped-query attention when < Heads)
	Context     int // training context length
	Seed        uint64
}

// Default is the tiny configuration used for tests.
func Default(seed uint64) Config {
	return Config{Embedding: 64, Blocks: 1, FeedForward: 128, Heads: 4, KVHeads: 2, Context: 4096, Seed: seed}
}

func (c Config) validate() error {
	switch {
	case c.Embedding <= 0 || c.Blocks <= 0 || c.FeedForward <= 0 || c.Heads <= 0 || c.KVHeads <= 0 || c.Context <= 0:
		return fmt.Errorf("config %+v: every size must be positive", c)
	case c.Embedding%c.Heads != 0:
		return fmt.Errorf("config: embedding %d is not a multiple of heads %d", c.Embedding, c.Heads)
	case c.Heads%c.KVHeads != 0:
		return fmt.Errorf("config: heads %d is not a multiple of kv heads %d", c.Heads, c.KVHeads)
	}
	return nil
}

// Token types as llama.cpp numbers them.
const (
	tokNormal  int32 = 1
	tokUnknown int32 = 2
	tokControl int32 = 3
	tokByte    int32 = 6
)

// vocab returns a SentencePiece-style vocabulary: <unk>, <s>, </s>, the 256
// byte-fallback tokens, the word-boundary mark, printable ASCII and a few
// JSON pieces so the tokenizer has merges to make.
func vocab() (tokens []string, scores []float32, types []int32) {
	add := func(s string, score float32, typ int32) {
		tokens = append(tokens, s)
		scores = append(scores, score)
		types = append(types, typ)
	}
	add("<unk>", 0, tokUnknown)
	add("<s>", 0, tokControl)
	add("</s>", 0, tokControl)
	for b := range 256 {
		add(fmt.Sprintf("<0x%02X>", b), 0, tokByte)
	}
	// Longer pieces score higher so the tokenizer prefers them.
	for _, s := range []string{"▁\"", "{\"", "\":", "\",", "\"}", "▁{"} {
		add(s, -1, tokNormal)
	}
	add("▁", -2, tokNormal)
	for c := byte('!'); c <= '~'; c++ {
		add(string(c), -3, tokNormal)
	}
	return tokens, scores, types
}

// kv returns the GGUF metadata of a llama model for c.
func (c Config) kv(tokens []string, scores []float32, types []int32) ggml.KV {
	return ggml.KV{
		"general.architecture":                   "llama",
		"general.name":                           "cairn-tiny",
		"general.file_type":                      uint32(0), // all F32
		"llama.vocab_size":                       uint32(len(tokens)),
		"llama.context_length":                   uint32(c.Context),
		"llama.embedding_length":                 uint32(c.Embedding),
		"llama.block_count":                      uint32(c.Blocks),
		"llama.feed_forward_length":              uint32(c.FeedForward),
		"llama.attention.head_count":             uint32(c.Heads),
		"llama.attention.head_count_kv":          uint32(c.KVHeads),
		"llama.attention.layer_norm_rms_epsilon": float32(1e-5),
		"llama.rope.dimension_count":             uint32(c.Embedding / c.Heads),
		"llama.rope.freq_base":                   float32(10000),
		"tokenizer.ggml.model":                   "llama",
		"tokenizer.ggml.tokens":                  tokens,
		"tokenizer.ggml.scores":                  scores,
		"tokenizer.ggml.token_type":              types,
		"tokenizer.ggml.unknown_token_id":        uint32(0),
		"tokenizer.ggml.bos_token_id":            uint32(1),
		"tokenizer.ggml.eos_token_id":            uint32(2),
		"tokenizer.ggml.add_bos_token":           true,
		"tokenizer.ggml.add_eos_token":           false,
	}
}

// tensors returns the llama tensors for c with a vocabulary of n tokens.
// Shapes are in GGUF order: the first dimension is the innermost.
func (c Config) tensors(n int) []*ggml.Tensor {
	rng := rand.New(rand.NewPCG(c.Seed, 0x636169726e)) // "cairn"
	e, f := uint64(c.Embedding), uint64(c.FeedForward)
	kvw := e / uint64(c.Heads) * uint64(c.KVHeads)
	v := uint64(n)
	ts := []*ggml.Tensor{
		random(rng, "token_embd.weight", 1, e, v),
		ones("output_norm.weight", e),
		random(rng, "output.weight", 1, e, v),
	}
	for i := range c.Blocks {
		p := fmt.Sprintf("blk.%d.", i)
		ts = append(ts,
			ones(p+"attn_norm.weight", e),
			random(rng, p+"attn_q.weight", 0.2, e, e),
			random(rng, p+"attn_k.weight", 0.2, e, kvw),
			random(rng, p+"attn_v.weight", 0.2, e, kvw),
			random(rng, p+"attn_output.weight", 0.2, e, e),
			ones(p+"ffn_norm.weight", e),
			random(rng, p+"ffn_gate.weight", 0.2, e, f),
			random(rng, p+"ffn_up.weight", 0.2, e, f),
			random(rng, p+"ffn_down.weight", 0.2, f, e),
		)
	}
	return ts
}

// f32 is tensor data: little-endian float32 values.
type f32 []float32

func (d f32) WriteTo(w io.Writer) (int64, error) {
	buf := make([]byte, 4*len(d))
	for i, x := range d {
		binary.LittleEndian.PutUint32(buf[4*i:], math.Float32bits(x))
	}
	n, err := w.Write(buf)
	return int64(n), err
}

func random(rng *rand.Rand, name string, std float64, shape ...uint64) *ggml.Tensor {
	d := make(f32, count(shape))
	for i := range d {
		d[i] = float32(rng.NormFloat64() * std)
	}
	return &ggml.Tensor{Name: name, Kind: 0, Shape: shape, WriterTo: d}
}

func ones(name string, shape ...uint64) *ggml.Tensor {
	d := make(f32, count(shape))
	for i := range d {
		d[i] = 1
	}
	return &ggml.Tensor{Name: name, Kind: 0, Shape: shape, WriterTo: d}
}

func count(shape []uint64) uint64 {
	n := uint64(1)
	for _, s := range shape {
		n *= s
	}
	return n
}

// writeFile writes the model for c to path, replacing it atomically so a
// reader never sees half a file.
func writeFile(path string, c Config) error {
	if err := c.validate(); err != nil {
		return err
	}
	tokens, scores, types := vocab()
	tmp, err := os.CreateTemp(filepath.Dir(path), ".tinygguf-*")
	if err != nil {
		return fmt.Errorf("create temp file: %w", err)
	}
	defer os.Remove(tmp.Name())
	if err := ggml.WriteGGUF(tmp, c.kv(tokens, scores, types), c.tensors(len(tokens))); err != nil {
		tmp.Close()
		return fmt.Errorf("write gguf %s: %w", path, err)
	}
	if err := tmp.Chmod(0o644); err != nil {
		tmp.Close()
		return fmt.Errorf("chmod %s: %w", tmp.Name(), err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("close %s: %w", tmp.Name(), err)
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return fmt.Errorf("rename to %s: %w", path, err)
	}
	return nil
}
