package mapschat

import "regexp"

// A question about the unit of the last answer ("is that in miles or
// km?", "what units are those?") asks nothing of the maps: the answers
// give kilometres.

const unitWords = `(?:miles?|mi|km|kms|kilomet(?:er|re)s?|met(?:er|re)s?|feet|ft|minutes|mins|hours)`

// reUnitsAsked asks which unit a figure just given was in.
var reUnitsAsked = regexp.MustCompile(`^(?:(?:and|so|ok(?:ay)?|wait|sorry|hm+|um+|also)[,.!]?\s+)*(?:` +
	`(?:is|was|are|were)\s+(?:that|this|it|those|these|that distance|the distance)\s+(?:in\s+)?` + unitWords + `(?:\s+or\s+(?:in\s+)?` + unitWords + `)?` +
	`|(?:what|which)\s+units?(?:\s+(?:is|are|was|were))?(?:\s+(?:that|this|it|those|these|the distance))?(?:\s+in)?` +
	`|(?:in\s+)?` + unitWords + `\s+or\s+(?:in\s+)?` + unitWords +
	`)\s*[?.!]*$`)

// unitsAsked says whether low only asks the unit of the last answer.
func unitsAsked(low string) bool {
	return reUnitsAsked.MatchString(low)
}
