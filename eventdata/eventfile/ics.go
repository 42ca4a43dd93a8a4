package eventfile

import (
	"bytes"
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"

	ics "github.com/arran4/golang-ical"

	"github.com/cairn-agents/cairn/eventdata"
	"github.com/cairn-agents/cairn/understand"
)

// parseICS reads the VEVENTs of an iCalendar file with
// github.com/arran4/golang-ical. Dates are the event's own: a TZID time
// is read in its zone, a floating time as written, a UTC time in UTC; an
// all-day DTEND is exclusive.
func parseICS(f *File, data []byte) (err error) {
	defer func() {
		// The parser is a third party's and the input untrusted: a panic
		// in it is this file's error, not the program's.
		if p := recover(); p != nil {
			err = fmt.Errorf("not a readable iCalendar file: %v", p)
		}
	}()
	cal, err := ics.ParseCalendar(bytes.NewReader(data))
	if err != nil {
		return fmt.Errorf("not a readable iCalendar file: %w", err)
	}
	blocks := veventBlocks(data)
	for i, ev := range cal.Events() {
		line, raw := 0, ""
		if i < len(blocks) {
			line, raw = blocks[i].line, blocks[i].text
		}
		rec, warn, err := icsEvent(ev)
		if err != nil {
			if !f.problem(line, "%v", err) {
				return errTooManyProblems
			}
			continue
		}
		if warn != "" && !f.problem(line, "%s", warn) {
			return errTooManyProblems
		}
		rec.Source.Snippet = raw
		if !f.add(line, rec) {
			return errTooManyProblems
		}
	}
	return nil
}

type block struct {
	line int
	text string
}

// veventBlocks are the raw VEVENT texts of data with their first lines,
// in file order (the order the parser gives the events).
func veventBlocks(data []byte) []block {
	var out []block
	var cur *block
	var b strings.Builder
	n := 0
	for l := range bytes.Lines(data) {
		n++
		t := strings.TrimSpace(string(l))
		switch {
		case strings.EqualFold(t, "BEGIN:VEVENT"):
			cur = &block{line: n}
			b.Reset()
		case strings.EqualFold(t, "END:VEVENT") && cur != nil:
			b.WriteString(t)
			cur.text = b.String()
			out = append(out, *cur)
			cur = nil
			continue
		}
		if cur != nil {
			b.WriteString(strings.TrimRight(string(l), "\r\n"))
			b.WriteByte('\n')
		}
	}
	return out
}

// icsEvent is the record of one VEVENT, and a warning for what it lost
// (a recurrence).
func icsEvent(ev *ics.VEvent) (eventdata.Record, string, error) {
	val := func(p ics.ComponentProperty) string {
		if x := ev.GetProperty(p); x != nil {
			return strings.TrimSpace(x.Value)
		}
		return ""
	}
	rec := eventdata.Record{Title: val(ics.ComponentPropertySummary), Description: val(ics.ComponentPropertyDescription),
		URL: val(ics.ComponentPropertyUrl), Kind: eventdata.KindEvent}
	if rec.Title == "" {
		return rec, "", errors.New("event has no SUMMARY")
	}
	if strings.EqualFold(val(ics.ComponentPropertyStatus), "CANCELLED") {
		return rec, "", fmt.Errorf("event %q is cancelled", rec.Title)
	}
	rec.Source.ID = val(ics.ComponentPropertyUniqueId)
	if loc := val(ics.ComponentPropertyLocation); loc != "" {
		rec.Venue = loc
		var r row
		r.set(fLocation, loc)
		r.set(fTitle, rec.Title)
		if lr, err := r.record(""); err == nil {
			rec.City, rec.Country = lr.City, lr.Country
			if strings.Contains(loc, ",") {
				rec.Venue = lr.Venue
			}
		}
	}
	for _, c := range ev.GetProperties(ics.ComponentPropertyCategories) {
		for _, t := range strings.Split(c.Value, ",") {
			if t = strings.TrimSpace(t); t != "" {
				rec.Topics = append(rec.Topics, t)
			}
		}
	}
	if g := val(ics.ComponentPropertyGeo); g != "" {
		la, lo, ok := strings.Cut(g, ";")
		lat, err1 := strconv.ParseFloat(la, 64)
		lng, err2 := strconv.ParseFloat(lo, 64)
		if ok && err1 == nil && err2 == nil && lat >= -90 && lat <= 90 && lng >= -180 && lng <= 180 {
			rec.Place = &understand.Place{Name: rec.Venue, Kind: understand.KindLandmark, Lat: lat, Lng: lng, HasPoint: true}
		}
	}
	dtstart := ev.GetProperty(ics.ComponentPropertyDtStart)
	if dtstart == nil {
		return rec, "", fmt.Errorf("event %q has no DTSTART", rec.Title)
	}
	start, allDay, zoned, err := icsTime(dtstart)
	if err != nil {
		return rec, "", fmt.Errorf("event %q: DTSTART: %w", rec.Title, err)
	}
	rec.Start = start.Format(eventdata.DateLayout)
	if zoned && !allDay {
		rec.StartTime = start
	}
	end := start
	if p := ev.GetProperty(ics.ComponentPropertyDtEnd); p != nil {
		e, eAllDay, _, err := icsTime(p)
		if err != nil {
			return rec, "", fmt.Errorf("event %q: DTEND: %w", rec.Title, err)
		}
		if zoned && !eAllDay {
			e = e.In(start.Location())
		}
		end = exclusiveEnd(start, e, eAllDay)
	} else if d := val(ics.ComponentPropertyDuration); d != "" {
		dur, err := isoDuration(d)
		if err != nil {
			return rec, "", fmt.Errorf("event %q: DURATION: %w", rec.Title, err)
		}
		end = exclusiveEnd(start, dur.add(start), allDay)
	}
	if end.Before(start) {
		return rec, "", fmt.Errorf("event %q ends (%s) before it starts (%s)", rec.Title,
			end.Format(eventdata.DateLayout), rec.Start)
	}
	rec.End = end.Format(eventdata.DateLayout)
	warn := ""
	if rr := val(ics.ComponentPropertyRrule); rr != "" {
		warn = fmt.Sprintf("event %q repeats (RRULE %s): only its first occurrence, %s, is indexed", rec.Title, rr, rec.Start)
	}
	return rec, warn, nil
}

// exclusiveEnd is the last day of an event from start to end, end being
// exclusive: an all-day DTEND is the day after, a time of 00:00 ends the
// day before.
func exclusiveEnd(start, end time.Time, allDay bool) time.Time {
	if !end.After(start) {
		return start
	}
	if allDay || end.Hour() == 0 && end.Minute() == 0 && end.Second() == 0 {
		end = end.AddDate(0, 0, -1)
	}
	if end.Before(start) {
		return start // 23:00 to 00:00: one day
	}
	return end
}

// icsTime reads a DATE or DATE-TIME property: all-day for a DATE, zoned
// for UTC ("Z") or a TZID the system knows. A floating time, or a TZID
// unknown here (Windows names), keeps the wall clock written, which is
// the event's own day.
func icsTime(p *ics.IANAProperty) (t time.Time, allDay, zoned bool, err error) {
	v := strings.TrimSpace(p.Value)
	isDate := len(v) == 8
	if vt := p.ICalParameters["VALUE"]; len(vt) > 0 && strings.EqualFold(vt[0], "DATE") {
		isDate = true
	}
	if isDate {
		t, err = time.Parse("20060102", v)
		if err != nil {
			return t, false, false, fmt.Errorf("%q is not a date (YYYYMMDD)", v)
		}
		return t, true, false, nil
	}
	if strings.HasSuffix(v, "Z") {
		t, err = time.Parse("20060102T150405Z", v)
		if err != nil {
			return t, false, false, fmt.Errorf("%q is not a UTC time (YYYYMMDDTHHMMSSZ)", v)
		}
		return t, false, true, nil
	}
	loc := time.UTC
	if tz := p.ICalParameters["TZID"]; len(tz) > 0 {
		if l, err := time.LoadLocation(strings.TrimPrefix(strings.Trim(tz[0], `"`), "/")); err == nil {
			loc, zoned = l, true
		}
	}
	t, err = time.ParseInLocation("20060102T150405", v, loc)
	if err != nil {
		return t, false, false, fmt.Errorf("%q is not a time (YYYYMMDDTHHMMSS)", v)
	}
	return t, false, zoned, nil
}

// duration is an RFC 5545 duration: days (which follow the calendar
// across a DST change) and a clock part.
type duration struct {
	days  int
	clock time.Duration
}

func (d duration) add(t time.Time) time.Time { return t.AddDate(0, 0, d.days).Add(d.clock) }

var durationRE = regexp.MustCompile(`^([+-])?P(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?$`)

func isoDuration(s string) (duration, error) {
	m := durationRE.FindStringSubmatch(strings.ToUpper(strings.TrimSpace(s)))
	if m == nil || s == "P" || strings.HasSuffix(s, "T") {
		return duration{}, fmt.Errorf("%q is not a duration (P1D, PT2H30M…)", s)
	}
	n := func(i int) int {
		v, _ := strconv.Atoi(m[i])
		return min(v, 100000) // a far end is an end; no overflow
	}
	d := duration{days: 7*n(2) + n(3), clock: time.Duration(n(4))*time.Hour + time.Duration(n(5))*time.Minute + time.Duration(n(6))*time.Second}
	if m[1] == "-" {
		return duration{}, fmt.Errorf("%q is negative", s)
	}
	return d, nil
}
