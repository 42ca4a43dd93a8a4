package events

import (
	"strings"

	"github.com/cairn-agents/cairn/understand"
)

// minItineraryRows is how many lines that each begin with a day make a
// pasted itinerary rather than a list of dates in prose.
const minItineraryRows = 3

// itineraryRows is the frame of the rows of a pasted itinerary (a table
// or a list, one day a line: "16/09/2026<TAB>Porto<TAB>train 9:09", "Sat
// 12 Oct - Kyoto") that name the place asked about: from its first such
// row's day to its last. The reader takes the table's first day alone;
// the asker asks about one town's part of the trip. ok is false when
// the text has no such table, or every row or none names the place.
func itineraryRows(text string, times []understand.TimeFrame, placed *understand.Mention) (understand.TimeFrame, bool) {
	if placed == nil || !strings.Contains(text, "\n") {
		return understand.TimeFrame{}, false
	}
	name := strings.ToLower(placed.Text)
	var rows, named []understand.TimeFrame
	start := 0
	for _, line := range strings.SplitAfter(text, "\n") {
		end := start + len(line)
		lead := start + len(line) - len(strings.TrimLeft(line, " \t|*-•"))
		var day *understand.TimeFrame
		for k := range times {
			if tf := &times[k]; tf.Start >= start && tf.Start < end {
				if day != nil || tf.Start != lead || tf.Unit != "day" {
					day = nil
					break
				}
				day = tf
			}
		}
		if day != nil {
			rows = append(rows, *day)
			if containsWord(strings.ToLower(text[day.End:end]), name) {
				named = append(named, *day)
			}
		}
		start = end
	}
	if len(rows) < minItineraryRows || len(named) == 0 || len(named) == len(rows) {
		return understand.TimeFrame{}, false
	}
	tf := understand.TimeFrame{Span: understand.Span{Start: named[0].Start, End: named[len(named)-1].End}, From: named[0].From, To: named[0].To, Unit: "range"}
	for _, d := range named[1:] {
		if d.From.Before(tf.From) {
			tf.From = d.From
		}
		if d.To.After(tf.To) {
			tf.To = d.To
		}
	}
	return tf, true
}

// containsWord says whether s holds w as a whole word.
func containsWord(s, w string) bool {
	for i := 0; w != ""; {
		k := strings.Index(s[i:], w)
		if k < 0 {
			return false
		}
		k += i
		before, after := k == 0 || !isLetter(s[k-1]), k+len(w) == len(s) || !isLetter(s[k+len(w)])
		if before && after {
			return true
		}
		i = k + 1
	}
	return false
}

func isLetter(b byte) bool { return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= 0x80 }
