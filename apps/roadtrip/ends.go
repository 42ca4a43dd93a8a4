package roadtrip

import (
	"regexp"
	"slices"
	"strings"

	"github.com/cairn-agents/cairn/understand"
)

// This file finds a trip's ends where the words of from and to are not
// the plain ones: a home left from ("we leave from our house in
// Newark"), a place where something happens ("a thesis defense in
// Lewes, leaving from Wilmington"), and the destination among places
// a story goes to in passing ("he moved to Lyon … from Sant Julià to
// Soldeu").

// fromRE finds the word from in the words before a place.
var fromRE = regexp.MustCompile(`\bfrom\b`)

// destination is the place the trip goes to among the places with the
// role to: in start's region when one is, and the first after start.
func (q *question) destination(start *understand.Mention, to []understand.Mention) *understand.Mention {
	var cands []*understand.Mention
	for i := range to {
		if start == nil || to[i].Span != start.Span {
			cands = append(cands, &to[i])
		}
	}
	if start != nil && regionOf(*start) != "" {
		var near []*understand.Mention
		for _, m := range cands {
			if regionOf(*m) == regionOf(*start) {
				near = append(near, m)
			}
		}
		if len(near) > 0 {
			cands = near
		}
	}
	if len(cands) == 0 {
		return nil
	}
	for _, m := range cands {
		if start != nil && m.Start > start.Start {
			return m
		}
	}
	return cands[0]
}

// pairedFrom is the start among places written with from: the first
// one a place with the role to follows in its sentence ("we are a
// family from Valencia … we drive from Andorra la Vella until Pas de la
// Casa"), else the first.
func (q *question) pairedFrom(from []understand.Mention) *understand.Mention {
	if len(from) > 1 {
		for i, f := range from {
			for _, m := range q.places {
				if m.Start < f.End {
					continue
				}
				if m.Role == understand.RoleTo && !strings.ContainsAny(q.lower[f.End:m.Start], ".!?;") {
					return &from[i]
				}
				break
			}
		}
	}
	return &from[0]
}

// leftHome is a home or a place one is in that the clause says is left
// from ("we leave from our house in Newark"); nil when none is.
func (q *question) leftHome() *understand.Mention {
	for i, m := range q.places {
		if m.Role != understand.RoleHome && m.Role != understand.RoleIn {
			continue
		}
		if fromRE.MatchString(q.lower[clauseStart(q.lower, m.Start, 0):m.Start]) {
			return &q.places[i]
		}
	}
	return nil
}

var (
	// toPlaceInRE ends the words before a place someone goes to, named
	// by what is there: "to her cardiologist in", "to the office at".
	toPlaceInRE = regexp.MustCompile(`(?:^|[^a-z])to\s+(?:my|our|her|his|their|the|a|an)\s+(?:[a-z'’]+\s+){1,3}(?:in|at)\s*$`)
	// nearWordRE before that "to" makes it a place nearby ("close to
	// the museum in Dover"), no end.
	nearWordRE = regexp.MustCompile(`\b(?:close|closest|closer|next|near|nearest|nearer|proximity|walking distance|drive)\s*$`)
	// goRE, between a place one is at and a place gone to, says one
	// drives from the first: "I work at the hospital in Lewes and drive
	// home to Newark".
	goRE = regexp.MustCompile(`\b(?:drive|drives|driving|head|heads|heading|go|goes|going|commute|commutes|commuting|ride|rides|get|gets|travel|travels)\b`)
)

// placeInRE ends the words before a town named by what one leaves or
// goes to there: "from the flat in", "up to the staff housing in",
// "to my mom's place at".
var placeInRE = regexp.MustCompile(`(?:^|[^a-z])(?:from|to)\s+(?:my|our|her|his|their|the|a|an)\s+(?:[a-z'’]+\s+){1,3}(?:in|at)\s*$`)

// nearbyRE before that from or to makes it a place nearby ("walking
// distance from the hotel in").
var nearbyRE = regexp.MustCompile(`\b(?:close|closest|closer|next|near|nearest|nearer|proximity|walking distance|minutes)\s*$`)

// endByWhatIsThere says whether m, read as a parish or a state named
// like its town, is a trip's end named by what is there ("from the flat
// in Andorra la Vella up to the staff housing in Pas de la Casa"): a
// town, not the region it gives its name to.
func (q *question) endByWhatIsThere(m understand.Mention) bool {
	if m.Place == nil || understand.Normalize(m.Place.Name) != understand.Normalize(m.Place.Region) || m.Role != understand.RoleIn {
		return false
	}
	before := q.lower[clauseStart(q.lower, m.Start, 0):m.Start]
	ix := placeInRE.FindStringIndex(before)
	return ix != nil && !nearbyRE.MatchString(before[:ix[0]+1])
}

// goneTo is the place a clause says one goes to, named by what is
// there ("from her place in Seaford to her cardiologist in Dover", "over
// to my sister's new house in Ordino"): a place with the role in or
// home after "to the/her <noun> in"; nil when none.
func (q *question) goneTo(start *understand.Mention) *understand.Mention {
	for i, m := range q.places {
		if m.Role != understand.RoleIn && m.Role != understand.RoleHome || start != nil && (m.Span == start.Span || m.Start < start.Start) {
			continue
		}
		before := q.lower[clauseStart(q.lower, m.Start, 0):m.Start]
		if ix := toPlaceInRE.FindStringIndex(before); ix != nil && !nearWordRE.MatchString(before[:ix[0]+1]) {
			return &q.places[i]
		}
	}
	return nil
}

// setOffFrom is the place one is at that a sentence says one drives
// from to end ("I work nights at the hospital in Lewes and drive home
// to Newark"): a place with the role in before end in its sentence, a
// verb of going between; nil when none.
func (q *question) setOffFrom(end *understand.Mention) *understand.Mention {
	for i, m := range q.places {
		if m.Role != understand.RoleIn || m.Start >= end.Start || sameReading(m, *end) {
			continue
		}
		between := q.lower[m.End:end.Start]
		if !strings.ContainsAny(between, ".!?;") && goRE.MatchString(between) {
			return &q.places[i]
		}
	}
	return nil
}

// eventPlace is the one place a trip from start is "in" ("a beach
// weekend in Rehoboth Beach", "a thesis defense in Lewes"): the only
// place with the role in, not a region, nobody's home and not start.
func (q *question) eventPlace(start *understand.Mention) *understand.Mention {
	var found *understand.Mention
	people := q.peopleIn()
	for i, m := range q.places {
		if m.Role != understand.RoleIn || sameReading(m, *start) || m.Place != nil && m.Place.Kind != understand.KindCity ||
			slices.ContainsFunc(people, func(p understand.Mention) bool { return p.Span == m.Span }) {
			continue
		}
		if found != nil && !sameReading(*found, m) {
			return nil // two places: which is the end is not said
		}
		if found == nil {
			found = &q.places[i]
		}
	}
	return found
}

// fuller says whether a town's name as written is a fuller form of the
// name read for it: "Escaldes-Engordany" for "les Escaldes" (the name
// without its article begins the written one, which goes on).
func fuller(written, name string) bool {
	w, n := strings.ToLower(written), strings.ToLower(name)
	for _, article := range []string{"les ", "la ", "el ", "l'", "le ", "los ", "las "} {
		n = strings.TrimPrefix(n, article)
	}
	return len(w) > len(n)+2 && strings.HasPrefix(w, n) && !strings.HasPrefix(w, strings.ToLower(name)) && !strings.ContainsAny(written, ",")
}

// visitRE is a visit to a person named before by a pronoun: "visit
// her", "go and see them", "pick him up".
var visitRE = regexp.MustCompile(`\b(?:visit|visiting|see|seeing|pick up|picking up|pick|picking|stay with|staying with)\s+(?:her|him|them|my|our|his|their)\b`)

// visitedHome is the home of the person a trip from start goes to see
// ("my nonna lives in Lewes and on Sunday I go to visit her, from
// Newark"): the one home written that is not start, when the text
// writes a visit to someone; nil when none or two.
func (q *question) visitedHome(start *understand.Mention) *understand.Mention {
	if !visitRE.MatchString(q.lower) {
		return nil
	}
	var found *understand.Mention
	for i, m := range q.places {
		if m.Role != understand.RoleHome || sameReading(m, *start) {
			continue
		}
		if found != nil && !sameReading(*found, m) {
			return nil
		}
		if found == nil {
			found = &q.places[i]
		}
	}
	return found
}
