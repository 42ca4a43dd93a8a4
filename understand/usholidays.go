package understand

import (
	"strings"
	"time"
)

// nthWeekday is the n-th given weekday of a month (n = -1: its last).
func (d *dateReader) nthWeekday(y int, m time.Month, wd time.Weekday, n int) time.Time {
	if n < 0 {
		last := d.day(y, m+1, 1).AddDate(0, 0, -1)
		return last.AddDate(0, 0, -((int(last.Weekday()) - int(wd) + 7) % 7))
	}
	first := d.day(y, m, 1)
	return first.AddDate(0, 0, (int(wd)-int(first.Weekday())+7)%7+7*(n-1))
}

// usHolidays are the United States' holidays on a given weekday and the
// weekends they make long: Memorial Day (the last Monday of May),
// Presidents' Day (the third Monday of February), Martin Luther King
// Day (the third Monday of January), each weekend Saturday to Monday;
// Thanksgiving weekend is its Thursday to Sunday.
func usHolidays() []holiday {
	var out []holiday
	monday := func(m time.Month, n int, phrases []string, weekends []string) {
		on := func(d *dateReader, y int) time.Time { return d.nthWeekday(y, m, time.Monday, n) }
		for _, p := range phrases {
			out = append(out, holiday{words: strings.Fields(p), days: func(d *dateReader, y int) (time.Time, time.Time) {
				t := on(d, y)
				return t, t.AddDate(0, 0, 1)
			}})
		}
		for _, p := range weekends {
			out = append(out, holiday{words: strings.Fields(p), days: func(d *dateReader, y int) (time.Time, time.Time) {
				t := on(d, y)
				return t.AddDate(0, 0, -2), t.AddDate(0, 0, 1)
			}})
		}
	}
	monday(time.May, -1, []string{"memorial day"}, []string{"memorial day weekend", "memorial weekend"})
	monday(time.February, 3, []string{"presidents day", "president's day"},
		[]string{"presidents day weekend", "president's day weekend"})
	monday(time.January, 3, []string{"mlk day", "martin luther king day", "martin luther king jr day"},
		[]string{"mlk weekend", "mlk day weekend", "martin luther king weekend", "martin luther king day weekend"})
	thanksgiving := func(d *dateReader, y int) time.Time { return d.nthWeekday(y, time.November, time.Thursday, 4) }
	for _, p := range []string{"thanksgiving weekend", "thanksgiving day weekend", "thanksgiving break", "thanksgiving holiday"} {
		out = append(out, holiday{words: strings.Fields(p), days: func(d *dateReader, y int) (time.Time, time.Time) {
			t := thanksgiving(d, y)
			return t, t.AddDate(0, 0, 4)
		}})
	}
	return out
}
