package geo_test

import (
	"context"
	"slices"
	"testing"

	"github.com/cairn-agents/cairn/geo"
)

// A search for towns answers with the towns around its centre, the ones a
// person would name first: the larger before the smaller, and a place
// within the reach of a much larger town after every other.
func TestSearchTowns(t *testing.T) {
	e := engine(t)
	ctx := context.Background()
	dover := geo.LatLng{Lat: 39.13, Lng: -75.52}
	r, err := e.SearchPlaces(ctx, geo.SearchRequest{Query: "towns", Location: &dover, Radius: 12000})
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, p := range r.Places {
		names = append(names, p.Name)
		if !has(p.Types, "locality") || geo.Distance(dover, p.Location) > 12000 {
			t.Errorf("%s (%v, %v) is no town in the circle", p.Name, p.Types, p.Location)
		}
	}
	at := func(n string) int {
		i := slices.Index(names, n)
		if i < 0 {
			t.Fatalf("%s not among %q", n, names)
		}
		return i
	}
	if names[0] != "Dover" {
		t.Errorf("first town %q, want Dover: %q", names[0], names)
	}
	// Cheswold (1,400 people, 10 km out) is a town of its own; Dover Base
	// Housing and Kent Acres (3,450 and 1,900, 3-4 km from Dover's 37,000)
	// are parts of Dover to a visitor.
	if at("Cheswold") > at("Dover Base Housing") || at("Cheswold") > at("Kent Acres") {
		t.Errorf("suburbs before a town: %q", names)
	}

	// Near the same centre, every way of asking reads the same.
	for _, q := range []string{"cities", "villages"} {
		r2, err := e.SearchPlaces(ctx, geo.SearchRequest{Query: q, Location: &dover, Radius: 12000})
		if err != nil || len(r2.Places) != len(r.Places) || r2.Places[0].PlaceID != r.Places[0].PlaceID {
			t.Errorf("%q: %d places (%v), want the %d towns", q, len(r2.Places), err, len(r.Places))
		}
	}
	// "Towns near Smyrna": the words after the category centre the search.
	r3, err := e.SearchPlaces(ctx, geo.SearchRequest{Query: "towns near Smyrna"})
	if err != nil || len(r3.Places) == 0 || r3.Places[0].Name == "" {
		t.Fatalf("towns near Smyrna: %v, %v", r3, err)
	}
	// A town in a name is no category: Delaware City is still found.
	r4, err := e.SearchPlaces(ctx, geo.SearchRequest{Query: "Delaware City"})
	if err != nil || len(r4.Places) == 0 || r4.Places[0].Name != "Delaware City" {
		t.Errorf("Delaware City: %v, %v", r4, err)
	}
}

// BenchmarkSearchTowns: a circle of 30 km in Delaware, and one of 50 km
// around Seattle, where GeoNames lists many more places.
func BenchmarkSearchTowns(b *testing.B) {
	e := engine(b)
	ctx := context.Background()
	for _, c := range []struct {
		name   string
		at     geo.LatLng
		radius float64
	}{{"delaware", geo.LatLng{Lat: 39.45, Lng: -75.62}, 30000}, {"seattle", geo.LatLng{Lat: 47.4, Lng: -122.3}, 50000}} {
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				if _, err := e.SearchPlaces(ctx, geo.SearchRequest{Query: "towns", Location: &c.at, Radius: c.radius}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
