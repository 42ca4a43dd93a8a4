package ocean

import (
	"context"
	"fmt"
	"math"
	"reflect"
	"testing"

	"github.com/cairn-agents/cairn/ocean/store"
)

// The summary is written with store.GoodSQL; the level templates must
// mean the same by a good value.
func TestSummaryGoodValuesAreTheLevels(t *testing.T) {
	for name, v := range varSpecs {
		if got := store.GoodSQL(v.col); got != v.goodSQL() {
			t.Errorf("%s: store.GoodSQL(%q) = %s, the level templates use %s", name, v.col, got, v.goodSQL())
		}
	}
	summarised := map[string]bool{}
	for _, c := range store.SummaryColumns {
		summarised[c] = true
	}
	for name, v := range varSpecs {
		if !summarised[v.col] {
			t.Errorf("variable %s (column %s) is not in the summary", name, v.col)
		}
	}
}

// summaryPlans are plans the summary answers: the corpus's, and each
// shape over variables, places, times and groups.
func summaryPlans(t *testing.T) []QueryPlan {
	var plans []QueryPlan
	for _, c := range loadCorpus(t) {
		if _, ok := summaryPlanQuery(c.Plan); ok && c.Plan.Validate() == nil {
			plans = append(plans, c.Plan)
		}
	}
	shapes := []QueryPlan{
		{Aggregate: "max"}, {Aggregate: "min"}, {Aggregate: "mean"}, {Aggregate: "count"}, {Aggregate: "range"},
		{Aggregate: "mean", GroupBy: "float"}, {Aggregate: "max", GroupBy: "month"}, {Aggregate: "range", GroupBy: "cycle"},
		{Aggregate: "count", GroupBy: "float"}, {Aggregate: "compare", GroupBy: "month"}, {Aggregate: "compare"},
		{Rank: &Ranking{By: "warmest"}}, {Rank: &Ranking{By: "coldest", Of: "profile", N: 5}},
		{Rank: &Ranking{By: "deepest", N: 10}}, {Rank: &Ranking{By: "lowest", Of: "profile"}},
		{Aggregate: "trend"}, {Aggregate: "trend", GroupBy: "float"}, {Aggregate: "timeseries", GroupBy: "month"},
		{Aggregate: "timeseries", Floats: []string{"2902269"}}, {Aggregate: "trend", Floats: []string{"2902269", "2901746"}},
	}
	places := []func(*QueryPlan){
		func(*QueryPlan) {},
		func(p *QueryPlan) { p.Region = "Atlantic Ocean" },
		func(p *QueryPlan) { p.Region = "Labrador Sea" },
		func(p *QueryPlan) { p.Box = &Box{MinLat: -60, MaxLat: 0, MinLon: -180, MaxLon: 180} },
		func(p *QueryPlan) { p.Near = &Near{Lat: 40, Lon: -40, RadiusKm: 2000} },
		func(p *QueryPlan) { p.Time = &TimeFrame{From: "2020-01-01", To: "2023-01-01"} },
		func(p *QueryPlan) { p.Pressure = &PressureRange{Min: 0, Max: store.SurfaceDbar, Surface: true} },
		func(p *QueryPlan) {
			p.Pressure = &PressureRange{Min: 0, Max: store.SurfaceDbar, Surface: true}
			p.Region = "Indian Ocean"
		},
	}
	vars := []string{"temperature", "salinity", "pressure", "doxy", "chla", "nitrate"}
	for i, s := range shapes {
		for j, v := range vars {
			if (i+j)%2 == 1 {
				continue
			}
			p := s
			p.Variable = v
			places[(i+j)%len(places)](&p)
			plans = append(plans, p)
		}
	}
	return plans
}

// TestSummaryQueriesMatchLevels runs each plan the summary answers both
// ways, over the summary and over the levels, and wants the same rows
// (means to 1e-9 relative: the sums are added in another order).
func TestSummaryQueriesMatchLevels(t *testing.T) {
	s, _ := fixture(t)
	if !s.HasSummary() {
		t.Fatal("the fixture store has no summary")
	}
	ctx := context.Background()
	n := 0
	for _, p := range summaryPlans(t) {
		sq, ok := summaryPlanQuery(p)
		if !ok {
			continue
		}
		lq, err := buildPlanQuery(p)
		if err != nil {
			t.Fatalf("%+v: %v", p, err)
		}
		name := fmt.Sprintf("%s %s by %s rank %v region %q box %v near %v time %v floats %v", p.Variable, p.Aggregate, p.GroupBy, p.Rank, p.Region, p.Box, p.Near, p.Time, p.Floats)
		if !reflect.DeepEqual(sq.columns, lq.columns) {
			t.Errorf("%s: summary columns %v, levels %v", name, sq.columns, lq.columns)
			continue
		}
		opts := store.QueryOptions{MaxRows: 5000}
		want, err := s.Query(ctx, opts, lq.sql, lq.args...)
		if err != nil {
			t.Fatalf("%s: levels: %v", name, err)
		}
		got, err := s.Query(ctx, opts, sq.sql, sq.args...)
		if err != nil {
			t.Fatalf("%s: summary: %v\n%s", name, err, sq.sql)
		}
		if !sameRows(t, name+": summary", got, want) {
			continue
		}
		if len(want.Rows) > 0 && !allNull(&PlanResult{Columns: lq.columns, Rows: want.Rows}) {
			n++
		}
	}
	if n < 20 {
		t.Errorf("only %d plans had a result to compare", n)
	}
	t.Logf("%d plans with results compared", n)
}

// sameRows reports whether got has want's rows, floats to 1e-9 relative,
// saying where not (what names got's statement).
func sameRows(t *testing.T, what string, got, want *store.Result) bool {
	t.Helper()
	if len(got.Rows) != len(want.Rows) {
		t.Errorf("%s: %d rows, %d from the levels", what, len(got.Rows), len(want.Rows))
		return false
	}
	same := true
	for i := range want.Rows {
		for k := range want.Rows[i] {
			g, w := jsonCell(got.Rows[i][k]), jsonCell(want.Rows[i][k])
			if gf, ok := g.(float64); ok {
				if wf, ok := w.(float64); ok && math.Abs(gf-wf) <= 1e-9*math.Max(1, math.Abs(wf)) {
					continue
				}
			}
			if !reflect.DeepEqual(g, w) {
				t.Errorf("%s: row %d %s: %v (%T), levels %v (%T)", what, i, got.Columns[k], g, g, w, w)
				same = false
			}
		}
	}
	return same
}
