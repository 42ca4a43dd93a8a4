package understand_test

import (
	"strings"
	"testing"
	"time"

	"github.com/cairn-agents/cairn/geo"
	"github.com/cairn-agents/cairn/geo/geotest"
	"github.com/cairn-agents/cairn/understand"
)

// gazetteer is the embedded engine's gazetteer, built once per binary.
func gazetteer(t testing.TB) *geo.Gazetteer {
	t.Helper()
	return geotest.Gazetteer(t)
}

// refDay is the reference day of the date tests: Monday 23 November 2026.
var refDay = time.Date(2026, 11, 23, 15, 4, 0, 0, time.UTC)

// framesText is the time frames r read of q, each as its text and its
// days ("the day after Bastille Day 2027-07-15..2027-07-16"), joined by
// "; ": what the date tests compare.
func framesText(q string, r *understand.Reading) string {
	var got []string
	for _, f := range r.Times {
		got = append(got, q[f.Start:f.End]+" "+f.From.Format("2006-01-02")+".."+f.To.Format("2006-01-02"))
	}
	return strings.Join(got, "; ")
}
