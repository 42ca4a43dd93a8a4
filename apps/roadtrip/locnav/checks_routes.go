package locnav

// The checks on road-trip answers: routes, their cities, rest stops and
// viewpoints.

import (
	"context"
	"fmt"
	"math"
	"strings"
)

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
	cands, err := getList(opArgs, "values")
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
	rs, err := getList(x, "routes")
	if err != nil {
		return verdict{}, err
	}
	for _, r := range rs {
		cv, err := getItem(r, "cities_visited")
		if err != nil {
			return verdict{}, err
		}
		places, err := getList(r, kind)
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
	items, err := getList(r, key)
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
	rs, err := getList(x, "routes")
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
			v, _ := fail(CausePlanner, "route %d: rest_stop_cities%v and scenic_viewpoint_cities%v are the same", i+1, sortedKeys(a), sortedKeys(b))
			v.empty = len(a) == 0
			return v, nil
		}
	}
	return pass()
}

func validateElevation(ctx context.Context, s *scoring, x, _, _ any) (verdict, error) {
	rs, err := getList(x, "routes")
	if err != nil {
		return verdict{}, err
	}
	for _, r := range rs {
		vps, err := getList(r, "scenic_viewpoints")
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
	rs, err := getList(x, "routes")
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
			return fail(CausePlanner, "city must be in all routes: route %d visits %v, none containing any of %s", i+1, sortedKeys(cities), short(pyRepr(opArgs)))
		}
	}
	return pass()
}

// placeNotInCitiesOfRoutes reproduces upstream: op_args must be a string;
// task 0005 passes a list, on which upstream calls .lower() and raises, so
// that check always fails there (unless there are no routes).
func placeNotInCitiesOfRoutes(_ context.Context, _ *scoring, x, _, opArgs any) (verdict, error) {
	rs, err := getList(x, "routes")
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
	rs, err := getList(x, "routes")
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
	rs, err := getList(x, "routes")
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
