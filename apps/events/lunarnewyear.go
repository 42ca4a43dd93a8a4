package events

import (
	"regexp"
	"slices"
	"time"

	"github.com/cairn-agents/cairn/understand"
)

// lunarNewYears are the first days of the Chinese (lunar) new year, which
// the reader does not place (it keeps no lunar calendar).
var lunarNewYears = map[int]string{2024: "2024-02-10", 2025: "2025-01-29", 2026: "2026-02-17", 2027: "2027-02-06",
	2028: "2028-01-26", 2029: "2029-02-13", 2030: "2030-02-03", 2031: "2031-01-23", 2032: "2032-02-11",
	2033: "2033-01-31", 2034: "2034-02-19", 2035: "2035-02-08"}

// lunarNewYearWords name the day: "Chinese New Year's Day", "Lunar New
// Year", "Chinese New Year 2027".
var lunarNewYearWords = regexp.MustCompile(`(?i)\b(?:chinese|lunar)\s+new\s+year(?:'s|’s|s)?(?:\s+day)?(?:\s+(?:of\s+)?(\d{4}))?\b`)

// lunarNewYear reads the lunar new year as its first day: of the year
// written after it, else the next one not over. Days or a month written
// as well are the frame ("14 to 22 February for Chinese New Year"): it
// only names the occasion.
func lunarNewYear(text string, times []understand.TimeFrame, now time.Time) []understand.TimeFrame {
	m := lunarNewYearWords.FindStringSubmatchIndex(text)
	if m == nil || slices.ContainsFunc(times, func(t understand.TimeFrame) bool { return t.Unit != "year" }) {
		return times
	}
	var d time.Time
	if m[2] >= 0 {
		y := 0
		for _, c := range text[m[2]:m[3]] {
			y = y*10 + int(c-'0')
		}
		d, _ = time.Parse(time.DateOnly, lunarNewYears[y])
	} else {
		for y := now.Year(); y <= now.Year()+1 && d.IsZero(); y++ {
			if t, err := time.Parse(time.DateOnly, lunarNewYears[y]); err == nil && !t.Before(now.AddDate(0, 0, -1)) {
				d = t
			}
		}
	}
	if d.IsZero() {
		return times
	}
	return replaceSpan(times, understand.TimeFrame{Span: understand.Span{Start: m[0], End: m[1]}, From: d, To: d.AddDate(0, 0, 1), Unit: "day"})
}
