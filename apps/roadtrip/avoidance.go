package roadtrip

import (
	"regexp"
	"slices"
	"strings"

	"github.com/cairn-agents/cairn/understand"
)

// This file reads the ways people say a town is to be kept off a route
// besides "avoid": kept away ("stay away from X", "keep us out of X",
// "steer clear of X"), gone around ("we go around X", "route around
// X"), a town written after "no" or "not" ("NO dover", "so no
// Lewes, and ideally not Georgetown either"), no route to pass it ("we
// must ask that neither route pass through X", "none of the routes
// should go via X"), and a town refused by what it is ("X is a no-go",
// "X is off-limits").

var (
	// keepAwayRE: "stay away from", "keep us out of", "steer clear of".
	keepAwayRE = regexp.MustCompile(`(?i)\b(?:(?:stay|keep|keeping|staying)\s+(?:(?:us|me|them|him|her|the\s+\w+)\s+)?(?:well\s+|far\s+)?(?:away\s+from|out\s+of|clear\s+of)|steer(?:ing)?\s+clear\s+of)\s`)
	// goAroundRE: "go around", "drive round", "route around" a place
	// (not "around 3 pm", "around town": a capital follows or "it").
	goAroundRE = regexp.MustCompile(`(?i)\b(?:go|goes|going|drive|driving|route|routing|detour|swing|head)\s+(?:a?round)\s+(\p{Lu}|it\b)`)
	// noRouteRE: "neither route pass through", "none of the routes
	// should go via", "no route may run through".
	noRouteRE = regexp.MustCompile(`(?i)\b(?:neither|none of the|no|not one|not a single)\s+(?:of the\s+|of our\s+)?(?:route|road|itinerary|option|way|trip|drive)s?\s+(?:(?:should|must|may|can|shall|will|is to|are to|is allowed to|are allowed to|ought to)\s+)?(?:pass|passes|go|goes|run|runs|lead|leads|cut|cuts|take|takes)\s+(?:through|thru|via|by|across|into|in|near)\b`)
	// noGoRE: a town and what makes it refused, "Dover is a no-go",
	// "Milford is off-limits", "Lewes is out of the question".
	noGoRE = regexp.MustCompile(`\b(\p{Lu}[\p{L}'’-]*(?:\s+\p{Lu}[\p{L}'’-]*){0,2})\s+(?:is|are|'s)\s+(?:an?\s+)?(?:absolute\s+|total\s+|complete\s+|strict\s+)?(?:no-go|no go|nogo|no-go zone|no-no|off-limits|off limits|out of the question|forbidden|banned)\b`)
)

// refusedLowerRE is a word or two in lower case after a word refusing
// it: "NOT georgetown my ex lives there", "and no milford".
var refusedLowerRE = regexp.MustCompile(`(?i:\b(?:no|not|nor|avoid|skip|except))\s+([a-z]+)(\s+[a-z]+)?`)

// refusedLowerTowns capitalises a town of a preferred region written in
// lower case after a word refusing it, so the reader reads it as a name
// and the refusal as an avoid (two words when the two name the town:
// "not bethany beach").
func refusedLowerTowns(text string, sp understand.Speller, prefer []understand.Place) string {
	return lowerTownsAfter(refusedLowerRE, text, sp, prefer)
}

// lowerTownsAfter capitalises the town of a preferred region that re's
// first group (and its second, when the two name one town) writes in
// lower case.
func lowerTownsAfter(re *regexp.Regexp, text string, sp understand.Speller, prefer []understand.Place) string {
	title := func(s string) string {
		ws := strings.Fields(s)
		for i, w := range ws {
			ws[i] = strings.ToUpper(w[:1]) + w[1:]
		}
		return strings.Join(ws, " ")
	}
	return re.ReplaceAllStringFunc(text, func(s string) string {
		m := re.FindStringSubmatchIndex(s)
		one, two := s[m[2]:m[3]], ""
		if m[4] >= 0 {
			two = s[m[4]:m[5]]
		}
		switch {
		case two != "" && townOfPreferred(understand.Normalize(one+two), sp, prefer):
			return s[:m[2]] + title(one+two)
		case len(one) >= 4 && townOfPreferred(understand.Normalize(one), sp, prefer):
			return s[:m[2]] + title(one) + two
		}
		return s
	})
}

// keptAway writes the ways of keeping off a town as "avoid".
func keptAway(text string) string {
	text = keepAwayRE.ReplaceAllString(text, "avoid ")
	text = noRouteRE.ReplaceAllString(text, "avoid")
	text = noGoRE.ReplaceAllString(text, "avoid $1")
	return goAroundRE.ReplaceAllString(text, "avoid $1")
}

// noTownRE ends the words just before a town that refuse it: "no",
// "not", "nor", with "ideally" or "and" before them ("so no Lewes",
// "ideally not Georgetown either", "NO dover").
var noTownRE = regexp.MustCompile(`(?:^|[^a-z'])(no|not|nor) +$`)

// contrastRE, after a town, makes "not X" a correction, not a refusal:
// "not Dover but Smyrna".
var contrastRE = regexp.MustCompile(`^,? +(?:but|rather)\b`)

// refusedTowns are the places written just after "no" or "not" in a
// question that plans a trip: towns to keep off its routes.
func (q *question) refusedTowns() []understand.Mention {
	var out []understand.Mention
	for _, m := range q.places {
		if m.Role != understand.RoleNone && m.Role != understand.RoleNear {
			continue
		}
		lo := max(0, m.Start-12)
		ix := noTownRE.FindStringSubmatchIndex(q.lower[lo:m.Start])
		if ix == nil || contrastRE.MatchString(q.lower[m.End:]) || q.afterTown(lo+ix[2]) {
			continue
		}
		if !slices.ContainsFunc(out, func(o understand.Mention) bool { return o.Span == m.Span }) {
			out = append(out, m)
		}
	}
	return out
}

// afterTown says whether the refusing word at byte i follows a town
// just named ("Lewes, not Dover"): it corrects that town.
func (q *question) afterTown(i int) bool {
	for _, m := range q.places {
		if m.End <= i && strings.Trim(q.lower[m.End:i], ", ") == "" {
			return true
		}
	}
	return false
}
