package ocean

import (
	"cmp"
	"context"
	"slices"
	"strings"
	"time"

	"github.com/cairn-agents/cairn/ocean/store"
)

// checker is a store that tells the text it would run of a statement
// without running it (store.Store and store.Live).
type checker interface {
	Checked(stmt string, templated bool) (string, error)
}

// profilesListing is the listing of the profiles a level query read,
// and the statement cited for it with its arguments (see profilesSQL).
type profilesListing struct {
	r    *store.Result
	args []any
	err  error
}

// listProfilesRead runs profilesSQL's listing of the profiles plan p
// read, or, for a plan of named floats and no place, filters each
// float's whole listing (floatListingSQL, one statement a float that a
// read-only store keeps: a float is asked about again and again, in
// other cycles and times) by p's cycles and time frame in Go. The rows
// and the cited statement are those of profilesSQL either way
// (TestFloatListingSameAsSQL): the listing statement cited is the one
// that, run, returns them.
func (a *App) listProfilesRead(ctx context.Context, p QueryPlan) profilesListing {
	list, counted, args := profilesSQL(p)
	popts := store.QueryOptions{MaxRows: maxListedProfiles + 1, Timeout: a.opts.QueryTimeout, Templated: true}
	if c, ok := a.profiles.(checker); ok && byFloatsOnly(p) {
		if l, ok := a.filterFloatListings(ctx, c, p, list, counted, args); ok {
			return l
		}
	}
	r, err := a.profiles.Query(ctx, popts, list, args...)
	if err == nil && len(r.Rows) > maxListedProfiles {
		r, err = a.profiles.Query(ctx, popts, counted, args...)
	}
	return profilesListing{r, args, err}
}

// byFloatsOnly says whether p's profiles are chosen by float, cycle
// and time alone (profilesSQL then has no place condition).
func byFloatsOnly(p QueryPlan) bool {
	if len(p.Floats) == 0 || p.Box != nil || p.Near != nil && p.Near.RadiusKm > 0 {
		return false
	}
	_, region := regionByName(p.Region)
	return !region
}

// floatListingSQL lists every stored profile of one float.
const floatListingSQL = `SELECT wmo, cycle, direction, data_mode, time, lat, lon FROM argo_profile_stations WHERE source_rank > 0 AND wmo = $1`

// maxFloatListing bounds a float's whole listing; a float with more
// profiles is listed by profilesSQL.
const maxFloatListing = 5000

// filterFloatListings is listProfilesRead's listing from the floats'
// whole listings; false when one could not be had whole (the caller
// then runs profilesSQL, whose error is the one to report).
func (a *App) filterFloatListings(ctx context.Context, c checker, p QueryPlan, list, counted string, args []any) (profilesListing, bool) {
	keep := cycleTimeFilterOf(p)
	fopts := store.QueryOptions{MaxRows: maxFloatListing, Timeout: a.opts.QueryTimeout, Templated: true}
	var rows [][]any
	var columns []string
	seen := map[string]bool{}
	for _, wmo := range p.Floats {
		if seen[wmo] {
			continue
		}
		seen[wmo] = true
		r, err := a.profiles.Query(ctx, fopts, floatListingSQL, wmo)
		if err != nil || r.Truncated || !slices.Equal(r.Columns, listingColumns) {
			return profilesListing{}, false
		}
		columns = r.Columns
		for _, row := range r.Rows {
			t, ok := row[4].(time.Time)
			if keep.keeps(int(toFloat(row[1])), t, ok) {
				rows = append(rows, row)
			}
		}
	}
	stmt := list
	if len(rows) > maxListedProfiles {
		// profilesSQL's counted statement: ordered by float, cycle and
		// direction, the first maxListedProfiles, with the counts of all
		stmt = counted
		slices.SortFunc(rows, func(x, y []any) int {
			return cmp.Or(strings.Compare(str(x[0]), str(y[0])), cmp.Compare(toFloat(x[1]), toFloat(y[1])), strings.Compare(str(x[2]), str(y[2])))
		})
		floats := map[string]bool{}
		for _, row := range rows {
			floats[str(row[0])] = true
		}
		n, nf := int64(len(rows)), int64(len(floats))
		rows = rows[:maxListedProfiles]
		for i, row := range rows {
			rows[i] = append(slices.Clip(row), n, nf)
		}
		columns = append(slices.Clip(columns), "profiles_read", "floats_read")
	}
	safe, err := c.Checked(stmt, true)
	if err != nil {
		return profilesListing{}, false
	}
	return profilesListing{&store.Result{SQL: safe, Columns: columns, Rows: rows}, args, nil}, true
}

// cycleTimeFilter is floatCycleTimeConds' test of a profile's cycle and
// time, for the plans answered in Go.
type cycleTimeFilter struct {
	cycles   map[int]bool // none: every cycle
	from, to time.Time    // zero: no bound
}

func cycleTimeFilterOf(p QueryPlan) cycleTimeFilter {
	f := cycleTimeFilter{cycles: map[int]bool{}}
	if t := p.Time; t != nil {
		f.from, _ = parseDay(t.From)
		f.to, _ = parseDay(t.To)
	}
	for _, c := range p.Cycles {
		f.cycles[c] = true
	}
	return f
}

// keeps says whether a profile of this cycle and time (hasTime false
// where its time is NULL) passes: a NULL time passes no time bound.
func (f cycleTimeFilter) keeps(cycle int, t time.Time, hasTime bool) bool {
	if len(f.cycles) > 0 && !f.cycles[cycle] {
		return false
	}
	if f.from.IsZero() && f.to.IsZero() {
		return true
	}
	return hasTime && (f.from.IsZero() || !t.Before(f.from)) && (f.to.IsZero() || t.Before(f.to))
}

// listingColumns are the columns of floatListingSQL and profilesSQL's list.
var listingColumns = []string{"wmo", "cycle", "direction", "data_mode", "time", "lat", "lon"}
