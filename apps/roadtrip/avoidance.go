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
// X"), and a town written after "no" or "not" ("NO dover", "so no
// Lewes, and ideally not Georgetown either").

var (
	// keepAwayRE: "stay away from", "keep us out of", "steer clear of".
	keepAwayRE = regexp.MustCompile(`(?i)\b(?:(?:stay|keep|keeping|staying)\s+(?:(?:us|me|them|him|her|the\s+\w+)\s+)?(?:well\s+|far\s+)?(?:away\s+from|out\s+of|clear\s+of)|steer(?:ing)?\s+clear\s+of)\s`)
	// goAroundRE: "go around", "drive round", "route around" a place
	// (not "around 3 pm", "around town": a capital follows or "it").
	goAroundRE = regexp.MustCompile(`(?i)\b(?:go|goes|going|drive|driving|route|routing|detour|swing|head)\s+(?:a?round)\s+(\p{Lu}|it\b)`)
)

// keptAway writes the ways of keeping off a town as "avoid".
func keptAway(text string) string {
	text = keepAwayRE.ReplaceAllString(text, "avoid ")
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
