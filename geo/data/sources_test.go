package data

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestModuleCacheRunsNoProgram(t *testing.T) {
	dir := t.TempDir()
	env := filepath.Join(dir, "goenv")
	t.Setenv("GOENV", env)
	t.Setenv("HOME", filepath.Join(dir, "home"))

	t.Setenv("GOMODCACHE", "/mc")
	if got := ModuleCache(); got != "/mc" {
		t.Errorf("$GOMODCACHE: %q", got)
	}
	t.Setenv("GOMODCACHE", "")
	t.Setenv("GOPATH", "/gp1"+string(os.PathListSeparator)+"/gp2")
	if got := ModuleCache(); got != "/gp1/pkg/mod" {
		t.Errorf("$GOPATH: %q", got)
	}
	t.Setenv("GOPATH", "")
	if got := ModuleCache(); got != filepath.Join(dir, "home", "go", "pkg", "mod") {
		t.Errorf("default: %q", got)
	}
	// go env -w writes the env file; the environment wins over it.
	os.WriteFile(env, []byte("GOPROXY=off\nGOMODCACHE=/from/file\n"), 0o644)
	if got := ModuleCache(); got != "/from/file" {
		t.Errorf("env file: %q", got)
	}
	t.Setenv("GOMODCACHE", "/mc")
	if got := ModuleCache(); got != "/mc" {
		t.Errorf("environment over file: %q", got)
	}
}

func TestDebVersionReadsTheStatusFile(t *testing.T) {
	status := filepath.Join(t.TempDir(), "status")
	os.WriteFile(status, []byte(`Package: ferret-vis
Status: install ok installed
Version: 7.6.0-5

Package: ferret-datasets
Status: deinstall ok config-files
Version: 7.5.0-1

Package: ferret-datasets
Status: install ok installed
Priority: optional
Version: 7.6.0-5
`), 0o644)
	if got := debVersionIn(status, "ferret-datasets"); got != "7.6.0-5" {
		t.Errorf("installed: %q", got)
	}
	if got := debVersionIn(status, "postgis"); got != "" {
		t.Errorf("absent: %q", got)
	}
	if got := debVersionIn(filepath.Join(t.TempDir(), "none"), "x"); got != "" {
		t.Errorf("no status file: %q", got)
	}
}

// An .osm path that is not XML (a link to /dev/zero, a binary file) is
// refused at once; the XML decoder read zeros forever.
func TestOpenOSMRefusesWhatIsNotXML(t *testing.T) {
	dir := t.TempDir()
	bin := filepath.Join(dir, "binary.osm")
	os.WriteFile(bin, []byte("\x00\x00\x00\x0fOSMHeader"), 0o644)
	paths := []string{bin}
	if _, err := os.Stat("/dev/zero"); err == nil {
		zero := filepath.Join(dir, "zero.osm")
		os.Symlink("/dev/zero", zero)
		paths = append(paths, zero)
	}
	for _, p := range paths {
		done := make(chan error, 1)
		go func() {
			_, err := ImportOSM(context.Background(), p, "x", nil)
			done <- err
		}()
		select {
		case err := <-done:
			if err == nil || !strings.Contains(err.Error(), "not OSM XML") || !strings.Contains(err.Error(), p) {
				t.Errorf("%s: %v", p, err)
			}
		case <-time.After(20 * time.Second):
			t.Fatalf("%s: still reading", p)
		}
	}
	good := filepath.Join(dir, "bom.osm")
	os.WriteFile(good, []byte("\xef\xbb\xbf\n  <?xml version=\"1.0\"?><osm version=\"0.6\"></osm>"), 0o644)
	if _, err := ImportOSM(context.Background(), good, "x", nil); err != nil && strings.Contains(err.Error(), "not OSM XML") {
		t.Errorf("XML with a byte-order mark refused: %v", err)
	}
}
