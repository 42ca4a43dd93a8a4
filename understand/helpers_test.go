package understand_test

import (
	"testing"
	"time"

	"github.com/cairn-agents/cairn/geo"
	"github.com/cairn-agents/cairn/geo/geotest"
)

// gazetteer is the embedded engine's gazetteer, built once per binary.
func gazetteer(t testing.TB) *geo.Gazetteer {
	t.Helper()
	return geotest.Gazetteer(t)
}

// refDay is the reference day of the date tests: Monday 23 November 2026.
var refDay = time.Date(2026, 11, 23, 15, 4, 0, 0, time.UTC)
