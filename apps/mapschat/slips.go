package mapschat

import (
	"strings"

	"github.com/cairn-agents/cairn/understand"
)

// Ordinary words one letter from a kind's word, which the reader may take
// for a slip of it: "I can reach" is no beach, "on nights" (a night
// shift) no sights.

// ordinaryWords are words of their own that a slip of a kind never is.
var ordinaryWords = map[string]bool{
	"reach": true, "teach": true, "peach": true, "leach": true,
	"night": true, "nights": true, "lights": true, "rights": true, "fights": true, "tights": true, "eights": true,
}

// withoutWordSlips is rd less the kinds read from ordinary words.
func withoutWordSlips(rd *understand.Reading) *understand.Reading {
	low := strings.ToLower(rd.Text)
	if len(low) != len(rd.Text) {
		return rd
	}
	var ts []understand.TermMatch
	for _, t := range rd.Terms {
		if !ordinaryWords[low[t.Start:t.End]] {
			ts = append(ts, t)
		}
	}
	if len(ts) == len(rd.Terms) {
		return rd
	}
	out := *rd
	out.Terms = ts
	return &out
}
