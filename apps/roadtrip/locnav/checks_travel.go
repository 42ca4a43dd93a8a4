package locnav

// The checks on travel: distance-matrix legs and durations.

import (
	"context"
	"fmt"
	"math"
	"strings"
)

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
	var a [5]any
	for i, path := range [][]string{{"place1", "place"}, {"place2", "place"}, {"place1", "mode"}, {"place2", "mode"}, {"threshold"}} {
		if a[i], err = getPath(opArgs, path...); err != nil {
			return verdict{}, err
		}
	}
	p1, p2, m1, m2, threshold := a[0], a[1], a[2], a[3], a[4]
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

// stopLegs is what the two distance checks share: the route from place1
// through the answer's stops to place2, and each leg's length.
type stopLegs struct {
	chain     []string // place1, each stop as place_id:ID, place2
	mode      string
	threshold any
	ds        []float64 // metres, chain[i] to chain[i+1]
}

// measureStopLegs reads the stops and op_args of a distance check, then
// measures each leg. A non-nil verdict ends the check.
func (s *scoring) measureStopLegs(ctx context.Context, x, opArgs any) (stopLegs, *verdict, error) {
	n, err := pyLen(x)
	if err != nil {
		return stopLegs{}, nil, err
	}
	if n == 0 {
		return stopLegs{}, &verdict{reason: "there is no intermediate stop, the input should be a list", cause: CausePlanner, empty: true}, nil
	}
	items, err := iterate(x)
	if err != nil {
		return stopLegs{}, nil, err
	}
	var stops []string
	for _, it := range items {
		ref, err := stopRef(it)
		if err != nil {
			return stopLegs{}, nil, err
		}
		stops = append(stops, ref)
	}
	var a [4]any
	for i, k := range []string{"place1", "place2", "mode", "threshold"} {
		if a[i], err = getItem(opArgs, k); err != nil {
			return stopLegs{}, nil, err
		}
	}
	l := stopLegs{chain: append(append([]string{pyStr(a[0])}, stops...), pyStr(a[1])), mode: pyStr(a[2]), threshold: a[3]}
	ds, stop, err := s.legDistances(ctx, l.chain, l.mode)
	if err != nil || stop != nil {
		return stopLegs{}, stop, err
	}
	l.ds = ds
	return l, nil, nil
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
	l, stop, err := s.measureStopLegs(ctx, x, opArgs)
	if err != nil || stop != nil {
		return deref(stop), err
	}
	ds, mode, threshold := l.ds, l.mode, l.threshold
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
	l, stop, err := s.measureStopLegs(ctx, x, opArgs)
	if err != nil || stop != nil {
		return deref(stop), err
	}
	chain, mode, threshold, ds := l.chain, l.mode, l.threshold, l.ds
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
