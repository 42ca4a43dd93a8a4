package eventdata

import (
	"strings"

	"github.com/cairn-agents/cairn/understand"
)

// Resolver places records through a gazetteer: the country written
// ("U.S.A.", "Deutschland", "DE") becomes its name and code, the city its
// gazetteer reading with region and coordinates, so that records match
// a Query's Place by id and distance, not only by spelling. What the
// gazetteer does not know stays as written. A Resolver caches answers and
// is not safe for concurrent use.
type Resolver struct {
	g     understand.Gazetteer
	cache map[string][]understand.Place
}

// NewResolver returns a Resolver over g; a nil g resolves nothing.
func NewResolver(g understand.Gazetteer) *Resolver {
	return &Resolver{g: g, cache: map[string][]understand.Place{}}
}

func (rv *Resolver) lookup(name string) []understand.Place {
	key := understand.Normalize(name)
	if key == "" || rv.g == nil {
		return nil
	}
	if ps, ok := rv.cache[key]; ok {
		return ps
	}
	ps := rv.g.Lookup(key)
	rv.cache[key] = ps
	return ps
}

// Country is the country name or code s names, if the gazetteer knows
// it.
func (rv *Resolver) Country(s string) (understand.Place, bool) {
	var best understand.Place
	found := false
	for _, p := range rv.lookup(s) {
		if p.Kind != understand.KindCountry {
			continue
		}
		if !found || p.Match < best.Match {
			best, found = p, true
		}
	}
	return best, found
}

// Resolve fills r's CountryCode, Country, Region and Place from its
// City, Region and Country as written.
func (rv *Resolver) Resolve(r *Record) {
	country := r.Country
	if country == "" {
		country = r.CountryCode
	}
	if c, ok := rv.Country(country); ok {
		r.Country, r.CountryCode = c.Name, c.CountryCode
	}
	// "San Francisco, CA": the qualifier is a region of the city's
	// country ("CA" is California before it is Canada), else a country.
	city, qualifier, _ := strings.Cut(r.City, ",")
	city, qualifier = strings.TrimSpace(city), strings.TrimSpace(qualifier)
	if city == "" {
		return
	}
	region := r.Region
	if region == "" {
		region = qualifier
	}
	p, ok := rv.city(city, region, r.CountryCode)
	if ok && qualifier != "" && !regionIs(p, qualifier) && r.CountryCode == "" {
		if c, isCountry := rv.Country(qualifier); isCountry {
			r.Country, r.CountryCode = c.Name, c.CountryCode
			p, ok = rv.city(city, "", c.CountryCode)
		}
	}
	if !ok {
		return
	}
	if r.Place != nil && r.Place.HasPoint { // the file's own coordinates are closer than the city's
		p.Lat, p.Lng = r.Place.Lat, r.Place.Lng
	}
	r.Place = &p
	r.Region = p.Region
	if r.CountryCode == "" {
		r.Country, r.CountryCode = p.Country, p.CountryCode
	}
}

// city is the best reading of a city name in the country (code) and
// region given: by its own name before an alternate, a seat, then
// population.
func (rv *Resolver) city(name, region, code string) (understand.Place, bool) {
	var best understand.Place
	found := false
	better := func(p understand.Place) bool {
		if !found {
			return true
		}
		if region != "" {
			in, bestIn := regionIs(p, region), regionIs(best, region)
			if in != bestIn {
				return in
			}
		}
		if (p.Match == understand.MatchName) != (best.Match == understand.MatchName) {
			return p.Match == understand.MatchName
		}
		if p.Seat != best.Seat {
			return p.Seat
		}
		return p.Population > best.Population
	}
	for _, p := range rv.lookup(name) {
		if p.Kind != understand.KindCity || code != "" && !strings.EqualFold(p.CountryCode, code) {
			continue
		}
		if better(p) {
			best, found = p, true
		}
	}
	return best, found
}

func regionIs(p understand.Place, region string) bool {
	return strings.EqualFold(p.RegionCode, region) || sameName(p.Region, region)
}
