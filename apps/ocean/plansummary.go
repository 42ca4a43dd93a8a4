package ocean

import (
	"fmt"

	"github.com/cairn-agents/cairn/ocean/store"
)

// Plans that need of each profile only its station and, per variable,
// the count, sum, minimum and maximum of its good values (with the
// pressure at the extremes) read store.SummaryTable instead of the
// levels: rankings by a measured value, the minimum, maximum, mean,
// count and range over every float or a region, grouped by float, cycle
// or month, comparisons of means, trends and time series of profile
// means (without further variables), over all levels or those at the
// surface (0–10 dbar). Another pressure window, a depth bin, a median or
// each profile's own levels need the levels. The summary's
// answers are the levels' (TestSummaryQueriesMatchLevels); a mean is the
// sum of the profiles' sums over the sum of their counts, not a mean of
// profile means.

// summaryStore is a profiles store that can say whether it has the
// summary (a store made before it has not, until it is backfilled).
type summaryStore interface{ HasSummary() bool }

// hasSummary reports whether q has the summary table.
func hasSummary(q Querier) bool {
	s, ok := q.(summaryStore)
	return ok && s.HasSummary()
}

// summaryPlanQuery writes the statement of a plan over the summary
// table; ok is false when the plan needs the levels.
func summaryPlanQuery(p QueryPlan) (q planQuery, ok bool) {
	spec, known := varSpecs[p.Variable]
	if !known || stationsOnly(p) || profileByTime(p) != "" {
		return planQuery{}, false
	}
	c := spec.col
	if r := p.Pressure; r != nil {
		if r.Min != 0 || r.Max != store.SurfaceDbar || r.Target != 0 {
			return planQuery{}, false
		}
		c += "_surface" // the levels at 0–10 dbar: the policy's "at the surface"
	}
	group, groupCol := groupSQL(p)
	if p.GroupBy == "depth_bin" {
		return planQuery{}, false
	}
	a := &sqlArgs{}
	conds := append(levelConds(p, a), "p."+c+"_n > 0")
	cte := "WITH lv AS (SELECT wmo, cycle, direction, time, lat, lon, " +
		fmt.Sprintf("%[1]s_n AS n, %[1]s_sum AS s, %[1]s_min AS vmin, %[1]s_max AS vmax, %[1]s_min_pres AS pmin, %[1]s_max_pres AS pmax", c) +
		" FROM " + store.SummaryTable + " p" + where(conds) + ")"
	v := p.Variable
	measurements := "coalesce(CAST(sum(n) AS BIGINT), 0)"
	counts := measurements + " AS measurements, count(DISTINCT " + profKey("") + ") AS profiles, count(DISTINCT wmo) AS floats"
	switch agg := p.Aggregate; {
	case p.Rank != nil:
		hi := map[string]bool{"deepest": true, "warmest": true, "saltiest": true, "highest": true}[p.Rank.By]
		fn, dir := "min(vmin)", "ASC"
		if hi {
			fn, dir = "max(vmax)", "DESC"
		}
		key, keyCols := "wmo", []Column{{"wmo", ""}}
		if p.Rank.Of == "profile" {
			key, keyCols = "wmo, cycle, direction", []Column{{"wmo", ""}, {"cycle", ""}, {"direction", ""}}
		}
		q.sql = cte + " SELECT " + key + ", " + fn + " AS " + v + ", min(time) AS first_time, max(time) AS last_time, count(DISTINCT " + profKey("") + ") AS profiles FROM lv GROUP BY " + key +
			fmt.Sprintf(" ORDER BY %d %s, %s LIMIT %s", len(keyCols)+1, dir, key, a.add(rankN(p)))
		q.columns = append(keyCols, Column{v, spec.unit}, Column{"first_time", ""}, Column{"last_time", ""}, Column{"profiles", ""})
	case (agg == "max" || agg == "min") && group == "":
		// the level of the extreme: ties go to the earlier time, then the
		// smaller pressure, as over the levels
		val, pres, dir := "vmax", "pmax", "DESC"
		if agg == "min" {
			val, pres, dir = "vmin", "pmin", "ASC"
		}
		q.sql = cte + " SELECT " + val + " AS " + v + ", " + pres + " AS pres, wmo, cycle, time, lat, lon, CAST(sum(n) OVER () AS BIGINT) AS measurements FROM lv ORDER BY " +
			val + " " + dir + ", time, " + pres + " LIMIT 1"
		q.columns = []Column{{Name: agg + "_" + v, Unit: spec.unit}, {"pres", "dbar"}, {"wmo", ""}, {"cycle", ""}, {"time", ""}, {"lat", "°N"}, {"lon", "°E"}, {"measurements", ""}}
	case agg == "range" || agg == "max" || agg == "min" || agg == "mean" || agg == "count":
		var sel string
		switch agg {
		case "range":
			sel = "min(vmin) AS min_" + v + ", max(vmax) AS max_" + v + ", max(vmax) - min(vmin) AS range_" + v + ", " + counts
			q.columns = []Column{{"min_" + v, spec.unit}, {"max_" + v, spec.unit}, {"range_" + v, spec.unit}}
		case "count":
			sel = counts
		default:
			fn := map[string]string{"max": "max(vmax)", "min": "min(vmin)", "mean": "sum(s) / sum(n)"}[agg]
			sel = fn + " AS " + agg + "_" + v + ", " + counts
			q.columns = []Column{{Name: agg + "_" + v, Unit: spec.unit}}
		}
		q.columns = append(q.columns, Column{"measurements", ""}, Column{"profiles", ""}, Column{"floats", ""})
		if group != "" {
			q.sql = cte + " SELECT " + group + " AS " + groupCol + ", " + sel + " FROM lv GROUP BY 1 ORDER BY 1"
			q.columns = append([]Column{{Name: groupCol, Unit: groupUnit(groupCol)}}, q.columns...)
		} else {
			q.sql = cte + " SELECT " + sel + " FROM lv"
		}
	case agg == "compare" && len(p.Floats) == 2 && p.GroupBy == "":
		f1, f2 := a.add(p.Floats[0]), a.add(p.Floats[1])
		mean := func(f string) string {
			return "sum(s) FILTER (WHERE wmo = " + f + ") / sum(n) FILTER (WHERE wmo = " + f + ")"
		}
		n := func(f string) string { return "coalesce(CAST(sum(n) FILTER (WHERE wmo = " + f + ") AS BIGINT), 0)" }
		q.sql = cte + " SELECT " + mean(f1) + " AS mean_a, " + mean(f2) + " AS mean_b, " + mean(f1) + " - " + mean(f2) + " AS difference, " +
			n(f1) + " AS n_a, " + n(f2) + " AS n_b FROM lv"
		q.columns = []Column{{"mean_a", spec.unit}, {"mean_b", spec.unit}, {"difference", spec.unit}, {"n_a", ""}, {"n_b", ""}}
	case agg == "compare":
		if group == "" {
			group, groupCol = "wmo", "wmo"
		}
		q.sql = cte + " SELECT " + group + " AS " + groupCol + ", sum(s) / sum(n) AS mean_" + v + ", min(vmin) AS min_" + v + ", max(vmax) AS max_" + v + ", " + measurements + " AS measurements FROM lv GROUP BY 1 ORDER BY 1"
		q.columns = []Column{{groupCol, groupUnit(groupCol)}, {"mean_" + v, spec.unit}, {"min_" + v, spec.unit}, {"max_" + v, spec.unit}, {"measurements", ""}}
	case agg == "trend":
		// each profile's mean is its rows' sums over their counts
		gsel, gby := "", ""
		if len(p.Floats) > 1 || p.GroupBy == "float" {
			gsel, gby = "wmo, ", " GROUP BY wmo ORDER BY wmo"
		}
		q.sql = cte + `, per AS (SELECT wmo, cycle, direction, min(time) AS time, sum(s) / sum(n) AS v FROM lv GROUP BY wmo, cycle, direction)
			SELECT ` + gsel + `regr_slope(v, epoch(time) / 31557600.0) AS trend_per_year, count(*) AS profiles,
				min(time) AS first_time, arg_min(v, time) AS first_value, max(time) AS last_time, arg_max(v, time) AS last_value FROM per` + gby
		q.columns = []Column{{"trend_per_year", spec.unit + "/year"}, {"profiles", ""}, {"first_time", ""}, {"first_value", spec.unit}, {"last_time", ""}, {"last_value", spec.unit}}
		if gsel != "" {
			q.columns = append([]Column{{"wmo", ""}}, q.columns...)
		}
	case agg == "timeseries" && len(p.With) == 0:
		vc := Column{Name: v, Unit: spec.unit}
		if p.GroupBy == "month" {
			q.sql = cte + " SELECT strftime(time, '%Y-%m') AS month, sum(s) / sum(n) AS " + v + ", count(DISTINCT " + profKey("") + ") AS profiles FROM lv GROUP BY 1 ORDER BY 1"
			q.columns = []Column{{"month", ""}, vc, {"profiles", ""}}
		} else {
			q.sql = cte + " SELECT wmo, cycle, direction, min(time) AS time, sum(s) / sum(n) AS " + v + " FROM lv GROUP BY wmo, cycle, direction ORDER BY time, wmo, cycle"
			q.columns = []Column{{"wmo", ""}, {"cycle", ""}, {"direction", ""}, {"time", ""}, vc}
		}
	default:
		return planQuery{}, false
	}
	q.args = a.args
	return q, true
}
