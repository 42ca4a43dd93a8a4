package store

import (
	"fmt"
	"strconv"
	"strings"
)

// AtTargetsTable holds, for each profile and each of StandardTargets, the
// value of each variable of AtTargetsColumns at the target pressure, read
// as the query plans read "the temperature at 1000 dbar": within the
// profile's good levels in TargetWindow of the target, interpolated
// linearly between the good levels just above and below the target when
// both are there, else the good level nearest the target. Its columns are
// wmo, cycle, direction, data_mode, time (the earliest of the levels
// read), lat, lon, target, and per variable <col> (the value), <col>_pres
// (the target when interpolated, else the level read), <col>_pres_lo and
// <col>_pres_hi (the levels it was read from). A row exists where some
// variable has a value.
//
// A plan at a standard target reads these 60,000 rows instead of
// grouping the levels of each profile it reads, a statement DuckDB took
// 2–4 ms to plan and 3 ms to run. It is written with the stations and
// the summary in the transaction of each float's ingest, and made for a
// store that lacks it when the store is opened read-write.
const AtTargetsTable = "argo_profile_at"

// AtTargetsColumns are the level columns AtTargetsTable holds values of.
var AtTargetsColumns = []string{"temp", "psal"}

// StandardTargets are the pressures (dbar) AtTargetsTable holds: those
// questions name most ("at 1000 dbar", "at 200 m" read as dbar).
var StandardTargets = []float64{10, 20, 30, 50, 75, 100, 150, 200, 250, 300, 400, 500, 600, 700, 750, 800, 900, 1000, 1200, 1500, 1750, 2000}

// TargetWindow is the pressure window read for a value at z dbar: ±5 %
// of z, at least ±5 dbar, never above the surface.
func TargetWindow(z float64) (lo, hi float64) {
	half := max(5, z*0.05)
	return max(0, z-half), z + half
}

// atTargetsLatest is a column only the table's latest layout has.
const atTargetsLatest = "psal_pres_hi"

// atTargetsSQL is the SELECT of AtTargetsTable's rows over from, a
// relation with the stored level columns and wmo. Its arithmetic is the
// query plans' own (ocean's atTargetCTE): the target and the window as
// DOUBLE, the same aggregates and the same CASE.
func atTargetsSQL(from string) string {
	targets := make([]string, len(StandardTargets))
	for i, z := range StandardTargets {
		lo, hi := TargetWindow(z)
		targets[i] = fmt.Sprintf("(CAST(%s AS DOUBLE), CAST(%s AS DOUBLE), CAST(%s AS DOUBLE))", num(z), num(lo), num(hi))
	}
	good := []string{"wmo", "cycle", "direction", "data_mode", `"time"`, "lat", "lon", GoodSQL("pres") + " AS pres"}
	var anyValue, agg, sel []string
	for _, c := range AtTargetsColumns {
		good = append(good, GoodSQL(c)+" AS "+c)
		anyValue = append(anyValue, c+" IS NOT NULL")
		agg = append(agg, fmt.Sprintf(`max(pres) FILTER (WHERE %[1]s IS NOT NULL AND pres <= target) AS lo_%[1]s, arg_max(%[1]s, pres) FILTER (WHERE %[1]s IS NOT NULL AND pres <= target) AS vlo_%[1]s,
			min(pres) FILTER (WHERE %[1]s IS NOT NULL AND pres >= target) AS hi_%[1]s, arg_min(%[1]s, pres) FILTER (WHERE %[1]s IS NOT NULL AND pres >= target) AS vhi_%[1]s,
			arg_min(pres, abs(pres - target)) FILTER (WHERE %[1]s IS NOT NULL) AS pn_%[1]s, arg_min(%[1]s, abs(pres - target)) FILTER (WHERE %[1]s IS NOT NULL) AS vn_%[1]s`, c))
		bracket := fmt.Sprintf("lo_%[1]s IS NOT NULL AND hi_%[1]s IS NOT NULL", c)
		sel = append(sel,
			fmt.Sprintf(`CASE WHEN lo_%[1]s IS NULL OR hi_%[1]s IS NULL THEN vn_%[1]s WHEN hi_%[1]s = lo_%[1]s THEN vlo_%[1]s
			ELSE vlo_%[1]s + (vhi_%[1]s - vlo_%[1]s) * (target - lo_%[1]s) / (hi_%[1]s - lo_%[1]s) END AS %[1]s`, c),
			fmt.Sprintf("CASE WHEN %s OR pn_%s IS NULL THEN target ELSE pn_%s END AS %s_pres", bracket, c, c, c),
			fmt.Sprintf("CASE WHEN %s THEN lo_%s ELSE pn_%s END AS %s_pres_lo", bracket, c, c, c),
			fmt.Sprintf("CASE WHEN %s THEN hi_%s ELSE pn_%s END AS %s_pres_hi", bracket, c, c, c))
	}
	return `WITH t(target, lo, hi) AS (VALUES ` + strings.Join(targets, ", ") + `),
g AS (SELECT ` + strings.Join(good, ", ") + ` FROM ` + from + `),
lv0 AS (SELECT g.*, t.target FROM g JOIN t ON g.pres BETWEEN t.lo AND t.hi WHERE ` + strings.Join(anyValue, " OR ") + `),
at0 AS (SELECT wmo, cycle, direction, target, any_value(data_mode) AS data_mode, min("time") AS "time", any_value(lat) AS lat, any_value(lon) AS lon, ` +
		strings.Join(agg, ", ") + ` FROM lv0 GROUP BY wmo, cycle, direction, target)
SELECT wmo, cycle, direction, data_mode, "time", lat, lon, target, ` + strings.Join(sel, ", ") + ` FROM at0`
}

func num(f float64) string { return strconv.FormatFloat(f, 'g', -1, 64) }

// HasAtTargets reports whether the store has AtTargetsTable (a store
// opened read-only that was made before it has not).
func (s *Store) HasAtTargets() bool { return s.atTargets }
