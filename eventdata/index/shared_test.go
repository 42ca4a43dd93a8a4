package index_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/cairn-agents/cairn/eventdata"
	"github.com/cairn-agents/cairn/eventdata/index"
	"github.com/cairn-agents/cairn/geo"
	"github.com/cairn-agents/cairn/geo/geotest"
	"github.com/cairn-agents/cairn/internal/testkit"
	"github.com/cairn-agents/cairn/understand"
)

// conferences is the shared tech-conference lists, or a skip.
func conferences(t testing.TB) string {
	return testkit.Shared(t, "data/events/tech-conferences")
}

// TestSharedConferences adds the 2,050 shared conferences (2024-2027,
// the same conference often in two topic files) through the path a
// user's files take, and searches them.
func TestSharedConferences(t *testing.T) {
	dir := conferences(t)
	gaz := geo.NewGazetteer(geotest.Engine(t))
	ctx := context.Background()
	x, err := index.Open(ctx, index.Options{Dir: t.TempDir(), Gazetteer: gaz})
	if err != nil {
		t.Fatal(err)
	}
	defer x.Close()
	rep, err := x.Add(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	rows, problems := 0, 0
	for _, f := range rep.Files {
		rows += f.Records
		problems += len(f.Problems)
	}
	if rows != 2050 || problems != 0 || rep.New+rep.Duplicates != 2050 || rep.Duplicates < 100 || rep.Records != rep.New {
		t.Fatalf("%d files, %d rows, %d problems: %d new, %d duplicates", len(rep.Files), rows, problems, rep.New, rep.Duplicates)
	}
	placed := 0
	for _, r := range x.Records() {
		if r.Place != nil {
			placed++
		}
		if r.City != "" && r.CountryCode == "" {
			t.Errorf("%s: country %q not resolved", r.Title, r.Country)
		}
	}
	if placed < rep.Records*8/10 {
		t.Errorf("%d of %d records placed by the gazetteer", placed, rep.Records)
	}
	berlin := placeOf(t, gaz, "Berlin", understand.KindCity, "DE")
	from := time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC)
	q := eventdata.Query{Place: &berlin, From: from, To: from.AddDate(0, 3, 0), Limit: 50}
	res, err := x.Search(ctx, q)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Hits) < 3 {
		t.Errorf("Berlin, March to May 2026: %d conferences", len(res.Hits))
	}
	for _, h := range res.Hits {
		if h.City != "Berlin" || h.Start > "2026-05-31" || h.End < "2026-03-01" || h.URL == "" {
			t.Errorf("Berlin, March to May 2026: %s %s..%s in %s", h.Title, h.Start, h.End, h.City)
		}
	}
	res, _ = x.Search(ctx, eventdata.Query{Text: "kubernetes", Limit: 5})
	for _, h := range res.Hits {
		if !strings.Contains(strings.ToLower(h.Title+h.Description+strings.Join(h.Topics, " ")), "kubernetes") {
			t.Errorf("kubernetes: %s", h.Title)
		}
	}
	if len(res.Hits) < 3 {
		t.Errorf("kubernetes: %d hits", len(res.Hits))
	}
}

// BenchmarkAddSharedConferences is the index build of the shared
// conferences: read 105 files, place 2,050 records, write the records
// and the bleve index. The target is under 5 s.
func BenchmarkAddSharedConferences(b *testing.B) {
	dir := conferences(b)
	gaz := geo.NewGazetteer(geotest.Engine(b))
	ctx := context.Background()
	for b.Loop() {
		x, err := index.Open(ctx, index.Options{Dir: b.TempDir(), Gazetteer: gaz})
		if err != nil {
			b.Fatal(err)
		}
		if _, err := x.Add(ctx, dir); err != nil {
			b.Fatal(err)
		}
		x.Close()
	}
}

// BenchmarkSearchShared is one profile query (a city, a quarter, two
// keywords) over the shared conferences.
func BenchmarkSearchShared(b *testing.B) {
	dir := conferences(b)
	gaz := geo.NewGazetteer(geotest.Engine(b))
	ctx := context.Background()
	x, err := index.Open(ctx, index.Options{Dir: b.TempDir(), Gazetteer: gaz})
	if err != nil {
		b.Fatal(err)
	}
	defer x.Close()
	if _, err := x.Add(ctx, dir); err != nil {
		b.Fatal(err)
	}
	berlin := placeOf(b, gaz, "Berlin", understand.KindCity, "DE")
	from := time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC)
	q := eventdata.Query{Place: &berlin, From: from, To: from.AddDate(0, 3, 0), Keywords: []string{"design", "data"}, Limit: 50}
	for b.Loop() {
		if _, err := x.Search(ctx, q); err != nil {
			b.Fatal(err)
		}
	}
}

func placeOf(t testing.TB, g understand.Gazetteer, name string, kind understand.Kind, country string) understand.Place {
	t.Helper()
	for _, p := range g.Lookup(understand.Normalize(name)) {
		if p.Kind == kind && p.CountryCode == country && p.Match == understand.MatchName {
			return p
		}
	}
	t.Fatalf("gazetteer has no %s %s in %s", kind, name, country)
	return understand.Place{}
}
