package geo

import (
	"unicode/utf8"

	"github.com/cairn-agents/cairn/understand"
)

// Normalize folds s for matching: diacritics removed, lower case,
// punctuation turned to spaces, runs of spaces collapsed. "Sant Julià de
// Lòria" becomes "sant julia de loria". It is understand.Normalize, so
// the names the engine indexes and the names understand reads match.
func Normalize(s string) string { return understand.Normalize(s) }

// isLatin reports whether a normalized string uses only ASCII letters,
// digits and spaces.
func isLatin(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// EditDistance is the Levenshtein distance of a and b in bytes, giving up (and
// returning max+1) once it exceeds max.
func EditDistance(a, b string, max int) int {
	if d := len(a) - len(b); d > max || -d > max {
		return max + 1
	}
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		best := cur[0]
		for j := 1; j <= len(b); j++ {
			c := prev[j-1]
			if a[i-1] != b[j-1] {
				c++
			}
			if v := prev[j] + 1; v < c {
				c = v
			}
			if v := cur[j-1] + 1; v < c {
				c = v
			}
			cur[j] = c
			if c < best {
				best = c
			}
		}
		if best > max {
			return max + 1
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
