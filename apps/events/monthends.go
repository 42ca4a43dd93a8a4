package events

import (
	"regexp"
	"strings"
	"time"

	"github.com/cairn-agents/cairn/understand"
)

// monthEnd is the end of a month written with no month's name: "toward
// the end of the month", "at month's end", "end of this month", "the end
// of next month". The reader reads no time in it.
var monthEnd = regexp.MustCompile(`(?i)\b(?:(by|until|till|before|after|from|since)\s+)?(?:the\s+)?(?:(?:end|close)\s+of\s+(?:the\s+|this\s+|(next)\s+)?month|(?:(next)\s+)?month'?s\s+end|(?:(next)\s+)?month[\s-]end)\b`)

// monthEnds reads the end of a month named with no month's name as its
// 21st to its last day, as "late June" is: the month is this one, or the
// next when it says so. "By the end of the month" is a deadline, left to
// the reader.
func monthEnds(text string, times []understand.TimeFrame, now time.Time) []understand.TimeFrame {
	for _, m := range monthEnd.FindAllStringSubmatchIndex(text, -1) {
		if m[2] >= 0 {
			continue // "by the end of the month", "after the month's end"
		}
		if overlaps(times, m[0], m[1]) {
			continue
		}
		first := time.Date(now.Year(), now.Month(), 1, 0, 0, 0, 0, time.UTC)
		if m[4] >= 0 || m[6] >= 0 || m[8] >= 0 {
			first = first.AddDate(0, 1, 0)
		}
		start := m[0]
		if strings.HasPrefix(strings.ToLower(text[start:]), "the ") {
			start += len("the ")
		}
		times = replaceSpan(times, understand.TimeFrame{Span: understand.Span{Start: start, End: m[1]},
			From: first.AddDate(0, 0, 20), To: first.AddDate(0, 1, 0), Unit: "range"})
	}
	return times
}

// overlaps says whether a frame among times overlaps the bytes start to
// end of the text.
func overlaps(times []understand.TimeFrame, start, end int) bool {
	for _, t := range times {
		if t.Start < end && start < t.End {
			return true
		}
	}
	return false
}
