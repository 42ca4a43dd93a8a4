package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/cairn-agents/cairn/internal/oceantest"
	"github.com/cairn-agents/cairn/ocean/store"
)

// TestOceanPGSync syncs PostGIS from the store's published snapshot and
// answers from it.
func TestOceanPGSync(t *testing.T) {
	gdac := oceantest.GDAC(t)
	dsn := oceantest.PostGIS(t)
	dir := t.TempDir()
	t.Setenv("CAIRN_OCEAN_EMBED_MODEL", "")
	if out, _, err := runCairn(t, "ocean", "--ocean-dir", dir, "ingest", filepath.Join(gdac, "dac/incois/2902269")); err != nil {
		t.Fatalf("ingest: %v\n%s", err, out)
	}
	if _, err := store.Current(dir); err != nil {
		t.Fatalf("no snapshot published by ingest: %v", err)
	}
	out, _, err := runCairn(t, "ocean", "--ocean-dir", dir, "pgsync", "--pg-dsn", dsn)
	if err != nil || !strings.Contains(out, "synced") {
		t.Fatalf("pgsync: %v\n%s", err, out)
	}
	out, _, err = runCairn(t, "ocean", "--ocean-dir", dir, "--pg-dsn", dsn, "ask", "Where is float 2902269?")
	if err != nil || !strings.Contains(out, "2902269") {
		t.Errorf("ask over PostGIS: %v\n%s", err, out)
	}
}
