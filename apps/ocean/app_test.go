package ocean

import (
	"context"
	"os"
	"sync"
	"testing"
	"time"

	"github.com/cairn-agents/cairn/internal/oceantest"
	"github.com/cairn-agents/cairn/ocean/docs"
	"github.com/cairn-agents/cairn/ocean/store"
)

var (
	fixOnce  sync.Once
	fixDir   string
	fixStore *store.Store
	fixDocs  *docs.Index
	fixErr   error
)

func testNow() time.Time { return time.Date(2023, 4, 27, 12, 0, 0, 0, time.UTC) }

// fixture ingests the shared GDAC and docs once per test binary.
func fixture(t testing.TB) (*store.Store, *docs.Index) {
	t.Helper()
	gdac := oceantest.GDAC(t)
	docDir := oceantest.Docs(t)
	fixOnce.Do(func() {
		ctx := context.Background()
		if fixDir, fixErr = os.MkdirTemp("", "ocean-app-test-"); fixErr != nil {
			return
		}
		var s *store.Store
		if s, fixErr = store.Open(ctx, fixDir, store.Options{Now: testNow}); fixErr != nil {
			return
		}
		if _, fixErr = s.Ingest(ctx, gdac); fixErr != nil {
			return
		}
		s.Close()
		if fixStore, fixErr = store.Open(ctx, fixDir, store.Options{ReadOnly: true}); fixErr != nil {
			return
		}
		fixDocs = docs.NewIndex(nil)
		_, _, fixErr = fixDocs.AddDir(docDir)
	})
	if fixErr != nil {
		t.Fatal(fixErr)
	}
	return fixStore, fixDocs
}

func TestMain(m *testing.M) {
	code := m.Run()
	oceantest.StopPostGIS()
	if fixStore != nil {
		fixStore.Close()
	}
	if fixDir != "" {
		os.RemoveAll(fixDir)
	}
	os.Exit(code)
}

func newApp(t testing.TB, opts Options) *App {
	s, ix := fixture(t)
	if opts.Now == nil {
		opts.Now = testNow
	}
	a, err := New(s, s, ix, opts)
	if err != nil {
		t.Fatal(err)
	}
	return a
}
