package events

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/cairn-agents/cairn/understand"
)

// The frames a longer request writes around the one asked about: a time
// over before today in the asker's story ("switched to street last
// year"), a stay's length written before its first day ("for a fortnight
// starting Monday") and a stay's last day written after its first ("on
// 15 August, and I stay until 23 August").

// sinceWords begin a frame that runs from the past to today: "since
// last year", "since 2019".
var sinceWords = regexp.MustCompile(`(?i)^since\b`)

// storyPast drops the frames over before today when another frame is
// still to come: the past ones tell the asker's story, the other is the
// time asked about. A frame since a time past ("I live in Porto since
// last year") tells the story too, though it runs to today.
func storyPast(text string, times []understand.TimeFrame, now time.Time) []understand.TimeFrame {
	over := func(tf understand.TimeFrame) bool {
		return !tf.To.IsZero() && !tf.To.After(now) ||
			tf.From.Before(now) && !tf.To.After(now.AddDate(0, 0, 1)) && sinceWords.MatchString(text[tf.Start:tf.End])
	}
	if !slices.ContainsFunc(times, func(tf understand.TimeFrame) bool { return !over(tf) }) {
		return times
	}
	return slices.DeleteFunc(slices.Clone(times), over)
}

// lengthBefore is a stay's length written just before its first day:
// "for a fortnight starting Monday", "ten days from Friday".
var lengthBefore = regexp.MustCompile(`(?i)\b(a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|\d{1,2})\s+(days?|nights?|weeks?|fortnights?)\s*,?\s*$`)

// startWords begin a frame open at its end that a length before it
// closes.
var startWords = regexp.MustCompile(`(?i)^(?:starting|beginning|commencing|from)\b`)

// lengthThenStart closes a frame open at its end with the length written
// before it: "a fortnight starting Monday" is that Monday and the 13
// days after.
func lengthThenStart(text string, times []understand.TimeFrame) []understand.TimeFrame {
	out := slices.Clone(times)
	for i, tf := range out {
		if tf.From.IsZero() || !tf.To.IsZero() || !startWords.MatchString(text[tf.Start:tf.End]) {
			continue
		}
		m := lengthBefore.FindStringSubmatchIndex(text[:tf.Start])
		if m == nil {
			continue
		}
		word, unit := strings.ToLower(text[m[2]:m[3]]), strings.ToLower(text[m[4]:m[5]])
		n, ok := countWords[word]
		if word == "an" {
			n, ok = 1, true
		}
		if !ok {
			n, _ = strconv.Atoi(word)
		}
		days := n
		switch strings.TrimSuffix(unit, "s") {
		case "week":
			days = 7 * n
		case "fortnight":
			days = 14 * n
		}
		if days <= 0 || days > 92 {
			continue
		}
		out[i].To = tf.From.AddDate(0, 0, days)
		out[i].Start, out[i].Unit = m[0], "range"
	}
	return out
}

// stayUntil is a stay's last day written after a single first day in
// the same or the next sentence: "until 23 August", "until the 17th"
// (the day of the first's month, or of the month after when it is
// earlier), unless it is an hour (clockUntil).
var stayUntil = regexp.MustCompile(`(?i)\b(?:until|till|til|to)\s+(?:the\s+)?(\d{1,2})(?:st|nd|rd|th)?\b(?:\s+of)?`)

// hourBefore and hourAfter make "until N" an hour of the day, not a
// day: a bare hour before it ("free 10 till 3", "9 to 5", "from 2pm
// until 6"), or a clock's mark after N ("till 3pm", "until 5 o'clock",
// "to 4:30", "till 3 in the afternoon").
var (
	hourBefore = regexp.MustCompile(`(?i)(?:^|[^\d./-])\d{1,2}(?:[:.]\d{2})?\s*(?:am|pm|a\.m\.|p\.m\.|h|hrs)?\s*$`)
	hourAfter  = regexp.MustCompile(`(?i)^(?:[:.]\d{2}|\s*(?:am|pm|a\.m\.|p\.m\.|o'?clock|o’clock|h|hrs)\b|\s+in\s+the\s+(?:morning|afternoon|evening|middle\s+of\s+the\s+day))`)
)

// clockUntil says whether the "until N" at text[at:] (its number
// ending at numEnd) is an hour of the day.
func clockUntil(text string, at, numEnd int) bool {
	return hourBefore.MatchString(text[:at]) || hourAfter.MatchString(text[numEnd:])
}

// untilAfterDay joins a single day and a last day written after it
// ("arriving on the 14th of September and staying until the 17") into
// one frame: the reader reads the last day as a frame open at its start,
// or not at all when it has no month.
func untilAfterDay(text string, times []understand.TimeFrame) []understand.TimeFrame {
	var out []understand.TimeFrame
	for k := 0; k < len(times); k++ {
		tf := times[k]
		if tf.From.IsZero() || tf.To.Sub(tf.From) > 24*time.Hour {
			out = append(out, tf)
			continue
		}
		_, end := sentenceOf(text, tf.End)
		if end < len(text) {
			_, end = sentenceOf(text, end) // the next sentence too
		}
		// The reader's "until 23 August": open at its start.
		if k+1 < len(times) && times[k+1].From.IsZero() && times[k+1].To.After(tf.To) && times[k+1].Start < end &&
			times[k+1].To.Sub(tf.From) <= 92*24*time.Hour {
			out = append(out, understand.TimeFrame{Span: understand.Span{Start: tf.Start, End: times[k+1].End}, From: tf.From, To: times[k+1].To, Unit: "range"})
			k++
			continue
		}
		// "until the 17": a day of the month.
		if m := stayUntil.FindStringSubmatchIndex(text[tf.End:end]); m != nil && (k+1 >= len(times) || times[k+1].Start >= tf.End+m[1]) &&
			!clockUntil(text, tf.End+m[0], tf.End+m[3]) {
			d, _ := strconv.Atoi(text[tf.End+m[2] : tf.End+m[3]])
			last := time.Date(tf.From.Year(), tf.From.Month(), d, 0, 0, 0, 0, tf.From.Location())
			if d < tf.From.Day() {
				last = time.Date(tf.From.Year(), tf.From.Month()+1, d, 0, 0, 0, 0, tf.From.Location())
			}
			if d >= 1 && d <= 31 && last.Day() == d && last.After(tf.From) {
				out = append(out, understand.TimeFrame{Span: understand.Span{Start: tf.Start, End: tf.End + m[1]}, From: tf.From, To: last.AddDate(0, 0, 1), Unit: "range"})
				continue
			}
		}
		out = append(out, tf)
	}
	return out
}
