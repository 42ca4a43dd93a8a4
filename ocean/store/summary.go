package store

import (
	"fmt"
	"strings"
)

// SummaryTable holds one row per profile station as its levels carry it
// (wmo, cycle, direction, time, lat, lon: a profile whose Sprof levels
// came with another time or position has a row for each) and, for each
// variable of SummaryColumns, what its good levels give: count, sum,
// minimum and maximum, and the (smallest) good pressure at the minimum and
// at the maximum. A level counts where its pressure and the value are
// good (GoodSQL). The same six columns again with _surface after the
// variable are over the good levels at 0–SurfaceDbar dbar only (the
// query policy's "at the surface"). Rankings, regional and all-float means, counts, minima
// and maxima without a pressure window read these 2,700 rows instead of
// decoding 233,000 levels of Parquet.
//
// It is written with the stations in the transaction of each float's
// ingest (so a snapshot has it whenever it has the levels), and made for
// a store that lacks it when the store is opened read-write (backfill).
const SummaryTable = "argo_profile_summary"

// SummaryColumns are the level columns the summary holds, in order.
var SummaryColumns = []string{"pres", "temp", "psal", "doxy", "chla", "bbp700", "nitrate", "ph_in_situ_total"}

// GoodSQL is the Argo convention for one level column as SQL: the adjusted
// value where the profile (or, for BGC columns, its BGC parameters) is in
// A or D mode, else the raw value; only QC flags 1 and 2; NULL otherwise.
func GoodSQL(col string) string {
	mode := "bgc_data_mode"
	if col == "pres" || col == "temp" || col == "psal" {
		mode = "data_mode"
	}
	return fmt.Sprintf(`CASE WHEN %[2]s IN ('A', 'D') THEN (CASE WHEN %[1]s_adjusted_qc IN ('1', '2') THEN %[1]s_adjusted END) ELSE (CASE WHEN %[1]s_qc IN ('1', '2') THEN %[1]s END) END`, col, mode)
}

// SurfaceDbar is the deepest good pressure of the summary's _surface
// columns.
const SurfaceDbar = 10

// summaryKey groups levels into summary rows.
const summaryKey = "wmo, cycle, direction, time, lat, lon"

// summaryLatest is a column only the summary's latest layout has: a
// table without it is made again (derivedTable.backfill), and read as none.
const summaryLatest = "temp_surface_n"

// summarySQL is the SELECT of summary rows over from, a relation with
// measureColumns and wmo. The per-variable columns are <col>_n, _sum,
// _min, _max, _min_pres and _max_pres, then <col>_surface_n … over the
// levels at 0–SurfaceDbar dbar.
func summarySQL(from string) string {
	good := []string{summaryKey, GoodSQL("pres") + " AS gp"}
	var win, agg []string
	for i, c := range SummaryColumns {
		good = append(good, fmt.Sprintf("%s AS v%d", GoodSQL(c), i))
	}
	for _, band := range []struct{ suffix, v string }{{"", "v%d"}, {"_surface", fmt.Sprintf("CASE WHEN gp BETWEEN 0 AND %d THEN v%%d END", SurfaceDbar)}} {
		for i, c := range SummaryColumns {
			v, lo, hi := fmt.Sprintf(band.v, i), fmt.Sprintf("lo%s%d", band.suffix, i), fmt.Sprintf("hi%s%d", band.suffix, i)
			win = append(win, fmt.Sprintf("min(%[1]s) OVER k AS %[2]s, max(%[1]s) OVER k AS %[3]s", v, lo, hi))
			agg = append(agg, fmt.Sprintf("count(%[1]s) AS %[2]s_n, sum((%[1]s)::DOUBLE) AS %[2]s_sum, min(%[1]s) AS %[2]s_min, max(%[1]s) AS %[2]s_max, "+
				"min(gp) FILTER (WHERE %[1]s = %[3]s) AS %[2]s_min_pres, min(gp) FILTER (WHERE %[1]s = %[4]s) AS %[2]s_max_pres", v, c+band.suffix, lo, hi))
		}
	}
	return `WITH g AS (SELECT ` + strings.Join(good, ", ") + ` FROM ` + from + `),
w AS (SELECT *, ` + strings.Join(win, ", ") + ` FROM g WHERE gp IS NOT NULL WINDOW k AS (PARTITION BY ` + summaryKey + `))
SELECT ` + summaryKey + `, ` + strings.Join(agg, ", ") + ` FROM w GROUP BY ` + summaryKey
}

// HasSummary reports whether the store has the summary table (a store
// opened read-only that was made before it, or a snapshot published
// before it, has not).
func (s *Store) HasSummary() bool { return s.summary }
