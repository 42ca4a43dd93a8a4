package events

import (
	"regexp"
	"slices"
	"strconv"

	"github.com/cairn-agents/cairn/understand"
)

// openBracket is what lies between a frame and days in brackets that
// spell it out: "the second week of May (Mon 11th to Sun 17th)".
var openBracket = regexp.MustCompile(`^\s*[(\[]\s*$`)

// bracketedDays replaces a frame by the days written in brackets just
// after it: the asker spells out which days the frame means, and those
// win over a phrase a reader could count otherwise ("the second week of
// May (Mon 11th to Sun 17th)").
func bracketedDays(text string, times []understand.TimeFrame) []understand.TimeFrame {
	var out []understand.TimeFrame
	for k := 0; k < len(times); k++ {
		tf := times[k]
		if k+1 < len(times) && tf.End <= times[k+1].Start && openBracket.MatchString(text[tf.End:times[k+1].Start]) &&
			!times[k+1].From.IsZero() && !times[k+1].To.IsZero() {
			continue
		}
		out = append(out, tf)
	}
	return out
}

// dayInside says whether later is a range of days written after a single
// day that it holds: the day is an occasion inside the stay asked about
// ("eloping on the 14th of May ... anything on 12-16 May?").
func dayInside(day, later understand.TimeFrame) bool {
	if day.From.IsZero() || day.To.IsZero() || later.From.IsZero() || later.To.IsZero() || later.Start < day.End {
		return false
	}
	oneDay := day.To.Sub(day.From).Hours() <= 24
	return oneDay && later.Unit == "range" && !later.From.After(day.From) && !later.To.Before(day.To) && later.To.Sub(later.From) > day.To.Sub(day.From)
}

// stayDays is the frame written after the place the asker stays in, or
// the town of a trip they single out (singledout.go), in its sentence,
// when the request names an occasion elsewhere before it ("a wedding in
// Sorrento on 20 June, then based in Naples for those (21st-24th)",
// "Lisbon first (7–11 Sept), then Porto from the 12th to the 16th. It's
// the Porto leg I need covered"): the stay's days are the days asked
// about. ok is false when the place is no stay or no frame follows it.
func stayDays(r *understand.Reading, stay *understand.Mention, times []understand.TimeFrame) (understand.TimeFrame, bool) {
	if stay == nil || !staying(r, *stay) && singledOut(r) != stay {
		return understand.TimeFrame{}, false
	}
	_, end := sentenceOf(r.Text, stay.Start)
	i := slices.IndexFunc(times, func(tf understand.TimeFrame) bool { return tf.Start >= stay.End && tf.Start < end })
	if i <= 0 || !slices.ContainsFunc(times[:i], func(tf understand.TimeFrame) bool { return tf.End <= stay.Start }) {
		return understand.TimeFrame{}, false
	}
	return times[i], true
}

// lastDayAgain finds "til the 12th", "until the 12th": a day of the
// month written as the end of what the asker does.
var lastDayAgain = regexp.MustCompile(`(?i)\b(?:til|till|until|to|through|thru)\s+the\s+(\d{1,2})(?:st|nd|rd|th)?\b`)

// restated says whether a day inside a range, written after it, only
// restates the range's days: the range's first day, with its last
// written later as an end ("July 3 to 12 ... the parade on the 3rd then
// the rodeo til the 12th"). The range is the frame, not its first day.
func restated(text string, rng, day understand.TimeFrame) bool {
	if !day.From.Equal(rng.From) || rng.To.IsZero() || day.End > len(text) {
		return false
	}
	last := rng.To.AddDate(0, 0, -1).Day()
	for _, m := range lastDayAgain.FindAllStringSubmatch(text[day.End:], -1) {
		if n, err := strconv.Atoi(m[1]); err == nil && n == last {
			return true
		}
	}
	return false
}
