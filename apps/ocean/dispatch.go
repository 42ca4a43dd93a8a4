package ocean

import (
	"context"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/cairn-agents/cairn/llm"
)

// dispatch asks the dispatch model (if any) for a DispatchDecision; the intent
// rules decide otherwise.
func (a *App) dispatch(ctx context.Context, query string) (llm.Decision[DispatchDecision], error) {
	p := llm.Prompt{
		Name:   "DispatchDecision",
		System: a.prompts.dispatch,
		User:   query,

		MaxRepairs: 2,
	}
	d, err := llm.Decide(ctx, a.models.For("dispatch"), p, func(context.Context) (DispatchDecision, error) {
		return dispatchRules(query), nil
	})
	if err == nil && d.Source == llm.FromModel {
		// Float numbers are extracted deterministically; a model that
		// missed one does not lose it.
		for _, f := range dispatchRules(query).FloatIDs {
			if !slices.Contains(d.Value.FloatIDs, f) {
				d.Value.FloatIDs = append(d.Value.FloatIDs, f)
			}
		}
	}
	return d, err
}

var (
	reWMO = regexp.MustCompile(`\b([0-9]{7}|[0-9]{5})\b`)
	// reFloatNumbered is a float, buoy or platform followed by a number
	reFloatNumbered = regexp.MustCompile(`\b(?:float|buoy|wmo|platform)\s*(?:no\.?|number|#)?\s*[0-9]{3,}\b`)
	reNear          = regexp.MustCompile(`(?i)within\s+([0-9]+(?:\.[0-9]+)?)\s*(km|kilomet(?:er|re)s?|nm|nautical miles?)\s+(?:of|from|around)\s+(-?[0-9]+(?:\.[0-9]+)?)\s*°?\s*([ns])?\s*,?\s*(-?[0-9]+(?:\.[0-9]+)?)\s*°?\s*([ew])?`)
	reDepth         = regexp.MustCompile(`(?i)\b(?:at|near|around|below|of)\s+([0-9]{1,5}(?:\.[0-9]+)?)\s*(m|meters?|metres?|dbar|decibars?|db)\b`)
	reLastN         = regexp.MustCompile(`(?i)(?:last|past)\s+([0-9]+)\s+(day|week|month|year)s?`)
	reLastUnit      = regexp.MustCompile(`(?i)(?:last|past|previous)\s+(day|week|month|year)\b|(?:this)\s+(year|month)\b`)
)

func hasAny(s string, words ...string) bool {
	for _, w := range words {
		if strings.Contains(s, w) {
			return true
		}
	}
	return false
}

// dispatchRules is the dispatch policy: keyword intent rules plus float-number,
// region, radius and time-window extraction.
func dispatchRules(query string) DispatchDecision {
	q := strings.ToLower(query)
	d := DispatchDecision{FloatIDs: []string{}}
	for _, m := range reWMO.FindAllStringSubmatch(query, -1) {
		if !slices.Contains(d.FloatIDs, m[1]) {
			d.FloatIDs = append(d.FloatIDs, m[1])
		}
	}
	if r, ok := findRegion(query); ok {
		d.Region = r.Name
	}
	if m := reNear.FindStringSubmatch(query); m != nil {
		radius, _ := strconv.ParseFloat(m[1], 64)
		if strings.HasPrefix(strings.ToLower(m[2]), "n") {
			radius *= 1.852
		}
		lat, _ := strconv.ParseFloat(m[3], 64)
		lon, _ := strconv.ParseFloat(m[5], 64)
		if strings.EqualFold(m[4], "s") {
			lat = -lat
		}
		if strings.EqualFold(m[6], "w") {
			lon = -lon
		}
		d.Near = &Near{Lat: lat, Lon: lon, RadiusKm: radius}
	}
	if m := reDepth.FindStringSubmatch(query); m != nil {
		d.DepthDbar, _ = strconv.ParseFloat(m[1], 64)
	}
	unitDays := map[string]int{"day": 1, "week": 7, "month": 30, "year": 365}
	if m := reLastN.FindStringSubmatch(q); m != nil {
		n, _ := strconv.Atoi(m[1])
		d.SinceDays = n * unitDays[m[2]]
	} else if m := reLastUnit.FindStringSubmatch(q); m != nil {
		u := m[1]
		if u == "" {
			u = m[2]
		}
		d.SinceDays = unitDays[u]
	}

	var why []string
	definitional := hasAny(q, "what does", "what do ", "what is a", "what is an", "what is the meaning", "what are ", "meaning of", "stand for",
		"define", "definition", "explain", "how do i", "how to ", "documentation", "manual", "doi", "argopy", "reference table",
		"qc flag", "quality control", "quality flag", "data mode", "delayed mode", "real-time mode", "real time mode", "adjusted")
	profiles := hasAny(q, "temperature", "salinity", "profile", "depth", "pressure", "dbar", "trend", "warming", "cooling",
		"changed", "change", "measurement", "thermocline", "mixed layer", "psal", "temp", "surface", "deepest", "average", "mean temp", "oxygen", "doxy", "chlorophyll",
		"chla", "nitrate", "backscatter", "bbp700", " ph ", "bgc", "biogeochem")
	// a float named by a number of any length ("track of float
	// 29022699") asks about float data, even one the plan must refuse
	metadata := reFloatNumbered.MatchString(q) || hasAny(q, "where", "position", "location", "located", "last report", "reported", "status", "active", "inactive",
		"launch", "deploy", "which float", "what float", "how many float", "list", "floats in", "floats near", "near ", "within",
		"platform", "dac", "pi ", "principal investigator", "owner", "institution", "cycle", "when did", "latest", "float type", "model")
	greeting := hasAny(q, "hello", "hi ", "hey", "help", "what can you", "who are you", "thank") || q == "hi" || q == "hey"

	if metadata || len(d.FloatIDs) > 0 || d.Region != "" || d.Near != nil {
		d.Agents = append(d.Agents, agentSQL)
		why = append(why, "metadata/status/position question or named floats/region")
	}
	if profiles && (len(d.FloatIDs) > 0 || d.Region != "" || d.Near != nil || !definitional) {
		d.Agents = append(d.Agents, agentDuckDB)
		why = append(why, "asks about measured profiles")
	}
	if definitional {
		d.Agents = append(d.Agents, agentRAG)
		why = append(why, "asks for a definition or documentation")
		// "What is QC flag 4?" is not about float data even with numbers in it
		if len(d.FloatIDs) == 0 && d.Region == "" && d.Near == nil && !metadata {
			d.Agents = slices.DeleteFunc(d.Agents, func(a string) bool { return a == agentSQL || a == agentDuckDB })
		}
	}
	if len(d.Agents) == 0 && greeting {
		d.Agents = []string{agentGeneral}
		why = append(why, "greeting or capability question")
	}
	if len(d.Agents) == 0 {
		// Nothing matched: search the documents, and say what the system can do.
		d.Agents = []string{agentRAG, agentGeneral}
		why = append(why, "no data intent recognised")
	}
	d.Reasoning = "rules: " + strings.Join(why, "; ")
	if len(d.FloatIDs) > 0 {
		d.Reasoning += "; floats " + strings.Join(d.FloatIDs, ", ")
	}
	return d
}
