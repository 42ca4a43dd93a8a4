package geo

import (
	"fmt"
	"strings"

	"github.com/cairn-agents/cairn/geo/internal/pack"
)

// placeIndex holds a region's places with token and address indexes.
type placeIndex struct {
	places  []pack.Place
	pos     []LatLng
	name    map[string][]int32 // token of name -> places
	addr    map[string][]int32 // token of address -> places
	byAddr  map[string][]int32 // whole normalized address -> places
	byID    map[string]int32
	byType  map[string][]int32
	normNam []string
	normAdr []string
}

func newPlaceIndex(r *pack.Region) (*placeIndex, error) {
	x := &placeIndex{
		places: r.Places,
		pos:    make([]LatLng, len(r.Places)),
		name:   map[string][]int32{},
		addr:   map[string][]int32{},
		byAddr: map[string][]int32{},
		byID:   make(map[string]int32, len(r.Places)),
		byType: map[string][]int32{},
	}
	x.normNam = make([]string, len(r.Places))
	x.normAdr = make([]string, len(r.Places))
	for i := range r.Places {
		p := &r.Places[i]
		if _, dup := x.byID[p.ID]; dup {
			return nil, fmt.Errorf("%w: region %s has place %s twice", pack.ErrFormat, r.Name, p.ID)
		}
		id := int32(i)
		x.byID[p.ID] = id
		x.pos[i] = LatLng{float64(p.Lat) / 1e6, float64(p.Lng) / 1e6}
		x.normNam[i] = Normalize(p.Name)
		for _, t := range uniqTokens(x.normNam[i]) {
			x.name[t] = append(x.name[t], id)
		}
		na := Normalize(p.Address)
		x.normAdr[i] = na
		for _, t := range uniqTokens(na) {
			x.addr[t] = append(x.addr[t], id)
		}
		x.byAddr[na] = append(x.byAddr[na], id)
		for _, t := range p.Types {
			x.byType[t] = append(x.byType[t], id)
		}
	}
	return x, nil
}

func uniqTokens(s string) []string {
	f := strings.Fields(s)
	out := f[:0]
	seen := map[string]bool{}
	for _, t := range f {
		if !seen[t] {
			seen[t] = true
			out = append(out, t)
		}
	}
	return out
}

// category is a phrase of a search query and the place types it means.
type category struct {
	phrase string
	types  []string
}

// categories map query phrases to place types. Longer phrases are tried
// first, so "rest stop" wins over "stop".
var categories = []category{
	{"gas station", []string{"gas_station"}}, {"petrol station", []string{"gas_station"}},
	{"filling station", []string{"gas_station"}}, {"fuel", []string{"gas_station"}}, {"gas", []string{"gas_station"}},
	{"rest stop", []string{"rest_area"}}, {"rest area", []string{"rest_area"}}, {"service area", []string{"rest_area"}},
	{"services", []string{"rest_area"}}, {"rest", []string{"rest_area"}},
	{"scenic viewpoint", []string{"viewpoint"}}, {"scenic overlook", []string{"viewpoint"}}, {"viewpoint", []string{"viewpoint"}},
	{"lookout", []string{"viewpoint"}}, {"overlook", []string{"viewpoint"}}, {"scenic view", []string{"viewpoint"}},
	{"view point", []string{"viewpoint"}}, {"mirador", []string{"viewpoint"}}, {"scenic", []string{"viewpoint"}},
	{"coffee shop", []string{"cafe"}}, {"coffee", []string{"cafe"}}, {"cafe", []string{"cafe"}}, {"cafes", []string{"cafe"}},
	{"restaurants", []string{"restaurant"}}, {"restaurant", []string{"restaurant"}}, {"food", []string{"restaurant", "cafe"}},
	{"fast food", []string{"meal_takeaway"}}, {"bar", []string{"bar"}}, {"pub", []string{"bar"}},
	{"hotel", []string{"lodging"}}, {"hotels", []string{"lodging"}}, {"motel", []string{"lodging"}}, {"lodging", []string{"lodging"}},
	{"hostel", []string{"lodging"}}, {"accommodation", []string{"lodging"}},
	{"tourist attraction", []string{"tourist_attraction"}}, {"attraction", []string{"tourist_attraction"}},
	{"attractions", []string{"tourist_attraction"}}, {"museum", []string{"museum"}},
	{"park", []string{"park"}}, {"parks", []string{"park"}},
	{"swimming pool", []string{"swimming_pool"}}, {"pool", []string{"swimming_pool"}}, {"swimming", []string{"swimming_pool"}},
	{"supermarket", []string{"supermarket"}}, {"grocery", []string{"supermarket"}}, {"shop", []string{"store"}},
	{"store", []string{"store"}}, {"shopping", []string{"store"}},
	{"hospital", []string{"hospital"}}, {"pharmacy", []string{"pharmacy"}}, {"library", []string{"library"}},
	{"stadium", []string{"stadium"}}, {"parking", []string{"parking"}}, {"atm", []string{"atm"}}, {"bank", []string{"bank"}},
	{"church", []string{"church"}}, {"campground", []string{"campground"}}, {"camping", []string{"campground"}},
	{"charging station", []string{"electric_vehicle_charging_station"}},
	// Plurals only: "town" and "city" are parts of many names.
	{"towns", []string{localityType}}, {"cities", []string{localityType}}, {"villages", []string{localityType}},
}

// stopWords are dropped from what remains of a query after categories.
var stopWords = map[string]bool{"in": true, "near": true, "at": true, "around": true, "the": true, "a": true,
	"an": true, "of": true, "close": true, "to": true, "nearby": true, "me": true, "by": true, "on": true, "best": true,
	"good": true, "find": true, "some": true, "stop": false}

// parseQuery splits a normalized query into place types and the words
// left over (a name or a location).
func parseQuery(q string) (types []string, rest []string) {
	words := strings.Fields(q)
	used := make([]bool, len(words))
	for _, c := range categories {
		cw := strings.Fields(c.phrase)
	scan:
		for i := 0; i+len(cw) <= len(words); i++ {
			for j, w := range cw {
				if used[i+j] || words[i+j] != w {
					continue scan
				}
			}
			for j := range cw {
				used[i+j] = true
			}
			for _, t := range c.types {
				if !contains(types, t) {
					types = append(types, t)
				}
			}
		}
	}
	for i, w := range words {
		if !used[i] && !stopWords[w] {
			rest = append(rest, w)
		}
	}
	return types, rest
}

func contains(s []string, x string) bool {
	for _, v := range s {
		if v == x {
			return true
		}
	}
	return false
}
