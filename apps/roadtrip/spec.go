package roadtrip

import (
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/cairn-agents/cairn/apps/roadtrip/locnav"
)

// taskSpec is what the question asks for: the understanding decision. A model
// extracts it when one is configured; parseSpec is the policy.
type taskSpec struct {
	Family locnav.Family `json:"family" enum:"road_trip,even_stops,meeting_point,place_finding,multi_server"`
	// Road trips.
	Start      string   `json:"start,omitempty" jsonschema:"starting city or place, as written in the question"`
	End        string   `json:"end,omitempty" jsonschema:"destination city or place"`
	Routes     int      `json:"routes,omitempty" jsonschema:"number of distinct routes"`
	Cities     int      `json:"cities,omitempty" jsonschema:"intermediate cities per route"`
	RestStops  int      `json:"rest_stops,omitempty" jsonschema:"rest stops per route"`
	Viewpoints int      `json:"viewpoints,omitempty" jsonschema:"scenic viewpoints per route"`
	Region     string   `json:"region,omitempty" jsonschema:"state or country the trip is in, when the question names one"`
	Include    []string `json:"include,omitempty" jsonschema:"cities every route must visit"`
	Avoid      []string `json:"avoid,omitempty" jsonschema:"cities no route may visit"`
	// Even stops: one leg per route_N_stops key (or one for stops).
	Legs []legSpec `json:"legs,omitempty"`
	// Meeting points.
	Origins []originSpec `json:"origins,omitempty"`
	// Place search (meeting, directional, even stops share Legs[i].Types).
	PlaceTypes []string        `json:"place_types,omitempty" jsonschema:"Google place types wanted, e.g. cafe, restaurant"`
	MinRating  float64         `json:"min_rating,omitempty"`
	Area       string          `json:"area,omitempty" jsonschema:"city or country the place must be in (directional tasks)"`
	Count      int             `json:"count,omitempty" jsonschema:"places wanted (directional tasks)"`
	Directions []directionSpec `json:"directions,omitempty"`
	// Keys are the output format's top-level keys.
	Keys        []string `json:"keys"`
	Unsupported string   `json:"unsupported,omitempty" jsonschema:"why the task cannot be done with maps tools alone"`
}

// legSpec is one leg of an even-stops task.
type legSpec struct {
	From  string   `json:"from"`
	To    string   `json:"to"`
	Stops int      `json:"stops" jsonschema:"intermediate stops at equal fractions: 1 midpoint, 2 thirds, 3 quarters..."`
	Types []string `json:"types" jsonschema:"Google place types accepted for the stops"`
}

// originSpec is one person's starting place for a meeting point.
type originSpec struct {
	Place string `json:"place"`
	Mode  string `json:"mode" enum:"driving,walking,bicycling"`
}

// directionSpec says the answer lies Direction of Ref.
type directionSpec struct {
	Direction string `json:"direction" enum:"north,south,east,west"`
	Ref       string `json:"ref"`
}

// Validate checks what the schema cannot. Its errors name what the
// question lacks, in words for the person who asked it.
func (s taskSpec) Validate() error {
	switch s.Family {
	case locnav.RoadTrip:
		switch {
		case s.Start == "" && s.End == "":
			return fmt.Errorf("%w: no starting place and no destination (write e.g. \"from Wilmington to Dover\")", errUnclear)
		case s.Start == "":
			return fmt.Errorf("%w: no starting place (write e.g. \"from Wilmington to %s\")", errUnclear, s.End)
		case s.End == "":
			return fmt.Errorf("%w: no destination (write e.g. \"from %s to Dover\")", errUnclear, s.Start)
		}
		if s.Routes < 1 || s.Routes > 10 || s.Cities < 0 || s.Cities > 20 || s.RestStops < 0 || s.Viewpoints < 0 {
			return fmt.Errorf("road_trip counts out of range: routes %d (1-10), cities %d (0-20)", s.Routes, s.Cities)
		}
	case locnav.EvenStops:
		if len(s.Legs) == 0 {
			return fmt.Errorf("%w: no route to put stops on (write e.g. \"the midpoint between Wilmington and Dover\")", errUnclear)
		}
		for i, l := range s.Legs {
			switch {
			case l.From == "" && l.To == "":
				return fmt.Errorf("%w: leg %d has no starting place and no destination (write e.g. \"halfway from Wilmington to Dover\")", errUnclear, i+1)
			case l.From == "":
				return fmt.Errorf("%w: leg %d has no starting place", errUnclear, i+1)
			case l.To == "":
				return fmt.Errorf("%w: leg %d has no destination", errUnclear, i+1)
			case l.Stops < 1 || l.Stops > 10:
				return fmt.Errorf("legs[%d]: %d stops, want 1-10", i, l.Stops)
			}
		}
	case locnav.MeetingPoint:
		if len(s.Origins) < 2 || len(s.Origins) > 6 {
			return fmt.Errorf("%w: a meeting point needs the places of 2-6 people, found %d (write e.g. \"I live in Newark, my friend lives in Dover\")", errUnclear, len(s.Origins))
		}
	case locnav.PlaceFinding:
		if len(s.PlaceTypes) == 0 {
			return fmt.Errorf("%w: no kind of place to find (e.g. cafe, museum, park)", errUnclear)
		}
		if len(s.Directions) == 0 {
			return fmt.Errorf("%w: no landmark to be north, south, east or west of", errUnclear)
		}
	}
	return nil
}

// errUnclear is wrapped by Spec.Validate when the question does not say
// something the task needs (a starting place, a destination, ...).
var errUnclear = errors.New("question not understood")

var (
	numWord = map[string]int{"a": 1, "an": 1, "one": 1, "single": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
		"seven": 7, "eight": 8, "nine": 9, "ten": 10}
	quotedRe  = regexp.MustCompile(`(?:^|[\s(])'([A-Z][^']{1,80}?)'(?:[\s.,!?;:)]|$)`)
	ratingRe  = regexp.MustCompile(`(?i)rating of (?:at least )?(\d(?:\.\d+)?)`)
	dirRe     = regexp.MustCompile(`(?i)(north|south|east|west) of the (?:latitude|longitude) of '([^']+)'`)
	areaRe    = regexp.MustCompile(`(?i)location in (.+?) that`)
	typeQRe   = regexp.MustCompile(`'([a-zA-Z_ ]{2,40})'`)
	regionRe  = regexp.MustCompile(`(?:'\s*,\s*|\bin )([A-Z][a-zA-Z]+(?: [A-Z][a-zA-Z]+)?)\b`)
	identRe   = regexp.MustCompile(`(?i)identify (\d+|one|two|three)`)
	originRe  = regexp.MustCompile(`(?:live|lives|living|based|operates|located|staying|residing|is|am)\s+(?:in|at|from)\s+(?:the\s+)?([A-Z][^.!?]*?)(?:[.!?](?:\s|$)|,\s+(?:and|while|another|my)\b|\s+(?:while)\b|\s+and\s+(?:my|our|I|we|his|her|their|one|another|she|he)\b|;)`)
	walkRe    = regexp.MustCompile(`(?i)walking time from (?:the )?([^.,!?]+)`)
	fromToRe  = regexp.MustCompile(`(?i)\bfrom (?:the )?(.+?) to (?:the )?(.+?)(?: with | for |[.!?](?:\s|$))`)
	startAtRe = regexp.MustCompile(`(?i)start(?:ing|s)? (?:at|in|from) (?:the )?(.+?) and (?:conclud|end)(?:ing|s)? (?:at|in) (?:the )?(.+?)(?: with |[.!?](?:\s|$))`)
	leg2Res   = []*regexp.Regexp{
		regexp.MustCompile(`(?i)\b(?:go|travel|drive|head) to (?:the )?(.+?)(?:,| so | to | and |[.!?](?:\s|$))`),
		regexp.MustCompile(`(?i)\bback to (?:the )?(.+?)(?: so | to | and |[.!?](?:\s|$))`),
		regexp.MustCompile(`(?i)\breturn to (?:the )?(.+?)(?: so | from | to | and |[.!?](?:\s|$))`),
	}
	// fractions are the words for stops at even fractions, lower case:
	// plain substrings, since a case-insensitive regexp per fraction
	// was most of the parsing time.
	fractions = []struct {
		words []string
		stops int
	}{
		{[]string{"midpoint", "mid point", "mid-point", "halfway", "half way", "half-way", "midway"}, 1},
		{[]string{"trisection", "third points"}, 2},
		{[]string{"quarter points"}, 3},
		{[]string{"fifth points"}, 4},
		{[]string{"sixth points"}, 5},
	}
	adjectives = []string{"renowned ", "iconic ", "breathtaking ", "beautiful ", "spectacular ", "magnificent ", "amazing "}
)

// typeWords map words of a question to Google place types.
var typeWords = []struct{ word, typ string }{
	{"gas_station", "gas_station"}, {"gas station", "gas_station"}, {"restaurant", "restaurant"},
	{"cafe", "cafe"}, {"coffee", "cafe"}, {"hotel", "lodging"}, {"park", "park"},
	{"swimming pool", "swimming_pool"}, {"library", "library"}, {"stadium", "stadium"},
	{"hospital", "hospital"}, {"museum", "museum"},
	{"lunch", "restaurant"}, {"dinner", "restaurant"}, {"fuel", "gas_station"}, {"petrol", "gas_station"}, {" gas", "gas_station"},
}

func atoiWord(s string) int {
	if n, err := strconv.Atoi(s); err == nil {
		return n
	}
	return numWord[strings.ToLower(s)]
}

// formatKeys returns the top-level keys of an output format, in order.
func formatKeys(format json.RawMessage) []string {
	dec := json.NewDecoder(strings.NewReader(string(format)))
	tok, err := dec.Token()
	if err != nil || tok != json.Delim('{') {
		return nil
	}
	var keys []string
	for dec.More() {
		k, err := dec.Token()
		if err != nil {
			return keys
		}
		if s, ok := k.(string); ok {
			keys = append(keys, s)
		}
		var skip json.RawMessage
		if err := dec.Decode(&skip); err != nil {
			return keys
		}
	}
	return keys
}

// parseSpec is the understanding policy: it reads the question and the
// output format's keys. servers are the MCP servers the task names.
func parseSpec(question string, format json.RawMessage, servers []string) taskSpec {
	s := taskSpec{Keys: formatKeys(format)}
	q := strings.Join(strings.Fields(question), " ")
	lq := strings.ToLower(q)
	for _, srv := range servers {
		if n := strings.ToLower(srv); n != "" && n != "google-maps" && n != "google_maps" {
			s.Family, s.Unsupported = locnav.MultiServer, fmt.Sprintf("the task needs the %q MCP server, which this planner does not have (maps tools only)", srv)
			return s
		}
	}
	switch {
	case strings.Contains(lq, "weather") || strings.Contains(lq, "forecast"):
		s.Family, s.Unsupported = locnav.MultiServer, "the task depends on a weather forecast; no weather server is available"
		return s
	case strings.Contains(lq, "blog") || strings.Contains(lq, "website") || strings.Contains(lq, "http://") || strings.Contains(lq, "https://"):
		s.Family, s.Unsupported = locnav.MultiServer, "the task needs a web browser (playwright) to read a page; no browser server is available"
		return s
	}
	if m := ratingRe.FindStringSubmatch(q); m != nil {
		s.MinRating, _ = strconv.ParseFloat(m[1], 64)
	}
	has := func(k string) bool { return slices.Contains(s.Keys, k) }
	meeting := strings.Contains(lq, "meet") || strings.Contains(lq, "time from") || strings.Contains(lq, "driving time") || strings.Contains(lq, "walking time")
	switch {
	case has("routes"):
		parseRoadTrip(&s, q, format)
	case has("route_1_stops") || hasFraction(q) && !(meeting && len(s.Keys) == 0):
		parseEvenStops(&s, q)
	case dirRe.MatchString(q) || len(s.Keys) == 0 && freeDirRe.MatchString(q) && !tripWordRe.MatchString(q):
		parseDirectional(&s, q)
	case len(s.Keys) == 0 && !meeting:
		// No format to go by: a trip unless it speaks of meeting.
		parseRoadTrip(&s, q, format)
	default:
		parseMeeting(&s, q)
	}
	return s
}

func hasFraction(q string) bool {
	return fractionStops(q) > 0 || evenRe.MatchString(q)
}

// fractionStops is the number of stops the first fraction word in q
// asks for ("midpoint" 1, "quarter points" 3), or 0.
func fractionStops(q string) int {
	lq := strings.ToLower(q)
	for _, f := range fractions {
		for _, w := range f.words {
			if strings.Contains(lq, w) {
				return f.stops
			}
		}
	}
	return 0
}

func parseRoadTrip(s *taskSpec, q string, format json.RawMessage) {
	s.Family = locnav.RoadTrip
	s.Routes = 1
	c := counts(q)
	lq := strings.ToLower(q)
	if n, ok := c["routes"]; ok {
		s.Routes = n
	}
	s.RestStops = c["rest"]
	if _, ok := c["rest"]; !ok && restWordRe.MatchString(lq) {
		s.RestStops = 1 // "with rest stops": one per route
	}
	s.Viewpoints = c["views"]
	if _, ok := c["views"]; !ok && viewWordRe.MatchString(lq) {
		s.Viewpoints = 1
	}
	route := routeTemplateKeys(format)
	if len(route) > 0 {
		if !slices.Contains(route, "rest_stops") {
			s.RestStops = 0
		}
		if !slices.Contains(route, "scenic_viewpoints") {
			s.Viewpoints = 0
		}
	}
	if quotes := quotedRe.FindAllStringSubmatchIndex(q, -1); len(quotes) >= 2 {
		quotedTrip(s, q, quotes) // MCP-Universe phrasing: 'Start' ... 'End' ... 'Must-visit'
	} else if a, b, ok := endpoints(q); ok {
		s.Start, s.End = a.name, b.name
		s.Region = cmp.Or(b.region, a.region)
		if a.region != "" && a.region != s.Region {
			s.Start += ", " + a.region
		}
		s.Include, s.Avoid = viaAvoid(q)
		s.Include = slices.DeleteFunc(s.Include, func(n string) bool { return n == a.name || n == b.name })
	} else {
		// One end only ("from Wilmington with 3 cities"): kept, so that
		// the question is reported as lacking the other.
		if m := fromRe.FindStringIndex(q); m != nil {
			s.Start, s.Region, _ = placeAt(q[m[1]:], true)
		}
		s.Include, s.Avoid = viaAvoid(q)
	}
	if s.Region == "" {
		for _, m := range regionRe.FindAllStringSubmatch(q, -1) {
			if !slices.Contains(append([]string{s.Start, s.End}, s.Include...), m[1]) && !slices.Contains(s.Avoid, m[1]) {
				s.Region = m[1]
				break
			}
		}
	}
	if n, ok := c["cities"]; ok {
		s.Cities = n
	} else {
		// No count: the must-visit places, else two cities on the way.
		s.Cities = cmp.Or(len(s.Include), 2)
	}
}

var (
	restWordRe = regexp.MustCompile(`\brest (?:stops?|areas?|breaks?)\b`)
	viewWordRe = regexp.MustCompile(`\b(?:viewpoints?|overlooks?|lookouts?|vistas?|scenic (?:views?|spots?|points?))\b`)
)

// quotedTrip reads quoted names: the first two are the start and the end;
// the words before each later one say whether to visit or avoid it.
func quotedTrip(s *taskSpec, q string, quotes [][]int) {
	for i, m := range quotes {
		name := q[m[2]:m[3]]
		switch i {
		case 0:
			s.Start = name
			continue
		case 1:
			s.End = name
			continue
		}
		from := max(0, m[0]-40, quotes[i-1][1])
		before := strings.ToLower(q[from:m[0]])
		if strings.Contains(before, "avoid") || strings.Contains(before, "not ") || strings.Contains(before, "skip") {
			s.Avoid = append(s.Avoid, name)
		} else {
			s.Include = append(s.Include, name)
		}
	}
	if m := regionRe.FindStringSubmatch(q); m != nil && !slices.Contains([]string{s.Start, s.End}, m[1]) {
		s.Region = m[1]
	}
}

func routeTemplateKeys(format json.RawMessage) []string {
	var f struct {
		Routes []json.RawMessage `json:"routes"`
	}
	if json.Unmarshal(format, &f) != nil || len(f.Routes) == 0 {
		return nil
	}
	return formatKeys(f.Routes[0])
}

func cleanPlace(p string) string {
	p = strings.TrimSpace(strings.Trim(p, " ,.;:!?'\""))
	for _, a := range adjectives {
		p = strings.TrimPrefix(p, a)
	}
	p = strings.TrimPrefix(p, "the ")
	return strings.TrimSpace(p)
}

func placeTypes(text string) []string {
	var out []string
	lt := strings.ToLower(text)
	for _, w := range typeWords {
		if strings.Contains(lt, w.word) && !slices.Contains(out, w.typ) {
			out = append(out, w.typ)
		}
	}
	return out
}

func parseEvenStops(s *taskSpec, q string) {
	s.Family = locnav.EvenStops
	legs := 1
	if slices.Contains(s.Keys, "route_2_stops") {
		legs = 2
	}
	sections := []string{q}
	if legs == 2 {
		// The second leg starts at the first sentence after the first
		// fraction that speaks of returning or a second route.
		sents := splitSentences(q)
		first := -1
		for i, se := range sents {
			if hasFraction(se) && first < 0 {
				first = i
				continue
			}
			ls := strings.ToLower(se)
			if first >= 0 && (strings.Contains(ls, "return") || strings.Contains(ls, "second") || strings.Contains(ls, "back") ||
				strings.HasPrefix(ls, "then") || strings.HasPrefix(ls, "after")) {
				sections = []string{strings.Join(sents[:i], " "), strings.Join(sents[i:], " ")}
				break
			}
		}
	}
	for i, sec := range sections {
		l := legSpec{Types: placeTypes(sec)}
		l.Stops = fractionStops(sec)
		if i == 0 {
			if m := startAtRe.FindStringSubmatch(sec); m != nil {
				l.From, l.To = cleanPlace(m[1]), cleanPlace(m[2])
			} else if m := fromToRe.FindStringSubmatch(sec); m != nil && !strings.ContainsAny(m[2], ":;") && len(m[2]) < 60 {
				l.From, l.To = cleanPlace(m[1]), cleanPlace(m[2])
			} else if a, b, ok := endpoints(sec); ok {
				region := cmp.Or(b.region, a.region)
				l.From, l.To = withRegion(a.name, cmp.Or(a.region, region)), withRegion(b.name, cmp.Or(b.region, region))
			}
		} else {
			l.From = s.Legs[0].To
			for _, re := range leg2Res {
				if m := re.FindStringSubmatch(sec); m != nil {
					l.To = cleanPlace(m[1])
					break
				}
			}
			if l.To == "" {
				l.To = s.Legs[0].From
			}
		}
		if l.Stops == 0 && evenRe.MatchString(sec) {
			c := counts(sec)
			l.Stops = cmp.Or(c["stops"], c["places"], typeCount(sec))
		}
		if l.Stops == 0 {
			l.Stops = 1
		}
		s.Legs = append(s.Legs, l)
	}
	for i := range s.Legs {
		s.Legs[i].From, s.Legs[i].To = expandState(s.Legs[i].From), expandState(s.Legs[i].To)
	}
	if legs == 2 && len(s.Legs) == 1 {
		s.Legs = append(s.Legs, legSpec{From: s.Legs[0].To, To: s.Legs[0].From, Stops: s.Legs[0].Stops, Types: s.Legs[0].Types})
	}
	s.PlaceTypes = s.Legs[0].Types
}

func splitSentences(q string) []string {
	var out []string
	start := 0
	for i := 0; i < len(q); i++ {
		if (q[i] == '.' || q[i] == '!' || q[i] == '?') && (i+1 == len(q) || q[i+1] == ' ') {
			out = append(out, strings.TrimSpace(q[start:i+1]))
			start = i + 1
		}
	}
	if rest := strings.TrimSpace(q[start:]); rest != "" {
		out = append(out, rest)
	}
	return out
}

func parseDirectional(s *taskSpec, q string) {
	s.Family = locnav.PlaceFinding
	s.Count = 1
	if m := identRe.FindStringSubmatch(q); m != nil {
		s.Count = max(1, atoiWord(m[1]))
	}
	if !dirRe.MatchString(q) {
		parseFreeDirectional(s, q)
		return
	}
	if m := typeQRe.FindStringSubmatch(q); m != nil {
		s.PlaceTypes = placeTypes(m[1])
		if len(s.PlaceTypes) == 0 {
			s.PlaceTypes = []string{strings.ReplaceAll(strings.ToLower(m[1]), " ", "_")}
		}
	}
	if m := areaRe.FindStringSubmatch(q); m != nil {
		s.Area = strings.TrimSpace(m[1])
	}
	for _, m := range dirRe.FindAllStringSubmatch(q, -1) {
		s.Directions = append(s.Directions, directionSpec{Direction: strings.ToLower(m[1]), Ref: m[2]})
	}
}

// parseFreeDirectional reads "2 cafes in Newark east of the University
// of Delaware": the kind of place and its count before the area, the
// landmarks after each direction.
func parseFreeDirectional(s *taskSpec, q string) {
	first := len(q)
	for _, m := range freeDirRe.FindAllStringSubmatchIndex(q, -1) {
		first = min(first, m[0])
		if ref, _, _ := placeAt(q[m[1]:], false); ref != "" {
			s.Directions = append(s.Directions, directionSpec{Direction: strings.ToLower(q[m[2]:m[3]]), Ref: ref})
		}
	}
	head := q[:first]
	if m := inRe.FindStringIndex(head); m != nil {
		s.Area, _, _ = placeAt(head[m[1]:], false)
		head = head[:m[0]]
	}
	s.PlaceTypes = placeTypes(head)
	if identRe.FindStringSubmatch(q) == nil {
		s.Count = max(1, typeCount(head))
	}
}

var (
	freeDirRe  = regexp.MustCompile(`(?i)\b(north|south|east|west)\s+of\s+`)
	tripWordRe = regexp.MustCompile(`(?i)\broutes?\b|road ?trip|\bdrive from\b|\bdriving from\b`)
	inRe       = regexp.MustCompile(`\bin\s+`)
	evenRe     = regexp.MustCompile(`(?i)\b(?:evenly|equally)[ -](?:spaced|distributed)|\bat equal (?:intervals|distances)`)
)

// typeCount is the number written just before the first place-type word
// ("find 2 cafes"), or 0.
func typeCount(q string) int {
	ws := strings.Fields(q)
	for i, w := range ws {
		if len(placeTypes(w)) == 0 {
			continue
		}
		for j := i - 1; j >= max(0, i-3); j-- {
			if n := atoiWord(strings.ToLower(ws[j])); n > 0 {
				return n
			}
		}
		return 0
	}
	return 0
}

// endpointList reads "A, B and C" (capitalised or quoted names, each
// with the region written after it) at the start of text.
func endpointList(text string) []endpoint {
	var out []endpoint
	for {
		n, r, after := placeAt(text, false)
		if n == "" {
			return out
		}
		out = append(out, endpoint{n, r})
		sep := listSepRe.FindString(after)
		if sep == "" {
			return out
		}
		text = after[len(sep):]
	}
}

// expandState writes a trailing US state code out: "Dover, DE" →
// "Dover, Delaware".
func expandState(name string) string {
	head, code, ok := strings.Cut(name, ", ")
	if st := usStates[code]; ok && st != "" {
		return head + ", " + st
	}
	return name
}

// withRegion writes a region hint after a name: "Dover, Delaware".
func withRegion(name, region string) string {
	if region == "" || strings.Contains(name, ",") {
		return name
	}
	return name + ", " + region
}

func parseMeeting(s *taskSpec, q string) {
	s.Family = locnav.MeetingPoint
	if m := typeQRe.FindStringSubmatch(q); m != nil {
		s.PlaceTypes = placeTypes(m[1])
	}
	if len(s.PlaceTypes) == 0 {
		s.PlaceTypes = placeTypes(q)
	}
	seenO := map[string]bool{}
	for _, m := range originRe.FindAllStringSubmatch(q, -1) {
		p := cleanPlace(m[1])
		k := strings.ToLower(p)
		if p == "" || seenO[k] {
			continue
		}
		seenO[k] = true
		s.Origins = append(s.Origins, originSpec{Place: p, Mode: "driving"})
	}
	if len(s.Origins) < 2 {
		s.Origins = freeOrigins(q, s.Origins)
	}
	for i := range s.Origins {
		s.Origins[i].Place = expandState(s.Origins[i].Place)
	}
	for _, m := range walkRe.FindAllStringSubmatch(q, -1) {
		w := strings.ToLower(strings.TrimSpace(m[1]))
		for i := range s.Origins {
			name := strings.ToLower(s.Origins[i].Place)
			head := name
			if c := strings.IndexAny(head, ","); c > 0 {
				head = head[:c]
			}
			if strings.HasPrefix(w, head) || strings.HasPrefix(head, w) {
				s.Origins[i].Mode = "walking"
			}
		}
	}
}

var (
	originFromRe = regexp.MustCompile(`(?i)\b(?:from|for|between|of)\s+`)
	originInRe   = regexp.MustCompile(`(?i)(?:\b(?:am|is|are|live|lives|living|stay|stays|staying|based|work|works|operates|located|residing|friends?|people|family|colleagues|us)|'m|'re|'s)\s+(?:in|at|near)\s+`)
)

// freeOrigins reads the people's places of a free-form meeting question:
// "I'm in X, my friend is in Y", "between X and Y", "friends from X, Y
// and Z". Origins in have that it does not find are kept after its own.
func freeOrigins(q string, have []originSpec) (out []originSpec) {
	defer func() {
		for _, o := range have {
			if !slices.ContainsFunc(out, func(x originSpec) bool { return strings.EqualFold(x.Place, expandState(o.Place)) }) {
				out = append(out, o)
			}
		}
	}()
	add := func(name, region string) {
		p := withRegion(name, region)
		for _, o := range out {
			if strings.EqualFold(o.Place, p) || strings.EqualFold(strings.SplitN(o.Place, ",", 2)[0], name) {
				return
			}
		}
		out = append(out, originSpec{Place: p, Mode: "driving"})
	}
	for _, m := range originInRe.FindAllStringIndex(q, -1) {
		for _, e := range endpointList(q[m[1]:]) {
			add(e.name, e.region)
		}
	}
	if len(out) >= 2 {
		return out
	}
	for _, m := range originFromRe.FindAllStringIndex(q, -1) {
		if names := endpointList(q[m[1]:]); len(names)+len(out) >= 2 {
			for _, e := range names {
				add(e.name, e.region)
			}
			return out
		}
	}
	return out
}
