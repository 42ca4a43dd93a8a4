package events

import (
	"regexp"
	"slices"

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

// stayDays is the frame written after the place the asker stays in, in
// its sentence, when the request names an occasion elsewhere before it
// ("a wedding in Sorrento on 20 June, then based in Naples for those
// (21st-24th)"): the stay's days are the days asked about. ok is false
// when the place is no stay or no frame follows it.
func stayDays(r *understand.Reading, stay *understand.Mention, times []understand.TimeFrame) (understand.TimeFrame, bool) {
	if stay == nil || !staying(r, *stay) {
		return understand.TimeFrame{}, false
	}
	_, end := sentenceOf(r.Text, stay.Start)
	i := slices.IndexFunc(times, func(tf understand.TimeFrame) bool { return tf.Start >= stay.End && tf.Start < end })
	if i <= 0 || !slices.ContainsFunc(times[:i], func(tf understand.TimeFrame) bool { return tf.End <= stay.Start }) {
		return understand.TimeFrame{}, false
	}
	return times[i], true
}
