package events

import (
	"context"
	"strings"
	"testing"

	"github.com/cairn-agents/cairn/eventdata"
	"github.com/cairn-agents/cairn/eventdata/holidays"
	"github.com/cairn-agents/cairn/understand"
)

// TestSharedConferences runs requests end to end on the shared tech
// conferences (2,050 rows, 2024-2027) added through the index's add
// path, with the holidays: every published event is in the place and
// time frame, still to come or ongoing on --today, backed by a source
// record that exists, and no two are one.
func TestSharedConferences(t *testing.T) {
	a := sharedApp(t, Options{})
	x := sharedIndex(t)
	for _, c := range []struct {
		request, today string
		country, city  string
		ongoing        bool
	}{
		{"tech conferences in Berlin in 2026", "2026-01-15", "Germany", "Berlin", false},
		{"developer conferences in Germany in March 2026", "2026-02-20", "Germany", "", false},
		{"conferences and summits in London between May and July 2026", "2026-01-15", "United Kingdom", "London", false},
		{"tech conferences in Berlin in June 2026", "2026-06-09", "Germany", "Berlin", true},
		{"photo-worthy events in Berlin in March 2026", "2026-01-15", "Germany", "Berlin", false},
	} {
		t.Run(c.request, func(t *testing.T) {
			r, err := a.Search(context.Background(), Request{Text: c.request, Today: c.today})
			if err != nil {
				t.Fatal(err)
			}
			if len(r.Events) == 0 || r.GateDecision == Reject {
				t.Fatalf("%s with %d events: %q", r.GateDecision, len(r.Events), r.Notes)
			}
			if r.Iterations.Workflow > 1 && !strings.Contains(strings.Join(r.Notes, "\n"), "refined") {
				t.Errorf("a refined profile not said in the notes: %q", r.Notes)
			}
			q := query(r.Profile, 1)
			ongoing := 0
			for i, e := range r.Events {
				where := eventdata.Record{City: e.City, Country: e.Country, Start: e.Start, End: e.End}
				if e.City == r.Profile.Place.Region {
					where.City, where.Region = "", e.City // a regional holiday
				}
				if e.Country != c.country || (c.city != "" && e.City != c.city && e.City != "" && e.City != r.Profile.Place.Region && r.Profile.RadiusKm == 0) {
					t.Errorf("%s is in %s, %s; asked for %s, %s", e.Title, e.City, e.Country, c.city, c.country)
				}
				if !q.MatchDates(where) {
					t.Errorf("%s (%s..%s) is outside %s..%s", e.Title, e.Start, e.End, r.Profile.TimeFrame.From, r.Profile.TimeFrame.To)
				}
				tp := temporality(e.Start, e.End, c.today)
				if tp != e.Temporality || (tp != Future && tp != Ongoing) {
					t.Errorf("%s (%s..%s) is %s on %s, labelled %s", e.Title, e.Start, e.End, tp, c.today, e.Temporality)
				}
				if tp == Ongoing {
					ongoing++
				}
				if len(e.Evidence) == 0 || !realRecord(t, x, e, r.Profile.Place.CountryCode) {
					t.Errorf("%s: evidence %+v points at no source record", e.Title, e.Evidence)
				}
				for _, o := range r.Events[:i] {
					if duplicate(o, e, 0.85) || (o.Title == e.Title && o.Start == e.Start) {
						t.Errorf("duplicates: %q and %q", o.Title, e.Title)
					}
				}
			}
			if c.ongoing && ongoing == 0 {
				t.Errorf("no ongoing event on %s", c.today)
			}
			t.Logf("%s: %s after %d cycles, %d events, first %q (%d)", c.request, r.GateDecision, r.Iterations.Workflow, len(r.Events), r.Events[0].Title, r.Events[0].Score)
		})
	}
}

// realRecord says whether e's first evidence is a record its source
// holds: an index record listed in the file and line named, or a holiday
// the calendars compute for that day.
func realRecord(t *testing.T, x interface{ Records() []eventdata.Record }, e Event, code string) bool {
	ev := e.Evidence[0]
	switch {
	case strings.HasPrefix(ev.Source, "index "):
		loc := strings.TrimPrefix(ev.Source, "index ")
		for _, r := range x.Records() {
			if r.Title == e.Title && r.Start == e.Start && strings.HasPrefix(loc, r.Source.Origin+":") && ev.URL == r.URL {
				return true
			}
		}
	case strings.HasPrefix(ev.Source, "holidays "):
		de := understand.Place{Name: e.Country, Kind: understand.KindCountry, Country: e.Country, CountryCode: code}
		d, _ := day(e.Start)
		res, err := holidays.New(holidays.Options{}).Search(context.Background(), eventdata.Query{Place: &de, From: d, To: d.AddDate(0, 0, 1), Limit: 50})
		if err != nil {
			t.Fatal(err)
		}
		for _, h := range res.Hits {
			if h.Title == e.Title {
				return true
			}
		}
	}
	return false
}
