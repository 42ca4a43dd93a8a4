package eventfile_test

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cairn-agents/cairn/eventdata/eventfile"
	"github.com/cairn-agents/cairn/internal/input"
)

func write(t *testing.T, name, body string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestConferenceJSON(t *testing.T) {
	p := write(t, "javascript.json", `[
  {
    "name": "JSNation",
    "url": "https://jsnation.com",
    "startDate": "2026-06-11",
    "endDate": "2026-06-12",
    "city": "Amsterdam",
    "country": "Netherlands",
    "online": false,
    "cfpUrl": "https://example.org/cfp"
  },
  {
    "name": "Broken",
    "startDate": "next week"
  },
  {
    "name": "Online Day",
    "url": "https://online.example",
    "startDate": "2026-01-29",
    "endDate": "2026-01-29",
    "online": true
  }
]`)
	f, err := eventfile.Read(p, 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Records) != 2 || len(f.Problems) != 1 {
		t.Fatalf("records %d problems %v", len(f.Records), f.Problems)
	}
	if pr := f.Problems[0]; pr.Line != 12 || !strings.Contains(pr.Error(), "javascript.json:12") || !strings.Contains(pr.Msg, `"next week" is not a date`) {
		t.Errorf("problem %v", pr)
	}
	r := f.Records[0]
	if r.Title != "JSNation" || r.Start != "2026-06-11" || r.End != "2026-06-12" || r.City != "Amsterdam" || r.Country != "Netherlands" ||
		r.URL != "https://jsnation.com" || r.Kind != "conference" || r.Online || len(r.Topics) != 1 || r.Topics[0] != "javascript" {
		t.Errorf("record %+v", r)
	}
	if r.Source.Line != 2 || r.Source.Origin != p || r.Source.ID != "https://jsnation.com" || !strings.HasPrefix(r.Source.Snippet, `{"name":"JSNation"`) || r.Key == "" {
		t.Errorf("provenance %+v key %q", r.Source, r.Key)
	}
	if o := f.Records[1]; !o.Online || o.City != "" || o.Kind != "event" {
		t.Errorf("online record %+v", o)
	}
}

func TestJSONShapes(t *testing.T) {
	wrapped := write(t, "w.json", `{"events": [{"title": "A", "date": "2026-05-01", "location": {"city": "Lyon", "country": "France"}, "tags": ["music", "street"]}]}`)
	f, err := eventfile.Read(wrapped, 0)
	if err != nil || len(f.Records) != 1 || f.Records[0].City != "Lyon" || strings.Join(f.Records[0].Topics, ",") != "music,street" {
		t.Fatalf("wrapped: %v %+v", err, f.Records)
	}
	lines := write(t, "l.jsonl", "{\"summary\": \"B\", \"start\": \"2026-05-02T19:30:00+02:00\", \"location\": \"Nantes, France\"}\nnot json\n")
	f, err = eventfile.Read(lines, 0)
	if err != nil || len(f.Records) != 1 || len(f.Problems) != 1 || f.Problems[0].Line != 2 {
		t.Fatalf("jsonl: %v %+v %v", err, f.Records, f.Problems)
	}
	if r := f.Records[0]; r.City != "Nantes" || r.Country != "France" || r.Start != "2026-05-02" || r.StartTime.IsZero() {
		t.Errorf("jsonl record %+v", r)
	}
	for body, want := range map[string]string{
		"":   "empty file",
		"42": "want a JSON array",
		`[{"name": "x", "startDate": "2026-01-01"`: "line 1",
	} {
		if _, err := eventfile.Read(write(t, "bad.json", body), 0); err == nil || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), "bad.json") {
			t.Errorf("%q: %v, want %q", body, err, want)
		}
	}
}

func TestCSVColumnsBySynonym(t *testing.T) {
	p := write(t, "photo.csv", "Event Name;Start Date;End Date;Town;Nation;Link;Virtual\n"+
		"Fête des Lumières;2026-12-05;2026-12-08;Lyon;France;https://www.fetedeslumieres.lyon.fr;no\n"+
		"Bad row;2026-13-45;;Lyon;France;;\n"+
		"Ambiguous;03/04/2026;;Lyon;France;;\n"+
		"Carnaval;14/02/2026;17/02/2026;Nice;France;;maybe\n"+
		";2026-01-01;;;;;\n"+
		"Nice Carnival;14/02/2026;18/02/2026;Nice;France;;false\n")
	f, err := eventfile.Read(p, 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Records) != 2 {
		t.Fatalf("records %+v", f.Records)
	}
	r := f.Records[0]
	if r.Title != "Fête des Lumières" || r.End != "2026-12-08" || r.City != "Lyon" || r.Source.Line != 2 || r.Source.Snippet == "" {
		t.Errorf("record %+v", r)
	}
	if r := f.Records[1]; r.Start != "2026-02-14" || r.End != "2026-02-18" {
		t.Errorf("day/month/year: %s..%s", r.Start, r.End)
	}
	want := map[int]string{3: "not a date", 4: "ambiguous", 5: "online \"maybe\"", 6: "no title"}
	if len(f.Problems) != len(want) {
		t.Errorf("problems %v", f.Problems)
	}
	for _, pr := range f.Problems {
		if !strings.Contains(pr.Msg, want[pr.Line]) {
			t.Errorf("line %d: %q, want %q", pr.Line, pr.Msg, want[pr.Line])
		}
	}
	if _, err := eventfile.Read(write(t, "x.csv", "foo,bar\n1,2\n"), 0); err == nil || !strings.Contains(err.Error(), "no title column") {
		t.Errorf("header without title: %v", err)
	}
}

func TestICSTimeZones(t *testing.T) {
	p := write(t, "cal.ics", strings.ReplaceAll(`BEGIN:VCALENDAR
VERSION:2.0
PRODID:-//test//EN
BEGIN:VEVENT
UID:night@x
SUMMARY:Late show in New York
DTSTART;TZID=America/New_York:20260314T233000
DTEND;TZID=America/New_York:20260315T010000
LOCATION:Brooklyn Bowl\, 61 Wythe Ave\, New York\, USA
END:VEVENT
BEGIN:VEVENT
UID:allday@x
SUMMARY:Three-day fair
DTSTART;VALUE=DATE:20260320
DTEND;VALUE=DATE:20260323
CATEGORIES:market,crafts
END:VEVENT
BEGIN:VEVENT
UID:float@x
SUMMARY:Floating breakfast
DTSTART:20260401T080000
DURATION:PT2H
END:VEVENT
BEGIN:VEVENT
UID:utc@x
SUMMARY:UTC call
DTSTART:20260401T230000Z
DTEND:20260402T000000Z
END:VEVENT
BEGIN:VEVENT
UID:weekly@x
SUMMARY:Photo walk
DTSTART;VALUE=DATE:20260405
RRULE:FREQ=WEEKLY
GEO:48.8566;2.3522
END:VEVENT
BEGIN:VEVENT
UID:cancel@x
SUMMARY:Gone
STATUS:CANCELLED
DTSTART;VALUE=DATE:20260405
END:VEVENT
BEGIN:VEVENT
SUMMARY:No start
END:VEVENT
END:VCALENDAR
`, "\n", "\r\n"))
	f, err := eventfile.Read(p, 0)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, r := range f.Records {
		got[r.Title] = r.Start + ".." + r.End
	}
	for title, want := range map[string]string{
		"Late show in New York": "2026-03-14..2026-03-15", // the day in New York, not in UTC (03-15 04:30Z)
		"Three-day fair":        "2026-03-20..2026-03-22", // DTEND of a DATE is exclusive
		"Floating breakfast":    "2026-04-01..2026-04-01",
		"UTC call":              "2026-04-01..2026-04-01", // ends at midnight: the day before
		"Photo walk":            "2026-04-05..2026-04-05",
	} {
		if got[title] != want {
			t.Errorf("%s: %s, want %s", title, got[title], want)
		}
	}
	late := f.Records[0]
	if late.StartTime.Location().String() != "America/New_York" || late.StartTime.Hour() != 23 || late.Venue != "Brooklyn Bowl, 61 Wythe Ave" ||
		late.City != "New York" || late.Country != "USA" || late.Source.ID != "night@x" || late.Source.Line != 4 || !strings.Contains(late.Source.Snippet, "SUMMARY:Late show") {
		t.Errorf("late show %+v", late)
	}
	if !f.Records[2].StartTime.IsZero() {
		t.Error("a floating time got an instant")
	}
	if w := f.Records[4]; w.Place == nil || !w.Place.HasPoint {
		t.Errorf("GEO lost: %+v", w.Place)
	}
	msgs := ""
	for _, pr := range f.Problems {
		msgs += pr.Error() + "\n"
	}
	for _, want := range []string{"repeats (RRULE FREQ=WEEKLY)", `"Gone" is cancelled`, `"No start" has no DTSTART`} {
		if !strings.Contains(msgs, want) {
			t.Errorf("problems lack %q:\n%s", want, msgs)
		}
	}
	if _, err := eventfile.Read(write(t, "bad.ics", "BEGIN:VCALENDAR\nthis is not\n"), 0); err == nil || !strings.Contains(err.Error(), "bad.ics") {
		t.Errorf("broken calendar: %v", err)
	}
}

func TestSizeLimitAndFormat(t *testing.T) {
	p := write(t, "big.json", "["+strings.Repeat(" ", 5000)+"]")
	_, err := eventfile.Read(p, 1000)
	var tl *input.TooLargeError
	if !errors.As(err, &tl) || !strings.Contains(err.Error(), "big.json") {
		t.Errorf("too large: %v", err)
	}
	if _, err := eventfile.Read(write(t, "notes.txt", "x"), 0); !errors.Is(err, eventfile.ErrUnknownFormat) {
		t.Errorf("txt: %v", err)
	}
}
