package roadtrip

import (
	"regexp"
	"strings"

	"github.com/cairn-agents/cairn/understand"
)

// This file reads origins named by premises in a town ("one driver
// comes from our Middletown depot, the other from the yard in Dover")
// and keeps a numbered vehicle ("Bus 14", "Van 3") from being read as a
// town.

// premisesNouns are places of work a trip leaves from.
const premisesNouns = `(?:depot|yard|garage|base|warehouse|terminal|office|hq|headquarters|station|shop|plant|site|branch|store|hub|barn|farm|facility|lot|clinic)s?`

var (
	// premisesBeforeRE ends the text before a town the premises are
	// named by: "from our " (Middletown depot).
	premisesBeforeRE = regexp.MustCompile(`\bfrom\s+(?:our|the|their|my|his|her|your|its)\s+$`)
	// premisesAfterRE starts the text after such a town: " depot".
	premisesAfterRE = regexp.MustCompile(`^\s+` + premisesNouns + `\b`)
	// premisesInRE ends the text before a town the premises lie in:
	// "from the depot in ", "from our bus yard outside ".
	premisesInRE = regexp.MustCompile(`\bfrom\s+(?:our|the|their|my|his|her|your|its)\s+(?:[a-z]+\s+)?` + premisesNouns + `\s+(?:in|at|near|outside|of|by)\s+$`)
	// vehicleNumberRE is a vehicle or unit named by its number ("Bus
	// 14", "Truck #7", "Van no. 3"): no town.
	vehicleNumberRE = regexp.MustCompile(`\b(Bus|Van|Truck|Lorry|Coach|Shuttle|Ambulance|Engine|Ladder|Rig|Cab|Taxi|Tram|Tractor|Trailer|Vehicle|Minibus|Pickup)(\s+(?:#\s*|[Nn]o\.?\s*|[Nn]umber\s+)?\d+\b)`)
)

// fromPremises are the towns of the premises people leave from.
func (q *question) fromPremises() []understand.Mention {
	var out []understand.Mention
	for _, m := range q.places {
		before := q.lower[max(0, m.Start-60):m.Start]
		if premisesInRE.MatchString(before) || premisesBeforeRE.MatchString(before) && premisesAfterRE.MatchString(q.lower[m.End:]) {
			out = append(out, m)
		}
	}
	return out
}

// vehiclesLowered writes a vehicle named by its number in lower case,
// so the reader takes no town from it ("Bus 14 broke down" is no
// "Bus", Batumi's code).
func vehiclesLowered(text string) string {
	return vehicleNumberRE.ReplaceAllStringFunc(text, func(s string) string {
		m := vehicleNumberRE.FindStringSubmatch(s)
		return strings.ToLower(m[1]) + m[2]
	})
}
