// Package geo is Cairn's maps service: the seven operations of the Google
// Maps MCP tool contract (geocode, reverse geocode, place search, place
// details, distance matrix, elevation, directions) behind one interface,
// Maps, with an offline engine (Engine) built from GeoNames cities, ETOPO5
// and SRTM elevation, and OpenStreetMap roads and places.
//
// Result types marshal to the exact JSON that
// @modelcontextprotocol/server-google-maps 0.6.2 returns. Fields the
// offline engine cannot know (ratings, reviews, opening hours) are left
// empty and omitted, never invented.
//
// # Elevation
//
// Where Options.SRTMDir holds an SRTM tile for a position, the engine
// interpolates it. Elsewhere it starts from ETOPO5, whose 5′ (about 9 km)
// cells put coastal towns below sea level and shave hills, and corrects
// it with point heights: the GeoNames dem (SRTM3-derived) of every
// populated place of 500 or more people, worldwide, and the OSM ele tags
// of the loaded regions. The 12 nearest points within 20 km are blended
// by modified Shepard inverse-distance weights, with ETOPO5 as one more
// weak point, so a place's own coordinates give its recorded height and
// positions 20 km from every point get plain ETOPO5. A peak's or
// saddle's height counts only within 1 km of it. Each result's Source
// names what answered ("ETOPO5", "ETOPO5+GeoNames+OSM", "SRTM N47W122")
// and Resolution is the grid spacing or, when corrected, the distance to
// the nearest point used (at least 90 m, SRTM3's spacing).
//
// Limits: between points the result leans on the points' heights, which
// are mostly those of towns, so a summit or ridge with no height of its
// own comes out near the heights around it; in mountains an unrecorded
// place can still be off by hundreds of metres; water near the coast
// can come out above sea level. TestElevationCorrectionHoldOut,
// TestElevationWellKnownPoints and TestElevationCorrectionVersusSRTM
// measure it.
package geo

import (
	"context"
	"errors"
	"fmt"

	"github.com/cairn-agents/cairn/geo/sphere"
)

// Maps is a maps backend. The offline Engine and the Google web-services
// client implement it.
type Maps interface {
	Geocode(ctx context.Context, address string) (GeocodeResult, error)
	ReverseGeocode(ctx context.Context, lat, lng float64) (ReverseGeocodeResult, error)
	SearchPlaces(ctx context.Context, req SearchRequest) (SearchResult, error)
	PlaceDetails(ctx context.Context, placeID string) (PlaceDetails, error)
	DistanceMatrix(ctx context.Context, req MatrixRequest) (MatrixResult, error)
	Elevation(ctx context.Context, locations []LatLng) (ElevationResult, error)
	Directions(ctx context.Context, req DirectionsRequest) (DirectionsResult, error)
}

// LatLng is a WGS84 position in degrees.
type LatLng struct {
	Lat float64 `json:"lat"`
	Lng float64 `json:"lng"`
}

// Validate reports a clear error for a position off the globe.
func (p LatLng) Validate() error {
	if p.Lat != p.Lat || p.Lat < -90 || p.Lat > 90 {
		return fmt.Errorf("%w: latitude %v is outside -90..90", ErrInvalidRequest, p.Lat)
	}
	if p.Lng != p.Lng || p.Lng < -180 || p.Lng > 180 {
		return fmt.Errorf("%w: longitude %v is outside -180..180", ErrInvalidRequest, p.Lng)
	}
	return nil
}

// Distance is the great-circle distance from a to b in metres, on a sphere
// of the Earth's mean radius (haversine formula).
func Distance(a, b LatLng) float64 { return sphere.Distance(a.Lat, a.Lng, b.Lat, b.Lng) }

// Status values, as Google's web services name them.
const (
	StatusOK             = "OK"
	StatusZeroResults    = "ZERO_RESULTS"
	StatusNotFound       = "NOT_FOUND"
	StatusInvalidRequest = "INVALID_REQUEST"
)

// Errors returned by backends. Check them with errors.Is.
var (
	// ErrZeroResults means the request was valid and nothing matched.
	ErrZeroResults = errors.New(StatusZeroResults)
	// ErrNotFound means a referenced place ID or location is unknown.
	ErrNotFound = errors.New(StatusNotFound)
	// ErrInvalidRequest means an argument is malformed or out of range.
	ErrInvalidRequest = errors.New(StatusInvalidRequest)
)

// GeocodeResult is the first geocoding match.
type GeocodeResult struct {
	Location         LatLng `json:"location"`
	FormattedAddress string `json:"formatted_address"`
	PlaceID          string `json:"place_id"`
}

// AddressComponent is one part of an address (locality, country, ...).
type AddressComponent struct {
	LongName  string   `json:"long_name"`
	ShortName string   `json:"short_name"`
	Types     []string `json:"types"`
}

// ReverseGeocodeResult is the address nearest a position.
type ReverseGeocodeResult struct {
	FormattedAddress  string             `json:"formatted_address"`
	PlaceID           string             `json:"place_id"`
	AddressComponents []AddressComponent `json:"address_components"`
}

// SearchRequest is a text search, optionally biased to a circle.
type SearchRequest struct {
	Query    string
	Location *LatLng // optional bias centre
	Radius   float64 // metres, at most 50,000; 0 means the backend's default
}

// MaxSearchRadius is the largest radius a search accepts, in metres.
const MaxSearchRadius = 50000

// Place is one text-search hit. Rating is nil when unknown.
type Place struct {
	Name             string   `json:"name"`
	FormattedAddress string   `json:"formatted_address"`
	Location         LatLng   `json:"location"`
	PlaceID          string   `json:"place_id"`
	Rating           *float64 `json:"rating,omitempty"`
	Types            []string `json:"types"`
}

// SearchResult holds at most 20 places, best first.
type SearchResult struct {
	Places []Place `json:"places"`
}

// Review is a user review of a place.
type Review struct {
	AuthorName string  `json:"author_name"`
	Rating     float64 `json:"rating"`
	Text       string  `json:"text"`
	Time       int64   `json:"time"`
}

// OpeningHours is a place's weekly schedule.
type OpeningHours struct {
	WeekdayText []string `json:"weekday_text"`
	OpenNow     bool     `json:"open_now"`
}

// PlaceDetails describes one place. Unknown fields are omitted.
type PlaceDetails struct {
	Name                 string        `json:"name"`
	FormattedAddress     string        `json:"formatted_address"`
	Location             LatLng        `json:"location"`
	FormattedPhoneNumber string        `json:"formatted_phone_number,omitempty"`
	Website              string        `json:"website,omitempty"`
	Rating               *float64      `json:"rating,omitempty"`
	Reviews              []Review      `json:"reviews,omitempty"`
	OpeningHours         *OpeningHours `json:"opening_hours,omitempty"`
	// Amenities are facilities the data records (offline: from OSM tags
	// such as toilets=yes). Not part of Google's result; empty if unknown.
	Amenities []string `json:"amenities,omitempty"`
}

// Travel modes.
const (
	ModeDriving   = "driving"
	ModeWalking   = "walking"
	ModeBicycling = "bicycling"
	ModeTransit   = "transit"
)

// MatrixRequest asks for travel between every origin and destination.
// Each endpoint is an address, "lat,lng" or "place_id:ID".
type MatrixRequest struct {
	Origins      []string
	Destinations []string
	Mode         string // default driving
}

// TextValue is a quantity with its human-readable text, e.g.
// {"text":"12.3 km","value":12345}.
type TextValue struct {
	Text  string `json:"text"`
	Value int64  `json:"value"`
}

// MatrixElement is the travel between one origin and one destination.
// Estimated is true when no road graph covered both ends and the figures
// come from the great-circle distance times a detour factor.
type MatrixElement struct {
	Status    string     `json:"status"`
	Duration  *TextValue `json:"duration,omitempty"`
	Distance  *TextValue `json:"distance,omitempty"`
	Estimated bool       `json:"estimated,omitempty"`
}

// MatrixRow is one origin's elements.
type MatrixRow struct {
	Elements []MatrixElement `json:"elements"`
}

// MatrixResult is a distance matrix.
type MatrixResult struct {
	OriginAddresses      []string    `json:"origin_addresses"`
	DestinationAddresses []string    `json:"destination_addresses"`
	Results              []MatrixRow `json:"results"`
}

// Elevation is the height above sea level at one location, and the
// spacing in metres of the data it was interpolated from.
type Elevation struct {
	Elevation  float64 `json:"elevation"`
	Location   LatLng  `json:"location"`
	Resolution float64 `json:"resolution"`
	// Source names the data, e.g. "SRTM N47W122", "ETOPO5", or
	// "ETOPO5+GeoNames+OSM" for ETOPO5 corrected by point heights from
	// GeoNames and OpenStreetMap. Not part of Google's result.
	Source string `json:"source,omitempty"`
}

// ElevationResult holds one Elevation per requested location, in order.
type ElevationResult struct {
	Results []Elevation `json:"results"`
}

// DirectionsRequest asks for a route between two endpoints.
type DirectionsRequest struct {
	Origin      string
	Destination string
	Mode        string // default driving
}

// Step is one instruction of a route.
type Step struct {
	Instructions string    `json:"instructions"`
	Distance     TextValue `json:"distance"`
	Duration     TextValue `json:"duration"`
	TravelMode   string    `json:"travel_mode"`
}

// Route is one route's first leg.
type Route struct {
	Summary   string    `json:"summary"`
	Distance  TextValue `json:"distance"`
	Duration  TextValue `json:"duration"`
	Steps     []Step    `json:"steps"`
	Estimated bool      `json:"estimated,omitempty"`
	// OverviewPolyline is the route's line from origin to destination,
	// simplified to within 5 m, as Google's Directions API gives it (the
	// upstream MCP server drops it). Nil for an estimated route: with no
	// road data a line would invent a road.
	OverviewPolyline *Polyline `json:"overview_polyline,omitempty"`
}

// DirectionsResult holds the routes found.
type DirectionsResult struct {
	Routes []Route `json:"routes"`
}
