package understand_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/cairn-agents/cairn/understand"
)

// A point written after a pair of labels takes their order.
func TestCoordinateLabelPairs(t *testing.T) {
	cases := []struct{ q, want string }{
		{"profiles near lat/lon 23.5/-40 please", "lat/lon 23.5/-40=23.5,-40"},
		{"latlon: 12.25, 65", "latlon: 12.25, 65=12.25,65"},
		{"buoy at (lat, lon) = (-33.9, 18.4)", "(lat, lon) = (-33.9, 18.4)=-33.9,18.4"},
		{"lon/lat: 110 -11.5", "lon/lat: 110 -11.5=-11.5,110"},
		{"Lat,Lng = 40 -45 then", "Lat,Lng = 40 -45=40,-45"},
		// no pair: one label twice, out of range
		{"lon/lon 10/20", ""},
		{"lat/lon 95/10", ""},
	}
	for _, c := range cases {
		r := understand.Read(c.q, understand.Options{})
		var got []string
		for _, x := range r.Coordinates {
			if x.HasLat && x.HasLng {
				got = append(got, c.q[x.Start:x.End]+"="+fmt.Sprint(x.Lat)+","+fmt.Sprint(x.Lng))
			}
		}
		if g := strings.Join(got, "; "); g != c.want {
			t.Errorf("%q\n got %q\nwant %q", c.q, g, c.want)
		}
	}
}
