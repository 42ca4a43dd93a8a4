package events

import (
	"math"

	"github.com/cairn-agents/cairn/understand"
)

// similarity is the cosine of two texts' character-trigram counts, after
// folding case, accents and punctuation (understand.Normalize): 1 for the
// same words, near 0 for unrelated ones. "JSConf EU 2026" and "JSConf EU
// 2026 Berlin" are close; word order matters less than with an edit
// distance, and short typos cost little.
func similarity(a, b string) float64 {
	ta, tb := trigrams(a), trigrams(b)
	if len(ta) == 0 || len(tb) == 0 {
		if understand.Normalize(a) == understand.Normalize(b) && understand.Normalize(a) != "" {
			return 1
		}
		return 0
	}
	var dot, na, nb float64
	for g, x := range ta {
		na += float64(x * x)
		if y, ok := tb[g]; ok {
			dot += float64(x * y)
		}
	}
	for _, y := range tb {
		nb += float64(y * y)
	}
	return dot / math.Sqrt(na*nb)
}

// trigrams counts the character trigrams of s, each word padded with a
// space on both sides so short words count.
func trigrams(s string) map[string]int {
	n := understand.Normalize(s)
	out := map[string]int{}
	r := []rune(" " + n + " ")
	for i := 0; i+3 <= len(r); i++ {
		out[string(r[i:i+3])]++
	}
	return out
}
