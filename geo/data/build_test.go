package data_test

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/cairn-agents/cairn/geo/assets"
	"github.com/cairn-agents/cairn/geo/data"
)

// TestBuildReproducesEmbeddedData rebuilds everything from the installed
// sources and checks the files are byte-identical to the committed ones.
// It skips when a source is not installed (see data.Build's error).
func TestBuildReproducesEmbeddedData(t *testing.T) {
	if testing.Short() {
		t.Skip("full build in -short mode")
	}
	out := t.TempDir()
	m, err := data.Build(context.Background(), data.DefaultSources(), out, nil)
	if errors.Is(err, data.ErrNoSource) {
		t.Skip(err)
	}
	if err != nil {
		t.Fatal(err)
	}
	b, err := assets.FS.ReadFile("manifest.json")
	if err != nil {
		t.Fatal(err)
	}
	var committed data.Manifest
	if err := json.Unmarshal(b, &committed); err != nil {
		t.Fatal(err)
	}
	want := map[string]string{}
	for _, f := range committed.Files {
		want[f.Name] = f.SHA256
	}
	for _, f := range m.Files {
		if want[f.Name] != f.SHA256 {
			t.Errorf("%s: rebuilt sha256 %s, committed %s", f.Name, f.SHA256, want[f.Name])
		}
	}
	if len(m.Files) != len(committed.Files) {
		t.Errorf("rebuilt %d files, committed %d", len(m.Files), len(committed.Files))
	}
	for i, s := range m.Sources {
		if i < len(committed.Sources) && s.SHA256 != committed.Sources[i].SHA256 {
			t.Errorf("source %s differs from the one the committed data was built from", s.Name)
		}
	}
	if _, err := os.Stat(filepath.Join(out, "manifest.json")); err != nil {
		t.Error(err)
	}
}
