package understand_test

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/cairn-agents/cairn/understand"
)

// places is a small gazetteer for the examples; a system would use
// geo.NewGazetteer over the offline maps data.
func places() *understand.Index {
	var x understand.Index
	city := func(name, region, code, country, cc string, lat, lng float64, pop int) {
		x.Add(understand.Place{ID: name + "/" + code, Name: name, Kind: understand.KindCity, Region: region, RegionCode: code,
			Country: country, CountryCode: cc, Lat: lat, Lng: lng, HasPoint: true, Population: pop})
	}
	city("Newark", "New Jersey", "NJ", "United States", "US", 40.7357, -74.1724, 281944)
	city("Newark", "Delaware", "DE", "United States", "US", 39.6837, -75.7497, 33817)
	city("Dover", "Delaware", "DE", "United States", "US", 39.1582, -75.5244, 37522)
	city("Dover", "New Hampshire", "NH", "United States", "US", 43.1979, -70.8737, 30880)
	city("Middletown", "Delaware", "DE", "United States", "US", 39.4496, -75.7163, 23192)
	city("Middletown", "New York", "NY", "United States", "US", 41.4459, -74.4229, 28086)
	city("Wilmington", "Delaware", "DE", "United States", "US", 39.7459, -75.5466, 70851)
	de := understand.Place{ID: "US.DE", Name: "Delaware", Kind: understand.KindRegion, Region: "Delaware", RegionCode: "DE",
		Country: "United States", CountryCode: "US"}
	x.Add(de)
	de.Match = understand.MatchCode
	x.Add(de, "DE")
	return &x
}

// A list of homes with the region written once: every name is read in
// Delaware, and each is a home.
func ExampleRead() {
	r := understand.Read("My friends live in Newark, Dover and Middletown, Delaware. Where should we meet for lunch?",
		understand.Options{Gazetteer: places()})
	for _, m := range r.Mentions {
		fmt.Printf("%-10s %-6s %s\n", m.Text, m.Role, m.Place.Qualified())
	}
	// Output:
	// Newark     home   Newark, Delaware, United States
	// Dover      home   Dover, Delaware, United States
	// Middletown home   Middletown, Delaware, United States
	// Delaware   region Delaware, United States
}

// With no region written, the coherent reading wins: Newark near Dover,
// not the larger Newark 200 km away. A name no gazetteer knows is kept,
// with no place, so that a system can say what it did not understand.
func ExampleRead_roles() {
	r := understand.Read("Drive from Newark up to Dover via Middletown, avoiding Qzxwv.", understand.Options{Gazetteer: places()})
	for _, m := range r.Mentions {
		where := "unknown"
		if m.Place != nil {
			where = m.Place.Qualified()
		}
		fmt.Printf("%-10s %-5s %s\n", m.Text, m.Role, where)
	}
	// Output:
	// Newark     from  Newark, Delaware, United States
	// Dover      to    Dover, Delaware, United States
	// Middletown via   Middletown, Delaware, United States
	// Qzxwv      avoid unknown
}

// Counts carry the noun they count; fractions their parts.
func ExampleRead_quantities() {
	r := understand.Read("Plan two routes, each through 3 intermediate towns, with a rest stop about a third of the way and at least 4.5 stars.", understand.Options{})
	for _, q := range r.Quantities {
		switch q.Kind {
		case understand.Fraction:
			fmt.Printf("%s %d/%d\n", q.Kind, q.Num, q.Den)
		case understand.Measure:
			fmt.Printf("%s %g %s (%s)\n", q.Kind, q.Value, q.Unit, q.Bound)
		default:
			fmt.Printf("%s %g %q\n", q.Kind, q.Value, q.Noun)
		}
	}
	// Output:
	// count 2 "route"
	// count 3 "intermediate town"
	// count 1 "rest stop"
	// fraction 1/3
	// measure 4.5 star (at least)
}

// Time frames are read against a reference day; To is the instant after
// the frame.
func ExampleRead_times() {
	now := time.Date(2026, 11, 23, 0, 0, 0, 0, time.UTC)
	r := understand.Read("Floats near 10°N 65°E between March and June 2026, or next month, or last spring?", understand.Options{Now: now})
	for _, t := range r.Times {
		fmt.Printf("%s: %s to %s\n", r.Text[t.Start:t.End], t.From.Format("2006-01-02"), t.To.Format("2006-01-02"))
	}
	c := r.Coordinates[0]
	fmt.Println(r.Text[c.Start:c.End], c.Lat, c.Lng)
	// Output:
	// between March and June 2026: 2026-03-01 to 2026-07-01
	// next month: 2026-12-01 to 2027-01-01
	// last spring: 2026-03-01 to 2026-06-01
	// 10°N 65°E 10 65
}

// An output format written in the question is found, and Conform gives
// an answer exactly its keys and shape.
func ExampleConform() {
	r := understand.Read(`I live in Newark, my friend in Dover. Answer in JSON with this format: {"stops": [{"name": "NAME", "place id": "ID"}]}`,
		understand.Options{Gazetteer: places()})
	fmt.Println(string(r.Format.JSON), r.Format.Keys())
	answer := json.RawMessage(`{"stops": [{"name": "Cafe", "place_id": "osm:1", "rating": 4.5}], "notes": "x"}`)
	out, err := understand.Conform(r.Format.JSON, answer)
	fmt.Println(string(out), err)
	// Output:
	// {"stops":[{"name":"NAME","place id":"ID"}]} [stops]
	// {"stops":[{"name":"Cafe","place id":"osm:1"}]} <nil>
}

// A system adds its own names to a shared gazetteer.
func ExampleGazetteers() {
	var seas understand.Index
	seas.Add(understand.Place{ID: "sea:arabian", Name: "Arabian Sea", Kind: understand.KindWater, Lat: 14, Lng: 65, HasPoint: true})
	g := understand.Gazetteers{places(), &seas}
	r := understand.Read("Which floats in the Arabian Sea came closest to Dover last year?", understand.Options{Gazetteer: g})
	for _, m := range r.Mentions {
		fmt.Println(m.Text, m.Role, m.Place.Kind)
	}
	// Output:
	// Arabian Sea in water
	// Dover near city
}
