package events

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/cairn-agents/cairn/understand"
)

// nightCount is a stay counted in nights: "3 nights", "two nights", "a
// four-night stay", "a two night stay", "for one night", "3 nites". A
// count before "night" alone is taken only hyphenated, before a word for
// a stay, or for one ("2 night markets" is no stay).
var nightCount = regexp.MustCompile(`(?i)\b(?:(\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen)(?:\s+ni(?:ght|te)s\b|\s*-\s*ni(?:ght|te)s?\b|\s+ni(?:ght|te)\s+(?:stay|trip|break|getaway|visit)\b)|(?:for|just)\s+(one|a|1)\s+ni(?:ght|te)\b)`)

// nightsOf names the nights of a stay by their dates: "the nights of
// 20–22 March" is when, not nightlife.
var nightsOf = regexp.MustCompile(`(?i)\bni(?:ght|te)s\s+of\s+(?:the\s+)?\d`)

// nightNouns after "one night" make it a kind of event, not a stay.
var nightNouns = regexp.MustCompile(`(?i)^\s*(?:markets?|life|shows?|sky|photography|tours?|events?)\b`)

var countWords = map[string]int{"a": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
	"eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14}

// stayStartDay is a day of the month written alone as a stay's first
// day, which the reader does not read: "from the 14th", "arriving on
// the 3rd".
var stayStartDay = regexp.MustCompile(`(?i)\b(?:from|starting|beginning|arriving|checking\s+in|check-in|check\s+in)(?:\s+on)?\s+the\s+(\d{1,2})(?:st|nd|rd|th)\b`)

// nightsIn finds the stay counted in nights in text: the number of
// nights and where it is written; n is 0 when there is none.
func nightsIn(text string) (n int, span understand.Span) {
	for _, m := range nightCount.FindAllStringSubmatchIndex(text, -1) {
		word := ""
		if m[2] >= 0 {
			word = text[m[2]:m[3]]
		} else {
			word = text[m[4]:m[5]]
			if nightNouns.MatchString(text[m[1]:]) {
				continue
			}
		}
		k, err := strconv.Atoi(word)
		if err != nil {
			k = countWords[strings.ToLower(word)]
		}
		if k > 0 {
			return k, understand.Span{Start: m[0], End: m[1]}
		}
	}
	return 0, understand.Span{}
}

// nightStays reads a stay counted in nights from the day it starts,
// written in the same sentence ("arriving Friday for two nights", "3
// nights from the 14th", "a four-night stay starting next Tuesday"), as
// the arrival day to the day after the last night, the day of leaving.
// A frame already closed and longer than a day is left as written.
func nightStays(text string, times []understand.TimeFrame, now time.Time) []understand.TimeFrame {
	n, at := nightsIn(text)
	if n == 0 {
		return times
	}
	start, end := sentenceOf(text, at.Start)
	for i, tf := range times {
		if tf.Start < start || tf.End > end || tf.From.IsZero() {
			continue
		}
		if !tf.To.IsZero() && tf.To.Sub(tf.From) > 24*time.Hour {
			return times
		}
		from := time.Date(tf.From.Year(), tf.From.Month(), tf.From.Day(), 0, 0, 0, 0, time.UTC)
		out := slices.Clone(times)
		out[i].From, out[i].To, out[i].Unit = from, from.AddDate(0, 0, n+1), "range"
		return out
	}
	m := stayStartDay.FindStringSubmatchIndex(text[start:end])
	if m == nil {
		return times
	}
	d, _ := strconv.Atoi(text[start+m[2] : start+m[3]])
	from, ok := nextDayOfMonth(d, now)
	if !ok {
		return times
	}
	return replaceSpan(times, understand.TimeFrame{Span: understand.Span{Start: start + m[0], End: start + m[1]},
		From: from, To: from.AddDate(0, 0, n+1), Unit: "range"})
}

// nextDayOfMonth is day d of this month, or of the next month holding
// it when this month's is past.
func nextDayOfMonth(d int, now time.Time) (time.Time, bool) {
	if d < 1 || d > 31 {
		return time.Time{}, false
	}
	first := time.Date(now.Year(), now.Month(), 1, 0, 0, 0, 0, time.UTC)
	for k := 0; k < 3; k++ {
		month := first.AddDate(0, k, 0)
		if d > month.AddDate(0, 1, -1).Day() {
			continue
		}
		t := month.AddDate(0, 0, d-1)
		if !t.Before(time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, time.UTC)) {
			return t, true
		}
	}
	return time.Time{}, false
}

// inNightCount says whether span s lies in a stay counted or dated in
// nights: "3 nights" is how long, "the nights of the 20th–22nd" when,
// not nightlife.
func inNightCount(text string, s understand.Span) bool {
	if n, at := nightsIn(text); n > 0 && s.Start >= at.Start && s.End <= at.End {
		return true
	}
	for _, m := range nightsOf.FindAllStringIndex(text, -1) {
		if s.Start >= m[0] && s.End <= m[1] {
			return true
		}
	}
	return false
}
