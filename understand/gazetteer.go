package understand

import "strings"

// Gazetteer is a vocabulary of named places: the cities of geo, the seas
// of ocean, the venues of events. Read looks every candidate name of a
// text up in it.
type Gazetteer interface {
	// Lookup returns the places key names, key being a name folded by
	// Normalize: by their own name, an alternate name, a code ("de") or
	// an abbreviation ("del"). Nil when there are none. It must be cheap
	// for keys that name nothing: Read asks for many.
	Lookup(key string) []Place
}

// Speller is a Gazetteer that also finds names spelled a few letters
// differently, for typos ("Wilmingon"). Read asks it only for
// capitalised or cued words no exact name matches.
type Speller interface {
	Gazetteer
	// Spell returns the places whose name is within maxEdits edits of
	// key, each with Match set to MatchSpelling.
	Spell(key string, maxEdits int) []Place
}

// Kind is what sort of place a Place is.
type Kind string

// The kinds Read knows how to weigh; a gazetteer may use others.
const (
	KindCity      Kind = "city"      // a populated place
	KindRegion    Kind = "region"    // a state, province or other first-level division
	KindCountry   Kind = "country"   // a country
	KindLandmark  Kind = "landmark"  // a named building, park, station, ...
	KindWater     Kind = "water"     // a sea, ocean, bay or basin
	KindContinent Kind = "continent" // Africa, Europe, ...: named so that no town is read for them
)

// Match says how a key matched a place's name.
type Match uint8

// How a name matched, best first.
const (
	MatchName      Match = iota // its own name
	MatchAlternate              // an alternate name
	MatchCode                   // a code: "DE", "AD", "US"; read only when written in capitals
	MatchAbbrev                 // an abbreviation: "Del.", "Penn."; read only when capitalised
	MatchSpelling               // a near spelling (Speller)
)

// Place is one reading of a name: a place the gazetteer knows.
type Place struct {
	ID          string  `json:"id"`   // the gazetteer's id, "geonames:4145381"
	Name        string  `json:"name"` // its own name
	Kind        Kind    `json:"kind"`
	Region      string  `json:"region,omitempty"`       // first-level division, "Delaware"; a region's own name
	RegionCode  string  `json:"region_code,omitempty"`  // "DE"
	Country     string  `json:"country,omitempty"`      // "United States"
	CountryCode string  `json:"country_code,omitempty"` // "US"
	Lat         float64 `json:"lat"`
	Lng         float64 `json:"lng"`
	HasPoint    bool    `json:"has_point,omitempty"` // Lat and Lng are meaningful
	Population  int     `json:"population,omitempty"`
	// Seat marks a capital or the seat of a region: worth more than its
	// population alone.
	Seat  bool  `json:"seat,omitempty"`
	Match Match `json:"match"`
}

// Qualified is the place written as a geocoder reads it best: "Newark,
// Delaware, United States"; regions and countries by their own name.
func (p Place) Qualified() string {
	parts := []string{p.Name}
	for _, s := range []string{p.Region, p.Country} {
		if s != "" && !strings.EqualFold(s, parts[len(parts)-1]) {
			parts = append(parts, s)
		}
	}
	return strings.Join(parts, ", ")
}

// Within says whether p lies in the region or country r.
func (p Place) Within(r Place) bool {
	switch r.Kind {
	case KindCountry:
		return p.CountryCode != "" && p.CountryCode == r.CountryCode
	case KindRegion:
		return p.Region != "" && p.Region == r.Region && p.CountryCode == r.CountryCode
	}
	return false
}

// DistanceKm is the great-circle distance from p to q in kilometres;
// false when either has no point.
func (p Place) DistanceKm(q Place) (float64, bool) {
	if !p.HasPoint || !q.HasPoint {
		return 0, false
	}
	return haversineKm(p.Lat, p.Lng, q.Lat, q.Lng), true
}

// Index is a Gazetteer over places added one by one, each under its name
// and any aliases. The zero value is empty and ready; it is not safe for
// concurrent Add, and safe for concurrent Lookup once filled.
type Index struct {
	keys map[string][]Place
}

// Add indexes p under its name and each alias (with MatchAlternate).
func (x *Index) Add(p Place, aliases ...string) {
	if x.keys == nil {
		x.keys = map[string][]Place{}
	}
	p.Match = MatchName
	x.keys[Normalize(p.Name)] = append(x.keys[Normalize(p.Name)], p)
	for _, a := range aliases {
		q := p
		q.Match = MatchAlternate
		if k := Normalize(a); k != "" {
			x.keys[k] = append(x.keys[k], q)
		}
	}
}

// Lookup returns the places added under key.
func (x *Index) Lookup(key string) []Place { return x.keys[key] }

// Gazetteers looks a key up in each of its gazetteers and returns every
// place found, so a system adds its own vocabulary (seas, venues) to a
// shared one.
type Gazetteers []Gazetteer

// Lookup returns the places of every gazetteer, in order.
func (gs Gazetteers) Lookup(key string) []Place {
	var out []Place
	for _, g := range gs {
		if g != nil {
			out = append(out, g.Lookup(key)...)
		}
	}
	return out
}

// Spell asks every gazetteer that is a Speller.
func (gs Gazetteers) Spell(key string, maxEdits int) []Place {
	var out []Place
	for _, g := range gs {
		if s, ok := g.(Speller); ok {
			out = append(out, s.Spell(key, maxEdits)...)
		}
	}
	return out
}
