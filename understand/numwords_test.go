package understand_test

import (
	"testing"

	"github.com/cairn-agents/cairn/understand"
)

func TestNumerals(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"at three thousand five hundred meters", "at 3500 meters"},
		{"the winter of nineteen ninety-eight", "the winter of 1998"},
		{"back in two thousand and five", "back in 2005"},
		{"during twenty twenty one", "during 2021"},
		{"around twenty oh nine", "around 2009"},
		{"in twenty ten", "in 2010"},
		{"twenty-one stops and forty two cafes", "21 stops and 42 cafes"},
		{"a dozen towns, two dozen cafes", "12 towns, 24 cafes"},
		{"one and a half km, then half a mile", "1.5 km, then 0.5 mile"},
		{"2 and a half hours", "2.5 hours"},
		{"3 thousand metres down, 1.5 thousand m", "3000 metres down, 1500 m"},
		{"one km", "1 km"},
		{"eleven floats, nineteen profiles", "11 floats, 19 profiles"},
		// digits spoken one by one, as a code is read aloud
		{"platform three nine oh one four five six", "platform 3901456"},
		{"WMO two nine zero one seven eight zero please", "WMO 2901780 please"},
		{"id four nine double oh one, cycle twelve", "id 49001, cycle 12"},
		{"code one two three", "code 123"},
		{"two three floats, five nine", "2 3 floats, 5 9"}, // two digits are two numbers
		// left as written
		{"which one is the first float, and is half the data good?", "which one is the first float, and is half the data good?"},
		{"a couple of stops, both routes, a single town", "a couple of stops, both routes, a single town"},
		{"one of the floats, twenty one", "one of the floats, 21"},
		{"no numbers here", "no numbers here"},
	} {
		if got := understand.Numerals(c.in); got != c.want {
			t.Errorf("Numerals(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// Read finds spelled years and numbers as the values Numerals writes,
// and reads a spelled year as a time once written as digits.
func TestSpelledNumbersRead(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"in twenty ten", "2010"},
		{"two thousand and five stops", "2005 stop"},
		{"nineteen ninety-eight routes", "1998 route"},
		{"at two thousand metres", "2000m"},
	} {
		if got := quantities(understand.Read(c.in, understand.Options{Now: refDay})); got != c.want {
			t.Errorf("%q: quantities %q, want %q", c.in, got, c.want)
		}
	}
	r := understand.Read(understand.Numerals("the mean temperature in twenty ten"), understand.Options{Now: refDay, Tense: understand.Past})
	if len(r.Times) != 1 || r.Times[0].From.Year() != 2010 || r.Times[0].To.Year() != 2011 {
		t.Errorf("times %+v, want the year 2010", r.Times)
	}
}
