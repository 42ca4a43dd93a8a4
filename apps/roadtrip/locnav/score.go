package locnav

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"

	"github.com/cairn-agents/cairn/geo"
	"github.com/cairn-agents/cairn/tool"
)

// Cause classifies why an evaluator failed.
type Cause string

// The causes of a failed evaluator.
const (
	// CausePlanner: the answer is wrong (format, counts, constraints,
	// unknown place IDs, uneven legs).
	CausePlanner Cause = "planner"
	// CauseData: the maps data lacks what the check needs (no ratings
	// offline, a place its text search does not return, no route).
	CauseData Cause = "data_missing"
	// CauseUnsupported: the check needs a server Cairn does not run.
	CauseUnsupported Cause = "unsupported"
	// CauseQuirk: the upstream evaluator fails here whatever the answer.
	CauseQuirk Cause = "upstream_quirk"
	// CauseTask: the task's evaluator is malformed or names an unknown op.
	CauseTask Cause = "bad_task"
	// CauseBackend: the maps backend failed; the evaluator was not scored.
	CauseBackend Cause = "backend"
)

// ErrBackend means the maps backend failed (died, unreachable, timed out)
// rather than answering. Scoring stops: results would be wrong.
var ErrBackend = errors.New("maps backend failed")

// EvalResult is the outcome of one evaluator.
type EvalResult struct {
	Index  int    `json:"index"`
	Func   string `json:"func"`
	Op     string `json:"op,omitempty"`
	Passed bool   `json:"passed"`
	Reason string `json:"reason,omitempty"`
	Cause  Cause  `json:"cause,omitempty"`

	empty bool // see verdict.empty
}

// Scorer scores answers against a maps backend, as upstream's evaluators
// do against Google. Identical maps calls are made once per Scorer. It is
// safe for concurrent use.
type Scorer struct {
	maps geo.Maps

	mu   sync.Mutex
	memo map[string]memoEntry
}

type memoEntry struct {
	v   any
	err error
}

// NewScorer returns a Scorer using m for the google_maps.* checks.
func NewScorer(m geo.Maps) *Scorer {
	return &Scorer{maps: m, memo: map[string]memoEntry{}}
}

// ScoreStats counts the maps calls scoring one answer made.
type ScoreStats struct {
	MapsCalls  int `json:"maps_calls"`  // calls sent to the backend
	MapsCached int `json:"maps_cached"` // calls answered from earlier identical calls
}

// Score evaluates every evaluator of t on the answer text. The error is
// non-nil only when the maps backend failed (ErrBackend) or ctx ended; the
// results then hold the evaluators scored so far and the rest marked
// CauseBackend.
func (s *Scorer) Score(ctx context.Context, t Task, answer string) ([]EvalResult, ScoreStats, error) {
	sc := &scoring{s: s}
	out := make([]EvalResult, 0, len(t.Evaluators))
	for i, e := range t.Evaluators {
		r := EvalResult{Index: i, Func: e.Func, Op: e.Op}
		err := sc.evaluate(ctx, e, answer, &r)
		if err != nil {
			for j := i; j < len(t.Evaluators); j++ {
				e := t.Evaluators[j]
				out = append(out, EvalResult{Index: j, Func: e.Func, Op: e.Op, Cause: CauseBackend, Reason: "not scored: " + err.Error()})
			}
			return out, sc.stats, err
		}
		out = append(out, r)
	}
	return out, sc.stats, nil
}

// evaluate fills r; it returns an error only for a backend failure.
func (sc *scoring) evaluate(ctx context.Context, e Evaluator, answer string, r *EvalResult) error {
	failWith := func(c Cause, reason string) { r.Passed, r.Cause, r.Reason = false, c, reason }
	known, why := KnownOp(e.Op)
	if !known {
		if why != "" {
			failWith(CauseUnsupported, "unsupported: "+why)
		} else {
			failWith(CauseTask, fmt.Sprintf("unknown evaluator op %q (not an upstream comparison function); not scored", e.Op))
		}
		return nil
	}
	p, err := ParsePipeline(e.Func)
	if err != nil {
		failWith(CauseTask, err.Error())
		return nil
	}
	value, err := decodeArg(e.Value)
	if err != nil {
		failWith(CauseTask, "value: "+err.Error())
		return nil
	}
	opArgs, err := decodeArg(e.OpArgs)
	if err != nil {
		failWith(CauseTask, "op_args: "+err.Error())
		return nil
	}
	vals, err := p.Eval(answer)
	if err != nil {
		failWith(errCause(err), errReason(err))
		return nil
	}
	if e.Op == "" {
		r.Passed = true
		return nil
	}
	chk := checks[e.Op]
	sc.estimated = false
	defer func() {
		if !r.Passed && sc.estimated {
			r.Reason += " (travel figures are offline estimates: no road data covers these places, so great-circle distance × a detour factor)"
		}
	}()
	for k, v := range vals {
		verd, err := chk(ctx, sc, v, value, opArgs)
		if err != nil {
			if errors.Is(err, ErrBackend) || ctx.Err() != nil {
				return err
			}
			failWith(errCause(err), itemPrefix(k, len(vals))+errReason(err))
			var pe *pyError
			r.empty = errors.As(err, &pe) && pe.empty
			return nil
		}
		if !verd.ok {
			failWith(verd.cause, itemPrefix(k, len(vals))+verd.reason)
			r.empty = verd.empty
			return nil
		}
	}
	r.Passed = true
	return nil
}

func itemPrefix(k, n int) string {
	if n < 2 {
		return ""
	}
	return fmt.Sprintf("item %d of %d: ", k+1, n)
}

func errCause(err error) Cause {
	var pe *pyError
	if errors.As(err, &pe) && pe.cause != "" {
		return pe.cause
	}
	return CausePlanner
}

func errReason(err error) string {
	var je *JSONError
	if errors.As(err, &je) {
		return je.Error()
	}
	return "Execution error: " + err.Error()
}

func decodeArg(raw json.RawMessage) (any, error) {
	if len(raw) == 0 {
		return nil, nil
	}
	var v any
	if err := json.Unmarshal(raw, &v); err != nil {
		return nil, err
	}
	return v, nil
}

// scoring is one Score call: the maps helpers upstream's checks use, with
// the call counts.
type scoring struct {
	s         *Scorer
	stats     ScoreStats
	estimated bool // a distance-matrix element of this evaluator was an estimate
}

// mapsAnswered reports whether err is the maps service answering with a
// non-OK status (or a tool error it reported), as opposed to the backend
// failing.
func mapsAnswered(err error) bool {
	for _, e := range []error{geo.ErrZeroResults, geo.ErrNotFound, geo.ErrInvalidRequest, tool.ErrPermanent, tool.ErrBadArgs} {
		if errors.Is(err, e) {
			return true
		}
	}
	return false
}

// call runs one maps call through the memo. Backend failures come back
// wrapped in ErrBackend and are not remembered.
func (sc *scoring) call(ctx context.Context, key string, fn func() (any, error)) (any, error) {
	s := sc.s
	s.mu.Lock()
	m, ok := s.memo[key]
	s.mu.Unlock()
	if ok {
		sc.stats.MapsCached++
		return m.v, m.err
	}
	sc.stats.MapsCalls++
	v, err := fn()
	if err != nil && !mapsAnswered(err) {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, fmt.Errorf("%w: %s: %w", ErrBackend, key, err)
	}
	s.mu.Lock()
	s.memo[key] = memoEntry{v, err}
	s.mu.Unlock()
	return v, err
}

// mapsFailed is the exception upstream raises when a maps tool answers
// isError: it json.loads the error text.
func mapsFailed(call string, err error, cause Cause) *pyError {
	return &pyError{exc: "JSONDecodeError", msg: fmt.Sprintf("%s failed (%v); upstream cannot decode the error text", call, err), cause: cause}
}

func (sc *scoring) search(ctx context.Context, query string) (geo.SearchResult, error) {
	key := "maps_search_places(" + query + ")"
	v, err := sc.call(ctx, key, func() (any, error) {
		return sc.s.maps.SearchPlaces(ctx, geo.SearchRequest{Query: query})
	})
	if err != nil {
		if mapsAnswered(err) {
			return geo.SearchResult{}, mapsFailed(key, err, CauseData)
		}
		return geo.SearchResult{}, err
	}
	return v.(geo.SearchResult), nil
}

func (sc *scoring) details(ctx context.Context, id string) (geo.PlaceDetails, error) {
	key := "maps_place_details(" + id + ")"
	v, err := sc.call(ctx, key, func() (any, error) { return sc.s.maps.PlaceDetails(ctx, id) })
	if err != nil {
		if mapsAnswered(err) {
			if googleID(id, err) {
				return geo.PlaceDetails{}, mapsFailed(key+" (a Google place ID, which this maps backend cannot resolve)", err, CauseData)
			}
			return geo.PlaceDetails{}, mapsFailed(key, err, CausePlanner)
		}
		return geo.PlaceDetails{}, err
	}
	return v.(geo.PlaceDetails), nil
}

// googleID reports a Google place ID ("ChIJ...") that a backend without
// Google's data refused: answers recorded against Google, scored offline.
func googleID(id string, err error) bool {
	return strings.HasPrefix(id, "ChIJ") && errors.Is(err, geo.ErrInvalidRequest)
}

// findByNameAndID is upstream's search_place_by_place_id: a text search
// for the name, then the hit whose place_id is the ID. A nil place comes
// with the failing verdict, its cause diagnosed by looking the ID up.
func (sc *scoring) findByNameAndID(ctx context.Context, name, id string) (*geo.Place, verdict, error) {
	res, err := sc.search(ctx, name)
	searchErr := ""
	if err != nil {
		var pe *pyError
		if !errors.As(err, &pe) {
			return nil, verdict{}, err
		}
		searchErr = "; the search failed: " + pe.msg
	} else {
		for i := range res.Places {
			if res.Places[i].PlaceID == id {
				return &res.Places[i], verdict{}, nil
			}
		}
	}
	d, derr := sc.details(ctx, id)
	var pe *pyError
	if derr != nil && !errors.As(derr, &pe) {
		return nil, verdict{}, derr
	}
	if derr != nil {
		if pe.cause == CauseData {
			return nil, verdict{reason: fmt.Sprintf("Can't find the place: %s %s (a Google place ID, which this maps backend cannot resolve%s)", name, id, searchErr), cause: CauseData}, nil
		}
		return nil, verdict{reason: fmt.Sprintf("Can't find the place: %s %s (the maps backend does not know this place ID%s)", name, id, searchErr), cause: CausePlanner}, nil
	}
	cause := CauseData
	why := fmt.Sprintf("the ID is %q at %s, but a text search for the name does not list it among %d results", d.Name, d.FormattedAddress, len(res.Places))
	if !strings.EqualFold(strings.TrimSpace(d.Name), strings.TrimSpace(name)) {
		cause = CausePlanner
		why = fmt.Sprintf("the ID is %q, not %q", d.Name, name)
	}
	return nil, verdict{reason: fmt.Sprintf("Can't find the place: %s %s (%s%s)", name, id, why, searchErr), cause: cause}, nil
}

// leg is one distance-matrix element from one endpoint to another. A nil
// element comes with the failing verdict (status ZERO_RESULTS or
// NOT_FOUND).
func (sc *scoring) leg(ctx context.Context, from, to, mode string) (*geo.MatrixElement, verdict, error) {
	key := fmt.Sprintf("maps_distance_matrix(%s -> %s, %s)", from, to, mode)
	v, err := sc.call(ctx, key, func() (any, error) {
		return sc.s.maps.DistanceMatrix(ctx, geo.MatrixRequest{Origins: []string{from}, Destinations: []string{to}, Mode: mode})
	})
	if err != nil {
		if mapsAnswered(err) {
			cause := CausePlanner
			if mode == geo.ModeTransit || googleID(strings.TrimPrefix(from, "place_id:"), err) || googleID(strings.TrimPrefix(to, "place_id:"), err) {
				cause = CauseData
			}
			return nil, verdict{}, mapsFailed(key, err, cause)
		}
		return nil, verdict{}, err
	}
	m := v.(geo.MatrixResult)
	if len(m.Results) == 0 || len(m.Results[0].Elements) == 0 {
		return nil, verdict{}, raise("IndexError", "list index out of range (empty distance matrix for %s)", key)
	}
	el := m.Results[0].Elements[0]
	sc.estimated = sc.estimated || el.Estimated
	if el.Status == geo.StatusZeroResults || el.Status == geo.StatusNotFound {
		cause := CauseData
		if el.Status == geo.StatusNotFound {
			cause = CausePlanner
			for i, end := range []string{from, to} {
				addrs := m.OriginAddresses
				if i == 1 {
					addrs = m.DestinationAddresses
				}
				if !strings.HasPrefix(end, "place_id:") && (len(addrs) == 0 || addrs[0] == "") {
					cause = CauseData // the task's own address is not in the maps data
				}
			}
		}
		return nil, verdict{reason: fmt.Sprintf("can't measure distance or duration between %s, %s (%s): status %s, this usually means the place is not found", from, to, mode, el.Status), cause: cause}, nil
	}
	return &el, verdict{}, nil
}

// elevationAt is upstream's get_elevation_by_address: the address must
// find exactly one place, whose elevation is the truth.
func (sc *scoring) elevationAt(ctx context.Context, addr string) (float64, error) {
	res, err := sc.search(ctx, addr)
	if err != nil {
		return 0, err
	}
	if n := len(res.Places); n != 1 {
		cause := CausePlanner
		if n == 0 {
			cause = CauseData
		}
		return 0, &pyError{exc: "AssertionError", msg: fmt.Sprintf("the number of found place should be 1: a text search for the address %q finds %d places", addr, n), cause: cause}
	}
	loc := res.Places[0].Location
	key := fmt.Sprintf("maps_elevation(%v,%v)", loc.Lat, loc.Lng)
	v, err := sc.call(ctx, key, func() (any, error) { return sc.s.maps.Elevation(ctx, []geo.LatLng{loc}) })
	if err != nil {
		if mapsAnswered(err) {
			return 0, mapsFailed(key, err, CauseData)
		}
		return 0, err
	}
	er := v.(geo.ElevationResult)
	if len(er.Results) != 1 {
		return 0, &pyError{exc: "AssertionError", msg: fmt.Sprintf("the number of found place should be 1: elevation returned %d results", len(er.Results)), cause: CauseData}
	}
	return er.Results[0].Elevation, nil
}
