package mapschat

import "regexp"

// A question about why the last answer is what it is ("why that one its
// in dover", "how come that place, it's miles away") asks nothing new of
// the maps: the answer says how the list was ranked.

// reWhyThatOne asks why the assistant gave what it gave.
var reWhyThatOne = regexp.MustCompile(`^(?:(?:but|so|hm+|huh|wait|um+|ok(?:ay)?|and)[,.!?]*\s+)*(?:why|how come|whyd|why'd)\s+(?:(?:did|do|would)\s+you\s+(?:pick|choose|give|show|suggest)\s+(?:me\s+)?)?(?:that|this|the)\s+(?:one|place|result|option|spot)\b`)

// whyThatOne says whether low asks why the last answer gave a place,
// and asks no route and no detail.
func whyThatOne(low string) bool {
	return reWhyThatOne.MatchString(low) && !reRouteAsked.MatchString(low) && detailAsked(low) == ""
}

// reRouteAsked asks for a route or its length; "miles away" alone is a
// complaint, not a question.
var reRouteAsked = regexp.MustCompile(`\b(?:how (?:much )?(?:far|long)|directions?|route|take me|navigate|get (?:to|there))\b`)
