package ocean

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/cairn-agents/cairn/understand"
)

// Places and seasons of the plan policy: a place named as a point (a
// city, region or country of the gazetteer), and the months of a season
// on the side of the equator the place lies.

// reInnerCap finds a capitalised word after the first: maybe a name.
var reInnerCap = mustGuarded(`\s[A-Z][a-z]{2,}`)

var rePlaceBefore = mustGuarded(`\b(of|off|by|near|around|to)\s+(the\s+)?$`)

var reWMOAhead = mustGuarded(`^\s*#?\d{5,7}\b`)

// placeUnits are words a gazetteer may know as places (GeoNames has
// "Debar" as "dbar") or a question may capitalise after "in" ("give it
// to me in Fahrenheit") that an ocean question uses otherwise: units and
// the words of its slots.
var placeUnits = map[string]bool{"dbar": true, "db": true, "decibar": true, "decibars": true, "psu": true, "argo": true, "float": true, "floats": true, "profile": true, "cycle": true,
	"fahrenheit": true, "celsius": true, "centigrade": true, "kelvin": true}

// featureWords name a kind of place; alone, they name none.
var featureWords = map[string]bool{"cape": true, "bay": true, "point": true, "head": true, "harbour": true, "harbor": true,
	"island": true, "islands": true, "isle": true, "reef": true, "bank": true, "banks": true, "shelf": true, "coast": true,
	"shore": true, "port": true, "lake": true, "mount": true, "peninsula": true, "gulf": true, "strait": true, "channel": true,
	"sound": true, "basin": true, "ridge": true, "trench": true, "sea": true, "ocean": true}

// placePoint reads a place the question names as a point: a city,
// region or country of gaz ("nearest float to Mumbai", "floats near the
// Maldives"), not a sea (regions.go has those). A name gaz does not
// know, or any name when gaz is nil, is reported as missing, never
// guessed.
func placePoint(query string, r *understand.Reading, gaz understand.Gazetteer) (*Near, string) {
	// read again with the gazetteer only when a name may be there: a
	// name found by how it is written, or a caseless question with a
	// word of nearness (most questions name none, and a lazy gazetteer
	// loads on the first lookup)
	if gaz != nil && (len(r.Mentions) > 0 || reInnerCap.MatchString(query) || strings.ToLower(query) == query && reNearWord.MatchString(query)) {
		r = understand.Read(query, understand.Options{Gazetteer: gaz, Terms: variableTerms})
	}
	seas := reSeaName.FindAllStringIndex(query, -1)
	if reg, ok := findRegion(query); ok {
		if i := strings.Index(strings.ToLower(query), strings.ToLower(reg.Name)); i >= 0 {
			seas = append(seas, []int{i, i + len(reg.Name)})
		}
	}
	caseless := strings.ToLower(query) == query
	for _, m := range radiusCentresFirst(query, r.Mentions) {
		low := strings.ToLower(m.Text)
		first, _, _ := strings.Cut(low, " ") // "fahrenheit what": a unit, then the next sentence's first word
		if placeUnits[low] || placeUnits[first] || m.Role == understand.RoleAvoid || m.Role == understand.RoleRegion {
			continue
		}
		if _, ok := findRegion(m.Text); ok || slices.ContainsFunc(seas, func(s []int) bool { return m.Start < s[1] && s[0] < m.End }) {
			continue // a sea is a region, not a point
		}
		if m.Text == low && !caseless {
			continue // written in lower case among capitals: no name
		}
		switch m.Role {
		case understand.RoleNear, understand.RoleTo, understand.RoleFrom, understand.RoleIn, understand.RoleRelative:
		default:
			if !rePlaceBefore.MatchString(strings.ToLower(query[:m.Start])) {
				continue // a name with no place cue before it ("the range of")
			}
		}
		if featureWords[strings.TrimPrefix(low, "the ")] {
			// "around the Cape": a kind of place, not its name (a
			// gazetteer may hold it as a town's other name)
			return nil, fmt.Sprintf("near: %q names a kind of place, not which one; give its name or coordinates such as 10N 65E", m.Text)
		}
		pl := m.Place
		if pl == nil {
			if m.Text == low {
				continue // an uncapitalised word no gazetteer knows is no name
			}
			why := "no gazetteer is configured"
			if gaz != nil {
				why = "the gazetteer does not know it"
			}
			return nil, fmt.Sprintf("near: the place %q was not found (%s); give coordinates such as 10N 65E", m.Text, why)
		}
		if !pl.HasPoint || pl.Kind == understand.KindWater || pl.Kind == understand.KindContinent {
			continue
		}
		if m.Text == low && pl.Match != understand.MatchName {
			continue // a lower-case word read as an alternate name
		}
		return &Near{Lat: pl.Lat, Lon: pl.Lng, Place: pl.Name}, ""
	}
	if gaz == nil {
		// understand proposes few names without a gazetteer: a capitalised
		// name after a word of place ("within 1500 km of the Maldives")
		// is still one, and it was not found
		for _, m := range reNameAfterCue.FindAllStringSubmatchIndex(query, -1) {
			name := query[m[2]:m[3]]
			overlaps := slices.ContainsFunc(seas, func(s []int) bool { return m[2] < s[1] && s[0] < m[3] })
			if overlaps || placeUnits[strings.ToLower(name)] || slices.ContainsFunc(r.Times, func(t understand.TimeFrame) bool { return m[2] < t.End && t.Start < m[3] }) {
				continue
			}
			return nil, fmt.Sprintf("near: the place %q was not found (no gazetteer is configured); give coordinates such as 10N 65E", name)
		}
	}
	return nil, ""
}

// The asker's own place pointed back to: "I'm a kayak guide in Goa. Is
// the sea getting warmer there?", "We live in Karachi - what's the sea
// temperature near us?". A question that points at a place without
// naming it ("there", "near us", "here") while the asker named one of
// theirs ("in Goa", "live in Karachi", "out of Muscat") asks about that
// place: near it, the default radius, as "near there" after a place
// already is. (A reading any app would want: understand's References
// leave what they point at to the caller.)
var (
	reThereIs     = mustGuarded(`(?i)^\s*(?:is|are|was|were|'s|’s|s|be|been|has|have|had|will|would|might|may|must|should|could|seem|seems|seemed|appear)\b`)
	reIsThere     = mustGuarded(`(?i)\b(?:is|are|was|were|be|been|isn't|aren't|wasn't|weren't|any|if|whether)\s*$`)
	reThereOrHere = mustGuarded(`(?i)^(?:(?:over|out|in|near|around|from|off|by|right|just)\s+)?(?:there|here)$`)
)

// placeBack is the words of q that point back at a place, "" when none:
// deicticPlace's, or a "there" that is no "there is" nor "is there".
func placeBack(q string, r *understand.Reading) string {
	if d := deicticPlace(q, r); d != "" {
		return d
	}
	for _, ref := range r.References {
		if ref.Kind != understand.RefThere || !reThereOrHere.MatchString(ref.Text) {
			continue
		}
		if reThereIs.MatchString(r.Text[ref.End:]) || reIsThere.MatchString(r.Text[:ref.Start]) {
			continue
		}
		return ref.Text
	}
	return ""
}

// askerPlace is the first place with a point that query names after a
// word of place, in any role but avoided ("a kayak guide in Goa", "we
// live in Karachi"; not "Settle a bet"); nil when none, or when gaz is
// nil. "Down there" is at depth, no place.
func askerPlace(query string, gaz understand.Gazetteer) *Near {
	if gaz == nil {
		return nil
	}
	r := understand.Read(query, understand.Options{Gazetteer: gaz, Terms: variableTerms})
	caseless := strings.ToLower(query) == query
	for _, m := range r.Mentions {
		low := strings.ToLower(m.Text)
		if placeUnits[low] || m.Role == understand.RoleNone || m.Role == understand.RoleAvoid || m.Role == understand.RoleRegion || featureWords[strings.TrimPrefix(low, "the ")] {
			continue
		}
		if _, ok := findRegion(m.Text); ok || m.Text == low && !caseless {
			continue
		}
		pl := m.Place
		if pl == nil || !pl.HasPoint || pl.Kind == understand.KindWater || pl.Kind == understand.KindContinent || m.Text == low && pl.Match != understand.MatchName {
			continue
		}
		return &Near{Lat: pl.Lat, Lon: pl.Lng, Place: pl.Name}
	}
	return nil
}

// reRadiusOf ends in a radius and its "of": what follows is the
// radius's centre.
var reRadiusOf = mustGuarded(`(?i)\b(?:within|in a radius of|radius of)\s+\d+(?:\.\d+)?\s*(?:km|kilomet(?:er|re)s?|nm|nautical miles?|mi|miles?)\s+(?:of|from|around)\s+(?:the\s+)?$`)

// radiusCentresFirst is ms with the places named as a radius's centre
// first ("I run a dive school in Hikkaduwa … within 1500 km of Colombo,
// what's …"): the radius is measured from its centre, whatever other
// place the question names before it.
func radiusCentresFirst(query string, ms []understand.Mention) []understand.Mention {
	centre := func(m understand.Mention) bool { return reRadiusOf.MatchString(query[:m.Start]) }
	if !slices.ContainsFunc(ms, centre) {
		return ms
	}
	out := slices.Clone(ms)
	slices.SortStableFunc(out, func(a, b understand.Mention) int {
		switch ca, cb := centre(a), centre(b); {
		case ca && !cb:
			return -1
		case cb && !ca:
			return 1
		}
		return 0
	})
	return out
}

var reNameAfterCue = mustGuarded(`\b(?:near|to|of|off|around|from)\s+(?:the\s+)?([A-Z][a-z]+(?:\s+[A-Z][a-z]+)*)`)

// regionLabelsBox says whether a region named with a box of coordinates
// only says where the box lies ("NW Atlantic, box 38-42N 50-40W"): an
// ocean (the box is the part of it asked), or a sea whose outline's
// bounds hold the whole box.
func regionLabelsBox(name string, b Box) bool {
	r, ok := regionByName(name)
	if !ok {
		return false
	}
	if r.Ocean != "" {
		return true
	}
	minLon, minLat, maxLon, maxLat := r.bbox()
	return b.MinLat >= minLat && b.MaxLat <= maxLat && b.MinLon >= minLon && b.MaxLon <= maxLon
}

// southern says whether the plan's place is clearly south of the
// equator: a point, a box or a sea outline wholly there.
func southern(p QueryPlan) bool {
	if p.Near != nil {
		return p.Near.Lat < 0
	}
	if p.Box != nil {
		return p.Box.MaxLat < 0
	}
	if r, ok := regionByName(p.Region); ok && r.Ocean == "" {
		_, _, _, maxLat := r.bbox()
		return maxLat < 0
	}
	return false
}

// seasonFrame is a season of year as months: meteorological seasons
// (spring March–May, summer June–August, autumn September–November,
// winter December to February of the next year, as understand reads
// "winter 2019"), swapped south of the equator (summer December to
// February); the Indian monsoon is June–September (the southwest
// monsoon), its northeast or winter monsoon October–December.
func seasonFrame(name string, year int, south bool) *TimeFrame {
	start := map[string]time.Month{"spring": 3, "summer": 6, "autumn": 9, "fall": 9, "winter": 12}[name]
	months, rule := 3, "meteorological "+name+", northern hemisphere"
	switch {
	case strings.Contains(name, "monsoon") && (strings.Contains(name, "north") || strings.Contains(name, "winter")):
		start, rule = 10, "the northeast (winter) monsoon of the Indian Ocean"
	case strings.Contains(name, "monsoon"):
		start, months, rule = 6, 4, "the southwest (summer) monsoon of the Indian Ocean"
	case south:
		start = map[time.Month]time.Month{3: 9, 6: 12, 9: 3, 12: 6}[start]
		rule = "meteorological " + name + ", southern hemisphere (the place asked is south of the equator)"
	}
	from := time.Date(year, start, 1, 0, 0, 0, 0, time.UTC)
	to := from.AddDate(0, months, 0)
	return &TimeFrame{From: from.Format("2006-01-02"), To: to.Format("2006-01-02"),
		Rule: fmt.Sprintf("%s: %s to %s", rule, from.Format("January 2006"), to.AddDate(0, -1, 0).Format("January 2006"))}
}

// A side of the equator or of a parallel is a band of latitude all
// round the globe: "north of the equator", "the southern hemisphere",
// "south of 30S", "north of 10°N".
var (
	reHemisphere = mustGuarded(`\b(north|south)(?:ern)?\s+(?:of\s+(?:the\s+)?equator|hemisphere)\b`)
	reOfParallel = mustGuarded(`\b(north|south)\s+of\s+(\d{1,2}(?:\.\d+)?)\s*°?\s*([ns])\b`)
)

// latitudeBand is the box q names by a side of the equator or of a
// parallel, nil when none.
func latitudeBand(q string) *Box {
	side, lat := "", 0.0
	if m := reHemisphere.FindStringSubmatch(q); m != nil {
		side = m[1]
	} else if m := reOfParallel.FindStringSubmatch(q); m != nil {
		side = m[1]
		lat, _ = strconv.ParseFloat(m[2], 64)
		if m[3] == "s" {
			lat = -lat
		}
	}
	switch {
	case side == "north" && lat < 90:
		return &Box{MinLat: lat, MaxLat: 90, MinLon: -180, MaxLon: 180}
	case side == "south" && lat > -90:
		return &Box{MinLat: -90, MaxLat: lat, MinLon: -180, MaxLon: 180}
	}
	return nil
}
