package ocean

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/cairn-agents/cairn/ocean/store"
	"github.com/cairn-agents/cairn/understand"
)

// variableTerms are the words that name a measured variable, for
// understand.Read; the label is the plan's variable.
var variableTerms = []understand.Term{
	{Phrase: "temperature", Label: "temperature"}, {Phrase: "temp", Label: "temperature"},
	{Phrase: "sst", Label: "temperature"}, {Phrase: "water temperature", Label: "temperature"},
	{Phrase: "salinity", Label: "salinity"}, {Phrase: "psal", Label: "salinity"}, {Phrase: "salt", Label: "salinity"},
	{Phrase: "saltiness", Label: "salinity"}, {Phrase: "salty", Label: "salinity"}, {Phrase: "saline", Label: "salinity"}, {Phrase: "sss", Label: "salinity"},
	{Phrase: "sal", Label: "salinity"},
	{Phrase: "pressure", Label: "pressure"}, {Phrase: "pres", Label: "pressure"}, {Phrase: "depth", Label: "pressure"},
	{Phrase: "oxygen", Label: "doxy"}, {Phrase: "doxy", Label: "doxy"}, {Phrase: "dissolved oxygen", Label: "doxy"},
	{Phrase: "chlorophyll", Label: "chla"}, {Phrase: "chla", Label: "chla"}, {Phrase: "chl a", Label: "chla"}, {Phrase: "chlorophyll a", Label: "chla"},
	{Phrase: "backscatter", Label: "bbp700"}, {Phrase: "backscattering", Label: "bbp700"}, {Phrase: "bbp700", Label: "bbp700"}, {Phrase: "bbp", Label: "bbp700"},
	{Phrase: "nitrate", Label: "nitrate"}, {Phrase: "no3", Label: "nitrate"},
	{Phrase: "ph", Label: "ph"}, {Phrase: "acidity", Label: "ph"},
}

// Ocean vocabulary for the plan's slots; each pattern is matched against
// the question in lower case.
var (
	reAggregate = []struct {
		agg string
		re  *guardedRegexp
	}{
		{"track", mustGuarded(`\b(trajector(y|ies)|track|path|drift(ed)?|route|where has .* been|positions|coordinates|locations|lat(?:itude)?s? and lon(?:gitude)?s?)\b|\bwhere\b[^.?!;]{0,40}\b(?:has|have|had)\s+been\b|\bwhere\b[^.?!;]{0,40}\b(went|gone|travel(l)?ed|wandered|roamed)\b|\bwhere did\b[^.?!;]{0,40}\bgo\b`)},
		{"compare", mustGuarded(`\b(compare|comparison|difference|differ|versus|vs\.?)\b`)},
		{"timeseries", mustGuarded(`\b(time ?series|over time|through time|evolution|evolved|history|cycle by cycle)\b`)},
		{"trend", mustGuarded(`\b(trend|trending|warming|cooling|freshening|changed|change|changing|rate of change|per year)\b`)},
		{"trend", reChangeForm},
		{"trend", reDidChange},
		{"profile", mustGuarded(`\b(profile|vertical|versus depth|vs depth|with depth|against (depth|pressure)|t-s|t–s|ts diagram)\b`)},
		{"range", mustGuarded(`\b(range|ranges|ranged|vary|varies|varied|variation|variability|spread|extremes)\b|\bhow variable\b|\b(min(imum)?|lowest|smallest|coldest)\s*(and|&|to|/)\s*(max(imum)?|highest|largest|warmest|hottest)\b|\b(max(imum)?|highest|largest|warmest|hottest)\s*(and|&|/)\s*(min(imum)?|lowest|smallest|coldest)\b`)},
		{"median", mustGuarded(`\bmedian\b`)},
		{"mean", mustGuarded(`\b(average|mean|avg|typical|typically|usually)\b`)},
		{"count", mustGuarded(`\b(how many|number of|count)\b`)},
		{"max", mustGuarded(`\b(maximum|max|highest|largest|greatest|peak|deepest|how deep|warmest|hottest|saltiest|most saline)\b`)},
		{"min", mustGuarded(`\b(minimum|min|lowest|smallest|least|shallowest|coldest|coolest|freshest|least saline)\b`)},
		// "how warm does it get", "how cold did float X get below 1000 m",
		// "how salty can the surface get": the extreme it reaches
		{"max", mustGuarded(`\bhow (?:warm|hot|salty|saline)\s+(?:does|did|do|can|could|will|would|has|had)\b(?:\s+[\w']+){0,6}?\s+(?:get|go|become|be|gotten|got|been)\b`)},
		{"min", mustGuarded(`\bhow (?:cold|cool|chilly|fresh)\s+(?:does|did|do|can|could|will|would|has|had)\b(?:\s+[\w']+){0,6}?\s+(?:get|go|become|be|gotten|got|been)\b`)},
	}
	reRankWords = []struct {
		by string
		re *guardedRegexp
	}{
		{"nearest", mustGuarded(`\b(nearest|closest)\b`)},
		{"most_profiles", mustGuarded(`\bmost (profiles|cycles)\b`)},
		{"deepest", mustGuarded(`\b(deepest|dives? deepest|went deepest|greatest depths?)\b`)},
		{"shallowest", mustGuarded(`\bshallowest\b`)},
		{"warmest", mustGuarded(`\b(warmest|hottest)\b`)},
		{"coldest", mustGuarded(`\b(coldest|coolest)\b`)},
		{"saltiest", mustGuarded(`\b(saltiest|most saline)\b`)},
		{"freshest", mustGuarded(`\b(freshest|least saline)\b`)},
		// "which float sent the last data", "reported last?", "was the
		// last to report": the float whose latest profile is latest
		{"latest", mustGuarded(`\b(most recently|most recent|latest|newest)\b|\blast\s+(?:\w+\s+)?(?:data|reports?|transmissions?|messages?|signals?|positions?|fix(?:es)?|measurements?|readings?|observations?)\b|\b(?:report(?:ed|s)?|transmit(?:ted|s)?|sen[dt]s?|surfaced)\s+(?:\w+\s+)?last\s*(?:[?.!,;]|$)|\blast\s+(?:one\s+)?to\s+(?:report|transmit|send|surface)\b`)},
		{"earliest", mustGuarded(`\b(earliest|oldest|first to report)\b`)},
	}
	reWhichFloat  = mustGuarded(`\b(which|what) (float|floats|argo float|argo floats|platform|one)\b|\bfloats? (with|that|had|has|recorded|measured|reported)\b.*\b(most|highest|lowest|warmest|coldest|saltiest|freshest|deepest)\b`)
	reWhichProf   = mustGuarded(`\b(which|what) (profile|profiles|cycle|cycles|casts?)\b|\b(profile|cycle|cast) (with|that|had)\b`)
	rePlot        = mustGuarded(`\b(plots?|graphs?|charts?|draw|diagrams?|maps?|visuali[sz]e|pictures?|figure)\b`)
	reShow        = mustGuarded(`\b(show|display)\b`)
	reTable       = mustGuarded(`\b(list|table|tabulate|each|per|every|for all)\b`)
	reCycle       = mustGuarded(`\b(?:cycles?|profiles?|casts?|cycle numbers?|profile numbers?)\s*(?:no\.?|number|#)?\s*(\d{1,4})(?:\s*(?:-|–|to|through|and)\s*(\d{1,4}))?\b`)
	reFirstCycle  = mustGuarded(`\b(first|initial) (cycle|profile)\b`)
	reLastCycle   = mustGuarded(`\b(last|latest|most recent|newest|final) (cycle|profile|dive|cast)\b`)
	rePresAt      = mustGuarded(`(?:\b(?:at|near|around|of)\s+|@\s*)(?:a\s+|the\s+)?(?:depth\s+of\s+|pressure\s+of\s+)?(\d{1,5}(?:\.\d+)?)\s*(m|meters?|metres?|dbar|decibars?|db)\b`)
	rePresBetween = mustGuarded(`\bbetween\s+(\d{1,5}(?:\.\d+)?)\s*(?:m|meters?|metres?|dbar|decibars?|db)?\s+and\s+(\d{1,5}(?:\.\d+)?)\s*(m|meters?|metres?|dbar|decibars?|db)\b|\b(\d{1,5})\s*(?:-|–|to)\s*(\d{1,5})\s*(m|meters?|metres?|dbar|decibars?|db)\b`)
	rePresBelow   = mustGuarded(`\b(?:below|deeper than|beneath|under)\s+(\d{1,5}(?:\.\d+)?)\s*(m|meters?|metres?|dbar|decibars?|db)\b`)
	rePresAbove   = mustGuarded(`\b(?:above|shallower than|upper|top|first)\s+(\d{1,5}(?:\.\d+)?)\s*(m|meters?|metres?|dbar|decibars?|db)\b`)
	reSurface     = mustGuarded(`\b(surface|near-surface|sst|sss|top layer)\b`)
	reGroupFloat  = mustGuarded(`\b(per[- ]float|each float|every float|grouped by float|broken down by float|for each of the floats|float by float|for all floats|of all floats)\b`)
	reGroupMonth  = mustGuarded(`\b(per[- ]month|each month|every month|by month|monthly|month by month|month to month|month-to-month|month on month|month-on-month|month over month)\b`)
	reGroupCycle  = mustGuarded(`\b(per cycle|each cycle|every cycle|by cycle|per profile|each profile|every profile|per cast|each cast|every cast|cast by cast|profile by profile|per dive|each dive|every dive|dive by dive)\b`)
	reGroupBin    = mustGuarded(`\b(?:depth|pressure) bins?\b|\bbinned\b|\b(?:per|every|each|in)\s+(\d{1,4})\s*(?:m|meters?|metres?|dbar|db)\b(?:\s+(?:bins?|layers?|intervals?))?`)
	reTopN        = mustGuarded(`\btop\s+(\d{1,3}|three|five|ten)\b|\b(\d{1,3}|two|three|four|five|ten)\s+(?:(?:argo|bgc|bio-argo|biogeochemical|active|different|individual|separate|distinct|other|core|deep)\s+)?(?:nearest|closest|deepest|warmest|coldest|saltiest|freshest|latest|most recent|floats|profiles)\b`)
	reTopLayer    = mustGuarded(`\btop\s+\d{1,5}(?:\.\d+)?\s*(?:m|meters?|metres?|dbar|decibars?|db)\b`)
	reRadius      = mustGuarded(`\b(?:within|in a radius of|radius)\s+(\d+(?:\.\d+)?)\s*(km|kilomet(?:er|re)s?|nm|nautical miles?|mi|miles?)\b`)
	reNearWord    = mustGuarded(`\b(near|around|close to|nearest|closest|within|from|off)\b`)
	reSeaName     = mustGuarded(`\b(?:[A-Z][a-z]+\s)+(?:Sea|Ocean|Gulf|Bay|Basin|Strait|Channel)\b|\b(?:Gulf|Bay|Sea) of (?:[A-Z][a-z]+\s?)+`)
	reLatTok      = mustGuarded(`(?i)(-?\d{1,3}(?:\.\d+)?)\s*°?\s*(?:([NS])|([EW]))\b`)
	reRankNoun    = mustGuarded(`\b(deepest|shallowest|warmest|hottest|coldest|coolest|saltiest|most saline|freshest|least saline|highest|lowest|latest|earliest|most recent)\s+(\w+\s+)?(floats?|profiles?|cycles?|casts?)\b`)
	// reHowManyFloats counts floats or profiles; reFloatsAsked asks which
	// floats (or profiles) there are
	reHowManyFloats = mustGuarded(`\bhow many (floats|profiles|cycles|casts)\b`)
	reFloatsAsked   = mustGuarded(`\b(which|what|list|any) (floats?|profiles?)\b|\bfloats? (in|within|near|inside|off|around|close to)\b`)
	reTS            = mustGuarded(`\b(?:t|theta|θ)\s*[-–/]\s*s\b|\btemperature[- ]salinity\b|\btemp(?:erature)? (?:vs\.?|versus|against) (?:salinity|psal)\b|\b(?:salinity|psal) (?:vs\.?|versus|against) temp(?:erature)?\b`)
	reMeanVerb      = mustGuarded(`\b(does|do|did)\b[^?]*\bmean\b`)
	reRankProfile   = mustGuarded(`\b(deepest|shallowest|warmest|hottest|coldest|coolest|saltiest|freshest|highest|lowest|latest|earliest|most recent)\s+(profiles?|cycles?|casts?)\b`)
	reProfileNoun   = mustGuarded(`\b(each|per|every|which|what|all|any) (profiles?|cycles?|casts?)\b`)
	reSeason        = mustGuarded(`\b((?:(?:south|north)[- ]?(?:west|east)|summer|winter) monsoon|monsoon|spring|summer|autumn|fall|winter)(?:\s+season)?\s+(?:of\s+|in\s+)?(\d{4})\b|\b(\d{4})\s+((?:(?:south|north)[- ]?(?:west|east)|summer|winter) monsoon|monsoon|spring|summer|autumn|fall|winter)\b`)
	reRangeOfNum    = mustGuarded(`\brange\s+of\s+\d|\b(?:pressure|depth)s?\s+(?:range|interval)\s+(?:of\s+|from\s+|between\s+)?\d`)
	reLastProfile   = mustGuarded(`\b(last|latest|most recent|newest|final)\s+(?:\w+\s+){0,2}(?:cycle|profile|dive|cast)\b`)
	rePlaceCue      = mustGuarded(`\b(near|nearest|closest|close to|around|off|next to|by|from|within|of)\b`)
	rePerUnit       = mustGuarded(`\bper (year|decade|month|kilo\w*|kg|lit(?:re|er)s?|cubic \w+|m3|m³|mille|mil|cent)\b`) // a rate or a unit, no grouping
	reThousands     = mustGuarded(`(\d),(\d{3})\b`)
	reOrdinalCyc    = mustGuarded(`\b(\d{1,4})(?:st|nd|rd|th)\s+(?:cycle|profile|dive)\b`)
	reBetweenCyc    = mustGuarded(`\bbetween\s+(?:cycles?|profiles?|dives?)\s+(\d{1,4})\s+and\s+(\d{1,4})\b`)
	// a span of dives or cycles by their ordinals: "between its 5th and
	// 20th dive", "from the 3rd to the 9th cycle"
	reOrdinalSpan = mustGuarded(`\b(?:between|from)\s+(?:its|the|their)?\s*(\d{1,4})(?:st|nd|rd|th)\s+(?:(?:cycle|profile|dive)s?\s+)?(?:and|to|through|until|till)\s+(?:its|the|their)?\s*(\d{1,4})(?:st|nd|rd|th)\s+(?:cycle|profile|dive)s?\b`)
	// reTopBy ranks by an extreme: "top 5 profiles by max pressure", "the
	// 3 floats with the highest salinity", "top ten cycles ranked by
	// minimum temperature"
	reTopBy = mustGuarded(`\b(?:top\s+)?(\d{1,3}|two|three|four|five|ten)\s+(?:\w+\s+)?(?:profiles|cycles|floats|casts|dives)\s+(?:of\s+(?:float\s+)?\d{5,7}\s+)?(?:(?:ranked|sorted|ordered)\s+)?(?:by|with)\s+(?:the\s+|their\s+)?(?:max(?:imum)?|min(?:imum)?|highest|lowest|greatest|largest|smallest)\b|\btop\s+(\d{1,3}|two|three|four|five|ten)\b[^.?!;]*\b(?:ranked|sorted|ordered)?\s*by\s+(?:the\s+|their\s+)?(?:max(?:imum)?|min(?:imum)?|highest|lowest|greatest|largest|smallest)\b`)
	// reTopThat ranks by a superlative in a clause on the things counted:
	// "the 5 cycles that reached the deepest", "3 floats which had the
	// warmest water", "the five cycles of float X that went the deepest",
	// "which 3 profiles reached the greatest depth"
	reTopThat   = mustGuarded(`\b(\d{1,3}|two|three|four|five|ten)\s+(?:\w+\s+)?(?:profiles|cycles|casts|dives|floats)(?:\s+(?:of|from|by)\s+(?:float\s+)?\d{5,7})?\s+(?:that|which|with|whose|reached|went|got|had|were|are|recorded|measured|saw)\b[^.?!;]*\b(?:deepest|shallowest|warmest|hottest|coldest|coolest|saltiest|freshest|highest|lowest|latest|earliest|most recent|greatest depths?)\b`)
	reWhereMeta = mustGuarded(`\b(where is|where are|position|located|location|status|active|launched|deployed)\b`)
)

var (
	reLatRange       = mustGuarded(`(?i)(-?\d{1,3}(?:\.\d+)?)\s*°?\s*(?:-|–|to)\s*(\d{1,3}(?:\.\d+)?)\s*°?\s*([NSEW])\b`)
	reAllMeasured    = mustGuarded(`\b(?:every|each|all (?:of )?(?:the )?)\s*(?:measurements?|readings?|levels?|values?|data(?:\s+points?)?|observations?|samples?)\b|\b(?:all|everything|full data|raw data|whole cast|full cast)\b[^.?!;]{0,20}\bcycle\b`)
	reWhichFloatsDid = mustGuarded(`\b(which|what|list|any) (argo )?floats? (have|has|had|with|carry|carries|carried|measure|measures|measured|record|records|recorded|report|reports|reported|sent|send|sends|transmitted|surfaced)\b`)
	reBareYear       = mustGuarded(`(?:^|[\s,(])((?:19|20)\d\d)\b`)
	reYearCue        = mustGuarded(`(?:\b(?:cycles?|profiles?|no|number|at|near|around|below|above|under|beneath|than|top|within|radius|deeper|shallower|first|upper|float|wmo)|[@#])\s*$`)
)

// bareYear reads a year written alone ("float 1900857 2010"), which
// understand leaves without a word of time before it: a year from 1990
// to now's, not a measure, a cycle or a pressure; 0 when none.
func bareYear(q string, now time.Time) (int, string) {
	for _, m := range reBareYear.FindAllStringSubmatchIndex(q, -1) {
		y, _ := strconv.Atoi(q[m[2]:m[3]])
		rest := q[m[3]:]
		if y < 1990 || y > now.Year() || unitAfter(rest) || strings.HasPrefix(strings.TrimSpace(rest), "-") || reYearCue.MatchString(q[:m[2]]) {
			continue
		}
		return y, q[m[2]:m[3]]
	}
	return 0, ""
}

var wordNumbers = map[string]int{"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "ten": 10}

// planRules is the plan policy without a gazetteer (see readPlan).
func planRules(query string, now time.Time) QueryPlan { return readPlan(query, now, nil) }

// readPlan is the plan policy: it reads the question with the shared
// understand package (numbers, units, coordinates, time frames relative
// to now, places in gaz) and the ocean vocabulary above. A nil gaz
// resolves no place name: a question that needs one says so in Missing.
func readPlan(query string, now time.Time, gaz understand.Gazetteer) QueryPlan {
	said := query
	query = apostropheWMO(dropPoliteHead(joinDegreeMinutes(upperHemiPrefix(unshout(tidySpaces(rewordPastedRows(dropSignature(rewordQuotedAnswer(query)))))))))
	query = expandClipped(reThousands.ReplaceAllString(joinWMO(rewordCodeFilters(rewordForeign(rewordQueryString(rewordFileNames(query))))), "$1$2")) // "pres < 100", "1,000 m", "cyc 50", "avg"
	// spelled numbers, "most deep", depths, clauses about the asker
	query, asked := rewordQuestion(query, now)
	q := strings.ToLower(query)
	r := understand.Read(query, understand.Options{Now: now, Tense: understand.Past, Terms: variableTerms})
	r.Times = withoutFarFrames(outsideSeasonsCompared(q, r, outsideExclusion(r)), now)
	p := QueryPlan{}
	why := asked

	// variables, in the order written; "depth" only when nothing else is
	var vars []string
	for _, t := range r.Terms {
		if t.Label == "pressure" && (strings.Contains(strings.ToLower(r.Text[t.Start:t.End]), "depth") || reAxisAfter.MatchString(r.Text[t.End:]) || reAxisBefore.MatchString(r.Text[:t.Start])) && len(r.Terms) > 1 {
			continue
		}
		// "how cold does it get at depth": the depth is where, the
		// word's form names the variable
		if t.Label == "pressure" && len(r.Terms) == 1 && strings.Contains(strings.ToLower(r.Text[t.Start:t.End]), "depth") && formVariable(q) != "" && !rePresForm.MatchString(q) {
			continue
		}
		if !slices.Contains(vars, t.Label) {
			vars = append(vars, t.Label)
		}
	}
	if reTS.MatchString(q) {
		vars = []string{"temperature", "salinity"}
	}
	if v := formVariable(q); len(vars) == 0 && v != "" {
		vars = []string{v} // "has it warmed", "got saltier", "the hottest"
	}
	if len(vars) > 0 {
		p.Variable, p.With = vars[0], vars[1:]
		if len(p.With) == 0 {
			p.With = nil
		}
	}

	// floats: WMO numbers not followed by a unit
	for _, m := range reWMO.FindAllStringSubmatchIndex(query, -1) {
		if unitAfter(q[m[1]:]) {
			continue
		}
		if f := query[m[2]:m[3]]; !slices.Contains(p.Floats, f) {
			p.Floats = append(p.Floats, f)
		}
	}
	// cycles
	for _, m := range reCycle.FindAllStringSubmatch(q, -1) {
		a, _ := strconv.Atoi(m[1])
		if isWMO(m[1]) {
			continue
		}
		b := a
		if m[2] != "" {
			b, _ = strconv.Atoi(m[2])
		}
		if strings.Contains(m[0], "and") {
			p.Cycles = appendNew(p.Cycles, a, b)
			continue
		}
		for c := a; c <= b && c-a < 500; c++ {
			p.Cycles = appendNew(p.Cycles, c)
		}
	}
	span := reBetweenCyc.FindStringSubmatch(q)
	if span == nil {
		span = reOrdinalSpan.FindStringSubmatch(q)
	}
	if span == nil {
		span = cycleSpan(q)
	}
	if m := span; m != nil {
		a, _ := strconv.Atoi(m[1])
		b, _ := strconv.Atoi(m[2])
		p.Cycles = nil
		for c := min(a, b); c <= max(a, b) && c-min(a, b) < 500; c++ {
			p.Cycles = append(p.Cycles, c)
		}
	}
	for _, m := range reOrdinalCyc.FindAllStringSubmatch(q, -1) {
		c, _ := strconv.Atoi(m[1])
		p.Cycles = appendNew(p.Cycles, c)
	}
	if n := firstCycles(q); n > 0 && len(p.Cycles) == 0 {
		// "over the first 10 cycles": a float's cycles count from 1 after
		// its launch (cycle 0, where a float has one, is its test profile)
		for c := 1; c <= n; c++ {
			p.Cycles = append(p.Cycles, c)
		}
		why = append(why, fmt.Sprintf("the first %d cycles read as cycles 1–%d", n, n))
	}
	if reFirstCycle.MatchString(q) && len(p.Cycles) == 0 {
		p.Cycles = []int{1}
	}

	// pressure, read without the size of depth bins ("bins of 250 dbar")
	binDbar, binAt := binSize(q)
	pq := q
	if binAt != nil {
		pq = q[:binAt[0]] + strings.Repeat(" ", binAt[1]-binAt[0]) + q[binAt[1]:]
	}
	switch {
	case rePresBetween.MatchString(pq):
		m := rePresBetween.FindStringSubmatch(pq)
		a, b := m[1], m[2]
		if a == "" {
			a, b = m[4], m[5]
		}
		lo, _ := strconv.ParseFloat(a, 64)
		hi, _ := strconv.ParseFloat(b, 64)
		p.Pressure = &PressureRange{Min: math.Min(lo, hi), Max: math.Max(lo, hi)}
	case rePresBelow.MatchString(pq):
		z, _ := strconv.ParseFloat(rePresBelow.FindStringSubmatch(pq)[1], 64)
		p.Pressure = &PressureRange{Min: z, Max: 12000}
	case rePresAbove.MatchString(pq):
		z, _ := strconv.ParseFloat(rePresAbove.FindStringSubmatch(pq)[1], 64)
		p.Pressure = &PressureRange{Min: 0, Max: z}
	case rePresAt.MatchString(pq):
		z, _ := strconv.ParseFloat(rePresAt.FindStringSubmatch(pq)[1], 64)
		p.Pressure = atPressure(z)
	case reSurface.MatchString(pq):
		p.Pressure = &PressureRange{Min: 0, Max: surfaceDbar, Surface: true}
	}
	if rule := depthRule(q, p.Pressure); rule != "" {
		p.Pressure.Rule = rule
	}

	// where: a region by name, a box, a point (and radius)
	if reg, ok := findRegion(query); ok {
		p.Region = reg.Name
	} else if m := reSeaName.FindString(query); m != "" && !strings.HasPrefix(m, "Argo") {
		p.Missing = append(p.Missing, fmt.Sprintf("region: %q is not a region this gateway knows (%s)", strings.TrimSpace(m), strings.Join(regionNames(), ", ")))
	} else if m := caselessSeaName(query); m != "" {
		p.Missing = append(p.Missing, fmt.Sprintf("region: %q is not a region this gateway knows (%s)", m, strings.Join(regionNames(), ", ")))
	}
	var lats, lons, boxLats, boxLons []float64
	for _, c := range r.Coordinates {
		switch {
		case c.HasLat && c.HasLng:
			if p.Near == nil {
				p.Near = &Near{Lat: c.Lat, Lon: c.Lng}
			}
		case c.HasLat:
			lats = append(lats, c.Lat)
		case c.HasLng:
			lons = append(lons, c.Lng)
		}
	}
	// "10-15N, 110-120E": both ends take the letter
	for _, m := range reLatRange.FindAllStringSubmatch(query, -1) {
		a, _ := strconv.ParseFloat(m[1], 64)
		b, _ := strconv.ParseFloat(m[2], 64)
		if h := strings.ToUpper(m[3]); h == "N" || h == "S" {
			if h == "S" {
				a, b = -a, -b
			}
			boxLats = append(boxLats, a, b)
		} else {
			if h == "W" {
				a, b = -a, -b
			}
			boxLons = append(boxLons, a, b)
		}
	}
	for _, m := range reLatTok.FindAllStringSubmatch(reLatRange.ReplaceAllString(query, " "), -1) {
		if m[2] != "" {
			v, _ := strconv.ParseFloat(m[1], 64)
			if strings.EqualFold(m[2], "s") {
				v = -v
			}
			boxLats = append(boxLats, v)
		} else {
			v, _ := strconv.ParseFloat(m[1], 64)
			if strings.EqualFold(m[3], "w") {
				v = -v
			}
			boxLons = append(boxLons, v)
		}
	}
	if len(boxLats) == 2 && len(boxLons) == 2 {
		lats, lons = boxLats, boxLons
		p.Near = nil
	}
	if len(lats) == 2 && len(lons) == 2 {
		p.Box = &Box{MinLat: math.Min(lats[0], lats[1]), MaxLat: math.Max(lats[0], lats[1]), MinLon: math.Min(lons[0], lons[1]), MaxLon: math.Max(lons[0], lons[1])}
		if regionLabelsBox(p.Region, *p.Box) {
			why = append(why, fmt.Sprintf("not read as a filter, it says where the box lies: %q", p.Region))
			p.Region = ""
		}
	}
	if p.Near == nil && p.Box == nil && len(boxLats) == 2 && len(boxLons) == 0 && len(lons) == 0 {
		// "between 10S and 10N", "from 5S to 5N": a band of latitude
		p.Box = &Box{MinLat: math.Min(boxLats[0], boxLats[1]), MaxLat: math.Max(boxLats[0], boxLats[1]), MinLon: -180, MaxLon: 180}
	}
	if p.Near == nil && p.Box == nil {
		p.Box = latitudeBand(q) // "north of the equator"
	}
	if p.Near == nil && p.Box == nil && rePlaceCue.MatchString(q) {
		n, missing := placePoint(query, r, gaz)
		p.Near = n
		if missing != "" {
			p.Missing = append(p.Missing, missing)
		}
	}
	pointedBack := false
	if !hasPlace(p) && !slices.ContainsFunc(p.Missing, func(s string) bool { return strings.HasPrefix(s, "near:") }) {
		if back := placeBack(q, r); back != "" {
			if n := askerPlace(query, gaz); n != nil {
				p.Near, pointedBack = n, true
				why = append(why, fmt.Sprintf("%q points back at the place the asker named: %s", back, n.Place))
			}
		}
	}
	if p.Near != nil {
		if m := reRadius.FindStringSubmatch(q); m != nil {
			v, _ := strconv.ParseFloat(m[1], 64)
			switch {
			case strings.HasPrefix(m[2], "n"):
				v *= 1.852
			case strings.HasPrefix(m[2], "mi"):
				v *= 1.609344
			}
			p.Near.RadiusKm = v
		}
	}

	// time frame
	if len(r.Times) > 0 {
		t := r.Times[0]
		tf := &TimeFrame{Text: r.Text[t.Start:t.End]}
		if !t.From.IsZero() {
			tf.From = t.From.Format("2006-01-02")
		}
		if !t.To.IsZero() {
			to := t.To
			if to.Hour() != 0 || to.Minute() != 0 || to.Second() != 0 {
				to = to.Truncate(24*time.Hour).AddDate(0, 0, 1)
			}
			tf.To = to.Format("2006-01-02")
		}
		p.Time = tf
	} else if y, text := bareYear(q, now); y > 0 {
		p.Time = &TimeFrame{From: fmt.Sprintf("%d-01-01", y), To: fmt.Sprintf("%d-01-01", y+1), Text: text}
	}
	if m := reSeason.FindStringSubmatch(q); m != nil {
		// "the summer of 2006", "the monsoon of 2019": the season's months
		name, year := m[1], m[2]
		if name == "" {
			name, year = m[4], m[3]
		}
		y, _ := strconv.Atoi(year)
		p.Time = seasonFrame(name, y, southern(p))
		p.Time.Text = m[0]
	} else if p.Time != nil && len(r.Times) > 0 && r.Times[0].Unit == "season" {
		// "last summer": as understand read it north of the equator; south
		// of it, the southern season of that name, the latest begun by now
		t := r.Times[0]
		name := map[time.Month]string{3: "spring", 6: "summer", 9: "autumn", 12: "winter"}[t.From.Month()]
		tf := seasonFrame(name, t.From.Year(), false)
		if southern(p) {
			if tf = seasonFrame(name, now.Year(), true); tf.From > now.Format("2006-01-02") {
				tf = seasonFrame(name, now.Year()-1, true)
			}
		}
		tf.Text = p.Time.Text
		p.Time = tf
	}

	if text, years, months, days, ok := launchPeriod(q); ok {
		// "in its first year at sea": placed on the launch date by the
		// gateway (planlaunch.go), missing until then
		p.Time = launchFrame(text, years, months, days)
		p.Missing = append(p.Missing, launchMissing)
	}
	if excludeMonths(q, p.Time) {
		why = append(why, fmt.Sprintf("the months left out narrow the time frame: %q", p.Time.Text))
	}

	// grouping
	switch {
	case reGroupFloat.MatchString(q):
		p.GroupBy = "float"
	case reGroupMonth.MatchString(q):
		p.GroupBy = "month"
	case binDbar > 0:
		p.GroupBy, p.BinDbar = "depth_bin", binDbar
	case reGroupBin.MatchString(q):
		p.GroupBy = "depth_bin"
		if m := reGroupBin.FindStringSubmatch(q); m[1] != "" {
			p.BinDbar, _ = strconv.ParseFloat(m[1], 64)
		}
	case reGroupCycle.MatchString(q):
		p.GroupBy = "cycle"
	}

	// aggregate, read without the phrases that only pick profiles
	// ("each profile", "the warmest profile") and without a comparison
	// the asker makes with the answer ("so I can compare")
	aq := q
	if len(p.Floats) < 2 {
		aq = reOwnCompare.ReplaceAllString(aq, " ")
	}
	aq = reProfileNoun.ReplaceAllString(reRankProfile.ReplaceAllString(reRangeOfNum.ReplaceAllString(aq, " "), " "), " ")
	aq = reVsAxis.ReplaceAllString(aq, "against $1")
	// "profile 12" picks a cycle: it asks for a profile only when no
	// other aggregate is written ("avg salinity profile 12" is a mean)
	for _, text := range []string{reCycle.ReplaceAllString(aq, " "), aq} {
		for _, a := range reAggregate {
			if a.agg == "mean" && reMeanVerb.MatchString(q) {
				continue
			}
			if a.re.MatchString(text) {
				p.Aggregate = a.agg
				break
			}
		}
		if p.Aggregate != "" {
			break
		}
	}
	if p.Aggregate == "" && p.Variable != "" {
		p.Aggregate = "value"
	}
	// two floats set side by side are compared, the mean of each:
	// "which is saltier, 5900446 or 5906072?", "on average, how does
	// 2901746 stack up against 2901780?"
	if (p.Aggregate == "" || p.Aggregate == "value" || p.Aggregate == "mean") && len(p.Floats) >= 2 &&
		(reComparative.MatchString(q) || reCompareWords.MatchString(q) || reCompareTwo.MatchString(q)) {
		p.Aggregate = "compare"
	} else if p.Aggregate != "compare" && len(p.Floats) < 2 && (reCompareWords.MatchString(q) || comparedThan(query)) && !reWhichFloat.MatchString(q) {
		p.Aggregate = "compare" // two groups or places: the plan says what it lacks
	}
	if p.Aggregate == "compare" && len(p.Floats) >= 2 && hasPlace(p) && floatsStandForPlaces(query) {
		why = append(why, "not read as filters, the places say which compared float is which")
		p.Region, p.Near, p.Box = "", nil, nil
		p.Missing = slices.DeleteFunc(p.Missing, func(s string) bool { return strings.HasPrefix(s, "near:") || strings.HasPrefix(s, "region:") })
	}
	if (p.Aggregate == "timeseries" || p.Aggregate == "value") && p.GroupBy == "cycle" {
		p.GroupBy = ""
	}
	if reTS.MatchString(q) && (p.Aggregate == "" || p.Aggregate == "value" || p.Aggregate == "compare" && len(p.Floats) < 2) {
		p.Aggregate = "profile" // a T–S diagram is drawn from profiles
	}
	if p.Aggregate == "" && len(p.Cycles) > 0 && reAllMeasured.MatchString(q) {
		p.Aggregate = "profile" // "every measurement of cycle 5": its levels
	}
	// a profile's variable: a CTD cast's, or what the question says
	// goes with depth ("gets colder with depth": not depth, the axis)
	if p.Aggregate == "profile" && (p.Variable == "" || p.Variable == "pressure" && len(p.With) == 0 && reDepthWise.MatchString(said)) {
		p.Variable, p.With = profileVariables(said)
	}
	if (p.Aggregate == "max" || p.Aggregate == "min") && (p.Variable == "" || p.Variable == "pressure") && rePresForm.MatchString(q) {
		p.Variable = "pressure"
	}
	if p.Aggregate == "count" && reHowManyFloats.MatchString(q) && p.Pressure == nil && varSpecs[p.Variable].mode != "bgc_data_mode" {
		// counting floats or profiles, not measurements: every profile has
		// temperature, salinity and pressure; a BGC parameter ("how many
		// floats measured chlorophyll") only some, so it stays the filter
		p.Variable, p.With = "", nil
	}

	// ranking
	// "which float 4901079 measured" and "the hottest reading float
	// 2902696 got" name a float: they rank nothing
	whichFloat, whichProf := matchNotNamingFloat(reWhichFloat, q), reWhichProf.MatchString(q)
	// "the top 100 m" is a layer, not the top hundred of anything
	topq := reTopLayer.ReplaceAllString(q, " ")
	ranked := whichFloat || whichProf || reTopN.MatchString(topq) || reTopThat.MatchString(q) || matchNotNamingFloat(reRankNoun, q)
	for _, w := range reRankWords {
		if w.re.MatchString(q) && (ranked || w.by == "nearest") {
			p.Rank = &Ranking{By: w.by}
			break
		}
	}
	if p.Rank == nil && (whichFloat || whichProf || reTopBy.MatchString(q) || reTopThat.MatchString(q)) && (p.Aggregate == "max" || p.Aggregate == "min") {
		p.Rank = &Ranking{By: extremeRank(p.Aggregate, p.Variable)}
	}
	if p.Rank == nil && reLastCycle.MatchString(q) && p.Aggregate != "profile" {
		p.Rank = &Ranking{By: "latest", Of: "profile", N: 1}
	}
	if p.Rank != nil {
		if p.Rank.Of == "" {
			p.Rank.Of = "float"
			if whichProf || (len(p.Floats) == 1 || rankedProfiles(q)) && !whichFloat {
				p.Rank.Of = "profile"
			}
		}
		m := reTopN.FindStringSubmatch(topq)
		if m == nil {
			m = reTopBy.FindStringSubmatch(q) // "5 casts ranked by min temp"
		}
		if m == nil {
			m = append(reTopThat.FindStringSubmatch(q), "") // "the 5 cycles that reached the deepest"
		}
		if len(m) > 2 {
			s := m[1] + m[2]
			n, err := strconv.Atoi(s)
			if err != nil {
				n = wordNumbers[s]
			}
			p.Rank.N = n
		}
		switch p.Rank.By {
		case "deepest", "shallowest":
			p.Variable = "pressure"
		case "warmest", "coldest":
			p.Variable = "temperature"
		case "saltiest", "freshest":
			p.Variable = "salinity"
		}
		// a ranking replaces the extreme or value it ranks by; a ranking of
		// a float's profiles by time keeps the aggregate it reads
		if p.Aggregate == "max" || p.Aggregate == "min" || p.Aggregate == "value" || p.Rank.By == "nearest" || p.Rank.By == "latest" || p.Rank.By == "earliest" || p.Rank.By == "most_profiles" {
			if !(p.Rank.By == "latest" && p.Rank.Of == "profile" && p.Aggregate != "" && p.Aggregate != "max" && p.Aggregate != "min") {
				p.Aggregate = ""
			}
		}
	}
	// "the latest profile of float X" is that float's profile of its last
	// cycle (the profile template reads the last cycle when none is named)
	if r := p.Rank; r != nil && r.Of == "profile" && r.By == "latest" && r.N <= 1 && len(p.Floats) > 0 && !whichProf && !whichFloat &&
		(p.Aggregate == "" || p.Aggregate == "profile") && reLastProfile.MatchString(q) {
		p.Rank, p.Aggregate = nil, "profile"
		if p.Variable == "" {
			p.Variable, p.With = profileVariables(said)
		}
	}
	// "when did float X last report / send its last profile": the time
	// of its last profile, a ranking of floats by time (first: the
	// earliest); "when was it deployed" is the launch date of its
	// metadata, which the sql agent states
	if (p.Pressure == nil || p.Pressure.Surface) && (p.Aggregate == "" || p.Aggregate == "profile" || p.Aggregate == "value") {
		by := ""
		switch {
		case reWhenLast.MatchString(q):
			by = "latest"
		case reWhenFirst.MatchString(q):
			by = "earliest"
		}
		if by != "" {
			p.Rank, p.Aggregate, p.Variable, p.With, p.Cycles, p.Pressure = &Ranking{By: by, Of: "float"}, "", "", nil, nil, nil
		}
	}
	if p.Rank != nil && p.Rank.By == "nearest" && futureFrame(p.Time, now) {
		why = append(why, fmt.Sprintf("not read as a filter, it is still to come: %q", p.Time.Text))
		p.Time = nil
	}
	if p.Near != nil && p.Near.RadiusKm == 0 && p.Rank == nil {
		if (reNearWord.MatchString(q) || pointedBack) && p.Box == nil {
			p.Near.RadiusKm = defaultRadiusKm
			why = append(why, fmt.Sprintf("no radius given: %.0f km", float64(defaultRadiusKm)))
		}
	}
	// "which floats near X", "which floats have oxygen data", "which
	// floats reported last month": the floats, each with its count
	// a filter the question names but the plan cannot fill ("of here")
	// is missing, and still a place asked for
	unfilled := unfilledMissing(q, r, p)
	placeAsked := slices.ContainsFunc(unfilled, func(s string) bool { return strings.HasPrefix(s, "near:") || strings.HasPrefix(s, "box:") })
	p.Missing = append(p.Missing, unfilled...)
	if p.Rank == nil && len(p.Floats) == 0 &&
		(p.Aggregate == "" && (p.Near != nil || p.Box != nil || placeAsked) && reFloatsAsked.MatchString(q) ||
			(p.Aggregate == "" || p.Aggregate == "value") && reWhichFloatsDid.MatchString(q)) {
		p.Aggregate = "count"
		p.GroupBy = "float"
	}
	if what := unmeasuredAsked(q, r); what != "" {
		p.Variable, p.With, p.Aggregate = "", nil, speedNotTrack(aq, p.Aggregate, what)
		if p.Aggregate == "" && len(p.Cycles) > 0 {
			p.Aggregate = "value" // "the mixed layer depth of cycle 30"; "what wave height did it measure" asks no aggregate
		}
		p.Missing = append(p.Missing, "variable: the question asks for "+what+", which Argo floats do not measure (they measure temperature, salinity and pressure, and BGC floats oxygen, chlorophyll, nitrate, pH and backscatter)")
	}
	fillAsAsked(q, &p)

	// answer kind
	// a profile of one variable the question names is a curve against
	// depth, drawn ("temp profile 2901623 cycle 12"); of several (a CTD
	// cast's temperature and salinity) a table, unless a plot is asked
	plot, noPlot := plotAsked(q)
	// a time series of one variable at one level is a curve against time
	curve := (p.Aggregate == "profile" || p.Aggregate == "timeseries" && p.Pressure != nil && p.Pressure.Target > 0) &&
		p.Variable != "" && len(p.With) == 0 && !tableAsked(q)
	switch {
	case plot || !noPlot && (curve || reShow.MatchString(q) && (p.Aggregate == "profile" || p.Aggregate == "timeseries" || p.Aggregate == "track")):
		p.Answer = "plot"
	case p.Aggregate == "profile" || p.Aggregate == "timeseries" || p.Aggregate == "track" || p.GroupBy != "" || tableAsked(q) && p.Actionable():
		p.Answer = "table"
	case p.Rank != nil && p.Rank.N > 1:
		p.Answer = "table"
	case p.Aggregate == "value" && p.Variable != "" && (len(p.Cycles) != 1 && p.Rank == nil) && !oneFloatOneDay(p):
		p.Answer = "table"
	default:
		p.Answer = "number"
	}

	for _, m := range missingSlots(p) {
		if !slices.ContainsFunc(p.Missing, func(s string) bool { return strings.HasPrefix(s, strings.SplitN(m, ":", 2)[0]+":") }) {
			p.Missing = append(p.Missing, m)
		}
	}
	why = append([]string{"rules: " + describePlan(p)}, why...)
	p.Reasoning = strings.Join(why, "; ")
	return p
}

// matchNotNamingFloat says whether re matches q other than where the
// match ends in "float" followed by a WMO number ("which float 4901079
// measured": a relative clause about a named float, not a question).
func matchNotNamingFloat(re *guardedRegexp, q string) bool {
	for _, m := range re.FindAllStringIndex(q, -1) {
		if !(strings.HasSuffix(q[m[0]:m[1]], "float") && reWMOAhead.MatchString(q[m[1]:])) {
			return true
		}
	}
	return false
}

// oneFloatOneDay says whether p asks one float's value at one level on
// one day ("the surface temp of float X tomorrow", "at 500 m on 3 May
// 2019"): a float profiles every few days, so that is one number.
func oneFloatOneDay(p QueryPlan) bool {
	if len(p.Floats) != 1 || p.Time == nil || p.Time.From == "" || p.Time.To == "" || p.Pressure == nil || !p.Pressure.Surface && p.Pressure.Target == 0 {
		return false
	}
	from, err1 := time.Parse("2006-01-02", p.Time.From)
	to, err2 := time.Parse("2006-01-02", p.Time.To)
	return err1 == nil && err2 == nil && to.Sub(from) <= 24*time.Hour
}

// defaultRadiusKm is the radius of "near a point" when none is given.
const defaultRadiusKm = 300

// atPressure is the window read for "at Z dbar": ±5 % of Z, at least ±5
// dbar, so that a profile's levels near Z count.
func atPressure(z float64) *PressureRange {
	lo, hi := store.TargetWindow(z)
	return &PressureRange{Min: lo, Max: hi, Target: z}
}

func extremeRank(agg, variable string) string {
	hi := agg == "max"
	switch variable {
	case "temperature":
		return map[bool]string{true: "warmest", false: "coldest"}[hi]
	case "salinity":
		return map[bool]string{true: "saltiest", false: "freshest"}[hi]
	case "pressure":
		return map[bool]string{true: "deepest", false: "shallowest"}[hi]
	}
	return map[bool]string{true: "highest", false: "lowest"}[hi]
}

func appendNew(s []int, vs ...int) []int {
	for _, v := range vs {
		if !slices.Contains(s, v) {
			s = append(s, v)
		}
	}
	return s
}

var reUnitAfter = mustGuarded(`^\s*(m\b|meters?|metres?|dbar|decibars?|db\b|km|kilomet|nm\b|mi\b|miles?)`)

func unitAfter(rest string) bool { return reUnitAfter.MatchString(rest) }
