package ocean

import (
	"cmp"
	"context"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/cairn-agents/cairn/llm"
	"github.com/cairn-agents/cairn/ocean/store"
)

// agentQuery is the agent that answers a QueryPlan.
const agentQuery = "query"

// plan asks the plan model (if any) for a QueryPlan; planRules decides
// otherwise. WMO numbers are extracted deterministically either way.
func (a *App) plan(ctx context.Context, query string) (llm.Decision[QueryPlan], error) {
	now := a.now()
	p := llm.Prompt{
		Name:       "QueryPlan",
		System:     a.prompts.plan,
		User:       fmt.Sprintf("Today is %s.\n%s", now.Format("2006-01-02"), query),
		MaxRepairs: 2,
	}
	d, err := llm.Decide(ctx, a.models.For("plan"), p, func(context.Context) (QueryPlan, error) {
		return readPlan(query, now, a.opts.Gazetteer), nil
	})
	if err == nil && d.Source == llm.FromModel {
		for _, f := range readPlan(query, now, nil).Floats {
			if !slices.Contains(d.Value.Floats, f) {
				d.Value.Floats = append(d.Value.Floats, f)
			}
		}
		d.Value.Missing = append(d.Value.Missing, missingSlots(d.Value)...)
	}
	if err == nil {
		a.placeLaunchFrame(ctx, &d.Value)
	}
	return d, err
}

var reDefinitional = regexp.MustCompile(`(?i)\b(does|do|did)\b[^?]*\bmean\b|\bmeaning\b|\bstand for\b|\bdefin`)

// planned says whether the query agent answers the question: the plan
// asks for a measured quantity or a ranking (or for a variable the data
// do not hold or a statistic the gateway does not compute, which it says
// is missing: "what wave height did float X measure", "the
// interquartile range of …"), the question is about float data (dispatched to the sql or
// duckdb agent, or naming a variable, float or place), and it does not
// ask what a word means.
func (s state) planned() bool {
	p := s.Plan
	data := s.Dispatch.Has(agentSQL) || s.Dispatch.Has(agentDuckDB) || p.Variable != "" || p.Rank != nil ||
		len(p.Floats) > 0 || p.Near != nil || p.Box != nil || p.Region != ""
	return (p.Actionable() || missingSlot(p, "variable") || missingSlot(p, "aggregate")) && data && !reDefinitional.MatchString(s.Query)
}

// runs says whether agent name answers: the query agent a planned
// question, the sql agent too where it also asks where a float is, and
// the profile agent only an unplanned one (its summary never stands in
// for the quantity asked).
func (s state) runs(name string) bool {
	switch name {
	case agentQuery:
		return s.planned()
	case agentSQL:
		// "my position" with no point given is the asker's, not a float's
		return s.Dispatch.Has(name) && (!s.planned() || reWhereMeta.MatchString(strings.ToLower(s.Query)) && !missingSlot(s.Plan, "near"))
	case agentDuckDB:
		// a BGC parameter's findings (its data modes, QC flags, and the
		// real-time values flagged 3 that Argo leaves unadjusted) come
		// beside the plan's answer, which reads QC 1–2 only
		return s.Dispatch.Has(name) && (!s.planned() || varSpecs[s.Plan.Variable].mode == "bgc_data_mode")
	}
	return s.Dispatch.Has(name)
}

// queryAgent answers the plan: SQL from templates, run under the guard,
// every number of its findings a cell of the result, cited with the
// statement and the profiles it read.
func (a *App) queryAgent(ctx context.Context, s state) *AgentReport {
	rep := &AgentReport{Agent: agentQuery, OK: true, Source: s.PlanSource}
	p := s.Plan
	rep.Findings = append(rep.Findings, fmt.Sprintf("Plan (%s): %s.", s.PlanSource, describePlan(p)))
	if len(p.Missing) > 0 {
		rep.Findings = append(rep.Findings, "The question cannot be answered as asked; it needs: "+strings.Join(p.Missing, "; ")+".")
		return rep
	}
	res, err := a.plans.get(ctx, p, func() (*PlanResult, error) { return a.RunPlan(ctx, p) })
	if err != nil {
		rep.OK, rep.Error = false, err.Error()
		return rep
	}
	rep.Result = res
	rep.Tables = append(rep.Tables, Table{SQL: res.SQL, Columns: colNames(res.Columns), Rows: res.Rows, Truncated: res.Truncated})
	rep.Findings = append(rep.Findings, answerSentences(res)...)
	if len(res.Rows) == 0 || allNull(res) {
		rep.Findings = append(rep.Findings, a.explainEmpty(ctx, p)...)
	}
	if !stationsOnly(p) {
		rep.Findings = append(rep.Findings, res.Conventions)
	}
	rep.Findings = append(rep.Findings, citeQuery(res))
	return rep
}

// RunPlan executes a plan: its templated statement on the store that
// holds what it reads (station queries on the metadata store, DuckDB or
// PostGIS; level queries on the Parquet profiles), then the statement
// listing the profiles read.
func (a *App) RunPlan(ctx context.Context, p QueryPlan) (*PlanResult, error) {
	if err := p.Validate(); err != nil {
		return nil, err
	}
	pq, atTargets, err := a.planStatement(p)
	if err != nil {
		return nil, err
	}
	on, storeName, what := a.profiles, "duckdb", "profile"
	if pq.stations {
		on, what = a.meta, "metadata"
		if dl, ok := a.meta.(interface{ Dialect() string }); ok && dl.Dialect() == "postgis" {
			storeName = "postgis"
		}
	}
	if on == nil {
		return nil, fmt.Errorf("plan: no %s store is configured", what)
	}
	opts := a.queryOpts()
	opts.Templated = true
	if p.Aggregate == "profile" || p.Aggregate == "track" || p.Aggregate == "timeseries" || p.Aggregate == "value" {
		opts.MaxRows = max(opts.MaxRows, 5000) // a plot's points
	}
	// the profiles read are listed beside the query (listProfilesRead)
	var profs chan profilesListing
	if !pq.stations {
		profs = make(chan profilesListing, 1)
		go func() { profs <- a.listProfilesRead(ctx, p) }()
	}
	r, inGo := a.planInGo(ctx, p, pq, opts.MaxRows)
	if !inGo {
		r, err = on.Query(ctx, opts, pq.sql, pq.args...)
	}
	if err != nil {
		if profs != nil {
			<-profs
		}
		return nil, fmt.Errorf("plan query: %w", err)
	}
	for _, row := range r.Rows {
		for i, v := range row {
			row[i] = jsonCell(v)
		}
	}
	res := &PlanResult{Plan: p, Columns: pq.columns, Rows: r.Rows, Truncated: r.Truncated, SQL: r.SQL, Args: pq.args, Store: storeName,
		Conventions: conventionsText(p)}
	if atTargets {
		res.Conventions += " " + atTargetsConvention
	}
	if res.Rows == nil {
		res.Rows = [][]any{}
	}
	if len(r.Columns) != len(pq.columns) {
		if profs != nil {
			<-profs
		}
		return nil, fmt.Errorf("plan query: template columns %v, result columns %v", colNames(pq.columns), r.Columns)
	}
	if pq.stations {
		res.Profiles = stationProfiles(res)
		res.ProfilesRead = len(res.Profiles)
		floats := map[string]bool{}
		for _, p := range res.Profiles {
			floats[p.WMO] = true
		}
		res.FloatsRead = len(floats)
		return res, nil
	}
	l := <-profs
	pr, err := l.r, l.err
	if err != nil {
		return nil, fmt.Errorf("profiles read: %w", err)
	}
	res.ProfilesSQL, res.ProfilesArgs = pr.SQL, l.args
	res.Profiles, res.ProfilesRead, res.FloatsRead = listProfiles(pr)
	return res, nil
}

// planStatement is the statement that answers p on a's stores: over
// the summary, the values at targets or the levels; atTargets says it
// is the second.
func (a *App) planStatement(p QueryPlan) (pq planQuery, atTargets bool, err error) {
	if pq, err = buildPlanQuery(p); err != nil {
		return planQuery{}, false, fmt.Errorf("plan: %w", err)
	}
	if sq, ok := summaryPlanQuery(p); ok && hasSummary(a.profiles) {
		pq = sq // per-profile facts: the summary, not every level
	}
	if tq, ok := atTargetsPlanQuery(p); ok && hasAtTargets(a.profiles) {
		pq, atTargets = tq, true // values at a standard pressure, made at ingest
	}
	return pq, atTargets, nil
}

// listProfiles are the profiles a listing statement of profilesSQL
// returned, in float, cycle and direction order, and how many profiles
// of how many floats it counted: the counted statement's own counts, or
// the whole list's.
func listProfiles(r *store.Result) (refs []ProfileRef, profiles, floats int) {
	rows := rowMaps(r)
	floatsSeen := map[string]bool{}
	for _, row := range rows {
		ref := ProfileRef{WMO: str(row["wmo"]), Cycle: int(toFloat(row["cycle"])), Direction: str(row["direction"]), DataMode: str(row["data_mode"])}
		ref.Time, _ = cellTime(row["time"])
		if v, ok := row["lat"].(float64); ok {
			ref.Lat = &v
		}
		if v, ok := row["lon"].(float64); ok {
			ref.Lon = &v
		}
		refs = append(refs, ref)
		floatsSeen[ref.WMO] = true
	}
	if len(rows) > 0 && rows[0]["profiles_read"] != nil {
		return refs, int(toFloat(rows[0]["profiles_read"])), int(toFloat(rows[0]["floats_read"]))
	}
	slices.SortFunc(refs, func(a, b ProfileRef) int {
		return cmp.Or(strings.Compare(a.WMO, b.WMO), cmp.Compare(a.Cycle, b.Cycle), strings.Compare(a.Direction, b.Direction))
	})
	return refs, len(refs), len(floatsSeen)
}

// stationProfiles are the profiles a station query's rows name.
func stationProfiles(r *PlanResult) []ProfileRef {
	w, c, d, t := r.Col("wmo"), r.Col("cycle"), r.Col("direction"), r.Col("time")
	if w < 0 || c < 0 {
		return nil
	}
	var out []ProfileRef
	for _, row := range r.Rows {
		ref := ProfileRef{WMO: str(row[w]), Cycle: int(toFloat(row[c]))}
		if d >= 0 {
			ref.Direction = str(row[d])
		}
		if t >= 0 {
			ref.Time, _ = cellTime(row[t])
		}
		out = append(out, ref)
	}
	return out
}

func conventionsText(p QueryPlan) string {
	s := argoConventions
	if r := p.Pressure; r != nil {
		switch {
		case r.Surface:
			s += fmt.Sprintf(" Surface means pressure ≤ %g dbar.", r.Max)
		case r.Target > 0:
			s += fmt.Sprintf(" \"At %g dbar\" reads the levels from %g to %g dbar (±5 %%, at least ±5 dbar; 1 dbar ≈ 1 m). ", r.Target, r.Min, r.Max) + atTargetText(r)
		}
	}
	if p.Aggregate == "trend" {
		s += " The trend is the least-squares slope of each profile's mean over time, per year."
	}
	return s
}

func colNames(cs []Column) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.Name
	}
	return out
}

func allNull(r *PlanResult) bool {
	for _, row := range r.Rows {
		for i, v := range row {
			if v != nil && !strings.HasSuffix(r.Columns[i].Name, "measurements") && r.Columns[i].Name != "profiles" && r.Columns[i].Name != "floats" && r.Columns[i].Name != "n_a" && r.Columns[i].Name != "n_b" {
				return false
			}
		}
	}
	return true
}

// citeQuery names the statement and the profiles it read.
func citeQuery(r *PlanResult) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Source: %s query `%s`", r.Store, oneLine(r.SQL))
	if len(r.Args) > 0 {
		var as []string
		for i, v := range r.Args {
			as = append(as, fmt.Sprintf("$%d=%v", i+1, argText(v)))
		}
		fmt.Fprintf(&b, " with %s", strings.Join(as, ", "))
	}
	if r.ProfilesSQL == "" {
		b.WriteString(".")
		return b.String()
	}
	if r.ProfilesRead > len(r.Profiles) {
		fmt.Fprintf(&b, "; it read %d profile(s) of %d float(s), the first %d listed%s.", r.ProfilesRead, r.FloatsRead, len(r.Profiles), profileSummary(r.Profiles, r.FloatsRead, true))
		return b.String()
	}
	fmt.Fprintf(&b, "; it read %d profile(s)%s.", r.ProfilesRead, profileSummary(r.Profiles, r.FloatsRead, false))
	return b.String()
}

func argText(v any) string {
	if t, ok := v.(time.Time); ok {
		return t.Format("2006-01-02")
	}
	return fmt.Sprint(v)
}

var reSpaces = regexp.MustCompile(`\s+`)

func oneLine(s string) string { return reSpaces.ReplaceAllString(strings.TrimSpace(s), " ") }

// profileSummary lists the profiles read per float: cycles and data modes.
// floats is how many floats the result read in all. Of a list cut short
// (cut), the last float's profiles may go on past it: that float is left
// out.
func profileSummary(ps []ProfileRef, floats int, cut bool) string {
	if cut && len(ps) > 0 {
		last := ps[len(ps)-1].WMO
		for len(ps) > 0 && ps[len(ps)-1].WMO == last {
			ps = ps[:len(ps)-1]
		}
	}
	type agg struct {
		lo, hi, n int
		modes     string
	}
	var order []string
	m := map[string]*agg{}
	for _, p := range ps {
		g, ok := m[p.WMO]
		if !ok {
			g = &agg{lo: p.Cycle, hi: p.Cycle}
			m[p.WMO] = g
			order = append(order, p.WMO)
		}
		g.n++
		g.lo, g.hi = min(g.lo, p.Cycle), max(g.hi, p.Cycle)
		if p.DataMode != "" && !strings.Contains(g.modes, p.DataMode) {
			g.modes += p.DataMode
		}
	}
	var parts []string
	for i, w := range order {
		if i == 8 {
			break
		}
		g := m[w]
		cyc := fmt.Sprintf("cycle %d", g.lo)
		if g.hi != g.lo {
			cyc = fmt.Sprintf("cycles %d–%d", g.lo, g.hi)
		}
		mode := ""
		if g.modes != "" {
			mode = ", data mode " + strings.Join(strings.Split(g.modes, ""), "/")
		}
		parts = append(parts, fmt.Sprintf("float %s: %d profile(s), %s%s", w, g.n, cyc, mode))
	}
	if more := max(floats, len(order)) - len(parts); more > 0 && len(parts) > 0 {
		parts = append(parts, fmt.Sprintf("and %d more floats", more))
	}
	if len(parts) == 0 {
		return ""
	}
	return " (" + strings.Join(parts, "; ") + ")"
}

// explainEmpty says why a plan found nothing: the float is not in the
// data, it has no values of a BGC parameter, or no profile matches the
// place and time asked (with what the data does hold).
func (a *App) explainEmpty(ctx context.Context, p QueryPlan) []string {
	var out []string
	if a.meta == nil {
		return out
	}
	opts := a.queryOpts()
	opts.Templated = true // the code's statements, checked as the plans' are
	for _, f := range p.Floats {
		r, err := a.meta.Query(ctx, opts, `SELECT count(*) AS profiles, min(time) AS first_time, max(time) AS last_time, min(cycle) AS first_cycle, max(cycle) AS last_cycle FROM argo_profile_stations WHERE wmo = $1`, f)
		if err != nil || len(r.Rows) == 0 {
			continue
		}
		m := rowMaps(r)[0]
		if toFloat(m["profiles"]) == 0 {
			out = append(out, fmt.Sprintf("Float %s is not in the ingested data: it has no profiles.", f))
			continue
		}
		out = append(out, fmt.Sprintf("Float %s has %v profiles (cycles %v–%v) from %s to %s; none has a good (QC 1–2) value matching the plan's filters.",
			f, m["profiles"], m["first_cycle"], m["last_cycle"], day(m["first_time"]), day(m["last_time"])))
		if spec, ok := varSpecs[p.Variable]; ok && spec.mode == "bgc_data_mode" && a.profiles != nil {
			if r, err := a.profiles.Query(ctx, opts, `SELECT count(`+spec.col+`) AS n FROM argo_profiles WHERE wmo = $1`, f); err == nil && len(r.Rows) == 1 && toFloat(r.Rows[0][0]) == 0 {
				out = append(out, fmt.Sprintf("Float %s has no stored %s values: no synthetic BGC (Sprof) file with that parameter was ingested for it.", f, spec.name))
			}
		}
	}
	if len(p.Floats) == 0 {
		// a BGC parameter no float has ("which floats have oxygen data?")
		if spec, ok := varSpecs[p.Variable]; ok && spec.mode == "bgc_data_mode" && a.profiles != nil {
			if r, err := a.profiles.Query(ctx, opts, `SELECT count(`+spec.col+`) AS n FROM argo_profiles`); err == nil && len(r.Rows) == 1 && toFloat(r.Rows[0][0]) == 0 {
				return append(out, fmt.Sprintf("No float in the data has stored %s values: no synthetic BGC (Sprof) file with that parameter was ingested.", spec.name))
			}
		}
		if r, err := a.meta.Query(ctx, opts, `SELECT count(*) AS profiles, count(DISTINCT wmo) AS floats, min(time) AS first_time, max(time) AS last_time FROM argo_profile_stations`); err == nil && len(r.Rows) == 1 {
			m := rowMaps(r)[0]
			what := "No profile matches the plan's place and time"
			if p.Region == "" && p.Box == nil && p.Near == nil && p.Time == nil {
				what = "No profile has a good (QC 1–2) value matching the plan's filters"
			}
			out = append(out, fmt.Sprintf("%s; the data hold %v profiles of %v floats from %s to %s.",
				what, m["profiles"], m["floats"], day(m["first_time"]), day(m["last_time"])))
		}
	}
	return out
}
