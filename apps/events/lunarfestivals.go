package events

import (
	"regexp"
	"slices"
	"strconv"
	"time"

	"github.com/cairn-agents/cairn/understand"
)

// The festivals of the Chinese lunar calendar fall on other days each
// year, which the reader does not place (it keeps no lunar calendar):
// their days come from tables.
var (
	// lunarNewYears are the first days of the lunar new year.
	lunarNewYears = map[int]string{2024: "2024-02-10", 2025: "2025-01-29", 2026: "2026-02-17", 2027: "2027-02-06",
		2028: "2028-01-26", 2029: "2029-02-13", 2030: "2030-02-03", 2031: "2031-01-23", 2032: "2032-02-11",
		2033: "2033-01-31", 2034: "2034-02-19", 2035: "2035-02-08"}
	// midAutumns are the 15th days of the 8th month.
	midAutumns = map[int]string{2024: "2024-09-17", 2025: "2025-10-06", 2026: "2026-09-25", 2027: "2027-09-15",
		2028: "2028-10-03", 2029: "2029-09-22", 2030: "2030-09-12", 2031: "2031-10-01", 2032: "2032-09-19",
		2033: "2033-09-08", 2034: "2034-09-27", 2035: "2035-09-16"}
	// dragonBoats are the 5th days of the 5th month.
	dragonBoats = map[int]string{2024: "2024-06-10", 2025: "2025-05-31", 2026: "2026-06-19", 2027: "2027-06-09",
		2028: "2028-05-28", 2029: "2029-06-16", 2030: "2030-06-05", 2031: "2031-06-24", 2032: "2032-06-12",
		2033: "2033-06-01", 2034: "2034-06-20", 2035: "2035-06-10"}
)

// lunarFestival is one festival: the words that name it (a year written
// after them is its first group) and its day in a year.
type lunarFestival struct {
	words *regexp.Regexp
	day   func(y int) (time.Time, bool)
	// days the holiday lasts from day: Chuseok is three, the day before
	// the full moon to the day after; 0 is one.
	days int
}

// fromTable is the day a table holds for year y.
func fromTable(days map[int]string, offset int) func(y int) (time.Time, bool) {
	return func(y int) (time.Time, bool) {
		d, err := time.Parse(time.DateOnly, days[y])
		return d.AddDate(0, 0, offset), err == nil
	}
}

// lunarFestivals: the new year ("Chinese New Year's Day", "Lunar New Year
// 2027"), its lantern festival on the 15th day, the mid-autumn (moon)
// festival, a "mid-autumn" that names a festival and not the middle of
// the season, and the dragon boat festival.
var lunarFestivals = []lunarFestival{
	{regexp.MustCompile(`(?i)\b(?:chinese|lunar)\s+new\s+year(?:'s|’s|s)?(?:\s+day)?(?:\s+(?:of\s+)?(\d{4}))?\b`), fromTable(lunarNewYears, 0), 0},
	{regexp.MustCompile(`(?i)\b(?:(?:chinese|lunar)\s+lantern\s+festival|yuan\s?xiao(?:\s+festival)?|chap\s+goh\s+mei)(?:\s+(?:of\s+)?(\d{4}))?\b`), fromTable(lunarNewYears, 14), 0},
	{regexp.MustCompile(`(?i)(?:\bmid[- ]?autumn(?:\s+(?:lantern|lanterns|moon|mooncake|moon\s+cake))?\s+festival|\b(?:moon|mooncake|moon\s+cake)\s+festival|\bzhong\s?qiu(?:\s+festival)?|\btrung\s+thu)(?:\s+(?:of\s+)?(\d{4}))?\b`), fromTable(midAutumns, 0), 0},
	{regexp.MustCompile(`(?i)\b(?:chuseok|hangawi)(?:\s+(?:of\s+)?(\d{4}))?\b`), fromTable(midAutumns, -1), 3},
	{regexp.MustCompile(`(?i)\b(?:dragon\s+boat\s+festival|duanwu(?:\s+festival)?|tuen\s+ng(?:\s+festival)?)(?:\s+(?:of\s+)?(\d{4}))?\b`), fromTable(dragonBoats, 0), 0},
}

// eveAfter is "eve" written right after a festival's name.
var eveAfter = regexp.MustCompile(`(?i)^\s+eve\b`)

// lunarNewYear reads the lunar festivals as their days: of the year
// written after the name, else of the one year the request names ("this
// year", "in Hong Kong 2027"), else the next one not over. Days or a month written
// as well are the frame ("14 to 22 February for Chinese New Year"): the
// festival only names the occasion.
func lunarNewYear(text string, times []understand.TimeFrame, now time.Time) []understand.TimeFrame {
	for _, f := range lunarFestivals {
		m := f.words.FindStringSubmatchIndex(text)
		if m == nil {
			continue
		}
		name := understand.Span{Start: m[0], End: m[1]}
		// A frame inside the name ("mid-autumn") is the name's.
		others := slices.DeleteFunc(slices.Clone(times), func(t understand.TimeFrame) bool { return t.Start < name.End && name.Start < t.End })
		if slices.ContainsFunc(others, func(t understand.TimeFrame) bool { return t.Unit != "year" }) {
			continue
		}
		var d time.Time
		switch {
		case m[2] >= 0:
			y, _ := strconv.Atoi(text[m[2]:m[3]])
			d, _ = f.day(y)
		case hasYear(text, others):
			y, _ := namedYear(text, others)
			d, _ = f.day(y)
		default:
			for y := now.Year(); y <= now.Year()+1 && d.IsZero(); y++ {
				if t, ok := f.day(y); ok && !t.Before(now.AddDate(0, 0, -1)) {
					d = t
				}
			}
		}
		if d.IsZero() {
			continue
		}
		// "Lunar New Year's Eve": a festival's eve is the day before it.
		if e := eveAfter.FindStringIndex(text[name.End:]); e != nil && m[2] < 0 {
			d, name.End = d.AddDate(0, 0, -1), name.End+e[1]
		}
		times = replaceSpan(times, understand.TimeFrame{Span: name, From: d, To: d.AddDate(0, 0, max(f.days, 1)), Unit: "day"})
	}
	return times
}

// hasYear says whether a request names one year apart from the frames
// given.
func hasYear(text string, times []understand.TimeFrame) bool {
	_, ok := namedYear(text, times)
	return ok
}
