package eventfile_test

import (
	"testing"

	"github.com/cairn-agents/cairn/eventdata/eventfile"
)

// fuzzFile checks what any file may give: no panic, valid records with
// keys and lines, problems naming the file.
func fuzzFile(t *testing.T, name string, f eventfile.Format, data []byte) {
	got, err := eventfile.Parse(name, f, data)
	if err != nil {
		return
	}
	for _, r := range got.Records {
		if err := r.Validate(); err != nil || r.Start == "" || r.End == "" || r.Key == "" {
			t.Fatalf("record %+v: %v", r, err)
		}
		if r.Source.Origin != name || r.Source.Line < 1 {
			t.Fatalf("provenance %+v", r.Source)
		}
	}
	for _, p := range got.Problems {
		if p.Path != name || p.Msg == "" {
			t.Fatalf("problem %+v", p)
		}
	}
	if len(got.Problems) > eventfile.MaxProblems {
		t.Fatalf("%d problems", len(got.Problems))
	}
}

func FuzzJSON(f *testing.F) {
	for _, s := range []string{
		`[{"name":"JSNation","url":"https://jsnation.com","startDate":"2026-06-11","endDate":"2026-06-12","city":"Amsterdam","country":"Netherlands","online":false}]`,
		`{"events":[{"title":"A","date":"2026-05-01","location":{"city":"Lyon"},"tags":["x"]}]}`,
		"{\"summary\":\"B\",\"start\":\"2026-05-02T19:30:00+02:00\"}\n{\"x\":1}\n",
		`[{"name":"x","startDate":"2026-02-30"}]`, `[1,"a",null,{}]`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) { fuzzFile(t, "f.json", eventfile.JSON, data) })
}

func FuzzCSV(f *testing.F) {
	for _, s := range []string{
		"name,startDate,endDate,city,country,online\nA,2026-01-01,2026-01-02,Berlin,Germany,true\n",
		"Event Name;Start;End\n\"Quoted; \"\"x\"\"\";14/02/2026;17/02/2026\nbad\n",
		"title\tdate\nA\t03/04/2026\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) { fuzzFile(t, "f.csv", eventfile.CSV, data) })
}

func FuzzICS(f *testing.F) {
	for _, s := range []string{
		"BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nSUMMARY:A\r\nDTSTART;TZID=Europe/Berlin:20260314T100000\r\nDTEND;TZID=Europe/Berlin:20260314T120000\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n",
		"BEGIN:VCALENDAR\nBEGIN:VEVENT\nSUMMARY:B\nDTSTART;VALUE=DATE:20260320\nDURATION:P3D\nEND:VEVENT\nEND:VCALENDAR\n",
		"BEGIN:VCALENDAR\nBEGIN:VEVENT\nSUMMARY:C\nDTSTART:20260401T230000Z\nDTEND:20260401T220000Z\nEND:VEVENT\nEND:VCALENDAR\n",
		"BEGIN:VCALENDAR\nBEGIN:VEVENT\nSUMMARY:D\nDTSTART;TZID=Nowhere/Zone:20260401T080000\nDURATION:P99999999W\nEND:VEVENT\nEND:VCALENDAR\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) { fuzzFile(t, "f.ics", eventfile.ICS, data) })
}
