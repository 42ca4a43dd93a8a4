package ocean

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/cairn-agents/cairn/understand"
)

// How a question is written, beyond its words: numbers spelled out,
// superlatives built with "most", depths in metres or kilometres, and
// clauses about the asker rather than the data. rewordQuestion writes
// the question so the rules read it as asked; the hooks after it fill
// what the rules leave (listing floats, ranking profiles).

// rewordQuestion returns the question as the rules read it, and notes
// for the plan's reasoning on what was changed or set aside.
func rewordQuestion(query string, now time.Time) (string, []string) {
	query = understand.Numerals(query)             // "two thousand metres", "in twenty ten"
	query = rewordTypos(markRunOnSentences(query)) // "Cape Town Of the floats", "chnaged"
	query = understand.CorrectedNumbers(query)     // "two floats — no wait, make it three —"
	query = rewordPeriods(query)                   // "H2 2010", "2019 Q3", "2010 and 2011"
	query = rewordKeyedBounds(query)               // "from:2018-01 to:2018-03"
	query = rewordRelativeQuarters(query, now)
	var notes []string
	query, seasons := rewordHemisphereSeasons(query) // "the austral summer of 2021–22"
	if seasons != "" {
		notes = append(notes, "a hemisphere's season: "+seasons)
	}
	query = rewordSuperlatives(query)
	query = rewordHydrography(query) // "on the 1000 dbar isobar", "changing with depth"
	query = rewordWaterColumn(query) // "from the surface down", "surface to 500 m"
	query = rewordPressures(query)
	query = rewordDepths(query)
	query, deployed := setAsideDeployment(query, now)
	if deployed != "" {
		notes = append(notes, fmt.Sprintf("not read as a filter, it tells when the float was deployed: %q", deployed))
	}
	kept, scene := setScene(query, now)
	if scene != "" {
		notes = append(notes, fmt.Sprintf("not read as filters, they describe the asker, not the data: %q", scene))
	}
	kept, origin := setAsideAskerOrigin(kept)
	if origin != "" {
		notes = append(notes, fmt.Sprintf("not read as a filter, it says where the asker comes from: %q", origin))
	}
	kept, outside := setAsideOutsideComparison(kept)
	if outside != "" {
		notes = append(notes, fmt.Sprintf("not read as a comparison, the asker makes it outside the data: %q", outside))
	}
	kept, which := setAsideWhichFloat(kept)
	if which != "" {
		notes = append(notes, fmt.Sprintf("not read as a filter, it says which float is meant: %q", which))
	}
	kept, topic := setAsideWorkTopic(kept)
	if topic != "" {
		notes = append(notes, fmt.Sprintf("not read as a filter, it is the subject of the asker's work, and a float is named: %q", topic))
	}
	return kept, notes
}

// A phrase that says which float is meant by where it is ("float
// 2902269? the one in the Arabian Sea", "5906072, the float off Cape
// Town", "2901746 (the one that's drifting near Sri Lanka)", "the
// Labrador Sea one") describes the float the question names by number,
// not the data: its place is no filter. Only when a WMO number is
// named; "the one in the Arabian Sea with the most profiles" picks a
// float by its place.
var (
	reWhichOneIn   = mustGuarded(`(?i)\b(?:the|that|this)\s+(?:one|float|buoy|platform)\s+(?:(?:that|which)(?:'s|’s|\s+is|\s+was|\s+has\s+been)\s+)?(?:(?:drifting|floating|sitting|deployed|launched|working|operating|based|out)\s+)?(?:in|from|off|near|around|by)\s+`)
	reTheNamedOne  = mustGuarded(`\b[Tt]he\s+(?:[A-Z][\w'’-]*\s+){1,4}one\b`)
	reWhichOnePick = mustGuarded(`\s(?:with|whose|that|which|where)\b`)
)

// A place in parentheses after a float's number ("float 2902269
// (Arabian Sea)", "5906072 (off Cape Town)", "2901623 (eastern
// equatorial Indian Ocean)") says where that float is, not which data:
// set aside as the phrases above are. Not when the parentheses restrict
// ("(Arabian Sea only)", "(inside the Red Sea)") or hold more than a
// place.
var (
	reFloatAside = mustGuarded(`\b(?:[0-9]{7}|[0-9]{5})\s*\(([^()0-9]{3,60})\)`)
	reAsideOnly  = mustGuarded(`(?i)\b(?:only|just|inside|within|restricted|limited|data|profiles?|cycles?|temp\w*|salin\w*|oxygen|mean|average|max\w*|min\w*)\b`)
	reAsidePlace = mustGuarded(`^(?:(?:in|off|near|from|around|the|in the|off the)\s+)?(?:[a-z]+\s+){0,3}(?:[A-Z][\w'’-]*\s*)+$`)
)

// placeOnly says whether text (inside parentheses) names only a place.
func placeOnly(text string) bool {
	text = strings.TrimSpace(text)
	if reAsideOnly.MatchString(text) {
		return false
	}
	if _, ok := findRegion(text); ok {
		return true
	}
	return reAsidePlace.MatchString(text) || caselessSeaName("the "+strings.TrimPrefix(text, "the ")) != ""
}

// setAsideWhichFloat returns query without the phrases that say which of
// its named floats is meant by where it is, and those phrases.
func setAsideWhichFloat(query string) (string, string) {
	if !reWMO.MatchString(query) {
		return query, ""
	}
	var spans [][]int
	for _, m := range reWhichOneIn.FindAllStringIndex(query, -1) {
		end := len(query)
		if e := reClauseEnd.FindStringIndex(query[m[1]:]); e != nil {
			end = m[1] + e[0]
		}
		if e := strings.IndexByte(query[m[1]:end], ')'); e >= 0 {
			end = m[1] + e
		}
		rest := query[m[1]:end]
		if reWhichOnePick.MatchString(rest) {
			continue // "the one in the Arabian Sea with the most profiles" picks one
		}
		if reWMO.MatchString(rest) || strings.TrimSpace(rest) == "" {
			continue
		}
		spans = append(spans, []int{m[0], end})
	}
	spans = append(spans, reTheNamedOne.FindAllStringIndex(query, -1)...)
	for _, m := range reFloatAside.FindAllStringSubmatchIndex(query, -1) {
		if inner := query[m[2]:m[3]]; placeOnly(inner) {
			spans = append(spans, []int{m[2] - 1, m[3] + 1})
		}
	}
	if len(spans) == 0 {
		return query, ""
	}
	slices.SortFunc(spans, func(a, b []int) int { return a[0] - b[0] })
	var out strings.Builder
	var aside []string
	prev := 0
	for _, sp := range spans {
		if sp[0] < prev {
			continue
		}
		out.WriteString(query[prev:sp[0]])
		out.WriteString(" ")
		aside = append(aside, strings.TrimSpace(query[sp[0]:sp[1]]))
		prev = sp[1]
	}
	out.WriteString(query[prev:])
	return out.String(), strings.Join(aside, "; ")
}

// --- superlatives -----------------------------------------------------

// reMostAdj is a superlative or comparative built with a word: "most
// deep", "the more deep float", "going most deeply".
var reMostAdj = mustGuarded(`(?i)\b(?:most|more)\s+(deep|shallow|warm|hot|cold|cool|salty|fresh|near|close|high|low|new|old|far)(?:ly)?\b`)

var superlativeOf = map[string]string{"deep": "deepest", "shallow": "shallowest", "warm": "warmest", "hot": "hottest",
	"cold": "coldest", "cool": "coolest", "salty": "saltiest", "fresh": "freshest", "near": "nearest", "close": "closest",
	"high": "highest", "low": "lowest", "new": "newest", "old": "oldest", "far": "farthest"}

// rewordSuperlatives writes "most deep" and "more deep" as "deepest": a
// comparative is a superlative when nothing is compared with it (no
// "than", not two floats named: "which is more deep, 5900446 or
// 5906072?" compares them).
func rewordSuperlatives(query string) string {
	query = rewordLeast(query)
	twoFloats := len(reWMO.FindAllString(query, 2)) >= 2
	return replaceFunc(reMostAdj, query, func(m []int) string {
		whole := query[m[0]:m[1]]
		if strings.HasPrefix(strings.ToLower(whole), "more") && (twoFloats || reThanAhead.MatchString(query[m[1]:])) {
			return whole
		}
		return superlativeOf[strings.ToLower(query[m[2]:m[3]])]
	})
}

var reThanAhead = mustGuarded(`(?i)^(?:\s+\w+){0,3}\s+than\b`)

// A superlative built with "least" is the opposite one ("the least
// salty profile" is the freshest, "least warm" the coldest); one joined
// to its variable by a hyphen ("the lowest-salinity profile") is two
// words; "which single profile" and "what one float" ask for one, as
// "which profile" does.
var (
	reLeastAdj = mustGuarded(`(?i)\bleast\s+(salty|saline|fresh|warm|hot|cold|cool|deep|shallow)\b`)
	leastOf    = map[string]string{"salty": "freshest", "saline": "freshest", "fresh": "saltiest", "warm": "coldest", "hot": "coldest",
		"cold": "warmest", "cool": "warmest", "deep": "shallowest", "shallow": "deepest"}
	reExtremeHyphen = mustGuarded(`(?i)\b(lowest|highest|least|most|maximum|minimum|max|min)-(salinity|temperature|temp|pressure|oxygen|chlorophyll|nitrate|ph|salt|saline|salty|warm)\b`)
	reWhichSingle   = mustGuarded(`(?i)\b(which|what)\s+(?:single|one|individual|lone)\s+(profile|float|cycle|cast)\b`)
)

// rewordLeast writes the superlatives built with "least", or joined by a
// hyphen, and "which single profile", as the rules read them.
func rewordLeast(query string) string {
	query = replaceFunc(reLeastAdj, query, func(m []int) string { return leastOf[strings.ToLower(query[m[2]:m[3]])] })
	query = reExtremeHyphen.ReplaceAllString(query, "$1 $2")
	return reWhichSingle.ReplaceAllString(query, "$1 $2")
}

// reFarthest is a superlative the gateway cannot rank by.
var reFarthest = mustGuarded(`\b(farthest|furthest|most distant)\b`)

// --- depths -------------------------------------------------------------

// Depths are pressures: 1 m of sea water is about 1 dbar, so a depth in
// metres is read as the same number of dbar (within 1–2 % above 1000 m).
// Kilometres, feet, fathoms (and miles, after "depth" or before "deep")
// are written as metres first.
var (
	depthUnit   = `(km|kilomet(?:er|re)s?|ft|feet|foot|fathoms?|mi|miles?|m|meters?|metres?)`
	reDepthCue  = mustGuarded(`(?i)\b(at|@|to|down to|reach(?:es|ed|ing)?|below|beneath|under|deeper than|above|shallower than|upper|top)\s+(?:a\s+)?(?:depths?\s+(?:of\s+)?)?(\d+(?:\.\d+)?)\s*(km|kilomet(?:er|re)s?|ft|feet|foot|fathoms?)\b`)
	reDepthWord = mustGuarded(`(?i)\b(?:at\s+)?(?:a\s+)?depths?\s*(?:of|=|:|is)?\s*(\d+(?:\.\d+)?)\s*-?\s*` + depthUnit + `\b`)
	reDeepAfter = mustGuarded(`(?i)\b(\d+(?:\.\d+)?)\s*-?\s*` + depthUnit + `\s+(?:deep|down|depth|below (?:the )?(?:sea )?surface|beneath the surface|under ?water)\b`)
	// what makes "at 2 km" a distance, not a depth
	reDistanceAfter = mustGuarded(`(?i)^\s*(?:from|of|away|off|radius|around|east|west|north|south)\b`)
	reRangeBefore   = mustGuarded(`(?i)\b(?:below|beneath|under|deeper than|above|shallower than|upper|top|first|between|from|to|and|within|per|every|each|in)\s*$`)
	reBinAfter      = mustGuarded(`(?i)^\s*(?:bins?|layers?|intervals?|steps?|increments?|slices?)\b`)
	reAtBefore      = mustGuarded(`(?i)(?:\bat|@)\s*$`)
	reRadiusBefore  = mustGuarded(`\b(within|radius)\s*$`)
	// a range of depths in other units: "between 1 and 2 km deep", "at
	// depths of 1-2 km", "from 300 to 600 ft down"
	reDepthSpan     = mustGuarded(`(?i)\b(?:(between|from)\s+)?(\d+(?:\.\d+)?)\s*(?:km|kilomet(?:er|re)s?|ft|feet|foot|fathoms?)?\s*(?:and|to|-|–)\s*(\d+(?:\.\d+)?)\s*(km|kilomet(?:er|re)s?|ft|feet|foot|fathoms?)\b`)
	reDeepCueAfter  = mustGuarded(`(?i)^\s*(?:deep|down|depths?|layers?|below (?:the )?(?:sea )?surface|beneath the surface|under ?water)\b`)
	reDeepCueBefore = mustGuarded(`(?i)\b(?:depths?|deep|pressures?|layer)\s*(?:of|from|between|:|=)?\s*$`)
	reMetreDepth    = mustGuarded(`\d(?:\.\d+)?\s*(?:m|meters?|metres?)\b`)
)

// reOneDepthUnit is one unit of depth written as a word: "deeper than a
// kilometre", "below one km", "at a fathom".
var reOneDepthUnit = mustGuarded(`(?i)\b(at|to|down to|below|beneath|under|deeper than|above|shallower than)\s+(?:a|one)\s+(km|kilomet(?:er|re)|fathom)\b`)

// reInDepth is a level written "in" a depth, as German and Dutch
// speakers put it ("in 1000 m depth", "in 500 metres water depth", "in
// 200 m of depth"): that level, unless a bin's noun follows ("in 100 m
// depth bins" groups).
var reInDepth = mustGuarded(`(?i)\bin\s+(\d+(?:\.\d+)?)\s*-?\s*` + depthUnit + `\s+(?:of\s+)?(?:water\s+)?depth\b`)

// metres converts v in unit to metres.
func metres(v float64, unit string) float64 {
	u := strings.ToLower(unit)
	switch {
	case strings.HasPrefix(u, "k"):
		return v * 1000
	case u == "ft" || strings.HasPrefix(u, "fe") || strings.HasPrefix(u, "fo"):
		return v * 0.3048
	case strings.HasPrefix(u, "fa"):
		return v * 1.8288
	case strings.HasPrefix(u, "mi"):
		return v * 1609.344
	}
	return v
}

func metreText(v float64) string {
	return strconv.FormatFloat(float64(int(v*10+0.5))/10, 'f', -1, 64) + " m"
}

// rewordDepths writes the depth phrasings the rules do not read as the
// one they do: "at depth 500 meter", "500 m deep" and "a depth of 2 km"
// become "at 500 m" and "at 2000 m"; "below 2 km" is "below 2000 m"; "at
// 300 feet" is "at 91.4 m". "within 2 km" and "at 2 km from the ship"
// are distances and stay.
func rewordDepths(query string) string {
	query = reOneDepthUnit.ReplaceAllString(query, "${1} 1 ${2}") // "deeper than a kilometre"
	query = replaceFunc(reInDepth, query, func(m []int) string {
		if reBinAfter.MatchString(query[m[1]:]) {
			return query[m[0]:m[1]]
		}
		v, _ := strconv.ParseFloat(query[m[2]:m[3]], 64)
		return "at " + metreText(metres(v, query[m[4]:m[5]]))
	})
	query = replaceFunc(reDepthSpan, query, func(m []int) string {
		if reDistanceAfter.MatchString(query[m[1]:]) || !reDeepCueAfter.MatchString(query[m[1]:]) && !reDeepCueBefore.MatchString(query[:m[0]]) {
			return query[m[0]:m[1]] // "between 10 and 20 km from the coast"
		}
		a, _ := strconv.ParseFloat(query[m[4]:m[5]], 64)
		b, _ := strconv.ParseFloat(query[m[6]:m[7]], 64)
		unit := query[m[8]:m[9]]
		return "between " + strings.TrimSuffix(metreText(metres(a, unit)), " m") + " and " + metreText(metres(b, unit))
	})
	query = replaceFunc(reDepthCue, query, func(m []int) string {
		if reDistanceAfter.MatchString(query[m[1]:]) {
			return query[m[0]:m[1]]
		}
		v, _ := strconv.ParseFloat(query[m[4]:m[5]], 64)
		return query[m[2]:m[3]] + " " + metreText(metres(v, query[m[6]:m[7]]))
	})
	for _, re := range []*guardedRegexp{reDepthWord, reDeepAfter} {
		query = replaceFunc(re, query, func(m []int) string {
			if reRangeBefore.MatchString(query[:m[0]]) || reDistanceAfter.MatchString(query[m[1]:]) || reBinAfter.MatchString(query[m[1]:]) {
				return query[m[0]:m[1]] // "per 100 m depth bin" groups
			}
			v, _ := strconv.ParseFloat(query[m[2]:m[3]], 64)
			if reAtBefore.MatchString(query[:m[0]]) {
				return metreText(metres(v, query[m[4]:m[5]])) // "at 2 km deep"
			}
			return "at " + metreText(metres(v, query[m[4]:m[5]]))
		})
	}
	return query
}

// The water column named from the surface ("from the surface down", "surface
// to bottom", "from the surface to the seafloor", "from top to bottom")
// says which way a profile or its layers run, not a level: no window.
// From the surface or the top to a depth ("from the surface down to 500
// m", "surface to 2 km", "from the top down to 300 m") is the layer
// above that depth.
var (
	reSurfaceHead = `(?:(?:all the way\s+)?from\s+)?(?:the\s+)?(?:(?:sea\s+|ocean\s+)?surface|top)\s+(?:(?:all the way\s+)?down(?:wards?)?\s+)?`
	reSurfaceTo   = mustGuarded(`(?i)\b` + reSurfaceHead + `(?:to|till|until|through|thru)\s+(?:about\s+|around\s+)?(\d+(?:\.\d+)?)\s*(dbar|decibars?|db|km|kilomet(?:er|re)s?|ft|feet|foot|fathoms?|m|meters?|metres?)\b`)
	reBottom      = `(?:the\s+)?(?:bottom|sea\s?floor|sea\s?bed|ocean floor|floor|deepest (?:level|point|measurement|reading))`
	reWholeColumn = mustGuarded(`(?i)\b(?:all the way\s+)?from\s+(?:the\s+)?(?:sea\s+|ocean\s+)?surface\s+(?:all the way\s+)?down(?:wards?)?\b(?:\s+to\s+` + reBottom + `\b)?|\b` + reSurfaceHead + `(?:to|till|until|through|thru)\s+` + reBottom + `\b|\bfrom\s+(?:the\s+)?top\s+(?:down(?:wards?)?\b|to\s+(?:the\s+)?bottom\b)|\btop\s+to\s+bottom\b`)
)

// rewordWaterColumn writes the layer from the surface to a depth as
// "between 0 and" that depth, and drops the whole column's words.
func rewordWaterColumn(query string) string {
	query = replaceFunc(reSurfaceTo, query, func(m []int) string {
		v, unit := query[m[2]:m[3]], query[m[4]:m[5]]
		if strings.HasPrefix(strings.ToLower(unit), "d") {
			return "between 0 and " + v + " dbar"
		}
		f, _ := strconv.ParseFloat(v, 64)
		return "between 0 and " + metreText(metres(f, unit))
	})
	return reWholeColumn.ReplaceAllString(query, " ")
}

// Pressures in bars and megapascals are dbar (1 bar = 10 dbar, 1 MPa =
// 100 dbar): "50 bar" is "500 dbar"; a comparison written with a sign
// on a depth or pressure is a limit ("(>1500 m)" is "deeper than 1500
// m", "< 200 dbar" "shallower than 200 dbar", "≥ 2 km" "deeper than 2
// km"); a radius ("< 300 km from") stays.
var (
	reBarPressure = mustGuarded(`(?i)\b(\d+(?:\.\d+)?)\s*-?\s*(bars?|mpa|megapascals?)\b`)
	reSignedDepth = mustGuarded(`(?i)(>=?|=>|≥|<=?|=<|≤)\s*(\d+(?:\.\d+)?)\s*(m|meters?|metres?|dbar|decibars?|db|km|kilomet(?:er|re)s?|ft|feet)\b`)
)

// reDepthDbar is a depth or pressure named as a label ("depth: 500
// dbar", "pressure = 50 bar", or with the colon left out, "depth 50
// bar"): that level.
var reDepthDbar = mustGuarded(`(?i)\b(?:depth|pressure|pres|level)(?:\s*(?:=|:|is)\s*|\s+)(\d+(?:\.\d+)?)\s*(?:dbar|decibars?|db)\b`)

// rewordPressures writes bars as dbar and signed depths in words.
func rewordPressures(query string) string {
	query = replaceFunc(reBarPressure, query, func(m []int) string {
		v, _ := strconv.ParseFloat(query[m[2]:m[3]], 64)
		per := 10.0
		if strings.HasPrefix(strings.ToLower(query[m[4]:m[5]]), "m") {
			per = 100
		}
		return strconv.FormatFloat(v*per, 'f', -1, 64) + " dbar"
	})
	query = replaceFunc(reDepthDbar, query, func(m []int) string {
		if reRangeBefore.MatchString(query[:m[0]]) || reBinAfter.MatchString(query[m[1]:]) {
			return query[m[0]:m[1]]
		}
		return "at " + query[m[2]:m[3]] + " dbar"
	})
	return replaceFunc(reSignedDepth, query, func(m []int) string {
		if reDistanceAfter.MatchString(query[m[1]:]) || strings.HasPrefix(strings.ToLower(query[m[6]:m[7]]), "k") && !reDeepWordNear.MatchString(query[max(0, m[0]-40):m[0]]) {
			return query[m[0]:m[1]] // a distance
		}
		word := "deeper than "
		if strings.ContainsAny(query[m[2]:m[3]], "<≤") {
			word = "shallower than "
		}
		return word + query[m[4]:m[5]] + " " + query[m[6]:m[7]]
	})
}

// reDeepWordNear is a word of depth before a signed kilometre value.
var reDeepWordNear = mustGuarded(`(?i)\b(deep|depth|pressure|below|water|layer)\w*\W*$`)

// depthRule says how a pressure window was read from metres, for the
// answer; "" when the question gives no depth in metres.
func depthRule(q string, r *PressureRange) string {
	if r == nil || r.Surface {
		return ""
	}
	for _, m := range reMetreDepth.FindAllStringIndex(q, -1) {
		if !reRadiusBefore.MatchString(q[:m[0]]) {
			return "depth in metres read as dbar, 1 m ≈ 1 dbar"
		}
	}
	return ""
}

// --- what the rules leave -------------------------------------------------

// reListFloats asks for the floats themselves: "list floats in the Bay
// of Bengal 2021", "show me the floats near 10N 65E", "floats in the
// Arabian Sea?" ("which floats …" questions are the rules' and the sql
// agent's: they say when the floats last reported).
var reListFloats = mustGuarded(`\b(?:list|show|name|give|find|get)\b(?:\s+\w+){0,3}\s+(?:argo\s+)?floats\b|^\s*(?:argo\s+)?floats\b`)

// A question that asks which floats and a count of each ("which floats
// reported from the Med, and how many profiles did each one send?",
// "what floats were in the Red Sea and how many cycles apiece") asks for
// the count per float.
var (
	reWhichFloats = mustGuarded(`\b(?:which|what) (?:argo )?floats\b`)
	reCountEach   = mustGuarded(`\b(?:each|every) (?:one|of them|of those|of these)\b|\bapiece\b|\bhow many (?:profiles|cycles) (?:each|per float|did each|has each|have each|from each|for each)\b|\b(?:by|for|from) each\b`)
)

// reExtremesPair names both extremes of one quantity: "the lowest and
// highest", "max & min", "the maximum and the minimum".
var reExtremesPair = mustGuarded(`\b(?:min(?:imum)?|lowest|smallest|coldest)\s*(?:and|&|to|/)\s*(?:the\s+)?(?:max(?:imum)?|highest|largest|warmest|hottest)\b|\b(?:max(?:imum)?|highest|largest|warmest|hottest)\s*(?:and|&|/)\s*(?:the\s+)?(?:min(?:imum)?|lowest|smallest|coldest)\b`)

// The two extremes may be asked apart, the quantity named with the first
// ("the lowest temp it saw and the highest", "the minimum salinity in
// 2019, plus the maximum", "coldest reading n the warmest" typed fast):
// still one quantity's range, unless the second names another variable
// ("the lowest temperature and the highest salinity").
var (
	extremeLow      = `(?:min(?:imum)?|lowest|smallest|coldest|coolest)`
	extremeHigh     = `(?:max(?:imum)?|highest|largest|warmest|hottest)`
	extremesJoin    = `\s*,?\s+(?:and|&|n|plus|as well as|along with|together with)\s+(?:also\s+)?(?:the\s+|its\s+)?`
	reExtremesApart = mustGuarded(`\b(?:` + extremeLow + `((?:\s+[\w'’]+){1,8}?)` + extremesJoin + extremeHigh + `|` + extremeHigh + `((?:\s+[\w'’]+){1,8}?)` + extremesJoin + extremeLow + `)\b(\s+[\w'’]+)?`)
)

// extremesApart says whether q asks both extremes of one quantity with
// words between them.
func extremesApart(q string) bool {
	for _, m := range reExtremesApart.FindAllStringSubmatchIndex(q, -1) {
		group := func(i int) string {
			if m[2*i] < 0 {
				return ""
			}
			return q[m[2*i]:m[2*i+1]]
		}
		gap, next := group(1)+group(2), wordVariable(strings.TrimSpace(group(3)))
		if next == "" || slices.ContainsFunc(strings.Fields(gap), func(w string) bool { return wordVariable(w) == next }) {
			return true
		}
	}
	return false
}

// wordVariable is the variable a single word names ("temp", "salinity"),
// "" when none.
func wordVariable(w string) string {
	w = strings.ToLower(w)
	for _, t := range variableTerms {
		if t.Phrase == w {
			return t.Label
		}
	}
	return ""
}

// fillAsAsked completes a plan the rules left short: a question that
// asks for the floats and nothing measured is a count of profiles per
// float (the listing), as is one that asks which floats and a count of
// each; a superlative the gateway cannot rank by is missing rather than
// dropped.
func fillAsAsked(q string, p *QueryPlan) {
	extremeMonth(q, p)
	fillRanking(q, p)
	if p.Rank == nil && len(p.Floats) == 0 && p.Aggregate == "" && p.Variable == "" && reListFloats.MatchString(q) {
		p.Aggregate, p.GroupBy = "count", "float"
	}
	if p.Rank == nil && len(p.Floats) == 0 && p.Aggregate == "count" && p.GroupBy == "" && reWhichFloats.MatchString(q) && reCountEach.MatchString(q) {
		p.GroupBy = "float"
	}
	// "the lowest and highest salinity, and the difference between
	// them": the gap between one float's extremes is their range
	if p.Aggregate == "compare" && len(p.Floats) < 2 && p.GroupBy == "" && reExtremesPair.MatchString(q) {
		p.Aggregate = "range"
	}
	if (p.Aggregate == "max" || p.Aggregate == "min") && p.Rank == nil && extremesApart(q) {
		p.Aggregate = "range"
	}
	plot, _ := plotAsked(q)
	// "plot the salinity at 500 m for float X in 2015", "plot the
	// surface salinity of float X from March 2018 through December
	// 2019": one float's values at one level, drawn, are a curve against
	// time
	if p.Aggregate == "value" && plot && len(p.Floats) == 1 && len(p.Cycles) == 0 && p.Rank == nil && p.GroupBy == "" &&
		p.Pressure != nil && (p.Pressure.Target > 0 || p.Pressure.Surface) && p.Variable != "" && len(p.With) == 0 {
		p.Aggregate = "timeseries"
	}
	// "plot how the salinity changed through 2019": the change drawn
	// against time, not its rate per year
	if p.Aggregate == "trend" && plot && reHowChanged.MatchString(q) && !reRateAsked.MatchString(q) {
		p.Aggregate = "timeseries"
	}
	// "monthly mean temperature … as a chart": a time series of the
	// monthly means
	if p.Aggregate == "mean" && p.GroupBy == "month" && plot {
		p.Aggregate = "timeseries"
	}
	// "what's the water temp in the top 50 m near Halifax": one number
	// over a layer of a place, its mean
	if p.Aggregate == "value" && len(p.Floats) == 0 && len(p.Cycles) == 0 && p.Rank == nil && p.GroupBy == "" &&
		p.Pressure != nil && p.Pressure.Target == 0 && !p.Pressure.Surface && (p.Region != "" || p.Near != nil || p.Box != nil) &&
		!plot && !tableAsked(q) {
		p.Aggregate = "mean"
	}
	// "the sea temp near Bali, month by month": each month's values
	// are read as one number, their mean
	if p.Aggregate == "value" && p.GroupBy == "month" && p.Rank == nil {
		p.Aggregate = "mean"
	}
	if m := reFarthest.FindString(q); m != "" && p.Rank == nil {
		p.Missing = append(p.Missing, fmt.Sprintf("rank: the question asks for the %s, which the gateway does not rank by (it ranks by nearest, deepest, shallowest, warmest, coldest, saltiest, freshest, highest, lowest, latest, earliest, most profiles)", m))
	}
}

// reHowChanged asks how something changed, drawn; reRateAsked asks for
// its rate.
var (
	reHowChanged = mustGuarded(`\bhow\b[^.?!;]{0,80}\b(?:changed|changes|change|changing|varied|evolved|developed|shifted)\b`)
	reRateAsked  = mustGuarded(`\b(?:trend|rate|per (?:year|decade)|a year|linear|slope|warming|cooling|fast|quickly|rapidly)\b`)
)

// reRankedProfiles ranks profiles by their noun: "the 3 warmest
// profiles", "coldest readings", "the deepest measurements".
var reRankedProfiles = mustGuarded(`\b(?:deepest|shallowest|warmest|hottest|coldest|coolest|saltiest|freshest|highest|lowest|latest|earliest|most recent|newest|oldest)\s+(?:\w+\s+)?(?:profiles?|cycles?|readings?|measurements?|observations?|casts?|values?)\b`)

// rankedProfiles says whether q ranks profiles by their noun.
func rankedProfiles(q string) bool { return reRankedProfiles.MatchString(q) }

// replaceFunc is ReplaceAllStringFunc with the submatch indexes.
func replaceFunc(re *guardedRegexp, s string, f func(m []int) string) string {
	var b strings.Builder
	prev := 0
	for _, m := range re.FindAllStringSubmatchIndex(s, -1) {
		b.WriteString(s[prev:m[0]])
		b.WriteString(f(m))
		prev = m[1]
	}
	if prev == 0 {
		return s
	}
	b.WriteString(s[prev:])
	return b.String()
}

// A month picked by an extreme ("the warmest month", "which month was
// the saltiest", "the month with the lowest temperature") is read off
// the mean of each month: a table of monthly means, not the single
// extreme reading nor a ranking of profiles.
var (
	reExtremeWord  = `(?:warmest|hottest|coldest|coolest|saltiest|freshest|most saline|least saline|highest|lowest|maximum|minimum)`
	reExtremeMonth = mustGuarded(`\b` + reExtremeWord + `\s+(?:calendar\s+)?months?\b|\b(?:which|what)\s+months?\b[^?.!;]*\b` + reExtremeWord + `\b|\bmonths?\s+(?:with|that had|having|of)\s+(?:the\s+)?` + reExtremeWord + `\b`)
)

// extremeMonth reads a month picked by an extreme as the mean per
// month.
func extremeMonth(q string, p *QueryPlan) {
	m := reExtremeMonth.FindString(q)
	if m == "" || p.GroupBy != "" && p.GroupBy != "month" {
		return
	}
	if p.Variable == "" {
		p.Variable = formVariable(m)
	}
	p.Aggregate, p.GroupBy, p.Rank = "mean", "month", nil
}
