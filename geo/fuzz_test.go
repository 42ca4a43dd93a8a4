package geo_test

import (
	"context"
	"errors"
	"testing"

	"github.com/cairn-agents/cairn/geo"
)

// FuzzTextInputs feeds arbitrary text to the operations that parse it
// (addresses, "lat,lng", place IDs, search queries): each returns a
// result or one of geo's errors, never panics.
func FuzzTextInputs(f *testing.F) {
	for _, s := range []string{"KL", "Johor Baru, Malaysia", "95,0", "39.1,-75.5", "place_id:osm:n1", "place_id:geonames:x",
		"rest stop in Dover", ",,,", "1 Main St, Dover, DE 19901", "\xff\xfe", "NaN,NaN", "1e309,0"} {
		f.Add(s)
	}
	e := engine(f)
	ctx := context.Background()
	known := func(err error) bool {
		return err == nil || errors.Is(err, geo.ErrZeroResults) || errors.Is(err, geo.ErrNotFound) || errors.Is(err, geo.ErrInvalidRequest)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if _, err := e.Geocode(ctx, s); !known(err) {
			t.Errorf("Geocode(%q): %v", s, err)
		}
		if _, err := e.SearchPlaces(ctx, geo.SearchRequest{Query: s}); !known(err) {
			t.Errorf("SearchPlaces(%q): %v", s, err)
		}
		if _, err := e.PlaceDetails(ctx, s); !known(err) {
			t.Errorf("PlaceDetails(%q): %v", s, err)
		}
		if _, err := e.DistanceMatrix(ctx, geo.MatrixRequest{Origins: []string{s}, Destinations: []string{"Dover, DE"}}); !known(err) {
			t.Errorf("DistanceMatrix(%q): %v", s, err)
		}
	})
}
