package understand_test

import (
	"testing"

	"github.com/cairn-agents/cairn/understand"
)

// TestYearWrittenBeforeYear: a year written before the word "year", as
// a learner writes "the year 2010" ("in 2010 year", "for 2019 year"), is
// that year, not a count of years ahead; no count of units ahead or back
// reads a frame past 2200 or before 1800.
func TestYearWrittenBeforeYear(t *testing.T) {
	for _, c := range []struct{ q, want string }{
		{"plot the float's track in 2015 year", "2015 year 2015-01-01..2016-01-01"},
		{"what was the mean salinity for 2019 year?", "2019 year 2019-01-01..2020-01-01"},
		{"compare 2012 year and 2014 year", "2012 year 2012-01-01..2013-01-01; 2014 year 2014-01-01..2015-01-01"},
		{"during 2008 year the float drifted north", "2008 year 2008-01-01..2009-01-01"},
		// counts too far to be a frame
		{"in 3000 years the sea will be warmer", ""},
		{"800 years from now", ""},
		{"over the next 1500 years", ""},
		// controls
		{"in 5 years", "in 5 years 2031-11-23..2031-11-24"},
		{"in the year 2010", "2010 2010-01-01..2011-01-01"},
	} {
		r := understand.Read(c.q, understand.Options{Now: refDay})
		if g := framesText(c.q, r); g != c.want {
			t.Errorf("%q\n got %q\nwant %q", c.q, g, c.want)
		}
	}
}

// TestCommonWordsNoPlaces: a short form of a weekday or a month ("fri",
// "Sat", "sept") is no town however written, unless a region qualifies
// it; an everyday verb or noun ("run", "change", "rest") is no town with
// no cue, and in lower case in a text with capitals not even after one
// ("back to change"); a common word with a possessive's "'s" is the word
// ("how long's the drive"); a name before "says", "reckons" ("Google
// says") is a speaker. Lower-case towns stay towns.
func TestCommonWordsNoPlaces(t *testing.T) {
	g := gazetteer(t)
	for _, c := range []struct{ q, want string }{
		{"sat we drive smyrna to dover, sun we rest", "Smyrna from; Dover to"},
		{"mon to wed in porto, then braga", "Porto in; Braga"},
		{"we'll go back to change before dinner in Lewes", "Lewes in"},
		{"After the match everyone heads back to change, then Ghent for drinks", "Gent"},
		{"the smyrna to milford run, how long's that drive", "Smyrna from; Milford to"},
		{"a long run lewes to milton", "Lewes from; Milton to"},
		{"From Dover to Lewes, Waze reckons about 50 minutes", "Dover from; Lewes to"},
		// controls: lower-case towns
		{"home by aug, dover first", "Dover"},
		{"drive from dover to lewes on fri", "Dover from; Lewes to"},
		{"trip to nyc in may", "New York City to"},
		{"staying in vienna, then salzburg", "Vienna home; Salzburg"},
	} {
		r := understand.Read(c.q, understand.Options{Gazetteer: g, Now: refDay})
		if s := retractedText(r.Mentions); s != c.want {
			t.Errorf("%q: %q, want %q", c.q, s, c.want)
		}
	}
}
