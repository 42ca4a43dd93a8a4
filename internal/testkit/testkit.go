// Package testkit holds helpers shared by the tests of several packages.
package testkit

import (
	"os"
	"path/filepath"
	"testing"
)

// RepoRoot is the directory holding go.mod, found by walking up from the
// working directory (a test runs in its package's directory); "" when there
// is none.
func RepoRoot() string {
	dir, err := os.Getwd()
	if err != nil {
		return ""
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return ""
		}
		dir = parent
	}
}

// SharedPath is ../shared/<rel> beside the repository root, the test and
// benchmark data of a development checkout, and whether it exists.
func SharedPath(rel string) (string, bool) {
	root := RepoRoot()
	if root == "" {
		return "", false
	}
	p := filepath.Join(filepath.Dir(root), "shared", filepath.FromSlash(rel))
	_, err := os.Stat(p)
	return p, err == nil
}

// Shared returns ../shared/<rel>, or skips t when it is absent: the product
// never needs it, so tests that use it skip cleanly without it.
func Shared(t testing.TB, rel string) string {
	t.Helper()
	p, ok := SharedPath(rel)
	if !ok {
		t.Skipf("shared test data absent: ../shared/%s", rel)
	}
	return p
}

// LocnavTasks is the directory of the 45 MCP-Universe location_navigation
// task files in ../shared, or a skip.
func LocnavTasks(t testing.TB) string {
	t.Helper()
	return Shared(t, "benchmarks/mcp-universe/location_navigation")
}
