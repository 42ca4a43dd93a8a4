package ocean

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"testing"

	"github.com/cairn-agents/cairn/geo/geotest"
	"github.com/cairn-agents/cairn/ocean/sqlguard"
	"github.com/cairn-agents/cairn/ocean/store"
)

// queryOnly hides a store's Checked: the App then lists the profiles
// read by running profilesSQL.
type queryOnly struct{ Querier }

// TestFloatListingSameAsSQL: the profiles a plan of named floats read,
// filtered in Go from each float's whole listing, are those profilesSQL
// lists when it runs, with the same cited statement, arguments and
// counts, for every such plan of the corpus and for plans that list
// more than maxListedProfiles (the counted statement's order and counts).
func TestFloatListingSameAsSQL(t *testing.T) {
	s, ix := fixture(t)
	opts := Options{PlanCacheTTL: -1, Now: testNow}
	filtered, err := New(s, s, ix, opts)
	if err != nil {
		t.Fatal(err)
	}
	ran, err := New(s, queryOnly{s}, ix, opts)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	gaz := geotest.Gazetteer(t)
	var plans []QueryPlan
	for _, c := range loadCorpus(t) {
		if p := readPlan(c.Q, testNow(), gaz); byFloatsOnly(p) && p.Validate() == nil {
			plans = append(plans, p)
		}
	}
	if len(plans) < 100 {
		t.Fatalf("%d corpus plans of named floats alone; want at least 100", len(plans))
	}
	r, err := s.Query(ctx, store.QueryOptions{MaxRows: 10000}, "SELECT DISTINCT wmo FROM argo_profile_stations ORDER BY wmo")
	if err != nil {
		t.Fatal(err)
	}
	var all []string
	for _, row := range r.Rows {
		all = append(all, str(row[0]))
	}
	many := []QueryPlan{
		{Variable: "temperature", Aggregate: "max", Floats: all, Answer: "number"},
		{Variable: "salinity", Aggregate: "mean", Floats: append(all[len(all)/2:], all[0]), Pressure: &PressureRange{Min: 0, Max: 10}, Answer: "number"},
		{Variable: "temperature", Aggregate: "value", Floats: all[:3], Cycles: []int{1, 2, 3, 50, 400}, Answer: "table"},
	}
	counted := 0
	for i, p := range append(plans, many...) {
		want, werr := ran.RunPlan(ctx, p)
		got, gerr := filtered.RunPlan(ctx, p)
		if (werr != nil) != (gerr != nil) {
			t.Fatalf("plan %d %+v: error %v, by SQL %v", i, p, gerr, werr)
		}
		if werr != nil {
			continue
		}
		if got.ProfilesRead > maxListedProfiles {
			counted++
		}
		if got.ProfilesSQL != want.ProfilesSQL || fmt.Sprint(got.ProfilesArgs) != fmt.Sprint(want.ProfilesArgs) ||
			got.ProfilesRead != want.ProfilesRead || got.FloatsRead != want.FloatsRead || !reflect.DeepEqual(got.Profiles, want.Profiles) {
			t.Errorf("plan %d %+v:\nfiltered %q %v read %d of %d floats, %d listed\nby SQL   %q %v read %d of %d floats, %d listed",
				i, p, got.ProfilesSQL, got.ProfilesArgs, got.ProfilesRead, got.FloatsRead, len(got.Profiles),
				want.ProfilesSQL, want.ProfilesArgs, want.ProfilesRead, want.FloatsRead, len(want.Profiles))
		}
	}
	if _, err := s.Checked("SELECT * FROM pg_catalog.pg_shadow", true); !errors.Is(err, sqlguard.ErrRejected) {
		t.Errorf("Checked passed a statement the guard rejects: %v", err)
	}
	if counted == 0 {
		t.Error("no plan listed more than maxListedProfiles: the counted statement's path is untested")
	}
}
