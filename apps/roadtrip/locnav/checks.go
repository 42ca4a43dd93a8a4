package locnav

import (
	"context"
	"fmt"
	"strings"
)

// A check is one comparison op: it judges x (one value the func produced)
// with the evaluator's value and op_args. It returns the verdict, or an
// error: a *pyError where upstream would raise (the evaluator fails with
// "Execution error"; a maps tool answering isError is one too, as upstream
// cannot decode its text), or a backend failure (ErrBackend), which stops
// scoring.
type check func(ctx context.Context, s *scoring, x, value, opArgs any) (verdict, error)

// verdict is a check's outcome. cause matters only when !ok.
type verdict struct {
	ok     bool
	reason string
	cause  Cause
	// empty: the answer has nothing where the check looked (a count of 0,
	// no stops). The runner blames missing data when the solver said so.
	empty bool
}

func pass() (verdict, error) { return verdict{ok: true}, nil }

func fail(cause Cause, format string, a ...any) (verdict, error) {
	return verdict{reason: fmt.Sprintf(format, a...), cause: cause}, nil
}

// checks maps an op to its check: upstream's COMPARISON_FUNCTIONS.
var checks = map[string]check{
	"=":       cmpOp("=", func(c int) bool { return c == 0 }, "output is not equal to ground-truth"),
	"<":       cmpOp("<", func(c int) bool { return c < 0 }, "output is not less than ground-truth"),
	"<=":      cmpOp("<=", func(c int) bool { return c <= 0 }, "output is not less than or equal to ground-truth"),
	">":       cmpOp(">", func(c int) bool { return c > 0 }, "output is not greater than ground-truth"),
	">=":      cmpOp(">=", func(c int) bool { return c >= 0 }, "output is not greater than or equal to ground-truth"),
	"in":      checkIn,
	"contain": checkContain,

	"google_maps.city_name_match":                              cityNameMatch,
	"google_maps.stop_include_keys":                            stopIncludeKeys,
	"google_maps.is_a_validate_stop":                           isAValidStop,
	"google_maps.are_stops_different":                          areStopsDifferent,
	"google_maps.validate_stop_type":                           validateStopType,
	"google_maps.validate_location":                            validateLocation,
	"google_maps.places_in_country":                            placesInCountry,
	"google_maps.places_in_countries":                          placesInCountries,
	"google_maps.compare_time_of_middle_point":                 compareTimeOfMiddlePoint,
	"google_maps.validate_direction_of_two_places":             validateDirection,
	"google_maps.places_in_cities_visited":                     placesInCitiesVisited,
	"google_maps.city_different_from_rest_stops":               cityDifferentFromRestStops,
	"google_maps.validate_elevation_meters":                    validateElevation,
	"google_maps.place_in_cities_visited_of_routes":            placeInCitiesOfRoutes,
	"google_maps.place_not_in_cities_visited_of_routes":        placeNotInCitiesOfRoutes,
	"google_maps.include_one_place_in_rest_stops":              includeOnePlaceInRestStops,
	"google_maps.at_least_unique_city_of_rest_stops_in_routes": atLeastUniqueRestStopCities,
	"google_maps.validate_number_of_routes":                    validateNumberOfRoutes,
	"google_maps.validate_places":                              validatePlaces,
	"google_maps.validate_stop_rating":                         validateStopRating,
	"google_maps.compare_distance_between_stops":               compareDistanceBetweenStops,
	"google_maps.compare_distance_with_and_wo_stops":           compareDistanceWithAndWithoutStops,
	"google_maps.check_places_and_ratings":                     checkPlacesAndRatings,
}

// unsupportedPrefixes are op families whose servers Cairn does not run.
var unsupportedPrefixes = map[string]string{
	"weather.":    "needs the weather MCP server (tomorrow's NWS forecast from api.weather.gov), which Cairn does not run",
	"playwright.": "needs the Playwright browser MCP server, which Cairn does not run",
}

// KnownOp reports whether op is scored (true) and, when it is not, why:
// unsupported servers get a reason, unknown ops an empty one.
func KnownOp(op string) (bool, string) {
	if op == "" {
		return true, ""
	}
	if _, ok := checks[op]; ok {
		return true, ""
	}
	for p, why := range unsupportedPrefixes {
		if strings.HasPrefix(op, p) {
			return false, why
		}
	}
	return false, ""
}

func cmpOp(name string, ok func(int) bool, msg string) check {
	return func(_ context.Context, _ *scoring, x, value, _ any) (verdict, error) {
		var c int
		if name == "=" {
			if !pyEqual(x, value) {
				c = 1
			}
		} else {
			var err error
			if c, err = pyCompare(x, value); err != nil {
				return verdict{}, err
			}
		}
		if ok(c) {
			return pass()
		}
		v, _ := fail(CausePlanner, "%s: got %s, want %s %s", msg, short(pyRepr(x)), name, short(pyRepr(value)))
		v.empty = isEmpty(x)
		return v, nil
	}
}

func checkIn(_ context.Context, _ *scoring, x, value, _ any) (verdict, error) {
	return member(x, value, "in", "second", "ground-truth doesn't contain output")
}

func checkContain(_ context.Context, _ *scoring, x, value, _ any) (verdict, error) {
	return member(value, x, "contain", "first", "output doesn't contain ground-truth")
}

// member is Python's `elem in container` for the ops in and contain,
// whose container (their which argument) must be a list or a str.
func member(elem, container any, op, which, msg string) (verdict, error) {
	switch container.(type) {
	case string, []any:
	default:
		return verdict{}, raise("ValueError", "The %s argument in comparison function `%s` is not a list or a str", which, op)
	}
	in, err := pyIn(elem, container)
	if err != nil || in {
		return verdict{ok: in}, err
	}
	return fail(CausePlanner, "%s: %s not in %s", msg, short(pyRepr(elem)), short(pyRepr(container)))
}

// isEmpty reports a value that holds nothing: 0, None, "", [], {}.
func isEmpty(x any) bool {
	switch v := x.(type) {
	case nil:
		return true
	case float64:
		return v == 0
	case string:
		return v == ""
	case []any:
		return len(v) == 0
	case map[string]any:
		return len(v) == 0
	}
	return false
}
