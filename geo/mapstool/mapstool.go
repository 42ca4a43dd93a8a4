// Package mapstool exposes a geo.Maps backend as the seven tools of the
// Google Maps MCP server (@modelcontextprotocol/server-google-maps 0.6.2):
// same names, input schemas, pretty-printed JSON results and error texts
// ("Geocoding failed: ZERO_RESULTS"). Client goes the other way: it turns
// any tool caller offering those tools (a registry, an MCP client of the
// upstream server) back into a geo.Maps.
package mapstool

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/cairn-agents/cairn/geo"
	"github.com/cairn-agents/cairn/tool"
)

// Tool names.
const (
	Geocode        = "maps_geocode"
	ReverseGeocode = "maps_reverse_geocode"
	SearchPlaces   = "maps_search_places"
	PlaceDetails   = "maps_place_details"
	DistanceMatrix = "maps_distance_matrix"
	Elevation      = "maps_elevation"
	Directions     = "maps_directions"
)

// Error is a failed maps call. Its text is what the upstream server
// returns with isError: "<Op> failed: <reason>". It unwraps to the tool
// error kind (tool.ErrBadArgs or tool.ErrPermanent) and to the backend's
// error (geo.ErrZeroResults, ...).
type Error struct {
	Op   string // "Geocoding", "Place search", ...
	Kind error
	Err  error
}

func (e *Error) Error() string {
	reason := e.Err.Error()
	if errors.Is(e.Err, geo.ErrZeroResults) {
		reason = geo.StatusZeroResults // exactly as Google's status
	}
	return e.Op + " failed: " + reason
}

// Unwrap exposes the kind and the cause to errors.Is.
func (e *Error) Unwrap() []error { return []error{e.Kind, e.Err} }

// mapsTool is one contract tool: a fixed schema and a handler.
type mapsTool struct {
	spec tool.Spec
	op   string
	fn   func(ctx context.Context, args json.RawMessage) (any, error)
}

func (t *mapsTool) Spec() tool.Spec { return t.spec }

func (t *mapsTool) Call(ctx context.Context, args json.RawMessage) (json.RawMessage, error) {
	out, err := t.fn(ctx, args)
	if err != nil {
		kind := tool.ErrPermanent
		if errors.Is(err, geo.ErrInvalidRequest) || errors.Is(err, errArgs) {
			kind = tool.ErrBadArgs
		}
		return nil, &Error{Op: t.op, Kind: kind, Err: err}
	}
	b, err := json.MarshalIndent(out, "", "  ")
	if err != nil {
		return nil, &Error{Op: t.op, Kind: tool.ErrPermanent, Err: err}
	}
	return b, nil
}

// TextResultOnly tells an MCP server (mcp.TextResulter) to send results as
// the upstream server does: one text item of pretty-printed JSON, without a
// structuredContent copy, which would double every result on the wire.
func (t *mapsTool) TextResultOnly() bool { return true }

var errArgs = errors.New("INVALID_REQUEST")

func decode(args json.RawMessage, v any) error {
	if len(args) == 0 {
		args = json.RawMessage("{}")
	}
	if err := json.Unmarshal(args, v); err != nil {
		return fmt.Errorf("%w: arguments: %v", errArgs, err)
	}
	return nil
}

func required(name string, present bool) error {
	if !present {
		return fmt.Errorf("%w: %s is required", errArgs, name)
	}
	return nil
}

type latLngArg struct {
	Latitude  *float64 `json:"latitude"`
	Longitude *float64 `json:"longitude"`
}

func (a latLngArg) get(field string) (geo.LatLng, error) {
	if a.Latitude == nil || a.Longitude == nil {
		return geo.LatLng{}, fmt.Errorf("%w: %s needs latitude and longitude", errArgs, field)
	}
	p := geo.LatLng{Lat: *a.Latitude, Lng: *a.Longitude}
	if err := p.Validate(); err != nil {
		return geo.LatLng{}, fmt.Errorf("%s: %w", field, err)
	}
	return p, nil
}

// Tools returns the seven tools backed by m.
func Tools(m geo.Maps) []tool.Tool {
	mk := func(name, desc, schema, op string, fn func(context.Context, json.RawMessage) (any, error)) tool.Tool {
		return &mapsTool{spec: tool.Spec{Name: name, Description: desc, InputSchema: json.RawMessage(schema)}, op: op, fn: fn}
	}
	return []tool.Tool{
		mk(Geocode, "Convert an address into geographic coordinates", schemaGeocode, "Geocoding",
			func(ctx context.Context, raw json.RawMessage) (any, error) {
				var a struct{ Address *string }
				if err := decode(raw, &a); err != nil {
					return nil, err
				}
				if err := required("address", a.Address != nil); err != nil {
					return nil, err
				}
				return m.Geocode(ctx, *a.Address)
			}),
		mk(ReverseGeocode, "Convert coordinates into an address", schemaReverse, "Reverse geocoding",
			func(ctx context.Context, raw json.RawMessage) (any, error) {
				var a latLngArg
				if err := decode(raw, &a); err != nil {
					return nil, err
				}
				p, err := a.get("arguments")
				if err != nil {
					return nil, err
				}
				return m.ReverseGeocode(ctx, p.Lat, p.Lng)
			}),
		mk(SearchPlaces, "Search for places using Google Places API", schemaSearch, "Place search",
			func(ctx context.Context, raw json.RawMessage) (any, error) {
				var a struct {
					Query    *string
					Location *latLngArg
					Radius   float64
				}
				if err := decode(raw, &a); err != nil {
					return nil, err
				}
				if err := required("query", a.Query != nil); err != nil {
					return nil, err
				}
				req := geo.SearchRequest{Query: *a.Query, Radius: a.Radius}
				if a.Location != nil {
					p, err := a.Location.get("location")
					if err != nil {
						return nil, err
					}
					req.Location = &p
				}
				return m.SearchPlaces(ctx, req)
			}),
		mk(PlaceDetails, "Get detailed information about a specific place", schemaDetails, "Place details request",
			func(ctx context.Context, raw json.RawMessage) (any, error) {
				var a struct {
					PlaceID *string `json:"place_id"`
				}
				if err := decode(raw, &a); err != nil {
					return nil, err
				}
				if err := required("place_id", a.PlaceID != nil); err != nil {
					return nil, err
				}
				return m.PlaceDetails(ctx, *a.PlaceID)
			}),
		mk(DistanceMatrix, "Calculate travel distance and time for multiple origins and destinations", schemaMatrix, "Distance matrix request",
			func(ctx context.Context, raw json.RawMessage) (any, error) {
				var a struct {
					Origins, Destinations []string
					Mode                  string
				}
				if err := decode(raw, &a); err != nil {
					return nil, err
				}
				if err := required("origins", len(a.Origins) > 0); err != nil {
					return nil, err
				}
				if err := required("destinations", len(a.Destinations) > 0); err != nil {
					return nil, err
				}
				return m.DistanceMatrix(ctx, geo.MatrixRequest{Origins: a.Origins, Destinations: a.Destinations, Mode: a.Mode})
			}),
		mk(Elevation, "Get elevation data for locations on the earth", schemaElevation, "Elevation request",
			func(ctx context.Context, raw json.RawMessage) (any, error) {
				var a struct{ Locations []latLngArg }
				if err := decode(raw, &a); err != nil {
					return nil, err
				}
				if err := required("locations", len(a.Locations) > 0); err != nil {
					return nil, err
				}
				locs := make([]geo.LatLng, len(a.Locations))
				for i, l := range a.Locations {
					p, err := l.get(fmt.Sprintf("locations[%d]", i))
					if err != nil {
						return nil, err
					}
					locs[i] = p
				}
				return m.Elevation(ctx, locs)
			}),
		mk(Directions, "Get directions between two points", schemaDirections, "Directions request",
			func(ctx context.Context, raw json.RawMessage) (any, error) {
				var a struct {
					Origin, Destination *string
					Mode                string
				}
				if err := decode(raw, &a); err != nil {
					return nil, err
				}
				if err := required("origin", a.Origin != nil); err != nil {
					return nil, err
				}
				if err := required("destination", a.Destination != nil); err != nil {
					return nil, err
				}
				return m.Directions(ctx, geo.DirectionsRequest{Origin: *a.Origin, Destination: *a.Destination, Mode: a.Mode})
			}),
	}
}

// Registry returns a registry of the seven tools backed by m.
func Registry(m geo.Maps) (*tool.Registry, error) {
	return tool.NewRegistry(Tools(m)...)
}

// Input schemas, as the upstream server declares them.
const (
	schemaGeocode    = `{"type":"object","properties":{"address":{"type":"string","description":"The address to geocode"}},"required":["address"]}`
	schemaReverse    = `{"type":"object","properties":{"latitude":{"type":"number","description":"Latitude coordinate"},"longitude":{"type":"number","description":"Longitude coordinate"}},"required":["latitude","longitude"]}`
	schemaSearch     = `{"type":"object","properties":{"query":{"type":"string","description":"Search query"},"location":{"type":"object","properties":{"latitude":{"type":"number"},"longitude":{"type":"number"}},"description":"Optional center point for the search"},"radius":{"type":"number","description":"Search radius in meters (max 50000)"}},"required":["query"]}`
	schemaDetails    = `{"type":"object","properties":{"place_id":{"type":"string","description":"The place ID to get details for"}},"required":["place_id"]}`
	schemaMatrix     = `{"type":"object","properties":{"origins":{"type":"array","items":{"type":"string"},"description":"Array of origin addresses or coordinates"},"destinations":{"type":"array","items":{"type":"string"},"description":"Array of destination addresses or coordinates"},"mode":{"type":"string","description":"Travel mode (driving, walking, bicycling, transit)","enum":["driving","walking","bicycling","transit"]}},"required":["origins","destinations"]}`
	schemaElevation  = `{"type":"object","properties":{"locations":{"type":"array","items":{"type":"object","properties":{"latitude":{"type":"number"},"longitude":{"type":"number"}},"required":["latitude","longitude"]},"description":"Array of locations to get elevation for"}},"required":["locations"]}`
	schemaDirections = `{"type":"object","properties":{"origin":{"type":"string","description":"Starting point address or coordinates"},"destination":{"type":"string","description":"Ending point address or coordinates"},"mode":{"type":"string","description":"Travel mode (driving, walking, bicycling, transit)","enum":["driving","walking","bicycling","transit"]}},"required":["origin","destination"]}`
)
