package plot

import (
	"bytes"
	"errors"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cairn-agents/cairn/geo/data"
)

func TestEmbeddedCoastlines(t *testing.T) {
	lines, err := Coastlines()
	if err != nil {
		t.Fatal(err)
	}
	if len(lines) < 1000 {
		t.Fatalf("%d coastlines, want the ~1400 of Natural Earth 1:50m land", len(lines))
	}
	// Cape Comorin (Kanyakumari), India's southern tip, 77.54 E 8.08 N.
	best := math.Inf(1)
	for _, l := range lines {
		for _, p := range l {
			best = min(best, math.Hypot(p[0]-77.54, p[1]-8.08))
		}
	}
	if best > 0.1 {
		t.Errorf("no coastline point within 0.1° of Cape Comorin (nearest %.2f°)", best)
	}
}

// TestDeriveReproducesEmbeddedCoastlines derives the coastline file from
// the installed npm world-atlas and checks it equals the embedded one.
func TestDeriveReproducesEmbeddedCoastlines(t *testing.T) {
	out := filepath.Join(t.TempDir(), CoastOutput)
	_, _, err := DeriveCoastlines(data.DefaultSources().NPMModules, out)
	if errors.Is(err, ErrNoCoastSource) {
		t.Skip(err) // .ci/run installs it
	}
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, coastBin) {
		t.Errorf("derived %s (%d bytes) differs from the embedded one (%d bytes); run cairn data coastlines --out ocean/plot", CoastOutput, len(got), len(coastBin))
	}
}

func TestCoastlineInputErrors(t *testing.T) {
	dir := t.TempDir()
	if _, _, err := DeriveCoastlines(dir, filepath.Join(dir, "x.bin")); !errors.Is(err, ErrNoCoastSource) || !strings.Contains(err.Error(), "npm install") {
		t.Errorf("missing package: %v", err)
	}
	os.MkdirAll(filepath.Join(dir, CoastPackage), 0o755)
	for body, says := range map[string]string{
		`{"type":"FeatureCollection"}`:                   `type "FeatureCollection", want Topology`,
		`{"type":"Topology","arcs":[]}`:                  "no arcs",
		`{"type":"Topology","arcs":[[[500,1],[501,2]]]}`: "not a longitude/latitude",
		`not json`: "not TopoJSON",
	} {
		os.WriteFile(filepath.Join(dir, CoastPackage, CoastFile), []byte(body), 0o644)
		if _, _, err := DeriveCoastlines(dir, filepath.Join(dir, "x.bin")); err == nil || !strings.Contains(err.Error(), says) {
			t.Errorf("%s: got %v, want an error saying %s", body, err, says)
		}
	}
	for _, bad := range []string{"", "cairn-coast-0\n", coastMagic + "\x02\x04\x00"} {
		if _, err := ReadCoastlines(strings.NewReader(bad)); err == nil {
			t.Errorf("ReadCoastlines(%q) accepted it", bad)
		}
	}
}
