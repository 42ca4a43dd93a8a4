package geo

import (
	"sort"
	"strconv"
	"strings"

	"github.com/cairn-agents/cairn/understand"
)

// Gazetteer is the engine's names as an understand.Gazetteer: GeoNames
// cities (own and alternate names), their first-level regions (name, US
// postal code "DE", AP abbreviation "Del."), countries (name, ISO code
// "AD", common short forms) and the OSM places of the loaded regions.
// It is read-only and safe for concurrent use.
type Gazetteer struct {
	e       *Engine
	regions map[string][]understand.Place // normalized name, code or abbreviation
	names   []string                      // region and country names, for spelling
}

// maxCityReadings bounds the cities returned for one name (the most
// populous; a common name like "San Jose" has dozens).
const maxCityReadings = 30

// NewGazetteer indexes e's regions and countries; cities and places are
// looked up in e's own indexes.
func NewGazetteer(e *Engine) *Gazetteer {
	g := &Gazetteer{e: e, regions: map[string][]understand.Place{}}
	c := e.cities.src
	type acc struct {
		lat, lng, w float64
		country     uint16
	}
	centre := make([]acc, len(c.Admin1s))
	ccentre := make([]acc, len(c.Countries))
	for i := 0; i < c.N; i++ {
		w := float64(c.Pop[i]) + 1
		a := &centre[c.Admin1[i]]
		a.lat += w * e.cities.lat[i]
		a.lng += w * e.cities.lng[i]
		a.w += w
		a.country = c.Country[i]
		cc := &ccentre[c.Country[i]]
		cc.lat += w * e.cities.lat[i]
		cc.lng += w * e.cities.lng[i]
		cc.w += w
	}
	add := func(key string, p understand.Place) {
		if key = understand.Normalize(key); key != "" {
			g.regions[key] = append(g.regions[key], p)
		}
	}
	for ai, a := range c.Admin1s {
		if ai == 0 || centre[ai].w == 0 || a.Name == "" {
			continue
		}
		cc, code, _ := strings.Cut(a.Key, ".")
		ct := c.Countries[centre[ai].country]
		if ct.Code != cc {
			continue
		}
		p := understand.Place{ID: "admin1:" + a.Key, Name: a.Name, Kind: understand.KindRegion, Region: a.Name,
			Country: ct.Name, CountryCode: ct.Code, Lat: centre[ai].lat / centre[ai].w, Lng: centre[ai].lng / centre[ai].w, HasPoint: true}
		if _, err := strconv.Atoi(code); err != nil {
			p.RegionCode = code
		}
		add(a.Name, p)
		g.names = append(g.names, understand.Normalize(a.Name))
		if p.RegionCode != "" && len(p.RegionCode) <= 3 {
			q := p
			q.Match = understand.MatchCode
			add(p.RegionCode, q)
		}
		if ca, ok := caProvinceCodes[understand.Normalize(a.Name)]; ok && cc == "CA" {
			q := p
			q.RegionCode, q.Match = ca, understand.MatchCode
			add(ca, q)
		}
		if cc == "US" {
			for _, ab := range usAbbrevs[code] {
				q := p
				q.Match = understand.MatchAbbrev
				add(ab, q)
			}
		}
	}
	for ci, ct := range c.Countries {
		if ccentre[ci].w == 0 {
			continue
		}
		p := understand.Place{ID: "country:" + ct.Code, Name: ct.Name, Kind: understand.KindCountry, Country: ct.Name,
			CountryCode: ct.Code, Lat: ccentre[ci].lat / ccentre[ci].w, Lng: ccentre[ci].lng / ccentre[ci].w, HasPoint: true}
		add(ct.Name, p)
		g.names = append(g.names, understand.Normalize(ct.Name))
		q := p
		q.Match = understand.MatchCode
		add(ct.Code, q)
		for _, alt := range countryAlternates[ct.Code] {
			q := p
			q.Match = understand.MatchAlternate
			add(alt, q)
		}
	}
	for _, c := range continents {
		p := understand.Place{ID: "continent:" + c.name, Name: c.name, Kind: understand.KindContinent, Lat: c.lat, Lng: c.lng, HasPoint: true}
		add(c.name, p)
		for _, alt := range c.alt {
			q := p
			q.Match = understand.MatchAlternate
			add(alt, q)
		}
	}
	sort.Strings(g.names)
	return g
}

// continents are named so that "from Africa" is no town once called so
// (Mahdia, Tunisia).
var continents = []struct {
	name     string
	alt      []string
	lat, lng float64
}{
	{"Africa", nil, 2, 21}, {"Europe", nil, 50, 15}, {"Asia", nil, 35, 95}, {"North America", nil, 45, -100},
	{"South America", []string{"Latin America"}, -15, -60}, {"Oceania", nil, -20, 150}, {"Antarctica", nil, -80, 0},
	{"Middle East", nil, 29, 45}, {"Central America", nil, 13, -86}, {"Scandinavia", nil, 63, 15},
	{"Caribbean", []string{"the Caribbean"}, 18, -72}, {"Balkans", []string{"the Balkans"}, 43, 20},
}

// usAbbrevs are the AP-style abbreviations of US states ("Del.",
// "Penn."), by postal code.
var usAbbrevs = map[string][]string{"AL": {"Ala"}, "AZ": {"Ariz"}, "AR": {"Ark"}, "CA": {"Calif", "Cal"},
	"CO": {"Colo"}, "CT": {"Conn"}, "DE": {"Del"}, "FL": {"Fla"}, "GA": {"Ga"}, "IL": {"Ill"}, "IN": {"Ind"},
	"KS": {"Kan", "Kans"}, "KY": {"Ky"}, "LA": {"La"}, "MD": {"Md"}, "MA": {"Mass"}, "MI": {"Mich"}, "MN": {"Minn"},
	"MS": {"Miss"}, "MO": {"Mo"}, "MT": {"Mont"}, "NE": {"Neb", "Nebr"}, "NV": {"Nev"}, "NH": {"N.H."},
	"NJ": {"N.J."}, "NM": {"N.M."}, "NY": {"N.Y."}, "NC": {"N.C."}, "ND": {"N.D."}, "OK": {"Okla"}, "OR": {"Ore"},
	"PA": {"Pa", "Penn", "Penna"}, "RI": {"R.I."}, "SC": {"S.C."}, "SD": {"S.D."}, "TN": {"Tenn"}, "TX": {"Tex"},
	"VT": {"Vt"}, "VA": {"Va"}, "WA": {"Wash"}, "WV": {"W.Va"}, "WI": {"Wis", "Wisc"}, "WY": {"Wyo"}}

// caProvinceCodes are the postal (ISO 3166-2:CA) codes of Canada's
// provinces and territories, by name: GeoNames numbers them ("CA.01").
var caProvinceCodes = map[string]string{"alberta": "AB", "british columbia": "BC", "manitoba": "MB", "new brunswick": "NB",
	"newfoundland and labrador": "NL", "nova scotia": "NS", "northwest territories": "NT", "nunavut": "NU", "ontario": "ON",
	"prince edward island": "PE", "quebec": "QC", "saskatchewan": "SK", "yukon": "YT"}

// countryAlternates are common English short forms of countries.
var countryAlternates = map[string][]string{"US": {"USA", "U.S.A.", "U.S.", "United States of America", "America", "the States"},
	"GB": {"UK", "U.K.", "Britain", "Great Britain", "England", "Scotland", "Wales", "Northern Ireland"}, "AE": {"UAE", "U.A.E."},
	"KR": {"South Korea", "Korea", "Republic of Korea"}, "RU": {"Russia"}, "CZ": {"Czechia", "Czech Republic"}, "NL": {"Holland"},
	"TR": {"Türkiye", "Turkiye"}, "MK": {"North Macedonia", "Macedonia"}}

// Lookup returns the cities, regions, countries and OSM places key
// names.
func (g *Gazetteer) Lookup(key string) []understand.Place {
	var out []understand.Place
	c := g.e.cities
	if ki := c.find(key); ki >= 0 {
		for ; ki < c.numKeys() && c.key(ki) == key; ki++ {
			for n, i := range c.postings(ki) {
				if n >= maxCityReadings {
					break
				}
				m := understand.MatchAlternate
				switch {
				case c.src.Acro[ki]:
					m = understand.MatchCode
				case Normalize(c.src.Name[i]) == key:
					m = understand.MatchName
				}
				out = append(out, g.city(i, m))
			}
		}
	}
	out = append(out, g.headOf(key)...)
	out = append(out, g.regions[key]...)
	return append(out, g.places(key)...)
}

// maxHeadReadings bounds the towns one head of a longer name reads as,
// and maxHeadKeys the keys after it looked at for them.
const (
	maxHeadReadings = 4
	maxHeadKeys     = 64
)

// headOf reads a name of two words or more as the head of towns' own
// longer names that go on with "de", "del", "dels" or "des" ("Sant
// Julià" for Sant Julià de Lòria, "San Juan" for San Juan de los
// Morros), as people write them; each reading is an alternate one. The
// longer names' keys follow key's place in the sorted keys.
func (g *Gazetteer) headOf(key string) []understand.Place {
	if !strings.Contains(key, " ") {
		return nil
	}
	c := g.e.cities
	n := c.numKeys()
	ki := sort.Search(n, func(i int) bool { return c.key(i) >= key })
	var out []understand.Place
	for end := min(n, ki+maxHeadKeys); ki < end && len(out) < maxHeadReadings; ki++ {
		k := c.key(ki)
		if k == key {
			continue
		}
		rest, ok := strings.CutPrefix(k, key+" ")
		if !ok {
			break
		}
		w, _, _ := strings.Cut(rest, " ")
		if w != "de" && w != "del" && w != "dels" && w != "des" {
			continue
		}
		for _, i := range c.postings(ki) {
			if Normalize(c.src.Name[i]) == k && len(out) < maxHeadReadings {
				out = append(out, g.city(i, understand.MatchAlternate))
			}
		}
	}
	return out
}

// Spell returns the cities, regions and countries named within maxEdits
// edits of key (names sharing its first three letters).
func (g *Gazetteer) Spell(key string, maxEdits int) []understand.Place {
	if len(key) < 4 {
		return nil
	}
	var out []understand.Place
	c := g.e.cities
	pre := key[:3]
	n := c.numKeys()
	for ki := sort.Search(n, func(i int) bool { return c.key(i) >= pre }); ki < n && strings.HasPrefix(c.key(ki), pre); ki++ {
		if c.src.Acro[ki] || EditDistance(key, c.key(ki), maxEdits) > maxEdits {
			continue
		}
		for k, i := range c.postings(ki) {
			if k >= maxCityReadings {
				break
			}
			out = append(out, g.city(i, understand.MatchSpelling))
		}
	}
	for i := sort.SearchStrings(g.names, pre); i < len(g.names) && strings.HasPrefix(g.names[i], pre); i++ {
		if EditDistance(key, g.names[i], maxEdits) <= maxEdits {
			for _, p := range g.regions[g.names[i]] {
				if p.Match == understand.MatchName {
					p.Match = understand.MatchSpelling
					out = append(out, p)
				}
			}
		}
	}
	return out
}

func (g *Gazetteer) city(i uint32, m understand.Match) understand.Place {
	c := g.e.cities
	f := c.src.Features[c.src.Feature[i]]
	return understand.Place{ID: c.placeID(i), Name: c.src.Name[i], Kind: understand.KindCity, Region: c.admin1Name(i),
		RegionCode: regionCode(c.admin1Code(i)), Country: c.countryName(i), CountryCode: c.countryCode(i),
		Lat: c.lat[i], Lng: c.lng[i], HasPoint: true, Population: int(c.src.Pop[i]),
		Seat: f == "PPLC" || f == "PPLA", Match: m}
}

// regionCode drops numeric admin1 codes, which nobody writes.
func regionCode(code string) string {
	if _, err := strconv.Atoi(code); err == nil {
		return ""
	}
	return code
}

// places are the OSM places whose whole name is key, placed in the
// region of the city nearest them.
func (g *Gazetteer) places(key string) []understand.Place {
	first, _, _ := strings.Cut(key, " ")
	var out []understand.Place
	for _, r := range g.e.regions {
		x := r.places
		for _, i := range x.name[first] {
			if x.normNam[i] != key {
				continue
			}
			pos := x.pos[i]
			p := understand.Place{ID: "osm:" + x.places[i].ID, Name: x.places[i].Name, Kind: understand.KindLandmark,
				Lat: pos.Lat, Lng: pos.Lng, HasPoint: true, Match: understand.MatchName}
			if ci, _, ok := g.e.cities.nearest(pos, 50, 0); ok {
				c := g.e.cities
				p.Region, p.RegionCode, p.Country, p.CountryCode = c.admin1Name(ci), regionCode(c.admin1Code(ci)), c.countryName(ci), c.countryCode(ci)
			}
			out = append(out, p)
			if len(out) >= maxCityReadings {
				return out
			}
		}
	}
	return out
}

var _ understand.Speller = (*Gazetteer)(nil)

// Covered are the regions whose roads and places the engine holds (one
// per OSM extract): the first-level region holding most of the people
// inside the extract's bounding box, or its country when no region holds
// half of them ("Delaware"; "Andorra", whose parishes are regions). A
// planner prefers readings there when a question does not say.
func (g *Gazetteer) Covered() []understand.Place {
	c := g.e.cities
	var out []understand.Place
	for _, r := range g.e.regions {
		b := r.src.BBox
		pop, cpop := map[uint16]float64{}, map[uint16]float64{}
		var total float64
		for i := range c.lat {
			if c.lat[i] < b[0] || c.lat[i] > b[2] || c.lng[i] < b[1] || c.lng[i] > b[3] {
				continue
			}
			w := float64(c.src.Pop[i]) + 1
			pop[c.src.Admin1[i]] += w
			cpop[c.src.Country[i]] += w
			total += w
		}
		if total == 0 {
			continue
		}
		best, country := most(pop), most(cpop)
		name := c.src.Countries[country].Name
		if best != 0 && pop[best] >= total/2 {
			name = c.src.Admin1s[best].Name
		}
		for _, p := range g.regions[understand.Normalize(name)] {
			if p.Match == understand.MatchName && (p.Kind == understand.KindRegion || p.Kind == understand.KindCountry) {
				out = append(out, p)
				break
			}
		}
	}
	return out
}

// most is the key with the largest weight, the smallest key on a tie.
func most(w map[uint16]float64) uint16 {
	var best uint16
	first := true
	for k, v := range w {
		if first || v > w[best] || v == w[best] && k < best {
			best, first = k, false
		}
	}
	return best
}
