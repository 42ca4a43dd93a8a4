package ocean

import (
	"context"
	"fmt"
	"strings"
	"testing"
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
