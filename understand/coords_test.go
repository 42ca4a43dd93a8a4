package understand_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/cairn-agents/cairn/understand"
)

func TestCoordinates(t *testing.T) {
	cases := []struct{ q, want string }{
		{"floats near 10N 65E", "10N 65E=10,65"},
		{"north of 10°N", "10°N=10,-"},
		{"at 12°30'S, 45°15'W", "12°30'S, 45°15'W=-12.5,-45.25"},
		{"around -12.5, 45.3 please", "-12.5, 45.3=-12.5,45.3"},
		{"(38.9, -75.5)", "38.9, -75.5=38.9,-75.5"},
		{"lat 38.9 lon -75.5", "lat 38.9 lon -75.5=38.9,-75.5"},
		{"latitude: -12.5", "latitude: -12.5=-12.5,-"},
		{"5 N of here, 3 routes, 1, 2", ""},
		{"95N 200E", ""},
		// words, other separators, the letter first, labels with letters
		{"closest to 40 degrees north, 45 degrees west", "40 degrees north, 45 degrees west=40,-45"},
		{"at 12 degrees South and 70 Degrees East today", "12 degrees South and 70 Degrees East=-12,70"},
		{"near 40 deg N 45 deg W", "40 deg N 45 deg W=40,-45"},
		{"near 40°N/45°W", "40°N/45°W=40,-45"},
		{"floats at N40 W45", "N40 W45=40,-45"},
		{"buoy at S 12.5, E 45.3", "S 12.5, E 45.3=-12.5,45.3"},
		{"position 40.25N 45.5W", "40.25N 45.5W=40.25,-45.5"},
		{"lat 40 lon -45", "lat 40 lon -45=40,-45"},
		{"latitude 40 and longitude -45", "latitude 40 and longitude -45=40,-45"},
		{"lat 40N, long 45W", "lat 40N, long 45W=40,-45"},
		{"10 degrees north latitude", "10 degrees north latitude=10,-"},
		// roads, bearings and counts stay words
		{"take I-95 north for 40 miles north", ""},
		{"Route 1 North then 30 south", ""},
		{"a long 45 minute drive", ""},
		{"Saturday 10 am, N of Dover", ""},
	}
	for _, c := range cases {
		r := understand.Read(c.q, understand.Options{})
		var got []string
		for _, x := range r.Coordinates {
			lat, lng := "-", "-"
			if x.HasLat {
				lat = fmt.Sprint(x.Lat)
			}
			if x.HasLng {
				lng = fmt.Sprint(x.Lng)
			}
			got = append(got, c.q[x.Start:x.End]+"="+lat+","+lng)
		}
		if g := strings.Join(got, "; "); g != c.want {
			t.Errorf("%q\n got %q\nwant %q", c.q, g, c.want)
		}
	}
}

func TestDirections(t *testing.T) {
	r := understand.Read("a cafe north-east of Dover, in northern Delaware, heading south", understand.Options{})
	var got []string
	for _, d := range r.Directions {
		of := ""
		if d.Of != (understand.Span{}) {
			of = r.Text[d.Of.Start:d.Of.End]
		}
		got = append(got, d.Way+">"+of)
	}
	if w := "northeast>Dover north> south>"; strings.Join(got, " ") != w {
		t.Errorf("got %q, want %q", strings.Join(got, " "), w)
	}
}
