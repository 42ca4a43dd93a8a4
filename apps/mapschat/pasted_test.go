package mapschat

import (
	"testing"

	"github.com/cairn-agents/cairn/geo/mapstool"
)

// An address pasted as lines is one place, asked for or routed to.
func TestPastedAddressBlockIsOnePlace(t *testing.T) {
	runClass(t, "Milford, DE", nil, []classCase{
		{msg: "where's this please?\n\nHarbor Diner\n12 Front Street\nMilford, DE 19963", tool: mapstool.Geocode, has: []string{"12 front street, milford"}},
		{msg: "Show me\r\n\r\nACME Lab, Suite 4\r\n8 Walnut St\r\nLewes, DE", tool: mapstool.Geocode, has: []string{"8 walnut st, lewes"}},
		{msg: "can u find\n12 front st\nmilford de 19963", tool: mapstool.Geocode, has: []string{"12 front st, milford"}}, // no comma: the ZIP marks the town line
	})
	runClass(t, "Dover, DE", []string{"museums in Dover"}, []classCase{
		{msg: "ok now from the first one over to\n\nDelaware State University\nNorth Dupont Hwy\nDover, DE 19901\n\nhow long does it take", tool: mapstool.Directions, has: []string{"delaware state university"}, not: []string{"hwy dover"}},
		{msg: "how far is it to\nWesley College\n120 N State St\nDover, DE 19901", tool: mapstool.Geocode, has: []string{"120 n state st, dover"}}, // the address placed first, then the route,
	})
}

// "is that walkable" after a route is that route in the mode it names.
func TestModeAbleAfterARoute(t *testing.T) {
	runClass(t, "Dover, DE", []string{"how far from Dover to Camden?"}, []classCase{
		{msg: "would it be within biking distance", tool: mapstool.Directions, has: []string{`"bicycling"`, "camden"}},
		{msg: "hm is this one walkable?", tool: mapstool.Directions, has: []string{`"walking"`, "camden"}},
	})
}
