package eventdata

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/cairn-agents/cairn/understand"
)

// DateLayout is how Record days are written: "2026-03-14".
const DateLayout = time.DateOnly

// Kind is what sort of event a record is.
type Kind string

// The kinds sources give.
const (
	KindHoliday    Kind = "holiday"    // a public or bank holiday
	KindObservance Kind = "observance" // a religious, cultural or other dated observance
	KindConference Kind = "conference" // a conference, summit, meetup listed in an event file
	KindEvent      Kind = "event"      // any other dated event (a calendar entry)
	KindWeb        Kind = "web"        // a web page found by a search engine: no dates of its own
)

// Record is one event as a source gives it. Days are calendar days in the
// event's own time zone; an empty Start means the source gave no date (a
// web page).
type Record struct {
	// Key identifies the record by its content (NewKey): the same event
	// read from two files has one key.
	Key   string `json:"key"`
	Title string `json:"title"`
	Kind  Kind   `json:"kind"`
	// Start and End are the first and last day, inclusive, DateLayout.
	Start string `json:"start,omitempty"`
	End   string `json:"end,omitempty"`
	// StartTime is the start instant when the source gives a time of
	// day, in the event's zone (a calendar's TZID); zero for all-day
	// events and dates alone.
	StartTime time.Time `json:"start_time,omitzero"`
	Venue     string    `json:"venue,omitempty"`
	City      string    `json:"city,omitempty"`
	Region    string    `json:"region,omitempty"`
	Country   string    `json:"country,omitempty"`
	// CountryCode is ISO 3166-1 alpha-2 ("DE") when the source or the
	// gazetteer knows it.
	CountryCode string `json:"country_code,omitempty"`
	// Place is the gazetteer's reading of the city (or region, country),
	// with its coordinates; nil when no gazetteer knew it.
	Place       *understand.Place `json:"place,omitempty"`
	Online      bool              `json:"online,omitempty"`
	URL         string            `json:"url,omitempty"`
	Description string            `json:"description,omitempty"`
	// Topics are the subjects the source files it under ("javascript",
	// "security"); a record read from several topic files has them all.
	Topics []string   `json:"topics,omitempty"`
	Source Provenance `json:"source"`
}

// Provenance says where a record came from, so every published event can
// point back at it.
type Provenance struct {
	// Source is the source's name: "holidays", "index", "tavily",
	// "searxng".
	Source string `json:"source"`
	// Origin is what produced the record within the source: the
	// calendar ("rickar/cal/v2 de: Germany, Bavaria"), the file path,
	// the search engine.
	Origin string `json:"origin,omitempty"`
	// ID is the record's id in its origin: an iCalendar UID, "path:line",
	// a URL.
	ID string `json:"id,omitempty"`
	// Line is the line of the file the record starts on, when read from
	// a file.
	Line int `json:"line,omitempty"`
	// Snippet is the raw text the record was read from (a JSON object,
	// a CSV row, a VEVENT, a search result's content), cut to
	// MaxSnippet bytes.
	Snippet string `json:"snippet,omitempty"`
}

// MaxSnippet bounds Provenance.Snippet.
const MaxSnippet = 2000

// Snippet cuts s to MaxSnippet bytes on a rune boundary.
func Snippet(s string) string {
	s = strings.TrimSpace(s)
	if len(s) <= MaxSnippet {
		return s
	}
	cut := MaxSnippet
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "…"
}

// NewKey is the content key of an event: its title, days and place
// folded by understand.Normalize, hashed. Two files listing the same
// conference give the same key; a URL is left out because the same event
// is often listed under two.
func NewKey(title, start, end, city, country string) string {
	h := sha256.New()
	for _, s := range []string{title, start, end, city, country} {
		h.Write([]byte(understand.Normalize(s)))
		h.Write([]byte{0})
	}
	return hex.EncodeToString(h.Sum(nil)[:10])
}

// SetKey sets r.Key from its content.
func (r *Record) SetKey() {
	country := r.CountryCode
	if country == "" {
		country = r.Country
	}
	place := r.City
	if place == "" {
		place = r.Region // a regional holiday
	}
	r.Key = NewKey(r.Title, r.Start, r.End, place, country)
}

// Days parses Start and End; ok is false when the record has no valid
// dates.
func (r Record) Days() (start, end time.Time, ok bool) {
	s, err1 := time.Parse(DateLayout, r.Start)
	e, err2 := time.Parse(DateLayout, r.End)
	if err1 != nil {
		return time.Time{}, time.Time{}, false
	}
	if err2 != nil {
		e = s
	}
	return s, e, true
}

// Validate reports what makes r unusable: no title, days that are not
// DateLayout, an end before the start.
func (r Record) Validate() error {
	if strings.TrimSpace(r.Title) == "" {
		return fmt.Errorf("event has no title")
	}
	if r.Start == "" {
		if r.End != "" {
			return fmt.Errorf("event %q has an end (%s) but no start", r.Title, r.End)
		}
		return nil
	}
	s, err := time.Parse(DateLayout, r.Start)
	if err != nil {
		return fmt.Errorf("event %q: start %q is not a date (YYYY-MM-DD)", r.Title, r.Start)
	}
	if r.End == "" {
		return nil
	}
	e, err := time.Parse(DateLayout, r.End)
	if err != nil {
		return fmt.Errorf("event %q: end %q is not a date (YYYY-MM-DD)", r.Title, r.End)
	}
	if e.Before(s) {
		return fmt.Errorf("event %q ends (%s) before it starts (%s)", r.Title, r.End, r.Start)
	}
	return nil
}
