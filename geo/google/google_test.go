package google_test

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/cairn-agents/cairn/geo"
	"github.com/cairn-agents/cairn/geo/google"
	"github.com/cairn-agents/cairn/geo/mapstool"
	"github.com/cairn-agents/cairn/internal/testkit"
)

// server replays testdata responses by endpoint and records queries.
func server(t *testing.T) (*google.Client, func() []url.Values) {
	var mu sync.Mutex
	var seen []url.Values
	files := map[string]string{
		"/geocode/json": "geocode.json", "/place/textsearch/json": "textsearch.json", "/place/details/json": "details.json",
		"/distancematrix/json": "distancematrix.json", "/elevation/json": "elevation.json", "/directions/json": "directions.json",
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		q := r.URL.Query()
		mu.Lock()
		seen = append(seen, q)
		mu.Unlock()
		name := files[r.URL.Path]
		switch {
		case q.Get("key") == "bad":
			name = "denied.json"
		case strings.Contains(q.Get("address")+q.Get("query"), "Nowhere"):
			name = "zero.json"
		case name == "":
			http.NotFound(w, r)
			return
		}
		b, err := os.ReadFile(filepath.Join("testdata", name))
		if err != nil {
			t.Error(err)
		}
		w.Header().Set("Content-Type", "application/json")
		w.Write(b)
	}))
	t.Cleanup(srv.Close)
	return &google.Client{Key: "test-key", BaseURL: srv.URL}, func() []url.Values {
		mu.Lock()
		defer mu.Unlock()
		return append([]url.Values(nil), seen...)
	}
}

func TestGoogleBackend(t *testing.T) {
	c, seen := server(t)
	ctx := context.Background()

	g, err := c.Geocode(ctx, "Dover, DE")
	if err != nil || g.PlaceID != "ChIJ-7Wp6K1lx4kRoN2mD9Y3n0Y" || g.FormattedAddress != "Dover, DE, USA" || g.Location.Lat != 39.158168 {
		t.Errorf("geocode %+v %v", g, err)
	}
	r, err := c.ReverseGeocode(ctx, 39.158168, -75.5243682)
	if err != nil || len(r.AddressComponents) != 4 || r.AddressComponents[2].ShortName != "DE" {
		t.Errorf("reverse %+v %v", r, err)
	}
	s, err := c.SearchPlaces(ctx, geo.SearchRequest{Query: "gas station", Location: &geo.LatLng{Lat: 39.15, Lng: -75.52}, Radius: 5000})
	if err != nil || len(s.Places) != 2 || *s.Places[0].Rating != 4.2 || s.Places[1].Rating != nil {
		t.Errorf("search %+v %v", s, err)
	}
	d, err := c.PlaceDetails(ctx, "ChIJ3b0Rz6xlx4kR2bN0qLw3vQY")
	if err != nil || d.Website != "https://www.wawa.com/" || len(d.Reviews) != 1 || !d.OpeningHours.OpenNow {
		t.Errorf("details %+v %v", d, err)
	}
	m, err := c.DistanceMatrix(ctx, geo.MatrixRequest{Origins: []string{"Dover, DE", "place_id:X"}, Destinations: []string{"Lewes, DE"}})
	if err != nil || m.Results[0].Elements[0].Distance.Value != 70918 || m.Results[0].Elements[0].Estimated {
		t.Errorf("matrix %+v %v", m, err)
	}
	e, err := c.Elevation(ctx, []geo.LatLng{{Lat: 39.7391536, Lng: -104.9847034}})
	if err != nil || e.Results[0].Resolution != 4.771975994110107 {
		t.Errorf("elevation %+v %v", e, err)
	}
	dr, err := c.Directions(ctx, geo.DirectionsRequest{Origin: "Dover, DE", Destination: "Lewes, DE"})
	if err != nil || dr.Routes[0].Summary != "DE-1 S" || len(dr.Routes[0].Steps) != 2 || dr.Routes[0].Steps[0].Instructions != "Head <b>south</b> on <b>S State St</b>" {
		t.Errorf("directions %+v %v", dr, err)
	}

	q := seen()
	if q[0].Get("key") != "test-key" || q[0].Get("address") != "Dover, DE" {
		t.Errorf("geocode query %v", q[0])
	}
	if q[1].Get("latlng") != "39.158168,-75.5243682" {
		t.Errorf("reverse query %v", q[1])
	}
	if q[2].Get("location") != "39.15,-75.52" || q[2].Get("radius") != "5000" {
		t.Errorf("search query %v", q[2])
	}
	if q[4].Get("origins") != "Dover, DE|place_id:X" || q[4].Get("mode") != "driving" {
		t.Errorf("matrix query %v", q[4])
	}
	if q[5].Get("locations") != "39.7391536,-104.9847034" {
		t.Errorf("elevation query %v", q[5])
	}
}

func TestGoogleErrors(t *testing.T) {
	c, _ := server(t)
	ctx := context.Background()
	if _, err := c.Geocode(ctx, "Nowhere"); !errors.Is(err, geo.ErrZeroResults) {
		t.Errorf("zero results: %v", err)
	}
	bad := *c
	bad.Key = "bad"
	_, err := bad.Geocode(ctx, "Dover")
	var se *google.StatusError
	if !errors.As(err, &se) || se.Status != "REQUEST_DENIED" {
		t.Errorf("denied: %v", err)
	}
	// Through the tools, errors read as the upstream server's.
	reg, err := mapstool.Registry(&bad)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := reg.Call(ctx, "maps_geocode", []byte(`{"address":"Dover"}`)); err == nil || err.Error() != "Geocoding failed: The provided API key is invalid. " {
		t.Errorf("tool error %q", err)
	}
	reg, _ = mapstool.Registry(c)
	if _, err := reg.Call(ctx, "maps_search_places", []byte(`{"query":"Nowhere"}`)); err == nil || err.Error() != "Place search failed: ZERO_RESULTS" {
		t.Errorf("tool error %q", err)
	}
	if _, err := c.Elevation(ctx, []geo.LatLng{{Lat: 95}}); !errors.Is(err, geo.ErrInvalidRequest) {
		t.Errorf("latitude 95: %v", err)
	}
}

// A failed request's error names the endpoint and the cause, never the
// URL, which carries the API key.
func TestGoogleTransportErrorHidesKey(t *testing.T) {
	srv := httptest.NewServer(http.NotFoundHandler())
	srv.Close() // nothing listens: the request fails in transport
	c := &google.Client{Key: "secret-key-123", BaseURL: srv.URL}
	_, err := c.Geocode(context.Background(), "Dover")
	if err == nil || strings.Contains(err.Error(), "secret-key-123") || !strings.HasPrefix(err.Error(), "google geocode/json: ") {
		t.Errorf("error %q: want the endpoint named and no key", err)
	}
}

// A server that never answers does not hang the caller, and the timeout
// error does not show the key either.
func TestGoogleRequestHasADeadline(t *testing.T) {
	srv := testkit.SilentServer(t)
	c := &google.Client{Key: "secret-key-123", BaseURL: srv.URL, Timeout: 200 * time.Millisecond}
	start := time.Now()
	_, err := c.Geocode(context.Background(), "Dover")
	if !errors.Is(err, context.DeadlineExceeded) || strings.Contains(err.Error(), "secret-key-123") {
		t.Errorf("got %v", err)
	}
	if took := time.Since(start); took > 5*time.Second {
		t.Errorf("took %v", took)
	}
}
