package geo

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A tile file larger than any SRTM tile is refused without being read
// whole (it was read into memory before its size was checked).
func TestReadHGTRefusesOversizedFiles(t *testing.T) {
	p := filepath.Join(t.TempDir(), "N39W076.hgt")
	f, err := os.Create(p)
	if err != nil {
		t.Fatal(err)
	}
	f.Truncate(1 << 30) // sparse: costs no disk
	f.Close()
	_, err = readHGT(p, 39, -76)
	if err == nil || !strings.Contains(err.Error(), "larger than an SRTM tile") || !strings.Contains(err.Error(), p) {
		t.Fatalf("got %v", err)
	}
}
