package mapstool

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/cairn-agents/cairn/geo"
)

// Caller calls a tool by name; *tool.Registry and *mcp.Client are Callers.
type Caller interface {
	Call(ctx context.Context, name string, args json.RawMessage) (json.RawMessage, error)
}

// Client is a geo.Maps that calls the seven maps tools through a Caller:
// the offline tools in a registry, or the upstream Google Maps MCP server
// through an MCP client. Tool errors whose text carries a Google status
// ("... failed: ZERO_RESULTS") unwrap to the matching geo error.
type Client struct {
	Caller Caller
}

var _ geo.Maps = (*Client)(nil)

func (c *Client) call(ctx context.Context, name string, args any, out any) error {
	b, err := json.Marshal(args)
	if err != nil {
		return err
	}
	res, err := c.Caller.Call(ctx, name, b)
	if err != nil {
		msg := err.Error()
		for _, s := range []error{geo.ErrZeroResults, geo.ErrNotFound, geo.ErrInvalidRequest} {
			if strings.Contains(msg, "failed: "+s.Error()) && !errors.Is(err, s) {
				return fmt.Errorf("%s: %w: %w", name, s, err)
			}
		}
		return fmt.Errorf("%s: %w", name, err)
	}
	if err := json.Unmarshal(res, out); err != nil {
		return fmt.Errorf("%s: result: %w", name, err)
	}
	return nil
}

type latLngJSON struct {
	Latitude  float64 `json:"latitude"`
	Longitude float64 `json:"longitude"`
}

// Geocode calls maps_geocode.
func (c *Client) Geocode(ctx context.Context, address string) (r geo.GeocodeResult, err error) {
	err = c.call(ctx, Geocode, map[string]any{"address": address}, &r)
	return r, err
}

// ReverseGeocode calls maps_reverse_geocode.
func (c *Client) ReverseGeocode(ctx context.Context, lat, lng float64) (r geo.ReverseGeocodeResult, err error) {
	err = c.call(ctx, ReverseGeocode, latLngJSON{lat, lng}, &r)
	return r, err
}

// SearchPlaces calls maps_search_places.
func (c *Client) SearchPlaces(ctx context.Context, req geo.SearchRequest) (r geo.SearchResult, err error) {
	args := map[string]any{"query": req.Query}
	if req.Location != nil {
		args["location"] = latLngJSON{req.Location.Lat, req.Location.Lng}
	}
	if req.Radius != 0 {
		args["radius"] = req.Radius
	}
	err = c.call(ctx, SearchPlaces, args, &r)
	return r, err
}

// PlaceDetails calls maps_place_details.
func (c *Client) PlaceDetails(ctx context.Context, id string) (r geo.PlaceDetails, err error) {
	err = c.call(ctx, PlaceDetails, map[string]any{"place_id": id}, &r)
	return r, err
}

// DistanceMatrix calls maps_distance_matrix.
func (c *Client) DistanceMatrix(ctx context.Context, req geo.MatrixRequest) (r geo.MatrixResult, err error) {
	args := map[string]any{"origins": req.Origins, "destinations": req.Destinations}
	if req.Mode != "" {
		args["mode"] = req.Mode
	}
	err = c.call(ctx, DistanceMatrix, args, &r)
	return r, err
}

// Elevation calls maps_elevation.
func (c *Client) Elevation(ctx context.Context, locs []geo.LatLng) (r geo.ElevationResult, err error) {
	ls := make([]latLngJSON, len(locs))
	for i, l := range locs {
		ls[i] = latLngJSON{l.Lat, l.Lng}
	}
	err = c.call(ctx, Elevation, map[string]any{"locations": ls}, &r)
	return r, err
}

// Directions calls maps_directions.
func (c *Client) Directions(ctx context.Context, req geo.DirectionsRequest) (r geo.DirectionsResult, err error) {
	args := map[string]any{"origin": req.Origin, "destination": req.Destination}
	if req.Mode != "" {
		args["mode"] = req.Mode
	}
	err = c.call(ctx, Directions, args, &r)
	return r, err
}
