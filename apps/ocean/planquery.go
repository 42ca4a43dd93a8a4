package ocean

import (
	"fmt"
	"github.com/cairn-agents/cairn/ocean/store"
	"math"
	"strconv"
	"strings"
	"time"
)

// varSpec is how a plan variable is read from argo_profiles: its column,
// unit, the data-mode column that says whether adjusted values apply, and
// the decimals an answer states.
type varSpec struct {
	name, col, unit, mode string
	prec                  int
}

var varSpecs = map[string]varSpec{
	"temperature": {"temperature", "temp", "°C", "data_mode", 3},
	"salinity":    {"salinity", "psal", "PSU", "data_mode", 3},
	"pressure":    {"pressure", "pres", "dbar", "data_mode", 1},
	"doxy":        {"dissolved oxygen (DOXY)", "doxy", "µmol/kg", "bgc_data_mode", 3},
	"chla":        {"chlorophyll-a (CHLA)", "chla", "mg/m³", "bgc_data_mode", 4},
	"bbp700":      {"backscattering at 700 nm (BBP700)", "bbp700", "m⁻¹", "bgc_data_mode", 6},
	"nitrate":     {"nitrate (NITRATE)", "nitrate", "µmol/kg", "bgc_data_mode", 3},
	"ph":          {"pH (PH_IN_SITU_TOTAL)", "ph_in_situ_total", "", "bgc_data_mode", 4},
}

// goodSQL is the Argo convention as SQL: the adjusted value where the
// profile (or its BGC parameters) is in A or D mode, else the raw value;
// only QC flags 1 and 2; NULL otherwise.
func (v varSpec) goodSQL() string {
	return fmt.Sprintf(`CASE WHEN %[2]s IN ('A', 'D') THEN (CASE WHEN %[1]s_adjusted_qc IN ('1', '2') THEN %[1]s_adjusted END) ELSE (CASE WHEN %[1]s_qc IN ('1', '2') THEN %[1]s END) END`, v.col, v.mode)
}

// argoConventions is what every plan answer states about the values it used.
const argoConventions = "Argo conventions: adjusted values where a profile is in A or D mode (raw values in R mode), only QC flags 1–2 (good, probably good) for the value and its pressure; one profile per cycle and direction, a D (delayed-mode) file preferred over A and R files for the same cycle. Level statements read argo_good_levels: each level of argo_profiles with these rules applied to its values."

// planQuery is one templated statement and where it runs.
type planQuery struct {
	sql      string
	args     []any
	stations bool // reads only the station tables (runs on the metadata store)
	columns  []Column
}

// sqlArgs numbers the arguments of a statement as they are added.
// wmoLiterals writes the WMO numbers of a levels query as literals (see
// floatCycleTimeConds); the statement text must not depend on where the
// levels are read (files or memory): answers cite it.
type sqlArgs struct {
	args        []any
	wmoLiterals bool
	atTargets   bool // levelsCTE reads store.AtTargetsTable (see atTargetsPlanQuery)
}

func (a *sqlArgs) add(v any) string {
	a.args = append(a.args, v)
	return fmt.Sprintf("$%d", len(a.args))
}

// levelConds are a plan's filters on store.GoodLevels rows (alias p); the
// pressure window applies to the good pressure in levelsCTE.
func levelConds(p QueryPlan, a *sqlArgs) []string {
	return append(floatCycleTimeConds(p, a, "p."), placeConds(p, a, "p.", true)...)
}

// floatCycleTimeConds filter by float, cycle and time (columns prefixed).
func floatCycleTimeConds(p QueryPlan, a *sqlArgs, pre string) []string {
	var conds []string
	if len(p.Floats) > 0 {
		// WMO numbers are parameters, so that every float's question of
		// one shape is one statement text (checked once by the guard),
		// except in a levels query, where they are literals (Validate made
		// them 5 or 7 digits): DuckDB prunes the Parquet partitions by a
		// literal, not by a parameter, which reads every float's files.
		ph := make([]string, len(p.Floats))
		for i, f := range p.Floats {
			if !a.wmoLiterals || !isWMO(f) {
				ph[i] = a.add(f)
				continue
			}
			ph[i] = "'" + f + "'"
		}
		conds = append(conds, pre+"wmo IN ("+strings.Join(ph, ", ")+")")
	}
	if len(p.Cycles) > 0 {
		ph := make([]string, len(p.Cycles))
		for i, c := range p.Cycles {
			ph[i] = a.add(c)
		}
		conds = append(conds, pre+"cycle IN ("+strings.Join(ph, ", ")+")")
	}
	if t := p.Time; t != nil {
		if from, _ := parseDay(t.From); !from.IsZero() {
			conds = append(conds, pre+"time >= "+a.add(from))
		}
		if to, _ := parseDay(t.To); !to.IsZero() {
			conds = append(conds, pre+"time < "+a.add(to))
		}
	}
	return conds
}

// placeConds filter by region, box and radius on lat/lon columns. On
// argo_profiles an ocean-basin region is matched through the stations'
// ocean code.
func placeConds(p QueryPlan, a *sqlArgs, pre string, levels bool) []string {
	var conds []string
	if r, ok := regionByName(p.Region); ok {
		switch {
		case r.Ocean != "" && levels:
			conds = append(conds, fmt.Sprintf("EXISTS (SELECT 1 FROM argo_profile_stations s WHERE s.wmo = %[1]swmo AND s.cycle = %[1]scycle AND s.direction = %[1]sdirection AND s.ocean = %[2]s)", pre, a.add(r.Ocean)))
		case r.Ocean != "":
			conds = append(conds, pre+"ocean = "+a.add(r.Ocean))
		default:
			conds = append(conds, polygonSQL(r, pre+"lat", pre+"lon"))
		}
	}
	if b := p.Box; b != nil {
		conds = append(conds, fmt.Sprintf("%[1]slat BETWEEN %[2]s AND %[3]s AND %[1]slon BETWEEN %[4]s AND %[5]s", pre, a.add(b.MinLat), a.add(b.MaxLat), a.add(b.MinLon), a.add(b.MaxLon)))
	}
	if n := p.Near; n != nil && n.RadiusKm > 0 {
		// the latitude band first: a point within r km of the centre is
		// within r/111.19 degrees of its latitude (a degree of a meridian
		// on the haversine's sphere), so the band drops no row the
		// distance keeps, and spares the distance's trigonometry on the
		// rows it drops
		band := n.RadiusKm/kmPerDegreeLat + 1e-6
		conds = append(conds, fmt.Sprintf("%[1]slat BETWEEN %[2]s AND %[3]s AND %[4]s <= %[5]s", pre, a.add(n.Lat-band), a.add(n.Lat+band),
			haversineSQL(a.add(n.Lat), a.add(n.Lon), pre+"lat", pre+"lon"), a.add(n.RadiusKm)))
	}
	return conds
}

// kmPerDegreeLat is the length of a degree of latitude on the sphere of
// haversineSQL (radius 6371.0088 km).
const kmPerDegreeLat = 6371.0088 * math.Pi / 180

func where(conds []string) string {
	if len(conds) == 0 {
		return ""
	}
	return " WHERE " + strings.Join(conds, " AND ")
}

// stationsOnly says whether a plan is answered from the station table
// alone (positions, times, counts of floats and profiles).
func stationsOnly(p QueryPlan) bool {
	if p.Rank != nil {
		switch p.Rank.By {
		case "nearest", "latest", "earliest", "most_profiles":
			return p.Aggregate == "" || p.Aggregate == "track"
		}
		return false
	}
	return p.Aggregate == "track" || p.Aggregate == "count" && p.Variable == "" && p.Pressure == nil
}

// levelsCTE is the WITH query of a plan's good levels: one row per
// level of store.GoodLevels with its good pressure, the good value of
// the variable (v) and of each With variable (w0, w1, …), rows with none
// of them dropped.
func levelsCTE(p QueryPlan, a *sqlArgs) string {
	if a.atTargets {
		return atTargetsCTE(p, a)
	}
	cols := []string{"p.wmo", "p.cycle", "p.direction", "p.data_mode", "p.time", "p.lat", "p.lon", "p.pres", "p." + varSpecs[p.Variable].col + " AS v"}
	nonNull := []string{"v IS NOT NULL"}
	for i, w := range p.With {
		cols = append(cols, fmt.Sprintf("p.%s AS w%d", varSpecs[w].col, i))
		nonNull = append(nonNull, fmt.Sprintf("w%d IS NOT NULL", i))
	}
	conds := levelConds(p, a)
	presCond := "pres IS NOT NULL"
	if r := p.Pressure; r != nil {
		lo, hi := a.add(r.Min), a.add(r.Max)
		presCond = fmt.Sprintf("pres BETWEEN %s AND %s", lo, hi)
		// the good pressure is the adjusted or the raw one, so a level
		// whose good pressure is in the window has one of them in it:
		// this cheap test on the stored columns keeps every such level
		// and, where the good levels are a view over the files, spares
		// the QC cases of the others
		conds = append(conds, fmt.Sprintf("(p.pres_raw BETWEEN %[1]s AND %[2]s OR p.pres_adjusted_raw BETWEEN %[1]s AND %[2]s)", lo, hi))
	}
	out := "lv"
	if profileByTime(p) != "" {
		out = "lvall" // lv is the latest (or earliest) profile's
	}
	levels := out
	if r := p.Pressure; r != nil && r.Target > 0 {
		levels = "lv0" // levels in the window; out is each profile at the target
	}
	cte := "WITH raw AS (SELECT " + strings.Join(cols, ", ") + " FROM " + store.GoodLevels + " p" + where(conds) +
		"), " + levels + " AS (SELECT * FROM raw WHERE " + presCond + " AND (" + strings.Join(nonNull, " OR ") + "))"
	if levels == "lv0" {
		cte += atTargetCTE(len(p.With), a.add(p.Pressure.Target), out)
	}
	if fn := profileByTime(p); fn != "" {
		cte += ", lv AS (SELECT * FROM lvall WHERE (wmo, cycle) IN (SELECT wmo, " + fn + "(cycle) FROM lvall WHERE v IS NOT NULL GROUP BY wmo))"
	}
	return cte
}

// buildPlanQuery writes the statement a plan asks for, from templates.
func buildPlanQuery(p QueryPlan) (planQuery, error) {
	return buildPlanQueryOn(p, &sqlArgs{})
}

// buildPlanQueryOn is buildPlanQuery with a's arguments and choices.
func buildPlanQueryOn(p QueryPlan, a *sqlArgs) (planQuery, error) {
	if stationsOnly(p) {
		return stationQuery(p, a)
	}
	a.wmoLiterals = true // the levels: see floatCycleTimeConds
	spec, ok := varSpecs[p.Variable]
	if !ok {
		return planQuery{}, fmt.Errorf("no variable to read")
	}
	cte := levelsCTE(p, a)
	vc := Column{Name: p.Variable, Unit: spec.unit}
	pk := "wmo, cycle, direction"
	group, groupCol := groupSQL(p)
	q := planQuery{}
	switch agg := p.Aggregate; {
	case p.Rank != nil && profileByTime(p) == "":
		return rankLevelsQuery(p, a, cte, spec)
	case (agg == "max" || agg == "min") && group == "":
		dir := map[string]string{"max": "DESC", "min": "ASC"}[agg]
		q.sql = cte + ` SELECT v AS ` + p.Variable + `, pres, wmo, cycle, time, lat, lon, count(*) OVER () AS measurements
			FROM lv WHERE v IS NOT NULL ORDER BY v ` + dir + `, time, pres LIMIT 1`
		q.columns = []Column{{Name: agg + "_" + p.Variable, Unit: spec.unit}, {"pres", "dbar"}, {"wmo", ""}, {"cycle", ""}, {"time", ""}, {"lat", "°N"}, {"lon", "°E"}, {"measurements", ""}}
	case agg == "range":
		sel := "min(v) AS min_" + p.Variable + ", max(v) AS max_" + p.Variable + ", max(v) - min(v) AS range_" + p.Variable + ", count(v) AS measurements, count(DISTINCT " + profKey("") + ") AS profiles, count(DISTINCT wmo) AS floats"
		q.columns = []Column{{"min_" + p.Variable, spec.unit}, {"max_" + p.Variable, spec.unit}, {"range_" + p.Variable, spec.unit}, {"measurements", ""}, {"profiles", ""}, {"floats", ""}}
		if group != "" {
			q.sql = cte + " SELECT " + group + " AS " + groupCol + ", " + sel + " FROM lv WHERE v IS NOT NULL GROUP BY 1 ORDER BY 1"
			q.columns = append([]Column{{Name: groupCol, Unit: groupUnit(groupCol)}}, q.columns...)
		} else {
			q.sql = cte + " SELECT " + sel + " FROM lv WHERE v IS NOT NULL"
		}
	case agg == "max" || agg == "min" || agg == "mean" || agg == "median" || agg == "count":
		fn := map[string]string{"max": "max(v)", "min": "min(v)", "mean": "avg(v)", "median": "median(v)", "count": "count(v)"}[agg]
		sel := fn + " AS " + agg + "_" + p.Variable + ", count(v) AS measurements, count(DISTINCT " + profKey("") + ") AS profiles, count(DISTINCT wmo) AS floats"
		q.columns = []Column{{Name: agg + "_" + p.Variable, Unit: spec.unit}, {"measurements", ""}, {"profiles", ""}, {"floats", ""}}
		if agg == "count" {
			sel = "count(v) AS measurements, count(DISTINCT " + profKey("") + ") AS profiles, count(DISTINCT wmo) AS floats"
			q.columns = q.columns[1:]
		}
		if group != "" {
			q.sql = cte + " SELECT " + group + " AS " + groupCol + ", " + sel + " FROM lv WHERE v IS NOT NULL GROUP BY 1 ORDER BY 1"
			q.columns = append([]Column{{Name: groupCol, Unit: groupUnit(groupCol)}}, q.columns...)
		} else {
			q.sql = cte + " SELECT " + sel + " FROM lv WHERE v IS NOT NULL"
		}
	case agg == "value":
		q.columns = []Column{{"wmo", ""}, {"cycle", ""}, {"direction", ""}, {"time", ""}, {"pres", "dbar"}, vc}
		if r := p.Pressure; r != nil && r.Target > 0 {
			// lv is one row per profile at the target: say which levels gave it
			q.sql = cte + ` SELECT wmo, cycle, direction, time, pres, v AS ` + p.Variable + `, pres_lo, pres_hi FROM lv WHERE v IS NOT NULL ORDER BY time, wmo, cycle, direction`
			q.columns = append(q.columns, Column{"pres_lo", "dbar"}, Column{"pres_hi", "dbar"})
			break
		}
		t := a.add(0.0)
		q.sql = cte + ` SELECT wmo, cycle, direction, min(time) AS time, arg_min(pres, abs(pres - ` + t + `)) AS pres, arg_min(v, abs(pres - ` + t + `)) AS ` + p.Variable + `
			FROM lv WHERE v IS NOT NULL GROUP BY ` + pk + ` ORDER BY time, wmo, cycle, direction`
	case agg == "trend":
		gsel, gby := "", ""
		if len(p.Floats) > 1 || p.GroupBy == "float" {
			gsel, gby = "wmo, ", " GROUP BY wmo ORDER BY wmo"
		}
		q.sql = cte + `, per AS (SELECT wmo, cycle, direction, min(time) AS time, avg(v) AS v FROM lv WHERE v IS NOT NULL GROUP BY ` + pk + `)
			SELECT ` + gsel + `regr_slope(v, epoch(time) / 31557600.0) AS trend_per_year, count(*) AS profiles,
				min(time) AS first_time, arg_min(v, time) AS first_value, max(time) AS last_time, arg_max(v, time) AS last_value FROM per` + gby
		q.columns = []Column{{"trend_per_year", spec.unit + "/year"}, {"profiles", ""}, {"first_time", ""}, {"first_value", spec.unit}, {"last_time", ""}, {"last_value", spec.unit}}
		if gsel != "" {
			q.columns = append([]Column{{"wmo", ""}}, q.columns...)
		}
	case agg == "profile":
		sel := "wmo, cycle, direction, time, pres, v AS " + p.Variable
		q.columns = []Column{{"wmo", ""}, {"cycle", ""}, {"direction", ""}, {"time", ""}, {"pres", "dbar"}, vc}
		for i, w := range p.With {
			sel += fmt.Sprintf(", w%d AS %s", i, w)
			q.columns = append(q.columns, Column{Name: w, Unit: varSpecs[w].unit})
		}
		latest := ""
		if len(p.Cycles) == 0 {
			// no cycle named: each float's latest profile
			latest = " WHERE (wmo, cycle) IN (SELECT wmo, max(cycle) FROM lv GROUP BY wmo)"
		}
		q.sql = cte + " SELECT " + sel + " FROM lv" + latest + " ORDER BY wmo, cycle, direction, pres"
	case agg == "timeseries":
		sel := "wmo, cycle, direction, min(time) AS time, avg(v) AS " + p.Variable
		q.columns = []Column{{"wmo", ""}, {"cycle", ""}, {"direction", ""}, {"time", ""}, vc}
		for i, w := range p.With {
			sel += fmt.Sprintf(", avg(w%d) AS %s", i, w)
			q.columns = append(q.columns, Column{Name: w, Unit: varSpecs[w].unit})
		}
		if p.GroupBy == "month" {
			q.sql = cte + " SELECT strftime(time, '%Y-%m') AS month, avg(v) AS " + p.Variable + ", count(DISTINCT " + profKey("") + ") AS profiles FROM lv GROUP BY 1 ORDER BY 1"
			q.columns = []Column{{"month", ""}, vc, {"profiles", ""}}
		} else {
			q.sql = cte + " SELECT " + sel + " FROM lv GROUP BY wmo, cycle, direction ORDER BY time, wmo, cycle"
		}
	case agg == "compare":
		if len(p.Floats) == 2 && p.GroupBy == "" {
			f1, f2 := a.add(p.Floats[0]), a.add(p.Floats[1])
			q.sql = cte + ` SELECT avg(v) FILTER (WHERE wmo = ` + f1 + `) AS mean_a, avg(v) FILTER (WHERE wmo = ` + f2 + `) AS mean_b,
				avg(v) FILTER (WHERE wmo = ` + f1 + `) - avg(v) FILTER (WHERE wmo = ` + f2 + `) AS difference,
				count(v) FILTER (WHERE wmo = ` + f1 + `) AS n_a, count(v) FILTER (WHERE wmo = ` + f2 + `) AS n_b FROM lv`
			q.columns = []Column{{"mean_a", spec.unit}, {"mean_b", spec.unit}, {"difference", spec.unit}, {"n_a", ""}, {"n_b", ""}}
		} else {
			if group == "" {
				group, groupCol = "wmo", "wmo"
			}
			q.sql = cte + " SELECT " + group + " AS " + groupCol + ", avg(v) AS mean_" + p.Variable + ", min(v) AS min_" + p.Variable + ", max(v) AS max_" + p.Variable + ", count(v) AS measurements FROM lv WHERE v IS NOT NULL GROUP BY 1 ORDER BY 1"
			q.columns = []Column{{groupCol, groupUnit(groupCol)}, {"mean_" + p.Variable, spec.unit}, {"min_" + p.Variable, spec.unit}, {"max_" + p.Variable, spec.unit}, {"measurements", ""}}
		}
	default:
		return planQuery{}, fmt.Errorf("aggregate %q has no template", agg)
	}
	q.args = a.args
	return q, nil
}

// profKey is a profile's key for count(DISTINCT …): a row of its three
// columns, a third as costly as the text of them joined (which the
// rankings over every float spent 20 ms of CPU making).
func profKey(pre string) string {
	return "(" + pre + "wmo, " + pre + "cycle, " + pre + "direction)"
}

// groupSQL is the grouping expression over lv and its column name.
func groupSQL(p QueryPlan) (string, string) {
	switch p.GroupBy {
	case "float":
		return "wmo", "wmo"
	case "cycle":
		return "cycle", "cycle"
	case "month":
		return "strftime(time, '%Y-%m')", "month"
	case "depth_bin":
		bin := p.BinDbar
		if bin <= 0 {
			bin = 100
		}
		return fmt.Sprintf("floor(pres / %g) * %g", bin, bin), "pres_bin"
	}
	return "", ""
}

func groupUnit(col string) string {
	if col == "pres_bin" {
		return "dbar"
	}
	return ""
}

// rankLevelsQuery ranks floats or profiles by a measured value: the
// deepest pressure, the warmest temperature, the highest of a variable.
func rankLevelsQuery(p QueryPlan, a *sqlArgs, cte string, spec varSpec) (planQuery, error) {
	hi := map[string]bool{"deepest": true, "warmest": true, "saltiest": true, "highest": true}[p.Rank.By]
	fn, dir := "min(v)", "ASC"
	if hi {
		fn, dir = "max(v)", "DESC"
	}
	n := rankN(p)
	key, keyCols := "wmo", []Column{{"wmo", ""}}
	if p.Rank.Of == "profile" {
		key, keyCols = "wmo, cycle, direction", []Column{{"wmo", ""}, {"cycle", ""}, {"direction", ""}}
	}
	q := planQuery{
		sql: cte + " SELECT " + key + ", " + fn + " AS " + p.Variable + ", min(time) AS first_time, max(time) AS last_time, count(DISTINCT " + profKey("") + ") AS profiles FROM lv WHERE v IS NOT NULL GROUP BY " + key +
			fmt.Sprintf(" ORDER BY %d %s, %s LIMIT %s", len(keyCols)+1, dir, key, a.add(n)),
		columns: append(keyCols, Column{p.Variable, spec.unit}, Column{"first_time", ""}, Column{"last_time", ""}, Column{"profiles", ""}),
	}
	q.args = a.args
	return q, nil
}

func rankN(p QueryPlan) int {
	if p.Rank != nil && p.Rank.N > 0 {
		return p.Rank.N
	}
	if p.Answer == "table" {
		return 10
	}
	return 1
}

// stationQuery answers from argo_profile_stations: tracks, rankings by
// position or time, counts of floats and profiles. The same text runs on
// DuckDB and PostGIS (the distance is the haversine expression on both,
// so the two give the same kilometres).
func stationQuery(p QueryPlan, a *sqlArgs) (planQuery, error) {
	conds := append(floatCycleTimeConds(p, a, ""), placeConds(p, a, "", false)...)
	q := planQuery{stations: true}
	switch {
	case p.Rank != nil && p.Rank.By == "nearest":
		n := p.Near
		if n == nil {
			return planQuery{}, fmt.Errorf("a nearest ranking needs a place (near)")
		}
		dist := haversineSQL(a.add(n.Lat), a.add(n.Lon), "lat", "lon")
		conds = append(conds, "lat IS NOT NULL", "lon IS NOT NULL")
		base := "WITH d AS (SELECT wmo, cycle, direction, time, lat, lon, " + dist + " AS distance_km FROM argo_profile_stations" + where(conds) + ")"
		if p.Rank.Of == "profile" {
			q.sql = base + " SELECT wmo, cycle, direction, time, lat, lon, distance_km FROM d ORDER BY distance_km, wmo, cycle LIMIT " + a.add(rankN(p))
		} else {
			q.sql = base + `, best AS (SELECT wmo, min(distance_km) AS m FROM d GROUP BY wmo)
				SELECT d.wmo, min(d.cycle) AS cycle, min(d.direction) AS direction, min(d.time) AS time, min(d.lat) AS lat, min(d.lon) AS lon, min(d.distance_km) AS distance_km
				FROM d JOIN best ON best.wmo = d.wmo AND best.m = d.distance_km GROUP BY d.wmo ORDER BY 7, 1 LIMIT ` + a.add(rankN(p))
		}
		q.columns = []Column{{"wmo", ""}, {"cycle", ""}, {"direction", ""}, {"time", ""}, {"lat", "°N"}, {"lon", "°E"}, {"distance_km", "km"}}
	case p.Rank != nil && (p.Rank.By == "latest" || p.Rank.By == "earliest"):
		fn, dir := "max(time)", "DESC"
		if p.Rank.By == "earliest" {
			fn, dir = "min(time)", "ASC"
		}
		if p.Rank.Of == "profile" {
			q.sql = "SELECT wmo, cycle, direction, time, lat, lon FROM argo_profile_stations" + where(append(conds, "time IS NOT NULL")) + " ORDER BY time " + dir + ", wmo, cycle LIMIT " + a.add(rankN(p))
			q.columns = []Column{{"wmo", ""}, {"cycle", ""}, {"direction", ""}, {"time", ""}, {"lat", "°N"}, {"lon", "°E"}}
		} else {
			q.sql = "SELECT wmo, " + fn + " AS time, count(*) AS profiles FROM argo_profile_stations" + where(append(conds, "time IS NOT NULL")) + " GROUP BY wmo ORDER BY 2 " + dir + ", 1 LIMIT " + a.add(rankN(p))
			q.columns = []Column{{"wmo", ""}, {"time", ""}, {"profiles", ""}}
		}
	case p.Rank != nil && p.Rank.By == "most_profiles":
		q.sql = "SELECT wmo, count(*) AS profiles, min(time) AS first_time, max(time) AS last_time FROM argo_profile_stations" + where(conds) + " GROUP BY wmo ORDER BY 2 DESC, 1 LIMIT " + a.add(rankN(p))
		q.columns = []Column{{"wmo", ""}, {"profiles", ""}, {"first_time", ""}, {"last_time", ""}}
	case p.Aggregate == "track":
		q.sql = "SELECT wmo, cycle, direction, time, lat, lon FROM argo_profile_stations" + where(append(conds, "lat IS NOT NULL")) + " ORDER BY wmo, time, cycle"
		q.columns = []Column{{"wmo", ""}, {"cycle", ""}, {"direction", ""}, {"time", ""}, {"lat", "°N"}, {"lon", "°E"}}
	case p.Aggregate == "count":
		if p.GroupBy == "float" {
			q.sql = "SELECT wmo, count(*) AS profiles, min(time) AS first_time, max(time) AS last_time FROM argo_profile_stations" + where(conds) + " GROUP BY wmo ORDER BY 1"
			q.columns = []Column{{"wmo", ""}, {"profiles", ""}, {"first_time", ""}, {"last_time", ""}}
		} else {
			q.sql = "SELECT count(DISTINCT wmo) AS floats, count(*) AS profiles, min(time) AS first_time, max(time) AS last_time FROM argo_profile_stations" + where(conds)
			q.columns = []Column{{"floats", ""}, {"profiles", ""}, {"first_time", ""}, {"last_time", ""}}
		}
	default:
		return planQuery{}, fmt.Errorf("no station template for aggregate %q, rank %v", p.Aggregate, p.Rank)
	}
	q.args = a.args
	return q, nil
}

// profilesSQL lists the profiles a level query read: the stored
// profiles (stations from a file, source_rank > 0) its float, cycle,
// time and place filters select. It reads the station table, not the
// Parquet files again (a second scan cost as much as the query).
// maxListedProfiles bounds the profiles a result lists (a question over
// the whole data reads thousands): the result counts them all, and its
// ProfilesSQL, run without the limit, lists them all.
//
// Most plans read a few hundred profiles at most: list is then the whole
// list, unordered, one row past the bound (listProfiles sorts it and
// counts in Go). Ordering and counting in DuckDB (counted, ordered by
// float, cycle and direction, the first maxListedProfiles) doubled the
// cost of the statement, and is only needed when list comes back full.
const maxListedProfiles = 500

func profilesSQL(p QueryPlan) (list, counted string, args []any) {
	a := &sqlArgs{}
	conds := append([]string{"source_rank > 0"}, floatCycleTimeConds(p, a, "")...)
	conds = append(conds, placeConds(p, a, "", false)...)
	const cols = "SELECT wmo, cycle, direction, data_mode, time, lat, lon"
	list = cols + " FROM argo_profile_stations" + where(conds) + " LIMIT " + strconv.Itoa(maxListedProfiles+1)
	counted = cols + ", count(*) OVER () AS profiles_read, count(DISTINCT wmo) OVER () AS floats_read FROM argo_profile_stations" +
		where(conds) + " ORDER BY wmo, cycle, direction LIMIT " + strconv.Itoa(maxListedProfiles)
	return list, counted, a.args
}

func day(v any) string {
	if t, ok := cellTime(v); ok {
		return t.Format("2006-01-02")
	}
	return "unknown"
}

func dayTime(v any) string {
	if t, ok := cellTime(v); ok {
		return t.Format("2006-01-02 15:04 UTC")
	}
	return "unknown"
}

// cellTime reads a time cell: a time.Time, or its RFC 3339 text as a
// PlanResult holds it.
func cellTime(v any) (time.Time, bool) {
	switch x := v.(type) {
	case time.Time:
		return x.UTC(), true
	case string:
		t, err := time.Parse(time.RFC3339Nano, x)
		return t.UTC(), err == nil
	}
	return time.Time{}, false
}

// jsonCell makes a result cell what it is after a JSON round trip (the
// flow state is one): times RFC 3339 text, integers float64, so a
// PlanResult reads the same from RunPlan, from Ask and from the API.
func jsonCell(v any) any {
	switch x := v.(type) {
	case time.Time:
		return x.UTC().Format(time.RFC3339Nano)
	case int64:
		return float64(x)
	case int32:
		return float64(x)
	case int:
		return float64(x)
	case int16:
		return float64(x)
	case int8:
		return float64(x)
	case uint64:
		return float64(x)
	case uint32:
		return float64(x)
	case float32:
		return float64(x)
	}
	return v
}
