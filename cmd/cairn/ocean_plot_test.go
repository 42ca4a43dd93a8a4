package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cairn-agents/cairn/internal/oceantest"
)

func TestOceanAskPlot(t *testing.T) {
	gdac := oceantest.GDAC(t)
	dir := t.TempDir()
	t.Setenv("CAIRN_OCEAN_PG_DSN", "")
	t.Setenv("CAIRN_OCEAN_EMBED_MODEL", "")
	if out, _, err := runCairn(t, "ocean", "--ocean-dir", dir, "ingest", filepath.Join(gdac, "dac/incois/2902269")); err != nil {
		t.Fatalf("ingest: %v\n%s", err, out)
	}
	svg := filepath.Join(t.TempDir(), "ts.svg")
	_, errOut, err := runCairn(t, "ocean", "--ocean-dir", dir, "ask", "--plot", svg, "Show a T-S diagram for float 2902269 cycle 10")
	if err != nil {
		t.Fatal(err)
	}
	// temperature and salinity profiles, then the T–S diagram
	for i, want := range map[string]string{svg: "Pressure (dbar)", strings.TrimSuffix(svg, ".svg") + "-3.svg": "Practical salinity (PSU)"} {
		b, err := os.ReadFile(i)
		if err != nil || !strings.Contains(string(b), want) || !strings.Contains(errOut, "plot: "+i) {
			t.Errorf("%s: %v, want an SVG with %q (stderr %q)", i, err, want, errOut)
		}
	}
	png := filepath.Join(t.TempDir(), "track.png")
	if _, _, err := runCairn(t, "ocean", "--ocean-dir", dir, "ask", "--plot", png, "Plot the trajectory of float 2902269"); err != nil {
		t.Fatal(err)
	}
	if b, err := os.ReadFile(png); err != nil || !strings.HasPrefix(string(b), "\x89PNG") {
		t.Errorf("track.png: %v", err)
	}
	if _, _, err := runCairn(t, "ocean", "--ocean-dir", dir, "ask", "--plot", "x.jpg", "Plot the trajectory of float 2902269"); err == nil || !strings.Contains(err.Error(), ".svg or .png") {
		t.Errorf("--plot x.jpg: %v", err)
	}
	out, _, err := runCairn(t, "ocean", "--ocean-dir", dir, "ask", "--plot", filepath.Join(t.TempDir(), "n.svg"), "What is the maximum salinity recorded by float 2902269?")
	if err == nil || !strings.Contains(err.Error(), "no plot") || !strings.Contains(out, "2902269") {
		t.Errorf("a number has no plot: %v\n%s", err, out)
	}
}
