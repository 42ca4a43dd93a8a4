package store

import (
	"context"
	"testing"
	"time"

	"github.com/cairn-agents/cairn/ocean/internal/oceantest"
)

func TestIngestQuick(t *testing.T) {
	gdac := oceantest.GDAC(t)
	ctx := context.Background()
	s, err := Open(ctx, t.TempDir(), Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	start := time.Now()
	rep, err := s.Ingest(ctx, gdac)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("took %v: ingested %d unchanged %d failed %d unsupported %d skipped %d", time.Since(start), rep.Count(Ingested), rep.Count(Unchanged), rep.Count(Failed), rep.Count(Unsupported), rep.Count(Skipped))
	for _, f := range rep.Files {
		if f.Status == Failed || f.Status == Unsupported {
			t.Log(f)
		}
	}
}
