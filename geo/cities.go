package geo

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/cairn-agents/cairn/geo/internal/pack"
)

// cities is the loaded GeoNames table with its name and grid indexes.
type cities struct {
	src       *pack.Cities
	lat, lng  []float64
	cellStart []uint32 // 1-degree cells, CSR over cellIdx
	cellIdx   []uint32
	maxKey    int // length of the longest name key
}

// The spatial index uses cells of cellDeg degrees.
const (
	cellDeg   = 0.25
	cellsLat  = 720
	cellsLng  = 1440
	cellKmLat = 111.19 * cellDeg
)

func newCities(c *pack.Cities) (*cities, error) {
	lat, err := pack.Undeltas(c.Lat, c.N)
	if err != nil {
		return nil, fmt.Errorf("cities latitude: %w", err)
	}
	lng, err := pack.Undeltas(c.Lng, c.N)
	if err != nil {
		return nil, fmt.Errorf("cities longitude: %w", err)
	}
	if len(c.Name) != c.N || len(c.Country) != c.N || len(c.Admin1) != c.N || len(c.Pop) != c.N ||
		len(c.GeonameID) != c.N || len(c.Feature) != c.N || len(c.Elev) != c.N || len(c.DEM) != c.N {
		return nil, fmt.Errorf("%w: city columns of unequal length", pack.ErrFormat)
	}
	if len(c.KeyOff) == 0 || len(c.PostOff) != len(c.KeyOff) || len(c.Acro) != len(c.KeyOff)-1 {
		return nil, fmt.Errorf("%w: city name index malformed", pack.ErrFormat)
	}
	if err := checkCities(c); err != nil {
		return nil, err
	}
	t := &cities{src: c, lat: make([]float64, c.N), lng: make([]float64, c.N)}
	for i := range t.numKeys() {
		t.maxKey = max(t.maxKey, int(c.KeyOff[i+1]-c.KeyOff[i]))
	}
	for i := range lat {
		t.lat[i] = float64(lat[i]) / 1e5
		t.lng[i] = float64(lng[i]) / 1e5
	}
	ncell := cellsLat * cellsLng
	t.cellStart = make([]uint32, ncell+1)
	cellOf := make([]int32, c.N)
	for i := range t.lat {
		k := cellKey(t.lat[i], t.lng[i])
		cellOf[i] = int32(k)
		t.cellStart[k+1]++
	}
	for k := 0; k < ncell; k++ {
		t.cellStart[k+1] += t.cellStart[k]
	}
	t.cellIdx = make([]uint32, c.N)
	fill := append([]uint32(nil), t.cellStart[:ncell]...)
	for i, k := range cellOf {
		t.cellIdx[fill[k]] = uint32(i)
		fill[k]++
	}
	return t, nil
}

func cellKey(lat, lng float64) int {
	r := int(math.Floor((lat + 90) / cellDeg))
	c := int(math.Floor((lng + 180) / cellDeg))
	r = min(max(r, 0), cellsLat-1)
	c = ((c % cellsLng) + cellsLng) % cellsLng
	return r*cellsLng + c
}

func (t *cities) numKeys() int { return len(t.src.KeyOff) - 1 }

func (t *cities) key(i int) string {
	return t.src.KeyBlob[t.src.KeyOff[i]:t.src.KeyOff[i+1]]
}

// find returns the index of key k, or -1.
func (t *cities) find(k string) int {
	n := t.numKeys()
	i := sort.Search(n, func(i int) bool { return t.key(i) >= k })
	if i < n && t.key(i) == k {
		return i
	}
	return -1
}

func (t *cities) postings(ki int) []uint32 {
	return t.src.Post[t.src.PostOff[ki]:t.src.PostOff[ki+1]]
}

func (t *cities) pos(i uint32) LatLng { return LatLng{t.lat[i], t.lng[i]} }

func (t *cities) placeID(i uint32) string {
	return "geonames:" + strconv.FormatUint(uint64(t.src.GeonameID[i]), 10)
}

func (t *cities) countryName(i uint32) string { return t.src.Countries[t.src.Country[i]].Name }
func (t *cities) countryCode(i uint32) string { return t.src.Countries[t.src.Country[i]].Code }

func (t *cities) admin1Name(i uint32) string {
	a := t.src.Admin1[i]
	if a == 0 {
		return ""
	}
	return t.src.Admin1s[a].Name
}

func (t *cities) admin1Code(i uint32) string {
	a := t.src.Admin1[i]
	if a == 0 {
		return ""
	}
	k := t.src.Admin1s[a].Key
	return k[strings.IndexByte(k, '.')+1:]
}

// address is "Name, Admin1, Country" without empty or repeated parts.
func (t *cities) address(i uint32) string {
	return joinAddress(t.src.Name[i], t.admin1Name(i), t.countryName(i))
}

func joinAddress(parts ...string) string {
	out := make([]string, 0, len(parts))
	for _, p := range parts {
		if p == "" || (len(out) > 0 && strings.EqualFold(out[len(out)-1], p)) {
			continue
		}
		out = append(out, p)
	}
	return strings.Join(out, ", ")
}

// byID finds a city by GeoNames id.
func (t *cities) byID(id uint32) (uint32, bool) {
	ids := t.src.GeonameID
	i := sort.Search(len(ids), func(i int) bool { return ids[i] >= id })
	if i < len(ids) && ids[i] == id {
		return uint32(i), true
	}
	return 0, false
}

// nearest returns the city of at least minPop people nearest p, within
// maxKm. It searches rings of cells outwards and stops once no unvisited
// cell can hold anything nearer; candidates are compared by an
// equirectangular distance, exact at these ranges to well under a metre.
func (t *cities) nearest(p LatLng, maxKm float64, minPop uint32) (uint32, float64, bool) {
	best, bestD := uint32(0), math.Inf(1)
	found := false
	coslat := math.Max(math.Cos(p.Lat*math.Pi/180), 0.01)
	r0 := int(math.Floor((p.Lat + 90) / cellDeg))
	c0 := int(math.Floor((p.Lng + 180) / cellDeg))
	span := func(r int) int { return min(int(math.Ceil(float64(r)/coslat)), cellsLng/2) }
	maxRing := int(maxKm/cellKmLat) + 1
	visit := func(r, c int) {
		if r < 0 || r >= cellsLat {
			return
		}
		c = ((c % cellsLng) + cellsLng) % cellsLng
		k := r*cellsLng + c
		for _, i := range t.cellIdx[t.cellStart[k]:t.cellStart[k+1]] {
			if t.src.Pop[i] < minPop {
				continue
			}
			dy := (t.lat[i] - p.Lat) * 111.19
			dx := (t.lng[i] - p.Lng)
			if dx > 180 {
				dx -= 360
			} else if dx < -180 {
				dx += 360
			}
			dx *= 111.19 * coslat
			if d := math.Sqrt(dx*dx + dy*dy); d < bestD {
				best, bestD, found = i, d, true
			}
		}
	}
	for ring := 0; ring <= maxRing; ring++ {
		R, pR := span(ring), span(ring-1)
		for r := r0 - ring; r <= r0+ring; r++ {
			edgeRow := r == r0-ring || r == r0+ring
			for c := c0 - R; c <= c0+R; c++ {
				if ring > 0 && !edgeRow && c >= c0-pR && c <= c0+pR {
					continue // inside the previous ring's box
				}
				visit(r, c)
			}
		}
		if found && bestD <= float64(ring)*cellKmLat {
			break
		}
	}
	if !found {
		return 0, 0, false
	}
	bestD = Distance(p, t.pos(best)) / 1000
	return best, bestD, bestD <= maxKm
}

// cityMatch is a geocoding candidate.
type cityMatch struct {
	idx   uint32
	score float64
}

// lookup finds cities named name, filtered and ranked by qualifiers
// (country or admin1 names or codes).
func (t *cities) lookup(name string, quals []string) []cityMatch {
	var out []cityMatch
	add := func(ki int, penalty float64) {
		for _, i := range t.postings(ki) {
			s := math.Log10(float64(t.src.Pop[i])+10) - penalty
			switch t.src.Features[t.src.Feature[i]] {
			case "PPLC":
				s += 2
			case "PPLA":
				s += 1
			}
			switch {
			case t.src.Acro[ki]:
				s -= 3
			case Normalize(t.src.Name[i]) == t.key(ki):
				// Its own name, not an alternate: Philadelphia is not
				// Amman (once Philadelphia), Milford not Newark. Worth a
				// hundredfold population, less than a capital's 2 and
				// PPLA's 1 together.
				s += 2
			}
			matched := 0
			for _, q := range quals {
				if t.qualifies(i, q) {
					matched++
				}
			}
			if len(quals) > 0 && matched == 0 {
				continue
			}
			out = append(out, cityMatch{i, s + 3*float64(matched)})
		}
	}
	if ki := t.find(name); ki >= 0 {
		for ; ki < t.numKeys() && t.key(ki) == name; ki++ {
			add(ki, 0) // the real name, then its acronym entry
		}
	}
	if len(out) == 0 && len(name) >= 5 {
		// Fuzzy: keys sharing the first three letters, within an edit
		// distance of 1 (2 for long names).
		maxd := 1
		if len(name) >= 9 {
			maxd = 2
		}
		pre := name[:3]
		n := t.numKeys()
		for ki := sort.Search(n, func(i int) bool { return t.key(i) >= pre }); ki < n && strings.HasPrefix(t.key(ki), pre); ki++ {
			if t.src.Acro[ki] {
				continue
			}
			if d := EditDistance(name, t.key(ki), maxd); d <= maxd {
				add(ki, float64(d))
			}
		}
	}
	sort.SliceStable(out, func(a, b int) bool { return out[a].score > out[b].score })
	return out
}

func (t *cities) qualifies(i uint32, q string) bool {
	if q == "" {
		return false
	}
	if q == Normalize(t.countryName(i)) || q == strings.ToLower(t.countryCode(i)) {
		return true
	}
	if a := t.admin1Name(i); a != "" && (q == Normalize(a) || q == strings.ToLower(t.admin1Code(i))) {
		return true
	}
	switch q { // common English short forms of countries
	case "usa", "us", "united states of america", "america":
		return t.countryCode(i) == "US"
	case "uk", "england", "scotland", "wales", "great britain", "britain":
		return t.countryCode(i) == "GB"
	case "uae":
		return t.countryCode(i) == "AE"
	}
	return false
}

// checkCities rejects indexes that point outside their tables, so a
// damaged file fails to load instead of panicking later.
func checkCities(c *pack.Cities) error {
	bad := func(what string, i int) error {
		return fmt.Errorf("%w: cities %s out of range at %d", pack.ErrFormat, what, i)
	}
	for i := 0; i < c.N; i++ {
		if int(c.Country[i]) >= len(c.Countries) {
			return bad("country", i)
		}
		if int(c.Admin1[i]) >= len(c.Admin1s) {
			return bad("admin1", i)
		}
		if int(c.Feature[i]) >= len(c.Features) {
			return bad("feature", i)
		}
	}
	for i := 0; i+1 < len(c.KeyOff); i++ {
		if c.KeyOff[i] > c.KeyOff[i+1] || int(c.KeyOff[i+1]) > len(c.KeyBlob) {
			return bad("name key offset", i)
		}
		if c.PostOff[i] > c.PostOff[i+1] || int(c.PostOff[i+1]) > len(c.Post) {
			return bad("posting offset", i)
		}
	}
	for i, p := range c.Post {
		if int(p) >= c.N {
			return bad("posting", i)
		}
	}
	for i := 1; i < c.N; i++ {
		if c.GeonameID[i-1] >= c.GeonameID[i] {
			return bad("geonameid order", i)
		}
	}
	return nil
}
