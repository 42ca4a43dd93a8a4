package roadtrip

import (
	"cmp"
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/cairn-agents/cairn/apps/roadtrip/locnav"
	"github.com/cairn-agents/cairn/understand"
)

// readSpec is the understanding policy. The understand package reads the
// question (places and their roles, counts, fractions, an inline
// format); the family comes from what is asked for (counts of routes and
// towns, fractions of a drive, people's homes and words of meeting,
// places north or south of landmarks); each field from the places' roles
// and the quantities. o gives the gazetteer and the preferred regions.
func readSpec(t locnav.Task, o understand.Options) taskSpec {
	s := taskSpec{Keys: understand.Format{JSON: t.OutputFormat}.Keys()}
	if u := unsupportedBy(t); u != "" {
		s.Family, s.Unsupported = locnav.MultiServer, u
		return s
	}
	if c := uncheckable(t.Question); c != "" {
		s.Why = c
		return s
	}
	o.Terms = placeTerms
	text := t.Question
	var bullets json.RawMessage
	if len(t.OutputFormat) == 0 {
		bullets, text = bulletFormat(text)
	}
	text = tidyQuestion(text, o)
	read := text
	if sp, ok := o.Gazetteer.(understand.Speller); ok {
		read = maskedVerbs(text, sp, o.Prefer)
	}
	r := understand.Read(read, o)
	r.Text = text // the masked verbs are words again; spans are unchanged
	otherNames(r, o)
	dropItemNumbers(r)
	dropNounFractions(r)
	q := newQuestion(r, o.Gazetteer != nil)
	switch {
	case len(t.OutputFormat) == 0 && q.r.Format != nil:
		s.Format = q.r.Format.JSON
		s.Keys = q.r.Format.Keys()
	case bullets != nil:
		s.Format = bullets
		s.Keys = understand.Format{JSON: bullets}.Keys()
	}
	if m := ratingOf(q.r); m > 0 {
		s.MinRating = m
	}
	if asked := q.notInMaps(); asked != "" {
		s.Why = "the question asks only for " + asked + ", which no maps tool gives: the maps give places, routes, driving times and distances"
		return s
	}
	s.Family, s.Why = q.family(s.Keys)
	switch s.Family {
	case locnav.RoadTrip:
		q.roadTrip(&s, formatOf(t, s))
	case locnav.EvenStops:
		q.evenStops(&s)
	case locnav.MeetingPoint:
		q.meeting(&s)
	case locnav.PlaceFinding:
		q.directional(&s)
	}
	s.Unknown = q.unknown(s.Family)
	if why := q.offMaps(&s, o.Gazetteer, o.Prefer); why != "" {
		var d map[string]any
		if len(t.OutputFormat) == 0 && len(s.Format) == 0 && json.Unmarshal([]byte(defaultFormats[s.Family]), &d) == nil {
			// the empty answer keeps the shape of what was asked, its
			// keys in the order renderAnswer writes a default format's
			s.Format, _ = json.Marshal(d)
		}
		s.Family, s.Why = "", why
	}
	s.Notes, s.Readings = q.r.Notes, q.r.Readings
	return s
}

// unsupportedBy says why a task needs more than maps tools: another MCP
// server, a weather forecast, a web page; "" when it does not.
func unsupportedBy(t locnav.Task) string {
	for _, srv := range t.Servers {
		if n := strings.ToLower(srv); n != "" && n != "google-maps" && n != "google_maps" {
			return fmt.Sprintf("the task needs the %q MCP server, which this planner does not have (maps tools only)", srv)
		}
	}
	lq := strings.ToLower(t.Question)
	switch {
	case strings.Contains(lq, "weather") || strings.Contains(lq, "forecast"):
		return "the task depends on a weather forecast; no weather server is available"
	case strings.Contains(lq, "blog") || strings.Contains(lq, "website") || strings.Contains(lq, "http://") || strings.Contains(lq, "https://"):
		return "the task needs a web browser (playwright) to read a page; no browser server is available"
	}
	return ""
}

// formatOf is the answer format the task gives or the question writes.
func formatOf(t locnav.Task, s taskSpec) []byte {
	if len(t.OutputFormat) > 0 {
		return t.OutputFormat
	}
	return s.Format
}

// ratingOf is a minimum rating written with stars or "rating of".
func ratingOf(r *understand.Reading) float64 {
	for _, q := range r.Quantities {
		if q.Unit == "star" && q.Value <= 5 || q.Kind == understand.Count && q.Value <= 5 && q.Value != math.Trunc(q.Value) &&
			strings.Contains(strings.ToLower(r.Text[max(0, q.Start-20):q.Start]), "rating") {
			return q.Value
		}
	}
	return 0
}

// question is a reading with the lookups the family policies share.
type question struct {
	r      *understand.Reading
	lower  string // the text, lower case
	places []understand.Mention
	known  bool // a gazetteer resolved names
}

func newQuestion(r *understand.Reading, known bool) *question {
	q := &question{r: r, lower: strings.ToLower(r.Text), known: known}
	if r.Format != nil { // the format's words are nobody's
		q.lower = q.lower[:r.Format.Start] + strings.Repeat(" ", r.Format.End-r.Format.Start) + q.lower[r.Format.End:]
	}
	r.Terms = slices.DeleteFunc(r.Terms, q.asVerb)
	for _, m := range r.Mentions {
		if m.Role != understand.RoleRegion && (!isRegion(m) || q.endByWhatIsThere(m) || q.worksOrLivesIn(m) && namesTown(m)) && !q.asVerbPlace(m) && !eventName(m) && !q.occasionMonth(m) && !q.speaker(m) && !q.personBeforePlace(m) {
			q.places = append(q.places, m)
		}
	}
	q.places = q.reachedByVerb(q.undescribed(q.untaken(q.places)))
	return q
}

// isRegion says whether a mention was read as a state or a country.
func isRegion(m understand.Mention) bool {
	return m.Place != nil && (m.Place.Kind == understand.KindRegion || m.Place.Kind == understand.KindCountry || m.Place.Kind == understand.KindContinent) &&
		!(m.Place.Region == m.Place.Name && m.Role != understand.RoleIn && m.Role != understand.RoleNone) // a parish named like its town
}

// has says whether the question writes any of the phrases, as words
// ("meet" in "meeting" or "meets", not in "street").
func (q *question) has(phrases ...string) bool {
	for _, p := range phrases {
		for from := 0; from < len(q.lower); {
			i := strings.Index(q.lower[from:], p)
			if i < 0 {
				break
			}
			i += from
			from = i + 1
			if i > 0 && isLetter(q.lower[i-1]) {
				continue
			}
			rest := q.lower[i+len(p):]
			for _, suffix := range []string{"ing", "es", "s", "ed", ""} {
				if r, ok := strings.CutPrefix(rest, suffix); ok && (r == "" || !isLetter(r[0])) {
					return true
				}
			}
		}
	}
	return false
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' }

// role returns the places with one of the roles, in the text's order.
func (q *question) role(roles ...understand.Role) []understand.Mention {
	var out []understand.Mention
	for _, m := range q.places {
		if slices.Contains(roles, m.Role) {
			out = append(out, m)
		}
	}
	return out
}

// count is the first count of a thing whose head is in heads and whose
// noun passes ok (nil: any); 0 and false when none is written.
// A number written wins over "a" ("a road trip with 3 route options"),
// and a count said as a correction over the one it corrects ("one rest
// stop, actually no make that two rest stops").
func (q *question) count(heads map[string]bool, ok func(noun string) bool) (int, bool) {
	for _, article := range []bool{false, true} {
		n, found := 0, false
		for _, x := range q.r.Quantities {
			if x.Kind == understand.Count && x.Article == article && heads[x.Head] && (ok == nil || ok(x.Noun)) && x.Value >= 0 && x.Value < 1000 && !countsPeople(x) {
				if !found || q.corrects(x.Start) {
					n, found = int(x.Value), true
				}
			}
		}
		if found {
			return n, true
		}
	}
	return 0, false
}

// types are the place types the question asks for, in order.
func (q *question) types(from, to int) []string {
	var out []string
	for _, t := range q.r.Terms {
		if t.Start >= from && t.End <= to && !slices.Contains(out, t.Label) {
			out = append(out, t.Label)
		}
	}
	return out
}

// family decides what is asked for from the evidence of each family;
// why says what decided it, or what is missing when nothing does.
func (q *question) family(keys []string) (locnav.Family, string) {
	switch {
	case slices.Contains(keys, "routes"):
		return locnav.RoadTrip, "the answer format has routes"
	case slices.Contains(keys, "route_1_stops"):
		return locnav.EvenStops, "the answer format has stops per route"
	}
	fraction := q.has(evenWords...)
	for _, x := range q.r.Quantities {
		fraction = fraction || x.Kind == understand.Fraction
	}
	from, to := q.role(understand.RoleFrom), q.role(understand.RoleTo)
	between := q.role(understand.RoleBetween)
	ends := len(from) > 0 && len(to) > 0 || len(between) >= 2
	homes := len(q.role(understand.RoleHome)) + len(q.peopleIn())
	relative := len(q.role(understand.RoleRelative))
	// Meeting: "meet" said, or people in two places and a word of
	// fairness ("the same driving time for both of us").
	meet := q.has(meetWords...) || q.mealTogether() && homes+len(from)+len(between) >= 2
	fair := (q.has(fairWords...) || q.fairTimes()) && homes+len(from)+len(between) >= 2
	// Numbers of routes or towns, written ("a driving route" is no
	// evidence, "one stop" is a stop of any kind).
	tripCounts := false
	for _, x := range q.r.Quantities {
		if x.Kind == understand.Count && !x.Article && !countsPeople(x) && (routeHeads[x.Head] || cityHeads[x.Head] && x.Head != "stop" && tripNoun(x.Noun)) {
			tripCounts = true
		}
	}
	kinds := len(q.r.Terms) > 0
	// "Stop every 40 minutes of a 2-hour drive", not routes to plan.
	fraction = fraction || !tripCounts && q.intervalStops() > 0

	scores := map[locnav.Family]float64{}
	why := map[locnav.Family]string{}
	if relative > 0 {
		scores[locnav.PlaceFinding] = 2
		why[locnav.PlaceFinding] = "places north, south, east or west of a landmark"
		if kinds {
			scores[locnav.PlaceFinding] = 4
		}
	}
	people := homes + len(from) + len(between)
	switch {
	case meet && people < 2 && relative > 0 && kinds:
		// "I meet clients for a bite … 2 restaurants west of X": nobody's
		// place is given, the places asked lie by landmarks.
		scores[locnav.MeetingPoint] = 2
		why[locnav.MeetingPoint] = "a place to meet"
	case meet:
		scores[locnav.MeetingPoint] = 5
		why[locnav.MeetingPoint] = "a place to meet"
	case fair:
		scores[locnav.MeetingPoint] = 3
		why[locnav.MeetingPoint] = "a place fair to people in two places"
	}
	if homes >= 2 {
		scores[locnav.MeetingPoint] += 3
		why[locnav.MeetingPoint] = "the places people are in"
	}
	if fraction {
		scores[locnav.EvenStops] = 1.5
		why[locnav.EvenStops] = "stops at a fraction of a drive"
		switch {
		case len(from) > 0 && len(to) > 0 || q.drive():
			scores[locnav.EvenStops] = 7 // a drive from one place to another: no meeting
		case ends || len(from)+len(to) > 0:
			scores[locnav.EvenStops] = 4
		}
	}
	if tripCounts {
		scores[locnav.RoadTrip] = 3
		why[locnav.RoadTrip] = "routes and towns to plan"
	}
	if q.has(tripWords...) {
		scores[locnav.RoadTrip] += 1
		why[locnav.RoadTrip] = cmp.Or(why[locnav.RoadTrip], "a road trip")
	}
	if ends && (len(from) > 0 || q.has(tripWords...)) && scores[locnav.RoadTrip] > 0 || len(from) > 0 && len(to) > 0 && !kinds && !fraction {
		scores[locnav.RoadTrip] += 1
		why[locnav.RoadTrip] = cmp.Or(why[locnav.RoadTrip], "a drive from one place to another")
	}
	best, bestScore := locnav.Family(""), 0.0
	for _, f := range []locnav.Family{locnav.RoadTrip, locnav.EvenStops, locnav.MeetingPoint, locnav.PlaceFinding} {
		if scores[f] > bestScore {
			best, bestScore = f, scores[f]
		}
	}
	if best != "" {
		return best, why[best]
	}
	// Nothing decides: the format's stops say a place is wanted, and two
	// ends make it a trip.
	if slices.Contains(keys, "stops") && homes+len(between) >= 2 {
		return locnav.MeetingPoint, "two places and an answer of stops"
	}
	if len(from) > 0 && len(to) > 0 {
		return locnav.RoadTrip, "a drive from one place to another"
	}
	return "", "cannot tell what is asked: no routes to plan (\"2 routes from Wilmington to Dover\"), no stop along a drive (\"a cafe halfway from Wilmington to Dover\"), " +
		"no place for people to meet (\"I live in Newark, my friend in Dover: where do we meet?\") and no place north or south of a landmark"
}

// drive says whether the question names a drive's two ends, perhaps
// by what is at them ("from her place in Seaford to her cardiologist in
// Dover"); not two places between which something lies.
func (q *question) drive() bool {
	start, end := q.ends()
	return start != nil && end != nil && start.Role != understand.RoleBetween && end.Role != understand.RoleBetween
}

// tripNoun says whether a counted noun is a town a route passes, not a
// stop of a kind ("rest stop", "gas station").
func tripNoun(noun string) bool {
	for _, w := range strings.Fields(noun) {
		switch w {
		case "rest", "gas", "fuel", "scenic", "view", "charging", "coffee", "food", "lunch", "bathroom", "service":
			return false
		}
	}
	return true
}

// specName is how a spec names a place: the reading's name with its
// region or country ("Newark, Delaware", "Encamp, Andorra"), else the
// words as written with the region written after them.
func specName(m understand.Mention) string {
	if p := m.Place; p != nil {
		if p.Kind == understand.KindCity && fuller(m.Text, p.Name) {
			c := *p
			c.Name = m.Text
			p = &c
		}
		switch {
		case p.Kind == understand.KindCountry || p.Kind == understand.KindRegion && p.Region != p.Name:
			return p.Name
		case p.Region != "" && p.Region != p.Name && p.CountryCode == "US":
			return p.Name + ", " + p.Region
		case p.Country != "" && p.Country != p.Name:
			return p.Name + ", " + p.Country
		}
		return p.Name
	}
	if m.Qualifier != "" {
		return m.Text + ", " + m.Qualifier
	}
	return m.Text
}

// regionOf is the region a reading lies in, as a trip's Region hint.
func regionOf(m understand.Mention) string {
	p := m.Place
	switch {
	case p == nil:
		return m.Qualifier
	case p.CountryCode == "US" && p.Region != "":
		return p.Region
	}
	return p.Country
}

func (q *question) roadTrip(s *taskSpec, format []byte) {
	start, end := q.ends()
	if start != nil {
		s.Start = specName(*start)
	}
	if end != nil {
		s.End = specName(*end)
		s.Region = regionOf(*end)
	}
	if s.Region == "" && start != nil {
		s.Region = regionOf(*start)
	}
	s.Routes = 1
	if n, ok := q.count(routeHeads, nil); ok && n > 0 {
		s.Routes = n
	}
	isEnd := func(m understand.Mention) bool {
		return start != nil && m.Span == start.Span || end != nil && m.Span == end.Span ||
			start != nil && m.Place != nil && start.Place != nil && m.Place.ID == start.Place.ID ||
			end != nil && m.Place != nil && end.Place != nil && m.Place.ID == end.Place.ID
	}
	// Places to pass, and people to see on the way ("we must visit
	// friends in 'Coalinga'").
	avoided, visited := q.rolesAfter()
	for _, m := range slices.Concat(q.role(understand.RoleVia, understand.RoleHome), visited, q.wishedVisits()) {
		if m.Role == understand.RoleHome && strings.HasSuffix(m.Cue, "from") {
			continue // where travellers come from ("we are four friends from Milano"), no visit
		}
		if n := specName(m); !isEnd(m) && !slices.Contains(s.Include, n) &&
			!slices.ContainsFunc(avoided, func(a understand.Mention) bool { return a.Span == m.Span }) {
			s.Include = append(s.Include, n)
		}
	}
	for _, m := range slices.Concat(q.role(understand.RoleAvoid), avoided, q.refusedTowns()) {
		if n := specName(m); !isEnd(m) && !slices.Contains(s.Avoid, n) {
			s.Avoid = append(s.Avoid, n)
		}
	}
	if n, ok := q.count(cityHeads, tripNoun); ok {
		s.Cities = n
	} else {
		s.Cities = cmp.Or(len(s.Include), 2) // the must-visit places, else two towns on the way
	}
	if n, ok := q.count(map[string]bool{"stop": true, "area": true, "break": true, "stopover": true, "facility": true}, func(n string) bool {
		return strings.Contains(n, "rest") || strings.Contains(n, "service")
	}); ok {
		s.RestStops = n
	} else if q.has(restWords...) {
		s.RestStops = 1 // "with rest stops": one per route
	}
	if n, ok := q.count(viewHeads, nil); ok {
		s.Viewpoints = n
	} else if n, ok := q.count(map[string]bool{"spot": true, "point": true, "place": true, "stop": true}, func(n string) bool { return strings.Contains(n, "scenic") }); ok {
		s.Viewpoints = n
	} else if q.has(viewWords...) {
		s.Viewpoints = 1
	}
	// "No rest stops needed", "without a viewpoint", "skip the rest
	// areas": none asked.
	if q.negated(restWords...) {
		s.RestStops = 0
	}
	if q.negated(viewWords...) {
		s.Viewpoints = 0
	}
	if route := routeTemplateKeys(format); len(route) > 0 {
		if !slices.Contains(route, "rest_stops") {
			s.RestStops = 0
		}
		if !slices.Contains(route, "scenic_viewpoints") {
			s.Viewpoints = 0
		}
	}
}

// ends are the start and the end of a trip or a leg: from and to,
// between … and …, a home and a destination.
func (q *question) ends() (start, end *understand.Mention) {
	from, to := q.role(understand.RoleFrom), q.role(understand.RoleTo)
	if len(from) > 0 {
		start = q.pairedFrom(from)
	}
	end = q.destination(start, to)
	if b := q.role(understand.RoleBetween); len(b) >= 2 && (start == nil || end == nil) {
		if start == nil && end == nil {
			return &b[0], &b[1]
		}
		if start == nil {
			start = &b[0]
		} else {
			end = &b[1]
		}
	}
	if start == nil {
		start = q.leftHome()
	}
	if end == nil {
		end = q.goneTo(start)
	}
	if end == nil {
		end = q.endedIn(start)
	}
	if start != nil && q.askerOrigin(*start) { // "we are a family from Istanbul. We rent a car in …"
		if p := q.pickedUpIn(end); p != nil && p.Start > start.End {
			start = p
		} else if end != nil {
			if p, e := q.nowAt(*start, *end); p != nil {
				start, end = p, e
			}
		}
	}
	if start == nil && end != nil {
		start = q.pickedUpIn(end)
	}
	if start == nil && end != nil {
		start = q.setOffFrom(end)
	}
	if start == nil && end != nil {
		start = q.gatheredAt(end)
	}
	if start == nil && end != nil {
		// "We live in Dover and want to drive over to Newark."
		h := slices.DeleteFunc(q.role(understand.RoleHome, understand.RoleNone), func(m understand.Mention) bool { return guessedAbroad(m, *end) })
		if len(h) > 0 && h[0].Start < end.Start {
			start = &h[0]
		}
	}
	if start != nil && end == nil {
		end = q.eventPlace(start)
	}
	if start != nil && end == nil {
		end = q.visitedHome(start)
	}
	if m := q.restated(start, understand.RoleFrom); m != nil && end != nil && m.Start > end.End {
		start = m
	}
	if m := q.restated(end, understand.RoleTo); m != nil && start != nil && start.End < end.Start {
		end = m
	}
	return start, end
}

// unknown are the names the family needs that no gazetteer knows: the
// ends, the stops to visit or avoid, the people's places. Landmarks a
// place must lie north or south of may be unknown to the gazetteer and
// known to the maps, so they are left to the maps.
func (q *question) unknown(family locnav.Family) []string {
	if !q.known {
		return nil
	}
	var out []string
	for _, m := range q.places {
		if m.Place != nil || q.person(m) {
			continue
		}
		switch m.Role {
		case understand.RoleFrom, understand.RoleTo, understand.RoleBetween, understand.RoleVia, understand.RoleHome:
			if family != locnav.PlaceFinding && !slices.Contains(out, m.Text) {
				out = append(out, m.Text)
			}
		}
	}
	return out
}
