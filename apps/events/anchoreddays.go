package events

import (
	"regexp"
	"strings"
	"time"

	"github.com/cairn-agents/cairn/understand"
)

// Days written around a date the request names: weekdays with no date
// after it ("wedding on Saturday 30 May but I've got the Sunday free",
// "the match is Saturday 14 November, Friday to Monday"), the day the
// asker says is free among days they are busy on, and a stay written as
// the days the asker lands and flies home ("I land on the 5th and fly
// home on the 14th").

// weekdaysOnly is a frame's text made of weekday names alone: "Sunday",
// "the Sunday", "Friday to Monday", "fri-mon".
var weekdaysOnly = regexp.MustCompile(`(?i)^(?:on\s+)?(?:the\s+)?(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)[a-z]*(?:\s*(?:to|-|–|until|till|through|thru|and)\s*(?:the\s+)?(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)[a-z]*)?$`)

// nowWords before a weekday count it from today: "this Sunday", "next
// Friday to Monday".
var nowWords = regexp.MustCompile(`(?i)\b(?:this|next|coming|last|today|tomorrow)\s*$`)

// anchoredWeekdays reads weekdays written with no date after a single
// dated day as those nearest that day, not the coming ones: "Saturday 30
// May ... the Sunday" is 31 May, "Saturday 14 November ... Friday to
// Monday" 13 to 16 November; and after a week named before them as
// that week's days: "all next week ... the only night I'm free is
// Wednesday" is next week's Wednesday.
func anchoredWeekdays(text string, times []understand.TimeFrame) []understand.TimeFrame {
	out := make([]understand.TimeFrame, 0, len(times))
	var anchor *understand.TimeFrame
	week := false // the anchor is a week, Monday to Sunday
	for _, tf := range times {
		words := strings.TrimSpace(text[tf.Start:tf.End])
		if !weekdaysOnly.MatchString(words) {
			if !tf.From.IsZero() && tf.To.Sub(tf.From) <= 24*time.Hour {
				a := tf
				anchor, week = &a, false
			}
			if tf.Unit == "week" && tf.From.Weekday() == time.Monday && tf.To.Sub(tf.From) == 7*24*time.Hour {
				a := tf
				anchor, week = &a, true
			}
			out = append(out, tf)
			continue
		}
		if anchor == nil || tf.From.IsZero() || nowWords.MatchString(text[:tf.Start]) {
			out = append(out, tf)
			continue
		}
		shift := int(tf.From.Weekday()) - int(anchor.From.Weekday())
		switch {
		case week:
			shift = (shift + 7) % 7 // the week's day: Sunday is its last
		case shift > 3:
			shift -= 7
		case shift < -3:
			shift += 7
		}
		days := int(anchor.From.AddDate(0, 0, shift).Sub(tf.From).Hours() / 24)
		if days%7 != 0 {
			out = append(out, tf) // an hour's change: leave it
			continue
		}
		tf.From, tf.To = tf.From.AddDate(0, 0, days), tf.To.AddDate(0, 0, days)
		out = append(out, tf)
	}
	return out
}

// freeAfter is what follows a day the asker says is free: "the Sunday
// free", "Sunday off", "Monday is free", "the evening before we're free",
// "the Wednesday in between is totally free".
var freeAfter = regexp.MustCompile(`(?i)^\s*(?:(?:i'm|i am|we're|we are|i'll be|we'll be)\s+)?(?:is\s+|are\s+|will be\s+)?(?:(?:totally|completely|entirely|fully|still|all|wide open and|actually)\s+)?(?:free|off|spare|to myself|to ourselves)\b`)

// freeBefore is what comes before a day the asker says is free: "free on
// Sunday", "my free day is Sunday", "off work on Monday", and with the
// place between: "a free day in Salzburg on Fri 3rd", "a spare
// afternoon in Ghent on the 9th", "an evening off there on Tuesday".
var freeBefore = regexp.MustCompile(`(?i)\b(?:free|off(?: work)?|day off is|free day is|(?:free|spare|open)\s+(?:day|evening|afternoon|morning|night|time)|(?:day|evening|afternoon|morning|night)\s+off)` +
	`(?:\s+(?:in|at)\s+[\p{L}'’-]+(?:\s+[\p{L}'’-]+)?|\s+there)?\s+(?:on\s+)?(?:the\s+)?$`)

// freeDay keeps, of the frames a request names, the one day the asker
// says is free ("wedding on Saturday 30 May but I've got the Sunday
// free"): the other days are taken.
func freeDay(text string, times []understand.TimeFrame) []understand.TimeFrame {
	found := -1
	for i, tf := range times {
		if freeAfter.MatchString(text[tf.End:]) || freeBefore.MatchString(text[:tf.Start]) {
			if found >= 0 {
				return times // two free days: no choice to make
			}
			found = i
		}
	}
	if found < 0 || len(times) < 2 {
		return times
	}
	return []understand.TimeFrame{times[found]}
}

// departWords end the words before the day the asker leaves: "fly home
// on the 14th", "leaving on Sunday", "head back the 9th".
var departWords = regexp.MustCompile(`(?i)\b(?:fly(?:ing)?\s+(?:home|back|out)|leav(?:e|es|ing)|depart(?:s|ing)?|head(?:s|ing)?\s+(?:home|back)|go(?:es|ing)?\s+(?:home|back)|check(?:s|ing)?\s+out|travel(?:ling|ing)?\s+home|back home)\s+(?:on\s+)?(?:the\s+)?$`)

// arriveWords end the words before the day the asker arrives: "land on
// the 5th", "arriving Friday", "get in on the 3rd".
var arriveWords = regexp.MustCompile(`(?i)\b(?:land(?:s|ing)?|arriv(?:e|es|ing)|get(?:s|ting)?\s+(?:in|there)|fly(?:ing)?\s+in|touch(?:es|ing)?\s+down|come in|coming in)\s+(?:on\s+)?(?:the\s+)?$`)

// arriveToLeave joins the day the asker arrives and the day they leave,
// written after it in the same or the next sentence, into the stay:
// "I land on the 5th and fly home on the 14th" is the 5th to the 14th.
func arriveToLeave(text string, times []understand.TimeFrame) []understand.TimeFrame {
	var out []understand.TimeFrame
	for k := 0; k < len(times); k++ {
		tf := times[k]
		oneDay := func(f understand.TimeFrame) bool {
			return !f.From.IsZero() && !f.To.IsZero() && f.To.Sub(f.From) <= 24*time.Hour
		}
		if k+1 < len(times) && oneDay(tf) && oneDay(times[k+1]) && arriveWords.MatchString(text[:tf.Start]) {
			next := times[k+1]
			_, end := sentenceOf(text, tf.End)
			if end < len(text) {
				_, end = sentenceOf(text, end)
			}
			if next.Start < end && departWords.MatchString(text[:next.Start]) && next.From.After(tf.From) && next.To.Sub(tf.From) <= 92*24*time.Hour {
				out = append(out, understand.TimeFrame{Span: understand.Span{Start: tf.Start, End: next.End}, From: tf.From, To: next.To, Unit: "range"})
				k++
				continue
			}
		}
		out = append(out, tf)
	}
	return out
}
