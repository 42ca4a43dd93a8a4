package roadtrip

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/cairn-agents/cairn/apps/roadtrip/locnav"
	"github.com/cairn-agents/cairn/understand"
)

// taskSpec is what the question asks for: the understanding decision. A model
// extracts it when one is configured; readSpec is the policy.
type taskSpec struct {
	Family locnav.Family `json:"family" enum:"road_trip,even_stops,meeting_point,place_finding,multi_server"`
	// Road trips.
	Start      string   `json:"start,omitempty" jsonschema:"starting city or place, as written in the question"`
	End        string   `json:"end,omitempty" jsonschema:"destination city or place"`
	Routes     int      `json:"routes,omitempty" jsonschema:"number of distinct routes"`
	Cities     int      `json:"cities,omitempty" jsonschema:"intermediate cities per route"`
	RestStops  int      `json:"rest_stops,omitempty" jsonschema:"rest stops per route"`
	Viewpoints int      `json:"viewpoints,omitempty" jsonschema:"scenic viewpoints per route"`
	Region     string   `json:"region,omitempty" jsonschema:"state or country the trip is in, when the question names one"`
	Include    []string `json:"include,omitempty" jsonschema:"cities every route must visit"`
	Avoid      []string `json:"avoid,omitempty" jsonschema:"cities no route may visit"`
	// Even stops: one leg per route_N_stops key (or one for stops).
	Legs []legSpec `json:"legs,omitempty"`
	// Meeting points.
	Origins []originSpec `json:"origins,omitempty"`
	// Place search (meeting, directional, even stops share Legs[i].Types).
	PlaceTypes []string        `json:"place_types,omitempty" jsonschema:"Google place types wanted, e.g. cafe, restaurant"`
	MinRating  float64         `json:"min_rating,omitempty"`
	Area       string          `json:"area,omitempty" jsonschema:"city or country the place must be in (directional tasks)"`
	Count      int             `json:"count,omitempty" jsonschema:"places wanted (directional tasks)"`
	Directions []directionSpec `json:"directions,omitempty"`
	// Keys are the output format's top-level keys.
	Keys        []string `json:"keys"`
	Unsupported string   `json:"unsupported,omitempty" jsonschema:"why the task cannot be done with maps tools alone"`
	// Policy findings a model is not asked for: the format written in the
	// question, why the family was chosen (or what is missing when none
	// could be), the names no gazetteer knows, notes on close readings.
	Format  json.RawMessage `json:"format,omitempty" jsonschema:"-"`
	Why     string          `json:"why,omitempty" jsonschema:"-"`
	Unknown []string        `json:"unknown,omitempty" jsonschema:"-"`
	Notes   []string        `json:"notes,omitempty" jsonschema:"-"`
	// Readings are the joint readings of the places the policy weighed,
	// best first, with their scores (for the trace).
	Readings []understand.Alternative `json:"readings,omitempty" jsonschema:"-"`
}

// legSpec is one leg of an even-stops task.
type legSpec struct {
	From  string   `json:"from"`
	To    string   `json:"to"`
	Stops int      `json:"stops" jsonschema:"intermediate stops at equal fractions: 1 midpoint, 2 thirds, 3 quarters..."`
	Types []string `json:"types" jsonschema:"Google place types accepted for the stops"`
	// Fractions place the stops when they are not evenly spaced ("a
	// third of the way": [0.333]); empty means Stops at equal fractions.
	Fractions []float64 `json:"fractions,omitempty" jsonschema:"where the stops lie along the leg, 0-1, when not evenly spaced"`
}

// at are the fractions of the leg its stops lie at.
func (l legSpec) at() []float64 {
	if len(l.Fractions) > 0 {
		return l.Fractions
	}
	out := make([]float64, l.Stops)
	for i := range out {
		out[i] = float64(i+1) / float64(l.Stops+1)
	}
	return out
}

// originSpec is one person's starting place for a meeting point.
type originSpec struct {
	Place string `json:"place"`
	Mode  string `json:"mode" enum:"driving,walking,bicycling"`
}

// directionSpec says the answer lies Direction of Ref.
type directionSpec struct {
	Direction string `json:"direction" enum:"north,south,east,west"`
	Ref       string `json:"ref"`
}

// Validate checks what the schema cannot. Its errors name what the
// question lacks, in words for the person who asked it.
func (s taskSpec) Validate() error {
	switch s.Family {
	case "":
		return fmt.Errorf("%w: %s", errUnclear, s.Why)
	case locnav.RoadTrip:
		switch {
		case s.Start == "" && s.End == "":
			return fmt.Errorf("%w: no starting place and no destination (write e.g. \"from Wilmington to Dover\")", errUnclear)
		case s.Start == "":
			return fmt.Errorf("%w: no starting place (write e.g. \"from Wilmington to %s\")", errUnclear, head(s.End))
		case s.End == "":
			return fmt.Errorf("%w: no destination (write e.g. \"from %s to Dover\")", errUnclear, head(s.Start))
		}
		if s.Routes < 1 || s.Routes > 10 || s.Cities < 0 || s.Cities > 20 || s.RestStops < 0 || s.Viewpoints < 0 {
			return fmt.Errorf("road_trip counts out of range: routes %d (1-10), cities %d (0-20)", s.Routes, s.Cities)
		}
	case locnav.EvenStops:
		if len(s.Legs) == 0 {
			return fmt.Errorf("%w: no route to put stops on (write e.g. \"the midpoint between Wilmington and Dover\")", errUnclear)
		}
		for i, l := range s.Legs {
			switch {
			case l.From == "" && l.To == "":
				return fmt.Errorf("%w: leg %d has no starting place and no destination (write e.g. \"halfway from Wilmington to Dover\")", errUnclear, i+1)
			case l.From == "":
				return fmt.Errorf("%w: leg %d has no starting place", errUnclear, i+1)
			case l.To == "":
				return fmt.Errorf("%w: leg %d has no destination", errUnclear, i+1)
			case l.Stops < 1 || l.Stops > 10:
				return fmt.Errorf("legs[%d]: %d stops, want 1-10", i, l.Stops)
			}
			for _, f := range l.Fractions {
				if f <= 0 || f >= 1 {
					return fmt.Errorf("legs[%d]: a stop at fraction %g, want between 0 and 1", i, f)
				}
			}
		}
	case locnav.MeetingPoint:
		if len(s.Origins) < 2 || len(s.Origins) > 6 {
			return fmt.Errorf("%w: a meeting point needs the places of 2-6 people, found %d (write e.g. \"I live in Newark, my friend lives in Dover\")", errUnclear, len(s.Origins))
		}
	case locnav.PlaceFinding:
		if len(s.PlaceTypes) == 0 {
			return fmt.Errorf("%w: no kind of place to find (e.g. cafe, museum, park)", errUnclear)
		}
		if len(s.Directions) == 0 {
			return fmt.Errorf("%w: no landmark to be north, south, east or west of", errUnclear)
		}
	}
	return nil
}

// errUnclear is wrapped by Spec.Validate when the question does not say
// something the task needs (a starting place, a destination, ...).
var errUnclear = errors.New("question not understood")

// head is a name without its region: "Newark" of "Newark, Delaware".
func head(name string) string {
	h, _, _ := strings.Cut(name, ",")
	return h
}

// routeTemplateKeys are the keys of a road-trip format's route object.
func routeTemplateKeys(format json.RawMessage) []string {
	var f struct {
		Routes []json.RawMessage `json:"routes"`
	}
	if json.Unmarshal(format, &f) != nil || len(f.Routes) == 0 {
		return nil
	}
	return understand.Format{JSON: f.Routes[0]}.Keys()
}
