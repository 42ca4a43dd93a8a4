package testkit

import (
	"os"
	"path/filepath"
	"testing"
)

func TestRepoRootHoldsGoMod(t *testing.T) {
	root := RepoRoot()
	if _, err := os.Stat(filepath.Join(root, "go.mod")); err != nil {
		t.Fatalf("RepoRoot() = %q: %v", root, err)
	}
}

func TestSharedPathAbsent(t *testing.T) {
	if p, ok := SharedPath("no/such/dir/at/all"); ok {
		t.Fatalf("SharedPath found %q", p)
	}
}
