package ocean

// How hydrographers and instrument people write a level and a profile,
// in the rules' words: "on the 1000 dbar isobar", "on 1000 dbar" (a
// non-native "on" for "at") and "along the 500 dbar surface" are that
// pressure; "how temperature changes with (the) depth", "salinity
// varying with pressure", "how it changes as you go deeper", "varies
// going down" is the profile, not a trend or a range. (A
// depth contour of the sea floor, "the 1000 m isobath", is no level of
// the water: it stays.)
var (
	reOnIsobar     = mustGuarded(`(?i)\b(?:on|along)\s+(?:the\s+)?(\d{1,5}(?:\.\d+)?)\s*-?\s*(dbar|decibars?|db)\b(?:\s+(?:isobars?|isobaric surfaces?|surfaces?|levels?|horizons?))?`)
	reOnLevelMetre = mustGuarded(`(?i)\b(?:on|along)\s+the\s+(\d{1,5}(?:\.\d+)?)\s*-?\s*(m|meters?|metres?)\s+(?:isobars?|levels?|horizons?|surfaces?)\b`)
	reWithDepth    = mustGuarded(`(?i)\b(?:chang(?:e|es|ed|ing)|var(?:y|ies|ied|ying)|evolv(?:e|es|ed|ing))\s+(?:with\s+(?:the\s+|increasing\s+)?(?:depth|pressure)|as\s+(?:you|it|we|one|they|the float)\s+(?:go(?:es)?|get|gets|sinks?|dives?|descends?|move|moves)\s+(?:deeper|down(?:wards?)?)|(?:going|getting|moving)\s+(?:deeper|down(?:wards?)?)|(?:further|deeper|lower)\s+down|down\s+(?:the|through the)\s+water\s+column)\b`)
)

// rewordHydrography writes levels and profiles as the rules read them.
func rewordHydrography(query string) string {
	query = replaceFunc(reOnIsobar, query, func(m []int) string {
		return "at " + query[m[2]:m[3]] + " " + query[m[4]:m[5]]
	})
	query = replaceFunc(reOnLevelMetre, query, func(m []int) string {
		return "at " + query[m[2]:m[3]] + " " + query[m[4]:m[5]]
	})
	return reWithDepth.ReplaceAllString(query, "with depth")
}
