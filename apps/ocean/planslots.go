package ocean

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// The plan's slots in words: what a plan lacks to be answered, and its
// description for the trace and the answer.

// missingSlots names what the plan needs to be answered but lacks.
func missingSlots(p QueryPlan) []string {
	var out []string
	needsVar := slices.Contains([]string{"value", "min", "max", "mean", "median", "trend", "profile", "timeseries", "compare"}, p.Aggregate) ||
		p.Rank != nil && (p.Rank.By == "highest" || p.Rank.By == "lowest")
	if needsVar && p.Variable == "" {
		out = append(out, "variable: the question does not say what was measured (temperature, salinity, pressure, oxygen, chlorophyll, nitrate, pH, backscatter)")
	}
	where := len(p.Floats) > 0 || p.Region != "" || p.Box != nil || p.Near != nil
	switch p.Aggregate {
	case "profile", "track", "value":
		if len(p.Floats) == 0 && !(p.Aggregate == "value" && where) {
			out = append(out, "floats: the question names no float (a WMO number)")
		}
	case "trend", "timeseries":
		if !where {
			out = append(out, "floats or region: the question names no float, sea, box or point")
		}
	case "compare":
		if len(p.Floats) < 2 && p.GroupBy == "" && !missingSlot(p, "floats") {
			out = append(out, "compare: the question does not name two floats (or a grouping) to compare")
		}
	}
	if p.Rank != nil && p.Rank.By == "nearest" && p.Near == nil {
		out = append(out, "near: the question asks for the nearest but gives no point (such as 10N 65E)")
	}
	if r := p.Pressure; r != nil && r.Max > maxPlanDbar {
		out = append(out, fmt.Sprintf("pressure: %g dbar is deeper than any ocean (the deepest trench is about 11,000 m; Argo floats profile to 2,000 dbar, deep floats to 6,000)", max(r.Target, r.Min)))
	}
	return out
}

// describePlan writes the plan's slots in words, for the trace and the answer.
func describePlan(p QueryPlan) string {
	var parts []string
	add := func(k string, v any) { parts = append(parts, fmt.Sprintf("%s %v", k, v)) }
	if p.Variable != "" {
		add("variable", strings.Join(append([]string{p.Variable}, p.With...), "+"))
	}
	if p.Aggregate != "" {
		add("aggregate", p.Aggregate)
	}
	if len(p.Floats) > 0 {
		add("floats", strings.Join(p.Floats, ","))
	}
	if len(p.Cycles) > 0 {
		add("cycles", cycleList(p.Cycles))
	}
	if r := p.Pressure; r != nil {
		add("pressure", pressureText(r))
	}
	if p.Region != "" {
		add("region", p.Region)
	}
	if b := p.Box; b != nil {
		add("box", fmt.Sprintf("%g..%g°N %g..%g°E", b.MinLat, b.MaxLat, b.MinLon, b.MaxLon))
	}
	if n := p.Near; n != nil {
		if n.RadiusKm > 0 {
			add("near", fmt.Sprintf("%g km of %g, %g", n.RadiusKm, n.Lat, n.Lon))
		} else {
			add("point", fmt.Sprintf("%g, %g", n.Lat, n.Lon))
		}
	}
	if t := p.Time; t != nil {
		add("time", fmt.Sprintf("%q [%s, %s)", t.Text, orOpen(t.From), orOpen(t.To)))
	}
	if p.GroupBy != "" {
		add("group by", p.GroupBy)
	}
	if r := p.Rank; r != nil {
		add("rank", fmt.Sprintf("%s %s (top %d)", r.By, r.Of, max(r.N, 1)))
	}
	add("answer", p.Answer)
	return strings.Join(parts, ", ")
}

func orOpen(s string) string {
	if s == "" {
		return "open"
	}
	return s
}

func pressureText(r *PressureRange) string {
	switch {
	case r.Surface:
		return fmt.Sprintf("surface (≤%g dbar)", r.Max)
	case r.Target > 0:
		return fmt.Sprintf("%g dbar (window %g–%g dbar)", r.Target, r.Min, r.Max)
	case r.Max >= 12000:
		return fmt.Sprintf("below %g dbar", r.Min)
	}
	return fmt.Sprintf("%g–%g dbar", r.Min, r.Max)
}

func cycleList(cs []int) string {
	if len(cs) > 3 && cs[len(cs)-1]-cs[0] == len(cs)-1 {
		return fmt.Sprintf("%d–%d", cs[0], cs[len(cs)-1])
	}
	s := make([]string, len(cs))
	for i, c := range cs {
		s[i] = strconv.Itoa(c)
	}
	return strings.Join(s, ",")
}
