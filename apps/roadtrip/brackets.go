package roadtrip

import (
	"regexp"
	"strings"

	"github.com/cairn-agents/cairn/understand"
)

// This file reads a county, a parish, a region or a state written in
// brackets after a town ("from Middletown (New Castle County) to
// Millsboro", "Ordino (parish of Ordino)", "Dover (Delaware)"): it
// qualifies the town and names no place of its own, so it takes no
// role of a trip.

// bracketAfterNameRE is a bracket right after a capitalised word.
var bracketAfterNameRE = regexp.MustCompile(`(\p{Lu}[\p{L}'’.-]*)\s*\(([^()\n]{2,40})\)`)

// countyLikeRE is what a bracket says of an area around a town.
var countyLikeRE = regexp.MustCompile(`(?i)^\s*(?:(?:the\s+)?(?:[\p{L}'’.-]+\s+){0,3}(?:county|parish|province|district|region|department|canton|shire|borough|municipality)|(?:county|parish|province|district|region|comarca)\s+of\s+[\p{L}'’ .-]+)\s*$`)

// bracketedAreas writes a bracketed area after a town as a qualifier:
// a county's or a parish's bracket is dropped (the town names the
// place); a state or a country written in it follows the town after a
// comma ("Dover, Delaware"), as the reader reads a qualifier.
func bracketedAreas(text string, g understand.Gazetteer) string {
	return bracketAfterNameRE.ReplaceAllStringFunc(text, func(s string) string {
		m := bracketAfterNameRE.FindStringSubmatch(s)
		inside := strings.TrimSpace(m[2])
		switch {
		case countyLikeRE.MatchString(inside):
			return m[1]
		case isStateCode(inside) || g != nil && namesArea(inside, g):
			return m[1] + ", " + inside
		}
		return s
	})
}

// codeAloneRE is a US state's two-letter code alone.
var codeAloneRE = regexp.MustCompile(`^(?:` + stateCodes + `)$`)

// isStateCode says whether w is a US state's two-letter code.
func isStateCode(w string) bool { return codeAloneRE.MatchString(w) }

// namesArea says whether a gazetteer knows name as a state, a region or
// a country.
func namesArea(name string, g understand.Gazetteer) bool {
	for _, p := range g.Lookup(understand.Normalize(name)) {
		if (p.Kind == understand.KindRegion || p.Kind == understand.KindCountry) && understand.Normalize(p.Name) == understand.Normalize(name) {
			return true
		}
	}
	return false
}
