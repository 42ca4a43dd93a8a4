package data_test

import (
	"bytes"
	"context"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/cairn-agents/cairn/geo"
	"github.com/cairn-agents/cairn/geo/assets"
	"github.com/cairn-agents/cairn/geo/data"
	"github.com/cairn-agents/cairn/geo/internal/pack"
)

const tinyOSM = `<?xml version="1.0" encoding="UTF-8"?>
<osm version="0.6" generator="test">
  <node id="1" lat="10.0000" lon="-30.5000" version="1"/>
  <node id="2" lat="10.0100" lon="-30.5000" version="1"/>
  <node id="3" lat="10.0200" lon="-30.5000" version="1"/>
  <node id="4" lat="10.0100" lon="-30.4900" version="1"/>
  <node id="5" lat="10.0100" lon="-30.4800" version="1"/>
  <node id="9" lat="10.0150" lon="-30.4950" version="1">
    <tag k="amenity" v="fuel"/><tag k="name" v="Test Fuel"/><tag k="toilets" v="yes"/>
    <tag k="addr:housenumber" v="12"/><tag k="addr:street" v="Main Street"/><tag k="addr:postcode" v="19901"/>
  </node>
  <node id="10" lat="10.0050" lon="-30.4990" version="1">
    <tag k="tourism" v="viewpoint"/>
  </node>
  <node id="11" lat="10.0060" lon="-30.4990" version="1">
    <tag k="amenity" v="bench"/><tag k="name" v="Not A Place"/>
  </node>
  <node id="13" lat="10.0300" lon="-30.4700" version="1">
    <tag k="natural" v="peak"/><tag k="name" v="Test Hill"/><tag k="ele" v="57 m"/>
  </node>
  <node id="12" lat="10.0000" lon="-30.4700" version="1">
    <tag k="place" v="hamlet"/><tag k="name" v="Test Hamlet"/><tag k="ele" v="100 ft"/>
  </node>
  <node id="14" lat="10.0000" lon="-30.4600" version="1">
    <tag k="natural" v="bay"/><tag k="ele" v="Sea Level"/>
  </node>
  <way id="100" version="1">
    <nd ref="1"/><nd ref="2"/><nd ref="3"/>
    <tag k="highway" v="primary"/><tag k="name" v="Main Street"/><tag k="maxspeed" v="40 mph"/>
  </way>
  <way id="101" version="1">
    <nd ref="2"/><nd ref="4"/><nd ref="5"/>
    <tag k="highway" v="residential"/><tag k="name" v="Side Road"/><tag k="oneway" v="yes"/>
  </way>
  <way id="102" version="1">
    <nd ref="4"/><nd ref="99"/>
    <tag k="highway" v="footway"/>
  </way>
</osm>`

func writeTiny(t *testing.T) string {
	p := filepath.Join(t.TempDir(), "tiny.osm")
	if err := os.WriteFile(p, []byte(tinyOSM), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestImportTinyXML(t *testing.T) {
	ctx := context.Background()
	namer := func(context.Context, geo.LatLng) (string, string, string) {
		return "Dover", "Delaware", "United States"
	}
	reg, err := data.ImportOSM(ctx, writeTiny(t), "tiny", namer)
	if err != nil {
		t.Fatal(err)
	}
	// Junctions: 1, 2, 3, 5 (way ends and shared nodes) and 4, where the
	// footway starts (its other node is outside the extract, so the
	// footway itself yields no edge).
	if reg.Nodes != 5 {
		t.Errorf("nodes = %d, want 5", reg.Nodes)
	}
	// Main Street: 2 segments both ways for every mode. Side Road: 2
	// segments, forward for every mode, backward on foot only (one-way).
	car := 0
	for _, f := range reg.EdgeFlags {
		if f&1 != 0 {
			car++
		}
	}
	if reg.Edges != 8 || car != 6 {
		t.Errorf("edges = %d (%d for cars), want 8 (6)", reg.Edges, car)
	}
	if len(reg.Places) != 2 {
		t.Fatalf("places = %+v, want the fuel station and the viewpoint", reg.Places)
	}
	fuel := reg.Places[1]
	if fuel.ID != "n9" || fuel.Name != "Test Fuel" || fuel.Types[0] != "gas_station" ||
		fuel.Address != "12 Main Street, Dover, Delaware 19901, United States" {
		t.Errorf("fuel place = %+v", fuel)
	}
	if vp := reg.Places[0]; vp.ID != "n10" || vp.Name != "Viewpoint" || vp.Types[0] != "viewpoint" {
		t.Errorf("viewpoint = %+v", vp)
	}
	// Spot heights: in node order, feet converted to decimetres, the
	// peak marked as a summit, "Sea Level" refused rather than guessed.
	if want := []pack.Spot{{Lat: 10000000, Lng: -30470000, Ele: 305}, {Lat: 10030000, Lng: -30470000, Ele: 570, Summit: true}}; !slices.Equal(reg.Spots, want) {
		t.Errorf("spots = %+v, want %+v", reg.Spots, want)
	}
	// Speeds: 40 mph is 64 km/h.
	for i, s := range reg.EdgeSpeed {
		if reg.Names[reg.EdgeName[i]] == "Main Street" && s != 64 {
			t.Errorf("Main Street speed %d, want 64", s)
		}
	}
}

// importTiny imports the tiny extract into a new data directory with an
// engine of its own on the embedded data; it returns both.
func importTiny(t *testing.T) (string, *geo.Engine) {
	t.Helper()
	ctx := context.Background()
	dir := t.TempDir()
	eng, err := geo.Open(ctx, geo.Options{Base: assets.FS})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := data.Import(ctx, writeTiny(t), dir, eng); err != nil {
		t.Fatal(err)
	}
	return dir, eng
}

func TestRoutingOnImportedRegion(t *testing.T) {
	ctx := context.Background()
	dir, _ := importTiny(t)
	e, err := geo.Open(ctx, geo.Options{Base: assets.FS, Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	d, err := e.PlaceDetails(ctx, "osm:n9")
	if err != nil || strings.Join(d.Amenities, ",") != "fuel,toilets" || d.Rating != nil {
		t.Errorf("details of the fuel station: %+v %v, want amenities fuel and toilets from its tags", d, err)
	}
	// The spot heights correct the elevation near them, mid-Atlantic where
	// no GeoNames place is within reach: the hamlet's own height at the
	// hamlet, and the peak only within a kilometre of it.
	ev, err := e.Elevation(ctx, []geo.LatLng{{Lat: 10, Lng: -30.47}, {Lat: 10.03, Lng: -30.47}, {Lat: 10.015, Lng: -30.47}, {Lat: 10.3, Lng: -30.47}})
	if err != nil {
		t.Fatal(err)
	}
	r := ev.Results
	t.Logf("spot elevations: %+v", r)
	if math.Abs(r[0].Elevation-30.5) > 0.05 || r[0].Source != "ETOPO5+OSM" || r[0].Resolution != 90 {
		t.Errorf("at the hamlet: %+v, want 30.5 m (100 ft) from ETOPO5+OSM at 90 m resolution", r[0])
	}
	if math.Abs(r[1].Elevation-57) > 0.05 || r[1].Source != "ETOPO5+OSM" {
		t.Errorf("at the peak: %+v, want 57 m from ETOPO5+OSM", r[1])
	}
	// 1.67 km from both: the peak is out of reach, the hamlet blends with
	// the ocean floor ETOPO5 gives; 33 km away ETOPO5 stands alone.
	if r[2].Source != "ETOPO5+OSM" || r[2].Elevation >= 30.5 || r[2].Elevation < r[3].Elevation || r[2].Resolution < 1600 || r[2].Resolution > 1700 {
		t.Errorf("between them: %+v, want a blend of the hamlet (30.5 m, 1.67 km away) and ETOPO5", r[2])
	}
	if r[3].Source != "ETOPO5" || r[3].Elevation > -1000 {
		t.Errorf("33 km away: %+v, want plain ETOPO5 ocean depth", r[3])
	}
	// 1 -> 5 follows the one-way Side Road.
	m, err := e.DistanceMatrix(ctx, geo.MatrixRequest{Origins: []string{"10.0,-30.5"}, Destinations: []string{"10.01,-30.48"}})
	if err != nil {
		t.Fatal(err)
	}
	el := m.Results[0].Elements[0]
	t.Logf("1 -> 5: %+v %+v", el.Distance, el.Duration)
	if el.Estimated || el.Distance.Value < 3290 || el.Distance.Value > 3320 {
		t.Errorf("1 -> 5 = %+v, want 3,302 m on the graph (1,112 m north, 2 × 1,095 m east)", el.Distance)
	}
	// 5 -> 1: a car may not drive the Side Road backwards; on foot it may.
	uses := func(mode string) bool {
		d, err := e.Directions(ctx, geo.DirectionsRequest{Origin: "10.01,-30.48", Destination: "10.0,-30.5", Mode: mode})
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range d.Routes[0].Steps {
			if strings.Contains(s.Instructions, "Side Road") {
				return true
			}
		}
		return false
	}
	if uses("driving") {
		t.Error("driving 5 -> 1 goes the wrong way up the one-way Side Road")
	}
	if !uses("walking") {
		t.Error("walking 5 -> 1 does not use the Side Road")
	}
}

func TestBadExtractKeepsData(t *testing.T) {
	ctx := context.Background()
	dir, eng := importTiny(t)
	before, _ := os.ReadFile(filepath.Join(dir, "regions", "tiny.gz"))

	bad := map[string][]byte{
		"garbage.osm.pbf": []byte("this is not a protocol buffer at all, just text\n"),
		"tiny.osm":        []byte(tinyOSM[:400]), // truncated XML, same region name
	}
	if pbf := delawarePBF(t); pbf != nil {
		bad["truncated.osm.pbf"] = pbf[:len(pbf)/3]
	}
	for name, b := range bad {
		p := filepath.Join(t.TempDir(), name)
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := data.Import(ctx, p, dir, eng)
		if err == nil {
			t.Errorf("%s: imported without error", name)
			continue
		}
		if !strings.Contains(err.Error(), p) {
			t.Errorf("%s: error %q does not name the file", name, err)
		}
		t.Logf("%s: %v", name, err)
	}
	after, _ := os.ReadFile(filepath.Join(dir, "regions", "tiny.gz"))
	if !bytes.Equal(before, after) {
		t.Error("a failed import changed the region already built")
	}
	ents, _ := os.ReadDir(filepath.Join(dir, "regions"))
	if len(ents) != 1 {
		t.Errorf("regions dir holds %d files after failed imports, want 1", len(ents))
	}
	e, err := geo.Open(ctx, geo.Options{Base: assets.FS, Dir: dir})
	if err != nil {
		t.Fatalf("previously built data no longer loads: %v", err)
	}
	if n := len(e.Info().Regions); n != 3 {
		t.Errorf("regions = %d, want andorra, delaware and tiny", n)
	}
}

func delawarePBF(t *testing.T) []byte {
	for _, p := range data.DefaultSources().OSM {
		if strings.HasSuffix(p, ".pbf") {
			if b, err := os.ReadFile(p); err == nil {
				return b
			}
		}
	}
	t.Log("Delaware PBF absent from the module cache; truncated-PBF case skipped")
	return nil
}

func TestImportIsReproducible(t *testing.T) {
	ctx := context.Background()
	eng, err := geo.Open(ctx, geo.Options{Base: assets.FS})
	if err != nil {
		t.Fatal(err)
	}
	src := writeTiny(t)
	a, b := t.TempDir(), t.TempDir()
	for _, d := range []string{a, b} {
		if _, err := data.Import(ctx, src, d, eng); err != nil {
			t.Fatal(err)
		}
	}
	x, _ := os.ReadFile(filepath.Join(a, "regions", "tiny.gz"))
	y, _ := os.ReadFile(filepath.Join(b, "regions", "tiny.gz"))
	if len(x) == 0 || !bytes.Equal(x, y) {
		t.Error("two imports of the same extract differ")
	}
}

func TestRegionName(t *testing.T) {
	for in, want := range map[string]string{
		"/x/delaware-latest.osm.pbf": "delaware", "andorra-latest.osm.bz2": "andorra", "Monaco.osm": "monaco", "a/b/c.osm.gz": "c",
	} {
		if got := data.RegionName(in); got != want {
			t.Errorf("RegionName(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestDamagedRegionFileNamed(t *testing.T) {
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "regions"), 0o755)
	os.WriteFile(filepath.Join(dir, "regions", "broken.gz"), []byte("\x1f\x8b\x08\x00garbage"), 0o644)
	_, err := geo.Open(context.Background(), geo.Options{Base: assets.FS, Dir: dir})
	if err == nil || !strings.Contains(err.Error(), "regions/broken.gz") {
		t.Errorf("damaged region: %v, want an error naming regions/broken.gz", err)
	}
}
