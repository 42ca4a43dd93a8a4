package events

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/cairn-agents/cairn/eventdata"
	"github.com/cairn-agents/cairn/eventdata/holidays"
	"github.com/cairn-agents/cairn/understand"
)

// requestFrame is the time frame a request means among those it names:
// the first, or a narrower one written later that lies inside it ("an
// August trip ... between 8 and 16 August", "next month, the last
// weekend of it"), but a feast that names a kind of event ("New Year's
// Eve stuff", "Christmas markets"); a range of days written after a
// single day it holds (framechoice.go); days in brackets for the frame
// just before them; a weekend referred back to ("Saturday and Sunday
// are mine ... anything on that weekend?"), which the request asks
// about by name. ok is false when it names none.
func requestFrame(text string, times []understand.TimeFrame) (understand.TimeFrame, bool) {
	if len(times) == 0 {
		return understand.TimeFrame{}, false
	}
	times = bracketedDays(text, times)
	best := times[0]
	for _, tf := range times[1:] {
		if within(tf, best) && !(tf.Unit == "holiday" && nounAfter.MatchString(text[tf.End:])) && !restated(text, best, tf) && !stayHoldsFeast(best, tf) || dayInside(best, tf) ||
			weekendReferred.MatchString(text[tf.Start:tf.End]) || feastStay(best, tf) {
			best = tf
		}
	}
	return best, true
}

// feastStay says whether tf, written after the feast best, is the
// asker's stay around it or in part of it: "for Día de Muertos ... there
// October 30 to November 2" is the stay, the feast in it; "In Golden
// Week, from 2 May to 6 May" the days the asker has of the feast and
// after it.
func feastStay(best, tf understand.TimeFrame) bool {
	return best.Unit == "holiday" && tf.Unit == "range" && !tf.From.IsZero() && !tf.To.IsZero() && !best.From.IsZero() && !best.To.IsZero() &&
		tf.From.Before(best.To) && best.From.Before(tf.To) && tf.To.Sub(tf.From) <= 31*24*time.Hour
}

// stayHoldsFeast says whether tf is a feast named after best, a stay of
// a few days written with both ends that holds it: "in Edinburgh from
// 28 November to 2 December ... anything for St Andrew's Day" asks
// about the stay, the feast one of its days.
func stayHoldsFeast(best, tf understand.TimeFrame) bool {
	return tf.Unit == "holiday" && best.Unit == "range" && !best.From.IsZero() && !best.To.IsZero() &&
		best.To.Sub(best.From) <= 31*24*time.Hour
}

// weekendReferred is a weekend named by reference to the days before
// it, which the reader reads as their weekend: "that weekend", "that
// same weekend".
var weekendReferred = regexp.MustCompile(`(?i)^that\s+(?:same\s+)?weekend$`)

// nounAfter is a noun a feast's name qualifies, written right after it:
// "New Year's Eve stuff", "Christmas markets", not "Christmas, in" or
// "Easter in Rome".
var nounAfter = regexp.MustCompile(`(?i)^[ \t]+(?:stuff|things|events?|parties|party|markets?|fairs?|parades?|celebrations?|concerts?|fireworks|festivals?|shows?|lights|processions?|dinners?|balls?)\b`)

// sentenceEnd ends a sentence.
var sentenceEnd = regexp.MustCompile(`[.!?\n]+(?:\s|$)`)

// sentenceOf is the span of the sentence of text holding byte at.
func sentenceOf(text string, at int) (start, end int) {
	end = len(text)
	for _, m := range sentenceEnd.FindAllStringIndex(text, -1) {
		if m[1] <= at {
			start = m[1]
		} else if m[0] >= at {
			end = m[1]
			break
		}
	}
	return start, end
}

// todayRemarks drops "today" written in a sentence that only remarks on
// the day ("leap day today lol.", "my birthday today!"): no place, kind
// of event or other time in it, when another sentence names the time
// asked for ("anything in Utrecht this weekend?").
func todayRemarks(r *understand.Reading, times []understand.TimeFrame, now time.Time) []understand.TimeFrame {
	if len(times) < 2 {
		return times
	}
	return slices.DeleteFunc(slices.Clone(times), func(tf understand.TimeFrame) bool {
		if !tf.From.Equal(now) || !tf.To.Equal(now.AddDate(0, 0, 1)) {
			return false
		}
		start, end := sentenceOf(r.Text, tf.Start)
		inside := func(s understand.Span) bool { return s.Start >= start && s.End <= end }
		for _, o := range times {
			if o.Span != tf.Span && inside(o.Span) {
				return false
			}
		}
		if slices.ContainsFunc(r.Mentions, func(m understand.Mention) bool { return m.Place != nil && inside(m.Span) }) ||
			slices.ContainsFunc(r.Terms, func(t understand.TermMatch) bool { return inside(t.Span) }) {
			return false
		}
		return slices.ContainsFunc(times, func(o understand.TimeFrame) bool { return !inside(o.Span) })
	})
}

// within says whether frame a lies inside frame b and is shorter. A
// frame open at one end ("after Christmas", "before March") holds the
// closed frames on its side: "after Christmas ... the first ten days of
// January".
func within(a, b understand.TimeFrame) bool {
	if a.From.IsZero() || a.To.IsZero() || b.From.IsZero() && b.To.IsZero() {
		return false
	}
	switch {
	case b.To.IsZero():
		return !a.From.Before(b.From)
	case b.From.IsZero():
		return !a.To.After(b.To)
	}
	return !a.From.Before(b.From) && !a.To.After(b.To) && a.To.Sub(a.From) < b.To.Sub(b.From)
}

// seasonWord finds a season named as a word of its own anywhere in a
// request, as in "summer festivals" or "winter markets", which the
// reader does not take for a time (a season before a noun may be no
// time at all elsewhere, "summer tyres"); of events it is the coming one.
var seasonWord = regexp.MustCompile(`(?i)\b(summer|spring|autumn|winter)\b`)

// seasonFrame is the coming season a request names as a word before its
// events ("Which summer festivals...?"), read as "this summer" in the
// place's hemisphere (southern: "the autumn in Buenos Aires" is March to
// May).
func seasonFrame(text string, now time.Time, southern bool) (understand.TimeFrame, bool) {
	m := seasonWord.FindString(text)
	if m == "" {
		return understand.TimeFrame{}, false
	}
	r := understand.Read("this "+m, understand.Options{Now: now, Tense: understand.Future, Southern: southern})
	if len(r.Times) == 0 {
		return understand.TimeFrame{}, false
	}
	return r.Times[0], true
}

// longWeekendWords name a weekend made long by a public holiday.
var longWeekendWords = regexp.MustCompile(`(?i)\b(long weekend|bank holiday weekend|holiday weekend|three-day weekend|3-day weekend)\b`)

// ownLongWeekend is a long weekend the asker makes around the days
// they name, no public holiday's: "making a long weekend of it", "turn
// it into a long weekend", "make it a long weekend".
var ownLongWeekend = regexp.MustCompile(`(?i)\b(?:mak(?:e|es|ing)|made|turn(?:s|ing|ed)?)\s+(?:it|this|that|the trip)?\s*(?:into\s+)?a long weekend\b|\ba long weekend of it\b`)

// longWeekend is the next weekend, from now, made long by a public
// holiday of the place's country and region (holidays' calendars): a
// holiday on a Monday is Saturday to Monday, on a Friday Friday to
// Sunday; with past, the last one over before now ("the bank holiday
// weekend just gone"). from and to are days, to exclusive.
func longWeekend(ctx context.Context, place *understand.Place, now time.Time, past bool) (from, to time.Time, err error) {
	q := eventdata.Query{Place: place, From: now, To: now.AddDate(0, 6, 0), Limit: eventdata.MaxLimit}
	if past {
		q.From, q.To = now.AddDate(0, -6, 0), now
	}
	res, err := holidays.New(holidays.Options{}).Search(ctx, q)
	if err != nil {
		return from, to, fmt.Errorf("the holidays of %s: %w", place.Name, err)
	}
	var best time.Time
	for _, h := range res.Hits {
		if h.Kind != eventdata.KindHoliday {
			continue
		}
		d, ok := parsedDay(h.Start)
		if !ok {
			continue
		}
		var start time.Time
		switch d.Weekday() {
		case time.Monday:
			start = d.AddDate(0, 0, -2)
		case time.Friday:
			start = d
		default:
			continue
		}
		switch {
		case past && !start.AddDate(0, 0, 3).After(now) && start.After(best):
			best = start
		case !past && start.AddDate(0, 0, 3).After(now) && (best.IsZero() || start.Before(best)):
			best = start
		}
	}
	if best.IsZero() && past {
		return from, to, fmt.Errorf("no public holiday of %s on a Monday or Friday in the last six months", place.Name)
	}
	if best.IsZero() {
		return from, to, fmt.Errorf("no public holiday of %s on a Monday or Friday in the next six months", place.Name)
	}
	return best, best.AddDate(0, 0, 3), nil
}

// pastLongWeekend marks a long weekend named as over: "the last bank
// holiday weekend", "the previous long weekend", "the long weekend just
// gone", "the bank holiday weekend that's just passed".
var (
	pastBeforeLongWeekend = regexp.MustCompile(`(?i)\b(?:last|previous|past)\s+$`)
	pastAfterLongWeekend  = regexp.MustCompile(`(?i)^\s*(?:(?:that|which)(?:'s|’s|\s+has|\s+was)?\s+)?(?:just\s+)?(?:gone|passed|been|went)\b`)
)

// holidayFrame reads "this coming long weekend", "the bank holiday
// weekend" as the place's next long weekend, "the long weekend just
// gone" as its last; ok is false when the request names none, when the
// long weekend is part of a frame read ("two weeks from now for a long
// weekend" is that week's Friday to Monday), or when days written after
// it in its sentence spell it out ("the bank holiday weekend, sat 29 to
// mon 31 august"); note says why one named could not be read.
func holidayFrame(text string, times []understand.TimeFrame, place *understand.Place, now time.Time) (tf understand.TimeFrame, note string, ok bool) {
	m := longWeekendWords.FindStringIndex(text)
	if m == nil || ownLongWeekend.MatchString(text) {
		return tf, "", false
	}
	_, end := sentenceOf(text, m[1])
	for _, t := range times {
		if t.Start <= m[0] && m[1] <= t.End {
			return tf, "", false
		}
		if t.Start >= m[1] && t.Start < end && !t.From.IsZero() && !t.To.IsZero() && t.To.Sub(t.From) <= 4*24*time.Hour {
			return tf, "", false
		}
	}
	past := pastBeforeLongWeekend.MatchString(text[:m[0]]) || pastAfterLongWeekend.MatchString(text[m[1]:])
	if place == nil || place.CountryCode == "" || !slices.ContainsFunc(holidays.Countries(), func(c string) bool { return strings.EqualFold(c, place.CountryCode) }) {
		return tf, "a long weekend is read by a country's public holidays: the request names no country whose holidays are known", false
	}
	from, to, err := longWeekend(context.Background(), place, now, past)
	if err != nil {
		return tf, err.Error(), false
	}
	return understand.TimeFrame{From: from, To: to, Unit: "weekend"}, "", true
}

// weeksAheadWords are a count of weeks ahead written alone: "in two
// weeks", "in 3 weeks' time", "two weeks from now", "a fortnight from
// today".
var weeksAheadWords = regexp.MustCompile(`(?i)^(?:in\s+(?:a|an|one|two|three|four|five|six|\d+)\s+(?:weeks?|wks?|fortnights?)(?:'s?\s+time)?|(?:a|an|one|two|three|four|five|six|\d+)\s+(?:weeks?|wks?|fortnights?)\s+from\s+(?:now|today))$`)

// weeksAhead reads a count of weeks ahead, which the reader takes for the
// one day that far off, as the week starting that day: of events, "in
// two weeks" is that week, not its Wednesday.
func weeksAhead(text string, times []understand.TimeFrame) []understand.TimeFrame {
	out := slices.Clone(times)
	for i, tf := range out {
		if tf.Unit == "day" && tf.To.Sub(tf.From) <= 25*time.Hour && weeksAheadWords.MatchString(strings.TrimSpace(text[tf.Start:tf.End])) {
			out[i].To, out[i].Unit = tf.From.AddDate(0, 0, 7), "range"
		}
	}
	return out
}
