package mapschat

import (
	"regexp"
	"strings"
)

// Going on foot said oddly: with the feet, on one's own two feet, at a
// jog or a run, trekking. A run to the shops is an errand, not a run.

var (
	// reOnFoot names walking without a walking word: "with the feet",
	// "on my own two feet", "jog there", "a run from here to X".
	reOnFoot = regexp.MustCompile(`\b(?:with|by|on|using)\s+(?:the\s+|my\s+|our\s+|your\s+|his\s+|her\s+|their\s+)?(?:own\s+)?(?:two\s+)?feet\b` +
		`|\bzu\s+fu(?:ß|ss)\b|\ba\s+piedi\b|\bte\s+voet\b` +
		`|\b(?:jog|jogs|jogging|jogged|a jog|stroll|strolling|a stroll|hoof it|leg it|power ?walk|power-walk)\b` +
		// to trek is to walk in Nigerian and Ghanaian English ("if I trek from here")
		`|\b(?:trek|treks|trekking|trekked)\s+(?:there|to|from|over|back|it|that|this|down|up|across)\b` +
		`|\b(?:run|runs|running|a run|ran)\s+(?:there|to|from|over|back|it|that|this)\b`)
	// reErrandRun ends with a run that is an errand, by whatever means:
	// "a quick run", "a beer run", "I need to run".
	reErrandRun = regexp.MustCompile(`\b(?:quick|beer|grocery|groceries|food|supply|supplies|store|shop|coffee|milk|liquor|booze|errand|parts|dump|school|bank|pharmacy|dairy|snack|pizza|taco|late-night|midnight)\s+$` +
		`|\b(?:need|needs|have|has|got|gotta|gonna|must|should)\s+(?:to\s+)?(?:quickly\s+|just\s+)?$`)
)

// onFootIn is the span of a walk named oddly in low, nil for none.
func onFootIn(low string) []int {
	for _, ix := range reOnFoot.FindAllStringIndex(low, -1) {
		if strings.HasPrefix(low[ix[0]:], "run") || strings.HasPrefix(low[ix[0]:], "ran") || strings.HasPrefix(low[ix[0]:], "a run") {
			if reErrandRun.MatchString(low[:ix[0]]) {
				continue
			}
		}
		return ix
	}
	return nil
}
