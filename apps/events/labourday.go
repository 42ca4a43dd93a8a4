package events

import (
	"context"
	"regexp"
	"time"

	"github.com/cairn-agents/cairn/eventdata"
	"github.com/cairn-agents/cairn/eventdata/holidays"
	"github.com/cairn-agents/cairn/understand"
)

// labourDayWords name Labour Day, or the weekend it makes long.
var labourDayWords = regexp.MustCompile(`(?i)\blabou?r\s+day(\s+(?:long\s+)?weekend)?\b`)

// labourDayTitle is a calendar's name for its Labour Day: Australia's
// states and New Zealand's, Tasmania's Eight Hours Day, South Africa's
// Workers' Day; not Japan's Labor Thanksgiving Day.
var labourDayTitle = regexp.MustCompile(`(?i)^(?:labou?r day|eight hours day|workers'? day)\b`)

// labourDays reads "Labour Day" by the place's country's calendar, which
// the reader knows only as the American one after a time word (kept in
// the United States and Canada, and replaced elsewhere): the
// holiday of that name of the place's country and region (Western
// Australia's in March, Queensland's in May, New Zealand's in October),
// else the country's public holiday on 1 May (Labour Day in English in
// most of Europe and Latin America). Only a date the calendar makes
// certain is read: a place in a country whose regions keep it on
// different days, or none, is left as written. "Labour Day weekend" is
// the weekend a Monday or Friday Labour Day makes long.
func labourDays(text string, times []understand.TimeFrame, place *understand.Place, now time.Time) []understand.TimeFrame {
	m := labourDayWords.FindStringSubmatchIndex(text)
	if m == nil || place == nil || place.CountryCode == "" {
		return times
	}
	for _, tf := range times {
		if tf.Start < m[1] && m[0] < tf.End && (place.CountryCode == "US" || place.CountryCode == "CA") {
			return times // the reader's Labor Day is theirs
		}
	}
	d, ok := labourDayOf(place, now)
	if !ok {
		return times
	}
	tf := understand.TimeFrame{Span: understand.Span{Start: m[0], End: m[1]}, From: d, To: d.AddDate(0, 0, 1), Unit: "holiday"}
	if m[2] >= 0 {
		switch d.Weekday() {
		case time.Monday:
			tf.From = d.AddDate(0, 0, -2)
		case time.Friday:
			tf.To = d.AddDate(0, 0, 3)
		default:
			return times
		}
		tf.Unit = "weekend"
	}
	return replaceSpan(times, tf)
}

// labourDayOf is the next Labour Day of place, from now, when its
// country's calendar gives it one day.
func labourDayOf(place *understand.Place, now time.Time) (time.Time, bool) {
	res, err := holidays.New(holidays.Options{}).Search(context.Background(), eventdata.Query{Place: place, From: now, To: now.AddDate(1, 0, 0), Limit: eventdata.MaxLimit})
	if err != nil {
		return time.Time{}, false
	}
	next := func(named bool) (time.Time, bool) {
		first := map[string]time.Time{} // region: its next day
		for _, h := range res.Hits {
			d, ok := parsedDay(h.Start)
			if !ok || h.Kind != eventdata.KindHoliday || d.Before(now) {
				continue
			}
			if named != labourDayTitle.MatchString(h.Title) || !named && (d.Month() != time.May || d.Day() != 1) {
				continue
			}
			if f, ok := first[h.Region]; !ok || d.Before(f) {
				first[h.Region] = d
			}
		}
		if len(first) != 1 {
			return time.Time{}, false
		}
		for _, d := range first {
			return d, true
		}
		return time.Time{}, false
	}
	if d, ok := next(true); ok {
		return d, true
	}
	return next(false)
}
