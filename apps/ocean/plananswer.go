package ocean

import (
	"fmt"
	"math"
	"slices"
	"strings"
)

// maxListed bounds the rows an answer writes out; the rest are in the
// result table.
const maxListed = 12

// answerSentences states a plan's result: every number in them is a cell
// of res.Rows, written with the variable's decimals.
func answerSentences(res *PlanResult) []string {
	p := res.Plan
	if len(res.Rows) == 0 {
		return []string{"The query returned no rows."}
	}
	spec := varSpecs[p.Variable]
	scope := scopeText(p)
	val := func(v any) string { return fmtVal(v, spec) }
	row := res.Rows[0]
	get := func(name string) any {
		if i := res.Col(name); i >= 0 {
			return row[i]
		}
		return nil
	}
	switch {
	case p.Rank != nil && profileByTime(p) == "":
		return rankSentences(res, spec, scope)
	case (p.Aggregate == "max" || p.Aggregate == "min") && p.GroupBy == "":
		word := map[string]string{"max": "maximum", "min": "minimum"}[p.Aggregate]
		v := get(p.Aggregate + "_" + p.Variable)
		if v == nil {
			return []string{fmt.Sprintf("No good %s value %s.", spec.name, scope)}
		}
		return []string{fmt.Sprintf("The %s %s %s is %s %s, measured by float %v at cycle %v on %s at %s dbar (%s), over %v good measurements.",
			word, spec.name, scope, val(v), spec.unit, get("wmo"), get("cycle"), day(get("time")), fmtVal(get("pres"), varSpecs["pressure"]), fmtLatLon(get("lat"), get("lon")), get("measurements"))}
	case (p.Aggregate == "mean" || p.Aggregate == "median" || p.Aggregate == "max" || p.Aggregate == "min") && p.GroupBy == "":
		word := map[string]string{"mean": "mean", "median": "median"}[p.Aggregate]
		v := get(p.Aggregate + "_" + p.Variable)
		if v == nil {
			return []string{fmt.Sprintf("No good %s value %s.", spec.name, scope)}
		}
		return []string{fmt.Sprintf("The %s %s %s is %s %s, over %v good measurements in %v profile(s) of %v float(s).",
			word, spec.name, scope, val(v), spec.unit, get("measurements"), get("profiles"), get("floats"))}
	case p.Aggregate == "range" && p.GroupBy == "":
		if get("min_"+p.Variable) == nil {
			return []string{fmt.Sprintf("No good %s value %s.", spec.name, scope)}
		}
		return []string{fmt.Sprintf("The %s %s ranges from %s %s to %s %s, a spread of %s %s, over %v good measurements in %v profile(s) of %v float(s).",
			spec.name, scope, val(get("min_"+p.Variable)), spec.unit, val(get("max_"+p.Variable)), spec.unit, val(get("range_"+p.Variable)), spec.unit, get("measurements"), get("profiles"), get("floats"))}
	case p.Aggregate == "value" && p.Pressure != nil && p.Pressure.Target > 0:
		return valueAtSentences(res, spec, scope)
	case p.Aggregate == "count" && p.GroupBy == "":
		if res.Col("measurements") >= 0 {
			return []string{fmt.Sprintf("%s: %v good %s measurements in %v profile(s) of %v float(s).", capFirst(scope), get("measurements"), spec.name, get("profiles"), get("floats"))}
		}
		return []string{fmt.Sprintf("%s: %v profile(s) of %v float(s), from %s to %s.", capFirst(scope), get("profiles"), get("floats"), day(get("first_time")), day(get("last_time")))}
	case p.Aggregate == "trend" && res.Col("wmo") < 0:
		if get("trend_per_year") == nil {
			return []string{fmt.Sprintf("No trend of %s %s: it needs good values in at least 3 profiles, and %v were found.", spec.name, scope, get("profiles"))}
		}
		return []string{trendSentence(spec, scope, get)}
	case p.Aggregate == "compare" && res.Col("difference") >= 0:
		if get("difference") == nil {
			return []string{fmt.Sprintf("The comparison of %s %s found no good values for one of the floats (%v and %v measurements).", spec.name, scope, get("n_a"), get("n_b"))}
		}
		return []string{fmt.Sprintf("Mean %s %s: float %s %s %s (%v measurements), float %s %s %s (%v measurements); difference %s minus %s = %s %s.",
			spec.name, scope, p.Floats[0], val(get("mean_a")), spec.unit, get("n_a"), p.Floats[1], val(get("mean_b")), spec.unit, get("n_b"),
			p.Floats[0], p.Floats[1], signed(get("difference"), spec), spec.unit)}
	case p.Aggregate == "profile":
		return profileSentences(res, spec)
	case p.Aggregate == "track":
		return []string{fmt.Sprintf("Track %s: %d positions, from %s at %s to %s at %s.", scope, len(res.Rows),
			day(res.Rows[0][res.Col("time")]), fmtLatLon(res.Rows[0][res.Col("lat")], res.Rows[0][res.Col("lon")]),
			day(res.Rows[len(res.Rows)-1][res.Col("time")]), fmtLatLon(res.Rows[len(res.Rows)-1][res.Col("lat")], res.Rows[len(res.Rows)-1][res.Col("lon")]))}
	}
	return []string{tableSentence(res, scope)}
}

func trendSentence(spec varSpec, scope string, get func(string) any) string {
	return fmt.Sprintf("The %s %s changed at %s %s per year (least-squares over %v profiles), from %s %s on %s to %s %s on %s.",
		spec.name, scope, signed(get("trend_per_year"), spec), spec.unit, get("profiles"),
		fmtVal(get("first_value"), spec), spec.unit, day(get("first_time")), fmtVal(get("last_value"), spec), spec.unit, day(get("last_time")))
}

func rankSentences(res *PlanResult, spec varSpec, scope string) []string {
	p := res.Plan
	r := p.Rank
	what := "float"
	if r.Of == "profile" {
		what = "profile"
	}
	var items []string
	for i, row := range res.Rows {
		if i == maxListed {
			break
		}
		get := func(name string) any {
			if k := res.Col(name); k >= 0 {
				return row[k]
			}
			return nil
		}
		id := fmt.Sprintf("float %v", get("wmo"))
		if get("cycle") != nil && (r.Of == "profile" || r.By == "nearest") {
			id += fmt.Sprintf(" cycle %v", get("cycle"))
		}
		switch r.By {
		case "nearest":
			items = append(items, fmt.Sprintf("%s, %s km away at %s on %s", id, fmtNum(get("distance_km"), 1), fmtLatLon(get("lat"), get("lon")), day(get("time"))))
		case "latest", "earliest":
			items = append(items, fmt.Sprintf("%s, reported %s", id, dayTime(get("time"))))
		case "most_profiles":
			items = append(items, fmt.Sprintf("%s, %v profiles from %s to %s", id, get("profiles"), day(get("first_time")), day(get("last_time"))))
		default:
			items = append(items, fmt.Sprintf("%s, %s %s %s (%v profiles, %s to %s)", id, spec.name, fmtVal(get(p.Variable), spec), spec.unit, get("profiles"), day(get("first_time")), day(get("last_time"))))
		}
	}
	// "when did float X last report": the time, said of that float
	if (r.By == "latest" || r.By == "earliest") && r.Of == "float" && len(p.Floats) == 1 && len(res.Rows) == 1 {
		row := res.Rows[0]
		cell := func(name string) any {
			if k := res.Col(name); k >= 0 {
				return row[k]
			}
			return nil
		}
		which := map[bool]string{true: "last", false: "first"}[r.By == "latest"]
		sc := strings.TrimSpace(strings.Replace(scope, fmt.Sprintf("for float %v", cell("wmo")), "", 1))
		return []string{strings.Join(slices.DeleteFunc([]string{fmt.Sprintf("Float %v's %s profile", cell("wmo"), which), sc,
			fmt.Sprintf("was reported %s (of %v profiles)", dayTime(cell("time")), cell("profiles"))}, func(s string) bool { return s == "" }), " ") + "."}
	}
	title := strings.ReplaceAll(r.By, "_", " ")
	if r.By == "most_profiles" {
		title = "with the most profiles"
	}
	if len(res.Rows) == 1 {
		head := fmt.Sprintf("The %s %s", title, what)
		if r.By == "nearest" {
			head = fmt.Sprintf("The %s nearest to %s", what, pointText(p.Near))
		}
		return []string{strings.Join(slices.DeleteFunc([]string{head, scope, "is", items[0]}, func(s string) bool { return s == "" }), " ") + "."}
	}
	return []string{fmt.Sprintf("The %d %s %ss %s: %s.", len(res.Rows), title, what, scope, strings.Join(items, "; "))}
}

func profileSentences(res *PlanResult, spec varSpec) []string {
	p := res.Plan
	var out []string
	vi, pi := res.Col(p.Variable), res.Col("pres")
	type key struct{ w, c any }
	var order []key
	rows := map[key][][]any{}
	for _, row := range res.Rows {
		k := key{row[0], row[1]}
		if _, ok := rows[k]; !ok {
			order = append(order, k)
		}
		rows[k] = append(rows[k], row)
	}
	for _, k := range order {
		rs := rows[k]
		var pts []string
		step := max(1, len(rs)/maxListed)
		for i := 0; i < len(rs); i += step {
			pts = append(pts, fmt.Sprintf("%s dbar %s", fmtVal(rs[i][pi], varSpecs["pressure"]), fmtVal(rs[i][vi], spec)))
		}
		latest := ""
		if len(p.Cycles) == 0 {
			latest = " (no cycle named: its latest)"
		}
		out = append(out, fmt.Sprintf("%s profile of float %v cycle %v%s on %s: %d levels from %s to %s dbar; %s (%s) %s.",
			capFirst(spec.name), k.w, k.c, latest, day(rs[0][3]), len(rs), fmtVal(rs[0][pi], varSpecs["pressure"]), fmtVal(rs[len(rs)-1][pi], varSpecs["pressure"]),
			map[bool]string{true: "every level", false: fmt.Sprintf("every %d levels", step)}[step == 1], spec.unit, strings.Join(pts, ", ")))
	}
	return out
}

// tableSentence writes a result's first rows as "col value unit" lists.
func tableSentence(res *PlanResult, scope string) string {
	var rows []string
	for i, row := range res.Rows {
		if i == maxListed {
			rows = append(rows, fmt.Sprintf("… %d more rows in the result table", len(res.Rows)-maxListed))
			break
		}
		var cells []string
		for j, c := range res.Columns {
			cells = append(cells, c.Name+" "+cellText(row[j], c))
		}
		rows = append(rows, strings.Join(cells, ", "))
	}
	return fmt.Sprintf("%s %s (%d rows): %s.", capFirst(describeAgg(res.Plan)), scope, len(res.Rows), strings.Join(rows, "; "))
}

func describeAgg(p QueryPlan) string {
	spec := varSpecs[p.Variable]
	switch p.Aggregate {
	case "value":
		if r := p.Pressure; r != nil && r.Target > 0 {
			return spec.name + " in each profile"
		}
		if r := p.Pressure; r != nil {
			return fmt.Sprintf("%s at the shallowest good level in %s of each profile", spec.name, pressureText(r))
		}
		return spec.name + " at the shallowest good level of each profile"
	case "timeseries":
		return "time series of the mean " + spec.name + " per profile"
	case "count":
		return "counts"
	case "":
		return "result"
	}
	return p.Aggregate + " " + spec.name + " per " + strings.ReplaceAll(p.GroupBy, "_", " ")
}

func cellText(v any, c Column) string {
	if v == nil {
		return "n/a"
	}
	switch c.Name {
	case "time", "first_time", "last_time":
		return day(v)
	case "month":
		if m, ok := v.(string); ok {
			return m // "2019-01", as grouped
		}
		return day(v)
	}
	if f, ok := v.(float64); ok {
		if c.Unit == "" && f == math.Trunc(f) && math.Abs(f) < 1e15 {
			return fmt.Sprintf("%.0f", f) // a count, cycle or WMO number
		}
		for _, s := range varSpecs {
			if strings.HasSuffix(c.Name, strings.TrimPrefix(s.col, "")) || c.Unit == s.unit && s.unit != "" {
				return strings.TrimSpace(fmtVal(f, s) + " " + c.Unit)
			}
		}
		return strings.TrimSpace(fmtNum(f, 3) + " " + c.Unit)
	}
	return strings.TrimSpace(fmt.Sprint(v) + " " + c.Unit)
}

// scopeText says what the plan's filters selected, in words.
func scopeText(p QueryPlan) string {
	r0 := p.Rank
	var parts []string
	switch len(p.Floats) {
	case 0:
		parts = append(parts, "over all floats")
	case 1:
		parts = append(parts, "for float "+p.Floats[0])
	default:
		parts = append(parts, "for floats "+strings.Join(p.Floats, ", "))
	}
	if len(p.Cycles) > 0 {
		parts = append(parts, "cycle(s) "+cycleList(p.Cycles))
	}
	if r := p.Pressure; r != nil {
		switch {
		case r.Surface:
			parts = append(parts, fmt.Sprintf("at the surface (≤%g dbar)", r.Max))
		case r.Target > 0 && r.Rule != "":
			parts = append(parts, fmt.Sprintf("at %g dbar (%g–%g dbar; %s)", r.Target, r.Min, r.Max, r.Rule))
		case r.Target > 0:
			parts = append(parts, fmt.Sprintf("at %g dbar (%g–%g dbar)", r.Target, r.Min, r.Max))
		case r.Rule != "":
			parts = append(parts, fmt.Sprintf("at %s (%s)", pressureText(r), r.Rule))
		default:
			parts = append(parts, "at "+pressureText(r))
		}
	}
	if p.Region != "" {
		if r, _ := regionByName(p.Region); r.Ocean != "" {
			parts = append(parts, fmt.Sprintf("in the %s (GDAC ocean code %s)", r.Name, r.Ocean))
		} else {
			parts = append(parts, fmt.Sprintf("in the %s (approximate outline)", r.Name))
		}
	}
	if b := p.Box; b != nil {
		parts = append(parts, fmt.Sprintf("in the box %s to %s", fmtLatLon(b.MinLat, b.MinLon), fmtLatLon(b.MaxLat, b.MaxLon)))
	}
	if n := p.Near; n != nil && n.RadiusKm > 0 {
		parts = append(parts, fmt.Sprintf("within %g km of %s", n.RadiusKm, pointText(n)))
	} else if n != nil && r0 != nil && r0.By == "nearest" && len(parts) > 0 && parts[0] == "over all floats" {
		parts = parts[:0] // "the float nearest to X over all floats" says nothing
	}
	if t := p.Time; t != nil {
		if t.Rule != "" {
			parts = append(parts, fmt.Sprintf("%s (%s; %s to %s)", t.Text, t.Rule, orOpen(t.From), orOpen(t.To)))
		} else {
			parts = append(parts, fmt.Sprintf("%s (%s to %s)", t.Text, orOpen(t.From), orOpen(t.To)))
		}
	}
	return strings.Join(parts, " ")
}

func fmtVal(v any, s varSpec) string {
	prec := s.prec
	if prec == 0 {
		prec = 3
	}
	return fmtNum(v, prec)
}

func fmtNum(v any, prec int) string {
	f := toFloat(v)
	if v == nil || math.IsNaN(f) {
		return "n/a"
	}
	return fmt.Sprintf("%.*f", prec, f)
}

func signed(v any, s varSpec) string {
	f := toFloat(v)
	if math.IsNaN(f) {
		return "n/a"
	}
	return fmt.Sprintf("%+.*f", max(s.prec, 3), f)
}

func capFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// pointText is a point as the answer names it: the place the question
// named and where the gazetteer puts it, or the coordinates.
func pointText(n *Near) string {
	if n.Place != "" {
		return fmt.Sprintf("%s (%s, the point GeoNames data gives for it)", n.Place, fmtLatLon(n.Lat, n.Lon))
	}
	return fmtLatLon(n.Lat, n.Lon)
}

// valueAtSentences state values at a target pressure: for one profile,
// the levels it was interpolated between (or the nearest level used);
// for several, the table and how many were interpolated.
func valueAtSentences(res *PlanResult, spec varSpec, scope string) []string {
	p := res.Plan
	t := p.Pressure.Target
	pres := varSpecs["pressure"]
	how := func(row []any) (string, bool) {
		lo, hi, at := toFloat(row[res.Col("pres_lo")]), toFloat(row[res.Col("pres_hi")]), toFloat(row[res.Col("pres")])
		if at == t {
			if lo == hi {
				return fmt.Sprintf("measured at %s dbar", fmtVal(lo, pres)), true
			}
			return fmt.Sprintf("interpolated between the good levels at %s and %s dbar", fmtVal(lo, pres), fmtVal(hi, pres)), true
		}
		return fmt.Sprintf("no good levels on both sides of %g dbar within %g–%g dbar, so the nearest good level, %s dbar", t, p.Pressure.Min, p.Pressure.Max, fmtVal(at, pres)), false
	}
	if len(res.Rows) == 1 {
		row := res.Rows[0]
		h, _ := how(row)
		return []string{fmt.Sprintf("The %s of float %v cycle %v at %g dbar on %s is %s %s (%s).",
			spec.name, row[res.Col("wmo")], row[res.Col("cycle")], t, day(row[res.Col("time")]), fmtVal(row[res.Col(p.Variable)], spec), spec.unit, h)}
	}
	n := 0
	for _, row := range res.Rows {
		if _, ok := how(row); ok {
			n++
		}
	}
	return []string{tableSentence(res, scope), fmt.Sprintf("In %d of the %d profiles the value is interpolated between the good levels around %g dbar (or measured there); in %d it is the nearest good level within %g–%g dbar.",
		n, len(res.Rows), t, len(res.Rows)-n, p.Pressure.Min, p.Pressure.Max)}
}
