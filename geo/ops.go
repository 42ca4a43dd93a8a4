package geo

import (
	"context"
	"fmt"
	"math"
	"runtime"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/cairn-agents/cairn/geo/internal/pack"
)

// Geocode finds the place an address names: a city (with optional
// ", region, country" qualifiers), an OSM place by exact name, or a
// "lat,lng" pair.
func (e *Engine) Geocode(ctx context.Context, address string) (GeocodeResult, error) {
	if strings.TrimSpace(address) == "" {
		return GeocodeResult{}, fmt.Errorf("%w: address is empty", ErrInvalidRequest)
	}
	if p, ok, err := parseLatLng(address); ok {
		if err != nil {
			return GeocodeResult{}, err
		}
		r, err := e.ReverseGeocode(ctx, p.Lat, p.Lng)
		if err != nil {
			return GeocodeResult{}, err
		}
		return GeocodeResult{Location: p, FormattedAddress: r.FormattedAddress, PlaceID: r.PlaceID}, nil
	}
	hit, ok := e.geocode(address)
	if !ok {
		return GeocodeResult{}, fmt.Errorf("%w: no place matches %q", ErrZeroResults, address)
	}
	return hit, nil
}

// maxStreetParts bounds how many leading street parts geocode drops
// ("Apt 4, 12 Main Street, Dover, DE"), so that an address of many
// comma-separated numbers is not re-read once per comma.
const maxStreetParts = 3

func (e *Engine) geocode(address string) (GeocodeResult, bool) {
	parts := strings.Split(address, ",")
	for drop := 0; drop < len(parts) && drop <= maxStreetParts; drop++ {
		if hit, ok := e.geocodeParts(parts[drop:]); ok {
			return hit, true
		}
		// No street data here: a street address is looked up by its
		// town, the first later part that names a place. Only a street
		// address: "Qzxwvtopia, Delaware" is not Delaware, Ohio.
		if !streetAddress(Normalize(parts[drop])) {
			break
		}
	}
	return GeocodeResult{}, false
}

// geocodeParts reads parts[0] as a name and the other parts as its
// qualifiers (region, country).
func (e *Engine) geocodeParts(parts []string) (GeocodeResult, bool) {
	name := Normalize(parts[0])
	if name == "" {
		return GeocodeResult{}, false
	}
	var quals []string
	for _, p := range parts[1:] {
		if q := dropNumbers(Normalize(p)); q != "" {
			quals = append(quals, q)
		}
	}
	c := e.cities
	// m holds fuzzy matches when no city has the name itself; they answer
	// only after the OSM places below.
	m := c.lookup(name, quals)
	if len(m) > 0 && c.find(name) >= 0 {
		return e.cityResult(m[0].idx), true
	}
	// "Johor Bahru Malaysia", "Dover DE": longest prefix of words that
	// names a city, the rest as qualifiers.
	if len(parts) == 1 {
		w := strings.Fields(name)
		// Only prefixes no longer than the longest city name can match.
		kmax, n := 0, 0
		for kmax < len(w)-1 && n+len(w[kmax]) <= c.maxKey {
			n += len(w[kmax]) + 1
			kmax++
		}
		for k := kmax; k >= 1; k-- {
			if c.find(strings.Join(w[:k], " ")) < 0 {
				continue
			}
			if m := c.lookup(strings.Join(w[:k], " "), []string{strings.Join(w[k:], " ")}); len(m) > 0 {
				return e.cityResult(m[0].idx), true
			}
		}
	}
	if p, ok := e.placeByName(name, quals); ok {
		return GeocodeResult{Location: p.Location, FormattedAddress: p.FormattedAddress, PlaceID: p.PlaceID}, true
	}
	if len(m) > 0 { // fuzzy
		return e.cityResult(m[0].idx), true
	}
	// A full address of a known place.
	full := Normalize(strings.Join(parts, ","))
	for _, r := range e.regions {
		if ids := r.places.byAddr[full]; len(ids) > 0 {
			p := r.place(ids[0])
			return GeocodeResult{Location: p.Location, FormattedAddress: p.FormattedAddress, PlaceID: p.PlaceID}, true
		}
	}
	return GeocodeResult{}, false
}

// streetWords end the street part of an address ("Main Street").
var streetWords = map[string]bool{"street": true, "st": true, "avenue": true, "ave": true, "road": true, "rd": true,
	"boulevard": true, "blvd": true, "lane": true, "ln": true, "drive": true, "dr": true, "highway": true, "hwy": true,
	"way": true, "court": true, "ct": true, "place": true, "pl": true, "pike": true, "parkway": true, "pkwy": true,
	"circle": true, "terrace": true, "square": true, "route": true, "rte": true}

// streetAddress says whether a normalized address part is a street
// address: it holds a house number or ends with a street word.
func streetAddress(part string) bool {
	w := strings.Fields(part)
	return strings.ContainsAny(part, "0123456789") || len(w) > 1 && streetWords[w[len(w)-1]]
}

// dropNumbers removes words holding digits (postcodes) from a
// qualifier: "de 19958" becomes "de".
func dropNumbers(q string) string {
	w := strings.Fields(q)
	out := w[:0]
	for _, x := range w {
		if !strings.ContainsAny(x, "0123456789") {
			out = append(out, x)
		}
	}
	return strings.Join(out, " ")
}

// cityNamed is the cities whose name is name, best first; no fuzzy
// matching (and none of its cost) when there is none.
func (e *Engine) cityNamed(name string) []cityMatch {
	if e.cities.find(name) < 0 {
		return nil
	}
	return e.cities.lookup(name, nil)
}

func (e *Engine) cityResult(i uint32) GeocodeResult {
	c := e.cities
	return GeocodeResult{Location: c.pos(i), FormattedAddress: c.address(i), PlaceID: c.placeID(i)}
}

// placeByName finds an OSM place whose whole normalized name is name,
// preferring one whose address contains the qualifiers.
func (e *Engine) placeByName(name string, quals []string) (Place, bool) {
	var best Place
	bestScore := -1
	for _, r := range e.regions {
		x := r.places
		toks := strings.Fields(name)
		if len(toks) == 0 {
			continue
		}
		for _, i := range x.name[toks[0]] {
			if x.normNam[i] != name {
				continue
			}
			score := 0
			na := x.normAdr[i]
			for _, q := range quals {
				if strings.Contains(na, q) {
					score++
				}
			}
			if score > bestScore {
				best, bestScore = r.place(i), score
			}
		}
	}
	return best, bestScore >= 0
}

// parseLatLng recognises "lat,lng". ok says whether s looks like a pair;
// err is set when it does but is out of range.
func parseLatLng(s string) (LatLng, bool, error) {
	a, b, found := strings.Cut(s, ",")
	if !found {
		return LatLng{}, false, nil
	}
	lat, err1 := strconv.ParseFloat(strings.TrimSpace(a), 64)
	lng, err2 := strconv.ParseFloat(strings.TrimSpace(b), 64)
	if err1 != nil || err2 != nil {
		return LatLng{}, false, nil
	}
	p := LatLng{lat, lng}
	return p, true, p.Validate()
}

// ReverseGeocode names the place at a position: the nearest GeoNames city
// and, when a named road is within 100 m, that road.
func (e *Engine) ReverseGeocode(ctx context.Context, lat, lng float64) (ReverseGeocodeResult, error) {
	p := LatLng{lat, lng}
	if err := p.Validate(); err != nil {
		return ReverseGeocodeResult{}, err
	}
	i, _, ok := e.cities.nearest(p, 100, 0)
	if !ok {
		return ReverseGeocodeResult{}, fmt.Errorf("%w: no place within 100 km of %v,%v", ErrZeroResults, lat, lng)
	}
	c := e.cities
	var comps []AddressComponent
	road := e.roadNear(p, 100)
	if road != "" {
		comps = append(comps, AddressComponent{LongName: road, ShortName: road, Types: []string{"route"}})
	}
	comps = append(comps, AddressComponent{LongName: c.src.Name[i], ShortName: c.src.Name[i], Types: []string{"locality", "political"}})
	if a := c.admin1Name(i); a != "" {
		comps = append(comps, AddressComponent{LongName: a, ShortName: c.admin1Code(i), Types: []string{"administrative_area_level_1", "political"}})
	}
	comps = append(comps, AddressComponent{LongName: c.countryName(i), ShortName: c.countryCode(i), Types: []string{"country", "political"}})
	return ReverseGeocodeResult{
		FormattedAddress:  joinAddress(road, c.address(i)),
		PlaceID:           c.placeID(i),
		AddressComponents: comps,
	}, nil
}

// roadNear is the name of a named road with a node within maxM of p.
func (e *Engine) roadNear(p LatLng, maxM float64) string {
	for _, r := range e.regions {
		n, d, ok := r.snap(p, pack.Car|pack.Foot|pack.Bike)
		if !ok || d > maxM {
			continue
		}
		for ed := r.src.EdgeStart[n]; ed < r.src.EdgeStart[n+1]; ed++ {
			if nm := r.src.EdgeName[ed]; nm != 0 {
				return r.src.Names[nm]
			}
		}
	}
	return ""
}

// place converts place i of region r to the contract's Place.
func (r *region) place(i int32) Place {
	p := &r.places.places[i]
	return Place{Name: p.Name, FormattedAddress: p.Address, Location: r.places.pos[i], PlaceID: "osm:" + p.ID,
		Types: append(append([]string(nil), p.Types...), "point_of_interest", "establishment")}
}

// PlaceDetails looks a place up by the ID a search or geocode returned.
func (e *Engine) PlaceDetails(ctx context.Context, placeID string) (PlaceDetails, error) {
	if strings.TrimSpace(placeID) == "" {
		return PlaceDetails{}, fmt.Errorf("%w: place_id is empty", ErrInvalidRequest)
	}
	if id, ok := strings.CutPrefix(placeID, "geonames:"); ok {
		n, err := strconv.ParseUint(id, 10, 32)
		if err != nil {
			return PlaceDetails{}, fmt.Errorf("%w: place_id %q: bad GeoNames id", ErrInvalidRequest, placeID)
		}
		i, ok := e.cities.byID(uint32(n))
		if !ok {
			return PlaceDetails{}, fmt.Errorf("%w: place_id %q", ErrNotFound, placeID)
		}
		c := e.cities
		return PlaceDetails{Name: c.src.Name[i], FormattedAddress: c.address(i), Location: c.pos(i)}, nil
	}
	if id, ok := strings.CutPrefix(placeID, "osm:"); ok {
		for _, r := range e.regions {
			if i, ok := r.places.byID[id]; ok {
				p := &r.places.places[i]
				return PlaceDetails{Name: p.Name, FormattedAddress: p.Address, Location: r.places.pos[i],
					FormattedPhoneNumber: p.Phone, Website: p.Website, Amenities: amenities(p.Tags)}, nil
			}
		}
		return PlaceDetails{}, fmt.Errorf("%w: place_id %q", ErrNotFound, placeID)
	}
	return PlaceDetails{}, fmt.Errorf("%w: place_id %q is not a geonames: or osm: id", ErrInvalidRequest, placeID)
}

// location resolves a place ID to a position and address.
func (e *Engine) location(ctx context.Context, s string) (LatLng, string, error) {
	s = strings.TrimSpace(s)
	if id, ok := strings.CutPrefix(s, "place_id:"); ok {
		d, err := e.PlaceDetails(ctx, strings.TrimSpace(id))
		if err != nil {
			return LatLng{}, "", err
		}
		return d.Location, d.FormattedAddress, nil
	}
	if p, ok, err := parseLatLng(s); ok {
		if err != nil {
			return LatLng{}, "", err
		}
		addr := s
		if r, err := e.ReverseGeocode(ctx, p.Lat, p.Lng); err == nil {
			addr = r.FormattedAddress
		}
		return p, addr, nil
	}
	g, err := e.Geocode(ctx, s)
	if err != nil {
		return LatLng{}, "", err
	}
	return g.Location, g.FormattedAddress, nil
}

// Elevation interpolates each location from SRTM tiles where present,
// else from ETOPO5 corrected by point heights nearby (see correction).
func (e *Engine) Elevation(ctx context.Context, locs []LatLng) (ElevationResult, error) {
	if len(locs) == 0 {
		return ElevationResult{}, fmt.Errorf("%w: locations is empty", ErrInvalidRequest)
	}
	out := ElevationResult{Results: make([]Elevation, len(locs))}
	for i, p := range locs {
		if err := p.Validate(); err != nil {
			return ElevationResult{}, fmt.Errorf("locations[%d]: %w", i, err)
		}
		out.Results[i] = e.elevation(p, 0)
	}
	return out, nil
}

// elevation at p; excludeKm > 0 hides correction points that close to p
// (hold-out tests).
func (e *Engine) elevation(p LatLng, excludeKm float64) Elevation {
	if e.srtm != nil {
		la, lo := int(math.Floor(p.Lat)), int(math.Floor(p.Lng))
		// A point on a tile's north or east edge is also the last row or
		// column of the neighbouring tile, which may be the one present.
		cands := [][2]int{{la, lo}}
		if float64(la) == p.Lat {
			cands = append(cands, [2]int{la - 1, lo})
		}
		if float64(lo) == p.Lng {
			cands = append(cands, [2]int{la, lo - 1})
		}
		for _, c := range cands {
			if t, err := e.srtm.tile(c[0], c[1]); err == nil && t != nil {
				if v, ok := t.at(p.Lat, p.Lng); ok {
					return Elevation{Elevation: v, Location: p, Resolution: t.resolution(), Source: "SRTM " + t.name}
				}
			}
		}
	}
	v := Elevation{Elevation: e.dem.at(p.Lat, p.Lng), Location: p, Resolution: e.dem.g.Resolution, Source: e.dem.g.Source}
	k := e.corr()
	b := k.at(p.Lat, p.Lng, v.Elevation, excludeKm)
	if b.src == 0 {
		return v
	}
	// Centimetres: the float32 heights carry noise below that.
	v.Elevation = math.Round(b.height*100) / 100
	// The reference heights are SRTM3 samples (about 90 m apart) or
	// surveyed points; the nearest one bounds the detail the result has.
	v.Resolution = min(v.Resolution, math.Round(max(b.nearest*1000, srtm3Metres)))
	v.Source = k.names[b.src]
	return v
}

const srtm3Metres = 90

// Detour factors and average speeds for estimated travel, used where no
// road graph covers both ends. Road distance over great-circle distance
// averages about 1.2-1.4 in published circuity studies (Ballou et al.
// 2002; Boeing 2019); 1.3 is used for every mode.
const (
	DetourFactor    = 1.3
	estDrivingKmh   = 70.0
	estWalkingKmh   = walkKmh
	estBicyclingKmh = bikeKmh
	snapKmh         = 20.0 // off-graph leg to the nearest road node when driving
)

func checkMode(mode string) (string, error) {
	switch mode {
	case "":
		return ModeDriving, nil
	case ModeDriving, ModeWalking, ModeBicycling:
		return mode, nil
	case ModeTransit:
		return "", fmt.Errorf("%w: mode transit is not available offline (no timetables); use driving, walking or bicycling", ErrInvalidRequest)
	}
	return "", fmt.Errorf("%w: mode %q: want driving, walking, bicycling or transit", ErrInvalidRequest, mode)
}

// travel is one origin-destination result.
type travel struct {
	metres, seconds float64
	estimated       bool
	reg             *region
	path            spath
	ok              bool
}

// route computes travel from o to each of ds.
func (e *Engine) route(o LatLng, ds []LatLng, mode string, wantEdges bool) []travel {
	flag := modeFlag(mode)
	out := make([]travel, len(ds))
	done := make([]bool, len(ds))
	for _, r := range e.regions {
		on, od, ok := r.snap(o, flag)
		if !ok {
			continue
		}
		var idx []int
		var tg []uint32
		var snapD []float64
		for j, d := range ds {
			if done[j] {
				continue
			}
			if n, dd, ok := r.snap(d, flag); ok {
				idx, tg, snapD = append(idx, j), append(tg, n), append(snapD, dd)
			}
		}
		if len(tg) == 0 {
			continue
		}
		paths, oks := r.shortest(on, tg, flag, wantEdges)
		for k, j := range idx {
			if !oks[k] {
				continue
			}
			off := od + snapD[k]
			offKmh := snapKmh
			if flag == pack.Foot {
				offKmh = walkKmh
			} else if flag == pack.Bike {
				offKmh = bikeKmh
			}
			out[j] = travel{metres: paths[k].metres + off, seconds: paths[k].seconds + off/(offKmh/3.6),
				reg: r, path: paths[k], ok: true}
			done[j] = true
		}
	}
	kmh := estDrivingKmh
	switch mode {
	case ModeWalking:
		kmh = estWalkingKmh
	case ModeBicycling:
		kmh = estBicyclingKmh
	}
	for j, d := range ds {
		if done[j] {
			continue
		}
		m := Distance(o, d) * DetourFactor
		out[j] = travel{metres: m, seconds: m / (kmh / 3.6), estimated: true, ok: true}
	}
	return out
}

// DistanceMatrix gives travel distance and time between every origin and
// destination: shortest paths on the road graph where one region covers
// both ends, else the great-circle distance times DetourFactor, marked
// Estimated.
func (e *Engine) DistanceMatrix(ctx context.Context, req MatrixRequest) (MatrixResult, error) {
	mode, err := checkMode(req.Mode)
	if err != nil {
		return MatrixResult{}, err
	}
	if len(req.Origins) == 0 || len(req.Destinations) == 0 {
		return MatrixResult{}, fmt.Errorf("%w: origins and destinations must not be empty", ErrInvalidRequest)
	}
	if len(req.Origins)*len(req.Destinations) > 625 {
		return MatrixResult{}, fmt.Errorf("%w: %d×%d elements is more than 625", ErrInvalidRequest, len(req.Origins), len(req.Destinations))
	}
	res := MatrixResult{OriginAddresses: make([]string, len(req.Origins)), DestinationAddresses: make([]string, len(req.Destinations))}
	op := make([]LatLng, len(req.Origins))
	oOK := make([]bool, len(req.Origins))
	for i, s := range req.Origins {
		p, a, err := e.location(ctx, s)
		if err != nil && isInvalid(err) {
			return MatrixResult{}, fmt.Errorf("origins[%d]: %w", i, err)
		}
		op[i], res.OriginAddresses[i], oOK[i] = p, a, err == nil
	}
	var dp []LatLng
	var dIdx []int
	for i, s := range req.Destinations {
		p, a, err := e.location(ctx, s)
		if err != nil && isInvalid(err) {
			return MatrixResult{}, fmt.Errorf("destinations[%d]: %w", i, err)
		}
		res.DestinationAddresses[i] = a
		if err == nil {
			dp, dIdx = append(dp, p), append(dIdx, i)
		}
	}
	res.Results = make([]MatrixRow, len(req.Origins))
	// One shortest-path tree per origin, origins in parallel.
	next := make(chan int)
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), len(req.Origins)) {
		wg.Go(func() {
			for i := range next {
				row := make([]MatrixElement, len(req.Destinations))
				for j := range row {
					row[j] = MatrixElement{Status: StatusNotFound}
				}
				if oOK[i] {
					for k, t := range e.route(op[i], dp, mode, false) {
						row[dIdx[k]] = MatrixElement{Status: StatusOK, Distance: distanceTV(t.metres), Duration: durationTV(t.seconds), Estimated: t.estimated}
					}
				}
				res.Results[i] = MatrixRow{Elements: row}
			}
		})
	}
	for i := range req.Origins {
		if ctx.Err() != nil {
			break
		}
		next <- i
	}
	close(next)
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return MatrixResult{}, err
	}
	return res, nil
}

func isInvalid(err error) bool {
	return err != nil && strings.Contains(err.Error(), StatusInvalidRequest)
}

// Directions gives one route with turn-by-turn steps.
func (e *Engine) Directions(ctx context.Context, req DirectionsRequest) (DirectionsResult, error) {
	mode, err := checkMode(req.Mode)
	if err != nil {
		return DirectionsResult{}, err
	}
	o, oAddr, err := e.location(ctx, req.Origin)
	if err != nil {
		return DirectionsResult{}, fmt.Errorf("origin: %w", err)
	}
	d, dAddr, err := e.location(ctx, req.Destination)
	if err != nil {
		return DirectionsResult{}, fmt.Errorf("destination: %w", err)
	}
	t := e.route(o, []LatLng{d}, mode, true)[0]
	travelMode := strings.ToUpper(mode)
	rt := Route{Distance: *distanceTV(t.metres), Duration: *durationTV(t.seconds), Estimated: t.estimated}
	if t.estimated {
		rt.Summary = "estimated: no road data covers both ends"
		rt.Steps = []Step{{
			Instructions: fmt.Sprintf("Head <b>%s</b> toward <b>%s</b> (estimated: great-circle distance × %.1f)", compass(bearing(o, d)), htmlEscape(dAddr), DetourFactor),
			Distance:     rt.Distance, Duration: rt.Duration, TravelMode: travelMode,
		}}
		_ = oAddr
		return DirectionsResult{Routes: []Route{rt}}, nil
	}
	rt.Steps, rt.Summary = t.reg.steps(t.path, o, d, modeFlag(mode), travelMode)
	rt.OverviewPolyline = &Polyline{Points: EncodePolyline(simplifyLine(t.reg.line(t.path, o, d), polylineTolM))}
	return DirectionsResult{Routes: []Route{rt}}, nil
}

// polylineTolM is how far a route's overview line may stray from the
// roads, in metres.
const polylineTolM = 5

// line is the positions a path passes, from o to d.
func (g *region) line(p spath, o, d LatLng) []LatLng {
	out := make([]LatLng, 0, len(p.edges)+3)
	out = append(out, o)
	for k, e := range p.edges {
		if k == 0 {
			out = append(out, g.pos(g.from(e)))
		}
		out = append(out, g.pos(g.to[e]))
	}
	return append(out, d)
}

// steps groups a path's edges into instructions by road name.
func (g *region) steps(p spath, o, d LatLng, flag uint8, travelMode string) ([]Step, string) {
	type group struct {
		name            uint32
		class           uint8
		first, last     uint32 // edges
		metres, seconds float64
	}
	var gs []group
	for _, e := range p.edges {
		nm, cl := g.src.EdgeName[e], g.src.EdgeClass[e]
		m, s := float64(g.src.EdgeLen[e])/10, g.edgeSeconds(e, flag)
		if n := len(gs); n > 0 && gs[n-1].name == nm && (nm != 0 || gs[n-1].class == cl) {
			gs[n-1].last = e
			gs[n-1].metres += m
			gs[n-1].seconds += s
			continue
		}
		gs = append(gs, group{name: nm, class: cl, first: e, last: e, metres: m, seconds: s})
	}
	label := func(gr group) string {
		if gr.name != 0 {
			return "<b>" + htmlEscape(g.src.Names[gr.name]) + "</b>"
		}
		return "an unnamed " + strings.ReplaceAll(g.src.Classes[gr.class], "_", " ") + " road"
	}
	var steps []Step
	var longest group
	for k, gr := range gs {
		var ins string
		a, b := g.pos(g.from(gr.first)), g.pos(g.to[gr.first])
		if k == 0 {
			ins = fmt.Sprintf("Head <b>%s</b> on %s", compass(bearing(a, b)), label(gr))
		} else {
			prev := gs[k-1]
			pa := g.pos(g.from(prev.last))
			turn := bearing(a, b) - bearing(pa, a)
			ins = turnPhrase(turn) + " " + label(gr)
		}
		if gr.name != 0 && gr.metres > longest.metres {
			longest = gr
		}
		steps = append(steps, Step{Instructions: ins, Distance: *distanceTV(gr.metres), Duration: *durationTV(gr.seconds), TravelMode: travelMode})
	}
	if len(steps) == 0 {
		steps = []Step{{Instructions: "Arrive at destination", Distance: *distanceTV(0), Duration: *durationTV(0), TravelMode: travelMode}}
	}
	summary := ""
	if longest.name != 0 {
		summary = g.src.Names[longest.name]
	}
	return steps, summary
}

func turnPhrase(deg float64) string {
	deg = math.Mod(deg+540, 360) - 180 // -180..180, positive is right
	switch a := math.Abs(deg); {
	case a < 20:
		return "Continue onto"
	case a < 60:
		if deg > 0 {
			return "Slight <b>right</b> onto"
		}
		return "Slight <b>left</b> onto"
	case a < 150:
		if deg > 0 {
			return "Turn <b>right</b> onto"
		}
		return "Turn <b>left</b> onto"
	}
	return "Make a <b>U-turn</b> onto"
}

func bearing(a, b LatLng) float64 {
	la1, la2 := a.Lat*math.Pi/180, b.Lat*math.Pi/180
	dl := (b.Lng - a.Lng) * math.Pi / 180
	y := math.Sin(dl) * math.Cos(la2)
	x := math.Cos(la1)*math.Sin(la2) - math.Sin(la1)*math.Cos(la2)*math.Cos(dl)
	return math.Mod(math.Atan2(y, x)*180/math.Pi+360, 360)
}

func compass(deg float64) string {
	names := [...]string{"north", "northeast", "east", "southeast", "south", "southwest", "west", "northwest"}
	return names[int(math.Round(deg/45))%8]
}

func htmlEscape(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;").Replace(s)
}

// distanceTV formats metres like Google's metric text: "850 m", "12.3 km",
// "1,234 km".
func distanceTV(m float64) *TextValue {
	v := int64(math.Round(m))
	var text string
	switch {
	case m < 1000:
		text = fmt.Sprintf("%d m", max(v, 1))
	case m < 100000:
		text = strconv.FormatFloat(math.Round(m/100)/10, 'f', 1, 64) + " km"
	default:
		text = groupThousands(int64(math.Round(m/1000))) + " km"
	}
	return &TextValue{Text: text, Value: v}
}

func groupThousands(n int64) string {
	s := strconv.FormatInt(n, 10)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// durationTV formats seconds like Google: "1 min", "1 hour 5 mins",
// "2 days 3 hours".
func durationTV(s float64) *TextValue {
	v := int64(math.Round(s))
	mins := int64(math.Round(s / 60))
	plural := func(n int64, unit string) string {
		if n == 1 {
			return "1 " + unit
		}
		return strconv.FormatInt(n, 10) + " " + unit + "s"
	}
	var text string
	switch {
	case mins < 60:
		text = plural(max(mins, 1), "min")
	case mins < 24*60:
		h, m := mins/60, mins%60
		text = plural(h, "hour")
		if m > 0 {
			text += " " + plural(m, "min")
		}
	default:
		d, h := mins/(24*60), (mins%(24*60)+30)/60
		text = plural(d, "day")
		if h > 0 {
			text += " " + plural(h, "hour")
		}
	}
	return &TextValue{Text: text, Value: v}
}

// SearchPlaces finds places for a text query: category words ("gas
// station", "cafe", "viewpoint") select place types, the remaining words
// are a place name or a location ("in Dover") that centres the search.
// Results are ranked by text match and distance; at most 20. "towns"
// ("cities", "villages") around a centre answers with GeoNames populated
// places of type locality, the ones a person would name first (see
// townsNear). A centre bounds the search: with a radius, nothing beyond
// it, except that a search for a kind with none inside answers with the
// nearest out to MaxSearchRadius (the radius biases, as Google's does);
// a kind without a radius is bounded by MaxSearchRadius.
func (e *Engine) SearchPlaces(ctx context.Context, req SearchRequest) (SearchResult, error) {
	q := Normalize(req.Query)
	if q == "" {
		return SearchResult{}, fmt.Errorf("%w: query is empty", ErrInvalidRequest)
	}
	if req.Radius < 0 || req.Radius > MaxSearchRadius {
		return SearchResult{}, fmt.Errorf("%w: radius %v m is outside 0..%d", ErrInvalidRequest, req.Radius, MaxSearchRadius)
	}
	var center *LatLng
	if req.Location != nil {
		if err := req.Location.Validate(); err != nil {
			return SearchResult{}, fmt.Errorf("location: %w", err)
		}
		center = req.Location
	}
	radius := req.Radius
	types, rest := parseQuery(q)
	// beyond is whether p lies outside the search: a centre with a radius
	// bounds every step, and a query naming a kind ("bar", "park") is
	// bounded by the largest radius even without one, so that towns merely
	// named like the kind (Bar, Montenegro) never answer a search near
	// somewhere else.
	beyond := func(p LatLng) bool {
		if center == nil {
			return false
		}
		lim := radius
		if lim == 0 {
			if len(types) == 0 {
				return false
			}
			lim = MaxSearchRadius
		}
		return Distance(*center, p) > lim
	}

	type hit struct {
		p     Place
		score float64
	}
	var hits []hit
	seen := map[string]bool{}
	add := func(p Place, score float64) {
		if !seen[p.PlaceID] {
			seen[p.PlaceID] = true
			hits = append(hits, hit{p, score})
		}
	}

	// An exact address of a known place names that place alone.
	for _, r := range e.regions {
		for _, i := range r.places.byAddr[q] {
			add(r.place(i), 100)
		}
		if parts := strings.SplitN(req.Query, ",", 2); len(parts) == 2 {
			nq, na := Normalize(parts[0]), Normalize(parts[1])
			for _, i := range r.places.byAddr[na] {
				if r.places.normNam[i] == nq {
					add(r.place(i), 100)
				}
			}
		}
	}
	if len(hits) > 0 {
		// Every place at that exact address, so an ambiguous address
		// shows as ambiguous.
		out := SearchResult{}
		for k := 0; k < len(hits) && k < 20; k++ {
			out.Places = append(out.Places, hits[k].p)
		}
		return out, nil
	}

	// Places whose whole name is the query come first, whatever their
	// type ("Andorra Park" is a hotel).
	if f := strings.Fields(q); len(f) > 0 {
		for _, r := range e.regions {
			for _, i := range r.places.name[f[0]] {
				if r.places.normNam[i] == q {
					p := r.place(i)
					if beyond(p.Location) {
						continue
					}
					s := 10.0
					if center != nil {
						s -= Distance(*center, p.Location) / MaxSearchRadius
					}
					add(p, s)
				}
			}
		}
	}
	if len(types) > 0 {
		// The leftover words, if they name a city (and not a place of
		// these types: "Hotel Du Pont"), centre the search.
		if center == nil && len(rest) > 0 && !e.namesPlaceOfType(types, rest) {
			if m := e.cityNamed(strings.Join(rest, " ")); len(m) > 0 {
				p := e.preferCovered(m)
				center, rest = &p, nil
				if radius == 0 {
					radius = 25000
				}
			}
		}
		if center != nil && len(rest) == 0 && slices.Contains(types, localityType) {
			lim := radius
			if lim == 0 {
				lim = MaxSearchRadius
			}
			for k, p := range e.townsNear(*center, lim, 20) {
				add(p, 1-float64(k)/100) // in townsNear's order
			}
		}
		kinds := func(lim float64) {
			for _, r := range e.regions {
				for _, t := range types {
					for _, i := range r.places.byType[t] {
						p := r.place(i)
						s := 0.0
						if center != nil {
							d := Distance(*center, p.Location)
							if d > lim {
								continue
							}
							s -= d / lim // nearer is better
						}
						if len(rest) > 0 {
							m := r.places.matchTokens(i, rest)
							if m == 0 {
								continue
							}
							s += 2 * m
						}
						add(p, s)
					}
				}
			}
		}
		lim := radius
		if lim == 0 {
			lim = MaxSearchRadius
		}
		kinds(lim)
		if len(hits) == 0 && center != nil && lim < MaxSearchRadius {
			// The radius biases the search, as Google's does: with
			// nothing of the kind inside it, the nearest ones out to the
			// largest radius answer ("the nearest hospital" from a
			// village), before any place merely named like the words.
			radius = MaxSearchRadius
			kinds(radius)
		}
	}
	if len(types) == 0 || len(hits) == 0 {
		// A name: places whose name or address holds the words. When
		// category words found nothing ("Orlando's Bar" is a
		// restaurant), they are taken as part of the name.
		if len(types) > 0 {
			rest = nil
			for _, w := range strings.Fields(q) {
				if !stopWords[w] {
					rest = append(rest, w)
				}
			}
		}
		for _, r := range e.regions {
			for _, i := range r.places.candidates(rest) {
				m := r.places.matchTokens(i, rest)
				if m < 1 {
					continue
				}
				s := 3 * m
				if r.places.normNam[i] == strings.Join(rest, " ") {
					s += 2
				}
				p := r.place(i)
				if center != nil {
					d := Distance(*center, p.Location)
					if radius > 0 && d > radius {
						continue
					}
					s -= d / MaxSearchRadius
				}
				add(p, s)
			}
		}
		// and cities of that name
		name := strings.Join(rest, " ")
		if ms := e.cityNamed(name); len(ms) > 0 {
			for k, m := range ms {
				if k == 5 {
					break
				}
				g := e.cityResult(m.idx)
				if beyond(g.Location) {
					continue
				}
				add(Place{Name: e.cities.src.Name[m.idx], FormattedAddress: g.FormattedAddress, Location: g.Location,
					PlaceID: g.PlaceID, Types: []string{"locality", "political"}}, 3.5-float64(k)*0.01)
			}
		}
	}
	if len(hits) == 0 {
		return SearchResult{}, fmt.Errorf("%w: no place matches %q", ErrZeroResults, req.Query)
	}
	sort.SliceStable(hits, func(a, b int) bool { return hits[a].score > hits[b].score })
	out := SearchResult{Places: make([]Place, 0, min(len(hits), 20))}
	for k := 0; k < len(hits) && k < 20; k++ {
		out.Places = append(out.Places, hits[k].p)
	}
	return out, nil
}

// candidates are places with any of the words in name or address.
func (x *placeIndex) candidates(words []string) []int32 {
	var out []int32
	seen := map[int32]bool{}
	for _, w := range words {
		for _, m := range []map[string][]int32{x.name, x.addr} {
			for _, i := range m[w] {
				if !seen[i] {
					seen[i] = true
					out = append(out, i)
				}
			}
		}
	}
	return out
}

// matchTokens is the share of words found in place i's name (full
// weight) or address (half weight), or 0 unless every word is found.
func (x *placeIndex) matchTokens(i int32, words []string) float64 {
	if len(words) == 0 {
		return 0
	}
	name := " " + x.normNam[i] + " "
	addr := " " + x.normAdr[i] + " "
	s := 0.0
	for _, w := range words {
		switch {
		case strings.Contains(name, " "+w+" "):
			s += 1
		case strings.Contains(addr, " "+w+" "):
			s += 0.5
		default:
			return 0
		}
	}
	return s / float64(len(words))
}

// preferCovered picks, among ranked city matches, the first that lies in
// a region with places (the only places this engine can return), else
// the best match.
func (e *Engine) preferCovered(m []cityMatch) LatLng {
	for _, c := range m {
		p := e.cities.pos(c.idx)
		for _, r := range e.regions {
			if r.covers(p) {
				return p
			}
		}
	}
	return e.cities.pos(m[0].idx)
}

// namesPlaceOfType reports whether some place of one of types has every
// word in its name.
func (e *Engine) namesPlaceOfType(types, words []string) bool {
	for _, r := range e.regions {
		for _, t := range types {
			for _, i := range r.places.byType[t] {
				name := " " + r.places.normNam[i] + " "
				all := true
				for _, w := range words {
					if !strings.Contains(name, " "+w+" ") {
						all = false
						break
					}
				}
				if all {
					return true
				}
			}
		}
	}
	return false
}

// amenities lists the facilities that a place's OSM tags record.
func amenities(tags []string) []string {
	var out []string
	add := func(a string) {
		if !contains(out, a) {
			out = append(out, a)
		}
	}
	for _, kv := range tags {
		k, v, _ := strings.Cut(kv, "=")
		yes := v == "yes" || v == "designated" || v == "customers"
		switch {
		case k == "toilets" && yes:
			add("toilets")
		case k == "drinking_water" && yes:
			add("drinking water")
		case k == "picnic_table" && yes:
			add("picnic tables")
		case k == "internet_access" && (v == "wlan" || v == "yes" || v == "wifi"):
			add("wifi")
		case k == "wheelchair" && v == "yes":
			add("wheelchair access")
		case k == "amenity" && v == "fuel":
			add("fuel")
		case k == "amenity" && (v == "restaurant" || v == "cafe" || v == "fast_food"):
			add("food")
		case k == "amenity" && v == "toilets":
			add("toilets")
		case k == "shop" && v == "convenience":
			add("convenience store")
		}
	}
	return out
}
