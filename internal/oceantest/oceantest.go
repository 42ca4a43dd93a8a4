// Package oceantest locates the shared test data (../shared beside the
// repository root) for the ocean packages' tests.
package oceantest

import (
	"os"
	"path/filepath"
	"testing"
)

// Shared returns ../shared/<rel> beside the repository root, or skips t when
// it is absent.
func Shared(t testing.TB, rel string) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			break
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Skip("repository root (go.mod) not found")
		}
		dir = parent
	}
	p := filepath.Join(dir, "..", "shared", rel)
	if _, err := os.Stat(p); err != nil {
		t.Skip("shared test data not present: ", p)
	}
	return p
}

// GDAC returns the shared mini Argo GDAC, or skips t.
func GDAC(t testing.TB) string { return Shared(t, "data/argo/gdac") }

// Docs returns the shared document corpus, or skips t.
func Docs(t testing.TB) string { return Shared(t, "data/docs") }
