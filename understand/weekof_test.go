package understand

import (
	"testing"
	"time"
)

// TestWeekOfAndAnyWeekend: a week named by a day in it or by its first
// day, and any weekend of a month, in wordings of several kinds.
func TestWeekOfAndAnyWeekend(t *testing.T) {
	now := time.Date(2026, 1, 20, 0, 0, 0, 0, time.UTC)
	for _, c := range []struct{ text, from, to string }{
		{"we're in Oxford the week of the 9th of March", "2026-03-09", "2026-03-16"},
		{"the week of Wednesday 18 March please", "2026-03-16", "2026-03-23"},
		{"free the week of the 16th", "2026-02-16", "2026-02-23"},
		{"the week of April 2nd", "2026-03-30", "2026-04-06"},
		{"w/c 16th Feb", "2026-02-16", "2026-02-23"},
		{"the week commencing Thursday 5 March", "2026-03-05", "2026-03-12"},
		{"week beginning 2 March", "2026-03-02", "2026-03-09"},
		{"any weekend in August", "2026-08-01", "2026-08-31"},
		{"one of the weekends of June?", "2026-06-06", "2026-06-29"},
		{"weekends in May 2027 only", "2027-05-01", "2027-05-31"},
		{"a weekend in March would suit", "2026-03-01", "2026-03-30"}, // Sunday the 1st to Sunday the 29th
		{"any weekend in February", "2026-02-01", "2026-03-01"},       // Sunday the 1st to Saturday the 28th
	} {
		r := Read(c.text, Options{Now: now, Tense: Future})
		if len(r.Times) != 1 {
			t.Errorf("%q: %d times, want 1: %+v", c.text, len(r.Times), r.Times)
			continue
		}
		tf := r.Times[0]
		if got := tf.From.Format("2006-01-02") + ".." + tf.To.Format("2006-01-02"); got != c.from+".."+c.to {
			t.Errorf("%q: %s, want %s..%s (to exclusive)", c.text, got, c.from, c.to)
		}
	}
	// not a week of a day: a week of something else, a weekend of a
	// month named by its ordinal (partOf)
	for _, c := range []struct{ text, from, to string }{
		{"a week of rain in March", "2026-03-01", "2026-04-01"},
		{"the second weekend of May", "2026-05-09", "2026-05-11"},
	} {
		r := Read(c.text, Options{Now: now, Tense: Future})
		if len(r.Times) != 1 || r.Times[0].From.Format("2006-01-02") != c.from || r.Times[0].To.Format("2006-01-02") != c.to {
			t.Errorf("%q: %+v, want %s..%s", c.text, r.Times, c.from, c.to)
		}
	}
}

// TestWeekdaysAroundAHoliday: two weekdays written as a range just
// after a holiday in its sentence are the ones around it, not the
// coming ones.
func TestWeekdaysAroundAHoliday(t *testing.T) {
	now := time.Date(2026, 1, 20, 0, 0, 0, 0, time.UTC)
	for _, c := range []struct{ text, from, to string }{
		{"Pentecost weekend, Friday to Monday", "2026-05-22", "2026-05-26"},
		{"over Easter, Thursday until Monday", "2026-04-02", "2026-04-07"},
		{"the Ascension Day weekend - the Thursday till the Sunday", "2026-05-14", "2026-05-18"},
	} {
		r := Read(c.text, Options{Now: now, Tense: Future})
		var got []string
		ok := false
		for _, tf := range r.Times {
			s := tf.From.Format("2006-01-02") + ".." + tf.To.Format("2006-01-02")
			got = append(got, s)
			ok = ok || s == c.from+".."+c.to
		}
		if !ok {
			t.Errorf("%q: %v, want a frame %s..%s (to exclusive)", c.text, got, c.from, c.to)
		}
	}
	// a sentence apart, the weekdays are the coming ones
	r := Read("We land on Ascension Day. Friday to Sunday we rest.", Options{Now: now, Tense: Future})
	for _, tf := range r.Times {
		if tf.Unit == "range" && tf.From.Format("2006-01-02") != "2026-01-23" {
			t.Errorf("a range in the next sentence: %s..%s, want the coming Friday (2026-01-23)", tf.From.Format("2006-01-02"), tf.To.Format("2006-01-02"))
		}
	}
}

// TestDateWeekend: a day written before "weekend" is the weekend it
// falls on or makes long; a day in mid-week makes none.
func TestDateWeekend(t *testing.T) {
	now := time.Date(2026, 5, 10, 0, 0, 0, 0, time.UTC)
	for _, c := range []struct{ text, from, to string }{
		{"fireworks over the 4th of July weekend", "2026-07-04", "2026-07-06"}, // a Saturday
		{"the 1st of May long weekend in Dublin", "2026-05-01", "2026-05-04"},  // a Friday
		{"that 7 September weekend", "2026-09-05", "2026-09-08"},               // a Monday
		{"the 9 August weekend", "2026-08-08", "2026-08-10"},                   // a Sunday
		{"the 8 July weekend", "2026-07-08", "2026-07-09"},                     // a Wednesday: the day
	} {
		r := Read(c.text, Options{Now: now, Tense: Future})
		if len(r.Times) != 1 || r.Times[0].From.Format("2006-01-02") != c.from || r.Times[0].To.Format("2006-01-02") != c.to {
			t.Errorf("%q: %+v, want %s..%s (to exclusive)", c.text, r.Times, c.from, c.to)
		}
	}
}
