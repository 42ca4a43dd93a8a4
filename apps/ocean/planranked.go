package ocean

import (
	"strconv"
	"strings"
)

// How many rows, and by what, a question asks ranked when it says so in
// words the superlatives of planrules.go do not carry: "the bottom 3
// profiles for salinity", "cap at 5 rows", "for each float … newest
// first". And what it asks that is no ranking: an extreme per cycle
// ("the maximum pressure per cycle, cycle by cycle"), a statistic the
// gateway does not compute ("the interquartile range").

var (
	// reTopBottomFor ranks by a variable named after the things ranked:
	// "the bottom 3 profiles for salinity", "top 5 floats by oxygen",
	// "the lowest 4 casts in temperature"
	reTopBottomFor = mustGuarded(`\b(top|bottom|highest|lowest)\s+(\d{1,3}|two|three|four|five|ten)\s+(?:\w+\s+)?(profiles|cycles|casts|dives|floats)\s+(?:for|by|in|on|of)\s+(?:the\s+|their\s+)?[a-z]`)
	// reRowCap is a count of rows the answer is cut to: "cap at 5 rows",
	// "limit it to 10 results", "no more than 3 lines", "20 rows max"
	reRowCap = mustGuarded(`\b(?:cap(?:ped)?(?:\s+it)?\s+at|limit(?:ed)?(?:\s+it)?(?:\s+(?:to|at))?|at most|no more than|max(?:imum)?\s+of|up to|just|only)\s+(?:the\s+)?(?:first\s+|top\s+)?(\d{1,3})\s+(?:rows?|results?|lines?|entries|records|items)\b|\b(\d{1,3})\s+(?:rows?|results?|lines|entries|records)\s+(?:max|maximum|tops|at most|only)\b`)
	// reExtremeEach is an extreme asked of each cycle: "the maximum
	// pressure per cycle", "how deep did it get on each cycle"
	reExtremeEach  = mustGuarded(`\b(max(?:imum)?|min(?:imum)?|highest|lowest|deepest|shallowest|how deep)\b`)
	reCycleByCycle = mustGuarded(`\b(?:cycle by cycle|dive by dive|profile by profile|cast by cast)\b`)
	// reUncomputedStat names a statistic the gateway does not compute;
	// its own words ("range" in "interquartile range") ask for no other
	reUncomputedStat = mustGuarded(`\b(?:standard deviation|variance|percentiles?|inter-?quartile(?:\s+range)?|quartiles?|iqr|skewness|kurtosis|anomal(?:y|ies)|climatolog(?:y|ical)(?:\s+(?:mean|normal)s?)?)\b`)
)

// fillRanking fills from q (lower case) what the rules leave of p's
// ranking and aggregate (see above).
func fillRanking(q string, p *QueryPlan) {
	if m := reTopBottomFor.FindStringSubmatch(q); m != nil && p.Rank == nil && p.Variable != "" {
		agg := "max"
		if m[1] == "bottom" || m[1] == "lowest" {
			agg = "min"
		}
		of := "profile"
		if m[3] == "floats" {
			of = "float"
		}
		p.Rank = &Ranking{By: extremeRank(agg, p.Variable), Of: of, N: countWord(m[2])}
		p.Aggregate = ""
	}
	if r := p.Rank; r != nil && r.N == 0 {
		if m := reRowCap.FindStringSubmatch(q); m != nil {
			r.N = countWord(m[1] + m[2])
		}
	}
	// a ranking of floats lists each float once: "for each float" asks
	// no grouping beside it
	if r := p.Rank; r != nil && r.Of == "float" && p.GroupBy == "float" && p.Aggregate == "" {
		p.GroupBy = ""
	}
	// "how deep did it get, cycle by cycle": the extreme of each cycle,
	// not a time series of every value
	if p.Aggregate == "timeseries" && reCycleByCycle.MatchString(q) && !reTimeseriesWords.MatchString(reCycleByCycle.ReplaceAllString(q, " ")) {
		if m := reExtremeEach.FindStringSubmatch(q); m != nil {
			p.Aggregate, p.GroupBy = "max", "cycle"
			if strings.HasPrefix(m[1], "min") || m[1] == "lowest" || m[1] == "shallowest" {
				p.Aggregate = "min"
			}
			if m[1] == "deepest" || m[1] == "shallowest" || m[1] == "how deep" {
				p.Variable, p.With = "pressure", nil
			}
		}
	}
	if missingSlot(*p, "aggregate") && reUncomputedStat.MatchString(q) {
		p.Aggregate = "" // asked, not computed: no other aggregate stands for it
	}
}

// reTimeseriesWords ask for values over time; "cycle by cycle" alone
// may ask for an extreme of each cycle instead.
var reTimeseriesWords = mustGuarded(`\b(?:time ?series|over time|through time|evolution|evolved|history)\b`)

// countWord is a count written in digits or as a word ("3", "three").
func countWord(s string) int {
	if n, err := strconv.Atoi(s); err == nil {
		return n
	}
	return wordNumbers[s]
}
