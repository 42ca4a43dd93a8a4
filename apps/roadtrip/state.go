package roadtrip

import (
	"encoding/json"

	"github.com/cairn-agents/cairn/apps/roadtrip/locnav"
)

// state is the orchestrator's shared state. It round-trips through JSON
// (flow checkpoints and parallel merges).
type state struct {
	Task locnav.Task `json:"task"`
	Spec *taskSpec   `json:"spec,omitempty"`

	// Road trips.
	Start   *point  `json:"start,omitempty"`
	End     *point  `json:"end,omitempty"`
	Pool    []city  `json:"pool,omitempty"` // candidate intermediate cities
	Road    *roadKm `json:"road,omitempty"` // driving km between the ends and the pool
	Routes  []route `json:"routes,omitempty"`
	Elevate bool    `json:"elevate,omitempty"` // elevations looked up
	// Even stops.
	Legs []leg `json:"legs,omitempty"`
	// Meeting points and directional tasks.
	Origins []point `json:"origins,omitempty"`
	Refs    []point `json:"refs,omitempty"`
	Stops   []place `json:"stops,omitempty"`

	// The loop.
	Thought string   `json:"thought,omitempty"`
	Next    string   `json:"next,omitempty"`
	Pending []string `json:"pending,omitempty"` // the rest of the current plan
	Done    []string `json:"done,omitempty"`
	Failed  bool     `json:"failed,omitempty"` // the last action failed
	// Tried holds failedKey of every failed action: the action with the
	// inputs it failed on, never run again with the same ones.
	Tried   []string `json:"tried,omitempty"`
	History []step   `json:"history,omitempty"`
	Notes   []string `json:"notes,omitempty"`
	Unclear string   `json:"unclear,omitempty"` // what the question does not say; nothing to plan

	Answer json.RawMessage `json:"answer,omitempty"`
}

// step is one Thought → Action → Observation.
type step struct {
	Thought     string `json:"thought"`
	Action      string `json:"action"`
	Observation string `json:"observation"`
}

// point is a place located by a maps tool.
type point struct {
	Query   string  `json:"query"` // what was asked
	Name    string  `json:"name"`
	Address string  `json:"address"`
	PlaceID string  `json:"place_id"`
	Lat     float64 `json:"lat"`
	Lng     float64 `json:"lng"`
}

// city is a candidate intermediate town of a road trip: a town a search
// for towns named, else the town reverse geocoding named at a point of
// the corridor.
type city struct {
	ID      string  `json:"id"` // c1, c2, ... for decisions
	Name    string  `json:"name"`
	PlaceID string  `json:"place_id"`
	Address string  `json:"address"`
	Lat     float64 `json:"lat"` // the town, or the corridor point that named it
	Lng     float64 `json:"lng"`
	Frac    float64 `json:"frac"`      // progress along start → end, 0..1, by road once measured
	OffKm   float64 `json:"offset_km"` // signed distance from the straight line
	// FromKm and ToKm are the driving km from the start and to the end;
	// DetourKm is how much longer start → here → end is than start → end.
	FromKm   float64 `json:"from_km,omitempty"`
	ToKm     float64 `json:"to_km,omitempty"`
	DetourKm float64 `json:"detour_km,omitempty"`
	// Rank is the town's place in the order the maps named the towns
	// around the way, the ones a person would name first (0 first).
	Rank    int  `json:"rank"`
	Include bool `json:"include,omitempty"`
}

// place is a place found by a search.
type place struct {
	Name      string   `json:"name"`
	Address   string   `json:"address"`
	PlaceID   string   `json:"place_id"`
	Lat       float64  `json:"lat"`
	Lng       float64  `json:"lng"`
	Types     []string `json:"types,omitempty"`
	Rating    *float64 `json:"rating,omitempty"`
	City      string   `json:"city,omitempty"`      // the route city it belongs to
	Amenities []string `json:"amenities,omitempty"` // from place details, when it lists them
	Elevation *float64 `json:"elevation,omitempty"`
}

// route is one planned road trip.
type route struct {
	Name       string   `json:"name"`
	Cities     []string `json:"cities"` // City.ID, in order
	RestStops  []place  `json:"rest_stops,omitempty"`
	Viewpoints []place  `json:"viewpoints,omitempty"`
}

// leg is one leg of an even-stops task.
type leg struct {
	From   *point       `json:"from,omitempty"`
	To     *point       `json:"to,omitempty"`
	Points [][2]float64 `json:"points,omitempty"` // the fraction points, lat/lng
	Stops  []place      `json:"stops,omitempty"`
}
