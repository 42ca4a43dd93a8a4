// Package holidays is the event source of public holidays, regional
// holidays and observances computed by github.com/rickar/cal/v2: dated,
// placed events (national days, carnival, religious and regional
// holidays) for 34 countries, with no files and no network. Every record
// names the calendar that produced it in its Provenance.Origin.
package holidays

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/rickar/cal/v2"

	"github.com/cairn-agents/cairn/eventdata"
	"github.com/cairn-agents/cairn/understand"
)

// Name is the source's name in Provenance.Source.
const Name = "holidays"

// calendarModule names the library in every record's origin.
const calendarModule = "rickar/cal/v2"

// MaxYears bounds the years one query computes; a longer frame is
// clipped with a note.
const MaxYears = 10

// Options configure a Source.
type Options struct {
	// Now is the reference day: a query with no time frame asks for the
	// year from Now. Zero means time.Now() at each query.
	Now time.Time
}

// Source computes holidays for a query's countries and years. The zero
// value is ready; it is safe for concurrent use.
type Source struct {
	o Options
}

// New returns a Source.
func New(o Options) *Source { return &Source{o: o} }

var _ eventdata.Source = (*Source)(nil)

// Name implements eventdata.Source.
func (s *Source) Name() string { return Name }

// Countries are the ISO codes of the countries the source covers.
func Countries() []string {
	out := make([]string, len(calendars))
	for i, c := range calendars {
		out[i] = c.code
	}
	return out
}

type calendar struct {
	pkg, code, country string
	national           []*cal.Holiday
	regions            []region
}

type region struct {
	code     string
	names    []string // GeoNames' name first
	holidays []*cal.Holiday
}

// Search implements eventdata.Source: the holidays of q.Place's country
// (and its region, for a region or a city) in q's frame, or of every
// country when q has no place. Text must match a holiday's name,
// description or kind; Keywords rank.
func (s *Source) Search(ctx context.Context, q eventdata.Query) (eventdata.Result, error) {
	if err := q.Validate(); err != nil {
		return eventdata.Result{}, err
	}
	var res eventdata.Result
	if q.Online == eventdata.OnlineOnly {
		return res, nil
	}
	first, last, note := s.window(q)
	if note != "" {
		res.Notes = append(res.Notes, note)
	}
	cals := calendars
	if q.Place != nil {
		cals = nil
		for _, c := range calendars {
			if strings.EqualFold(c.code, q.Place.CountryCode) {
				cals = append(cals, c)
			}
		}
		if len(cals) == 0 {
			res.Notes = append(res.Notes, fmt.Sprintf("holidays: no calendar for %s (rickar/cal/v2 covers %s)",
				placeName(*q.Place), strings.Join(Countries(), " ")))
			return res, nil
		}
	}
	bounded := q
	bounded.From, bounded.To = first, last.AddDate(0, 0, 1)
	want := terms(q.Text)
	boost := terms(strings.Join(q.Keywords, " "))
	var hits []eventdata.Hit
	for _, c := range cals {
		if err := ctx.Err(); err != nil {
			return eventdata.Result{}, err
		}
		for year := first.Year(); year <= last.Year(); year++ {
			for _, r := range c.records(year, q.Place) {
				if !bounded.Matches(r) {
					continue
				}
				score, ok := rank(r, want, boost)
				if !ok {
					continue
				}
				hits = append(hits, eventdata.Hit{Record: r, Score: score})
			}
		}
	}
	sort.SliceStable(hits, func(i, j int) bool {
		if hits[i].Score != hits[j].Score {
			return hits[i].Score > hits[j].Score
		}
		if hits[i].Start != hits[j].Start {
			return hits[i].Start < hits[j].Start
		}
		return hits[i].Key < hits[j].Key
	})
	res.Total = len(hits)
	res.Hits = hits[:min(len(hits), q.Size())]
	return res, nil
}

// window is the frame as days, an open side filled from Now (one year
// from Now, or one year before To), clipped to MaxYears.
func (s *Source) window(q eventdata.Query) (first, last time.Time, note string) {
	now := s.o.Now
	if now.IsZero() {
		now = time.Now()
	}
	f, l := q.Days()
	switch {
	case f == "" && l == "":
		first = day(now)
		last = first.AddDate(1, 0, -1)
	case f == "":
		last = mustDay(l)
		first = last.AddDate(-1, 0, 1)
	case l == "":
		first = mustDay(f)
		last = first.AddDate(1, 0, -1)
	default:
		first, last = mustDay(f), mustDay(l)
	}
	if last.Year()-first.Year() >= MaxYears {
		last = time.Date(first.Year()+MaxYears-1, 12, 31, 0, 0, 0, 0, time.UTC)
		note = fmt.Sprintf("holidays: time frame clipped to %d years (%s to %s)", MaxYears,
			first.Format(eventdata.DateLayout), last.Format(eventdata.DateLayout))
	}
	return first, last, note
}

func day(t time.Time) time.Time {
	return time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC)
}

func mustDay(s string) time.Time {
	t, _ := time.Parse(eventdata.DateLayout, s) // Query.Days writes DateLayout
	return t
}

func placeName(p understand.Place) string {
	if p.Country != "" {
		return p.Country
	}
	return p.Name
}

// records are c's holidays in year for place p: national ones, those of
// p's region (a city's or a region's), and for a country or no place
// every regional one, a holiday of several regions listed once with them.
func (c calendar) records(year int, p *understand.Place) []eventdata.Record {
	var out []eventdata.Record
	for _, h := range c.national {
		if r, ok := c.record(h, year, nil); ok {
			out = append(out, r)
		}
	}
	var regions []region
	if p == nil || p.Kind == understand.KindCountry {
		regions = c.regions
	} else if rg, ok := c.region(*p); ok {
		regions = []region{rg}
	}
	type group struct {
		h       *cal.Holiday
		regions []region
	}
	var groups []group
	at := map[string]int{} // name and day: index in groups
	for _, rg := range regions {
		for _, h := range rg.holidays {
			if slices.Contains(c.national, h) {
				continue
			}
			_, observed := h.Calc(year)
			if observed.IsZero() {
				continue
			}
			k := h.Name + "|" + observed.Format(eventdata.DateLayout)
			if i, ok := at[k]; ok {
				groups[i].regions = append(groups[i].regions, rg)
				continue
			}
			at[k] = len(groups)
			groups = append(groups, group{h, []region{rg}})
		}
	}
	for _, g := range groups {
		if r, ok := c.record(g.h, year, g.regions); ok {
			out = append(out, r)
		}
	}
	for _, x := range carnival {
		if x.country != c.code {
			continue
		}
		if r, ok := x.record(c, year, p); ok {
			out = append(out, r)
		}
	}
	return out
}

// region is the region of c that p is or lies in.
func (c calendar) region(p understand.Place) (region, bool) {
	name := p.Region
	if p.Kind == understand.KindRegion && name == "" {
		name = p.Name
	}
	for _, rg := range c.regions {
		if p.RegionCode != "" && strings.EqualFold(p.RegionCode, rg.code) {
			return rg, true
		}
		for _, n := range rg.names {
			if name != "" && understand.Normalize(n) == understand.Normalize(name) {
				return rg, true
			}
		}
	}
	return region{}, false
}

// record is holiday h of c in year, observed in regions (none for a
// national one, all of c's for one every region keeps); false when h is
// not observed that year.
func (c calendar) record(h *cal.Holiday, year int, regions []region) (eventdata.Record, bool) {
	actual, observed := h.Calc(year)
	if observed.IsZero() {
		return eventdata.Record{}, false
	}
	r := eventdata.Record{
		Title:       h.Name,
		Kind:        kindOf(h.Type),
		Start:       observed.Format(eventdata.DateLayout),
		End:         observed.Format(eventdata.DateLayout),
		Country:     c.country,
		CountryCode: c.code,
	}
	origin := calendarModule + " " + c.pkg
	where := c.country
	var codes []string
	switch {
	case len(regions) == 0:
	case len(regions) == len(c.regions) && len(regions) > 1:
		where = "every region of " + c.country
	default:
		names := make([]string, len(regions))
		for i, rg := range regions {
			names[i] = rg.names[0]
		}
		where = strings.Join(names, ", ") + ", " + c.country
		if len(regions) == 1 {
			r.Region = regions[0].names[0]
		}
	}
	for _, rg := range regions {
		codes = append(codes, rg.code)
	}
	if len(codes) > 0 {
		origin += " regions " + strings.Join(codes, ",")
	}
	desc := []string{what(h.Type) + " in " + where}
	if h.Description != "" {
		desc = append(desc, h.Description)
	}
	if !observed.Equal(actual) {
		desc = append(desc, "observed on "+r.Start+" for "+actual.Format(eventdata.DateLayout))
	}
	r.Description = strings.Join(desc, "; ")
	r.Source = eventdata.Provenance{Source: Name, Origin: origin,
		ID:      c.pkg + ":" + strings.Join(codes, ",") + ":" + h.Name + ":" + r.Start,
		Snippet: fmt.Sprintf("%s, %s: %s (%s)", h.Name, r.Start, r.Description, origin)}
	r.SetKey()
	return r, true
}

func kindOf(t cal.ObservanceType) eventdata.Kind {
	switch t {
	case cal.ObservancePublic, cal.ObservanceBank:
		return eventdata.KindHoliday
	}
	return eventdata.KindObservance
}

// what says what sort of day a holiday is.
func what(t cal.ObservanceType) string {
	switch t {
	case cal.ObservancePublic:
		return "public holiday"
	case cal.ObservanceBank:
		return "bank holiday"
	case cal.ObservanceReligious:
		return "religious holiday"
	}
	return "observance"
}
