package eventfile

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/cairn-agents/cairn/eventdata"
	"github.com/cairn-agents/cairn/understand"
)

// field is a record field a column may fill.
type field uint8

const (
	fNone field = iota
	fTitle
	fURL
	fStart
	fEnd
	fVenue
	fLocation // "Berlin, Germany": city and country in one
	fCity
	fRegion
	fCountry
	fOnline
	fDescription
	fTopics
	fKind
	fID
	fLat
	fLng
	fConference // a field only conference lists have (cfpUrl)
)

// columns maps a column name, folded by fold, to its field.
var columns = map[string]field{}

func init() {
	for f, names := range map[field][]string{
		fTitle:       {"name", "title", "summary", "event", "event name", "event title", "subject", "conference"},
		fURL:         {"url", "link", "website", "web", "homepage", "href", "event url"},
		fStart:       {"start date", "start", "startdate", "date", "begin", "begins", "from", "dtstart", "start time", "starts", "start at", "when"},
		fEnd:         {"end date", "end", "enddate", "to", "until", "dtend", "end time", "ends", "end at", "finish"},
		fVenue:       {"venue", "place", "address", "venue name", "where"},
		fLocation:    {"location"},
		fCity:        {"city", "town", "locality", "municipality"},
		fRegion:      {"region", "state", "province", "county", "admin1"},
		fCountry:     {"country", "country name", "nation", "country code"},
		fOnline:      {"online", "is online", "virtual", "remote", "hybrid"},
		fDescription: {"description", "desc", "details", "notes", "about", "summary text", "body"},
		fTopics:      {"topic", "topics", "tags", "tag", "category", "categories", "keywords", "genre"},
		fKind:        {"kind", "type", "event type"},
		fID:          {"id", "uid", "identifier", "event id"},
		fLat:         {"lat", "latitude"},
		fLng:         {"lng", "lon", "long", "longitude"},
		fConference:  {"cfp url", "cfpurl", "cfp end date", "cfpenddate", "coc url", "cocurl"},
	} {
		for _, n := range names {
			columns[fold(n)] = f
		}
	}
}

// fold is a column name reduced to its letters and digits, lower case:
// "startDate", "start_date" and "Start Date" are one name.
func fold(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// fieldOf is the field a column name fills.
func fieldOf(name string) field { return columns[fold(name)] }

// row collects one row's values by field, then builds the record.
type row struct {
	vals map[field]string
	conf bool
}

func (r *row) set(f field, v string) {
	v = strings.TrimSpace(v)
	if f == fConference {
		r.conf = r.conf || v != ""
		return
	}
	if f == fNone || v == "" {
		return
	}
	if r.vals == nil {
		r.vals = map[field]string{}
	}
	if f == fTopics && r.vals[f] != "" {
		v = r.vals[f] + "," + v
	} else if _, ok := r.vals[f]; ok {
		return // the first column of a field wins ("name" over "title")
	}
	r.vals[f] = v
}

// record builds the record the row describes; topic is the file's, for
// lists with no topic column.
func (r *row) record(topic string) (eventdata.Record, error) {
	v := r.vals
	rec := eventdata.Record{Title: v[fTitle], URL: v[fURL], Venue: v[fVenue], City: v[fCity], Region: v[fRegion],
		Country: v[fCountry], Description: v[fDescription], Kind: eventdata.KindEvent}
	if rec.Title == "" {
		return rec, fmt.Errorf("no title (a name, title or summary column)")
	}
	if loc := v[fLocation]; loc != "" {
		if rec.City == "" && rec.Country == "" && strings.Contains(loc, ",") {
			parts := strings.Split(loc, ",")
			rec.Country = strings.TrimSpace(parts[len(parts)-1])
			rec.City = strings.TrimSpace(parts[len(parts)-2])
			if len(parts) > 2 && rec.Venue == "" {
				rec.Venue = strings.TrimSpace(strings.Join(parts[:len(parts)-2], ","))
			}
		} else if rec.City == "" {
			rec.City = loc
		}
	}
	var err error
	var start, end time.Time
	var startTime, endTime bool
	if s := v[fStart]; s != "" {
		if start, startTime, err = parseWhen(s); err != nil {
			return rec, fmt.Errorf("event %q: start: %w", rec.Title, err)
		}
		rec.Start = start.Format(eventdata.DateLayout)
		if startTime {
			rec.StartTime = start
		}
	}
	if s := v[fEnd]; s != "" {
		if end, endTime, err = parseWhen(s); err != nil {
			return rec, fmt.Errorf("event %q: end: %w", rec.Title, err)
		}
		if endTime && end.Hour() == 0 && end.Minute() == 0 && end.Second() == 0 && end.After(start) {
			end = end.AddDate(0, 0, -1) // ends at midnight: the day before
		}
		rec.End = end.Format(eventdata.DateLayout)
	}
	if s := v[fOnline]; s != "" {
		b, ok := parseBool(s)
		if !ok {
			return rec, fmt.Errorf("event %q: online %q is not true or false", rec.Title, s)
		}
		rec.Online = b
	}
	if s := v[fTopics]; s != "" {
		for _, t := range strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ';' || r == '|' }) {
			if t = strings.TrimSpace(t); t != "" {
				rec.Topics = append(rec.Topics, t)
			}
		}
	}
	if len(rec.Topics) == 0 && topic != "" {
		rec.Topics = []string{topic}
	}
	switch k := strings.ToLower(v[fKind]); {
	case strings.Contains(k, "conf") || strings.Contains(k, "summit") || r.conf:
		rec.Kind = eventdata.KindConference
	case strings.Contains(k, "holiday"):
		rec.Kind = eventdata.KindHoliday
	}
	if lat, lng, ok := r.coords(); ok {
		name := rec.Venue
		if name == "" {
			name = rec.City
		}
		rec.Place = &understand.Place{Name: name, Kind: understand.KindLandmark, Lat: lat, Lng: lng, HasPoint: true}
	}
	rec.Source.ID = v[fID]
	if rec.Source.ID == "" {
		rec.Source.ID = rec.URL
	}
	return rec, nil
}

// coords are the row's latitude and longitude, when it has valid ones.
func (r *row) coords() (lat, lng float64, ok bool) {
	la, err1 := strconv.ParseFloat(r.vals[fLat], 64)
	lo, err2 := strconv.ParseFloat(r.vals[fLng], 64)
	if err1 != nil || err2 != nil || la < -90 || la > 90 || lo < -180 || lo > 180 {
		return 0, 0, false
	}
	return la, lo, true
}

func parseBool(s string) (bool, bool) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "true", "yes", "y", "1", "online", "virtual", "hybrid", "x":
		return true, true
	case "false", "no", "n", "0", "", "in person", "offline":
		return false, true
	}
	return false, false
}

// whenLayouts are the date and time forms read, most specific first.
var whenLayouts = []struct {
	layout string
	time   bool
}{
	{time.RFC3339, true}, {"2006-01-02T15:04:05", true}, {"2006-01-02T15:04", true}, {"2006-01-02 15:04:05", true},
	{"2006-01-02 15:04", true}, {time.DateOnly, false}, {"2006/01/02", false}, {"20060102T150405Z", true},
	{"20060102T150405", true}, {"20060102", false}, {"2 January 2006", false}, {"2 Jan 2006", false},
	{"January 2, 2006", false}, {"Jan 2, 2006", false}, {"2. January 2006", false}, {"02.01.2006", false},
	{"2.1.2006", false},
}

// parseWhen reads a date or a date and time; a time with an offset keeps
// its own zone, so the day is the event's local day. Slash dates other
// than year first are ambiguous (03/04/2026) and read only when the day
// shows (14/03/2026 or 03/14/2026).
func parseWhen(s string) (time.Time, bool, error) {
	s = strings.TrimSpace(s)
	for _, l := range whenLayouts {
		if t, err := time.Parse(l.layout, s); err == nil {
			return t, l.time, nil
		}
	}
	if a, b, y, ok := slashDate(s); ok {
		switch {
		case a > 12 && b <= 12:
			a, b = b, a // day/month/year
		case b > 12 && a <= 12:
		default:
			return time.Time{}, false, fmt.Errorf("%q is ambiguous (month/day or day/month?); write YYYY-MM-DD", s)
		}
		t := time.Date(y, time.Month(a), b, 0, 0, 0, 0, time.UTC)
		if t.Month() != time.Month(a) || t.Day() != b {
			return time.Time{}, false, fmt.Errorf("%q is not a date", s)
		}
		return t, false, nil
	}
	return time.Time{}, false, fmt.Errorf("%q is not a date (want YYYY-MM-DD, optionally with a time)", s)
}

func slashDate(s string) (a, b, y int, ok bool) {
	parts := strings.Split(s, "/")
	if len(parts) != 3 || len(parts[2]) != 4 {
		return 0, 0, 0, false
	}
	var err [3]error
	a, err[0] = strconv.Atoi(parts[0])
	b, err[1] = strconv.Atoi(parts[1])
	y, err[2] = strconv.Atoi(parts[2])
	return a, b, y, err[0] == nil && err[1] == nil && err[2] == nil && a > 0 && b > 0
}
