package ocean

import (
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/cairn-agents/cairn/understand"
)

// The plan policy's vocabulary beyond whole words: the clipped words and
// abbreviations people type for the plan's slots, and the word forms
// (past tenses, comparatives) that name a variable or a change. The
// rules read the question after expandClipped, so every rule (cycles,
// aggregates, units, time) reads "cyc 50" as "cycle 50" and "avg" as
// "average" without listing the clipped forms again.

// clippedWords are the clipped forms and what they stand for, matched
// case-insensitively as whole words. Already read without expansion:
// min, max, sss, sst, psal, doxy, chla, no3 (variable and aggregate
// words), deg and lat/lon/lng (understand reads "40 deg N", "lat 40 lon
// -45").
var clippedWords = []struct {
	re   *guardedRegexp
	word string
}{
	// Argo parameter names: TEMP_ADJUSTED is the temperature (an _QC
	// name stays: it asks about flags, not values)
	{mustGuarded(`(?i)\btemp(?:_adjusted)?(?:_error)?\b`), "temperature"},
	{mustGuarded(`(?i)\bpsal(?:_adjusted)(?:_error)?\b`), "salinity"},
	{mustGuarded(`(?i)\bpres(?:_adjusted)(?:_error)?\b`), "pressure"},
	{mustGuarded(`(?i)\bdoxy(?:_adjusted)\b`), "oxygen"},
	{mustGuarded(`(?i)\bchla(?:_adjusted)\b`), "chlorophyll"},
	{mustGuarded(`(?i)\bph_in_situ_total(?:_adjusted)?\b`), "ph"},
	{mustGuarded(`(?i)\bnitrate(?:_adjusted)\b`), "nitrate"},
	{mustGuarded(`(?i)\bbbp700(?:_adjusted)\b`), "bbp700"},
	// slots; "CY 2019" in a signal or a memo is the calendar year, not
	// cycle 2019 (no float has made two thousand cycles)
	{mustGuarded(`(?i)\bcy\s*((?:19|20)\d\d)\b`), "in $1"},
	{mustGuarded(`(?i)\bcycs\b\.?`), "cycles"},
	{mustGuarded(`(?i)\b(?:cyc|cy)\b\.?`), "cycle"},
	{mustGuarded(`(?i)\bprofs\b\.?`), "profiles"},
	{mustGuarded(`(?i)\bprof\b\.?`), "profile"},
	{mustGuarded(`(?i)\bflts\b`), "floats"},
	{mustGuarded(`(?i)\bflt\b`), "float"},
	{mustGuarded(`(?i)\btemps\b`), "temperatures"},
	{mustGuarded(`(?i)\btmp\b`), "temperature"},
	{mustGuarded(`(?i)\b(?:sal|salin|sali)\b\.?`), "salinity"},
	{mustGuarded(`(?i)\bpres\b\.?`), "pressure"},
	{mustGuarded(`(?i)\b(?:o2|oxy)\b`), "oxygen"},
	{mustGuarded(`(?i)\bchl\b`), "chlorophyll"},
	{mustGuarded(`(?i)\b(?:sfc|surf)\b\.?`), "surface"},
	{mustGuarded(`(?i)\bdbars\b`), "dbar"},
	{mustGuarded(`(?i)\bmtrs?\b\.?`), "m"},
	{mustGuarded(`(?i)\bkms\b`), "km"},
	{mustGuarded(`(?i)\bnmi\b`), "nm"},
	{mustGuarded(`(?i)\bnr\b\.?`), "near"},
	{mustGuarded(`(?i)\bw/in\b`), "within"},
	{mustGuarded(`(?i)\blat\.`), "lat"},
	{mustGuarded(`(?i)\blon(?:g)?\.`), "lon"},
	// time
	{mustGuarded(`(?i)\s*/\s*(?:yr|year)\b`), " per year"},
	{mustGuarded(`(?i)\byrs\b\.?`), "years"},
	{mustGuarded(`(?i)\byr\b\.?`), "year"},
	{mustGuarded(`(?i)\b(?:mos|mths|mnths)\b\.?`), "months"},
	{mustGuarded(`(?i)\b(?:mo|mth|mnth)\b\.?`), "month"},
	{mustGuarded(`(?i)\bwks\b\.?`), "weeks"},
	{mustGuarded(`(?i)\bwk\b\.?`), "week"},
	// aggregates
	{mustGuarded(`(?i)\b(?:avg|ave)\b\.?`), "average"},
	{mustGuarded(`(?i)\b(?:chg|chng)\b\.?`), "change"},
	{mustGuarded(`(?i)\bdiff\b\.?`), "difference"},
	{mustGuarded(`(?i)\b(?:stdev|stddev|std\.?\s?dev\.?|std)\b\.?`), "standard deviation"},
}

// spelledWords are the words of the plan's aggregates and rankings
// that a slip of one letter ("saltyest", "hotest", "avrage", "maximun")
// is read as: a word of six letters or more, not itself one of them,
// one edit from exactly one of them. Words a slip could come from as
// well as a real word stay out ("fresher": "freshen", "profile":
// "profiled").
var spelledWords = []string{"average", "maximum", "minimum", "highest", "lowest", "largest", "smallest", "greatest",
	"deepest", "shallowest", "warmest", "hottest", "coldest", "coolest", "saltiest", "freshest", "trajectory"}

var reLongWord = mustGuarded(`\b[A-Za-z]{6,}\b`)

// respell writes the slips of one letter in the words of spelledWords
// as those words.
func respell(query string) string {
	return reLongWord.ReplaceAllStringFunc(query, func(w string) string {
		low := strings.ToLower(w)
		if slices.Contains(spelledWords, low) {
			return w
		}
		fix := ""
		for _, s := range spelledWords {
			if understand.OneEdit(low, s) {
				if fix != "" {
					return w // two words are as near: no reading
				}
				fix = s
			}
		}
		if fix == "" {
			return w
		}
		if w[0] >= 'A' && w[0] <= 'Z' {
			fix = strings.ToUpper(fix[:1]) + fix[1:]
		}
		return fix
	})
}

// reMed is "med": the Mediterranean after an article or a place word
// ("in the Med"), else the median ("med temp").
var (
	reMed      = mustGuarded(`(?i)\bmed\b\.?`)
	reMedBefor = mustGuarded(`(?i)\b(?:the|in|across|of)\s*$`)
)

// "Press" as the news ("a press release", "the press conference",
// "in the press") is no pressure, which a clipped "pres" is: written
// "news" before the rules read it.
var rePressNews = mustGuarded(`(?i)\bpress(\s+(?:releases?|conferences?|office|officers?|coverage|statements?|reports?|kits?|briefings?|agency|agencies))\b|\b(?:the|in the|to the)\s+press\b`)

// expandClipped writes the clipped words of query in full, and the
// slips of one letter in the words of aggregates (respell).
func expandClipped(query string) string {
	query = replaceFunc(rePressNews, query, func(m []int) string {
		if m[2] >= 0 {
			return "news" + query[m[2]:m[3]]
		}
		return "the news"
	})
	query = respell(query)
	for _, c := range clippedWords {
		if c.re.MatchString(query) {
			query = c.re.ReplaceAllString(query, c.word)
		}
	}
	if reMed.MatchString(query) {
		var b strings.Builder
		last := 0
		for _, m := range reMed.FindAllStringIndex(query, -1) {
			b.WriteString(query[last:m[0]])
			if reMedBefor.MatchString(query[:m[0]]) {
				b.WriteString("Mediterranean")
			} else {
				b.WriteString("median")
			}
			last = m[1]
		}
		b.WriteString(query[last:])
		query = b.String()
	}
	return query
}

// Word forms of the variables and of change, matched in lower case.
var (
	// reTempForm and reSalForm name a variable by a form of a word about
	// it ("warmed", "hotter", "got saltier", "freshened"), read when no
	// variable word is written.
	reTempForm = mustGuarded(`\b(warm(?:s|ed|er|est|ing|th)?|cool(?:s|ed|er|est|ing)?|cold(?:er|est)?|hot(?:ter|test)?|heat(?:s|ed|ing)?(?: up)?|chill(?:ed|ier)?)\b`)
	reSalForm  = mustGuarded(`\b(salt(?:ier|iest|ed)|saltiness|saline|salinit\w*|salinif\w*|fresh(?:er|est|en|ens|ened|ening)|how fresh|desalinat\w*)\b`)
	// reChangeForm is a change over time in a verb ("has warmed",
	// "freshened", "got saltier", "cooling", "rose"): a trend.
	reChangeForm = mustGuarded(`\b((?:warm|cool)(?:ed|ing)?\s+(?:up|down)|warm(?:ed|ing)|cool(?:ed|ing)|heat(?:ed|ing) up|freshen(?:ed|ing|s)?|salinif\w+|(?:get|gets|got|gotten|getting|become|becomes|became|becoming|grow|grows|grew|grown|growing|turn(?:ed)?)\s+(?:\w+\s+)?(?:warmer|colder|cooler|hotter|saltier|fresher|more saline|less saline)|ris(?:e|en|ing)|rose|increas(?:e|ed|ing)|decreas(?:e|ed|ing)|drop(?:ped|ping)|fell|fallen|falling|declin(?:e|ed|ing))\b`)
	// reDidChange is a change asked with the base verb: "did the sea
	// warm?", "has salinity increased", "will it cool".
	reDidChange = mustGuarded(`\b(?:did|does|do|has|have|had)\b[^?.]*\b(?:warm|cool|freshen|heat up|rise|fall|drop|increase|decrease|decline|change)\b`)
	// rePresForm names pressure with a max or min: "the deepest dive",
	// "how deep did it go".
	rePresForm = mustGuarded(`\b(deep|deeper|deepest|shallowest|dive|dives|dived|dove|diving|reach|reached)\b`)
)

// reAxisBefore ends a text before a depth or pressure that is a plot's
// axis ("temperature vs depth", "salinity against pressure"): the
// variable is the other one.
var reAxisBefore = mustGuarded(`(?i)\b(?:vs\.?|versus|against|over)\s*$`)

// reVsAxis is "vs depth", "versus pressure": a profile, not a comparison
// of two things (read as "against depth").
var reVsAxis = mustGuarded(`(?i)\b(?:vs\.?|versus)\s+(depth|pressure)\b`)

// reAxisAfter follows "pressure" or "depth" naming the axis of a
// filter, not a variable asked: "over the pressure interval 100 to 500
// dbar", "a pressure range of 0-200", "pressure between 10 and 50".
var reAxisAfter = mustGuarded(`(?i)^\s*(?:(?:range|interval|band|window|span|layer|slab)s?\s+)?(?:of\s+|from\s+|between\s+)?\d`)

// reTempUnit and reSalUnit name a variable by its unit alone ("above 30
// °C", "in degrees F", "over 36 psu"), read when no variable word is
// written.
var (
	reTempUnit = mustGuarded(`\d\s*(?:°|º|deg(?:rees?)?\s*)\s*[cf]\b|\b(?:degrees?\s+)?(?:celsius|centigrade|fahrenheit)\b`)
	reSalUnit  = mustGuarded(`\d\s*(?:psu|pss(?:-78)?|g/kg)\b`)
)

// formVariable is the variable a word form or a unit names in q, ""
// when none.
func formVariable(q string) string {
	switch {
	case reTempForm.MatchString(q), reTempUnit.MatchString(q):
		return "temperature"
	case reSalForm.MatchString(q), reSalUnit.MatchString(q):
		return "salinity"
	}
	return ""
}

// Questions about when a float reported: the time of its last (or
// first) profile, a ranking of floats by time, not the profile itself.
var (
	reWhenLast  = mustGuarded(`\b(?:when|what (?:date|day|time))\b.*\b(?:(?:last|latest|most recent|final)\s+(?:\w+\s+)?(?:report|reported|reports|transmit\w*|surfac\w*|seen|heard|sent|send|profile|profiled|cycle|contact\w*|active|position|fix|upload\w*|ping\w*|data|time)|(?:report|transmit|surface|send|sent|profile|upload|contact|ping|heard|seen)\w*\s+(?:\w+\s+)?last|stopp?(?:ed)? (?:reporting|transmitting|working|profiling)|go silent|went silent|die|died)\b`)
	reWhenFirst = mustGuarded(`\b(?:when|what (?:date|day|time))\b.*\b(?:first\s+(?:\w+\s+)?(?:report|reported|transmit\w*|surfac\w*|profile|profiled|cycle|data)|(?:report|transmit|surface|send|sent|profile)\w*\s+(?:\w+\s+)?first|start(?:ed)? (?:reporting|transmitting|profiling))\b`)
)

// Depth bins of a size: "by 250 dbar depth bins", "in 250 m layers",
// "per 250-metre layer", "bin it every 250 m", "bins of 250 dbar",
// "binned by 250 m". The size is read as dbar (1 m ≈ 1 dbar). A layer
// named once ("the 500 m layer") is a depth, not a size: a singular
// layer, slab, band, slice or chunk is a bin only after "per", "every",
// "each" or "by".
var (
	binUnit         = `(m|meters?|metres?|dbar|decibars?|db|km|kilomet(?:er|re)s?)`
	reBinSizeBefore = mustGuarded(`\b(\d{1,4}(?:\.\d+)?)\s*-?\s*` + binUnit + `(?:\s*-?\s*(?:depth|pressure|thick|wide|deep|vertical))?\s*-?\s*(bins?|intervals?|steps?|increments?|layers|slices|chunks|bands|slabs|layer|slice|chunk|band|slab)\b`)
	reBinSizeAfter  = mustGuarded(`\b(?:(?:bins?|intervals?|steps?|increments?|layers|slices|chunks|bands|slabs)\s+(?:(?:of|every|each|per|by|size|sized|width|wide|thickness|thick|is|=|:)\s*)+|(?:binned|binning|bin(?:\s+(?:it|them|this|that|the \w+))?)\s+(?:(?:of|every|each|per|by|at|in|into|size|sized|width|is|=|:)\s*)+)(?:a\s+)?(\d{1,4}(?:\.\d+)?)\s*-?\s*` + binUnit + `\b`)
	reBinCueBefore  = mustGuarded(`\b(?:per|every|each|by)\s*$`)
)

// binSize reads the size of the depth bins q asks for: the size in dbar
// and where it is written, 0 when q gives none.
func binSize(q string) (float64, []int) {
	if m := reBinSizeBefore.FindStringSubmatchIndex(q); m != nil {
		noun := q[m[6]:m[7]]
		single := !strings.HasSuffix(noun, "s") && noun != "bin" && noun != "interval" && noun != "step" && noun != "increment"
		if !single || reBinCueBefore.MatchString(q[:m[0]]) {
			if v, err := strconv.ParseFloat(q[m[2]:m[3]], 64); err == nil && v > 0 {
				return metres(v, q[m[4]:m[5]]), m[:2]
			}
		}
	}
	if m := reBinSizeAfter.FindStringSubmatchIndex(q); m != nil {
		if v, err := strconv.ParseFloat(q[m[2]:m[3]], 64); err == nil && v > 0 {
			return metres(v, q[m[4]:m[5]]), m[:2]
		}
	}
	return 0, nil
}

// A plot asked for, or declined: "no charts please", "don't chart it",
// "without a graph", "rather than a map" decline one; "numbers only",
// "just the numbers", "text only" decline any; "one figure", "a single
// figure", "the headline figure", "just the figure" ask for a number
// ("figure" names a plot only otherwise: "make a figure of the track").
var (
	rePlotWord    = `(?:plots?|plotting|plotted|graphs?|graphing|graphed|charts?|charting|charted|maps?|mapping|mapped|diagrams?|figures?|pictures?|images?|visuals?|visuali[sz]\w*|draw(?:ing|n)?)`
	reNoPlot      = mustGuarded(`\b(?:no|not|without|don['’]?t|dont|never|rather than|instead of|skip|no need (?:for|to))((?:\s+[\w'’]+){0,3}?)\s+` + rePlotWord + `\b`)
	reNoPlotAside = mustGuarded(`\b(?:forget|hesitate|mind|only|just|also|sure|matter|problem)\b`)
	reNumbersOnly = mustGuarded(`\b(?:numbers?|figures?|values?|text|digits|words) only\b|\b(?:just|only) (?:the |a |one )?(?:numbers?|figures?|values?|digits|text)\b|\bin (?:plain )?(?:words|text|numbers)\b`)
	reFigureNum   = mustGuarded(`\b(?:one|single|headline|ballpark|rough|round|exact|precise|bottom[- ]line|summary|numeric(?:al)?|the|that|this|what|which)\s+figures?\b`)
	reFigureMake  = mustGuarded(`\b(?:make|draw|produce|create|generate|render|prepare|plot|show|display)\b(?:\s+[\w'’]+){0,3}\s+figures?\b`)
)

// plotAsked says whether q asks for a plot (rePlot, outside the plots
// it declines and the figures that are numbers) and whether it declines
// one.
func plotAsked(q string) (asked, declined bool) {
	blank := func(s string, m []int) string { return s[:m[0]] + strings.Repeat(" ", m[1]-m[0]) + s[m[1]:] }
	for _, m := range reNoPlot.FindAllStringSubmatchIndex(q, -1) {
		if reNoPlotAside.MatchString(q[m[2]:m[3]]) {
			continue // "don't forget to plot it", "not just a map"
		}
		q, declined = blank(q, m[:2]), true
	}
	if reNumbersOnly.MatchString(q) {
		return false, true
	}
	if !reFigureMake.MatchString(q) {
		for _, m := range reFigureNum.FindAllStringIndex(q, -1) {
			q = blank(q, m)
		}
	}
	return rePlot.MatchString(q), declined
}

// A span of cycles written with the noun twice or once before "from":
// "from cycle 10 to cycle 20", "cycle 3 through cycle 9", "every cycle
// from 10 to 20", "profiles between 4 and 12" (not years, "profiles from
// 2010 to 2015", nor depths, "profiles from 100 to 500 m"). The first N
// cycles of a float: "over the first 10 cycles", "its first five
// profiles".
var (
	cycleNoun    = `(?:cycles?|profiles?|casts?|dives?)`
	reCycleTwice = mustGuarded(`\b` + cycleNoun + `\s*(?:no\.?|number|#)?\s*(\d{1,4})\s*(?:-|–|to|through|thru|until|till)\s*` + cycleNoun + `\s*(?:no\.?|number|#)?\s*(\d{1,4})\b`)
	reCycleFrom  = mustGuarded(`\b` + cycleNoun + `\s+(?:from|between)\s+(?:no\.?\s*|number\s+|#)?(\d{1,4})\s*(?:-|–|to|through|thru|until|till|and)\s*(?:no\.?\s*|number\s+|#)?(\d{1,4})\b`)
	reFirstN     = mustGuarded(`\b(?:first|initial|earliest)\s+(\d{1,3}|two|three|four|five|ten)\s+` + cycleNoun + `\b`)
)

// cycleSpan is such a span's match and its two numbers, nil when none.
func cycleSpan(q string) []string {
	for _, re := range []*guardedRegexp{reCycleTwice, reCycleFrom} {
		for _, m := range re.FindAllStringSubmatchIndex(q, -1) {
			a, b := q[m[2]:m[3]], q[m[4]:m[5]]
			if unitAfter(q[m[1]:]) || len(a) == 4 && len(b) == 4 && (a[:2] == "19" || a[:2] == "20") {
				continue
			}
			return []string{q[m[0]:m[1]], a, b}
		}
	}
	return nil
}

// firstCycles is N of "the first N cycles", 0 when none.
func firstCycles(q string) int {
	m := reFirstN.FindStringSubmatch(q)
	if m == nil {
		return 0
	}
	if n, err := strconv.Atoi(m[1]); err == nil {
		return n
	}
	return wordNumbers[m[1]]
}

// A profile asked with no variable named is a CTD cast's temperature
// and salinity, unless the question, its scene included, says what the
// curve is to show by how a quantity goes with depth ("how the water
// gets colder as you go down", "saltier the deeper it goes", "the deeper
// you go, the colder"): that variable alone.
var reDepthWise = mustGuarded(`(?i)\b(?:colder|cooler|warmer|hotter|saltier|fresher|more saline|less saline)\b[^.?!;]{0,30}?\b(?:as (?:you|it|we|one) (?:go(?:es)?|get|gets|sink|sinks|dive|dives|descend|descends)(?:\s+(?:down|deeper))?|the deeper|with depth|deeper down|further down|lower down|going down|at depth)\b|\bthe deeper\b[^.?!;]{0,30}?\b(?:colder|cooler|warmer|hotter|saltier|fresher|more saline|less saline)\b`)

// profileVariables is the variables of a profile asked with none named.
func profileVariables(said string) (string, []string) {
	if m := reDepthWise.FindString(said); m != "" {
		if v := formVariable(strings.ToLower(m)); v != "" {
			return v, nil
		}
	}
	return "temperature", []string{"salinity"}
}

// A habit's frequency ("every season the students ask", "each summer
// we dive there", "every time I go out") says how often the asker does
// something, not that each of something is to be listed: a table is
// asked by "each" or "every" only outside it, as by "per" outside a
// rate or a unit (rePerUnit).
var reHabitual = mustGuarded(`\b(?:every|each)\s+(?:single\s+)?(?:seasons?|times?|summers?|winters?|springs?|autumns?|falls?|weekends?|trips?|visits?|holidays?|terms?|semesters?|classe?s?|lessons?|mornings?|evenings?|nights?|dive seasons?)\b|\bevery (?:now and (?:then|again)|so often)\b`)

// tableAsked says whether q asks for a table: a list, a table, or each
// or every of something (reTable), outside rates, units, habits and a
// document's tables cited.
func tableAsked(q string) bool {
	return reTable.MatchString(reTableCited.ReplaceAllString(reHabitual.ReplaceAllString(rePerUnit.ReplaceAllString(q, " "), " "), " "))
}

// reTableCited is a document's numbered table, cited ("(Table 3.2)",
// "see table S1", "tables 2 and 3"): no table asked.
var reTableCited = mustGuarded(`(?i)\btables?\s+[a-z]?\d+(?:\.\d+)*[a-z]?(?:\s*(?:and|&|,|-|–)\s*[a-z]?\d+(?:\.\d+)*[a-z]?)*\b`)

// Pressure filters written as code: pandas ("df.pres.between(0, 100)",
// "df['PRES'] >= 500"), SQL ("PRES BETWEEN 0 AND 100") and comparisons
// ("0 < pres < 100", "pres >= 0 & pres <= 100"), and equalities ("pres =
// 1000", "df.pres == 500", SQL "WHERE pres = 1000 dbar"): a level.
// rewordCodeFilters writes them in the words the rules read ("between 0
// and 100 dbar", "deeper than 500 dbar", "at 1000 dbar"), before clipped words are expanded (which
// would read "pres." as "pressure").
var (
	codeName    = `(?:\b(?:df|data|ds)\s*(?:\.|\[\s*['"]))?\b(?:pres(?:sure)?(?:_adjusted)?|depth)\b(?:['"]\s*\])?`
	codeNum     = `(-?\d+(?:\.\d+)?)`
	codeAnd     = `\)?\s*(?:&&?|\band\b|,)\s*\(?\s*`
	reCodeBetw  = mustGuarded(`(?i)` + codeName + `\s*\.\s*between\s*\(\s*` + codeNum + `\s*,\s*` + codeNum + `\s*(?:,[^)]*)?\)|` + codeName + `\s+between\s+` + codeNum + `\s+and\s+` + codeNum + `\b(?:\s*(?:m|meters?|metres?|dbar|decibars?|db)\b)?`)
	reCodeTwo   = mustGuarded(`(?i)\(?\s*` + codeName + `\s*(>=?|=>|<=?|=<)\s*` + codeNum + codeAnd + codeName + `\s*(>=?|=>|<=?|=<)\s*` + codeNum + `\s*\)?`)
	reCodeSandw = mustGuarded(`(?i)` + codeNum + `\s*(<=?|=<)\s*` + codeName + `\s*(<=?|=<)\s*` + codeNum)
	reCodeOne   = mustGuarded(`(?i)` + codeName + `\s*(>=?|=>|<=?|=<|==?)\s*` + codeNum + `\b`)
)

// Dates and groupings written as code: "juld >= '2020-01-01'" (since
// that day, left open), "date < '2019-06-01'" (before it), "group by
// wmo" (per float), "GROUP BY cycle_number" (per cycle).
var (
	reCodeDate  = mustGuarded(`(?i)\b(?:juld|date|time|datetime|date_time|timestamp|profile_date|obs_date)\s*(>=?|=>|<=?|=<|==?)\s*['"]?(\d{4}-\d{2}-\d{2})(?:[ t][\d:]+)?['"]?`)
	reCodeGroup = mustGuarded(`(?i)\bgroup\s+by\s+(wmo|platform(?:_number)?|float(?:_id)?|cycle(?:_number)?|month)\b`)
	codeDateOp  = map[string]string{">": "after", ">=": "since", "=>": "since", "<": "before", "<=": "until", "=<": "until", "=": "on", "==": "on"}
)

// rewordCodeFilters writes the pressure filters, dates and groupings of
// query written as code in words.
func rewordCodeFilters(query string) string {
	query = replaceFunc(reCodeDate, query, func(m []int) string {
		return " " + codeDateOp[query[m[2]:m[3]]] + " " + query[m[4]:m[5]] + " "
	})
	query = replaceFunc(reCodeGroup, query, func(m []int) string {
		by := strings.ToLower(query[m[2]:m[3]])
		switch {
		case strings.HasPrefix(by, "cycle"):
			return " per cycle "
		case by == "month":
			return " per month "
		}
		return " per float "
	})
	between := func(a, b string) string {
		lo, _ := strconv.ParseFloat(a, 64)
		hi, _ := strconv.ParseFloat(b, 64)
		return " between " + strconv.FormatFloat(min(lo, hi), 'f', -1, 64) + " and " + strconv.FormatFloat(max(lo, hi), 'f', -1, 64) + " dbar "
	}
	query = replaceFunc(reCodeBetw, query, func(m []int) string {
		if m[2] >= 0 {
			return between(query[m[2]:m[3]], query[m[4]:m[5]])
		}
		return between(query[m[6]:m[7]], query[m[8]:m[9]])
	})
	query = replaceFunc(reCodeTwo, query, func(m []int) string {
		op1, op2 := query[m[2]:m[3]], query[m[6]:m[7]]
		if strings.Contains(op1, ">") == strings.Contains(op2, ">") {
			return query[m[0]:m[1]] // two bounds on one side
		}
		return between(query[m[4]:m[5]], query[m[8]:m[9]])
	})
	query = replaceFunc(reCodeSandw, query, func(m []int) string {
		return between(query[m[2]:m[3]], query[m[8]:m[9]])
	})
	return replaceFunc(reCodeOne, query, func(m []int) string {
		if op := query[m[2]:m[3]]; op == "=" || op == "==" {
			return " at " + query[m[4]:m[5]] + " dbar "
		}
		if strings.Contains(query[m[2]:m[3]], ">") {
			return " deeper than " + query[m[4]:m[5]] + " dbar "
		}
		return " shallower than " + query[m[4]:m[5]] + " dbar "
	})
}

// WMO numbers written in groups of three, as thousands are: "float no.
// 2 902 269", "WMO# 2,902,269", "platform 2.902.269", "float 59 006"
// (thin and no-break spaces too). Joined only after a word that names a
// float's number, with one separator throughout, and when the digits
// make a WMO number (7 digits, or 5): "2 floats, 10 cycles" is not one.
var reSpacedWMO = mustGuarded(`(?i)\b(?:floats?|wmo|platforms?|buoys?|profilers?|argo)\s*(?:(?:no|nr|num|number|id)\b\.?|#|:)?\s*[#:]?\s*((\d)([ ,.\x{00a0}\x{202f}])(\d{3})([ ,.\x{00a0}\x{202f}])(\d{3})|(\d{2})([ ,.\x{00a0}\x{202f}])(\d{3}))\b`)

var reMoreDigits = mustGuarded(`^[ ,.\x{00a0}\x{202f}]?\d`)

// joinWMO writes the WMO numbers of query written in groups as one
// number.
func joinWMO(query string) string {
	return replaceFunc(reSpacedWMO, query, func(m []int) string {
		whole, rest := query[m[0]:m[1]], query[m[1]:]
		if reMoreDigits.MatchString(rest) || unitAfter(rest) {
			return whole // more digits follow, or a measure
		}
		g := func(k int) string { return query[m[2*k]:m[2*k+1]] }
		head := query[m[0]:m[2]]
		if m[4] >= 0 { // d sep ddd sep ddd
			if g(3) != g(5) {
				return whole
			}
			return head + g(2) + g(4) + g(6)
		}
		return head + g(7) + g(9)
	})
}

// GDAC file names name a float and, for a profile file, a cycle:
// "R2902269_010.nc" (real-time), "D…" (delayed mode), "BR…"/"BD…"
// (BGC), "SR…"/"SD…" (synthetic), with "D" before ".nc" for a
// descending profile; "2902269_prof.nc", "_meta.nc", "_Rtraj.nc" name
// the float.
var (
	reProfileFile = mustGuarded(`(?i)\b(?:[BSM]?[RD])?(\d{5,7})_(\d{1,4})D?\.nc\b`)
	reFloatFile   = mustGuarded(`(?i)\b(\d{5,7})_(?:[BSM]?prof|meta|tech|[RDBS]?traj)\.nc\b`)
)

// rewordFileNames writes a GDAC file name as the float and cycle it
// holds: "R2902269_010.nc" is "float 2902269 cycle 10".
func rewordFileNames(query string) string {
	query = replaceFunc(reProfileFile, query, func(m []int) string {
		c, _ := strconv.Atoi(query[m[4]:m[5]])
		return "float " + query[m[2]:m[3]] + " cycle " + strconv.Itoa(c)
	})
	return reFloatFile.ReplaceAllString(query, "float $1")
}

// tidySpaces makes one space of every run of spaces and tabs and trims
// each line (line breaks stay: a list's lines stay apart): a question
// typed with double spaces, or pasted with tabs, reads as the same
// question.
func tidySpaces(q string) string {
	lines := strings.Split(q, "\n")
	for i, l := range lines {
		lines[i] = strings.Join(strings.Fields(l), " ")
	}
	return strings.TrimSpace(strings.Join(lines, "\n"))
}

// unshout lower-cases a question typed in capitals only (no lower-case
// letter in it): its capitals say nothing about names, units or months,
// and the rules read a lower-case question as the same one typed
// normally ("WHAT IS THE TEMPERATURE AT 1000 DBAR" reads as "what is the
// temperature at 1000 dbar").
func unshout(q string) string {
	upper := 0
	for _, r := range q {
		switch {
		case unicode.IsLower(r):
			return q
		case unicode.IsUpper(r):
			upper++
		}
	}
	if upper < 8 { // "WMO 1900857", "T-S 5906072": a code, not shouting
		return q
	}
	return strings.ToLower(q)
}

// reHemiPrefixLower is a position typed letter first in lower case as a
// pair ("n16 e62", "s12.5, w45"): read as "N16 E62".
var reHemiPrefixLower = mustGuarded(`\b([ns])(\d{1,2}(?:\.\d+)?)(\s*,?\s*)([ew])(\d{1,3}(?:\.\d+)?)\b`)

// upperHemiPrefix writes a lower-case letter-first pair's hemispheres in
// capitals, as the position reader wants them.
func upperHemiPrefix(q string) string {
	return reHemiPrefixLower.ReplaceAllStringFunc(q, strings.ToUpper)
}

// reDegMinSpaced is a position in degrees and minutes written with
// spaces and no symbols, as a log or a radio net gives it ("40 00N 035
// 00W", "12 30 S, 045 15 E"): read as decimal degrees ("40N 35W",
// "12.5S 45.25E"). Only a pair, latitude first, is read: "10 45N" alone
// may be ten of something at 45N.
var reDegMinSpaced = mustGuarded(`\b(\d{1,2})\s+([0-5]\d(?:\.\d+)?)\s*([NnSs])\b(\s*[,/;]?\s*)(\d{1,3})\s+([0-5]\d(?:\.\d+)?)\s*([EeWw])\b`)

// joinDegreeMinutes writes the spaced degree-minute pairs of q as
// decimal degrees.
func joinDegreeMinutes(q string) string {
	return replaceFunc(reDegMinSpaced, q, func(m []int) string {
		deg := func(d, mins int) string {
			a, _ := strconv.ParseFloat(q[m[2*d]:m[2*d+1]], 64)
			b, _ := strconv.ParseFloat(q[m[2*mins]:m[2*mins+1]], 64)
			return strconv.FormatFloat(math.Round((a+b/60)*10000)/10000, 'f', -1, 64)
		}
		lat, lon := deg(1, 2), deg(5, 6)
		if v, _ := strconv.ParseFloat(lat, 64); v > 90 {
			return q[m[0]:m[1]]
		}
		if v, _ := strconv.ParseFloat(lon, 64); v > 180 {
			return q[m[0]:m[1]]
		}
		return lat + strings.ToUpper(q[m[6]:m[7]]) + " " + lon + strings.ToUpper(q[m[14]:m[15]])
	})
}

// reSeaNameLower is a sea named in lower case ("in the red sea", "the
// baltic sea"); an adjective before "sea" or "ocean" is no name
// (seaAdjectives).
var reSeaNameLower = mustGuarded(`\bthe ([a-z]+) (sea|ocean|gulf|basin)\b|\b(gulf|bay|sea) of ([a-z]+)\b`)

var seaAdjectives = map[string]bool{"deep": true, "open": true, "whole": true, "entire": true, "same": true,
	"global": true, "world": true, "upper": true, "surface": true, "high": true, "nearest": true, "closest": true,
	"local": true, "coastal": true, "other": true, "same-named": true, "this": true, "that": true, "my": true, "your": true,
	"average": true, "mean": true, "median": true, "maximum": true, "minimum": true, "max": true, "min": true, "daily": true, "monthly": true,
	"tropical": true, "subtropical": true, "equatorial": true, "warm": true, "cold": true, "cool": true, "calm": true, "rough": true,
	"nearby": true, "adjacent": true, "surrounding": true, "shallow": true, "inland": true, "marginal": true, "neighbouring": true, "neighboring": true,
	"the": true, "and": true, "for": true, "from": true, "with": true, "any": true, "all": true, "its": true, "our": true, "their": true}

// seaNounAfter are words after "sea" that make it a noun's modifier.
var seaNounAfter = map[string]bool{"surface": true, "level": true, "levels": true, "water": true, "waters": true, "temperature": true,
	"temperatures": true, "ice": true, "floor": true, "bed": true, "state": true, "salinity": true, "spray": true, "breeze": true}

// caselessSeaName is a sea named in lower case ("how warm is the baltic
// sea", "avg SST in the baltic sea"), title-cased as typed normally, or
// "".
func caselessSeaName(q string) string {
	for _, ix := range reSeaNameLower.FindAllStringSubmatchIndex(q, -1) {
		m := make([]string, 5)
		for g := range m {
			if ix[2*g] >= 0 {
				m[g] = q[ix[2*g]:ix[2*g+1]]
			}
		}
		if after := strings.Fields(q[ix[1]:]); len(after) > 0 && seaNounAfter[strings.Trim(after[0], ",.?!;:")] {
			continue // "the average sea surface temperature"
		}
		if m[1] != "" && len(m[1]) > 2 && !seaAdjectives[m[1]] {
			return titleWord(m[1]) + " " + titleWord(m[2])
		}
		if m[3] != "" && len(m[4]) > 2 && !seaAdjectives[m[4]] {
			return titleWord(m[3]) + " of " + titleWord(m[4])
		}
	}
	return ""
}

func titleWord(w string) string {
	if w == "" {
		return w
	}
	return strings.ToUpper(w[:1]) + w[1:]
}

// rePoliteHead is a polite word opening a question ("please, ...",
// "pls ..."): it asks nothing, and left in place it hides how the first
// sentence starts ("please We're sailing the Ionian", "please Hi there!").
var rePoliteHead = mustGuarded(`(?i)^(?:please|pls|plz|kindly)\b[,:;!.]*\s+`)

// dropPoliteHead returns q without its opening polite word, when words
// follow it.
func dropPoliteHead(q string) string {
	if m := rePoliteHead.FindString(q); m != "" && len(m) < len(q) {
		return q[len(m):]
	}
	return q
}

// reWMOPossessive is a float's number with a possessive typed without
// its apostrophe ("float 5900446s cycle 100"): read as "5900446's".
var reWMOPossessive = mustGuarded(`\b([0-9]{7}|[0-9]{5})s\b`)

// apostropheWMO writes a WMO number's dropped possessive apostrophe back.
func apostropheWMO(q string) string {
	return reWMOPossessive.ReplaceAllString(q, "$1's")
}

// speedNotTrack is the aggregate of a question that asks for the speed
// of the currents a float drifts with ("its average drift speed, i.e.
// the current speed"): its drift is what is measured, not where it
// went, so a track read from "drift" gives way to the aggregate the rest
// of aq asks ("average"), or none.
func speedNotTrack(aq, agg, unmeasured string) string {
	if agg != "track" || unmeasured != "currents" {
		return agg
	}
	for _, a := range reAggregate {
		if a.agg == "track" || a.agg == "mean" && reMeanVerb.MatchString(aq) {
			continue
		}
		if a.re.MatchString(aq) {
			return a.agg
		}
	}
	return ""
}
