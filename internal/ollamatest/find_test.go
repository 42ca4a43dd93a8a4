package ollamatest

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func touch(t *testing.T, path string) string {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte("x"), 0o755); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestFindUsesCacheDirectory(t *testing.T) {
	cache := t.TempDir()
	bin := touch(t, filepath.Join(cache, "bin", "ollama"))
	gguf := touch(t, filepath.Join(cache, "tiny.gguf"))
	t.Setenv("CAIRN_OLLAMA_CACHE", cache)
	t.Setenv("CAIRN_OLLAMA_BIN", "")
	t.Setenv("CAIRN_OLLAMA_GGUF", "")

	gotBin, gotGGUF, err := find()
	if err != nil {
		t.Fatal(err)
	}
	if gotBin != bin || gotGGUF != gguf {
		t.Errorf("find() = %q, %q; want %q, %q", gotBin, gotGGUF, bin, gguf)
	}
}

func TestFindPrefersEnvironment(t *testing.T) {
	cache := t.TempDir()
	touch(t, filepath.Join(cache, "bin", "ollama"))
	touch(t, filepath.Join(cache, "tiny.gguf"))
	other := t.TempDir()
	bin := touch(t, filepath.Join(other, "my-ollama"))
	gguf := touch(t, filepath.Join(other, "m.gguf"))
	t.Setenv("CAIRN_OLLAMA_CACHE", cache)
	t.Setenv("CAIRN_OLLAMA_BIN", bin)
	t.Setenv("CAIRN_OLLAMA_GGUF", gguf)

	gotBin, gotGGUF, err := find()
	if err != nil {
		t.Fatal(err)
	}
	if gotBin != bin || gotGGUF != gguf {
		t.Errorf("find() = %q, %q; want %q, %q", gotBin, gotGGUF, bin, gguf)
	}
}

func TestFindNamesWhatIsMissing(t *testing.T) {
	cache := t.TempDir()
	t.Setenv("CAIRN_OLLAMA_CACHE", cache)
	t.Setenv("CAIRN_OLLAMA_GGUF", "")

	t.Run("binary named in env does not exist", func(t *testing.T) {
		missing := filepath.Join(cache, "nope", "ollama")
		t.Setenv("CAIRN_OLLAMA_BIN", missing)
		_, _, err := find()
		if err == nil || !strings.Contains(err.Error(), missing) {
			t.Fatalf("err = %v, want one naming %s", err, missing)
		}
	})
	t.Run("no binary anywhere", func(t *testing.T) {
		t.Setenv("CAIRN_OLLAMA_BIN", "")
		t.Setenv("PATH", t.TempDir())
		_, _, err := find()
		if err == nil || !strings.Contains(err.Error(), "no ollama binary") {
			t.Fatalf("err = %v, want 'no ollama binary'", err)
		}
	})
	t.Run("no model", func(t *testing.T) {
		t.Setenv("CAIRN_OLLAMA_BIN", touch(t, filepath.Join(cache, "bin", "ollama")))
		_, _, err := find()
		want := filepath.Join(cache, "tiny.gguf")
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Fatalf("err = %v, want one naming %s", err, want)
		}
	})
}
