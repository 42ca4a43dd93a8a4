package roadtrip

import "github.com/cairn-agents/cairn/understand"

// This file is roadtrip's own vocabulary: the words that name kinds of
// places, the things a trip counts, and what makes a question a meeting.
// Everything else about reading a question is the understand package's.

// placeTerms map words of a question to Google place types.
var placeTerms = []understand.Term{
	{Phrase: "gas station", Label: "gas_station"}, {Phrase: "gas_station", Label: "gas_station"},
	{Phrase: "petrol station", Label: "gas_station"}, {Phrase: "filling station", Label: "gas_station"},
	{Phrase: "fill up", Label: "gas_station"}, {Phrase: "fill-up", Label: "gas_station"}, {Phrase: "refuel", Label: "gas_station"},
	{Phrase: "refueling", Label: "gas_station"}, {Phrase: "refuelling", Label: "gas_station"}, {Phrase: "tank up", Label: "gas_station"},
	{Phrase: "fill the tank", Label: "gas_station"}, {Phrase: "top up the tank", Label: "gas_station"},
	{Phrase: "fuel", Label: "gas_station"}, {Phrase: "petrol", Label: "gas_station"}, {Phrase: "gas", Label: "gas_station"},
	{Phrase: "cafe", Label: "cafe"}, {Phrase: "coffee shop", Label: "cafe"}, {Phrase: "coffee place", Label: "cafe"},
	{Phrase: "coffee", Label: "cafe"}, {Phrase: "espresso bar", Label: "cafe"},
	{Phrase: "restaurant", Label: "restaurant"}, {Phrase: "restraunt", Label: "restaurant"}, {Phrase: "resturant", Label: "restaurant"},
	{Phrase: "diner", Label: "restaurant"}, {Phrase: "lunch", Label: "restaurant"}, {Phrase: "dinner", Label: "restaurant"},
	{Phrase: "breakfast", Label: "restaurant"}, {Phrase: "brunch", Label: "restaurant"}, {Phrase: "place to eat", Label: "restaurant"},
	{Phrase: "bite to eat", Label: "restaurant"},
	{Phrase: "hotel", Label: "lodging"}, {Phrase: "motel", Label: "lodging"}, {Phrase: "lodging", Label: "lodging"},
	{Phrase: "hostel", Label: "lodging"}, {Phrase: "inn", Label: "lodging"}, {Phrase: "place to stay", Label: "lodging"},
	{Phrase: "park", Label: "park"}, {Phrase: "museum", Label: "museum"}, {Phrase: "library", Label: "library"},
	{Phrase: "swimming pool", Label: "swimming_pool"}, {Phrase: "stadium", Label: "stadium"}, {Phrase: "hospital", Label: "hospital"},
	{Phrase: "pharmacy", Label: "pharmacy"}, {Phrase: "drugstore", Label: "pharmacy"}, {Phrase: "supermarket", Label: "supermarket"},
	{Phrase: "grocery store", Label: "supermarket"}, {Phrase: "grocery", Label: "supermarket"}, {Phrase: "bar", Label: "bar"},
	{Phrase: "pub", Label: "bar"}, {Phrase: "church", Label: "church"}, {Phrase: "bakery", Label: "bakery"},
	{Phrase: "campground", Label: "campground"}, {Phrase: "tourist attraction", Label: "tourist_attraction"},
	{Phrase: "shopping mall", Label: "shopping_mall"}, {Phrase: "mall", Label: "shopping_mall"}, {Phrase: "zoo", Label: "zoo"},
	{Phrase: "bank", Label: "bank"}, {Phrase: "atm", Label: "atm"}, {Phrase: "post office", Label: "post_office"},
	{Phrase: "charging station", Label: "electric_vehicle_charging_station"},
	{Phrase: "charging spot", Label: "electric_vehicle_charging_station"}, {Phrase: "charging point", Label: "electric_vehicle_charging_station"},
	{Phrase: "charging stop", Label: "electric_vehicle_charging_station"}, {Phrase: "ev charger", Label: "electric_vehicle_charging_station"},
	{Phrase: "car charger", Label: "electric_vehicle_charging_station"}, {Phrase: "supercharger", Label: "electric_vehicle_charging_station"},
	{Phrase: "recharge", Label: "electric_vehicle_charging_station"}, {Phrase: "top up the battery", Label: "electric_vehicle_charging_station"},
	{Phrase: "police station", Label: "police"}, {Phrase: "police department", Label: "police"}, {Phrase: "police", Label: "police"},
	{Phrase: "fire station", Label: "fire_station"}, {Phrase: "firehouse", Label: "fire_station"},
	{Phrase: "convenience store", Label: "convenience_store"}, {Phrase: "convenience shop", Label: "convenience_store"},
	{Phrase: "corner store", Label: "convenience_store"}, {Phrase: "minimart", Label: "convenience_store"},
	{Phrase: "mini-mart", Label: "convenience_store"}, {Phrase: "mini mart", Label: "convenience_store"},
}

// The heads of the nouns a road trip counts ("3 intermediate towns").
var (
	routeHeads = set("route", "option", "itinerary", "way", "alternative", "trip", "drive", "path", "choice", "variant",
		"journey", "road-trip", "roadtrip", "routing")
	cityHeads = set("city", "town", "village", "stopover", "parish", "municipality", "place", "locality", "community",
		"stop", "destination", "waypoint", "settlement", "hamlet")
	viewHeads = set("viewpoint", "overlook", "lookout", "vista", "mirador", "view", "outlook", "panorama", "belvedere")
)

// restWords and viewWords, written with no count, ask for one per route.
var (
	restWords = []string{"rest stop", "rest area", "rest break", "rest-stop", "service area", "services", "rest facility", "rest facilities"}
	viewWords = []string{"viewpoint", "overlook", "lookout", "scenic view", "scenic spot", "vista", "mirador", "scenic point"}
)

// meetWords say the place is for people to meet (a handoff between two
// people is a meeting); fairWords do when the question also names two
// people's places ("the same drive for both").
var (
	meetWords = []string{"meet", "meetup", "meet-up", "get together", "get-together", "equidistant", "rendezvous",
		"catch up", "gather", "hand off", "handoff", "hand-off", "hand over", "handover", "hand-over", "encontrar", "encontrarnos", "encontrarmos", "retrouver", "trobar-nos", "trobem"}
	fairWords = []string{"both of us", "all of us", "each of us", "everyone", "for both", "for all", "neither of us",
		"in the middle", "fair drive", "fair for", "similar driving", "same driving", "equal driving", "equal drive",
		"equal travel", "similar travel", "same travel", "equal time", "same time", "similar time", "equal walking",
		"roughly the same", "about the same", "as long as", "equal distance", "as close as possible to the", "halfway between us"}
)

// evenWords ask for stops spaced evenly along a drive.
var evenWords = []string{"evenly spaced", "equally spaced", "evenly distributed", "equally distributed", "at equal intervals",
	"at equal distances", "spaced evenly", "spread evenly", "evenly along"}

// tripWords say a road trip is planned.
var tripWords = []string{"route", "road trip", "road-trip", "roadtrip", "itinerary", "itineraries", "drive from", "driving route",
	"scenic drive", "plan a trip", "plan a drive", "road-trip"}

// walkWords and driveWords give a person's travel mode.
var (
	walkWords  = []string{"walk", "walks", "walking", "on foot", "by foot", "stroll"}
	driveWords = []string{"drive", "drives", "driving", "by car", "car"}
)

func set(ws ...string) map[string]bool {
	m := make(map[string]bool, len(ws))
	for _, w := range ws {
		m[w] = true
	}
	return m
}
