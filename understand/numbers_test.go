package understand_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/cairn-agents/cairn/understand"
)

// quantities renders a reading's quantities compactly for comparison.
func quantities(r *understand.Reading) string {
	var out []string
	for _, q := range r.Quantities {
		switch q.Kind {
		case understand.Fraction:
			s := fmt.Sprintf("%d/%d", q.Num, q.Den)
			if q.Every {
				s = "every " + s
			}
			out = append(out, s)
		case understand.Measure:
			out = append(out, strings.TrimSpace(fmt.Sprintf("%s %g%s", q.Bound, q.Value, q.Unit)))
		case understand.Ordinal:
			out = append(out, fmt.Sprintf("#%g %s", q.Value, q.Noun))
		default:
			out = append(out, strings.TrimSpace(fmt.Sprintf("%s %g %s", q.Bound, q.Value, q.Noun)))
		}
	}
	return strings.Join(out, "; ")
}

func TestQuantities(t *testing.T) {
	cases := []struct{ q, want string }{
		{"Plan 2 road trip routes, each through 3 intermediate cities, with 1 rest stop and 1 scenic viewpoint per route",
			"2 road trip route; 3 intermediate city; 1 rest stop; 1 scenic viewpoint"},
		{"two routes with three towns each and a couple of rest areas", "2 route; 3 town; 2 rest area"},
		{"twenty-one stops, one hundred and five miles, a dozen cafes", "21 stop; 105mi; 12 cafe"},
		{"a cafe about a third of the way", "1 cafe; 1/3"},
		{"stop halfway, then two-thirds of the way along", "1/2; 2/3"},
		{"a gas station every quarter of the way", "1 gas station; every 1/4"},
		{"the quarter points and the trisection points", "every 1/4; every 1/3"},
		{"at 1/3 of the route", "1/3"},
		{"split the drive in thirds", "every 1/3"},
		{"the third stop and the 2nd route", "#3 stop; #2 route"},
		{"a second route", "#2 route"},
		{"at least 4.5 stars, under 90 minutes, at most 120 km, about 10%", "at least 4.5star; 90min; at most 120km; about 10%"},
		{"5km and 3 mi", "5km; 3mi"},
		{"routes: 3, cities per route: 2", "3 route; 2 city"},
		{"a few towns and a lot of fun", ""},
		{"thre routes", "3 route"},
	}
	for _, c := range cases {
		r := understand.Read(c.q, understand.Options{Now: refDay})
		if got := quantities(r); got != c.want {
			t.Errorf("%q\n got %q\nwant %q", c.q, got, c.want)
		}
		for _, q := range r.Quantities {
			if q.Start < 0 || q.End > len(c.q) || q.Start >= q.End {
				t.Errorf("%q: bad span %+v", c.q, q.Span)
			}
		}
	}
}

func TestTerms(t *testing.T) {
	terms := []understand.Term{{Phrase: "gas station", Label: "gas_station"}, {Phrase: "cafe", Label: "cafe"},
		{Phrase: "coffee shop", Label: "cafe"}, {Phrase: "restaurant", Label: "restaurant"}}
	r := understand.Read("Find two nice cafes or a gas-station, and 3 restaurants; coffee shops too", understand.Options{Terms: terms})
	var got []string
	for _, m := range r.Terms {
		got = append(got, fmt.Sprintf("%s:%d", m.Label, m.Count))
	}
	if w := "cafe:2 gas_station:1 restaurant:3 cafe:0"; strings.Join(got, " ") != w {
		t.Errorf("got %q, want %q", strings.Join(got, " "), w)
	}
}

// A long word of the caller's vocabulary is found with one slip in it;
// a word spelled as another term is that term, never a near miss.
func TestTermsWithATypo(t *testing.T) {
	terms := []understand.Term{{Phrase: "coffee shop", Label: "cafe"}, {Phrase: "hotel", Label: "hotel"},
		{Phrase: "hostel", Label: "hostel"}, {Phrase: "restaurant", Label: "restaurant"}, {Phrase: "bar", Label: "bar"}}
	for _, c := range []struct{ text, want string }{
		{"any coffe shops near here?", "cafe"},
		{"a resturant please", "restaurant"},
		{"cheap hostels", "hostel"},
		{"a hotel and a hostel", "hotel hostel"},
		{"a restuarnat", ""}, // two slips: too far
		{"a car", ""},        // short words must be exact
	} {
		var got []string
		for _, m := range understand.Read(c.text, understand.Options{Terms: terms}).Terms {
			got = append(got, m.Label)
		}
		if strings.Join(got, " ") != c.want {
			t.Errorf("%q: got %q, want %q", c.text, strings.Join(got, " "), c.want)
		}
	}
}

// TestMiddleOfAJourney: "the middle of" a drive, a trip or a commute is
// its midpoint; the middle of anything else is no fraction.
func TestMiddleOfAJourney(t *testing.T) {
	for _, c := range []struct{ q, want string }{
		{"a bakery in the middle of our commute", "1 bakery; 1/2"},
		{"stop dead in the middle of that ride for fuel", "1/2"},
		{"floats in the middle of the Atlantic", ""},
		{"the middle of March", ""},
	} {
		if got := quantities(understand.Read(c.q, understand.Options{Now: refDay})); got != c.want {
			t.Errorf("%q: got %q, want %q", c.q, got, c.want)
		}
	}
}

// TestNumberRestatedInBrackets: a number in words written again in
// digits in brackets is one quantity, with the unit after the brackets.
func TestNumberRestatedInBrackets(t *testing.T) {
	for _, c := range []struct {
		q    string
		v    float64
		unit string
	}{
		{"we may walk twelve (12) km on the day", 12, "km"},
		{"no further than 25 (twenty-five) miles", 25, "mi"},
	} {
		r := understand.Read(c.q, understand.Options{})
		if len(r.Quantities) != 1 || r.Quantities[0].Value != c.v || r.Quantities[0].Unit != c.unit {
			t.Errorf("%q: %+v, want one %v %s", c.q, r.Quantities, c.v, c.unit)
		}
	}
}
