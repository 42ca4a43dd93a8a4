package locnav

import (
	"context"
	"fmt"
	"math"
	"sort"
	"strings"
)

// A check is one comparison op: it judges x (one value the func produced)
// with the evaluator's value and op_args. It returns the verdict, or an
// error: a *pyError (upstream would raise: the evaluator fails with
// "Execution error"), a maps failure (*mapsError) or a backend failure
// (ErrBackend), which stops scoring.
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
	switch value.(type) {
	case string, []any:
	default:
		return verdict{}, raise("ValueError", "The second argument in comparison function `in` is not a list or a str")
	}
	in, err := pyIn(x, value)
	if err != nil || in {
		return verdict{ok: in}, err
	}
	return fail(CausePlanner, "ground-truth doesn't contain output: %s not in %s", short(pyRepr(x)), short(pyRepr(value)))
}

func checkContain(_ context.Context, _ *scoring, x, value, _ any) (verdict, error) {
	switch x.(type) {
	case string, []any:
	default:
		return verdict{}, raise("ValueError", "The first argument in comparison function `contain` is not a list or a str")
	}
	in, err := pyIn(value, x)
	if err != nil || in {
		return verdict{ok: in}, err
	}
	return fail(CausePlanner, "output doesn't contain ground-truth: %s not in %s", short(pyRepr(value)), short(pyRepr(x)))
}

// cityNameMatch passes when the answer's city, lowercased, is a substring
// of an accepted name: "Johor Bahru" passes, "Johor Bahru, Malaysia" does not.
func cityNameMatch(_ context.Context, _ *scoring, x, _, opArgs any) (verdict, error) {
	key, err := getItem(opArgs, "key")
	if err != nil {
		return verdict{}, err
	}
	ks, ok := key.(string)
	if !ok {
		return verdict{}, raise("TypeError", "op_args key %s is not a string", pyRepr(key))
	}
	city, err := getItem(x, ks)
	if err != nil {
		return verdict{}, err
	}
	values, err := getItem(opArgs, "values")
	if err != nil {
		return verdict{}, err
	}
	cands, err := iterate(values)
	if err != nil {
		return verdict{}, err
	}
	lc, err := lower(city)
	if err != nil {
		return verdict{}, err
	}
	for _, c := range cands {
		cl, err := lower(c)
		if err != nil {
			return verdict{}, err
		}
		if strings.Contains(cl, lc) {
			return pass()
		}
	}
	return fail(CausePlanner, "The city name doesn't match: %s %s is not a substring of any accepted name (upstream's substring rule; add no country or region)", ks, pyRepr(city))
}

func stopIncludeKeys(_ context.Context, _ *scoring, x, _, opArgs any) (verdict, error) {
	stops, err := iterate(x)
	if err != nil {
		return verdict{}, err
	}
	keysV, err := getItem(opArgs, "keys")
	if err != nil {
		return verdict{}, err
	}
	keys, err := iterate(keysV)
	if err != nil {
		return verdict{}, err
	}
	for i, stop := range stops {
		for _, k := range keys {
			in, err := pyIn(k, stop)
			if err != nil {
				return verdict{}, err
			}
			if !in {
				return fail(CausePlanner, "%v must in stop (stop %d: %s)", k, i, short(pyRepr(stop)))
			}
		}
	}
	return pass()
}

// placeID is f"{place['place id']}" and the name, as the checks read them.
func placeFields(place any, withName bool) (name, id string, err error) {
	idV, err := getItem(place, "place id")
	if err != nil {
		if pe, ok := err.(*pyError); ok {
			pe.empty = isEmpty(place)
		}
		return "", "", err
	}
	if withName {
		n, err := getItem(place, "name")
		if err != nil {
			return "", "", err
		}
		name = pyStr(n)
	}
	return name, pyStr(idV), nil
}

// pyStr is Python's str(x) for JSON values.
func pyStr(v any) string {
	if s, ok := v.(string); ok {
		return s
	}
	return pyRepr(v)
}

func isAValidStop(ctx context.Context, s *scoring, x, _, _ any) (verdict, error) {
	places, err := iterate(x)
	if err != nil {
		return verdict{}, err
	}
	for _, p := range places {
		_, id, err := placeFields(p, false)
		if err != nil {
			return verdict{}, err
		}
		if _, err := s.details(ctx, id); err != nil {
			return verdict{}, err
		}
	}
	return pass()
}

// hashKey is a set element as Python would hash it; lists and dicts are
// unhashable.
func hashKey(v any) (string, error) {
	switch v.(type) {
	case []any, map[string]any:
		return "", raise("TypeError", "unhashable type: '%s'", pyType(v))
	}
	if f, ok := number(v); ok {
		return fmt.Sprint("n", f), nil
	}
	return pyType(v) + ":" + pyStr(v), nil
}

func stopSets(x any, key string) (names, ids map[string]bool, err error) {
	stopsV, err := getItem(x, key)
	if err != nil {
		return nil, nil, err
	}
	stops, err := iterate(stopsV)
	if err != nil {
		return nil, nil, err
	}
	names, ids = map[string]bool{}, map[string]bool{}
	for _, st := range stops {
		for k, set := range map[string]map[string]bool{"name": names, "place id": ids} {
			v, err := getItem(st, k)
			if err != nil {
				return nil, nil, err
			}
			h, err := hashKey(v)
			if err != nil {
				return nil, nil, err
			}
			set[h] = true
		}
	}
	return names, ids, nil
}

func sameSet(a, b map[string]bool) bool {
	if len(a) != len(b) {
		return false
	}
	for k := range a {
		if !b[k] {
			return false
		}
	}
	return true
}

func areStopsDifferent(_ context.Context, _ *scoring, x, _, _ any) (verdict, error) {
	n1, i1, err := stopSets(x, "route_1_stops")
	if err != nil {
		return verdict{}, err
	}
	n2, i2, err := stopSets(x, "route_2_stops")
	if err != nil {
		return verdict{}, err
	}
	if sameSet(n1, n2) && sameSet(i1, i2) {
		v, _ := fail(CausePlanner, "the stops are the same")
		v.empty = len(n1) == 0
		return v, nil
	}
	return pass()
}

// neverGoogleType reports a required type Google's legacy place types
// never contain as a substring ("hotel": Google says lodging; "gas
// station": Google says gas_station).
func neverGoogleType(t string) bool { return t == "hotel" || strings.Contains(t, " ") }

func validateStopType(ctx context.Context, s *scoring, x, _, opArgs any) (verdict, error) {
	places, err := iterate(x)
	if err != nil {
		return verdict{}, err
	}
	required, err := iterate(opArgs)
	if err != nil {
		return verdict{}, err
	}
	for _, p := range places {
		name, id, err := placeFields(p, true)
		if err != nil {
			return verdict{}, err
		}
		hit, v, err := s.findByNameAndID(ctx, name, id)
		if err != nil || hit == nil {
			return v, err
		}
		valid := false
		for _, rt := range required {
			for _, t := range hit.Types {
				in, err := pyIn(rt, t)
				if err != nil {
					return verdict{}, err
				}
				if in {
					valid = true
				}
			}
		}
		if !valid {
			cause, note := CausePlanner, ""
			allNever := len(required) > 0
			for _, rt := range required {
				rs, _ := rt.(string)
				if neverGoogleType(rs) {
					note += fmt.Sprintf("; note: Google's types never contain %q", rs)
				} else {
					allNever = false
				}
			}
			if allNever {
				cause = CauseQuirk
			}
			return fail(cause, "The type of the place is not valid: %s (%s) has types %v, want one containing %s%s", name, id, hit.Types, pyRepr(opArgs), note)
		}
	}
	return pass()
}

func validateLocation(_ context.Context, _ *scoring, x, _, opArgs any) (verdict, error) {
	places, err := iterate(x)
	if err != nil {
		return verdict{}, err
	}
	required, err := iterate(opArgs)
	if err != nil {
		return verdict{}, err
	}
	for _, p := range places {
		n, err := getItem(p, "name")
		if err != nil {
			return verdict{}, err
		}
		ln, err := lower(n)
		if err != nil {
			return verdict{}, err
		}
		for _, r := range required {
			lr, err := lower(r)
			if err != nil {
				return verdict{}, err
			}
			if strings.Contains(ln, lr) {
				return pass() // upstream: any one place naming any keyword
			}
		}
	}
	v, _ := fail(CausePlanner, "The location doesn't match: no stop name contains any of %s", pyRepr(opArgs))
	v.empty = len(places) == 0
	return v, nil
}

func placesInCountry(ctx context.Context, s *scoring, x, _, opArgs any) (verdict, error) {
	places, err := iterate(x)
	if err != nil {
		return verdict{}, err
	}
	country, err := lower(opArgs)
	if err != nil {
		return verdict{}, err
	}
	for _, p := range places {
		name, id, err := placeFields(p, true)
		if err != nil {
			return verdict{}, err
		}
		hit, v, err := s.findByNameAndID(ctx, name, id)
		if err != nil || hit == nil {
			return v, err
		}
		if !strings.Contains(strings.ToLower(hit.FormattedAddress), country) {
			return fail(CausePlanner, "%s is not in %s", hit.FormattedAddress, pyStr(opArgs))
		}
	}
	return pass()
}

// placesInCountries passes as soon as one place's address names one of
// the countries (upstream returns True inside the loop).
func placesInCountries(ctx context.Context, s *scoring, x, _, opArgs any) (verdict, error) {
	places, err := iterate(x)
	if err != nil {
		return verdict{}, err
	}
	countries, err := iterate(opArgs)
	if err != nil {
		return verdict{}, err
	}
	var addrs []string
	for _, p := range places {
		name, id, err := placeFields(p, true)
		if err != nil {
			return verdict{}, err
		}
		hit, v, err := s.findByNameAndID(ctx, name, id)
		if err != nil || hit == nil {
			return v, err
		}
		addr := strings.ToLower(hit.FormattedAddress)
		addrs = append(addrs, hit.FormattedAddress)
		for _, c := range countries {
			lc, err := lower(c)
			if err != nil {
				return verdict{}, err
			}
			if strings.Contains(addr, lc) {
				return pass()
			}
		}
	}
	v, _ := fail(CausePlanner, "The place is not in any of the countries %s (addresses %q)", pyRepr(opArgs), addrs)
	v.empty = len(places) == 0
	return v, nil
}

// stopRef is f"place_id:{id}" of one stop.
func stopRef(place any) (string, error) {
	_, id, err := placeFields(place, false)
	if err != nil {
		return "", err
	}
	return "place_id:" + id, nil
}

func compareTimeOfMiddlePoint(ctx context.Context, s *scoring, x, _, opArgs any) (verdict, error) {
	var stop string
	var err error
	switch v := x.(type) {
	case []any:
		if len(v) != 1 {
			e := raise("AssertionError", "the length of stops should be one (got %d)", len(v))
			e.empty = len(v) == 0
			return verdict{}, e
		}
		stop, err = stopRef(v[0])
	case map[string]any:
		stop, err = stopRef(v)
	default:
		return verdict{}, raise("AssertionError", "the input is not a list or a dict")
	}
	if err != nil {
		return verdict{}, err
	}
	p1, err := getPath(opArgs, "place1", "place")
	if err != nil {
		return verdict{}, err
	}
	p2, err := getPath(opArgs, "place2", "place")
	if err != nil {
		return verdict{}, err
	}
	m1, err := getPath(opArgs, "place1", "mode")
	if err != nil {
		return verdict{}, err
	}
	m2, err := getPath(opArgs, "place2", "mode")
	if err != nil {
		return verdict{}, err
	}
	threshold, err := getItem(opArgs, "threshold")
	if err != nil {
		return verdict{}, err
	}
	var d [2]float64
	for i, pm := range [][2]any{{p1, m1}, {p2, m2}} {
		el, v, err := s.leg(ctx, pyStr(pm[0]), stop, pyStr(pm[1]))
		if err != nil || el == nil {
			return v, err
		}
		if el.Duration == nil {
			return verdict{}, raise("KeyError", "'duration' (element status %s)", el.Status)
		}
		d[i] = float64(el.Duration.Value)
	}
	if d[0] == 0 {
		return verdict{}, raise("ZeroDivisionError", "division by zero (travel time from %s to %s is 0 s)", pyStr(p1), stop)
	}
	rel := math.Abs(d[0]-d[1]) / d[0]
	c, err := pyCompare(rel, threshold)
	if err != nil {
		return verdict{}, err
	}
	if c > 0 {
		return fail(CausePlanner, "doesn't match the required duration: %s takes %s from %s (%s) and %s from %s (%s), %.1f%% apart, more than %s",
			stop, secs(d[0]), pyStr(p1), pyStr(m1), secs(d[1]), pyStr(p2), pyStr(m2), 100*rel, pyRepr(threshold))
	}
	return pass()
}

func secs(s float64) string { return fmt.Sprintf("%.0f s", s) }

func validateDirection(ctx context.Context, s *scoring, x, _, opArgs any) (verdict, error) {
	places, err := iterate(x)
	if err != nil {
		return verdict{}, err
	}
	reqs, err := iterate(opArgs)
	if err != nil {
		return verdict{}, err
	}
	for _, p := range places {
		name, id, err := placeFields(p, true)
		if err != nil {
			return verdict{}, err
		}
		hit, v, err := s.findByNameAndID(ctx, name, id)
		if err != nil || hit == nil {
			return v, err
		}
		for _, r := range reqs {
			addr, err := getItem(r, "place")
			if err != nil {
				return verdict{}, err
			}
			dir, err := getItem(r, "direction")
			if err != nil {
				return verdict{}, err
			}
			res, err := s.search(ctx, pyStr(addr))
			if err != nil {
				return verdict{}, err
			}
			if len(res.Places) == 0 {
				return verdict{}, &pyError{exc: "IndexError", msg: "list index out of range (no place for " + pyStr(addr) + ")", cause: CauseData}
			}
			ref := res.Places[0]
			var ok bool
			switch dir {
			case "north":
				ok = hit.Location.Lat > ref.Location.Lat
			case "south":
				ok = hit.Location.Lat < ref.Location.Lat
			case "east":
				ok = hit.Location.Lng > ref.Location.Lng
			case "west":
				ok = hit.Location.Lng < ref.Location.Lng
			default:
				return verdict{}, &pyError{exc: "ValueError", msg: "Direction must be 'north', 'south', 'east', or 'west' (got " + pyRepr(dir) + ")", cause: CauseTask}
			}
			if !ok {
				return fail(CausePlanner, "the direction from %s to %s is wrong: %s (%.5f,%.5f) is not %s of %s (%.5f,%.5f, first search hit for %q)",
					pyStr(addr), name, name, hit.Location.Lat, hit.Location.Lng, pyStr(dir), ref.Name, ref.Location.Lat, ref.Location.Lng, pyStr(addr))
			}
		}
	}
	return pass()
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

// routes is x['routes'] as a list to iterate.
func routes(x any) ([]any, error) {
	r, err := getItem(x, "routes")
	if err != nil {
		return nil, err
	}
	return iterate(r)
}

func keyString(v any) (string, error) {
	s, ok := v.(string)
	if !ok {
		if _, isList := v.([]any); isList {
			return "", raise("TypeError", "unhashable type: 'list'")
		}
		return "", raise("KeyError", "%s", pyRepr(v))
	}
	return s, nil
}

func placesInCitiesVisited(_ context.Context, _ *scoring, x, _, opArgs any) (verdict, error) {
	kind, err := keyString(opArgs)
	if err != nil {
		return verdict{}, err
	}
	rs, err := routes(x)
	if err != nil {
		return verdict{}, err
	}
	for _, r := range rs {
		cv, err := getItem(r, "cities_visited")
		if err != nil {
			return verdict{}, err
		}
		pv, err := getItem(r, kind)
		if err != nil {
			return verdict{}, err
		}
		places, err := iterate(pv)
		if err != nil {
			return verdict{}, err
		}
		for _, p := range places {
			city, err := getItem(p, "city")
			if err != nil {
				return verdict{}, err
			}
			in, err := pyIn(city, cv)
			if err != nil {
				return verdict{}, err
			}
			if !in {
				return fail(CausePlanner, "city[%s] is not in %s[%s] (exact, case-sensitive match)", pyStr(city), kind, short(pyRepr(cv)))
			}
		}
	}
	return pass()
}

func lowerCities(r any, key, field string) (map[string]bool, error) {
	v, err := getItem(r, key)
	if err != nil {
		return nil, err
	}
	items, err := iterate(v)
	if err != nil {
		return nil, err
	}
	out := map[string]bool{}
	for _, it := range items {
		c := it
		if field != "" {
			if c, err = getItem(it, field); err != nil {
				return nil, err
			}
		}
		l, err := lower(c)
		if err != nil {
			return nil, err
		}
		out[l] = true
	}
	return out, nil
}

func cityDifferentFromRestStops(_ context.Context, _ *scoring, x, _, _ any) (verdict, error) {
	rs, err := routes(x)
	if err != nil {
		return verdict{}, err
	}
	for i, r := range rs {
		a, err := lowerCities(r, "rest_stops", "city")
		if err != nil {
			return verdict{}, err
		}
		b, err := lowerCities(r, "scenic_viewpoints", "city")
		if err != nil {
			return verdict{}, err
		}
		if sameSet(a, b) {
			v, _ := fail(CausePlanner, "route %d: rest_stop_cities%v and scenic_viewpoint_cities%v are the same", i+1, setList(a), setList(b))
			v.empty = len(a) == 0
			return v, nil
		}
	}
	return pass()
}

func setList(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func validateElevation(ctx context.Context, s *scoring, x, _, _ any) (verdict, error) {
	rs, err := routes(x)
	if err != nil {
		return verdict{}, err
	}
	for _, r := range rs {
		vv, err := getItem(r, "scenic_viewpoints")
		if err != nil {
			return verdict{}, err
		}
		vps, err := iterate(vv)
		if err != nil {
			return verdict{}, err
		}
		for _, vp := range vps {
			var f [4]any
			for i, k := range []string{"name", "city", "address", "elevation_meters"} {
				if f[i], err = getItem(vp, k); err != nil {
					return verdict{}, err
				}
			}
			name, city, addr := pyStr(f[0]), pyStr(f[1]), pyStr(f[2])
			gt, err := s.elevationAt(ctx, addr)
			if err != nil {
				return verdict{}, err
			}
			got, err := pyFloat(f[3])
			if err != nil {
				return verdict{}, err
			}
			if gt == 0 {
				return verdict{}, &pyError{exc: "ZeroDivisionError", msg: "float division by zero (ground-truth elevation at " + addr + " is 0 m)", cause: CauseData}
			}
			if math.Abs(got-gt)/math.Abs(gt) >= 0.05 {
				return fail(CausePlanner, "the returned elevation of %s in %s at %s is %.2f, while gt = %.2f (5%% tolerance)", name, city, addr, got, gt)
			}
		}
	}
	return pass()
}

func placeInCitiesOfRoutes(_ context.Context, _ *scoring, x, _, opArgs any) (verdict, error) {
	rs, err := routes(x)
	if err != nil {
		return verdict{}, err
	}
	wants, err := iterate(opArgs)
	if err != nil {
		return verdict{}, err
	}
	for i, r := range rs {
		cities, err := lowerCities(r, "cities_visited", "")
		if err != nil {
			return verdict{}, err
		}
		found := false
		for c := range cities {
			for _, w := range wants {
				lw, err := lower(w)
				if err != nil {
					return verdict{}, err
				}
				if strings.Contains(c, lw) {
					found = true
				}
			}
		}
		if !found {
			return fail(CausePlanner, "city must be in all routes: route %d visits %v, none containing any of %s", i+1, setList(cities), short(pyRepr(opArgs)))
		}
	}
	return pass()
}

// placeNotInCitiesOfRoutes reproduces upstream: op_args must be a string;
// task 0005 passes a list, on which upstream calls .lower() and raises, so
// that check always fails there (unless there are no routes).
func placeNotInCitiesOfRoutes(_ context.Context, _ *scoring, x, _, opArgs any) (verdict, error) {
	rs, err := routes(x)
	if err != nil {
		return verdict{}, err
	}
	for _, r := range rs {
		cities, err := lowerCities(r, "cities_visited", "")
		if err != nil {
			return verdict{}, err
		}
		place, err := lower(opArgs)
		if err != nil {
			return verdict{}, &pyError{exc: "AttributeError", msg: fmt.Sprintf("'%s' object has no attribute 'lower': upstream expects op_args to be a string; given %s it always raises, so this check always fails upstream", pyType(opArgs), short(pyRepr(opArgs))), cause: CauseQuirk}
		}
		if cities[place] {
			return fail(CausePlanner, "city %s must not be in all routes", pyStr(opArgs))
		}
	}
	return pass()
}

func includeOnePlaceInRestStops(_ context.Context, _ *scoring, x, _, opArgs any) (verdict, error) {
	want, err := getItem(opArgs, "city")
	if err != nil {
		return verdict{}, err
	}
	lw, err := lower(want)
	if err != nil {
		return verdict{}, err
	}
	rs, err := routes(x)
	if err != nil {
		return verdict{}, err
	}
	for i, r := range rs {
		cities, err := lowerCities(r, "rest_stops", "city")
		if err != nil {
			return verdict{}, err
		}
		if !cities[lw] {
			return fail(CausePlanner, "route %d has no rest stop in %s", i+1, pyStr(want))
		}
	}
	return pass()
}

func atLeastUniqueRestStopCities(_ context.Context, _ *scoring, x, _, opArgs any) (verdict, error) {
	rs, err := routes(x)
	if err != nil {
		return verdict{}, err
	}
	for _, r := range rs {
		cities, err := lowerCities(r, "rest_stops", "city")
		if err != nil {
			return verdict{}, err
		}
		c, err := pyCompare(float64(len(cities)), opArgs)
		if err != nil {
			return verdict{}, err
		}
		if c < 0 {
			return fail(CausePlanner, "unique cities number: %d, required number is %s", len(cities), pyRepr(opArgs))
		}
	}
	return pass()
}

func validateNumberOfRoutes(_ context.Context, _ *scoring, x, value, _ any) (verdict, error) {
	r, err := getItem(x, "routes")
	if err != nil {
		return verdict{}, err
	}
	l, ok := r.([]any)
	if !ok {
		l = []any{r}
	}
	if pyEqual(float64(len(l)), value) {
		return pass()
	}
	return fail(CausePlanner, "%d routes, want %s", len(l), pyRepr(value))
}

// validatePlaces reproduces upstream, which reads .isError of the decoded
// JSON dict and so raises for any non-empty list of places.
func validatePlaces(_ context.Context, _ *scoring, x, _, opArgs any) (verdict, error) {
	kind, err := getItem(opArgs, "place_type")
	if err != nil {
		return verdict{}, err
	}
	ks, err := keyString(kind)
	if err != nil {
		return verdict{}, err
	}
	pv, err := getItem(x, ks)
	if err != nil {
		return verdict{}, err
	}
	l, ok := pv.([]any)
	if !ok {
		l = []any{pv}
	}
	if len(l) == 0 {
		return pass()
	}
	return verdict{}, &pyError{exc: "AttributeError", msg: "'dict' object has no attribute 'isError': upstream's validate_places always raises on a place", cause: CauseQuirk}
}

func validateStopRating(ctx context.Context, s *scoring, x, _, opArgs any) (verdict, error) {
	var places []any
	if m, ok := x.(map[string]any); ok {
		places = []any{m}
	} else {
		var err error
		if places, err = iterate(x); err != nil {
			return verdict{}, err
		}
	}
	for _, p := range places {
		name, id, err := placeFields(p, true)
		if err != nil {
			return verdict{}, err
		}
		hit, v, err := s.findByNameAndID(ctx, name, id)
		if err != nil || hit == nil {
			return v, err
		}
		if hit.Rating == nil {
			return verdict{}, &pyError{exc: "KeyError", msg: fmt.Sprintf("'rating': the maps backend has no rating for %s (%s)", name, id), cause: CauseData}
		}
		c, err := pyCompare(*hit.Rating, opArgs)
		if err != nil {
			return verdict{}, err
		}
		if c < 0 {
			return fail(CausePlanner, "Rating of stop %s is %g, while the required rating is %s", name, *hit.Rating, pyRepr(opArgs))
		}
	}
	return pass()
}

// legsArgs reads the stops and op_args shared by the two distance checks.
func legsArgs(x, opArgs any) (chain []string, mode string, threshold any, stop *verdict, err error) {
	n, err := pyLen(x)
	if err != nil {
		return nil, "", nil, nil, err
	}
	if n == 0 {
		return nil, "", nil, &verdict{reason: "there is no intermediate stop, the input should be a list", cause: CausePlanner, empty: true}, nil
	}
	items, err := iterate(x)
	if err != nil {
		return nil, "", nil, nil, err
	}
	var stops []string
	for _, it := range items {
		ref, err := stopRef(it)
		if err != nil {
			return nil, "", nil, nil, err
		}
		stops = append(stops, ref)
	}
	var a [4]any
	for i, k := range []string{"place1", "place2", "mode", "threshold"} {
		if a[i], err = getItem(opArgs, k); err != nil {
			return nil, "", nil, nil, err
		}
	}
	chain = append(append([]string{pyStr(a[0])}, stops...), pyStr(a[1]))
	return chain, pyStr(a[2]), a[3], nil, nil
}

func (s *scoring) legDistances(ctx context.Context, chain []string, mode string) ([]float64, *verdict, error) {
	var ds []float64
	for i := 0; i+1 < len(chain); i++ {
		el, v, err := s.leg(ctx, chain[i], chain[i+1], mode)
		if err != nil || el == nil {
			return nil, &v, err
		}
		if el.Distance == nil {
			return nil, nil, raise("KeyError", "'distance' (element status %s)", el.Status)
		}
		ds = append(ds, float64(el.Distance.Value))
	}
	return ds, nil, nil
}

func km(ds []float64) string {
	parts := make([]string, len(ds))
	for i, d := range ds {
		parts[i] = fmt.Sprintf("%.1f", d/1000)
	}
	return strings.Join(parts, ", ") + " km"
}

func compareDistanceBetweenStops(ctx context.Context, s *scoring, x, _, opArgs any) (verdict, error) {
	chain, mode, threshold, stop, err := legsArgs(x, opArgs)
	if err != nil || stop != nil {
		return deref(stop), err
	}
	ds, stop, err := s.legDistances(ctx, chain, mode)
	if err != nil || stop != nil {
		return deref(stop), err
	}
	lo, hi := ds[0], ds[0]
	for _, d := range ds {
		lo, hi = min(lo, d), max(hi, d)
	}
	if lo == 0 {
		return verdict{}, raise("ZeroDivisionError", "division by zero (a leg of 0 m: legs %s)", km(ds))
	}
	rel := (hi - lo) / lo
	c, err := pyCompare(rel, threshold)
	if err != nil {
		return verdict{}, err
	}
	if c > 0 {
		return fail(CausePlanner, "doesn't match the required distance: legs %s (%s) differ by %.1f%%, more than %s", km(ds), mode, 100*rel, pyRepr(threshold))
	}
	return pass()
}

func compareDistanceWithAndWithoutStops(ctx context.Context, s *scoring, x, _, opArgs any) (verdict, error) {
	chain, mode, threshold, stop, err := legsArgs(x, opArgs)
	if err != nil || stop != nil {
		return deref(stop), err
	}
	ds, stop, err := s.legDistances(ctx, chain, mode)
	if err != nil || stop != nil {
		return deref(stop), err
	}
	direct, stop, err := s.legDistances(ctx, []string{chain[0], chain[len(chain)-1]}, mode)
	if err != nil || stop != nil {
		return deref(stop), err
	}
	sum := 0.0
	for _, d := range ds {
		sum += d
	}
	if direct[0] == 0 {
		return verdict{}, raise("ZeroDivisionError", "division by zero (direct distance is 0 m)")
	}
	rel := math.Abs(sum-direct[0]) / direct[0]
	c, err := pyCompare(rel, threshold)
	if err != nil {
		return verdict{}, err
	}
	if c > 0 {
		return fail(CausePlanner, "doesn't match the required distance: %.1f km with the stops (legs %s) vs %.1f km direct, %.1f%% apart, more than %s",
			sum/1000, km(ds), direct[0]/1000, 100*rel, pyRepr(threshold))
	}
	return pass()
}

func deref(v *verdict) verdict {
	if v == nil {
		return verdict{}
	}
	return *v
}

func checkPlacesAndRatings(ctx context.Context, s *scoring, x, _, opArgs any) (verdict, error) {
	var a [3]any
	var err error
	for i, k := range []string{"places", "min_rating", "location"} {
		if a[i], err = getItem(opArgs, k); err != nil {
			return verdict{}, err
		}
	}
	places, err := iterate(a[0])
	if err != nil {
		return verdict{}, err
	}
	truth := map[string]float64{}
	rated := 0
	for _, p := range places {
		q := pyStr(p) + ", " + pyStr(a[2])
		res, err := s.search(ctx, q)
		if err != nil {
			return verdict{}, err
		}
		if len(res.Places) == 0 {
			return verdict{}, &pyError{exc: "IndexError", msg: "list index out of range (no place for " + q + ")", cause: CauseData}
		}
		rating := 0.0
		if r := res.Places[0].Rating; r != nil {
			rating = *r
			rated++
		}
		c, err := pyCompare(rating, a[1])
		if err != nil {
			return verdict{}, err
		}
		if c > 0 {
			truth[pyStr(p)] = rating
		}
	}
	m, ok := x.(map[string]any)
	if !ok {
		return verdict{}, raise("AttributeError", "'%s' object has no attribute 'keys'", pyType(x))
	}
	cause := CausePlanner
	if rated == 0 {
		cause = CauseData // no ratings at all: the truth is empty
	}
	same := len(m) == len(truth)
	for k := range m {
		if _, ok := truth[k]; !ok {
			same = false
		}
	}
	if !same {
		return fail(cause, "the places are not the same, llm_response: %s, ground_truth: %v (%d of %d places have a rating in the maps data)", short(pyRepr(x)), truth, rated, len(places))
	}
	for _, k := range sortedKeys(m) {
		if v := m[k]; !pyEqual(v, truth[k]) {
			return fail(cause, "Rating of %s is %s, while the required rating is %g", k, pyRepr(m[k]), truth[k])
		}
	}
	return pass()
}
