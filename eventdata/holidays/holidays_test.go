package holidays_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/cairn-agents/cairn/eventdata"
	"github.com/cairn-agents/cairn/eventdata/holidays"
	"github.com/cairn-agents/cairn/understand"
)

var (
	berlin  = understand.Place{ID: "geonames:2950159", Name: "Berlin", Kind: understand.KindCity, Region: "State of Berlin", Country: "Germany", CountryCode: "DE", Lat: 52.52, Lng: 13.41, HasPoint: true}
	munich  = understand.Place{ID: "geonames:2867714", Name: "Munich", Kind: understand.KindCity, Region: "Bavaria", Country: "Germany", CountryCode: "DE", Lat: 48.14, Lng: 11.58, HasPoint: true}
	cologne = understand.Place{ID: "geonames:2886242", Name: "Cologne", Kind: understand.KindCity, Region: "North Rhine-Westphalia", Country: "Germany", CountryCode: "DE", Lat: 50.93, Lng: 6.95, HasPoint: true}
	germany = understand.Place{ID: "country:DE", Name: "Germany", Kind: understand.KindCountry, Country: "Germany", CountryCode: "DE"}
)

func month(y int, m time.Month) (time.Time, time.Time) {
	from := time.Date(y, m, 1, 0, 0, 0, 0, time.UTC)
	return from, from.AddDate(0, 1, 0)
}

func search(t *testing.T, q eventdata.Query) eventdata.Result {
	t.Helper()
	res, err := holidays.New(holidays.Options{Now: time.Date(2026, 1, 10, 0, 0, 0, 0, time.UTC)}).Search(context.Background(), q)
	if err != nil {
		t.Fatal(err)
	}
	for _, h := range res.Hits {
		if h.Key == "" || h.Source.Source != holidays.Name || h.Source.Origin == "" || h.Source.Snippet == "" || h.Source.ID == "" {
			t.Errorf("hit without provenance: %+v", h)
		}
		if err := h.Validate(); err != nil {
			t.Error(err)
		}
		if !q.Matches(h.Record) {
			t.Errorf("hit %s %s outside the query's place or frame", h.Title, h.Start)
		}
	}
	return res
}

func titles(res eventdata.Result) map[string]eventdata.Hit {
	out := map[string]eventdata.Hit{}
	for _, h := range res.Hits {
		out[h.Title+" "+h.Start] = h
	}
	return out
}

func TestRegionalHolidaysFollowTheCity(t *testing.T) {
	from, to := month(2026, time.March)
	got := titles(search(t, eventdata.Query{Place: &berlin, From: from, To: to}))
	h, ok := got["Frauentag 2026-03-08"]
	if !ok {
		t.Fatalf("Berlin, March 2026: no Frauentag (a Berlin holiday) in %v", got)
	}
	if h.Region != "State of Berlin" || !strings.Contains(h.Source.Origin, "rickar/cal/v2 de regions BE") {
		t.Errorf("Frauentag: region %q origin %q", h.Region, h.Source.Origin)
	}
	if got := titles(search(t, eventdata.Query{Place: &munich, From: from, To: to})); len(got) != 0 {
		t.Errorf("Munich, March 2026: %v; want no holiday (Frauentag is Berlin's)", got)
	}
}

func TestNationalAndMergedRegional(t *testing.T) {
	from, to := month(2026, time.June)
	got := titles(search(t, eventdata.Query{Place: &germany, From: from, To: to}))
	fr, ok := got["Fronleichnam 2026-06-04"]
	if !ok {
		t.Fatalf("Germany, June 2026: no Fronleichnam in %v", got)
	}
	if fr.Region != "" || !strings.Contains(fr.Description, "Bavaria") || !strings.Contains(fr.Description, "Hesse") {
		t.Errorf("Fronleichnam listed per region, not once with its regions: %+v", fr.Record)
	}
	n := 0
	for k := range got {
		if strings.HasPrefix(k, "Fronleichnam") {
			n++
		}
	}
	if n != 1 {
		t.Errorf("Fronleichnam %d times", n)
	}
	if _, ok := got["Pfingstmontag 2026-05-25"]; ok {
		t.Error("a May holiday in a June frame")
	}
	from, to = month(2026, time.May)
	if _, ok := titles(search(t, eventdata.Query{Place: &munich, From: from, To: to}))["Pfingstmontag 2026-05-25"]; !ok {
		t.Error("Munich, May 2026: no Pfingstmontag (national)")
	}
}

func TestEveryRegionIsNational(t *testing.T) {
	au := understand.Place{Name: "Australia", Kind: understand.KindCountry, Country: "Australia", CountryCode: "AU"}
	from, to := month(2026, time.January)
	for _, h := range search(t, eventdata.Query{Place: &au, From: from, To: to}).Hits {
		if h.Title == "New Year's Day" && !strings.Contains(h.Description, "every region of Australia") {
			t.Errorf("New Year's Day in Australia: %q", h.Description)
		}
	}
}

func TestCarnival(t *testing.T) {
	from, to := month(2026, time.February)
	got := titles(search(t, eventdata.Query{Place: &cologne, From: from, To: to}))
	for _, want := range []string{"Rosenmontag 2026-02-16", "Weiberfastnacht 2026-02-12"} {
		if h, ok := got[want]; !ok {
			t.Errorf("Cologne, February 2026: no %s in %v", want, got)
		} else if h.Kind != eventdata.KindObservance || !strings.Contains(h.Source.Origin, "Easter") {
			t.Errorf("%s: kind %s origin %q", want, h.Kind, h.Source.Origin)
		}
	}
	if _, ok := titles(search(t, eventdata.Query{Place: &berlin, From: from, To: to}))["Rosenmontag 2026-02-16"]; ok {
		t.Error("Rosenmontag in Berlin: it is kept in the Rhineland")
	}
	res := search(t, eventdata.Query{Text: "carnival", From: from, To: to, Limit: 100})
	got = titles(res)
	for _, want := range []string{"Rosenmontag 2026-02-16", "Mardi Gras 2026-02-17", "Basler Fasnacht 2026-02-23"} {
		if _, ok := got[want]; !ok {
			t.Errorf("carnival, February 2026, anywhere: no %s in %v", want, got)
		}
	}
	if h := got["Basler Fasnacht 2026-02-23"]; h.End != "2026-02-25" {
		t.Errorf("Basler Fasnacht ends %s, want 2026-02-25", h.End)
	}
	for _, h := range res.Hits {
		if !strings.Contains(strings.ToLower(h.Title+h.Description), "carnival") {
			t.Errorf("%s matched carnival", h.Title)
		}
	}
}

func TestObservedDayAndDefaultWindow(t *testing.T) {
	us := understand.Place{Name: "United States", Kind: understand.KindCountry, CountryCode: "US", Country: "United States"}
	res := search(t, eventdata.Query{Place: &us, Text: "Independence Day"})
	if len(res.Hits) != 1 {
		t.Fatalf("Independence Day in the year from 2026-01-10: %d hits %+v", len(res.Hits), res.Hits)
	}
	h := res.Hits[0]
	if h.Start != "2026-07-03" || !strings.Contains(h.Description, "observed on 2026-07-03 for 2026-07-04") {
		t.Errorf("Independence Day 2026 (a Saturday): start %s, %q", h.Start, h.Description)
	}
}

func TestNoCalendarNoteAndFilters(t *testing.T) {
	my := understand.Place{Name: "Malaysia", Kind: understand.KindCountry, CountryCode: "MY", Country: "Malaysia"}
	res := search(t, eventdata.Query{Place: &my})
	if len(res.Hits) != 0 || len(res.Notes) != 1 || !strings.Contains(res.Notes[0], "no calendar for Malaysia") {
		t.Errorf("Malaysia: %d hits, notes %q", len(res.Hits), res.Notes)
	}
	if res := search(t, eventdata.Query{Place: &germany, Online: eventdata.OnlineOnly}); len(res.Hits) != 0 {
		t.Errorf("online-only holidays: %d", len(res.Hits))
	}
	from := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	res = search(t, eventdata.Query{Place: &germany, From: from, To: from.AddDate(50, 0, 0), Limit: 1000})
	if len(res.Notes) == 0 || !strings.Contains(res.Notes[0], "clipped to 10 years") {
		t.Errorf("50-year frame: notes %q", res.Notes)
	}
	if last := res.Hits[len(res.Hits)-1]; last.Start > "2035-12-31" {
		t.Errorf("clipped frame reaches %s", last.Start)
	}
	if _, err := holidays.New(holidays.Options{}).Search(context.Background(), eventdata.Query{Limit: -1}); err == nil {
		t.Error("limit -1: no error")
	}
}
