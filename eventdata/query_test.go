package eventdata_test

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/cairn-agents/cairn/eventdata"
	"github.com/cairn-agents/cairn/understand"
)

var (
	berlin  = understand.Place{ID: "geonames:2950159", Name: "Berlin", Kind: understand.KindCity, Region: "State of Berlin", Country: "Germany", CountryCode: "DE", Lat: 52.52, Lng: 13.41, HasPoint: true}
	potsdam = understand.Place{ID: "geonames:2852458", Name: "Potsdam", Kind: understand.KindCity, Region: "Brandenburg", Country: "Germany", CountryCode: "DE", Lat: 52.40, Lng: 13.07, HasPoint: true}
	bavaria = understand.Place{ID: "admin1:DE.02", Name: "Bavaria", Kind: understand.KindRegion, Region: "Bavaria", Country: "Germany", CountryCode: "DE"}
	germany = understand.Place{ID: "country:DE", Name: "Germany", Kind: understand.KindCountry, Country: "Germany", CountryCode: "DE"}
)

func TestMatchPlace(t *testing.T) {
	inBerlin := eventdata.Record{Title: "JSConf", City: "Berlin", Country: "Germany", Place: &berlin}
	berlinByName := eventdata.Record{Title: "x", City: "berlin", Country: "Germany"} // unresolved, written otherwise
	inPotsdam := eventdata.Record{Title: "y", City: "Potsdam", CountryCode: "DE", Place: &potsdam}
	national := eventdata.Record{Title: "Neujahrstag", CountryCode: "DE", Country: "Germany"}
	bavarian := eventdata.Record{Title: "Fronleichnam", CountryCode: "DE", Region: "Bavaria"}
	online := eventdata.Record{Title: "webinar", Online: true}
	paris := eventdata.Record{Title: "z", City: "Paris", CountryCode: "FR"}
	cases := []struct {
		place  *understand.Place
		radius float64
		r      eventdata.Record
		want   bool
	}{
		{nil, 0, online, true},
		{&berlin, 0, inBerlin, true},
		{&berlin, 0, berlinByName, true},
		{&berlin, 0, inPotsdam, false},
		{&berlin, 30, inPotsdam, true}, // 26 km away
		{&berlin, 10, inPotsdam, false},
		{&berlin, 0, national, true},
		{&berlin, 0, bavarian, false},
		{&berlin, 0, online, false},
		{&berlin, 0, paris, false},
		{&germany, 0, inBerlin, true},
		{&germany, 0, bavarian, true},
		{&germany, 0, paris, false},
		{&bavaria, 0, bavarian, true},
		{&bavaria, 0, inBerlin, false},
		{&bavaria, 0, national, true},
	}
	for _, c := range cases {
		q := eventdata.Query{Place: c.place, Radius: c.radius}
		if got := q.MatchPlace(c.r); got != c.want {
			name := "anywhere"
			if c.place != nil {
				name = c.place.Name
			}
			t.Errorf("%q (city %q region %q) in %s within %g km = %v, want %v", c.r.Title, c.r.City, c.r.Region, name, c.radius, got, c.want)
		}
	}
}

func TestMatchDatesAtTheEdges(t *testing.T) {
	berlinTZ, err := time.LoadLocation("Europe/Berlin")
	if err != nil {
		t.Fatal(err)
	}
	// March 2026 in Berlin: [Mar 1 00:00 CET, Apr 1 00:00 CEST).
	q := eventdata.Query{From: time.Date(2026, 3, 1, 0, 0, 0, 0, berlinTZ), To: time.Date(2026, 4, 1, 0, 0, 0, 0, berlinTZ)}
	if f, l := q.Days(); f != "2026-03-01" || l != "2026-03-31" {
		t.Errorf("days of March = %s..%s", f, l)
	}
	cases := []struct {
		start, end string
		want       bool
	}{
		{"2026-03-01", "2026-03-01", true},  // first day
		{"2026-03-31", "2026-03-31", true},  // last day
		{"2026-04-01", "2026-04-02", false}, // the day after
		{"2026-02-27", "2026-03-01", true},  // ends on the first day
		{"2026-02-27", "2026-02-28", false},
		{"2026-02-01", "2026-05-01", true}, // spans the frame
		{"2026-03-10", "", true},           // no end: one day
		{"", "", false},                    // no dates, bounded frame
	}
	for _, c := range cases {
		if got := q.MatchDates(eventdata.Record{Start: c.start, End: c.end}); got != c.want {
			t.Errorf("%s..%s in March 2026 = %v, want %v", c.start, c.end, got, c.want)
		}
	}
	if !(eventdata.Query{}).MatchDates(eventdata.Record{}) {
		t.Error("an undated record does not match an open frame")
	}
	open := eventdata.Query{From: q.From}
	if !open.MatchDates(eventdata.Record{Start: "2030-01-01"}) || open.MatchDates(eventdata.Record{Start: "2026-02-28"}) {
		t.Error("open-ended frame")
	}
}

func TestOnlineFilter(t *testing.T) {
	onlineOnly := eventdata.Record{Online: true}
	hybrid := eventdata.Record{Online: true, City: "Geneva", Country: "Switzerland"}
	inPerson := eventdata.Record{City: "Geneva", Country: "Switzerland"}
	for _, c := range []struct {
		o    eventdata.Online
		r    eventdata.Record
		want bool
	}{
		{eventdata.OnlineOnly, onlineOnly, true}, {eventdata.OnlineOnly, hybrid, true}, {eventdata.OnlineOnly, inPerson, false},
		{eventdata.OnlineExclude, onlineOnly, false}, {eventdata.OnlineExclude, hybrid, true}, {eventdata.OnlineExclude, inPerson, true},
		{eventdata.OnlineAny, onlineOnly, true},
	} {
		if got := (eventdata.Query{Online: c.o}).MatchOnline(c.r); got != c.want {
			t.Errorf("online %q on %+v = %v", c.o, c.r, got)
		}
	}
}

func TestQueryValidate(t *testing.T) {
	now := time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC)
	for _, c := range []struct {
		q    eventdata.Query
		want string
	}{
		{eventdata.Query{Limit: -1}, "limit -1"},
		{eventdata.Query{Limit: eventdata.MaxLimit + 1}, "limit 1001"},
		{eventdata.Query{Radius: -5}, "radius -5"},
		{eventdata.Query{From: now, To: now}, "ends"},
		{eventdata.Query{Text: strings.Repeat("x", eventdata.MaxQueryText+1)}, "4097 bytes"},
		{eventdata.Query{Online: "maybe"}, `online filter "maybe"`},
	} {
		err := c.q.Validate()
		if !errors.Is(err, eventdata.ErrBadQuery) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Validate(%+v) = %v, want ErrBadQuery naming %q", c.q, err, c.want)
		}
	}
	if err := (eventdata.Query{}).Validate(); err != nil {
		t.Errorf("zero query: %v", err)
	}
}

func TestRecordKeyAndValidate(t *testing.T) {
	a := eventdata.Record{Title: "JSNation", Start: "2026-06-11", End: "2026-06-12", City: "Amsterdam", Country: "Netherlands"}
	b := a
	b.Title, b.City, b.URL = "  jsnation ", "AMSTERDAM", "https://other.example/"
	a.SetKey()
	b.SetKey()
	if a.Key == "" || a.Key != b.Key {
		t.Errorf("same event, keys %q and %q", a.Key, b.Key)
	}
	c := a
	c.Start = "2026-06-10"
	c.SetKey()
	if c.Key == a.Key {
		t.Error("another day, same key")
	}
	for _, c := range []struct {
		r    eventdata.Record
		want string
	}{
		{eventdata.Record{Title: ""}, "no title"},
		{eventdata.Record{Title: "x", Start: "11/06/2026"}, "not a date"},
		{eventdata.Record{Title: "x", Start: "2026-06-11", End: "bad"}, `end "bad"`},
		{eventdata.Record{Title: "x", Start: "2026-06-11", End: "2026-06-10"}, "ends (2026-06-10) before"},
		{eventdata.Record{Title: "x", End: "2026-06-10"}, "no start"},
	} {
		if err := c.r.Validate(); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Validate(%+v) = %v, want %q", c.r, err, c.want)
		}
	}
	if got := eventdata.Snippet(strings.Repeat("é", eventdata.MaxSnippet)); len(got) > eventdata.MaxSnippet+len("…") || !strings.HasSuffix(got, "…") {
		t.Errorf("snippet of %d bytes", len(got))
	}
}
