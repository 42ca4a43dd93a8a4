package mapschat

import (
	"testing"

	"github.com/cairn-agents/cairn/geo/mapstool"
)

// In the sentence asking for a kind, a place after "near" is where to
// look, before one after "in" or "at" and before a place of another
// sentence; a "near" of another sentence is the story, not the search.
func TestNearInTheAskingSentence(t *testing.T) {
	runClass(t, "Lewes, DE", nil, []classCase{
		{msg: "Out birding at Cape Henlopen today. Is there a cafe near the Zwaanendael Museum?", tool: mapstool.SearchPlaces, has: []string{`"query":"cafe"`, "38.774082"}},
		{msg: "coffee in Lewes near the Zwaanendael Museum", tool: mapstool.SearchPlaces, has: []string{"38.774082"}},
		{msg: "I live near Milford. Any cafes in Dover?", tool: mapstool.SearchPlaces, has: []string{`"query":"cafe"`, "39.158"}},
	})
}
