package index_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/cairn-agents/cairn/eventdata"
	"github.com/cairn-agents/cairn/eventdata/index"
	"github.com/cairn-agents/cairn/understand"
)

// gaz is a small gazetteer: what the tests' files name.
func gaz() understand.Gazetteer {
	var g understand.Index
	for _, p := range []understand.Place{
		{ID: "geonames:2950159", Name: "Berlin", Kind: understand.KindCity, Region: "State of Berlin", Country: "Germany", CountryCode: "DE", Lat: 52.52, Lng: 13.41, HasPoint: true, Population: 3400000},
		{ID: "geonames:2852458", Name: "Potsdam", Kind: understand.KindCity, Region: "Brandenburg", Country: "Germany", CountryCode: "DE", Lat: 52.40, Lng: 13.07, HasPoint: true},
		{ID: "geonames:2867714", Name: "Munich", Kind: understand.KindCity, Region: "Bavaria", Country: "Germany", CountryCode: "DE", Lat: 48.14, Lng: 11.58, HasPoint: true},
		{ID: "country:DE", Name: "Germany", Kind: understand.KindCountry, Country: "Germany", CountryCode: "DE"},
		{ID: "country:US", Name: "United States", Kind: understand.KindCountry, Country: "United States", CountryCode: "US"},
	} {
		var aliases []string
		switch p.Name {
		case "Munich":
			aliases = []string{"München"}
		case "United States":
			aliases = []string{"U.S.A."}
		}
		g.Add(p, aliases...)
	}
	return &g
}

func files(t *testing.T, kv ...string) string {
	t.Helper()
	dir := t.TempDir()
	for i := 0; i < len(kv); i += 2 {
		p := filepath.Join(dir, kv[i])
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(kv[i+1]), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

const (
	goJSON = `[
{"name": "GopherCon EU", "url": "https://gophercon.eu", "startDate": "2026-06-15", "endDate": "2026-06-18", "city": "Berlin", "country": "Germany", "online": false},
{"name": "Potsdam Photo Walk", "url": "https://walk.example", "startDate": "2026-03-21", "endDate": "2026-03-21", "city": "Potsdam", "country": "Germany"},
{"name": "Go Remote Day", "url": "https://remote.example", "startDate": "2026-03-10", "endDate": "2026-03-10", "online": true}
]`
	// The same GopherCon under another topic, and a Munich festival.
	generalJSON = `[
{"name": "GopherCon EU", "url": "https://gophercon.eu/", "startDate": "2026-06-15", "endDate": "2026-06-18", "city": "Berlin", "country": "Germany", "online": false},
{"name": "Lichterfest", "url": "https://licht.example", "startDate": "2026-03-05", "endDate": "2026-03-08", "city": "München", "country": "Germany"}
]`
)

func open(t *testing.T, dir string) *index.Index {
	t.Helper()
	x, err := index.Open(context.Background(), index.Options{Dir: dir, Gazetteer: gaz()})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { x.Close() })
	return x
}

func TestAddDedupSearchRemove(t *testing.T) {
	ctx := context.Background()
	src := files(t, "golang.json", goJSON, "sub/general.json", generalJSON, "notes.txt", "not events")
	dir := filepath.Join(t.TempDir(), "events")
	x := open(t, dir)
	if res, err := x.Search(ctx, eventdata.Query{}); err != nil || len(res.Hits) != 0 || len(res.Notes) == 0 {
		t.Fatalf("empty index: %v %+v", err, res)
	}
	var phases []string
	x2, _ := index.Open(ctx, index.Options{Dir: dir, Gazetteer: gaz(), Progress: func(p index.Progress) { phases = append(phases, p.Phase) }})
	defer x2.Close()
	rep, err := x2.Add(ctx, src)
	if err != nil {
		t.Fatal(err)
	}
	if rep.New != 4 || rep.Duplicates != 1 || rep.Records != 4 || len(rep.Files) != 2 {
		t.Fatalf("add: %+v", rep)
	}
	if strings.Join(phases, ",") != "read,read,index" {
		t.Errorf("progress %v", phases)
	}
	x = open(t, dir) // a second process sees it
	if x.Len() != 4 || len(x.Files()) != 2 {
		t.Fatalf("reopened: %d records, %d files", x.Len(), len(x.Files()))
	}
	var gopher eventdata.Record
	for _, r := range x.Records() {
		if r.Title == "GopherCon EU" {
			gopher = r
		}
		if r.Title == "Lichterfest" && (r.Place == nil || r.Place.ID != "geonames:2867714" || r.Region != "Bavaria") {
			t.Errorf("München not placed as Munich: %+v", r)
		}
	}
	if len(gopher.Topics) != 2 || len(x.Origins(gopher.Key)) != 2 || gopher.CountryCode != "DE" || gopher.Place == nil {
		t.Errorf("GopherCon: topics %v origins %v place %+v", gopher.Topics, x.Origins(gopher.Key), gopher.Place)
	}

	berlin := understand.Place{ID: "geonames:2950159", Name: "Berlin", Kind: understand.KindCity, Region: "State of Berlin", Country: "Germany", CountryCode: "DE", Lat: 52.52, Lng: 13.41, HasPoint: true}
	march := eventdata.Query{Place: &berlin, From: time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC), To: time.Date(2026, 4, 1, 0, 0, 0, 0, time.UTC)}
	titles := func(q eventdata.Query) string {
		t.Helper()
		res, err := x.Search(ctx, q)
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, h := range res.Hits {
			if h.Source.Source != "index" || h.Source.Snippet == "" || h.Source.Line == 0 {
				t.Errorf("hit provenance %+v", h.Source)
			}
			out = append(out, h.Title)
		}
		return strings.Join(out, "|")
	}
	if got := titles(march); got != "" {
		t.Errorf("Berlin, March 2026: %q, want nothing (Potsdam is another city)", got)
	}
	march.Radius = 40
	if got := titles(march); got != "Potsdam Photo Walk" {
		t.Errorf("within 40 km of Berlin, March 2026: %q", got)
	}
	germany := understand.Place{Name: "Germany", Kind: understand.KindCountry, Country: "Germany", CountryCode: "DE"}
	if got := titles(eventdata.Query{Place: &germany}); got != "Lichterfest|Potsdam Photo Walk|GopherCon EU" {
		t.Errorf("Germany, by date: %q", got)
	}
	if got := titles(eventdata.Query{Text: "gophercon berlin"}); got != "GopherCon EU" {
		t.Errorf("text: %q", got)
	}
	if got := titles(eventdata.Query{Keywords: []string{"photo"}, Place: &germany}); !strings.HasPrefix(got, "Potsdam Photo Walk|") {
		t.Errorf("keyword ranks first: %q", got)
	}
	if got := titles(eventdata.Query{Online: eventdata.OnlineOnly}); got != "Go Remote Day" {
		t.Errorf("online only: %q", got)
	}
	if got := titles(eventdata.Query{Text: "walk", Limit: 1, From: march.From}); got != "Potsdam Photo Walk" {
		t.Errorf("limit 1: %q", got)
	}

	// Removing one topic file keeps GopherCon, listed by the other.
	removed, err := x.Remove(ctx, filepath.Join(src, "golang.json"))
	if err != nil || len(removed) != 1 {
		t.Fatal(removed, err)
	}
	if x.Len() != 2 || titles(eventdata.Query{Text: "gophercon"}) != "GopherCon EU" {
		t.Errorf("after remove: %d records", x.Len())
	}
	if _, err := x.Remove(ctx, filepath.Join(src, "golang.json")); !errors.Is(err, index.ErrNotAdded) {
		t.Errorf("remove twice: %v", err)
	}
	if _, err := x.Remove(ctx, src); err != nil || x.Len() != 0 || len(x.Files()) != 0 {
		t.Errorf("remove the directory: %v, %d left", err, x.Len())
	}
}

func TestFailedAddChangesNothing(t *testing.T) {
	ctx := context.Background()
	src := files(t, "a.json", goJSON, "b.json", `[{"name": "x"`, "big.csv", "name,startDate\n"+strings.Repeat("x,2026-01-01\n", 200))
	dir := t.TempDir()
	x, _ := index.Open(ctx, index.Options{Dir: dir, Gazetteer: gaz(), MaxFileSize: 1000})
	defer x.Close()
	if _, err := x.Add(ctx, filepath.Join(src, "a.json")); err != nil {
		t.Fatal(err)
	}
	before, _ := os.ReadFile(filepath.Join(dir, "manifest.json"))
	for _, p := range []string{"b.json", "big.csv", "missing.json"} {
		_, err := x.Add(ctx, filepath.Join(src, "a.json"), filepath.Join(src, p))
		if err == nil || !strings.Contains(err.Error(), p) || !strings.Contains(err.Error(), "nothing added") {
			t.Errorf("add %s: %v", p, err)
		}
	}
	after, _ := os.ReadFile(filepath.Join(dir, "manifest.json"))
	if string(before) != string(after) || x.Len() != 3 {
		t.Errorf("a failed add changed the index: %d records", x.Len())
	}
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := x.Add(cancelled, src); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled add: %v", err)
	}
	ents, _ := os.ReadDir(dir)
	var names []string
	for _, e := range ents {
		names = append(names, e.Name())
	}
	if got := strings.Join(names, " "); got != "bleve-1 lock manifest.json records-1.jsonl" {
		t.Errorf("directory holds %s", got)
	}
	// Adding the same file again replaces its records.
	rep, err := x.Add(ctx, filepath.Join(src, "a.json"))
	if err != nil || !rep.Files[0].Replaced || rep.New != 0 || rep.Duplicates != 0 || x.Len() != 3 {
		t.Errorf("re-add: %+v %v, %d records", rep, err, x.Len())
	}
}
