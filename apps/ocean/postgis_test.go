package ocean

import (
	"context"
	"strings"
	"testing"

	"github.com/cairn-agents/cairn/internal/oceantest"
	"github.com/cairn-agents/cairn/ocean/pgstore"
)

// TestPostGISAnswersMatchEmbedded asks the same spatial questions of a
// gateway whose metadata store is PostGIS and of one on the embedded store:
// PostGIS (ST_DWithin, ST_Contains) and the embedded computation (haversine,
// even-odd polygon test) must name the same floats.
func TestPostGISAnswersMatchEmbedded(t *testing.T) {
	emb, ix := fixture(t)
	dsn := oceantest.PostGIS(t)
	ctx := context.Background()
	pg, err := pgstore.Open(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer pg.Close()
	if err := pg.Sync(ctx, emb); err != nil {
		t.Fatal(err)
	}
	onPG, err := New(pg, emb, ix, Options{Now: testNow})
	if err != nil {
		t.Fatal(err)
	}
	onDuck := newApp(t, Options{})
	for _, q := range []string{
		"Which floats reported within 300 km of 12.5N, 115.5E?",
		"Which floats reported within 500 km of 16N, 63E?",
		"Which floats are in the Arabian Sea?",
		"Which floats are in the South China Sea?",
		"Which floats are in the Mediterranean Sea?",
		"Where is float 2902269?",
		"Which float is nearest to 10N 65E?",
		"What are the 3 floats closest to 40N 150E?",
		"How many profiles were taken within 300 km of 15N 63E?",
		"Which float reported most recently?",
		"Plot the track of float 2901746",
		// level plans read the embedded store's profile summary either way
		"Which float recorded the warmest temperature?",
		"Which float measured the highest salinity in the Pacific Ocean?",
		"mean temperature in the Arabian Sea in 2019",
	} {
		a, b := ask(t, onPG, q), ask(t, onDuck, q)
		// the same answer, but for the store its source names
		if strings.ReplaceAll(a.Response, "postgis query", "duckdb query") != b.Response {
			t.Errorf("%q:\nPostGIS:  %s\nembedded: %s", q, a.Response, b.Response)
		}
		if strings.Contains(a.Response, "No float") {
			t.Errorf("%q: no float found: %s", q, a.Response)
		}
	}
}
