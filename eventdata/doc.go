// Package eventdata holds the event sources the events system searches:
// dated, placed records with the provenance they came from, behind one
// interface.
//
// # The interface
//
// A Source answers a Query with ranked Hits:
//
//	type Source interface {
//		Name() string
//		Search(ctx context.Context, q Query) (Result, error)
//	}
//
// A Query is a profile: a Place (a city, region or country from the
// understand package's gazetteer, with its coordinates), a time frame
// [From, To) (an understand.TimeFrame's bounds), free Text and Keywords
// (interests), an Online filter and a Limit. Every Hit is a Record — title,
// first and last day (YYYY-MM-DD, in the event's own time zone), venue,
// city, region, country, URL, description, topics — and its Provenance:
// the source, the file or calendar that produced it, the record's id or
// URL and the raw snippet it was read from. Nothing is filled in that the
// source did not give: a web result has no dates, a holiday no URL.
//
// Sources:
//   - holidays (package eventdata/holidays): public holidays, regional
//     holidays and observances per country computed by
//     github.com/rickar/cal/v2; each record names the calendar that
//     produced it. Always available, no files.
//   - index (package eventdata/index): a person's own iCalendar, JSON and
//     CSV event lists, added with `cairn events index add`, searched with
//     bleve (BM25) and structured filters.
//   - web (package eventdata/websearch): Tavily and SearXNG, when a key or
//     URL is configured.
//
// Sources queries several sources as one, in parallel: hits are merged
// by rank, and a source that fails is listed in Result.Failures, so a
// caller labels the answer partial instead of losing the rest. Errors
// that say why a source failed: ErrUnavailable (down, refused, 5xx),
// ErrRateLimited (as a *RateLimitError with the Retry-After asked for),
// ErrUnauthorized and ErrBadQuery; check them with errors.Is.
//
// # Matching
//
// Query.MatchPlace and Query.MatchDates are the one meaning of "in this
// place" and "in this time frame" every source applies: a record with no
// city (a national holiday) covers its whole country or region, a city
// record matches its city by gazetteer id or name, or within Radius km.
// Records overlapping the frame by one day match.
//
// # Adding a source
//
// Implement Source; filter with Query.MatchPlace and Query.MatchDates;
// give every Record its Provenance and Key (NewKey); return
// ErrUnavailable or a *RateLimitError wrapped with %w so callers can tell
// a down backend from a bad query.
package eventdata
