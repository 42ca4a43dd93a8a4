package mapschat

import (
	"regexp"
	"slices"

	"github.com/cairn-agents/cairn/understand"
)

// reNearerOne asks for a nearer place of the same list: "closer one?",
// "is there a nearer one", "anything closer".
var reNearerOne = regexp.MustCompile(`\b(?:(?:a|the|any|one) )?(?:closer|nearer|closest|nearest) (?:one|option|choice)\b|\b(?:anything|something|one|anywhere) (?:closer|nearer)\b`)

// nearerOne reads "closer one?" after a route to a listed place that is
// not the first: the same route to the first of the list, the nearest as
// the search ranked them. ok false for any other message.
func nearerOne(low string, rd *understand.Reading, mem Memory) (Request, bool) {
	t := mem.Trip
	if t == nil || len(mem.Results) == 0 || len(rd.Terms) > 0 || !reNearerOne.MatchString(low) ||
		slices.ContainsFunc(rd.Mentions, func(m understand.Mention) bool { return m.Role != understand.RoleRegion }) {
		return Request{}, false
	}
	i := slices.IndexFunc(mem.Results, func(p Place) bool { return p.PlaceID != "" && p.PlaceID == t.To.PlaceID })
	if i <= 0 {
		return Request{}, false
	}
	to := placeLoc(mem.Results[0], "the closer one")
	from := t.From
	return Request{Kind: KindDirections, From: &from, To: to, Mode: t.Mode}, true
}
