package events

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/cairn-agents/cairn/eventdata"
	"github.com/cairn-agents/cairn/understand"
)

func TestPromptsRender(t *testing.T) {
	p, err := renderSystemPrompts()
	if err != nil {
		t.Fatal(err)
	}
	for _, in := range interests {
		if !strings.Contains(p.editor, in.label) {
			t.Errorf("editor prompt lacks interest %q", in.label)
		}
	}
	for _, s := range []string{p.researcher, p.verifier, p.publisher} {
		if len(s) < 100 {
			t.Errorf("short prompt %q", s)
		}
	}
	if !strings.Contains(p.verifier, "ONGOING") || !strings.Contains(p.publisher, "REJECT") {
		t.Error("verifier or publisher prompt lacks its enum")
	}
	prof := Profile{Location: "Berlin, Germany", RadiusKm: 100, Interests: []string{"festival", "music"}, TimeFrame: TimeFrame{From: "2026-03-01", To: "2026-03-31"}}
	user, err := prompts.Render("researcher_user", researcherUser{prof, "2026-01-15", 50, 2, []string{"Old Fair: past"}})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"Location: Berlin, Germany (within 100 km)", "Time frame: 2026-03-01..2026-03-31", "Interests: festival, music", "at most 50 leads (pass 2)", "- Old Fair: past"} {
		if !strings.Contains(user, want) {
			t.Errorf("researcher request lacks %q:\n%s", want, user)
		}
	}
	user, err = prompts.Render("verifier_user", verifierUser{"2026-01-15", []Lead{{ID: "k1", Title: "Fest", Start: "2026-03-01", End: "2026-03-02", City: "Berlin", Country: "Germany"}, {ID: "k2", Title: "Vague"}}})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(user, "- lead_id k1: Fest; days 2026-03-01..2026-03-02; place Berlin, Germany") || !strings.Contains(user, "- lead_id k2: Vague; days none") {
		t.Errorf("verifier request:\n%s", user)
	}
	for _, name := range []string{"editor_user", "publisher_user"} {
		var data any
		if name == "editor_user" {
			data = editorUser{"events in Berlin", "2026-01-15", "too few", prof, 2}
		} else {
			data = publisherUser{prof, []Event{{Title: "Fest", Score: 80}}, 15, 1, 3, GateChoice{Decision: Retry, Feedback: "too few"}}
		}
		out, err := prompts.Render(name, data)
		if err != nil || !strings.Contains(out, "too few") {
			t.Errorf("%s: %v\n%s", name, err, out)
		}
	}
}

// TestTemporality: the Verifier's boundaries against the reference day.
func TestTemporality(t *testing.T) {
	today := "2026-03-10"
	for _, c := range []struct {
		start, end string
		want       Temporality
	}{
		{"2026-03-10", "2026-03-10", Ongoing}, // an event today
		{"2026-03-10", "", Ongoing},           // today, no end given
		{"2026-03-08", "2026-03-10", Ongoing}, // ending today
		{"2026-03-01", "2026-03-20", Ongoing}, // multi-day, spanning today
		{"2026-03-11", "2026-03-12", Future},  // starts tomorrow
		{"2026-03-09", "2026-03-09", Past},    // yesterday
		{"2026-03-01", "2026-03-09", Past},    // ended yesterday
		{"", "", Unclear},
		{"March", "", Unclear},
	} {
		if got := temporality(c.start, c.end, today); got != c.want {
			t.Errorf("%s..%s against %s: %s, want %s", c.start, c.end, today, got, c.want)
		}
	}
	v := classify(Lead{ID: "a", Title: "Fest", Start: "2026-03-10", City: "Berlin"}, today)
	if !v.ShouldKeep || !v.HasDate || !v.HasLocation || v.Temporality != Ongoing {
		t.Errorf("event today: %+v", v)
	}
	if v := classify(Lead{ID: "b", Title: "Fest", Start: "2026-04-10"}, today); v.ShouldKeep || v.HasLocation || !strings.Contains(v.Reason, "no place") {
		t.Errorf("unplaced: %+v", v)
	}
	if v := classify(Lead{ID: "c", Title: "Fest", City: "Berlin"}, today); v.ShouldKeep || v.Temporality != Unclear {
		t.Errorf("undated: %+v", v)
	}
	if v := classify(Lead{ID: "d", Title: "Fest", Start: "2026-03-01", End: "2026-03-09", City: "Berlin"}, today); v.ShouldKeep || !strings.Contains(v.Reason, "ended 2026-03-09") {
		t.Errorf("past: %+v", v)
	}
}

// TestParseDayTimeZones: a day is the day where the time was written.
func TestParseDayTimeZones(t *testing.T) {
	ny, err := time.LoadLocation("America/New_York")
	if err != nil {
		t.Skip("no time zone data:", err)
	}
	for _, c := range []struct {
		in   string
		loc  *time.Location
		want string
	}{
		{"2026-03-14", time.UTC, "2026-03-14"},
		{"2026-03-14T23:30:00-08:00", time.UTC, "2026-03-14"}, // 07:30 UTC on the 15th: still the 14th in its zone
		{"2026-03-15T01:00:00+09:00", time.UTC, "2026-03-15"}, // the 14th in UTC
		{"2026-03-14T23:30:00Z", ny, "2026-03-14"},
		{"2026-03-14 23:30", ny, "2026-03-14"},
		{"20260314", time.UTC, "2026-03-14"},
	} {
		got, err := ParseDay(c.in, c.loc)
		if err != nil || got != c.want {
			t.Errorf("ParseDay(%q, %s) = %q, %v; want %q", c.in, c.loc, got, err, c.want)
		}
	}
	for _, bad := range []string{"", "next week", "2026-13-01", "14/03/2026"} {
		if _, err := ParseDay(bad, time.UTC); err == nil {
			t.Errorf("ParseDay(%q) read a day", bad)
		}
	}
	// A model's lead dated with a zone keeps its own day.
	if l := leadFromModel(ModelLead{Title: "Night Parade", Start: "2026-03-14T23:30:00-08:00", City: "Berlin"}); l.Start != "2026-03-14" || !l.HasTime {
		t.Errorf("lead %+v", l)
	}
}

func TestSimilarityAndDedup(t *testing.T) {
	if s := similarity("JSConf EU 2026", "JSConf EU 2026"); s < 0.999 {
		t.Errorf("same: %g", s)
	}
	if s := similarity("Berlin Festival of Lights", "Festival of Lights, Berlin"); s < 0.85 {
		t.Errorf("reordered: %g", s)
	}
	if s := similarity("Karneval der Kulturen", "JSConf EU"); s > 0.2 {
		t.Errorf("unrelated: %g", s)
	}
	if s := similarity("React Summit", "React Advanced"); s >= 0.85 {
		t.Errorf("different events of one topic: %g", s)
	}
	ev := func(title, start, end string, evidence int) candidate {
		c := candidate{event: Event{Title: title, Start: start, End: end, City: "Berlin"}}
		for i := range evidence {
			r := eventdata.Record{Key: fmt.Sprintf("%s-%d", title, i), Title: title, Start: start}
			c.records = append(c.records, r)
			c.event.Evidence = append(c.event.Evidence, Evidence{Source: r.Key})
		}
		return c
	}
	got, dups := dedup([]candidate{
		ev("Festival of Lights Berlin", "2026-10-09", "2026-10-18", 1),
		ev("Berlin Festival of Lights", "2026-10-09", "2026-10-18", 3), // best evidenced copy
		ev("Festival of Lights Berlin", "2027-10-08", "2027-10-17", 1), // next year's: not a duplicate
		ev("Karneval der Kulturen", "2026-05-22", "2026-05-25", 1),
	}, 0.85)
	if dups != 1 || len(got) != 3 {
		t.Fatalf("%d duplicates, kept %d", dups, len(got))
	}
	if got[0].event.Title != "Berlin Festival of Lights" || len(got[0].event.Evidence) != 4 {
		t.Errorf("kept %q with %d evidence, want the best-evidenced copy with the other's evidence", got[0].event.Title, len(got[0].event.Evidence))
	}
}

func TestPhotoScore(t *testing.T) {
	parade := eventdata.Record{Title: "Karneval der Kulturen street parade", Kind: eventdata.KindEvent, Start: "2026-05-22", End: "2026-05-25", City: "Berlin", URL: "https://x"}
	talk := eventdata.Record{Title: "Quarterly Accounting Meetup", Kind: eventdata.KindEvent, Start: "2026-05-22", End: "2026-05-22", City: "Berlin"}
	online := eventdata.Record{Title: "Remote Festival", Kind: eventdata.KindEvent, Start: "2026-05-22", Online: true}
	ps, pr := photoScore(parade, 2, []string{"parade"})
	ts, _ := photoScore(talk, 1, []string{"parade"})
	os, or := photoScore(online, 1, nil)
	if ps < 80 || ts >= 60 || os >= 60 {
		t.Errorf("parade %d, meetup %d, online %d", ps, ts, os)
	}
	for _, want := range []string{"outdoor", "visual spectacle", "public access", "4 days", "matches your interest \"parade\""} {
		if !slices.ContainsFunc(pr, func(r string) bool { return strings.Contains(r, want) }) {
			t.Errorf("parade reasons lack %q: %q", want, pr)
		}
	}
	if !slices.ContainsFunc(or, func(r string) bool { return strings.Contains(r, "online only") }) {
		t.Errorf("online reasons %q", or)
	}
	hol := eventdata.Record{Title: "Tag der Deutschen Einheit", Kind: eventdata.KindHoliday, Start: "2026-10-03", CountryCode: "DE"}
	if s, r := photoScore(hol, 1, nil); s < 60 || !strings.Contains(r[0], "public holiday") {
		t.Errorf("holiday %d %q", s, r)
	}
	for _, r := range []eventdata.Record{parade, talk, online, hol} {
		if s, _ := photoScore(r, 9, defaultInterests); s < 0 || s > 100 {
			t.Errorf("%s: %d outside 0..100", r.Title, s)
		}
	}
}

func TestEditorReadsRequests(t *testing.T) {
	a := memApp(t, nil, Options{})
	read := func(text string, given *Profile) (Profile, string, []string) {
		p, why, notes, _ := a.readProfile(State{UserInput: text, Today: "2026-01-15", Given: given})
		return p, why, notes
	}
	p, why, _ := read("photo-worthy jazz concerts and street parades in Berlin in March 2026", nil)
	if why != "" || p.Place == nil || p.Place.Name != "Berlin" || p.Place.CountryCode != "DE" || p.TimeFrame != (TimeFrame{From: "2026-03-01", To: "2026-03-31"}) {
		t.Fatalf("profile %+v, reject %q", p, why)
	}
	if !slices.Contains(p.Interests, "music") || !slices.Contains(p.Interests, "parade") || len(p.SearchKeywords) == 0 || !strings.Contains(p.ResearcherGuidance, "Berlin") {
		t.Errorf("interests %q keywords %q guidance %q", p.Interests, p.SearchKeywords, p.ResearcherGuidance)
	}
	p, _, _ = read("festivals near Munich next month", nil)
	if p.Place == nil || p.Place.Name != "Munich" || p.RadiusKm != 50 || p.TimeFrame.From != "2026-02-01" || p.TimeFrame.To != "2026-02-28" {
		t.Errorf("near: %+v", p)
	}
	if _, why, _ := read("events in Xyzzyville next month", nil); !strings.Contains(why, `"Xyzzyville" is not one the gazetteer knows`) {
		t.Errorf("unknown place: %q", why)
	}
	if _, why, _ := read("festivals in Berlin in March 2020", nil); !strings.Contains(why, "is over before today (2026-01-15)") {
		t.Errorf("past frame: %q", why)
	}
	p, why, notes := read("festivals in Berlin this year", nil)
	if why != "" || p.TimeFrame.From != "2026-01-15" || !slices.ContainsFunc(notes, func(n string) bool { return strings.Contains(n, "before today") }) {
		t.Errorf("partly past frame: %+v %q", p.TimeFrame, notes)
	}
	p, _, notes = read("what is on in Paris", nil)
	if p.TimeFrame != (TimeFrame{From: "2026-01-15", To: "2026-04-14"}) || !slices.Equal(p.Interests, defaultInterests) || len(notes) != 2 {
		t.Errorf("defaults: %+v %q", p, notes)
	}
	given := &Profile{Location: "Lyon", Interests: []string{"festivals", "street food"}, TimeFrame: TimeFrame{Text: "next summer"}}
	p, why, _ = read("", given)
	if why != "" || p.Place == nil || p.Place.CountryCode != "FR" || p.TimeFrame != (TimeFrame{From: "2026-06-01", To: "2026-08-31"}) ||
		!slices.Contains(p.Interests, "festival") || !slices.Contains(p.Interests, "street food") {
		t.Errorf("structured profile: %+v %q", p, why)
	}
	given = &Profile{Location: "Lyon", TimeFrame: TimeFrame{From: "2026-05-01", To: "2026-05-10"}}
	if p, _, _ = read("", given); p.TimeFrame != (TimeFrame{From: "2026-05-01", To: "2026-05-10"}) {
		t.Errorf("structured days: %+v", p.TimeFrame)
	}
}

func TestEditorRefines(t *testing.T) {
	berlin := understand.Place{Name: "Berlin", Kind: understand.KindCity, HasPoint: true, CountryCode: "DE"}
	p := Profile{Place: &berlin, Interests: []string{"festival", "music"}, TimeFrame: TimeFrame{From: "2026-03-01", To: "2026-03-31"}}
	p.SearchKeywords = keywordsFor(p.Interests, false)
	r1, c1 := refine(p, 1, "2026-02-10")
	if r1.RadiusKm != 100 || r1.TimeFrame != p.TimeFrame || slices.Equal(r1.SearchKeywords, p.SearchKeywords) || !strings.Contains(strings.Join(c1, ";"), "nearby cities within 100 km of Berlin") {
		t.Errorf("retry 1: %+v %q", r1, c1)
	}
	r2, c2 := refine(r1, 2, "2026-02-10")
	if r2.TimeFrame != (TimeFrame{From: "2026-02-10", To: "2026-04-30"}) || r2.RadiusKm != 200 || !strings.Contains(strings.Join(c2, ";"), "wider time frame") {
		t.Errorf("retry 2: %+v %q", r2, c2)
	}
	country := understand.Place{Name: "Germany", Kind: understand.KindCountry, CountryCode: "DE"}
	p.Place = &country
	if r, c := refine(p, 1, "2026-02-10"); r.RadiusKm != 0 || r.TimeFrame.To != "2026-04-30" || !strings.Contains(c[0], "wider time frame") {
		t.Errorf("country, retry 1: %+v %q", r, c)
	}
}

// TestFactCheckerGathers: evidence for each lead, parallel batches, the
// run's cache, failures reported and the rest kept.
func TestFactCheckerGathers(t *testing.T) {
	recs := []eventdata.Record{
		rec(t, "Berlin Jazz Festival", "2026-03-05", "2026-03-08", eventdata.KindEvent),
		rec(t, "Jazz Festival Berlin", "2026-03-05", "2026-03-08", eventdata.KindEvent), // a second listing
		rec(t, "Spring Market", "2026-03-20", "2026-03-20", eventdata.KindEvent),
	}
	slow := &slowSearcher{inner: &memSource{name: "test", recs: recs}, delay: 20 * time.Millisecond}
	a := memApp(t, recs, Options{Searcher: slow})
	p := Profile{Place: recs[0].Place, TimeFrame: TimeFrame{From: "2026-03-01", To: "2026-03-31"}}
	var leads []Lead
	for _, r := range recs {
		l := leadFromRecord(r)
		l.Query = searchText(l)
		leads = append(leads, l)
	}
	leads = append(leads, Lead{ID: "model:x", Title: "Invented Gala", Start: "2026-03-10", City: "Berlin", Origin: "model"})
	ctx, rn := context.Background(), &runCache{}
	var m AgentMetrics
	found, failures, err := a.gather(ctx, rn, p, leads, 5, &m)
	if err != nil || len(failures) != 0 {
		t.Fatal(err, failures)
	}
	if len(found[0].Records) != 2 || found[0].Records[1].Title != "Jazz Festival Berlin" {
		t.Errorf("jazz evidence: %+v", found[0].Records)
	}
	if len(found[2].Records) != 1 || len(found[3].Records) != 0 {
		t.Errorf("market %d, invented %d evidence records", len(found[2].Records), len(found[3].Records))
	}
	if m.Counts["searches"] != 4 || m.Counts["batches"] != 1 || slow.max.Load() < 2 {
		t.Errorf("metrics %+v, %d at once", m.Counts, slow.max.Load())
	}
	if _, _, err := a.gather(ctx, rn, p, leads, 5, &m); err != nil || m.Counts["cache_hits"] != 4 || m.Counts["searches"] != 4 {
		t.Errorf("second gather: %+v %v", m.Counts, err)
	}
	// A backend that fails: its leads keep their own record, the failure is reported.
	bad := memApp(t, recs, Options{Searcher: &memSource{name: "web", err: &eventdata.RateLimitError{Source: "web", RetryAfter: 30 * time.Second}}})
	found, failures, err = bad.gather(context.Background(), &runCache{}, p, leads, 2, &AgentMetrics{})
	if err != nil || len(failures) != 4 || !strings.Contains(failures[0], "retry after 30s") || len(found[0].Records) != 1 {
		t.Errorf("rate limited: %v %q %+v", err, failures, found[0])
	}
}
