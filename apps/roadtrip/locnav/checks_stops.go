package locnav

// The checks on stops: each names a place by name and "place id", looked
// up as upstream does (text search for the name, the hit with that ID).

import (
	"context"
	"fmt"
	"iter"
	"strings"

	"github.com/cairn-agents/cairn/geo"
)

func stopIncludeKeys(_ context.Context, _ *scoring, x, _, opArgs any) (verdict, error) {
	stops, err := iterate(x)
	if err != nil {
		return verdict{}, err
	}
	keys, err := getList(opArgs, "keys")
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

// placeFields is f"{place['place id']}" and str(place['name']), as the
// checks read them.
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

// foundStop is one stop of an answer looked up in the maps data: its name
// and "place id" as the answer gives them, and the search hit with that
// ID. A nil hit comes with miss, the failing verdict.
type foundStop struct {
	name, id string
	hit      *geo.Place
	miss     verdict
}

// foundStops is the loop the place checks share: each stop in turn has
// its name and "place id" read, then is found with findByNameAndID. The
// sequence ends after an error (a stop without those keys, a backend
// failure) or a stop not found (hit nil). A stop is looked up only when
// the loop asks for it, so a check that ends early searches no further.
func (s *scoring) foundStops(ctx context.Context, places []any) iter.Seq2[foundStop, error] {
	return func(yield func(foundStop, error) bool) {
		for _, p := range places {
			name, id, err := placeFields(p, true)
			if err != nil {
				yield(foundStop{}, err)
				return
			}
			hit, miss, err := s.findByNameAndID(ctx, name, id)
			if !yield(foundStop{name: name, id: id, hit: hit, miss: miss}, err) || err != nil || hit == nil {
				return
			}
		}
	}
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

// stopSets is upstream's set of the stops' names, then set of their
// place ids: every stop's name is read before any is hashed and names
// before IDs, so a bad stop raises what upstream raises.
func stopSets(x any, key string) (names, ids map[string]bool, err error) {
	stops, err := getList(x, key)
	if err != nil {
		return nil, nil, err
	}
	if names, err = hashSet(stops, "name"); err != nil {
		return nil, nil, err
	}
	if ids, err = hashSet(stops, "place id"); err != nil {
		return nil, nil, err
	}
	return names, ids, nil
}

// hashSet is set([stop[k] for stop in stops]).
func hashSet(stops []any, k string) (map[string]bool, error) {
	vals := make([]any, len(stops))
	for i, st := range stops {
		var err error
		if vals[i], err = getItem(st, k); err != nil {
			return nil, err
		}
	}
	set := map[string]bool{}
	for _, v := range vals {
		h, err := hashKey(v)
		if err != nil {
			return nil, err
		}
		set[h] = true
	}
	return set, nil
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

// iterateArgs is iterate(x) then iterate(opArgs), as the checks on a
// list of stops and a list of requirements begin.
func iterateArgs(x, opArgs any) (xs, args []any, err error) {
	if xs, err = iterate(x); err != nil {
		return nil, nil, err
	}
	if args, err = iterate(opArgs); err != nil {
		return nil, nil, err
	}
	return xs, args, nil
}

// neverGoogleType reports a required type Google's legacy place types
// never contain as a substring ("hotel": Google says lodging; "gas
// station": Google says gas_station).
func neverGoogleType(t string) bool { return t == "hotel" || strings.Contains(t, " ") }

func validateStopType(ctx context.Context, s *scoring, x, _, opArgs any) (verdict, error) {
	places, required, err := iterateArgs(x, opArgs)
	if err != nil {
		return verdict{}, err
	}
	for st, err := range s.foundStops(ctx, places) {
		if err != nil || st.hit == nil {
			return st.miss, err
		}
		valid := false
		for _, rt := range required {
			for _, t := range st.hit.Types {
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
			return fail(cause, "The type of the place is not valid: %s (%s) has types %v, want one containing %s%s", st.name, st.id, st.hit.Types, pyRepr(opArgs), note)
		}
	}
	return pass()
}

func validateLocation(_ context.Context, _ *scoring, x, _, opArgs any) (verdict, error) {
	places, required, err := iterateArgs(x, opArgs)
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
	for st, err := range s.foundStops(ctx, places) {
		if err != nil || st.hit == nil {
			return st.miss, err
		}
		if !strings.Contains(strings.ToLower(st.hit.FormattedAddress), country) {
			return fail(CausePlanner, "%s is not in %s", st.hit.FormattedAddress, pyStr(opArgs))
		}
	}
	return pass()
}

// placesInCountries passes as soon as one place's address names one of
// the countries (upstream returns True inside the loop).
func placesInCountries(ctx context.Context, s *scoring, x, _, opArgs any) (verdict, error) {
	places, countries, err := iterateArgs(x, opArgs)
	if err != nil {
		return verdict{}, err
	}
	var addrs []string
	for st, err := range s.foundStops(ctx, places) {
		if err != nil || st.hit == nil {
			return st.miss, err
		}
		addr := strings.ToLower(st.hit.FormattedAddress)
		addrs = append(addrs, st.hit.FormattedAddress)
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

func validateDirection(ctx context.Context, s *scoring, x, _, opArgs any) (verdict, error) {
	places, reqs, err := iterateArgs(x, opArgs)
	if err != nil {
		return verdict{}, err
	}
	for st, err := range s.foundStops(ctx, places) {
		if err != nil || st.hit == nil {
			return st.miss, err
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
				ok = st.hit.Location.Lat > ref.Location.Lat
			case "south":
				ok = st.hit.Location.Lat < ref.Location.Lat
			case "east":
				ok = st.hit.Location.Lng > ref.Location.Lng
			case "west":
				ok = st.hit.Location.Lng < ref.Location.Lng
			default:
				return verdict{}, &pyError{exc: "ValueError", msg: "Direction must be 'north', 'south', 'east', or 'west' (got " + pyRepr(dir) + ")", cause: CauseTask}
			}
			if !ok {
				return fail(CausePlanner, "the direction from %s to %s is wrong: %s (%.5f,%.5f) is not %s of %s (%.5f,%.5f, first search hit for %q)",
					pyStr(addr), st.name, st.name, st.hit.Location.Lat, st.hit.Location.Lng, pyStr(dir), ref.Name, ref.Location.Lat, ref.Location.Lng, pyStr(addr))
			}
		}
	}
	return pass()
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
	for st, err := range s.foundStops(ctx, places) {
		if err != nil || st.hit == nil {
			return st.miss, err
		}
		if st.hit.Rating == nil {
			return verdict{}, &pyError{exc: "KeyError", msg: fmt.Sprintf("'rating': the maps backend has no rating for %s (%s)", st.name, st.id), cause: CauseData}
		}
		c, err := pyCompare(*st.hit.Rating, opArgs)
		if err != nil {
			return verdict{}, err
		}
		if c < 0 {
			return fail(CausePlanner, "Rating of stop %s is %g, while the required rating is %s", st.name, *st.hit.Rating, pyRepr(opArgs))
		}
	}
	return pass()
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
