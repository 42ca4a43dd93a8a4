package roadtrip

import (
	"testing"

	"github.com/cairn-agents/cairn/geo"
)

func TestFits(t *testing.T) {
	for _, c := range []struct {
		kind string
		p    geo.Place
		want bool
	}{
		{"rest_area", geo.Place{Name: "Chauncey O. Simpson Memorial Rest Area", Types: []string{"rest_area"}}, true},
		{"rest_area", geo.Place{Name: "Shell", Types: []string{"gas_station", "point_of_interest"}}, true}, // Google has no rest_area type
		{"rest_area", geo.Place{Name: "Ayer Keroh R&R", Types: []string{"point_of_interest"}}, true},
		{"rest_area", geo.Place{Name: "City Museum", Types: []string{"museum"}}, false},
		{"viewpoint", geo.Place{Name: "Twin Peaks", Types: []string{"tourist_attraction"}}, true},
		{"viewpoint", geo.Place{Name: "Bukit Lookout", Types: []string{"point_of_interest"}}, true},
		{"viewpoint", geo.Place{Name: "Starbucks", Types: []string{"cafe"}}, false},
		{"cafe", geo.Place{Name: "Starbucks", Types: []string{"cafe"}}, true},
		{"cafe", geo.Place{Name: "Shell", Types: []string{"gas_station"}}, false},
		{"swimming_pool", geo.Place{Name: "Jalan Besar Swimming Complex", Types: []string{"gym"}}, true},
	} {
		if got := fits(c.kind, c.p); got != c.want {
			t.Errorf("fits(%s, %s %v) = %v", c.kind, c.p.Name, c.p.Types, got)
		}
	}
}
