package understand

import (
	"testing"
	"time"
)

// TestMonthsJoinedByADash: two months joined by a hyphen or a dash
// ("Jan-Mar 2020", "jun–aug 2019", "Sept-Nov 2021") are the months from
// the first to the last, the year after them; a hyphenated word with a
// month in it ("mid-march", "Jan-Mar" with no year) is not changed.
func TestMonthsJoinedByADash(t *testing.T) {
	now := time.Date(2023, 4, 27, 12, 0, 0, 0, time.UTC)
	for _, c := range []struct{ text, from, to string }{
		{"mean surface temperature Feb-Apr 2018 please", "2018-02-01", "2018-05-01"},
		{"sst for jun–aug 2019", "2019-06-01", "2019-09-01"},
		{"what happened Sep-Nov 2021?", "2021-09-01", "2021-12-01"},
		{"a mid-march trip", "2023-03-01", "2023-04-01"},
	} {
		r := Read(c.text, Options{Now: now})
		if len(r.Times) != 1 || r.Times[0].From.Format("2006-01-02") != c.from || r.Times[0].To.Format("2006-01-02") != c.to {
			t.Errorf("%q: times %+v; want %s to %s", c.text, r.Times, c.from, c.to)
		}
	}
}
