package eventdata

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/cairn-agents/cairn/understand"
)

// Online filters events by whether they can be attended online.
type Online string

// Online filters.
const (
	OnlineAny     Online = ""        // every event
	OnlineExclude Online = "exclude" // not online-only events (in person or hybrid)
	OnlineOnly    Online = "only"    // events held online (online-only or hybrid)
)

// Query is what a source is asked: a profile of place, time, interests.
// The zero Query asks for anything, DefaultLimit of it.
type Query struct {
	// Text is free words to rank by ("jazz festival", a lead's title).
	// When set, a record must match at least one of its words.
	Text string `json:"text,omitempty"`
	// Keywords are interests: a record matching any ranks higher, and
	// none is required.
	Keywords []string `json:"keywords,omitempty"`
	// Place is a city, region or country, from a gazetteer; nil means
	// anywhere. Online-only events never match a place.
	Place *understand.Place `json:"place,omitempty"`
	// Radius widens a place with a point to records within that many
	// kilometres ("nearby cities"); 0 means the place itself.
	Radius float64 `json:"radius_km,omitempty"`
	// From and To bound the time frame [From, To), as an
	// understand.TimeFrame does; a zero side is open. A record matches
	// when one of its days falls in the frame.
	From time.Time `json:"from,omitzero"`
	To   time.Time `json:"to,omitzero"`
	// Online filters online and in-person events.
	Online Online `json:"online,omitempty"`
	// Limit bounds the hits; 0 means DefaultLimit, more than MaxLimit is
	// an error.
	Limit int `json:"limit,omitempty"`
}

// Query limits.
const (
	DefaultLimit = 20
	MaxLimit     = 1000
	// MaxQueryText bounds Text and Keywords together, in bytes.
	MaxQueryText = 4096
)

// Validate reports what makes q unanswerable, naming the field, wrapped
// around ErrBadQuery.
func (q Query) Validate() error {
	var errs []error
	if q.Limit < 0 || q.Limit > MaxLimit {
		errs = append(errs, fmt.Errorf("limit %d is outside 0..%d", q.Limit, MaxLimit))
	}
	if q.Radius < 0 {
		errs = append(errs, fmt.Errorf("radius %g km is negative", q.Radius))
	}
	if !q.From.IsZero() && !q.To.IsZero() && !q.To.After(q.From) {
		errs = append(errs, fmt.Errorf("time frame ends (%s) before it starts (%s)",
			q.To.Format(time.RFC3339), q.From.Format(time.RFC3339)))
	}
	n := len(q.Text)
	for _, k := range q.Keywords {
		n += len(k)
	}
	if n > MaxQueryText {
		errs = append(errs, fmt.Errorf("query text and keywords are %d bytes, more than %d", n, MaxQueryText))
	}
	switch q.Online {
	case OnlineAny, OnlineExclude, OnlineOnly:
	default:
		errs = append(errs, fmt.Errorf("online filter %q is not %q, %q or empty", q.Online, OnlineExclude, OnlineOnly))
	}
	if len(errs) > 0 {
		return fmt.Errorf("%w: %w", ErrBadQuery, errors.Join(errs...))
	}
	return nil
}

// Size is the number of hits q asks for: Limit, or DefaultLimit.
func (q Query) Size() int {
	if q.Limit <= 0 {
		return DefaultLimit
	}
	return q.Limit
}

// Words is Text and Keywords in one line, for backends that take one
// query string.
func (q Query) Words() string {
	parts := make([]string, 0, 1+len(q.Keywords))
	if t := strings.TrimSpace(q.Text); t != "" {
		parts = append(parts, t)
	}
	for _, k := range q.Keywords {
		if k = strings.TrimSpace(k); k != "" {
			parts = append(parts, k)
		}
	}
	return strings.Join(parts, " ")
}

// Matches says whether r passes q's structured filters: place, dates,
// online. Text and Keywords rank; they do not filter here.
func (q Query) Matches(r Record) bool {
	return q.MatchOnline(r) && q.MatchDates(r) && q.MatchPlace(r)
}

// Days is the frame as calendar days, first and last inclusive
// (DateLayout), "" for an open side: To is exclusive, so a frame ending
// at midnight ends the day before.
func (q Query) Days() (first, last string) {
	if !q.From.IsZero() {
		first = q.From.Format(DateLayout)
	}
	if !q.To.IsZero() {
		last = q.To.Add(-time.Nanosecond).Format(DateLayout)
	}
	return first, last
}

// MatchDates says whether one of r's days falls in the frame. A record
// with no dates matches only an open frame.
func (q Query) MatchDates(r Record) bool {
	first, last := q.Days()
	if r.Start == "" {
		return first == "" && last == ""
	}
	end := r.End
	if end == "" {
		end = r.Start
	}
	// DateLayout strings order as the days they name.
	return (first == "" || end >= first) && (last == "" || r.Start <= last)
}

// MatchOnline applies the Online filter. An online-only record is one
// marked online with no city and no country.
func (q Query) MatchOnline(r Record) bool {
	switch q.Online {
	case OnlineOnly:
		return r.Online
	case OnlineExclude:
		return !onlineOnly(r)
	}
	return true
}

func onlineOnly(r Record) bool {
	return r.Online && r.City == "" && r.Country == "" && r.CountryCode == ""
}

// MatchPlace says whether r is in q.Place. A record with no city covers
// its region or its whole country (a national holiday matches every city
// of the country); a city record matches its city by gazetteer id or
// name, its region and its country, or any place within Radius km.
func (q Query) MatchPlace(r Record) bool {
	p := q.Place
	if p == nil {
		return true
	}
	if q.Radius > 0 && r.Place != nil {
		if d, ok := p.DistanceKm(*r.Place); ok && d <= q.Radius {
			return true
		}
	}
	if !sameCountry(*p, r) {
		return false
	}
	rRegion := r.Region
	if rRegion == "" && r.Place != nil {
		rRegion = r.Place.Region
	}
	switch {
	case p.Kind == understand.KindCountry:
		return true
	case r.City == "" && rRegion == "":
		return true // country-wide
	case p.Kind == understand.KindRegion:
		return sameName(rRegion, p.Name) || sameName(rRegion, p.Region)
	case r.City == "":
		return sameName(rRegion, p.Region) // region-wide, asked for a city of it
	}
	if r.Place != nil && r.Place.ID != "" && r.Place.ID == p.ID {
		return true
	}
	return sameName(r.City, p.Name)
}

func sameCountry(p understand.Place, r Record) bool {
	code := r.CountryCode
	if code == "" && r.Place != nil {
		code = r.Place.CountryCode
	}
	if code != "" && p.CountryCode != "" {
		return strings.EqualFold(code, p.CountryCode)
	}
	return r.Country != "" && sameName(r.Country, p.Country)
}

func sameName(a, b string) bool {
	return a != "" && understand.Normalize(a) == understand.Normalize(b)
}
