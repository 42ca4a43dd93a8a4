package ocean

import (
	"fmt"
	"regexp"
	"strings"
)

// bgcParam is a biogeochemical parameter the profile agent can analyse:
// its Parquet column, its name and unit, and the words that ask for it.
type bgcParam struct {
	col, name, unit string
	words           *regexp.Regexp
}

// bgcParams are the BGC parameters of the store's Parquet columns.
var bgcParams = []bgcParam{
	{"doxy", "dissolved oxygen (DOXY)", "µmol/kg", regexp.MustCompile(`(?i)oxygen|\bdoxy\b|\bO2\b`)},
	{"chla", "chlorophyll-a (CHLA)", "mg/m³", regexp.MustCompile(`(?i)chlorophyll|\bchla\b|\bchl-a\b`)},
	{"bbp700", "particle backscattering at 700 nm (BBP700)", "m⁻¹", regexp.MustCompile(`(?i)backscatter|\bbbp(700)?\b`)},
	{"nitrate", "nitrate (NITRATE)", "µmol/kg", regexp.MustCompile(`(?i)nitrate`)},
	{"ph_in_situ_total", "pH (PH_IN_SITU_TOTAL, total scale)", "", regexp.MustCompile(`(?i)\bph\b|acidity|acidification`)},
}

// askedBGC returns the BGC parameters a question asks about, in
// bgcParams order.
func askedBGC(query string) []bgcParam {
	var out []bgcParam
	for _, p := range bgcParams {
		if p.words.MatchString(query) {
			out = append(out, p)
		}
	}
	return out
}

// bgcLayerDbar is the near-surface layer over which a BGC parameter is
// averaged per cycle. It is deeper than the 10 dbar of temperature and
// salinity because BGC sensors sample more sparsely near the surface.
const bgcLayerDbar = 20

// bgcFindings analyses one BGC parameter of one float: how many values it
// has, adjusted or not, in which data modes and with which QC flags, and
// its change over the ascending cycles in the near-surface layer (or in
// the band around the asked depth). It uses adjusted values with QC 1–2
// when the float has any; else raw values with QC 1–2; else the raw
// real-time values flagged 3 ("probably bad, potentially correctable",
// the flag Argo gives unadjusted real-time oxygen), said so in the answer.
// QC 4 (bad) values are never used.
func bgcFindings(run func(string, ...any) []map[string]any, wmo string, p bgcParam, timeCond, since string, args []any, depth float64) []string {
	c := p.col
	sum := run(`SELECT count(`+c+`) AS n, count(`+c+`_adjusted) AS n_adj,
			count(DISTINCT cycle::VARCHAR || direction) FILTER (WHERE `+c+` IS NOT NULL) AS profiles,
			min(time) FILTER (WHERE `+c+` IS NOT NULL) AS first_time, max(time) FILTER (WHERE `+c+` IS NOT NULL) AS last_time,
			string_agg(DISTINCT bgc_data_mode, '' ORDER BY bgc_data_mode) FILTER (WHERE `+c+` IS NOT NULL) AS modes,
			count(*) FILTER (WHERE `+c+`_qc IN ('1', '2')) AS qc_good,
			count(*) FILTER (WHERE `+c+`_qc = '3') AS qc3,
			count(*) FILTER (WHERE `+c+`_qc = '4') AS qc4,
			count(*) FILTER (WHERE `+c+`_adjusted_qc IN ('1', '2')) AS adj_good
		FROM argo_profiles WHERE wmo = $1`+timeCond, args...)
	if sum == nil {
		return nil
	}
	m := sum[0]
	if n, _ := m["n"].(int64); n == 0 {
		return []string{fmt.Sprintf("Float %s has no stored %s values%s: no synthetic BGC (Sprof) file with that parameter was ingested for it.",
			wmo, p.name, since)}
	}
	out := []string{fmt.Sprintf("Float %s has %v %s values in %v profiles from %s to %s, %v of them adjusted; BGC data mode %s; raw QC flags: %v good (1–2), %v probably bad (3), %v bad (4).",
		wmo, m["n"], p.name, m["profiles"], fmtTime(m["first_time"]), fmtTime(m["last_time"]), m["n_adj"], modeText(str(m["modes"])), m["qc_good"], m["qc3"], m["qc4"])}

	value, qcCond, what := c+`_adjusted`, c+`_adjusted_qc IN ('1', '2')`, "adjusted, QC 1–2"
	switch {
	case count(m["adj_good"]) > 0:
	case count(m["qc_good"]) > 0:
		value, qcCond, what = c, c+`_qc IN ('1', '2')`, "raw, QC 1–2"
	default:
		value, qcCond, what = c, c+`_qc IN ('1', '2', '3')`, "raw real-time values, QC 3: not yet adjusted, use with care"
	}
	layer, largs := fmt.Sprintf("(%s <= %d)", bestPres, bgcLayerDbar), args
	where := fmt.Sprintf("near-surface (≤%d dbar, %s)", bgcLayerDbar, what)
	if depth > bgcLayerDbar {
		half := max(5, depth*0.05)
		largs = append(append([]any{}, args...), depth-half, depth+half)
		layer = fmt.Sprintf("(%s BETWEEN $%d AND $%d)", bestPres, len(largs)-1, len(largs))
		where = fmt.Sprintf("at %.0f±%.0f dbar (%s)", depth, half, what)
	}
	cyc := run(`SELECT cycle, min(time) AS time, avg(`+value+`) FILTER (WHERE `+qcCond+`) AS v
		FROM argo_profiles WHERE wmo = $1 AND direction = 'A' AND `+layer+timeCond+`
		GROUP BY cycle ORDER BY cycle`, largs...)
	if cyc != nil {
		out = append(out, trendFinding(wmo, where, "v", p.name, p.unit, cyc))
	}
	return out
}

func count(v any) int64 { n, _ := v.(int64); return n }

func modeText(modes string) string {
	if modes == "" {
		return "unknown"
	}
	names := map[rune]string{'R': "R (real time)", 'A': "A (real time, adjusted)", 'D': "D (delayed mode)"}
	var out []string
	for _, r := range modes {
		if n, ok := names[r]; ok {
			out = append(out, n)
		} else {
			out = append(out, string(r))
		}
	}
	return strings.Join(out, ", ")
}
