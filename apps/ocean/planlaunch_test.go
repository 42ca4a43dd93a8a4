package ocean

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/cairn-agents/cairn/ocean/store"
)

// TestLaunchPeriodRead: a time frame counted from the float's launch is
// read with its length in other wordings, and a first year named by a
// calendar ("the first year of the record", "the first week of March")
// is not one.
func TestLaunchPeriodRead(t *testing.T) {
	for _, c := range []struct {
		q                   string
		years, months, days int
	}{
		{"mean salinity of float 2902269 during its first 6 months after deployment", 0, 6, 0},
		{"what was the warmest reading of 1900857 in the float's first two years in the water?", 2, 0, 0},
		{"temperature trend of float 4901079 over its first 10 weeks at sea", 0, 0, 70},
		{"deepest dive of 5906072 in the first year of operation", 1, 0, 0},
		{"how salty was it in its very first week after it was deployed, float 2901623", 0, 0, 7},
	} {
		p := readPlan(c.q, testNow(), nil)
		y, m, d, ok := launchLength(p.Time)
		if !ok || y != c.years || m != c.months || d != c.days || p.Time.From != "" || !strings.Contains(strings.Join(p.Missing, "; "), launchMissing) {
			t.Errorf("%q: time %+v (length %d y %d m %d d, %v), missing %v; want %d y %d m %d d from the launch, missing until placed",
				c.q, p.Time, y, m, d, ok, p.Missing, c.years, c.months, c.days)
		}
	}
	for _, q := range []string{
		"mean temperature of float 2902269 in the first week of March 2019",
		"what did float 2902269 measure in the first year of the record, 2015?",
		"coldest water of float 2902269 in its first months at sea", // how many months is not said
	} {
		if p := readPlan(q, testNow(), nil); p.Time != nil && strings.HasPrefix(p.Time.Rule, launchRulePrefix) {
			t.Errorf("%q read as counted from the launch: %+v", q, p.Time)
		}
	}
}

// TestLaunchFramePlaced: the gateway places a launch frame on the
// float's launch date from its metadata, and answers from those days;
// for two floats the time frame stays missing with the reason.
func TestLaunchFramePlaced(t *testing.T) {
	a := newApp(t, Options{PlanCacheTTL: -1})
	ctx := context.Background()
	r, err := a.meta.Query(ctx, store.QueryOptions{Templated: true}, "SELECT launch_date FROM argo_float_metadata WHERE wmo = $1", "2902269")
	if err != nil || len(r.Rows) != 1 {
		t.Fatalf("launch date of 2902269: %v %v", r, err)
	}
	launch, ok := cellTime(r.Rows[0][0])
	if !ok {
		t.Fatalf("launch date %v", r.Rows[0][0])
	}
	day := launch.UTC().Truncate(24 * time.Hour)
	d, err := a.plan(ctx, "mean temperature of float 2902269 in its first 6 months at sea")
	if err != nil {
		t.Fatal(err)
	}
	p := d.Value
	if p.Time == nil || p.Time.From != day.Format("2006-01-02") || p.Time.To != day.AddDate(0, 6, 0).Format("2006-01-02") ||
		!strings.Contains(p.Time.Rule, "launched "+day.Format("2006-01-02")) || len(p.Missing) != 0 {
		t.Fatalf("plan time %+v missing %v; want from %s, six months, placed", p.Time, p.Missing, day.Format("2006-01-02"))
	}
	res, err := a.RunPlan(ctx, p)
	if err != nil {
		t.Fatal(err)
	}
	for _, ref := range res.Profiles {
		if ref.Time.Before(day) || !ref.Time.Before(day.AddDate(0, 6, 0)) {
			t.Errorf("profile %s cycle %d at %v is outside the first six months from %v", ref.WMO, ref.Cycle, ref.Time, day)
		}
	}
	if res.ProfilesRead == 0 {
		t.Error("no profile read in the float's first six months")
	}

	two, err := a.plan(ctx, "compare the mean temperature of floats 2902269 and 2901623 in their first year at sea")
	if err != nil {
		t.Fatal(err)
	}
	if m := strings.Join(two.Value.Missing, "; "); !strings.Contains(m, "one float at a time") || two.Value.Time.From != "" {
		t.Errorf("two floats: time %+v, missing %q; want the frame missing, one float at a time", two.Value.Time, m)
	}
}
