package mapschat

import (
	"regexp"
	"strings"

	"github.com/cairn-agents/cairn/understand"
)

// A route through a waypoint ("Wilmington to Dover via Smyrna"): the
// directions tool takes no waypoints, so it is two legs, to the waypoint
// and on from it, as a trip of stops.

// reVia ends with the words that make the next place a waypoint.
var reVia = regexp.MustCompile(`\b(?:via|through|thru|by way of|passing through|stopping (?:in|at|off in|off at)|with a stop (?:in|at))\s+$`)

// viaWaypoint is r with a waypoint the message names made the first
// stop, the destination the one after it; r itself when it names none.
func viaWaypoint(r Request, rd *understand.Reading) Request {
	low := strings.ToLower(rd.Text)
	if r.Kind != KindDirections || r.From == nil || r.To == nil || len(r.Also) > 0 || len(low) != len(rd.Text) {
		return r
	}
	for _, m := range rd.Mentions {
		if m.Role == understand.RoleRegion || !reVia.MatchString(low[:m.Start]) {
			continue
		}
		v := mentionLoc(m)
		if strings.EqualFold(v.Name, r.To.Name) || strings.EqualFold(v.Name, r.From.Name) ||
			v.samePlace(r.To) || v.samePlace(r.From) {
			return r // read as an end already: which end is unclear
		}
		r.Stops = append([]*Loc{r.To}, r.Stops...)
		r.To = v
		return r
	}
	return r
}
