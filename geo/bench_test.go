package geo_test

import (
	"context"
	"testing"

	"github.com/cairn-agents/cairn/geo"
	"github.com/cairn-agents/cairn/geo/assets"
)

// BenchmarkOpen is start-up: world cities, ETOPO5 and both regions.
func BenchmarkOpen(b *testing.B) {
	for b.Loop() {
		if _, err := geo.Open(context.Background(), geo.Options{Base: assets.FS}); err != nil {
			b.Fatal(err)
		}
	}
}
