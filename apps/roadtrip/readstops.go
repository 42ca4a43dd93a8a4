package roadtrip

import (
	"cmp"
	"math"
	"regexp"
	"slices"
	"strings"

	"github.com/cairn-agents/cairn/understand"
)

// evenStops reads an even-stops task into s (its legs: the ends, how
// many stops at which fractions of the drive, and the kinds of place),
// and the other family readers of this file follow: meeting points and places
// found by direction.
func (q *question) evenStops(s *taskSpec) {
	start, end := q.ends()
	if start == nil || end == nil {
		l := legSpec{Stops: 1, Types: q.askedTypes(0, len(q.r.Text))}
		if start != nil {
			l.From = specName(*start)
		}
		if end != nil {
			l.To = specName(*end)
		}
		s.Legs = []legSpec{l}
		s.PlaceTypes = l.Types
		return
	}
	// Legs written one after another, each with its own stops ("First
	// from Wilmington to Dover, one stop … Then from Dover on to Lewes,
	// two stops …", "leg1 Newark→Middletown: … leg2 Middletown→Dover: …").
	if legs := q.chainedLegs(start, end); len(legs) > 1 && !slices.Contains(s.Keys, "route_1_stops") {
		s.Legs = q.perLegWords(legs)
		// Kinds said once after every leg is named ("… then Dover to
		// Lewes. A cafe halfway on each drive"): a leg with none of its
		// own takes the last leg's.
		last := s.Legs[len(s.Legs)-1].Types
		for i := range s.Legs {
			if len(s.Legs[i].Types) == 0 {
				s.Legs[i].Types = last
			}
		}
		s.PlaceTypes = s.Legs[0].Types
		return
	}
	// A second leg: a place returned to ("then back to Wilmington") or a
	// format with stops for two routes.
	two := slices.Contains(s.Keys, "route_2_stops")
	var back *understand.Mention
	for i, m := range q.places {
		if m.Start > end.End && m.Role == understand.RoleTo && !sameReading(m, *end) &&
			(strings.Contains(m.Cue, "back") || strings.Contains(m.Cue, "return") || two) {
			back = &q.places[i]
			break
		}
	}
	returns := q.has("return", "back to", "way back", "coming back", "then back", "there and back", "round trip")
	split := len(q.r.Text)
	if back != nil || returns && two || two {
		split = q.secondLegStart(end, back)
	}
	l1 := q.leg(specName(*start), specName(*end), 0, split)
	s.Legs = []legSpec{l1}
	if split < len(q.r.Text) {
		to := l1.From
		if back != nil {
			to = specName(*back)
		}
		l2 := q.leg(l1.To, to, split, len(q.r.Text))
		if len(l2.Types) == 0 {
			l2.Types = l1.Types
		}
		if len(s.Legs[0].Types) == 0 { // "… then back: one cafe at each route's midpoint"
			s.Legs[0].Types = l2.Types
		}
		s.Legs = q.perLegWords(append(s.Legs, l2))
	}
	s.PlaceTypes = s.Legs[0].Types
}

// clauseStart is the start of the sentence or clause holding byte i,
// not before floor.
func clauseStart(text string, i, floor int) int {
	for k := i - 1; k >= floor; k-- {
		switch text[k] {
		case '.', '!', '?', ';', ',':
			return k + 1
		}
	}
	return floor
}

// leg reads one leg's stops and kinds from the text between from and to.
func (q *question) leg(a, b string, lo, hi int) legSpec {
	l := legSpec{From: a, To: b, Types: q.askedTypes(lo, hi)}
	var fractions []float64
	every := 0
	for _, x := range q.r.Quantities {
		if x.Start < lo || x.End > hi || x.Kind != understand.Fraction || x.Den == 0 || q.refusedAt(x.Start) {
			continue
		}
		if x.Every {
			every = max(every, x.Den-1)
			continue
		}
		fractions = append(fractions, float64(x.Num)/float64(x.Den))
	}
	n := 0
	for _, x := range q.r.Quantities {
		if x.Start >= lo && x.End <= hi && x.Kind == understand.Count && (x.Head == "stop" || x.Head == "place" || x.Head == "location" ||
			x.Head == "spot" || len(q.types(x.Start, x.End)) > 0) && x.Value > 1 && x.Value <= 10 {
			n = int(x.Value)
			break
		}
	}
	slices.Sort(fractions)
	fractions = slices.Compact(fractions)
	switch {
	case q.intervalStops() > 0 && lo == 0: // every 40 minutes of a 2-hour drive
		l.Stops = q.intervalStops()
	case every > 0:
		l.Stops = every
	case len(fractions) > 0:
		l.Stops = len(fractions)
		if !evenlySpaced(fractions) {
			l.Fractions = fractions
		}
	case n > 0:
		l.Stops = n
	default:
		l.Stops = 1
	}
	return l
}

// evenlySpaced says whether fractions are the k/(n+1) of n even stops.
func evenlySpaced(fs []float64) bool {
	for i, f := range fs {
		if math.Abs(f-float64(i+1)/float64(len(fs)+1)) > 0.01 {
			return false
		}
	}
	return true
}

func (q *question) meeting(s *taskSpec) {
	var origins []understand.Mention
	add := func(ms []understand.Mention) {
		for _, m := range ms {
			if !slices.ContainsFunc(origins, func(o understand.Mention) bool { return sameReading(o, m) }) {
				origins = append(origins, m)
			}
		}
	}
	add(q.role(understand.RoleHome, understand.RoleFrom, understand.RoleBetween))
	add(q.peopleIn())
	add(q.listedHomes(slices.Clone(origins)))
	add(q.movedTo())
	add(q.fromPremises())
	if len(origins) < 2 {
		if st := q.stationed(); len(st) >= 2 {
			origins = st
		}
	}
	if len(origins) < 2 {
		add(q.role(understand.RoleNone))
	}
	origins = q.withoutSharedTown(q.introducedOrigins(slices.DeleteFunc(origins, q.person)))
	slices.SortStableFunc(origins, func(a, b understand.Mention) int { return a.Start - b.Start })
	for _, m := range origins {
		s.Origins = append(s.Origins, originSpec{Place: specName(m), Mode: q.modeOf(m)})
	}
	s.PlaceTypes = q.askedTypes(0, len(q.r.Text))
}

// movedToRE, just before a town, says someone lives there now ("my
// brother moved to Smyrna for work").
var movedToRE = regexp.MustCompile(`\b(?:moved|relocated)\s+(?:back\s+|over\s+|down\s+|up\s+|out\s+)?to\s+$`)

// movedTo are the towns people moved to: their homes, when a place to
// meet is asked (in a trip, "moved to" is where one drives).
func (q *question) movedTo() []understand.Mention {
	var out []understand.Mention
	for _, m := range q.role(understand.RoleTo) {
		if movedToRE.MatchString(q.lower[max(0, m.Start-30):m.Start]) {
			out = append(out, m)
		}
	}
	return out
}

// sameReading says whether two mentions name one place.
func sameReading(a, b understand.Mention) bool {
	if a.Place != nil && b.Place != nil {
		return a.Place.ID == b.Place.ID
	}
	return understand.Normalize(a.Text) == understand.Normalize(b.Text)
}

func (q *question) directional(s *taskSpec) {
	for _, m := range q.role(understand.RoleRelative) {
		ref := specName(m)
		if m.Place != nil && m.Place.Kind == understand.KindLandmark {
			ref = m.Text // a landmark by the name written: the maps search finds it
		}
		for _, d := range splitDirection(m.Direction) {
			s.Directions = append(s.Directions, directionSpec{Direction: d, Ref: ref})
		}
	}
	if in := q.role(understand.RoleIn); len(in) > 0 {
		s.Area = specName(in[0])
	} else {
		for _, m := range q.r.Mentions {
			if isRegion(m) {
				s.Area = specName(m)
				break
			}
		}
	}
	s.PlaceTypes = q.askedTypes(0, len(q.r.Text))
	s.Count = cmp.Or(q.kindCount(), 1)
	if s.Count == 1 {
		// "just one please", "two of them": a count with no noun.
		for _, x := range q.r.Quantities {
			if x.Kind == understand.Count && x.Head == "" && x.Value > 1 && x.Value <= 20 {
				s.Count = int(x.Value)
				break
			}
		}
	}
}

// splitDirection turns "northeast" into north and east.
func splitDirection(d string) []string {
	var out []string
	for _, w := range []string{"north", "south", "east", "west"} {
		if strings.Contains(d, w) {
			out = append(out, w)
		}
	}
	return out
}
