package ocean

import (
	"context"
	"fmt"
	"math/rand/v2"
	"reflect"
	"sync"
	"testing"

	"github.com/cairn-agents/cairn/geo/geotest"
	"github.com/cairn-agents/cairn/ocean/store"
)

// plansInGoToTest are plans without a radius: the corpus's,
// as the policy reads its questions and as its gold has them, the
// summary and at-target test plans, and 1200 drawn at random over
// every aggregate, grouping, ranking, pressure window and target, cycle,
// time, region and box filter, variables and floats (named or all).
func plansInGoToTest(t *testing.T, floats []string) []QueryPlan {
	var plans []QueryPlan
	gaz := geotest.Gazetteer(t)
	stride, drawn := 1, 1200
	if raceEnabled {
		stride, drawn = 4, 300 // the same code, ten times slower
	}
	for i, c := range loadCorpus(t) {
		if i%stride == 0 {
			plans = append(plans, readPlan(c.Q, testNow(), gaz), c.Plan)
		}
	}
	plans = append(plans, summaryPlans(t)...)
	plans = append(plans, atTargetsPlans(t)...)
	rng := rand.New(rand.NewPCG(17, 2026))
	pick := func(n int) int { return rng.IntN(n) }
	aggs := []string{"value", "min", "max", "mean", "median", "range", "count", "trend", "profile", "timeseries", "compare"}
	vars := []string{"temperature", "salinity", "pressure", "doxy"}
	groups := []string{"", "", "", "float", "cycle", "month", "depth_bin"}
	pressures := []*PressureRange{nil, nil, {Min: 0, Max: store.SurfaceDbar, Surface: true}, {Min: 200, Max: 500},
		atPressure(1000), atPressure(10), atPressure(333), {Min: 900, Max: 1100, Target: 1000}, {Min: 0, Max: 60, Target: 50}}
	ranks := []*Ranking{{By: "warmest"}, {By: "deepest", Of: "profile", N: 3}, {By: "coldest", N: 5}, {By: "latest", Of: "profile"},
		{By: "earliest", Of: "profile"}}
	for range drawn {
		p := QueryPlan{Variable: vars[pick(len(vars))], Aggregate: aggs[pick(len(aggs))], Answer: "table"}
		for range pick(4) / 2 * (1 + pick(3)/2) {
			p.Floats = append(p.Floats, floats[pick(len(floats))])
		}
		switch pick(6) {
		case 0:
			p.Region = regions[pick(len(regions))].Name
		case 1:
			p.Box = &Box{MinLat: -20 + float64(pick(20)), MaxLat: 10 + float64(pick(40)), MinLon: -80 + float64(pick(100)), MaxLon: 30 + float64(pick(100))}
		}
		if pick(4) == 0 {
			p.With = []string{vars[pick(2)]}
		}
		switch pick(4) {
		case 0:
			p.Cycles = []int{1, 5, 10, 40}
		case 1:
			p.Cycles = []int{1 + pick(60)}
		}
		if pick(4) == 0 {
			p.Time = &TimeFrame{From: "2019-01-01", To: "2021-07-01"}
		}
		p.Pressure = pressures[pick(len(pressures))]
		p.GroupBy = groups[pick(len(groups))]
		if p.GroupBy == "depth_bin" && pick(2) == 0 {
			p.BinDbar = 50
		}
		if pick(6) == 0 {
			r := *ranks[pick(len(ranks))]
			p.Rank = &r
		}
		plans = append(plans, p)
	}
	var out []QueryPlan
	for _, p := range plans {
		if (p.Near == nil || p.Near.RadiusKm == 0) && p.Validate() == nil && len(p.Missing) == 0 && !stationsOnly(p) {
			out = append(out, p)
		}
	}
	return out
}

// TestPlansInGoSameAsSQL: a plan answered in Go from the floats' levels
// has the rows its statement returns when it runs (values to 1e-9
// relative: sums added in another order), the same cited statement,
// arguments, columns and profiles read, for every corpus plan without a
// radius and 1200 drawn at random.
func TestPlansInGoSameAsSQL(t *testing.T) {
	s, ix := fixture(t)
	opts := Options{PlanCacheTTL: -1, Now: testNow}
	inGo, err := New(s, s, ix, opts)
	if err != nil {
		t.Fatal(err)
	}
	bySQL, err := New(s, s, ix, opts)
	if err != nil {
		t.Fatal(err)
	}
	bySQL.sqlOnly = true
	ctx := context.Background()
	r, err := s.Query(ctx, store.QueryOptions{MaxRows: 10000}, "SELECT DISTINCT wmo FROM argo_profile_stations ORDER BY wmo")
	if err != nil {
		t.Fatal(err)
	}
	var floats []string
	for _, row := range r.Rows {
		floats = append(floats, str(row[0]))
	}
	plans := plansInGoToTest(t, floats)
	want := 1500
	if raceEnabled {
		want = 400
	}
	if len(plans) < want {
		t.Fatalf("%d plans to test; want at least %d", len(plans), want)
	}
	answered, withRows := 0, 0
	for i, p := range plans {
		name := fmt.Sprintf("plan %d %+v pressure %+v rank %+v time %+v", i, p, p.Pressure, p.Rank, p.Time)
		pq, _, err := inGo.planStatement(p)
		if err != nil {
			continue
		}
		if _, ok := inGo.planInGo(ctx, p, pq, 5000); ok {
			answered++
		} else if p.GroupBy != "depth_bin" || p.BinDbar == float64(int(p.BinDbar)) {
			t.Errorf("%s: not answered in Go", name)
		}
		want, werr := bySQL.RunPlan(ctx, p)
		got, gerr := inGo.RunPlan(ctx, p)
		if (werr != nil) != (gerr != nil) {
			t.Errorf("%s: error %v, by SQL %v", name, gerr, werr)
			continue
		}
		if werr != nil {
			continue
		}
		if len(want.Rows) > 0 {
			withRows++
		}
		if got.SQL != want.SQL || fmt.Sprint(got.Args) != fmt.Sprint(want.Args) || !reflect.DeepEqual(got.Columns, want.Columns) ||
			got.Truncated != want.Truncated || !reflect.DeepEqual(got.Profiles, want.Profiles) {
			t.Errorf("%s:\nin Go  %q %v %v truncated %v\nby SQL %q %v %v truncated %v", name, got.SQL, got.Args, got.Columns, got.Truncated,
				want.SQL, want.Args, want.Columns, want.Truncated)
			continue
		}
		sameRows(t, name+": in Go", &store.Result{Columns: colNames(got.Columns), Rows: got.Rows}, &store.Result{Rows: want.Rows})
	}
	if answered < want || withRows < want*2/3 {
		t.Errorf("%d plans answered in Go, %d with rows; want at least %d and %d", answered, withRows, want, want*2/3)
	}
	t.Logf("%d plans answered in Go, %d of them with rows, the same as their statements'", answered, withRows)
}

// TestPlansInGoConcurrently: plans answered in Go at the same time (the
// level buffers are reused from one plan to the next, the floats' levels
// shared) give each the rows it gives alone; run it with -race.
func TestPlansInGoConcurrently(t *testing.T) {
	a := newApp(t, Options{PlanCacheTTL: -1})
	ctx := context.Background()
	plans := []QueryPlan{
		{Variable: "temperature", Aggregate: "mean", Answer: "number"},
		{Variable: "salinity", Aggregate: "max", Floats: []string{"2902269"}, Answer: "number"},
		{Variable: "temperature", Aggregate: "value", Floats: []string{"5906072"}, Pressure: atPressure(333), Answer: "table"},
		{Variable: "temperature", Aggregate: "median", Region: "Arabian Sea", GroupBy: "month", Answer: "table"},
		{Variable: "salinity", Aggregate: "profile", Floats: []string{"1900857"}, With: []string{"temperature"}, Answer: "plot"},
		{Variable: "temperature", Aggregate: "trend", Floats: []string{"2902269", "2901746"}, Answer: "table"},
	}
	want := make([]*PlanResult, len(plans))
	for i, p := range plans {
		var err error
		if want[i], err = a.RunPlan(ctx, p); err != nil {
			t.Fatalf("%+v: %v", p, err)
		}
		if len(want[i].Rows) == 0 {
			t.Fatalf("%+v: no rows", p)
		}
	}
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Go(func() {
			for k := range 12 {
				i := (g + k) % len(plans)
				got, err := a.RunPlan(ctx, plans[i])
				if err != nil {
					t.Errorf("%+v: %v", plans[i], err)
					return
				}
				if !reflect.DeepEqual(got.Rows, want[i].Rows) {
					t.Errorf("%+v: concurrently %d rows, alone %d, or other values", plans[i], len(got.Rows), len(want[i].Rows))
				}
			}
		})
	}
	wg.Wait()
}
