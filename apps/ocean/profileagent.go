package ocean

import (
	"context"
	"fmt"
	"math"
	"time"
)

// maxProfileFloats bounds how many named floats the profile agent analyses.
const maxProfileFloats = 5

// surfaceDbar is the pressure above which a measurement counts as "surface".
const surfaceDbar = 10

// Best values: adjusted when the data centre adjusted them, else raw; only
// QC flags 1 (good) and 2 (probably good) count.
const (
	bestTemp   = `CASE WHEN temp_adjusted IS NOT NULL THEN temp_adjusted ELSE temp END`
	bestTempQC = `CASE WHEN temp_adjusted IS NOT NULL THEN temp_adjusted_qc ELSE temp_qc END`
	bestPsal   = `CASE WHEN psal_adjusted IS NOT NULL THEN psal_adjusted ELSE psal END`
	bestPsalQC = `CASE WHEN psal_adjusted IS NOT NULL THEN psal_adjusted_qc ELSE psal_qc END`
	bestPres   = `CASE WHEN pres_adjusted IS NOT NULL THEN pres_adjusted ELSE pres END`
	bestPresQC = `CASE WHEN pres_adjusted IS NOT NULL THEN pres_adjusted_qc ELSE pres_qc END`
)

// profileAgent answers questions about measured profiles with DuckDB over
// the Parquet measurements: per-float depth range, surface temperature and
// salinity over cycles and their trend, the BGC parameters the question
// names (see bgcFindings); per-region surface averages.
func (a *App) profileAgent(ctx context.Context, s state) *AgentReport {
	rep := startReport(agentDuckDB, a.profiles, "profile")
	if !rep.OK {
		return rep
	}
	d := s.Dispatch
	var errs []string
	run := a.runOn(ctx, a.profiles, rep, &errs)
	cutoff, hasCutoff := a.cutoff(d)
	timeCond := ""
	floats := d.FloatIDs
	if len(floats) > maxProfileFloats {
		rep.Findings = append(rep.Findings, fmt.Sprintf("Only the first %d of %d floats were analysed.", maxProfileFloats, len(floats)))
		floats = floats[:maxProfileFloats]
	}
	for _, wmo := range floats {
		args := []any{wmo}
		if hasCutoff {
			args = append(args, cutoff)
			timeCond = " AND time >= $2"
		}
		for _, p := range askedBGC(s.Query) {
			rep.Findings = append(rep.Findings, bgcFindings(func(q string, args ...any) []map[string]any {
				if res := run(q, args...); res != nil {
					return rowMaps(res)
				}
				return nil
			}, wmo, p, timeCond, sinceText(hasCutoff, cutoff), args, d.DepthDbar)...)
		}
		sum := run(`SELECT count(DISTINCT cycle) AS profiles, min(time) AS first_time, max(time) AS last_time,
				min(`+bestPres+`) FILTER (WHERE `+bestPresQC+` IN ('1', '2')) AS min_pres,
				max(`+bestPres+`) FILTER (WHERE `+bestPresQC+` IN ('1', '2')) AS max_pres, count(*) AS measurements
			FROM argo_profiles WHERE wmo = $1`+timeCond, args...)
		if sum == nil {
			continue
		}
		m := rowMaps(sum)[0]
		if n, _ := m["measurements"].(int64); n == 0 {
			rep.Findings = append(rep.Findings, fmt.Sprintf("No profile measurements of float %s are stored%s.", wmo, sinceText(hasCutoff, cutoff)))
			continue
		}
		rep.Findings = append(rep.Findings, fmt.Sprintf("Float %s: %v profiles with %v measurements from %s to %s, good-QC pressures %s to %s dbar.",
			wmo, m["profiles"], m["measurements"], fmtTime(m["first_time"]), fmtTime(m["last_time"]), num(m["min_pres"], 1), num(m["max_pres"], 1)))

		cyc := run(`SELECT cycle, min(time) AS time,
				avg(`+bestTemp+`) FILTER (WHERE `+bestTempQC+` IN ('1', '2')) AS surface_temp,
				avg(`+bestPsal+`) FILTER (WHERE `+bestPsalQC+` IN ('1', '2')) AS surface_psal
			FROM argo_profiles
			WHERE wmo = $1 AND direction = 'A' AND `+bestPres+` <= `+fmt.Sprint(surfaceDbar)+timeCond+`
			GROUP BY cycle ORDER BY cycle`, args...)
		if cyc == nil {
			continue
		}
		for _, v := range []struct{ col, name, unit string }{{"surface_temp", "temperature", "°C"}, {"surface_psal", "salinity", "PSU"}} {
			if f := trendFinding(wmo, fmt.Sprintf("surface (≤%d dbar, QC 1–2)", surfaceDbar), v.col, v.name, v.unit, rowMaps(cyc)); f != "" {
				rep.Findings = append(rep.Findings, f)
			}
		}
		if z := d.DepthDbar; z > surfaceDbar {
			// a band of ±5% (at least ±5 dbar) around the asked depth
			half := max(5, z*0.05)
			dargs := append([]any{}, args...)
			dargs = append(dargs, z-half, z+half)
			n := len(dargs)
			at := run(`SELECT cycle, min(time) AS time,
					avg(`+bestTemp+`) FILTER (WHERE `+bestTempQC+` IN ('1', '2')) AS temp_at,
					avg(`+bestPsal+`) FILTER (WHERE `+bestPsalQC+` IN ('1', '2')) AS psal_at
				FROM argo_profiles
				WHERE wmo = $1 AND direction = 'A' AND `+bestPres+` BETWEEN $`+fmt.Sprint(n-1)+` AND $`+fmt.Sprint(n)+timeCond+`
				GROUP BY cycle ORDER BY cycle`, dargs...)
			if at != nil {
				where := fmt.Sprintf("at %.0f±%.0f dbar (QC 1–2)", z, half)
				for _, v := range []struct{ col, name, unit string }{{"temp_at", "temperature", "°C"}, {"psal_at", "salinity", "PSU"}} {
					rep.Findings = append(rep.Findings, trendFinding(wmo, where, v.col, v.name, v.unit, rowMaps(at)))
				}
			}
		}
	}
	if len(floats) == 0 {
		r, ok := regionByName(d.Region)
		switch {
		case ok && r.Ocean == "":
			args := []any{}
			if hasCutoff {
				args = append(args, cutoff)
				timeCond = " AND time >= $1"
			}
			res := run(`SELECT count(DISTINCT wmo) AS floats, count(DISTINCT wmo || '/' || cycle) AS profiles,
					avg(`+bestTemp+`) FILTER (WHERE `+bestTempQC+` IN ('1', '2')) AS surface_temp,
					avg(`+bestPsal+`) FILTER (WHERE `+bestPsalQC+` IN ('1', '2')) AS surface_psal,
					min(time) AS first_time, max(time) AS last_time
				FROM argo_profiles WHERE `+bestPres+` <= `+fmt.Sprint(surfaceDbar)+` AND `+polygonSQL(r, "lat", "lon")+timeCond, args...)
			if res != nil {
				m := rowMaps(res)[0]
				if n, _ := m["floats"].(int64); n == 0 {
					rep.Findings = append(rep.Findings, fmt.Sprintf("No stored profile lies in the %s (approximate outline)%s.", r.Name, sinceText(hasCutoff, cutoff)))
				} else {
					rep.Findings = append(rep.Findings, fmt.Sprintf("In the %s (approximate outline)%s: %v profiles from %v float(s), %s to %s; mean surface (≤%d dbar, QC 1–2) temperature %s °C, salinity %s PSU.",
						r.Name, sinceText(hasCutoff, cutoff), m["profiles"], m["floats"], fmtTime(m["first_time"]), fmtTime(m["last_time"]), surfaceDbar, num(m["surface_temp"], 2), num(m["surface_psal"], 3)))
				}
			}
		default:
			rep.Findings = append(rep.Findings, "The question names no float or sea, so no profile statistics were computed; name a WMO number or a sea.")
		}
	}
	settle(rep, errs)
	return rep
}

func sinceText(has bool, t time.Time) string {
	if !has {
		return ""
	}
	return " since " + t.Format("2006-01-02")
}

func num(v any, prec int) string {
	switch x := v.(type) {
	case float64:
		return fmt.Sprintf("%.*f", prec, x)
	case float32:
		return fmt.Sprintf("%.*f", prec, x)
	case nil:
		return "n/a"
	}
	return fmt.Sprint(v)
}

// trendFinding states the first and last surface values and a
// least-squares trend per year over the cycles that have a value.
func trendFinding(wmo, where, col, name, unit string, rows []map[string]any) string {
	type pt struct {
		cycle any
		t     time.Time
		v     float64
	}
	var pts []pt
	for _, r := range rows {
		v, ok := r[col].(float64)
		t, tok := r["time"].(time.Time)
		if ok && tok && !math.IsNaN(v) {
			pts = append(pts, pt{r["cycle"], t, v})
		}
	}
	if len(pts) == 0 {
		return fmt.Sprintf("Float %s has no %s %s values.", wmo, where, name)
	}
	first, last := pts[0], pts[len(pts)-1]
	out := fmt.Sprintf("Float %s %s %s: %.3f %s at cycle %v (%s), %.3f %s at cycle %v (%s), a change of %+.3f %s",
		wmo, where, name, first.v, unit, first.cycle, first.t.Format("2006-01-02"), last.v, unit, last.cycle, last.t.Format("2006-01-02"), last.v-first.v, unit)
	if len(pts) >= 3 {
		var sx, sy, sxx, sxy float64
		for _, p := range pts {
			x := p.t.Sub(first.t).Hours() / (24 * 365.25)
			sx += x
			sy += p.v
			sxx += x * x
			sxy += x * p.v
		}
		n := float64(len(pts))
		if den := n*sxx - sx*sx; den > 0 {
			slope := (n*sxy - sx*sy) / den
			out += fmt.Sprintf("; least-squares trend %+.3f %s per year over %d cycles", slope, unit, len(pts))
		}
	}
	return out + "."
}
