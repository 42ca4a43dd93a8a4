package ocean

import (
	"context"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/cairn-agents/cairn/ocean/sqlguard"
	"github.com/cairn-agents/cairn/ocean/store"
)

// TestProfilesListedAtMost: a plan over the whole data counts every
// profile it read but lists at most maxListedProfiles, and its text says
// so; a plan over one float lists all of its profiles.
func TestProfilesListedAtMost(t *testing.T) {
	a := newApp(t, Options{PlanCacheTTL: -1})
	ctx := context.Background()
	all, err := a.RunPlan(ctx, QueryPlan{Variable: "pressure", Rank: &Ranking{By: "deepest", Of: "float", N: 1}, Answer: "number"})
	if err != nil {
		t.Fatal(err)
	}
	if all.ProfilesRead <= maxListedProfiles || len(all.Profiles) != maxListedProfiles || all.FloatsRead < 10 {
		t.Fatalf("whole data: read %d profiles of %d floats, listed %d; want more than %d read, %d listed",
			all.ProfilesRead, all.FloatsRead, len(all.Profiles), maxListedProfiles, maxListedProfiles)
	}
	if len(all.ProfilesArgs) != 0 || !strings.Contains(all.ProfilesSQL, "LIMIT") {
		t.Errorf("profiles statement %q args %v", all.ProfilesSQL, all.ProfilesArgs)
	}
	text := citeQuery(all)
	if want := fmt.Sprintf("it read %d profile(s) of %d float(s), the first %d listed", all.ProfilesRead, all.FloatsRead, maxListedProfiles); !strings.Contains(text, want) {
		t.Errorf("evidence %q lacks %q", text, want)
	}
	// the last listed float may go on past the list: it is not summed up
	last := all.Profiles[len(all.Profiles)-1].WMO
	if strings.Contains(text, "float "+last+":") {
		t.Errorf("evidence sums up float %s, cut short by the list: %q", last, text)
	}

	one, err := a.RunPlan(ctx, QueryPlan{Variable: "temperature", Aggregate: "max", Floats: []string{"2902269"}, Answer: "number"})
	if err != nil {
		t.Fatal(err)
	}
	if one.ProfilesRead == 0 || one.ProfilesRead != len(one.Profiles) || one.FloatsRead != 1 || len(one.ProfilesArgs) != 1 {
		t.Errorf("one float: read %d of %d floats, listed %d, args %v", one.ProfilesRead, one.FloatsRead, len(one.Profiles), one.ProfilesArgs)
	}
	if text := citeQuery(one); !strings.Contains(text, fmt.Sprintf("it read %d profile(s) (float 2902269: %d profile(s)", one.ProfilesRead, one.ProfilesRead)) {
		t.Errorf("one float evidence: %q", text)
	}
}

// TestSameAnswerInMemoryAndFromFiles: a server reads the levels from
// memory, one command from the files; the statements an answer cites
// and its rows must not depend on which (a worker and `ocean ask`
// answer the same question).
func TestSameAnswerInMemoryAndFromFiles(t *testing.T) {
	ctx := context.Background()
	_, ix := fixture(t)
	files, err := store.Open(ctx, fixDir, store.Options{ReadOnly: true, HotBytes: -1})
	if err != nil {
		t.Fatal(err)
	}
	defer files.Close()
	fromFiles, err := New(files, files, ix, Options{Now: testNow, PlanCacheTTL: -1})
	if err != nil {
		t.Fatal(err)
	}
	inMemory := newApp(t, Options{PlanCacheTTL: -1})
	if !inMemory.profiles.(*store.Store).Hot() || files.Hot() {
		t.Fatal("want one store in memory and one on the files")
	}
	for _, p := range []QueryPlan{
		{Aggregate: "track", Floats: []string{"2902269"}, Answer: "plot"},
		{Variable: "temperature", Aggregate: "mean", Floats: []string{"2902269"}, Pressure: &PressureRange{Min: 950, Max: 1050, Target: 1000}, Answer: "number"},
		{Variable: "salinity", Aggregate: "max", Floats: []string{"2902269"}, Answer: "number"},
		{Variable: "salinity", Aggregate: "profile", Floats: []string{"2902269"}, Cycles: []int{10}, Answer: "plot"},
	} {
		a, err := inMemory.RunPlan(ctx, p)
		if err != nil {
			t.Fatal(err)
		}
		b, err := fromFiles.RunPlan(ctx, p)
		if err != nil {
			t.Fatal(err)
		}
		if a.SQL != b.SQL || fmt.Sprint(a.Args) != fmt.Sprint(b.Args) || a.ProfilesSQL != b.ProfilesSQL || fmt.Sprint(a.ProfilesArgs) != fmt.Sprint(b.ProfilesArgs) {
			t.Errorf("%+v: statements differ:\n%s %v\n%s %v", p, a.SQL, a.Args, b.SQL, b.Args)
		}
		if fmt.Sprint(a.Rows) != fmt.Sprint(b.Rows) || len(a.Rows) == 0 {
			t.Errorf("%+v: rows differ or none: %d vs %d", p, len(a.Rows), len(b.Rows))
		}
	}
}

// TestProfilesListSameAsCounted: the unordered list a plan's profiles
// are read with, sorted and counted in Go, is what the counted statement
// (ordered and counted by DuckDB) gives.
func TestProfilesListSameAsCounted(t *testing.T) {
	a := newApp(t, Options{PlanCacheTTL: -1})
	ctx := context.Background()
	s := a.profiles.(*store.Store)
	opts := store.QueryOptions{MaxRows: maxListedProfiles + 1, Templated: true}
	tested := 0
	for _, c := range loadCorpus(t) {
		p := planRules(c.Q, testNow())
		if len(p.Missing) > 0 || !p.Actionable() {
			continue
		}
		list, counted, args := profilesSQL(p)
		lr, err := s.Query(ctx, opts, list, args...)
		if err != nil {
			t.Fatalf("%q: %v", c.Q, err)
		}
		if len(lr.Rows) > maxListedProfiles {
			continue // the counted statement is what is cited then
		}
		cr, err := s.Query(ctx, opts, counted, args...)
		if err != nil {
			t.Fatalf("%q: %v", c.Q, err)
		}
		lp, ln, lf := listProfiles(lr)
		cp, cn, cf := listProfiles(cr)
		if ln != cn || lf != cf || !reflect.DeepEqual(lp, cp) {
			t.Fatalf("%q: listed %d profiles of %d floats, counted %d of %d, or in another order", c.Q, ln, lf, cn, cf)
		}
		if ln > 0 {
			tested++
		}
	}
	if tested < 100 {
		t.Errorf("only %d corpus plans read profiles", tested)
	}
}

// TestPlanStatementsPassTheWholeGuard: the store checks a plan's
// statements with the guard's CheckTemplate, which does not parse its
// deparsed text again; every statement the corpus's plans write (the
// plan's own, the summary's, the values at targets', both listings)
// passes the whole Check, with the same text.
func TestPlanStatementsPassTheWholeGuard(t *testing.T) {
	g := sqlguard.New(store.GuardedTables(), nil)
	seen := map[string]bool{}
	for _, c := range loadCorpus(t) {
		p := planRules(c.Q, testNow())
		if len(p.Missing) > 0 || !p.Actionable() || p.Validate() != nil {
			continue
		}
		var stmts []string
		if pq, err := buildPlanQuery(p); err == nil {
			stmts = append(stmts, pq.sql)
		}
		if sq, ok := summaryPlanQuery(p); ok {
			stmts = append(stmts, sq.sql)
		}
		if tq, ok := atTargetsPlanQuery(p); ok {
			stmts = append(stmts, tq.sql)
		}
		list, counted, _ := profilesSQL(p)
		stmts = append(stmts, list, counted)
		for _, st := range stmts {
			if seen[st] {
				continue
			}
			seen[st] = true
			whole, err := g.Check(st)
			if err != nil {
				t.Fatalf("%q: %v\n%s", c.Q, err, st)
			}
			if once, err := g.CheckTemplate(st); err != nil || once != whole {
				t.Fatalf("%q: CheckTemplate %v, text differs: %v", c.Q, err, once != whole)
			}
		}
	}
	if len(seen) < 300 {
		t.Errorf("only %d statements checked", len(seen))
	}
}
