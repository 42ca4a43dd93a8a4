package roadtrip

import (
	"strings"

	"github.com/cairn-agents/cairn/understand"
)

// This file keeps a count of people from standing for a count the trip
// asks ("me + 2 friends wanna drive", "3 of us are going", "two kids
// will come"): the reader may take the verb after the people as the
// counted noun's head ("drive", "trip"), a route's head.

// peopleNouns are words that count travellers, singular.
var peopleNouns = set("friend", "buddy", "buddie", "mate", "pal", "kid", "child", "children", "people", "person", "passenger",
	"adult", "rider", "biker", "cyclist", "guy", "girl", "boy", "colleague", "coworker", "co-worker", "sibling", "teen",
	"teenager", "student", "traveller", "traveler", "member", "driver", "family", "families")

// countsPeople says whether a count's noun names people, not a thing
// the trip asks for: its first word is a person's ("2 friends wanna
// drive", "3 of us").
func countsPeople(x understand.Quantity) bool {
	noun := strings.ToLower(x.Noun)
	first, _, _ := strings.Cut(noun, " ")
	if peopleNouns[first] || strings.HasPrefix(noun, "of us") {
		return true
	}
	for _, suffix := range []string{"s", "es"} {
		if w, ok := strings.CutSuffix(first, suffix); ok && peopleNouns[w] {
			return true
		}
	}
	return false
}
