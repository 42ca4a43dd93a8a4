package mapschat

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/cairn-agents/cairn/understand"
)

// Kind is what a message asks for, as the policy reads it.
type Kind string

// The kinds of request the policy understands.
const (
	KindGreeting     Kind = "greeting"     // hi, hello
	KindCapabilities Kind = "capabilities" // what can you do?
	KindThanks       Kind = "thanks"       // thanks, bye
	KindNearby       Kind = "nearby"       // pizza near here, gas stations near Dover
	KindDirections   Kind = "directions"   // how far / how long / directions from X to Y, by mode
	KindWhere        Kind = "where"        // where is X
	KindWhatHere     Kind = "what_here"    // what is here?
	KindElevation    Kind = "elevation"    // how high is X
	KindDetails      Kind = "details"      // is the first one open? what's its address?
	KindSave         Kind = "save"         // save this as home
	KindUnknown      Kind = "unknown"      // anything else
)

// conversational kinds are answered without map data.
func (k Kind) conversational() bool {
	return k == KindGreeting || k == KindCapabilities || k == KindThanks || k == KindUnknown
}

// Loc is a place a request names or points at: by a name the maps
// geocode, by a position, or both. Ref says how the message pointed at
// it ("here", "the second one", "home"), empty for a name.
type Loc struct {
	Name    string  `json:"name,omitempty"`
	Point   *LatLng `json:"point,omitempty"`
	PlaceID string  `json:"place_id,omitempty"`
	Ref     string  `json:"ref,omitempty"`
	// Known says the gazetteer knows the name (a city, region or
	// country); an unknown name is searched for as a place.
	Known bool `json:"known,omitempty"`
	// Area marks a region or a country: searched over a wider circle.
	Area bool `json:"area,omitempty"`
}

// label is the place in a person's words; "?" for no place.
func (l *Loc) label() string {
	switch {
	case l == nil:
		return "?"
	case l.Name != "":
		return l.Name
	case l.Ref != "":
		return l.Ref
	case l.Point != nil:
		return fmt.Sprintf("%.5f, %.5f", l.Point.Lat, l.Point.Lng)
	}
	return "?"
}

// arg is the place as a maps tool's address argument: a name as written
// (the maps geocode it), else the position; "" for no place.
func (l *Loc) arg() string {
	if l == nil {
		return ""
	}
	if l.Name != "" && (l.Point == nil || l.Ref == "") {
		return l.Name
	}
	if l.Point != nil {
		return latLngArg(*l.Point)
	}
	return l.Name
}

func latLngArg(p LatLng) string {
	return strconv.FormatFloat(p.Lat, 'f', 6, 64) + "," + strconv.FormatFloat(p.Lng, 'f', 6, 64)
}

// Request is the policy's reading of a message: the decisions' policies
// and the tool arguments come from it.
type Request struct {
	Kind Kind `json:"kind"`
	// Query is what to search for near a place: "pizza", "gas station".
	Query string `json:"query,omitempty"`
	// Near is where to search, the place asked about (where, elevation,
	// what is here) or the place a detail is about.
	Near *Loc `json:"near,omitempty"`
	From *Loc `json:"from,omitempty"`
	To   *Loc `json:"to,omitempty"`
	// Also are further destinations from From, compared with To ("which
	// is closer, Newark or New Castle?"), or further places whose
	// elevation is compared with Near's ("which is higher?").
	Also []*Loc `json:"also,omitempty"`
	// Stops are further stops after To, each leg from the stop before.
	Stops []*Loc `json:"stops,omitempty"`
	// Mode is the travel mode: driving, walking, bicycling, transit.
	Mode string `json:"mode,omitempty"`
	// Modes are further travel modes the same route is asked in ("by
	// car and by bike").
	Modes []string `json:"modes,omitempty"`
	// Detail is what is asked of a place: address, open, hours, phone,
	// website, rating.
	Detail string `json:"detail,omitempty"`
	// Label is the name a place is saved under ("home").
	Label string `json:"label,omitempty"`
	// Missing is the slot the message leaves open and nothing in the
	// conversation fills ("where"); the assistant asks for it.
	Missing string `json:"missing,omitempty"`
	// Unresolved is a reference that points at nothing known ("the
	// second one" with no list before).
	Unresolved string `json:"unresolved,omitempty"`
	// Then is a route asked for after a search ("find a gas station,
	// then route me there"); its To may be the place the search finds.
	Then *Request `json:"then,omitempty"`
	// Accessible asks for a step-free route: the maps only have walking.
	Accessible bool `json:"accessible,omitempty"`
	// Moved is where the person says they are now ("im in smyrna"): the
	// map's centre for the rest of the conversation.
	Moved *Loc `json:"moved,omitempty"`
}

// needsTools says whether the request is answered from map data: a map
// request with every place it needs.
func (r Request) needsTools() bool {
	if r.Missing != "" || r.Unresolved != "" || !r.placed() {
		return false
	}
	switch r.Kind {
	case KindNearby, KindDirections, KindWhere, KindWhatHere, KindElevation:
		return true
	case KindDetails:
		// an address of an earlier result is in the memory; of a place
		// named from the maps' data (no Ref), it is not
		return r.Detail != "address" || r.Near.PlaceID == "" || r.Near.Ref == ""
	}
	return false
}

// placed says whether the request has the places its kind needs: both
// ends of a route, the place of any other map request.
func (r Request) placed() bool {
	switch r.Kind {
	case KindDirections:
		return r.From != nil && r.To != nil && !slices.Contains(r.Also, nil)
	case KindNearby, KindWhere, KindWhatHere, KindElevation, KindDetails, KindSave:
		return r.Near != nil
	}
	return true
}

// settled is r with a map request that lacks a place asking where,
// unless something else already explains it: no policy path then
// reads a place that is not there.
func (r Request) settled() Request {
	if !r.placed() && r.Missing == "" && r.Unresolved == "" {
		r.Missing = "where"
	}
	return r
}

var (
	reGreeting     = regexp.MustCompile(`^(hi|hello|hey|hiya|howdy|good (morning|afternoon|evening)|greetings|yo)\b[\s!.,]*(there|assistant)?[\s!.,]*$`)
	reCapabilities = regexp.MustCompile(`\b(what can you do|what do you do|what are you|who are you|how do(es)? (this|you|it) work|help me\??$|^help\b|what can i ask|what do you know)`)
	reThanks       = regexp.MustCompile(`^(thanks|thank you|thx|cheers|bye|goodbye|ok thanks|great,? thanks|perfect,? thanks)\b`)
	reSave         = regexp.MustCompile(`\b(save|remember|mark|store|bookmark|call|name)\b\s+(.*?)\s*\bas\s+(?:my\s+|the\s+)?([a-z][a-z' -]{0,30}?)\s*[.!?]*$`)
	reDirections   = regexp.MustCompile(`\b(how (?:much )?far|how long|distance|directions?|route|commute|travel time|drive (to|from)|get (to|from)|way to|walk (to|from)|bike (to|from)|cycle (to|from)|how do i get|take me|navigate|miles?|km|kilomet(?:er|re)s?|minutes|(?:drive|driving|walk|walking|cycling|bike|travel|journey) time|(?:walk|drive|cycle|bike|go|get) there|how many (?:miles|km|kilomet(?:er|re)s?|minutes|hours)|(?:is|are) (?:it|that|this|they|those|these|the [a-z'’]+) (?:very |too |really |so |that )?far)\b`)
	reElevation    = regexp.MustCompile(`\b(how high|how tall|elevation|altitude|height of|above sea level|how many (?:meters?|metres?|feet|foot|ft|m) (?:high|up|tall|above)|(?:what|which) height|height (?:is |it is |it's )?above (?:the )?sea)\b`)
	reWhatAt       = regexp.MustCompile(`^(?:what(?:'s|s| is| lies)?(?: at| there at| located at)?|where(?:'s| is)|which place is(?: at)?|reverse geocode|look up|lookup|identify)?\s*[-\d.,\s]+[?.!]*$`)
	reWhatHere     = regexp.MustCompile(`\b(what(?:'s| is) (here|this place|at the (map )?cent(er|re)|around (here|me|us)|near (me|us|here)|nearby)|where am i|where are we|what place is this|what(?:'s| is) this)\b`)
	reDummyIt      = regexp.MustCompile(`\bhow (far|long) (is|would) it (be )?to\b|\bhow long (does|would|will) it take\b`)
	reWhere        = regexp.MustCompile(`^(?:where(?: exactly| precisely)?(?:'s| is| are)(?: exactly| precisely)?|locate|find|show me|show)\s+(.+?)[\s?.!]*$`)
	reHowHigh      = regexp.MustCompile(`(?:how high(?: up)?|how tall|(?:the )?elevation of|(?:the )?altitude of|height of)\s+(?:is|are|'s)?\s*(.+?)[\s?.!]*$`)
	reDetail       = regexp.MustCompile(`\b(wheelchair|accessible|accessibility|step-free|step free|toilets?|restrooms?|open|opening hours|opening times|hours|close|closes|closing|address|telephone|phone|number|call them|website|site|web|rating|rated|reviews?|stars)\b`)
	reFollowMode   = regexp.MustCompile(`^(?:(?:ok(?:ay)?|and|so|then|what about|how about|or|and what about|and how about)[,.]? )*(?:(?:by|on|with|if i|when|going|using|taking|go|we|i) )*(?:the |a |my |our )?(bike|biking|bicycle|bicycling|cycling|foot|walk|walking|car|drive|driving|transit|bus|train|subway|metro|tram|public transport|public transit)\b`)
	reNearbyVerb   = regexp.MustCompile(`^(?:find|show|search|search for|look for|any|are there|is there|where can i (?:get|find|eat)|i want|i need|i'm looking for|im looking for|looking for|get me)\s+(?:me\s+)?(?:some\s+|a\s+|an\s+|the\s+|good\s+|nice\s+|best\s+)*(.+?)(?:\s+(?:anywhere|somewhere))?\s+(?:near|around|close to|in|at|by)\b`)
)

// read is the policy's understanding of the message against the
// session's memory, with the shared understand package.
func (a *Assistant) read(ctx context.Context, t *turn) Request {
	here := a.here(t)
	text := autocorrected(withoutFillers(spanish.inEnglish(french.inEnglish(withBrandKinds(withSpokenMarks(afterSmallTalk(withHomophones(withShorthand(catalan.inEnglish(strings.TrimSpace(t.Message)))))))))))
	if r, ok := a.readSteps(text, t.Memory, here); ok {
		return r.settled()
	}
	if line, addr, ok := unfoldBlock(text); ok {
		r := readRequest(strings.ToLower(line), a.readText(line, here, true), t.Memory, here)
		if r.Kind == KindUnknown {
			r = Request{Kind: KindWhere, Near: &Loc{Name: addr}} // "find this on the map" + a block
		}
		return r.settled()
	}
	rd := a.readText(text, here, true)
	return readRequest(strings.ToLower(text), rd, t.Memory, here).settled()
}

// placeIn reads a message as the answer to "where?": the place it names
// or points at, else a short text taken as a name for the maps. Nil when
// it is a request of its own.
func (a *Assistant) placeIn(t *turn, text string, here *Loc) *Loc {
	low := strings.ToLower(strings.TrimSpace(text))
	rd := a.readText(strings.TrimSpace(text), here, true)
	r := readRequest(low, rd, t.Memory, here)
	switch {
	case reFollowMode.MatchString(low) && len(rd.Mentions) == 0:
		return nil // "and by bike?": a request of its own, not a place
	case r.Kind == KindWhere && r.Near != nil && !reWhere.MatchString(low): // a bare name
		return r.Near
	case r.Kind != KindUnknown:
		return nil
	}
	if l := firstPlace(rd, t.Memory, here); l != nil {
		return l
	}
	if name := strings.Trim(strings.TrimSpace(text), ".!?"); name != "" && len(strings.Fields(name)) <= 5 {
		return &Loc{Name: name}
	}
	return nil
}

// fill completes a request that asked where with the place l.
func fill(r Request, l *Loc) Request {
	r.Missing = ""
	switch r.Kind {
	case KindDirections:
		// askWhere asks for the destination first, then the origin.
		if r.To == nil {
			r.To = l
		} else {
			r.From = l
		}
	default:
		r.Near = l
	}
	return r.settled()
}

// here is the map's centre as a place: a position, or a name the
// gazetteer places. Nil when the session has no centre.
func (a *Assistant) here(t *turn) *Loc {
	if h := t.Memory.Here; h != nil {
		p := h.Location
		return &Loc{Name: h.Name, Point: &p, Ref: "here", Known: true}
	}
	c := t.Center
	if c == nil || c.IsZero() {
		return nil
	}
	if c.Point != nil {
		p := *c.Point
		l := &Loc{Point: &p, Ref: "here"}
		t.Memory.Here = &Place{Name: c.Name, Location: p}
		return l
	}
	l := &Loc{Name: c.Name, Ref: "here"}
	rd := understand.Read(c.Name, understand.Options{Gazetteer: a.o.Gazetteer, Prefer: a.o.Prefer})
	for _, m := range rd.Mentions {
		if m.Place != nil && m.Place.HasPoint && m.Role != understand.RoleRegion {
			l.Point, l.Known = &LatLng{Lat: m.Place.Lat, Lng: m.Place.Lng}, true
			t.Memory.Here = &Place{Name: c.Name, Location: *l.Point}
			break
		}
	}
	return l
}

// readRequest reads the kind of the message and fills its places; a
// route asked in several modes gets them all.
func readRequest(low string, rd *understand.Reading, mem Memory, here *Loc) Request {
	rd, local := namedKindsHere(withNumberedNames(rd), here)
	rd = spokenNames(withReferences(rd, listedNamesakes(rd, mem, here)), mem, here)
	rd = corrected(withStreets(refine(withNamedKinds(withDescribed(withoutRuledOut(withoutOaths(withoutThanksWords(rd))))), strings.ToLower(rd.Text), mem), here))
	rd = thereIsTheNamed(rd)
	rd = modesMeant(searchedOnes(kindsInContext(boughtItems(withoutWordSlips(rd))), strings.ToLower(rd.Text), mem))
	words := strings.Join(strings.Fields(low), " ")
	var r Request
	placed := false
	if at, rest, ok := selfPlaced(strings.ToLower(rd.Text), rd); ok && !reSelfCorrect.MatchString(low) {
		// whereiam.go: "im at the ferry terminal" is this message's here
		// (a correction's "im in smyrna" moves it for good: corrects). A
		// place the reader does not place is only where a route starts:
		// "near here" beside it stays the map's centre.
		sr := searchedFirst(viaWaypoint(readKind(words, rest, mem, at), rest), at, local)
		if at.Point != nil || sr.Kind == KindDirections {
			r, rd, placed = sr, rest, true
		}
	}
	if !placed {
		r = searchedFirst(viaWaypoint(readKind(words, rd, mem, here), rd), here, local)
	}
	switch r.Kind {
	case KindNearby, KindElevation, KindWhere:
		r.Near = asListed(r.Near, mem) // listed.go: "the elevation behind the lowes" after one was found
	case KindDirections:
		r.From, r.To = asListed(r.From, mem), asListed(r.To, mem)
	}
	if _, remark := modeAfterRemark(low, rd, mem); r.Kind == KindDirections && r.Mode != "" && !remark {
		r.Modes = otherModes(rd, r.Mode) // not the modes of a remark ("she has the car. walking?")
	}
	return r
}

// readKind reads the kind of the message and fills its places. A place
// the message takes back names nothing it asks ("how high is Milford, I
// mean Milton"); only replacedPlace reads what was taken back.
func readKind(low string, rd *understand.Reading, mem Memory, here *Loc) Request {
	full := rd
	rd = withoutTakenBack(rd)
	switch {
	case reThanks.MatchString(low) && len(low) < 40 && !strings.Contains(low, "?"):
		return Request{Kind: KindThanks}
	case reGreeting.MatchString(low):
		return Request{Kind: KindGreeting}
	case reCapabilities.MatchString(low) && !criesForHelp(low, rd):
		return Request{Kind: KindCapabilities}
	case reWeather.MatchString(low) && !reDirections.MatchString(low):
		return Request{Kind: KindUnknown, Detail: "weather"}
	case aboutWords(low):
		return Request{Kind: KindUnknown, Detail: "words"}
	case notServed(low):
		return Request{Kind: KindUnknown, Detail: "price"}
	case skyTimesAsked(low, rd):
		return Request{Kind: KindUnknown, Detail: "sky"}
	case signsOff(low, rd):
		return Request{Kind: KindThanks}
	case unitsAsked(low):
		return Request{Kind: KindUnknown, Detail: "units"}
	case whyThatOne(low):
		return Request{Kind: KindUnknown, Detail: "why"}
	}
	if m := reSave.FindStringSubmatch(low); m != nil {
		r := Request{Kind: KindSave, Label: strings.TrimSpace(m[3])}
		if l := firstPlace(rd, mem, here); l != nil {
			r.Near = l
		} else if mem.Subject != nil {
			r.Near = placeLoc(*mem.Subject, "it")
		} else {
			r.Unresolved = strings.TrimSpace(m[2])
		}
		return r
	}
	if r, ok := pointAsked(low); ok {
		return r
	}
	if r, ok := addressAsked(low, rd, here); ok {
		return r
	}
	if r, ok := heightsAsked(low, rd, mem, here); ok {
		return r
	}
	if mem.Last == KindElevation && reSameSearch.MatchString(low) && len(rd.Terms) == 0 && otherPlaceNamed(rd) {
		return Request{Kind: KindElevation, Near: pointedAt(rd, mem, here)} // "same for Townsend" after a height
	}
	if reElevation.MatchString(low) {
		r := Request{Kind: KindElevation, Near: heightAskedOf(low, rd)}
		if r.Near == nil {
			r.Near = listedWordIn(rd.Text, mem)
		}
		if r.Near == nil {
			r.Near = targetOf(low, rd, mem, here, reHowHigh)
		}
		if r.Near == nil {
			r.Missing = "where"
		}
		return r
	}
	mode := ""
	if len(rd.Modes) > 0 {
		mode = rd.Modes[0].Mode
	}
	if reTransit.MatchString(low) {
		mode = "transit"
	}
	if m := reModeDropped.FindStringSubmatch(low); m != nil && mode == "" {
		mode = map[string]string{"walk": "walking", "driv": "driving", "bik": "bicycling", "cycl": "bicycling"}[m[1]]
	}
	if m := reModeAble.FindStringSubmatch(low); m != nil && mem.Trip != nil && len(rd.Mentions) == 0 {
		// "is that walkable": the route just given, in that mode
		return Request{Kind: KindDirections, From: &mem.Trip.From, To: &mem.Trip.To, Mode: ableMode(m[1])}
	}
	if m := reModeVerbForm.FindStringSubmatch(low); m != nil && mode == "" {
		mode = map[string]string{"walk": "walking", "driv": "driving", "drov": "driving", "cycl": "bicycling", "bik": "bicycling"}[m[1]]
	}
	if boundsSearch(low, rd) {
		mode = "" // "a bar within walking distance": a search
	}
	if mode != "" && mem.Trip != nil && reFollowMode.MatchString(low) && len(rd.Mentions) == 0 {
		return Request{Kind: KindDirections, From: &mem.Trip.From, To: &mem.Trip.To, Mode: mode}
	}
	if r, ok := modeAfterRemark(low, rd, mem); ok {
		return r // baremode.go: "she'll drive us. by car?"
	}
	if r, ok := bareModeAsked(low, rd, mem, here); ok {
		return r // baremode.go: "coffee?" then "walk?"
	}
	if r, ok := reversedTrip(low, rd, mem, mode); ok {
		return r // reversed.go: "and the other direction?"
	}
	if r, ok := itineraryOf(low, rd, here, mode); ok {
		return r
	}
	if r, ok := modeSwitch(low, rd, mem, mode); ok {
		return r
	}
	if r, ok := nextLeg(low, rd, mem, here, mode); ok {
		return r
	}
	if r, ok := chainedLeg(low, rd, mem, here, mode); ok {
		return r // chained.go: "last one is X, same thing"
	}
	if r, ok := listedCompared(low, rd, mem, here, mode); ok {
		return r
	}
	if r, ok := listedBoth(low, rd, mem, here, mode); ok {
		return r // bothnamed.go: "the du pont and the sheraton, both of them"
	}
	if r, ok := nearerOne(low, rd, mem); ok {
		return r
	}
	if r, ok := closestAsked(low, rd, mem); ok {
		return r // nearerone.go: "which one is closest" after a list
	}
	if r, ok := otherListed(low, rd, mem); ok {
		return r
	}
	if mem.Trip != nil && hasRole(rd, understand.RoleFrom) && hasRole(rd, understand.RoleTo) && reFollowTo.MatchString(low) {
		// "and from Dover on to Milford": a new route, the same way
		r := directions(rd, mem, here, mode)
		if r.Mode == "" {
			r.Mode = mem.Trip.Mode
		}
		return r
	}
	if m := reFollowTo.FindStringSubmatch(low); m != nil && mem.Trip != nil && len(rd.Terms) == 0 && len(stopsNamed(rd, mem)) == 0 {
		if l := pointedAt(rd, mem, here); l != nil {
			r := Request{Kind: KindDirections, From: &mem.Trip.From, To: &mem.Trip.To, Mode: mem.Trip.Mode}
			if mode != "" {
				r.Mode = mode
			}
			if m[1] == "to" {
				r.To = l
			} else {
				r.From = l
			}
			return r
		}
	}
	if r, ok := replacedPlace(low, full, mem); ok {
		return r
	}
	if r, ok := corrects(low, rd, mem, here); ok {
		return r
	}
	if r, ok := sameSearchIn(low, rd, mem, here); ok {
		return r
	}
	if reCompare.MatchString(low) {
		var places []*Loc
		for _, m := range rd.Mentions {
			if m.Role != understand.RoleRegion && m.Role != understand.RoleFrom {
				places = append(places, mentionLoc(m))
			}
		}
		if len(places) >= 2 {
			r := Request{Kind: KindDirections, Mode: mode, To: places[0], Also: places[1:]}
			for _, m := range rd.Mentions {
				if m.Role == understand.RoleFrom {
					r.From = mentionLoc(m)
				}
			}
			if r.From == nil {
				r.From = here
			}
			if r.From == nil {
				r.Missing = "where"
			}
			return r
		}
	}
	if r, ok := nearestAndRoute(low, rd, mem, here, mode); ok {
		return r
	}
	if reDirections.MatchString(low) && reAccessible.MatchString(low) && (mode == "" || mode == "walking") && !boundsSearch(low, rd) {
		r := directions(rd, mem, here, "walking")
		r.Accessible = true
		return r
	}
	if reDirections.MatchString(low) && !boundsSearch(low, rd) || farAsked(low) || bareLeg(rd) || (mode != "" && (hasRole(rd, understand.RoleTo) || hasRole(rd, understand.RoleFrom) || pointsBack(rd))) {
		return legMode(directions(rd, mem, here, mode), low, mem)
	}
	if p := pastedPoint(low); p != nil && reWhatAt.MatchString(low) {
		return Request{Kind: KindWhatHere, Near: &Loc{Point: p, Ref: "that point"}}
	}
	if reWhatHere.MatchString(low) {
		if here == nil {
			return Request{Kind: KindWhatHere, Missing: "where"}
		}
		return Request{Kind: KindWhatHere, Near: here}
	}
	if d := detailAsked(low); d != "" {
		r := Request{Kind: KindDetails, Detail: d}
		if l := foundNth(rd, mem); l != nil {
			r.Near = l // "the second pizza place" from a list before the last
			return r
		}
		switch p, l := resultNamed(low, mem), namedLandmark(rd); {
		case p != nil:
			r.Near = placeLoc(*p, p.Name)
			return r
		case l != nil:
			r.Near = l
			return r
		case listedByName(low, mem) != nil: // "the address of the du pont"
			p := listedByName(low, mem)
			r.Near = placeLoc(*p, p.Name)
			return r
		case len(rd.Terms) > 0:
		case len(rd.References) > 0:
			if l, bad := resolveRef(rd.References[0], mem, here); l == nil {
				r.Unresolved = bad
				return r
			} else if l.PlaceID != "" {
				r.Near = l
				return r
			}
		case (reBareDetail.MatchString(low) || (d == "info" || saysThey(low)) && len(rd.Mentions) == 0) && (mem.Subject != nil || len(mem.Results) > 0):
			p := mem.Subject
			if p == nil || p.PlaceID == "" && len(mem.Results) > 0 {
				p = &mem.Results[0]
			}
			r.Near = placeLoc(*p, "it")
			return r
		}
	}
	if m, ok := chainOf(rd); ok {
		r := Request{Kind: KindNearby, Query: m.Text}
		r.Near = nearOf(without(rd, m), mem, here)
		if r.Near == nil {
			r.Missing = "where"
		}
		return r
	}
	if len(rd.Terms) > 0 {
		r := Request{Kind: KindNearby, Query: queryOf(low, rd)}
		r.Near = nearOf(rd, mem, here)
		if r.Near == nil {
			r.Missing = "where"
		}
		return r
	}
	if m := reNearbyVerb.FindStringSubmatch(low); m != nil && !notKinds[strings.Fields(m[1])[0]] {
		r := Request{Kind: KindNearby, Query: strings.TrimSpace(m[1])}
		r.Near = nearOf(rd, mem, here)
		if r.Near == nil {
			r.Missing = "where"
		}
		return r
	}
	if q := mealWanted(low, rd); q != "" {
		return Request{Kind: KindNearby, Query: q, Near: nearOf(rd, mem, here), Missing: missingWhere(nearOf(rd, mem, here))}
	}
	if q := unknownKind(low); q != "" {
		return Request{Kind: KindNearby, Query: q, Near: nearOf(rd, mem, here), Missing: missingWhere(nearOf(rd, mem, here))}
	}
	if reWhere.MatchString(low) || len(rd.Mentions) > 0 && len(strings.Fields(low)) <= 6 {
		if l := targetOf(low, rd, mem, here, reWhere); l != nil {
			return Request{Kind: KindWhere, Near: l}
		}
	}
	return Request{Kind: KindUnknown}
}

func hasRole(rd *understand.Reading, role understand.Role) bool {
	for _, m := range rd.Mentions {
		if m.Role == role {
			return true
		}
	}
	for _, r := range rd.References {
		if r.Role == role {
			return true
		}
	}
	return false
}

// queryOf is what to search for: the kind of place asked for.
func queryOf(low string, rd *understand.Reading) string {
	var qs []string
	for _, tm := range wantedTerms(low, rd.Terms) {
		q := tm.Label
		if w := qualifierOf(low, tm.Start); w != "" && len(low) == len(rd.Text) {
			q = w + " " + q // "seafood restaurant"
		}
		if !slices.Contains(qs, q) {
			qs = append(qs, q)
		}
	}
	return strings.Join(qs, " ")
}

func detailOf(w string) string {
	switch w {
	case "open", "opening hours", "hours", "close", "closes", "closing":
		return "open"
	case "phone", "telephone", "number", "call them":
		return "phone"
	case "website", "site", "web":
		return "website"
	case "rating", "rated", "review", "reviews", "stars":
		return "rating"
	case "wheelchair", "accessible", "accessibility", "step-free", "step free", "toilet", "toilets", "restroom", "restrooms":
		return "accessibility"
	}
	return "address"
}
