package geo_test

import (
	"context"
	"sync"
	"testing"

	"github.com/cairn-agents/cairn/geo"
	"github.com/cairn-agents/cairn/geo/assets"
)

// TestConcurrentUse runs every operation from many goroutines at once on
// one engine (run with -race): routing workspaces, lazily built graphs and
// SRTM tiles are shared.
func TestConcurrentUse(t *testing.T) {
	opts := geo.Options{Base: assets.FS}
	if dir := sharedOrEmpty("data/geo/dem/srtm3"); dir != "" {
		opts.SRTMDir = dir
	}
	e, err := geo.Open(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	towns := []string{"Dover, DE", "Lewes, DE", "Newark, DE", "Milford, DE"}
	want, err := e.DistanceMatrix(ctx, geo.MatrixRequest{Origins: towns, Destinations: towns, Mode: "walking"})
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Go(func() {
			modes := []string{"driving", "walking", "bicycling"}
			m, err := e.DistanceMatrix(ctx, geo.MatrixRequest{Origins: towns, Destinations: towns, Mode: modes[g%3]})
			if err != nil {
				t.Error(err)
				return
			}
			if g%3 == 1 && m.Results[1].Elements[2].Distance.Value != want.Results[1].Elements[2].Distance.Value {
				t.Errorf("concurrent walking matrix differs: %+v vs %+v", m.Results[1].Elements[2], want.Results[1].Elements[2])
			}
			if _, err := e.Directions(ctx, geo.DirectionsRequest{Origin: "Canillo", Destination: "Andorra la Vella", Mode: modes[g%3]}); err != nil {
				t.Error(err)
			}
			if _, err := e.Elevation(ctx, []geo.LatLng{{Lat: 47.6, Lng: -122.3}, {Lat: 45.5, Lng: -122.6}, {Lat: 42.5, Lng: 1.5}}); err != nil {
				t.Error(err)
			}
			if _, err := e.SearchPlaces(ctx, geo.SearchRequest{Query: "cafe in Wilmington"}); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
}
