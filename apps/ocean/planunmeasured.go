package ocean

import (
	"slices"

	"github.com/cairn-agents/cairn/understand"
)

// unmeasured are quantities an ocean question may ask for that no Argo
// variable holds: such a question names its variable as missing
// instead of reading "depth" as pressure or "temperature" as the sea's.
var unmeasured = []struct {
	re   *guardedRegexp
	what string
}{
	{mustGuarded(`\b(mixed[- ]layer depth|mld)\b`), "the mixed layer depth"},
	{mustGuarded(`\bthermocline depth\b`), "the thermocline depth"},
	{mustGuarded(`\bwinds?(?: speeds?)?\b`), "wind"},
	{mustGuarded(`\b(wave heights?|waves)\b`), "waves"},
	{mustGuarded(`\bsea[- ]level\b`), "sea level"},
	{mustGuarded(`\bair temperatures?\b`), "air temperature"},
	{mustGuarded(`\b(rain|rainfall|precipitation)\b`), "rainfall"},
	{mustGuarded(`\b(sea[- ]ice|ice (thickness|extent|cover|coverage|concentration|edge|shelf|sheet)|icebergs?|pack ice|ice floes?)\b`), "sea ice"},
	{mustGuarded(`\b(current speeds?|current velocit(y|ies)|ocean currents?|drift(ing)? (speeds?|velocit(y|ies)|rates?)|speed of (the )?(drift|current))\b`), "currents"},
}

// unmeasuredAsked names the unmeasured quantity q asks for, when every
// variable word of r lies inside its mention ("the depth" of "mixed
// layer depth"); "" when none.
func unmeasuredAsked(q string, r *understand.Reading) string {
	for _, u := range unmeasured {
		spans := u.re.FindAllStringIndex(q, -1)
		if spans == nil {
			continue
		}
		inside := func(t understand.TermMatch) bool {
			return slices.ContainsFunc(spans, func(s []int) bool { return s[0] <= t.Start && t.End <= s[1] })
		}
		if !slices.ContainsFunc(r.Terms, func(t understand.TermMatch) bool { return !inside(t) }) {
			return u.what
		}
	}
	return ""
}
