package mapschat

import (
	"testing"

	"github.com/cairn-agents/cairn/geo/mapstool"
)

// The classes of kinds.go, ends.go and switches.go in still other words.
func TestClassesInOtherWords(t *testing.T) {
	runClass(t, "Dover, DE", nil, []classCase{
		{msg: "I'm at Smith Plaza, any coffee near me?", tool: mapstool.SearchPlaces, not: []string{"smith"}},
		{msg: "staying at the Hampton Suites, somewhere to eat around us?", tool: mapstool.SearchPlaces, not: []string{"hampton"}},
		{msg: "38.64,-75.61 — what's the address?", tool: mapstool.ReverseGeocode},
		{msg: "she's at 39.16, -75.52, which town is that in?", tool: mapstool.ReverseGeocode},
		{msg: "the letter says 45 Loockerman Street, Dover. where's that?", tool: mapstool.Geocode},
		{msg: "any veterinarians near Camden?", tool: mapstool.SearchPlaces, has: []string{"veterinarian"}},
		{msg: "we need a bakery for the birthday cake", tool: mapstool.SearchPlaces, has: []string{"bakery"}},
		{msg: "is there a dry cleaner in town?", tool: mapstool.SearchPlaces, has: []string{"dry cleaner"}},
		{msg: "are there any bowling alleys close by", tool: mapstool.SearchPlaces, has: []string{"bowling"}},
		{msg: "how long to walk from Water Street to Legislative Mall", tool: mapstool.Directions, has: []string{", dover"}},
	})
}
