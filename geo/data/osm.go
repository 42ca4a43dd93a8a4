package data

import (
	"bufio"
	"bytes"
	"cmp"
	"compress/bzip2"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/paulmach/osm"
	"github.com/paulmach/osm/osmpbf"
	"github.com/paulmach/osm/osmxml"

	"github.com/cairn-agents/cairn/geo"
	"github.com/cairn-agents/cairn/geo/internal/pack"
)

// Namer gives the locality, first-level division and country of a
// position, for addresses of places that lack addr:* tags. An Engine's
// ReverseGeocode backs it.
type Namer func(ctx context.Context, p geo.LatLng) (locality, admin1, country string)

// RegionName derives a region name from an extract's file name:
// "delaware-latest.osm.pbf" -> "delaware".
func RegionName(path string) string {
	b := strings.ToLower(filepath.Base(path))
	for _, suf := range []string{".bz2", ".gz", ".pbf", ".osm", ".xml", "-latest"} {
		b = strings.TrimSuffix(b, suf)
	}
	for _, suf := range []string{".pbf", ".osm", "-latest"} {
		b = strings.TrimSuffix(b, suf)
	}
	return b
}

type scanner interface {
	Scan() bool
	Object() osm.Object
	Err() error
	Close() error
}

func openOSM(ctx context.Context, path string) (scanner, io.Closer, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, err
	}
	lower := strings.ToLower(path)
	var r io.Reader = f
	switch {
	case strings.HasSuffix(lower, ".pbf"):
		return osmpbf.New(ctx, f, 2), f, nil
	case strings.HasSuffix(lower, ".bz2"):
		r = bzip2.NewReader(f)
	case strings.HasSuffix(lower, ".gz"):
		zr, err := gzip.NewReader(f)
		if err != nil {
			f.Close()
			return nil, nil, err
		}
		r = zr
	case strings.HasSuffix(lower, ".osm"), strings.HasSuffix(lower, ".xml"):
	default:
		f.Close()
		return nil, nil, fmt.Errorf("unknown extract format (want .osm.pbf, .osm, .osm.bz2 or .osm.gz)")
	}
	br := bufio.NewReader(r)
	if !startsLikeXML(br) {
		// The XML decoder reads a stream of zeros (/dev/zero) forever.
		f.Close()
		return nil, nil, errors.New("not OSM XML: it does not start with '<'")
	}
	return osmxml.New(ctx, br), f, nil
}

// startsLikeXML reports whether the first byte after a byte-order mark
// and white space is '<'.
func startsLikeXML(br *bufio.Reader) bool {
	head, _ := br.Peek(512)
	head = bytes.TrimPrefix(head, []byte("\xef\xbb\xbf"))
	head = bytes.TrimLeft(head, " \t\r\n")
	return len(head) > 0 && head[0] == '<'
}

// road is a routable way kept until all nodes are known.
type road struct {
	nodes  []osm.NodeID
	class  string
	name   string
	speed  uint8
	flags  uint8 // modes allowed
	oneway int8  // 0, 1 forward, -1 backward (for car and bike)
}

// ImportOSM reads an OSM extract (PBF or XML, optionally bz2/gzip) into a
// region: the routable road graph (largest connected part) and the
// named points of interest. Any read error names the file.
func ImportOSM(ctx context.Context, path, name string, namer Namer) (*pack.Region, error) {
	sc, closer, err := openOSM(ctx, path)
	if err != nil {
		return nil, fmt.Errorf("OSM extract %s: %w", path, err)
	}
	defer closer.Close()
	defer sc.Close()

	coords := map[osm.NodeID][2]int32{}
	var roads []road
	type poi struct {
		id       string
		tags     osm.Tags
		lat, lng int32
	}
	var pois []poi
	type idSpot struct {
		id   osm.NodeID
		spot pack.Spot
	}
	var spots []idSpot
	objects := 0
	for sc.Scan() {
		objects++
		switch o := sc.Object().(type) {
		case *osm.Node:
			c := [2]int32{int32(math.Round(o.Lat * 1e6)), int32(math.Round(o.Lon * 1e6))}
			coords[o.ID] = c
			if s, ok := spotOf(o); ok {
				spots = append(spots, idSpot{o.ID, s})
			}
			if len(o.Tags) > 0 && len(placeTypes(o.Tags)) > 0 {
				pois = append(pois, poi{"n" + strconv.FormatInt(int64(o.ID), 10), o.Tags, c[0], c[1]})
			}
		case *osm.Way:
			if r, ok := roadOf(o); ok {
				roads = append(roads, r)
			}
			if len(o.Tags) > 0 && len(placeTypes(o.Tags)) > 0 {
				var sl, sg float64
				n := 0
				for _, wn := range o.Nodes {
					if c, ok := coords[wn.ID]; ok {
						sl += float64(c[0])
						sg += float64(c[1])
						n++
					}
				}
				if n > 0 {
					pois = append(pois, poi{"w" + strconv.FormatInt(int64(o.ID), 10), o.Tags,
						int32(math.Round(sl / float64(n))), int32(math.Round(sg / float64(n)))})
				}
			}
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("OSM extract %s: read failed after %d objects: %w", path, objects, err)
	}
	if objects == 0 {
		return nil, fmt.Errorf("OSM extract %s: no OSM objects found", path)
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	reg := buildGraph(name, coords, roads)
	if reg.Nodes == 0 {
		return nil, fmt.Errorf("OSM extract %s: no routable roads found", path)
	}
	reg.Source = filepath.Base(path)
	slices.SortFunc(spots, func(a, b idSpot) int { return cmp.Compare(a.id, b.id) })
	for _, s := range spots {
		reg.Spots = append(reg.Spots, s.spot)
	}
	near := newRoadIndex(reg)
	// Places
	slices.SortFunc(pois, func(a, b poi) int { return cmp.Compare(a.id, b.id) })
	for _, p := range pois {
		nm := placeName(p.tags)
		if nm == "" {
			continue
		}
		pl := pack.Place{ID: p.id, Name: nm, Lat: p.lat, Lng: p.lng, Types: placeTypes(p.tags),
			Phone: first(p.tags, "phone", "contact:phone"), Website: first(p.tags, "website", "contact:website", "url")}
		pl.Address = address(ctx, p.tags, geo.LatLng{Lat: float64(p.lat) / 1e6, Lng: float64(p.lng) / 1e6}, namer, near)
		for _, k := range keptTags {
			if v := p.tags.Find(k); v != "" {
				pl.Tags = append(pl.Tags, k+"="+v)
			}
		}
		reg.Places = append(reg.Places, pl)
		extend(&reg.BBox, float64(p.lat)/1e6, float64(p.lng)/1e6)
	}
	return reg, nil
}

var keptTags = []string{"amenity", "tourism", "leisure", "shop", "highway", "toilets", "drinking_water", "fuel",
	"internet_access", "opening_hours", "cuisine", "ele", "brand", "operator", "description", "wheelchair", "picnic_table"}

func first(t osm.Tags, keys ...string) string {
	for _, k := range keys {
		if v := t.Find(k); v != "" {
			return v
		}
	}
	return ""
}

func extend(b *[4]float64, lat, lng float64) {
	b[0], b[1] = math.Min(b[0], lat), math.Min(b[1], lng)
	b[2], b[3] = math.Max(b[2], lat), math.Max(b[3], lng)
}

// Default car speeds by highway class, km/h, when maxspeed is absent.
var classSpeed = map[string]uint8{
	"motorway": 100, "motorway_link": 60, "trunk": 85, "trunk_link": 50, "primary": 65, "primary_link": 45,
	"secondary": 55, "secondary_link": 40, "tertiary": 45, "tertiary_link": 35, "unclassified": 40,
	"residential": 30, "living_street": 10, "service": 15, "road": 30, "track": 15,
}

var footOnly = map[string]bool{"footway": true, "path": true, "pedestrian": true, "steps": true,
	"cycleway": true, "bridleway": true, "track": true, "corridor": false}

func roadOf(w *osm.Way) (road, bool) {
	t := w.Tags
	hw := t.Find("highway")
	if hw == "" || len(w.Nodes) < 2 || t.Find("area") == "yes" {
		return road{}, false
	}
	r := road{class: hw, name: first(t, "name", "ref")}
	if sp, ok := classSpeed[hw]; ok {
		r.speed = sp
		r.flags = pack.Car | pack.Foot | pack.Bike
		if strings.HasPrefix(hw, "motorway") {
			r.flags = pack.Car
		}
		if hw == "track" {
			r.flags = pack.Foot | pack.Bike
		}
	} else if footOnly[hw] {
		r.flags = pack.Foot
		if hw == "cycleway" || hw == "path" || hw == "track" || hw == "bridleway" {
			r.flags |= pack.Bike
		}
	} else {
		return road{}, false
	}
	switch t.Find("service") {
	case "driveway", "parking_aisle", "drive-through", "emergency_access":
		// Private access ways: they bloat the routing graph and no route
		// between two addresses needs them.
		return road{}, false
	}
	if ms := parseMaxspeed(t.Find("maxspeed")); ms > 0 {
		r.speed = ms
	}
	no := func(v string) bool { return v == "no" || v == "private" }
	if no(t.Find("access")) {
		r.flags = 0
	}
	if no(t.Find("motor_vehicle")) || no(t.Find("motorcar")) {
		r.flags &^= pack.Car
	}
	if v := t.Find("foot"); no(v) {
		r.flags &^= pack.Foot
	} else if v == "yes" || v == "designated" {
		r.flags |= pack.Foot
	}
	if v := t.Find("bicycle"); no(v) {
		r.flags &^= pack.Bike
	} else if v == "yes" || v == "designated" {
		r.flags |= pack.Bike
	}
	if r.flags == 0 {
		return road{}, false
	}
	switch t.Find("oneway") {
	case "yes", "1", "true":
		r.oneway = 1
	case "-1", "reverse":
		r.oneway = -1
	default:
		if hw == "motorway" || t.Find("junction") == "roundabout" {
			r.oneway = 1
		}
	}
	r.nodes = make([]osm.NodeID, len(w.Nodes))
	for i, n := range w.Nodes {
		r.nodes[i] = n.ID
	}
	return r, true
}

// parseMaxspeed reads "50", "55 mph", "30 km/h"; 0 if unknown.
func parseMaxspeed(s string) uint8 {
	s = strings.TrimSpace(s)
	mph := strings.HasSuffix(s, "mph")
	s = strings.TrimSpace(strings.TrimSuffix(strings.TrimSuffix(s, "mph"), "km/h"))
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || v <= 0 {
		return 0
	}
	if mph {
		v *= 1.609344
	}
	return uint8(math.Min(math.Round(v), 200))
}

// buildGraph turns roads into a junction graph: nodes are way ends and
// nodes shared by ways; edges carry the length of the full geometry
// between them. Only the largest connected part is kept.
func buildGraph(name string, coords map[osm.NodeID][2]int32, roads []road) *pack.Region {
	uses := map[osm.NodeID]int{}
	for _, r := range roads {
		for i, n := range r.nodes {
			uses[n]++
			if i == 0 || i == len(r.nodes)-1 {
				uses[n]++
			}
		}
	}
	ids := map[osm.NodeID]uint32{}
	var nodeLL [][2]int32
	idOf := func(n osm.NodeID) uint32 {
		if i, ok := ids[n]; ok {
			return i
		}
		i := uint32(len(nodeLL))
		ids[n] = i
		nodeLL = append(nodeLL, coords[n])
		return i
	}
	type edge struct {
		from, to     uint32
		dm           uint32
		name         string
		class        string
		flags, speed uint8
	}
	var edges []edge
	for _, r := range roads {
		start := -1
		var metres float64
		for i, n := range r.nodes {
			c, ok := coords[n]
			if !ok { // clipped at the extract's edge: break the way here
				start = -1
				continue
			}
			if start >= 0 {
				pc := coords[r.nodes[i-1]]
				metres += haversine(pc, c)
			}
			if start >= 0 && (uses[n] >= 2 || i == len(r.nodes)-1) {
				a, b := idOf(r.nodes[start]), idOf(n)
				if a != b {
					dm := uint32(math.Ceil(metres * 10))
					fw, bw := r.flags, r.flags
					if r.oneway == 1 {
						bw &^= pack.Car | pack.Bike
					} else if r.oneway == -1 {
						fw &^= pack.Car | pack.Bike
					}
					if fw != 0 {
						edges = append(edges, edge{a, b, dm, r.name, r.class, fw, r.speed})
					}
					if bw != 0 {
						edges = append(edges, edge{b, a, dm, r.name, r.class, bw, r.speed})
					}
				}
				start, metres = i, 0
			} else if start < 0 {
				start, metres = i, 0
			}
		}
	}
	// Largest weakly connected component.
	parent := make([]uint32, len(nodeLL))
	for i := range parent {
		parent[i] = uint32(i)
	}
	var find func(uint32) uint32
	find = func(x uint32) uint32 {
		for parent[x] != x {
			parent[x] = parent[parent[x]]
			x = parent[x]
		}
		return x
	}
	for _, e := range edges {
		a, b := find(e.from), find(e.to)
		if a != b {
			parent[a] = b
		}
	}
	size := map[uint32]int{}
	for i := range parent {
		size[find(uint32(i))]++
	}
	var bigRoot uint32
	best := -1
	for r, s := range size {
		if s > best || (s == best && r < bigRoot) {
			bigRoot, best = r, s
		}
	}
	// Renumber kept nodes in a spatial order (by latitude then longitude)
	// so delta coding of coordinates and edge targets stays small.
	var keep []uint32
	for i := range nodeLL {
		if find(uint32(i)) == bigRoot {
			keep = append(keep, uint32(i))
		}
	}
	slices.SortFunc(keep, func(a, b uint32) int {
		if x := cmp.Compare(nodeLL[a][0], nodeLL[b][0]); x != 0 {
			return x
		}
		return cmp.Compare(nodeLL[a][1], nodeLL[b][1])
	})
	newID := make([]int32, len(nodeLL))
	for i := range newID {
		newID[i] = -1
	}
	for i, o := range keep {
		newID[o] = int32(i)
	}
	reg := &pack.Region{Name: name, Nodes: len(keep), Names: []string{""}, BBox: [4]float64{90, 180, -90, -180}}
	lats := make([]int32, len(keep))
	lngs := make([]int32, len(keep))
	for i, o := range keep {
		lats[i], lngs[i] = nodeLL[o][0], nodeLL[o][1]
		extend(&reg.BBox, float64(lats[i])/1e6, float64(lngs[i])/1e6)
	}
	reg.NodeLat, reg.NodeLng = pack.Deltas(lats), pack.Deltas(lngs)
	kept := edges[:0]
	for _, e := range edges {
		if newID[e.from] >= 0 {
			e.from, e.to = uint32(newID[e.from]), uint32(newID[e.to])
			kept = append(kept, e)
		}
	}
	slices.SortStableFunc(kept, func(a, b edge) int {
		if x := cmp.Compare(a.from, b.from); x != 0 {
			return x
		}
		return cmp.Compare(a.to, b.to)
	})
	nameIdx := map[string]uint32{"": 0}
	classIdx := map[string]uint8{}
	var names []string
	for _, e := range kept {
		if _, ok := nameIdx[e.name]; !ok {
			nameIdx[e.name] = 0
			names = append(names, e.name)
		}
	}
	slices.Sort(names)
	for _, n := range names {
		nameIdx[n] = uint32(len(reg.Names))
		reg.Names = append(reg.Names, n)
	}
	var classes []string
	for c := range classSpeed {
		classes = append(classes, c)
	}
	for c, ok := range footOnly {
		if ok {
			classes = append(classes, c)
		}
	}
	slices.Sort(classes)
	for i, c := range classes {
		classIdx[c] = uint8(i)
	}
	reg.Classes = classes
	reg.EdgeStart = make([]uint32, reg.Nodes+1)
	to := make([]int32, len(kept))
	for i, e := range kept {
		reg.EdgeStart[e.from+1]++
		to[i] = int32(e.to)
		reg.EdgeLen = append(reg.EdgeLen, e.dm)
		reg.EdgeName = append(reg.EdgeName, nameIdx[e.name])
		reg.EdgeClass = append(reg.EdgeClass, classIdx[e.class])
		reg.EdgeFlags = append(reg.EdgeFlags, e.flags)
		reg.EdgeSpeed = append(reg.EdgeSpeed, e.speed)
	}
	for i := 0; i < reg.Nodes; i++ {
		reg.EdgeStart[i+1] += reg.EdgeStart[i]
	}
	reg.Edges = len(kept)
	reg.EdgeTo = pack.Deltas(to)
	return reg
}

// haversine is the distance between two packed microdegree positions.
func haversine(a, b [2]int32) float64 {
	return geo.Distance(geo.LatLng{Lat: float64(a[0]) / 1e6, Lng: float64(a[1]) / 1e6}, geo.LatLng{Lat: float64(b[0]) / 1e6, Lng: float64(b[1]) / 1e6})
}

// placeTypes maps OSM tags to Google-style place types.
func placeTypes(t osm.Tags) []string {
	var out []string
	add := func(ts ...string) {
		for _, x := range ts {
			if !slices.Contains(out, x) {
				out = append(out, x)
			}
		}
	}
	switch t.Find("amenity") {
	case "fuel":
		add("gas_station")
	case "cafe":
		add("cafe", "food")
	case "restaurant":
		add("restaurant", "food")
	case "fast_food":
		add("restaurant", "meal_takeaway", "food")
	case "bar", "pub":
		add("bar")
	case "hospital":
		add("hospital", "health")
	case "pharmacy":
		add("pharmacy", "health")
	case "library":
		add("library")
	case "bank":
		add("bank", "finance")
	case "atm":
		add("atm", "finance")
	case "parking":
		add("parking")
	case "charging_station":
		add("electric_vehicle_charging_station")
	case "place_of_worship":
		add("place_of_worship")
		if t.Find("religion") == "christian" {
			add("church")
		}
	case "police":
		add("police")
	case "post_office":
		add("post_office")
	case "swimming_pool":
		add("swimming_pool")
	}
	switch t.Find("tourism") {
	case "hotel", "motel", "guest_house", "hostel", "apartment", "chalet":
		add("lodging")
	case "camp_site", "caravan_site":
		add("campground", "lodging")
	case "viewpoint":
		add("viewpoint", "tourist_attraction")
	case "attraction", "artwork", "theme_park", "zoo":
		add("tourist_attraction")
	case "museum", "gallery":
		add("museum", "tourist_attraction")
	}
	switch t.Find("leisure") {
	case "park", "nature_reserve", "garden":
		add("park")
	case "swimming_pool", "water_park":
		add("swimming_pool")
	case "stadium":
		add("stadium")
	case "sports_centre":
		if strings.Contains(t.Find("sport"), "swimming") {
			add("swimming_pool")
		}
		add("gym")
	}
	switch t.Find("highway") {
	case "rest_area", "services":
		add("rest_area")
	}
	switch s := t.Find("shop"); s {
	case "":
	case "supermarket":
		add("supermarket", "grocery_or_supermarket", "store")
	case "convenience":
		add("convenience_store", "store")
	default:
		add("store")
	}
	return out
}

// placeName is the name to show: name, brand or operator; rest areas and
// viewpoints without one get their kind as a label (as maps do).
func placeName(t osm.Tags) string {
	if n := first(t, "name", "brand", "operator"); n != "" {
		return n
	}
	switch {
	case t.Find("highway") == "rest_area":
		return "Rest Area"
	case t.Find("highway") == "services":
		return "Service Area"
	case t.Find("tourism") == "viewpoint":
		return "Viewpoint"
	}
	return ""
}

// address builds "number street, locality, admin1 postcode, country".
// Without addr:street, the nearest named road within 150 m stands in.
func address(ctx context.Context, t osm.Tags, p geo.LatLng, namer Namer, near *roadIndex) string {
	loc, adm, country := "", "", ""
	if namer != nil {
		loc, adm, country = namer(ctx, p)
	}
	if c := t.Find("addr:city"); c != "" {
		loc = c
	}
	street := strings.TrimSpace(t.Find("addr:housenumber") + " " + t.Find("addr:street"))
	if t.Find("addr:street") == "" && near != nil {
		street = near.nearest(p, 150)
	}
	region := strings.TrimSpace(adm + " " + t.Find("addr:postcode"))
	var parts []string
	for _, s := range []string{street, loc, region, country} {
		if s != "" && (len(parts) == 0 || parts[len(parts)-1] != s) {
			parts = append(parts, s)
		}
	}
	return strings.Join(parts, ", ")
}

// ErrNoSource means a source file the build needs is missing.
var ErrNoSource = errors.New("source not found")

// roadIndex finds named roads near a point: graph nodes with a named edge,
// bucketed in cells of about 500 m.
type roadIndex struct {
	cells map[[2]int32][]roadPoint
}

type roadPoint struct {
	p    geo.LatLng
	name string
}

const roadCell = 0.005

func roadCellOf(p geo.LatLng) [2]int32 {
	return [2]int32{int32(math.Floor(p.Lat / roadCell)), int32(math.Floor(p.Lng / roadCell))}
}

func newRoadIndex(r *pack.Region) *roadIndex {
	x := &roadIndex{cells: map[[2]int32][]roadPoint{}}
	lat, err1 := pack.Undeltas(r.NodeLat, r.Nodes)
	lng, err2 := pack.Undeltas(r.NodeLng, r.Nodes)
	if err1 != nil || err2 != nil {
		return x
	}
	for n := 0; n < r.Nodes; n++ {
		for e := r.EdgeStart[n]; e < r.EdgeStart[n+1]; e++ {
			if nm := r.EdgeName[e]; nm != 0 {
				p := geo.LatLng{Lat: float64(lat[n]) / 1e6, Lng: float64(lng[n]) / 1e6}
				k := roadCellOf(p)
				x.cells[k] = append(x.cells[k], roadPoint{p, r.Names[nm]})
				break
			}
		}
	}
	return x
}

func (x *roadIndex) nearest(p geo.LatLng, maxM float64) string {
	k := roadCellOf(p)
	best, bestD := "", maxM
	for dy := int32(-1); dy <= 1; dy++ {
		for dx := int32(-1); dx <= 1; dx++ {
			for _, rp := range x.cells[[2]int32{k[0] + dy, k[1] + dx}] {
				if d := geo.Distance(p, rp.p); d <= bestD {
					best, bestD = rp.name, d
				}
			}
		}
	}
	return best
}
