// Command tinygguf writes a tiny llama-architecture GGUF model with random
// weights: a character-level SentencePiece vocabulary of a few hundred tokens,
// one transformer block and 64-wide embeddings, about 400 KB in all.
//
// The model knows nothing: it exists so a real Ollama server can load it and
// answer /api/chat and /v1/chat/completions with gibberish, which is what
// Cairn's decision layer is tested against. The file is deterministic for a
// given -seed.
//
// Usage:
//
//	go run . -o tiny.gguf
//
// It lives in its own module so the main module does not depend on
// github.com/ollama/ollama.
package main

import (
	"flag"
	"fmt"
	"log/slog"
	"os"
)

func main() {
	out := flag.String("o", "tiny.gguf", "output `file`")
	seed := flag.Uint64("seed", 1, "random `seed` for the weights")
	flag.Parse()
	if flag.NArg() > 0 {
		fmt.Fprintf(os.Stderr, "tinygguf: unexpected arguments %q\n", flag.Args())
		os.Exit(2)
	}
	if err := writeFile(*out, Default(*seed)); err != nil {
		fmt.Fprintf(os.Stderr, "tinygguf: %v\n", err)
		os.Exit(1)
	}
	st, err := os.Stat(*out)
	if err != nil {
		fmt.Fprintf(os.Stderr, "tinygguf: %v\n", err)
		os.Exit(1)
	}
	slog.Info("wrote tiny model", "file", *out, "bytes", st.Size())
}
