package events

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/cairn-agents/cairn/understand"
)

// The time frames requests write that the reader leaves in pieces or
// does not read: a weekday written before its date ("Sunday 17 May"), two
// days joined into an interval ("2026-09-12/2026-09-20",
// "start=…;end=…"), an ISO week ("week 23 of 2026"), the nth weekday of
// a month ("the first Saturday of June") and days of a month read as a
// frame ("between the 3rd and the 9th of next month"), the lunar
// festivals (lunarfestivals.go) and a feast in the year written apart
// from it ("Holy Week in Seville 2027"), a past time a question points
// back to ("photos from last August ... any parades then?"). refineTimes
// mends the reader's frames with them, in the order they are written.
func refineTimes(text string, times []understand.TimeFrame, now time.Time) []understand.TimeFrame {
	out := slices.Clone(times)
	out = datedWeekdays(text, out)
	out = joinedDays(text, out)
	out = isoWeeks(text, out, now)
	out = nthWeekdays(text, out)
	out = daysOfMonth(text, out)
	out = lunarNewYear(text, out, now)
	out = holidaysInYear(text, out, now)
	out = pastThen(text, out, now)
	out = monthThirds(text, out)
	out = monthEnds(text, out, now)
	out = weeksAhead(text, out) // timeframe.go
	return out
}

// monthThird is the early, mid or late part of a month written before
// it or as its first word: "early March", "mid-April", "the mid of
// April", "in the middle of May", "late nov", "towards the end of
// June", "the start of May".
var monthThird = regexp.MustCompile(`(?i)(?:\b(early|mid|middle|late|end|start|beginning)(?:\s*-\s*|\s+)(?:of\s+)?(?:the\s+)?(?:month\s+of\s+)?$)`)

var monthThirdWord = regexp.MustCompile(`(?i)^(early|mid|middle|late)(?:\s*-\s*|\s+)`)

// laterThird is the part of a month named after it in its sentence, by
// "the month" rather than its name: "next month for 3 days mid-month",
// "in June, around the middle of the month", "July, late in the month",
// "in October towards the end of the month".
var laterThird = regexp.MustCompile(`(?i)^[^.!?;]{0,60}?\b(?:(early|mid|late)(?:\s*-\s*|\s+)(?:in\s+)?(?:the\s+)?month\b|(?:the\s+)?(middle|start|beginning|end)\s+of\s+the\s+month\b)`)

// monthThirds reads the early, mid or late part of a month as its 1st to
// 10th, 11th to 20th or 21st to last day, written before the month or
// after it by "the month" (laterThird); the reader takes it for the
// whole month.
func monthThirds(text string, times []understand.TimeFrame) []understand.TimeFrame {
	out := slices.Clone(times)
	for i, tf := range out {
		if tf.Unit != "month" || tf.To.Sub(tf.From) > 31*24*time.Hour || seasonWord.MatchString(text[tf.Start:tf.End]) {
			continue // "late summer" is August, whole
		}
		part, start := "", tf.Start
		if m := monthThirdWord.FindStringSubmatch(text[tf.Start:tf.End]); m != nil {
			part = m[1]
		} else if m := monthThird.FindStringSubmatchIndex(text[:tf.Start]); m != nil {
			part, start = text[m[2]:m[3]], m[0]
		} else if m := laterThird.FindStringSubmatch(text[tf.End:]); m != nil {
			part = m[1] + m[2]
		}
		first := time.Date(tf.From.Year(), tf.From.Month(), 1, 0, 0, 0, 0, time.UTC)
		switch strings.ToLower(part) {
		case "early", "start", "beginning":
			out[i].From, out[i].To = first, first.AddDate(0, 0, 10)
		case "mid", "middle":
			out[i].From, out[i].To = first.AddDate(0, 0, 10), first.AddDate(0, 0, 20)
		case "late", "end":
			out[i].From, out[i].To = first.AddDate(0, 0, 20), first.AddDate(0, 1, 0)
		default:
			continue
		}
		out[i].Start, out[i].Unit = start, "range"
	}
	return out
}

var weekdayNames = map[string]time.Weekday{"monday": time.Monday, "tuesday": time.Tuesday, "wednesday": time.Wednesday,
	"thursday": time.Thursday, "friday": time.Friday, "saturday": time.Saturday, "sunday": time.Sunday}

// isWeekday says whether a frame is a weekday written as a name ("Sunday",
// "on Saturday").
func isWeekday(text string, tf understand.TimeFrame) bool {
	words := strings.Fields(strings.ToLower(text[tf.Start:tf.End]))
	if len(words) == 0 {
		return false
	}
	_, ok := weekdayNames[strings.Trim(words[len(words)-1], ",.")]
	return ok && tf.Unit == "day"
}

// datedWeekdays drops a weekday written just before the date it names
// ("Sunday 17 May 2026", "Saturday, 19 September"): the date is the frame.
func datedWeekdays(text string, times []understand.TimeFrame) []understand.TimeFrame {
	var out []understand.TimeFrame
	for i, tf := range times {
		if i+1 < len(times) && isWeekday(text, tf) && times[i+1].Start >= tf.End && times[i+1].Unit == "day" &&
			strings.Trim(text[tf.End:times[i+1].Start], " ,the") == "" {
			continue
		}
		out = append(out, tf)
	}
	return out
}

// intervalJoin is what joins two days into an interval: an ISO slash, or
// a key=value string's end key ("start=2026-10-01;end=2026-10-10").
var intervalJoin = regexp.MustCompile(`(?i)^\s*(/|[;&|,]\s*(end|end_?date|to|until|till|date_?to|last|last_?day)\s*[=:]\s*)$`)

// dayPairJoin joins two days both asked for: "sat and sun", "Fri & Sat".
var dayPairJoin = regexp.MustCompile(`(?i)^\s*(and|&|\+|n)\s*$`)

// alsoJoin ends the words before a second day asked for besides a first
// in the same sentence: "New Year's Eve for the fireworks and also New
// Year's Day", "the Saturday market, plus Sunday", "Christmas Eve as
// well as Christmas Day".
var alsoJoin = regexp.MustCompile(`(?i)(?:\band|&|\bplus|\bas well as)(?:\s+(?:also|too|then|on|the|maybe|perhaps))*[\s,]*$`)

// oneDay says whether tf is a single day: a date, weekday or a one-day
// feast.
func oneDay(tf understand.TimeFrame) bool {
	return (tf.Unit == "day" || tf.Unit == "holiday") && !tf.From.IsZero() && tf.To.Sub(tf.From) <= 25*time.Hour
}

// joinedDays reads two days joined by a slash or as a key=value string's
// start and end as one frame from the first to the last, and two days of
// one week joined by "and" ("this sat and sun", "New Year's Eve ... and
// also New Year's Day") as the frame holding both.
func joinedDays(text string, times []understand.TimeFrame) []understand.TimeFrame {
	var out []understand.TimeFrame
	for i := 0; i < len(times); i++ {
		tf := times[i]
		if i+1 < len(times) {
			next := times[i+1]
			between := text[tf.End:max(next.Start, tf.End)]
			week := next.From.Sub(tf.From) < 7*24*time.Hour
			pair := dayPairJoin.MatchString(between) && week
			if oneDay(tf) && oneDay(next) && next.Start >= tf.End && next.From.After(tf.From) && week &&
				alsoJoin.MatchString(between) && !sentenceEnd.MatchString(between) {
				pair = true
			}
			if (tf.Unit == "day" && next.Unit == "day" || pair) && next.Start >= tf.End && next.From.After(tf.From) &&
				(intervalJoin.MatchString(between) || pair) {
				out = append(out, understand.TimeFrame{Span: understand.Span{Start: tf.Start, End: next.End}, From: tf.From, To: next.To, Unit: "range"})
				i++
				continue
			}
		}
		out = append(out, tf)
	}
	return out
}

// isoWeekWords are an ISO week: "week 23 of 2026", "ISO week 42",
// "2026-W23", "KW 23".
var isoWeekWords = regexp.MustCompile(`(?i)\b(?:(?:iso\s+)?(?:calendar\s+)?(?:week|wk|kw)\s*(?:no\.?\s*|number\s*|#\s*)?(\d{1,2})(?:\s*(?:of|in|,|/)?\s*(\d{4}))?|(\d{4})-?w(\d{2}))\b`)

// isoWeekMonday is the Monday of ISO week w of year y.
func isoWeekMonday(y, w int) time.Time {
	jan4 := time.Date(y, 1, 4, 0, 0, 0, 0, time.UTC)
	monday := jan4.AddDate(0, 0, -((int(jan4.Weekday()) + 6) % 7))
	return monday.AddDate(0, 0, 7*(w-1))
}

// isoWeeks reads an ISO week as its Monday to Sunday: of the year
// written, else the next one not over.
func isoWeeks(text string, times []understand.TimeFrame, now time.Time) []understand.TimeFrame {
	for _, m := range isoWeekWords.FindAllStringSubmatchIndex(text, -1) {
		var week, year string
		if m[2] >= 0 {
			week = text[m[2]:m[3]]
		}
		if m[4] >= 0 {
			year = text[m[4]:m[5]]
		}
		if m[6] >= 0 {
			week, year = text[m[8]:m[9]], text[m[6]:m[7]]
		}
		w, _ := strconv.Atoi(week)
		if w < 1 || w > 53 {
			continue
		}
		var from time.Time
		if year != "" {
			y, _ := strconv.Atoi(year)
			from = isoWeekMonday(y, w)
		} else {
			from = isoWeekMonday(now.Year(), w)
			if from.AddDate(0, 0, 7).Before(now) {
				from = isoWeekMonday(now.Year()+1, w)
			}
		}
		if w == 53 && isoWeekMonday(from.Year(), 53).AddDate(0, 0, 3).Year() != from.AddDate(0, 0, 3).Year() {
			continue
		}
		tf := understand.TimeFrame{Span: understand.Span{Start: m[0], End: m[1]}, From: from, To: from.AddDate(0, 0, 7), Unit: "week"}
		times = replaceSpan(times, tf)
	}
	return times
}

// replaceSpan puts tf among times in place of those it overlaps, in the
// order written.
func replaceSpan(times []understand.TimeFrame, tf understand.TimeFrame) []understand.TimeFrame {
	out := slices.DeleteFunc(slices.Clone(times), func(t understand.TimeFrame) bool {
		return t.Start < tf.End && tf.Start < t.End
	})
	i := 0
	for i < len(out) && out[i].Start < tf.Start {
		i++
	}
	return slices.Insert(out, i, tf)
}

// nthWeekdayWords are "the first Saturday of", "the last Sunday in",
// just before the month they count in.
var nthWeekdayWords = regexp.MustCompile(`(?i)\b(?:the\s+)?(first|1st|second|2nd|third|3rd|fourth|4th|fifth|5th|last)\s+(monday|tuesday|wednesday|thursday|friday|saturday|sunday)\s+(?:of|in)\s+(?:the\s+month\s+of\s+)?$`)

var ordinals = map[string]int{"first": 1, "1st": 1, "second": 2, "2nd": 2, "third": 3, "3rd": 3, "fourth": 4, "4th": 4, "fifth": 5, "5th": 5, "last": -1}

// nthWeekdays reads "the first Saturday of June" as that day of the
// month frame the reader found after it.
func nthWeekdays(text string, times []understand.TimeFrame) []understand.TimeFrame {
	for _, month := range slices.Clone(times) {
		if month.Unit != "month" {
			continue
		}
		m := nthWeekdayWords.FindStringSubmatchIndex(text[:month.Start])
		if m == nil {
			continue
		}
		n := ordinals[strings.ToLower(text[m[2]:m[3]])]
		wd := weekdayNames[strings.ToLower(text[m[4]:m[5]])]
		first := time.Date(month.From.Year(), month.From.Month(), 1, 0, 0, 0, 0, time.UTC)
		d := first.AddDate(0, 0, (int(wd)-int(first.Weekday())+7)%7)
		if n < 0 {
			for d.AddDate(0, 0, 7).Month() == first.Month() {
				d = d.AddDate(0, 0, 7)
			}
		} else {
			d = d.AddDate(0, 0, 7*(n-1))
		}
		if d.Month() != first.Month() {
			continue
		}
		times = replaceSpan(times, understand.TimeFrame{Span: understand.Span{Start: m[0], End: month.End}, From: d, To: d.AddDate(0, 0, 1), Unit: "day"})
	}
	return times
}

// dayRangeWords are days of a month written as ordinals before the
// month frame: "between the 3rd and the 9th of", "from the 3rd to the
// 9th of", "the 5th of".
var dayRangeWords = regexp.MustCompile(`(?i)\b(?:(?:between|from)\s+)?the\s+(\d{1,2})(?:st|nd|rd|th)(?:\s+(?:and|to|through|thru|till|until|-|–)\s+(?:the\s+)?(\d{1,2})(?:st|nd|rd|th))?\s+of\s+(?:the\s+)?$`)

// daysOfMonth reads ordinal days written before a month frame ("of next
// month", "of the coming month") as those days of it.
func daysOfMonth(text string, times []understand.TimeFrame) []understand.TimeFrame {
	for _, month := range slices.Clone(times) {
		if month.Unit != "month" {
			continue
		}
		m := dayRangeWords.FindStringSubmatchIndex(text[:month.Start])
		if m == nil {
			continue
		}
		a, _ := strconv.Atoi(text[m[2]:m[3]])
		b := a
		if m[4] >= 0 {
			b, _ = strconv.Atoi(text[m[4]:m[5]])
		}
		first := time.Date(month.From.Year(), month.From.Month(), 1, 0, 0, 0, 0, time.UTC)
		last := first.AddDate(0, 1, -1).Day()
		if a < 1 || b < a || b > last {
			continue
		}
		from := first.AddDate(0, 0, a-1)
		times = replaceSpan(times, understand.TimeFrame{Span: understand.Span{Start: m[0], End: month.End}, From: from, To: first.AddDate(0, 0, b), Unit: "range"})
	}
	return times
}

// bareYear is a year written on its own, where the reader reads none
// ("Holy Week in Seville 2027").
var bareYear = regexp.MustCompile(`(?:^|[^\d/.:-])((?:19|20)\d\d)(?:$|[^\d/.:-])`)

// namedYear is the one year a request names apart from its feasts: a
// year frame ("next year", "in 2027") or a bare year after the place
// ("in Seville 2027"). ok is false when it names none, or two.
func namedYear(text string, times []understand.TimeFrame) (year int, ok bool) {
	years := map[int]bool{}
	for _, tf := range times {
		if tf.Unit == "year" {
			years[tf.From.Year()] = true
		}
	}
	for _, m := range bareYear.FindAllStringSubmatchIndex(text, -1) {
		if !slices.ContainsFunc(times, func(t understand.TimeFrame) bool { return t.Start < m[3] && m[2] < t.End }) {
			y, _ := strconv.Atoi(text[m[2]:m[3]])
			years[y] = true
		}
	}
	for y := range years {
		year = y
	}
	return year, len(years) == 1
}

// holidaysInYear moves a feast written without its year ("Easter",
// "Semana Santa") into the one year the request names elsewhere.
func holidaysInYear(text string, times []understand.TimeFrame, now time.Time) []understand.TimeFrame {
	year, ok := namedYear(text, times)
	if !ok {
		return times
	}
	out := slices.Clone(times)
	for i, tf := range out {
		if tf.Unit != "holiday" || bareYear.MatchString(text[tf.Start:tf.End]) {
			continue
		}
		r := understand.Read(text[tf.Start:tf.End]+" "+strconv.Itoa(year), understand.Options{Now: now, Tense: understand.Future})
		if len(r.Times) == 1 && r.Times[0].Unit == "holiday" {
			out[i].From, out[i].To = r.Times[0].From, r.Times[0].To
		}
	}
	return out
}

// thenAsked is a question that points back to a time named before it:
// "... then?", "back then", "at that time", "at the time".
var thenAsked = regexp.MustCompile(`(?i)(?:\b(?:back then|at that time|at the time)|(?:^|[^\w\s]|\s)(?:then))\s*(?:[?.!]|$)`)

// thenAfter are words that make "then" a time still to come or a next
// step ("since then", "until then", "and then").
var thenAfter = regexp.MustCompile(`(?i)\b(?:since|until|till|by|from|and|but|just|only|even)\s+then\s*(?:[?.!]|$)`)

// pastThen reads a time that a question points back to with "then" as
// the time named, not the span from it to today: "my photos from last
// August ... were there other parades then?" is August, over.
func pastThen(text string, times []understand.TimeFrame, now time.Time) []understand.TimeFrame {
	if !thenAsked.MatchString(text) || thenAfter.MatchString(text) {
		return times
	}
	out := slices.Clone(times)
	for i, tf := range out {
		if tf.From.IsZero() || !tf.From.Before(now) {
			continue
		}
		named := text[tf.Start:tf.End]
		for _, lead := range []string{"from ", "since "} {
			if len(named) > len(lead) && strings.EqualFold(named[:len(lead)], lead) {
				named = named[len(lead):]
			}
		}
		r := understand.Read(named, understand.Options{Now: now, Tense: understand.Past})
		if len(r.Times) == 1 && !r.Times[0].To.After(now) && !r.Times[0].From.IsZero() {
			out[i].From, out[i].To, out[i].Unit = r.Times[0].From, r.Times[0].To, r.Times[0].Unit
		}
	}
	return out
}
