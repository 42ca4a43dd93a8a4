// Package google is a geo.Maps backend that calls Google's Maps web
// services (the legacy Geocoding, Places, Distance Matrix, Elevation and
// Directions JSON APIs), shaping results exactly as the Google Maps MCP
// server does.
package google

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/cairn-agents/cairn/geo"
)

// DefaultBaseURL is Google's Maps web-services root.
const DefaultBaseURL = "https://maps.googleapis.com/maps/api"

// Client calls Google's web services with an API key. The zero value
// (plus Key) is usable.
type Client struct {
	Key     string
	BaseURL string       // default DefaultBaseURL; tests point it at httptest
	HTTP    *http.Client // default http.DefaultClient
	// Timeout bounds a request whose context has no deadline; zero means
	// DefaultTimeout.
	Timeout time.Duration
}

// DefaultTimeout bounds one request when neither the context nor Timeout
// does: Google answers in well under a second, and a connection that
// hangs must not hang a run.
const DefaultTimeout = 30 * time.Second

var _ geo.Maps = (*Client)(nil)

type status struct {
	Status       string `json:"status"`
	ErrorMessage string `json:"error_message"`
}

// get fetches path with params and decodes the JSON reply into out. A
// status other than OK is an error wrapping the matching geo error.
func (c *Client) get(ctx context.Context, path string, params url.Values, out any) error {
	base := c.BaseURL
	if base == "" {
		base = DefaultBaseURL
	}
	params.Set("key", c.Key)
	if _, ok := ctx.Deadline(); !ok || c.Timeout > 0 {
		d := c.Timeout
		if d <= 0 {
			d = DefaultTimeout
		}
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, d)
		defer cancel()
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, strings.TrimRight(base, "/")+"/"+path+"?"+params.Encode(), nil)
	if err != nil {
		return err
	}
	hc := c.HTTP
	if hc == nil {
		hc = http.DefaultClient
	}
	resp, err := hc.Do(req)
	if err != nil {
		// A *url.Error prints the URL, and the URL holds the API key.
		if ue, ok := errors.AsType[*url.Error](err); ok {
			err = ue.Err
		}
		return fmt.Errorf("google %s: %w", path, err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, 16<<20))
	if err != nil {
		return fmt.Errorf("google %s: %w", path, err)
	}
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("google %s: HTTP %s", path, resp.Status)
	}
	var st status
	if err := json.Unmarshal(body, &st); err != nil {
		return fmt.Errorf("google %s: reply is not JSON: %w", path, err)
	}
	if st.Status != geo.StatusOK {
		msg := st.ErrorMessage
		if msg == "" {
			msg = st.Status
		}
		return &StatusError{Status: st.Status, Message: msg}
	}
	if err := json.Unmarshal(body, out); err != nil {
		return fmt.Errorf("google %s: %w", path, err)
	}
	return nil
}

type geometry struct {
	Location geo.LatLng `json:"location"`
}

type geocodeResp struct {
	Results []struct {
		PlaceID           string                 `json:"place_id"`
		FormattedAddress  string                 `json:"formatted_address"`
		Geometry          geometry               `json:"geometry"`
		AddressComponents []geo.AddressComponent `json:"address_components"`
	} `json:"results"`
}

// Geocode calls geocode/json?address=.
func (c *Client) Geocode(ctx context.Context, address string) (geo.GeocodeResult, error) {
	var r geocodeResp
	if err := c.get(ctx, "geocode/json", url.Values{"address": {address}}, &r); err != nil {
		return geo.GeocodeResult{}, err
	}
	if len(r.Results) == 0 {
		return geo.GeocodeResult{}, geo.ErrZeroResults
	}
	x := r.Results[0]
	return geo.GeocodeResult{Location: x.Geometry.Location, FormattedAddress: x.FormattedAddress, PlaceID: x.PlaceID}, nil
}

// ReverseGeocode calls geocode/json?latlng=.
func (c *Client) ReverseGeocode(ctx context.Context, lat, lng float64) (geo.ReverseGeocodeResult, error) {
	if err := (geo.LatLng{Lat: lat, Lng: lng}).Validate(); err != nil {
		return geo.ReverseGeocodeResult{}, err
	}
	var r geocodeResp
	if err := c.get(ctx, "geocode/json", url.Values{"latlng": {ll(lat, lng)}}, &r); err != nil {
		return geo.ReverseGeocodeResult{}, err
	}
	if len(r.Results) == 0 {
		return geo.ReverseGeocodeResult{}, geo.ErrZeroResults
	}
	x := r.Results[0]
	return geo.ReverseGeocodeResult{FormattedAddress: x.FormattedAddress, PlaceID: x.PlaceID, AddressComponents: x.AddressComponents}, nil
}

func ll(lat, lng float64) string {
	return strconv.FormatFloat(lat, 'f', -1, 64) + "," + strconv.FormatFloat(lng, 'f', -1, 64)
}

// SearchPlaces calls place/textsearch/json (first page, up to 20).
func (c *Client) SearchPlaces(ctx context.Context, req geo.SearchRequest) (geo.SearchResult, error) {
	if req.Radius < 0 || req.Radius > geo.MaxSearchRadius {
		return geo.SearchResult{}, fmt.Errorf("%w: radius %v m is outside 0..%d", geo.ErrInvalidRequest, req.Radius, geo.MaxSearchRadius)
	}
	p := url.Values{"query": {req.Query}}
	if req.Location != nil {
		p.Set("location", ll(req.Location.Lat, req.Location.Lng))
	}
	if req.Radius > 0 {
		p.Set("radius", strconv.FormatFloat(req.Radius, 'f', -1, 64))
	}
	var r struct {
		Results []struct {
			Name             string   `json:"name"`
			PlaceID          string   `json:"place_id"`
			FormattedAddress string   `json:"formatted_address"`
			Geometry         geometry `json:"geometry"`
			Rating           *float64 `json:"rating"`
			Types            []string `json:"types"`
		} `json:"results"`
	}
	if err := c.get(ctx, "place/textsearch/json", p, &r); err != nil {
		return geo.SearchResult{}, err
	}
	out := geo.SearchResult{Places: make([]geo.Place, 0, len(r.Results))}
	for _, x := range r.Results {
		out.Places = append(out.Places, geo.Place{Name: x.Name, FormattedAddress: x.FormattedAddress, Location: x.Geometry.Location,
			PlaceID: x.PlaceID, Rating: x.Rating, Types: x.Types})
	}
	return out, nil
}

// PlaceDetails calls place/details/json.
func (c *Client) PlaceDetails(ctx context.Context, id string) (geo.PlaceDetails, error) {
	var r struct {
		Result struct {
			Name                 string            `json:"name"`
			FormattedAddress     string            `json:"formatted_address"`
			FormattedPhoneNumber string            `json:"formatted_phone_number"`
			Website              string            `json:"website"`
			Rating               *float64          `json:"rating"`
			Reviews              []geo.Review      `json:"reviews"`
			OpeningHours         *geo.OpeningHours `json:"opening_hours"`
			Geometry             geometry          `json:"geometry"`
		} `json:"result"`
	}
	if err := c.get(ctx, "place/details/json", url.Values{"place_id": {id}}, &r); err != nil {
		return geo.PlaceDetails{}, err
	}
	x := r.Result
	return geo.PlaceDetails{Name: x.Name, FormattedAddress: x.FormattedAddress, Location: x.Geometry.Location,
		FormattedPhoneNumber: x.FormattedPhoneNumber, Website: x.Website, Rating: x.Rating, Reviews: x.Reviews, OpeningHours: x.OpeningHours}, nil
}

// DistanceMatrix calls distancematrix/json with "|"-joined endpoints.
func (c *Client) DistanceMatrix(ctx context.Context, req geo.MatrixRequest) (geo.MatrixResult, error) {
	mode := req.Mode
	if mode == "" {
		mode = geo.ModeDriving
	}
	var r struct {
		OriginAddresses      []string `json:"origin_addresses"`
		DestinationAddresses []string `json:"destination_addresses"`
		Rows                 []struct {
			Elements []geo.MatrixElement `json:"elements"`
		} `json:"rows"`
	}
	p := url.Values{"origins": {strings.Join(req.Origins, "|")}, "destinations": {strings.Join(req.Destinations, "|")}, "mode": {mode}}
	if err := c.get(ctx, "distancematrix/json", p, &r); err != nil {
		return geo.MatrixResult{}, err
	}
	out := geo.MatrixResult{OriginAddresses: r.OriginAddresses, DestinationAddresses: r.DestinationAddresses}
	for _, row := range r.Rows {
		out.Results = append(out.Results, geo.MatrixRow{Elements: row.Elements})
	}
	return out, nil
}

// Elevation calls elevation/json with "|"-joined locations.
func (c *Client) Elevation(ctx context.Context, locs []geo.LatLng) (geo.ElevationResult, error) {
	parts := make([]string, len(locs))
	for i, l := range locs {
		if err := l.Validate(); err != nil {
			return geo.ElevationResult{}, fmt.Errorf("locations[%d]: %w", i, err)
		}
		parts[i] = ll(l.Lat, l.Lng)
	}
	var r geo.ElevationResult
	if err := c.get(ctx, "elevation/json", url.Values{"locations": {strings.Join(parts, "|")}}, &r); err != nil {
		return geo.ElevationResult{}, err
	}
	return r, nil
}

// Directions calls directions/json and keeps each route's first leg.
func (c *Client) Directions(ctx context.Context, req geo.DirectionsRequest) (geo.DirectionsResult, error) {
	mode := req.Mode
	if mode == "" {
		mode = geo.ModeDriving
	}
	var r struct {
		Routes []struct {
			Summary string `json:"summary"`
			Legs    []struct {
				Distance geo.TextValue `json:"distance"`
				Duration geo.TextValue `json:"duration"`
				Steps    []struct {
					HTMLInstructions string        `json:"html_instructions"`
					Distance         geo.TextValue `json:"distance"`
					Duration         geo.TextValue `json:"duration"`
					TravelMode       string        `json:"travel_mode"`
				} `json:"steps"`
			} `json:"legs"`
		} `json:"routes"`
	}
	p := url.Values{"origin": {req.Origin}, "destination": {req.Destination}, "mode": {mode}}
	if err := c.get(ctx, "directions/json", p, &r); err != nil {
		return geo.DirectionsResult{}, err
	}
	var out geo.DirectionsResult
	for _, rt := range r.Routes {
		if len(rt.Legs) == 0 {
			continue
		}
		leg := rt.Legs[0]
		x := geo.Route{Summary: rt.Summary, Distance: leg.Distance, Duration: leg.Duration}
		for _, s := range leg.Steps {
			x.Steps = append(x.Steps, geo.Step{Instructions: s.HTMLInstructions, Distance: s.Distance, Duration: s.Duration, TravelMode: s.TravelMode})
		}
		out.Routes = append(out.Routes, x)
	}
	return out, nil
}

// StatusError is a reply whose status is not OK. Its text is Google's
// error_message, or the status when there is none, as the upstream MCP
// server reports it. It matches geo.ErrZeroResults, geo.ErrNotFound or
// geo.ErrInvalidRequest with errors.Is by status.
type StatusError struct {
	Status  string
	Message string
}

func (e *StatusError) Error() string { return e.Message }

// Unwrap maps the status to geo's errors.
func (e *StatusError) Unwrap() error {
	switch e.Status {
	case geo.StatusZeroResults:
		return geo.ErrZeroResults
	case geo.StatusNotFound:
		return geo.ErrNotFound
	case geo.StatusInvalidRequest:
		return geo.ErrInvalidRequest
	}
	return nil
}
