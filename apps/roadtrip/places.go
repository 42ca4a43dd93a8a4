package roadtrip

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/cairn-agents/cairn/apps/roadtrip/locnav"
	"github.com/cairn-agents/cairn/geo"
	"github.com/cairn-agents/cairn/llm"
)

// placeChoice is the places worker's decision: one candidate place per
// slot ("r1.rest.1", "r2.view.1", "l1.stop2", "meeting", "place1").
type placeChoice struct {
	Reasoning string      `json:"reasoning,omitempty"`
	Picks     []placePick `json:"picks"`
}

// placePick fills one slot with a candidate's place ID.
type placePick struct {
	Slot    string `json:"slot"`
	PlaceID string `json:"place_id"`
}

// Reason returns the reasoning.
func (c placeChoice) Reason() string { return c.Reasoning }

// placesPrompt is what prompts/places_user.tmpl shows.
type placesPrompt struct {
	What  string // what the slots are for
	Slots []slot
}

// slot is a place to fill and the candidates that may fill it.
type slot struct {
	Name  string
	Cands []place
}

// searchPlaces is the search_places action.
func (p *Planner) searchPlaces(ctx context.Context, s *state) (string, error) {
	switch s.Spec.Family {
	case locnav.RoadTrip:
		return p.tripPlaces(ctx, s)
	case locnav.EvenStops:
		return p.legStops(ctx, s)
	case locnav.MeetingPoint:
		return p.meetingPlace(ctx, s)
	case locnav.PlaceFinding:
		return p.directionalPlace(ctx, s)
	}
	return "nothing to search", nil
}

// choose asks the places decision to fill slots; policy fills them when
// no model is configured or the model's picks break a rule (check).
func (p *Planner) choose(ctx context.Context, s *state, what string, slots []slot, policy placeChoice, check func(placeChoice) string) (placeChoice, error) {
	if len(slots) == 0 {
		return policy, nil
	}
	var names, pids []string
	for _, sl := range slots {
		names = append(names, sl.Name)
		for _, c := range sl.Cands {
			if !slices.Contains(pids, c.PlaceID) {
				pids = append(pids, c.PlaceID)
			}
		}
	}
	if len(pids) == 0 {
		return policy, nil
	}
	d, err := decide(ctx, p, "places", "PlaceChoice", func() any { return placesPrompt{What: what, Slots: slots} },
		map[string][]string{"picks.slot": names, "picks.place_id": pids}, policy)
	if err != nil || d.Source != llm.FromModel {
		return policy, nil
	}
	why := ""
	for _, p := range d.Value.Picks {
		i := slices.IndexFunc(slots, func(sl slot) bool { return sl.Name == p.Slot })
		if i < 0 || !slices.ContainsFunc(slots[i].Cands, func(c place) bool { return c.PlaceID == p.PlaceID }) {
			why = fmt.Sprintf("%s is not a candidate for %s", p.PlaceID, p.Slot)
			break
		}
	}
	if why == "" && check != nil {
		why = check(d.Value)
	}
	if why != "" {
		s.Notes = append(s.Notes, "places model's choice rejected ("+why+"); the policy chose")
		return policy, nil
	}
	// Slots the model left empty are filled as the policy would.
	out := d.Value
	for _, p := range policy.Picks {
		if !slices.ContainsFunc(out.Picks, func(q placePick) bool { return q.Slot == p.Slot }) {
			out.Picks = append(out.Picks, p)
		}
	}
	if check != nil && check(out) != "" {
		return policy, nil
	}
	return out, nil
}

func picked(c placeChoice, slots []slot, name string) (place, bool) {
	for _, p := range c.Picks {
		if p.Slot != name {
			continue
		}
		for _, sl := range slots {
			if sl.Name != name {
				continue
			}
			for _, cand := range sl.Cands {
				if cand.PlaceID == p.PlaceID {
					return cand, true
				}
			}
		}
	}
	return place{}, false
}

// kindTypes are the place types that may serve as a road-trip kind:
// Google's legacy types have no rest area or viewpoint, so a text search
// for "rest stop" or "scenic viewpoint" there answers with these.
var kindTypes = map[string][]string{
	"rest_area": {"rest_area", "rest_stop", "gas_station", "convenience_store", "parking"},
	"viewpoint": {"viewpoint", "tourist_attraction", "natural_feature", "park"},
}

// kindWords in a place's name mark it as the kind whatever its types.
var kindWords = map[string][]string{
	"rest_area": {"rest area", "rest stop", "service area", "services", "travel plaza", "r&r"},
	"viewpoint": {"viewpoint", "view point", "lookout", "overlook", "mirador", "vista", "scenic"},
	// Google has no swimming_pool type; checkers look at the name.
	"swimming_pool": {"swim", "aquatic", "natatorium"},
}

// fits reports whether a search hit can serve as kind: it has the type, or
// (for the road-trip kinds) a type or name that means it.
func fits(kind string, p geo.Place) bool {
	if slices.Contains(p.Types, kind) {
		return true
	}
	if slices.ContainsFunc(kindTypes[kind], func(t string) bool { return slices.Contains(p.Types, t) }) {
		return true
	}
	n := strings.ToLower(p.Name)
	return slices.ContainsFunc(kindWords[kind], func(w string) bool { return strings.Contains(n, w) })
}

// queryWord is how a place type is asked for in a text search.
func queryWord(t string) string {
	switch t {
	case "gas_station":
		return "gas station"
	case "lodging":
		return "hotel"
	case "rest_area":
		return "rest stop"
	case "viewpoint":
		return "scenic viewpoint"
	}
	return strings.ReplaceAll(t, "_", " ")
}

// near searches each type around p and keeps places of a wanted type that
// pass the rating filter, nearest first.
func (p *Planner) near(ctx context.Context, s *state, types []string, lat, lng, radiusM float64, extra string) ([]place, error) {
	if len(types) == 0 {
		types = []string{"restaurant"}
	}
	res := make([][]place, len(types))
	errs := parallel(len(types), func(i int) error {
		q := queryWord(types[i])
		if extra != "" {
			q += " in " + extra
		}
		req := geo.SearchRequest{Query: q}
		if extra == "" {
			req.Location = &geo.LatLng{Lat: lat, Lng: lng}
			req.Radius = clamp(radiusM, 1000, geo.MaxSearchRadius)
		}
		sr, err := p.mapsFor(ctx).SearchPlaces(ctx, req)
		if err != nil {
			return err
		}
		for _, p := range sr.Places {
			if slices.ContainsFunc(types, func(t string) bool { return fits(t, p) }) {
				res[i] = append(res[i], toPlace(p))
			}
		}
		return nil
	})
	var out []place
	var failed []error
	for i := range types {
		if errs[i] != nil && !errors.Is(errs[i], geo.ErrZeroResults) {
			failed = append(failed, errs[i])
		}
		for _, p := range res[i] {
			if slices.ContainsFunc(out, func(o place) bool { return o.PlaceID == p.PlaceID }) {
				continue
			}
			if s.Spec.MinRating > 0 {
				if p.Rating == nil {
					addNote(s, fmt.Sprintf("the maps backend gives no ratings; the minimum rating %.1f could not be checked", s.Spec.MinRating))
				} else if *p.Rating < s.Spec.MinRating {
					continue
				}
			}
			out = append(out, p)
		}
	}
	if len(out) == 0 && len(failed) > 0 {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, errors.Join(failed...)
	}
	if extra == "" {
		sort.SliceStable(out, func(a, b int) bool {
			return distKm(out[a].Lat, out[a].Lng, lat, lng) < distKm(out[b].Lat, out[b].Lng, lat, lng)
		})
	}
	return out, nil
}

func addNote(s *state, n string) {
	if !slices.Contains(s.Notes, n) {
		s.Notes = append(s.Notes, n)
	}
}

// placeLabels are what maps call a place that has no name: its kind.
var placeLabels = map[string]bool{"rest area": true, "rest stop": true, "service area": true, "services": true,
	"travel plaza": true, "viewpoint": true, "view point": true, "scenic viewpoint": true, "lookout": true,
	"overlook": true, "scenic overlook": true, "parking": true, "picnic area": true, "mirador": true}

// unnamed reports whether p has no name of its own, only its kind.
func unnamed(p place) bool {
	n := strings.ToLower(strings.TrimSpace(p.Name))
	return n == "" || placeLabels[n]
}

// roadWords mark the first part of an address as a road.
var roadWords = []string{"road", "rd", "street", "st", "avenue", "ave", "lane", "ln", "highway", "hwy", "route", "pike",
	"drive", "dr", "boulevard", "blvd", "way", "turnpike", "expressway", "interstate", "parkway", "carretera", "carrer",
	"cami", "camí", "avinguda", "calle", "rue", "chemin"}

// describe names an unnamed place by what it is and what it is near, from
// its data: "Viewpoint near Smyrna", "Rest area on DE 1 near Bear" (the
// road its address gives, the route town it belongs to). A named place
// keeps its name.
func describe(p place) string {
	if !unnamed(p) || p.City == "" {
		return p.Name
	}
	kind := strings.ToLower(p.Name)
	if kind == "" {
		kind = "place"
	}
	d := strings.ToUpper(kind[:1]) + kind[1:]
	if first, _, ok := strings.Cut(p.Address, ", "); ok && looksLikeRoad(first) && !strings.EqualFold(first, p.City) {
		d += " on " + first
	}
	return d + " near " + p.City
}

func looksLikeRoad(s string) bool {
	if strings.ContainsAny(s, "0123456789") {
		return true
	}
	for _, w := range strings.Fields(strings.ToLower(s)) {
		if slices.Contains(roadWords, strings.Trim(w, ".,")) {
			return true
		}
	}
	return false
}
