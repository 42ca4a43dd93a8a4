package ocean

import (
	"context"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/cairn-agents/cairn/ocean/store"
)

// atTargetsPlans are plans at standard targets: the corpus's that run
// (a plan that says what it is missing runs no statement), and shapes
// over both variables the table holds, several targets and places.
func atTargetsPlans(t *testing.T) []QueryPlan {
	var plans []QueryPlan
	for _, c := range loadCorpus(t) {
		if readsAtTargets(c.Plan) && c.Plan.Validate() == nil && len(c.Plan.Missing) == 0 {
			plans = append(plans, c.Plan)
		}
	}
	shapes := []QueryPlan{
		{Aggregate: "value", Floats: []string{"2902269"}}, {Aggregate: "max"}, {Aggregate: "min", Floats: []string{"2902696"}}, {Aggregate: "mean"},
		{Aggregate: "count"}, {Aggregate: "range", GroupBy: "float"}, {Aggregate: "mean", GroupBy: "month"},
		{Aggregate: "compare", Floats: []string{"2902269", "2901746"}}, {Aggregate: "trend", Floats: []string{"2902269"}},
		{Aggregate: "timeseries", Floats: []string{"2902269"}}, {Rank: &Ranking{By: "warmest", Of: "profile", N: 5}},
		{Rank: &Ranking{By: "coldest", N: 3}}, {Aggregate: "value", Floats: []string{"2902269"}, Cycles: []int{10, 11}},
		{Aggregate: "value", Floats: []string{"5906072"}, With: []string{"salinity"}},
	}
	places := []func(*QueryPlan){
		func(*QueryPlan) {},
		func(p *QueryPlan) { p.Region = "Arabian Sea" },
		func(p *QueryPlan) { p.Region = "Atlantic Ocean" },
		func(p *QueryPlan) { p.Near = &Near{Lat: 15, Lon: 65, RadiusKm: 1500} },
		func(p *QueryPlan) { p.Time = &TimeFrame{From: "2019-01-01", To: "2021-01-01"} },
	}
	targets := []float64{10, 100, 200, 500, 1000, 1500, 2000}
	for i, s := range shapes {
		for j, v := range []string{"temperature", "salinity"} {
			p := s
			p.Variable, p.Answer = v, "table"
			if len(p.With) > 0 && v == "salinity" {
				p.With = []string{"temperature"}
			}
			p.Pressure = atPressure(targets[(i+j)%len(targets)])
			places[(i+j)%len(places)](&p)
			plans = append(plans, p)
		}
	}
	return plans
}

// TestAtTargetsQueriesMatchLevels: a plan at a standard target reads the
// same rows from store.AtTargetsTable as from the levels (values to 1e-9
// relative), and says where they came from.
func TestAtTargetsQueriesMatchLevels(t *testing.T) {
	s, _ := fixture(t)
	if !s.HasAtTargets() {
		t.Fatal("the fixture store has no values at targets")
	}
	ctx := context.Background()
	n := 0
	for _, p := range atTargetsPlans(t) {
		name := fmt.Sprintf("%s at %g %s by %s rank %v with %v region %q near %v time %v floats %v cycles %v", p.Variable, p.Pressure.Target, p.Aggregate, p.GroupBy, p.Rank, p.With, p.Region, p.Near, p.Time, p.Floats, p.Cycles)
		if err := p.Validate(); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		tq, ok := atTargetsPlanQuery(p)
		if !ok {
			t.Fatalf("%s: not read from the table", name)
		}
		lq, err := buildPlanQuery(p)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if !reflect.DeepEqual(tq.columns, lq.columns) {
			t.Errorf("%s: table columns %v, levels %v", name, tq.columns, lq.columns)
			continue
		}
		opts := store.QueryOptions{MaxRows: 5000, Templated: true}
		want, err := s.Query(ctx, opts, lq.sql, lq.args...)
		if err != nil {
			t.Fatalf("%s: levels: %v", name, err)
		}
		got, err := s.Query(ctx, opts, tq.sql, tq.args...)
		if err != nil {
			t.Fatalf("%s: table: %v\n%s", name, err, tq.sql)
		}
		if !sameRows(t, name+": "+store.AtTargetsTable, got, want) {
			continue
		}
		if len(want.Rows) > 0 && !allNull(&PlanResult{Columns: lq.columns, Rows: want.Rows}) {
			n++
		}
	}
	if n < 40 {
		t.Errorf("only %d plans at targets compared with rows", n)
	}

	a := newApp(t, Options{PlanCacheTTL: -1})
	res, err := a.RunPlan(ctx, QueryPlan{Variable: "temperature", Aggregate: "mean", Floats: []string{"2902269"}, Pressure: atPressure(1000), Answer: "number"})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(res.SQL, store.AtTargetsTable) || !strings.Contains(res.Conventions, store.AtTargetsTable) {
		t.Errorf("a plan at 1000 dbar did not read (or name) %s: %s", store.AtTargetsTable, res.SQL)
	}
	if _, ok := atTargetsPlanQuery(QueryPlan{Variable: "temperature", Aggregate: "mean", Pressure: atPressure(1100)}); ok {
		t.Error("a plan at 1100 dbar, not a standard target, reads the table")
	}
	if _, ok := atTargetsPlanQuery(QueryPlan{Variable: "doxy", Aggregate: "mean", Pressure: atPressure(1000)}); ok {
		t.Error("oxygen at 1000 dbar, not in the table, reads it")
	}
}
