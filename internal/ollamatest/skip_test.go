package ollamatest_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cairn-agents/cairn/internal/ollamatest"
)

// TestStartWithoutBinary runs Start in a child test process with no binary
// to be found: it must skip, or fail when CAIRN_REQUIRE_OLLAMA=1.
func TestStartWithoutBinary(t *testing.T) {
	if os.Getenv("OLLAMATEST_CHILD") == "1" {
		ollamatest.Start(t)
		t.Fatal("Start returned without a binary")
	}
	missing := filepath.Join(t.TempDir(), "no-ollama")
	for _, tc := range []struct {
		require  string
		wantFail bool
		want     string
	}{
		{"", false, "--- SKIP"},
		{"1", true, "--- FAIL"},
	} {
		cmd := exec.Command(os.Args[0], "-test.run=^TestStartWithoutBinary$", "-test.v")
		cmd.Env = append(os.Environ(), "OLLAMATEST_CHILD=1", "CAIRN_OLLAMA_BIN="+missing, "CAIRN_REQUIRE_OLLAMA="+tc.require)
		out, err := cmd.CombinedOutput()
		if failed := err != nil; failed != tc.wantFail {
			t.Errorf("CAIRN_REQUIRE_OLLAMA=%q: child failed=%v, want %v\n%s", tc.require, failed, tc.wantFail, out)
		}
		if !strings.Contains(string(out), tc.want) || !strings.Contains(string(out), missing) {
			t.Errorf("CAIRN_REQUIRE_OLLAMA=%q: output lacks %q or the missing path:\n%s", tc.require, tc.want, out)
		}
	}
}
