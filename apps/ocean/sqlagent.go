package ocean

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/cairn-agents/cairn/llm"
	"github.com/cairn-agents/cairn/ocean/sqlguard"
	"github.com/cairn-agents/cairn/ocean/store"
)

// Querier runs a guarded read-only query; *store.Store is one.
type Querier interface {
	Query(ctx context.Context, opts store.QueryOptions, stmt string, args ...any) (*store.Result, error)
}

// sqlQuery is a model-written statement for the SQL agent.
type sqlQuery struct {
	SQL       string `json:"sql"`
	Reasoning string `json:"reasoning"`
}

// Validate runs the statement through the SQL guard, so a model's unsafe
// or unparsable SQL is sent back for repair and never reaches a store.
func (q sqlQuery) Validate() error {
	_, err := guard.Check(q.SQL)
	return err
}

// Reason returns the model's reasoning.
func (q sqlQuery) Reason() string { return q.Reasoning }

var guard = sqlguard.New(store.Tables, nil)

// metaGuard passes statements that read no Parquet profiles, which any
// metadata store (DuckDB or PostGIS) can run.
var metaGuard = sqlguard.New(slices.DeleteFunc(slices.Clone(store.Tables), func(t string) bool { return t == "argo_profiles" }), nil)

// sqlAgent answers metadata, status, position and region questions.
func (a *App) sqlAgent(ctx context.Context, s state) *AgentReport {
	rep := startReport(agentSQL, a.meta, "metadata")
	if !rep.OK {
		return rep
	}
	d := s.Dispatch
	if m := a.models.For("sql"); m != nil {
		dec, err := llm.Decide(ctx, m, llm.Prompt{Name: "SQLQuery", System: a.prompts.sql, User: s.Query, MaxRepairs: 2},
			func(context.Context) (sqlQuery, error) { return sqlQuery{}, nil })
		rep.Tokens += dec.Usage.PromptTokens + dec.Usage.CompletionTokens
		if err == nil && dec.Source == llm.FromModel && dec.Value.SQL != "" {
			res, err := a.modelQuerier(dec.Value.SQL).Query(ctx, a.queryOpts(), dec.Value.SQL)
			if err == nil {
				rep.Source = string(llm.FromModel)
				rep.Tables = append(rep.Tables, table(res))
				rep.Findings = append(rep.Findings, fmt.Sprintf("The model-written query returned %d row(s).", len(res.Rows)))
				return rep
			}
			rep.Findings = append(rep.Findings, fmt.Sprintf("The model-written query failed (%v); the templates answered instead.", err))
		}
	}
	var errs []string
	run := a.runOn(ctx, a.meta, rep, &errs)
	cutoff, hasCutoff := a.cutoff(d)

	if len(d.FloatIDs) > 0 {
		ph := placeholders(1, len(d.FloatIDs))
		args := make([]any, len(d.FloatIDs))
		for i, f := range d.FloatIDs {
			args[i] = f
		}
		res := run(`SELECT coalesce(m.wmo, s.wmo) AS wmo, m.platform_type, m.dac, m.pi_name, m.project_name,
				m.launch_date, m.launch_lat, m.launch_lon, s.first_time, s.last_time, s.last_lat, s.last_lon,
				s.last_cycle, s.cycle_count, s.data_modes, s.active, s.last_report_age_days
			FROM argo_float_metadata m FULL OUTER JOIN argo_float_status s ON s.wmo = m.wmo
			WHERE coalesce(m.wmo, s.wmo) IN (`+ph+`) ORDER BY 1`, args...)
		if res != nil {
			found := map[string]bool{}
			for _, r := range rowMaps(res) {
				found[str(r["wmo"])] = true
				rep.Findings = append(rep.Findings, describeFloat(r, a.now(), a.opts.ActiveWithin))
			}
			for _, f := range d.FloatIDs {
				if !found[f] {
					rep.Findings = append(rep.Findings, fmt.Sprintf("Float %s is not in the ingested data: no metadata, status or profiles for that WMO number.", f))
				}
			}
		}
	}

	var where []string
	var args []any
	var scope string
	dl, _ := a.meta.(interface{ Dialect() string })
	postgis := dl != nil && dl.Dialect() == "postgis"
	if r, ok := regionByName(d.Region); ok {
		if r.Ocean != "" {
			args = append(args, r.Ocean)
			where = append(where, fmt.Sprintf("ocean = $%d", len(args)))
			scope = fmt.Sprintf("in the %s (GDAC index ocean code %s)", r.Name, r.Ocean)
		} else if postgis {
			args = append(args, r.wkt())
			where = append(where, fmt.Sprintf("ST_Contains(ST_GeomFromText($%d, 4326), geog::geometry)", len(args)))
			scope = fmt.Sprintf("in the %s (approximate outline)", r.Name)
		} else {
			where = append(where, polygonSQL(r, "lat", "lon"))
			scope = fmt.Sprintf("in the %s (approximate outline)", r.Name)
		}
	}
	if n := d.Near; n != nil {
		if postgis {
			args = append(args, n.Lon, n.Lat, n.RadiusKm*1000)
			k := len(args)
			where = append(where, fmt.Sprintf("ST_DWithin(geog, ST_SetSRID(ST_MakePoint($%d, $%d), 4326)::geography, $%d)", k-2, k-1, k))
		} else {
			args = append(args, n.Lat, n.Lon, n.RadiusKm)
			k := len(args)
			where = append(where, fmt.Sprintf("lat IS NOT NULL AND %s <= $%d", haversineSQL(fmt.Sprintf("$%d", k-2), fmt.Sprintf("$%d", k-1), "lat", "lon"), k))
		}
		scope = strings.TrimSpace(scope + fmt.Sprintf(" within %.0f km of %.3f, %.3f", n.RadiusKm, n.Lat, n.Lon))
	}
	if len(where) > 0 {
		if hasCutoff {
			args = append(args, cutoff)
			where = append(where, fmt.Sprintf("time >= $%d", len(args)))
			scope += fmt.Sprintf(" since %s", cutoff.Format("2006-01-02"))
		}
		res := run(`SELECT wmo, count(*) AS profiles, min(time) AS first_time, max(time) AS last_time
			FROM argo_profile_stations WHERE `+strings.Join(where, " AND ")+`
			GROUP BY wmo ORDER BY last_time DESC NULLS LAST, wmo`, args...)
		if res != nil {
			rows := rowMaps(res)
			if len(rows) == 0 {
				rep.Findings = append(rep.Findings, fmt.Sprintf("No float reported a profile %s.", scope))
				if hasCutoff {
					if r := run(`SELECT max(last_time) AS latest FROM argo_float_status`); r != nil && len(r.Rows) == 1 && r.Rows[0][0] != nil {
						rep.Findings = append(rep.Findings, fmt.Sprintf("The most recent report in the whole data set is %s.", fmtTime(r.Rows[0][0])))
					}
				}
			} else {
				var parts []string
				for _, r := range rows {
					parts = append(parts, fmt.Sprintf("%s (%v profiles, last %s)", str(r["wmo"]), r["profiles"], fmtTime(r["last_time"])))
				}
				rep.Findings = append(rep.Findings, fmt.Sprintf("%d float(s) reported %s: %s.", len(rows), scope, strings.Join(parts, "; ")))
			}
		}
	} else if len(d.FloatIDs) == 0 {
		// No float, region or point: an overview, limited in time if asked.
		q := `SELECT count(*) AS floats, count(*) FILTER (WHERE active) AS active, min(first_time) AS first_report, max(last_time) AS latest_report FROM argo_float_status`
		var qa []any
		if hasCutoff {
			q += ` WHERE last_time >= $1`
			qa = append(qa, cutoff)
		}
		if res := run(q, qa...); res != nil && len(res.Rows) == 1 {
			r := rowMaps(res)[0]
			span := ""
			if hasCutoff {
				span = fmt.Sprintf(" with a report since %s", cutoff.Format("2006-01-02"))
			}
			rep.Findings = append(rep.Findings, fmt.Sprintf("%v float(s)%s in the data, %v active (reported within %s); reports span %s to %s.",
				r["floats"], span, r["active"], a.activeWithin(), fmtTime(r["first_report"]), fmtTime(r["latest_report"])))
		}
		if res := run(`SELECT s.wmo, m.dac, m.platform_type, s.last_time, s.cycle_count FROM argo_float_status s
				LEFT JOIN argo_float_metadata m ON m.wmo = s.wmo ORDER BY s.last_time DESC NULLS LAST LIMIT 20`); res != nil {
			var parts []string
			for _, r := range rowMaps(res) {
				parts = append(parts, fmt.Sprintf("%s (%s, %s, last %s)", str(r["wmo"]), orNA(r["dac"]), orNA(r["platform_type"]), fmtTime(r["last_time"])))
			}
			if len(parts) > 0 {
				rep.Findings = append(rep.Findings, "Floats by latest report: "+strings.Join(parts, "; ")+".")
			}
		}
	}
	settle(rep, errs)
	return rep
}

// runOn returns a function that runs an agent's statement on q: the
// result's table goes into rep, a failure's message into errs (see settle).
// The statements are the agents' own templates, written by this code (a
// model's SQL runs through modelQuerier, checked in full): the guard
// checks them as it checks the plans' (QueryOptions.Templated).
func (a *App) runOn(ctx context.Context, q Querier, rep *AgentReport, errs *[]string) func(stmt string, args ...any) *store.Result {
	opts := a.queryOpts()
	opts.Templated = true
	return func(stmt string, args ...any) *store.Result {
		res, err := q.Query(ctx, opts, stmt, args...)
		if err != nil {
			*errs = append(*errs, err.Error())
			return nil
		}
		rep.Tables = append(rep.Tables, table(res))
		return res
	}
}

// settle records an agent's failed statements: it failed if none answered.
func settle(rep *AgentReport, errs []string) {
	if len(errs) > 0 {
		rep.OK = len(rep.Tables) > 0
		rep.Error = strings.Join(errs, "; ")
	}
}

// modelQuerier is the store a model-written statement runs on: the
// metadata store, unless the statement reads argo_profiles, which only the
// profile store has.
func (a *App) modelQuerier(stmt string) Querier {
	if a.profiles != nil {
		if _, err := metaGuard.Check(stmt); err != nil {
			return a.profiles
		}
	}
	return a.meta
}

func (a *App) queryOpts() store.QueryOptions {
	return store.QueryOptions{MaxRows: a.opts.MaxRows, Timeout: a.opts.QueryTimeout}
}

func (a *App) now() time.Time { return a.opts.Now().UTC() }

func (a *App) activeWithin() string {
	return fmt.Sprintf("%.0f days", a.opts.ActiveWithin.Hours()/24)
}

func (a *App) cutoff(d DispatchDecision) (time.Time, bool) {
	if d.SinceDays <= 0 {
		return time.Time{}, false
	}
	return a.now().AddDate(0, 0, -d.SinceDays), true
}

func placeholders(from, n int) string {
	ps := make([]string, n)
	for i := range ps {
		ps[i] = fmt.Sprintf("$%d", from+i)
	}
	return strings.Join(ps, ", ")
}

// polygonSQL is the even-odd point-in-polygon test as a SQL expression,
// with a bounding-box prefilter: edge.crossedBy for each edge, its slope
// and offset written as DOUBLE literals (exponent form: DuckDB reads a
// plain 1.5 as a DECIMAL, and planning DECIMAL arithmetic over a dozen
// edges cost a third more CPU a statement), which both databases read to
// the very float64 Go printed, so the SQL and region.contains agree on
// every point.
func polygonSQL(r region, lat, lon string) string {
	minLon, minLat, maxLon, maxLat := r.bbox()
	var edges []string
	for _, e := range r.edges() {
		edges = append(edges, fmt.Sprintf("(%[1]s > %[3]g AND %[1]s <= %[4]g AND %[2]s < %[5]s * %[1]s + %[6]s)::INTEGER",
			lat, lon, e.lo, e.hi, strconv.FormatFloat(e.slope, 'e', -1, 64), strconv.FormatFloat(e.offset, 'e', -1, 64)))
	}
	return fmt.Sprintf("(%s BETWEEN %g AND %g AND %s BETWEEN %g AND %g AND (%s) %% 2 = 1)",
		lat, minLat, maxLat, lon, minLon, maxLon, strings.Join(edges, " + "))
}

// haversineSQL is the great-circle distance in km as a SQL expression.
func haversineSQL(lat0, lon0, lat, lon string) string {
	return fmt.Sprintf("(6371.0088 * 2 * asin(least(1, sqrt(power(sin(radians(%[3]s - %[1]s) / 2), 2) + cos(radians(%[1]s)) * cos(radians(%[3]s)) * power(sin(radians(%[4]s - %[2]s) / 2), 2)))))",
		lat0, lon0, lat, lon)
}

func table(r *store.Result) Table {
	return Table{SQL: r.SQL, Columns: r.Columns, Rows: r.Rows, Truncated: r.Truncated}
}

func rowMaps(r *store.Result) []map[string]any {
	out := make([]map[string]any, len(r.Rows))
	for i, row := range r.Rows {
		m := make(map[string]any, len(row))
		for j, c := range r.Columns {
			m[c] = row[j]
		}
		out[i] = m
	}
	return out
}

func str(v any) string {
	if v == nil {
		return ""
	}
	return fmt.Sprint(v)
}

func orNA(v any) string {
	if s := str(v); s != "" {
		return s
	}
	return "n/a"
}

func fmtTime(v any) string {
	t, ok := v.(time.Time)
	if !ok {
		return "unknown"
	}
	return t.UTC().Format("2006-01-02 15:04 UTC")
}

func fmtLatLon(lat, lon any) string {
	la, ok1 := lat.(float64)
	lo, ok2 := lon.(float64)
	if !ok1 || !ok2 {
		return "an unknown position"
	}
	ns, ew := "N", "E"
	if la < 0 {
		ns, la = "S", -la
	}
	if lo < 0 {
		ew, lo = "W", -lo
	}
	return fmt.Sprintf("%.3f°%s, %.3f°%s", la, ns, lo, ew)
}

func describeFloat(r map[string]any, now time.Time, activeWithin time.Duration) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Float %s", str(r["wmo"]))
	var about []string
	for _, k := range []string{"platform_type", "dac", "pi_name"} {
		if v := str(r[k]); v != "" {
			label := map[string]string{"platform_type": "platform", "dac": "DAC", "pi_name": "PI"}[k]
			about = append(about, label+" "+v)
		}
	}
	if len(about) > 0 {
		fmt.Fprintf(&b, " (%s)", strings.Join(about, ", "))
	}
	if r["launch_date"] != nil {
		fmt.Fprintf(&b, " was launched %s at %s", fmtTime(r["launch_date"]), fmtLatLon(r["launch_lat"], r["launch_lon"]))
	}
	if r["last_time"] == nil {
		b.WriteString("; it has no profile reports in the data.")
		return b.String()
	}
	fmt.Fprintf(&b, "; its last report was %s at %s (cycle %v), with %v cycles since %s; data modes %s",
		fmtTime(r["last_time"]), fmtLatLon(r["last_lat"], r["last_lon"]), r["last_cycle"], r["cycle_count"], fmtTime(r["first_time"]), orNA(r["data_modes"]))
	// Active or not is judged now, not when the data were ingested.
	if last, ok := r["last_time"].(time.Time); ok {
		age := now.Sub(last)
		state := "inactive"
		if age <= activeWithin {
			state = "active"
		}
		fmt.Fprintf(&b, "; %s: last report %.0f days before %s (active means a report within %.0f days)",
			state, age.Hours()/24, now.Format("2006-01-02"), activeWithin.Hours()/24)
	}
	b.WriteString(".")
	return b.String()
}
