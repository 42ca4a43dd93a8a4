package ocean

import (
	"fmt"
	"slices"
	"strings"

	"github.com/cairn-agents/cairn/ocean/store"
)

// atTargetCTE turns the good levels of lv0 into one row per profile at
// the plan's target pressure: each of v, w0, w1, … interpolated
// linearly between that column's good levels just above and below the
// target (both within the window lv0 read), else the good level nearest
// the target. pres is the target when v was interpolated, else the
// level used; pres_lo and pres_hi are the levels v was read from (both
// the nearest level when it was not interpolated). t is the target's
// placeholder, out the name of the CTE made.
func atTargetCTE(with int, t, out string) string {
	cols := []string{"v"}
	for i := range with {
		cols = append(cols, fmt.Sprintf("w%d", i))
	}
	var agg, sel []string
	for _, c := range cols {
		agg = append(agg, fmt.Sprintf(`max(pres) FILTER (WHERE %[1]s IS NOT NULL AND pres <= %[2]s) AS lo_%[1]s, arg_max(%[1]s, pres) FILTER (WHERE %[1]s IS NOT NULL AND pres <= %[2]s) AS vlo_%[1]s,
			min(pres) FILTER (WHERE %[1]s IS NOT NULL AND pres >= %[2]s) AS hi_%[1]s, arg_min(%[1]s, pres) FILTER (WHERE %[1]s IS NOT NULL AND pres >= %[2]s) AS vhi_%[1]s,
			arg_min(pres, abs(pres - %[2]s)) FILTER (WHERE %[1]s IS NOT NULL) AS pn_%[1]s, arg_min(%[1]s, abs(pres - %[2]s)) FILTER (WHERE %[1]s IS NOT NULL) AS vn_%[1]s`, c, t))
		sel = append(sel, fmt.Sprintf(`CASE WHEN lo_%[1]s IS NULL OR hi_%[1]s IS NULL THEN vn_%[1]s WHEN hi_%[1]s = lo_%[1]s THEN vlo_%[1]s
			ELSE vlo_%[1]s + (vhi_%[1]s - vlo_%[1]s) * (%[2]s - lo_%[1]s) / (hi_%[1]s - lo_%[1]s) END AS %[1]s`, c, t))
	}
	bracket := "lo_v IS NOT NULL AND hi_v IS NOT NULL"
	sel = append(sel,
		fmt.Sprintf("CASE WHEN %s OR pn_v IS NULL THEN %s ELSE pn_v END AS pres", bracket, t),
		fmt.Sprintf("CASE WHEN %s THEN lo_v ELSE pn_v END AS pres_lo", bracket),
		fmt.Sprintf("CASE WHEN %s THEN hi_v ELSE pn_v END AS pres_hi", bracket))
	notNull := make([]string, len(cols))
	for i, c := range cols {
		notNull[i] = c + " IS NOT NULL"
	}
	return ", at0 AS (SELECT wmo, cycle, direction, any_value(data_mode) AS data_mode, min(time) AS time, any_value(lat) AS lat, any_value(lon) AS lon, " +
		strings.Join(agg, ", ") + " FROM lv0 GROUP BY wmo, cycle, direction)" +
		", " + out + " AS (SELECT * FROM (SELECT wmo, cycle, direction, data_mode, time, lat, lon, " + strings.Join(sel, ", ") + " FROM at0) WHERE " + strings.Join(notNull, " OR ") + ")"
}

// readsAtTargets says whether a plan's values at its target pressure
// can be read from store.AtTargetsTable: a standard target in its
// standard window, of variables the table holds, and not the latest or
// earliest profile's (which picks its profile from the levels).
func readsAtTargets(p QueryPlan) bool {
	r := p.Pressure
	if r == nil || r.Target <= 0 || stationsOnly(p) || profileByTime(p) != "" || !slices.Contains(store.StandardTargets, r.Target) {
		return false
	}
	if lo, hi := store.TargetWindow(r.Target); r.Min != lo || r.Max != hi {
		return false
	}
	for _, v := range append([]string{p.Variable}, p.With...) {
		if !slices.Contains(store.AtTargetsColumns, varSpecs[v].col) {
			return false
		}
	}
	return true
}

// atTargetsPlanQuery is the plan's statement over store.AtTargetsTable,
// the same rows as buildPlanQuery's over the levels; ok is false when
// the plan cannot read it (readsAtTargets).
func atTargetsPlanQuery(p QueryPlan) (planQuery, bool) {
	if !readsAtTargets(p) {
		return planQuery{}, false
	}
	q, err := buildPlanQueryOn(p, &sqlArgs{atTargets: true})
	return q, err == nil
}

// atTargetsCTE is atTargetCTE's lv read from store.AtTargetsTable: the
// profiles the plan's filters select, at its target, where one of its
// variables has a value.
func atTargetsCTE(p QueryPlan, a *sqlArgs) string {
	c := varSpecs[p.Variable].col
	cols := []string{"p.wmo", "p.cycle", "p.direction", "p.data_mode", "p.time", "p.lat", "p.lon", "p." + c + " AS v"}
	nonNull := []string{"p." + c + " IS NOT NULL"}
	for i, w := range p.With {
		wc := varSpecs[w].col
		cols = append(cols, fmt.Sprintf("p.%s AS w%d", wc, i))
		nonNull = append(nonNull, "p."+wc+" IS NOT NULL")
	}
	cols = append(cols, "p."+c+"_pres AS pres", "p."+c+"_pres_lo AS pres_lo", "p."+c+"_pres_hi AS pres_hi")
	conds := append([]string{"p.target = " + a.add(p.Pressure.Target)}, levelConds(p, a)...)
	conds = append(conds, "("+strings.Join(nonNull, " OR ")+")")
	return "WITH lv AS (SELECT " + strings.Join(cols, ", ") + " FROM " + store.AtTargetsTable + " p" + where(conds) + ")"
}

// atTargetsConvention says what store.AtTargetsTable is, for an answer
// that read it.
const atTargetsConvention = "Values at standard pressures are read from " + store.AtTargetsTable + ", which holds each profile's value at 10–2000 dbar made by this rule from argo_good_levels when the float was stored."

// atTargetsStore is a profiles store that can say whether it has
// store.AtTargetsTable.
type atTargetsStore interface{ HasAtTargets() bool }

// hasAtTargets reports whether q has store.AtTargetsTable.
func hasAtTargets(q Querier) bool {
	s, ok := q.(atTargetsStore)
	return ok && s.HasAtTargets()
}

// atTargetText says how values at a target pressure were read, for the
// answer.
func atTargetText(r *PressureRange) string {
	return fmt.Sprintf("Values at %g dbar: within each profile, interpolated linearly between the good levels just above and below %g dbar when both lie in %g–%g dbar, else the good level nearest %g dbar in that window.",
		r.Target, r.Target, r.Min, r.Max, r.Target)
}

// profileByTime is the cycle a plan's "latest" or "earliest" profile
// ranking picks when the plan also reads a value from it ("the salinity
// at 1000 dbar in float X's most recent profile"): "max" or "min" of
// each float's cycles with a good value; "" when it picks none.
func profileByTime(p QueryPlan) string {
	if r := p.Rank; r != nil && r.Of == "profile" && p.Aggregate != "" && (r.By == "latest" || r.By == "earliest") {
		return map[string]string{"latest": "max", "earliest": "min"}[r.By]
	}
	return ""
}
