package roadtrip

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/cairn-agents/cairn/apps/roadtrip/locnav"
	"github.com/cairn-agents/cairn/geo"
	"github.com/cairn-agents/cairn/llm"
	"github.com/cairn-agents/cairn/understand"
)

// getElevations is the get_elevations action: one batched maps_elevation
// call at the chosen viewpoints' locations.
func (p *Planner) getElevations(ctx context.Context, s *state) (string, error) {
	var locs []geo.LatLng
	index := map[string]int{}
	for _, rt := range s.Routes {
		for _, v := range rt.Viewpoints {
			if _, ok := index[v.PlaceID]; !ok {
				index[v.PlaceID] = len(locs)
				locs = append(locs, geo.LatLng{Lat: v.Lat, Lng: v.Lng})
			}
		}
	}
	if len(locs) == 0 {
		s.Elevate = true
		return "no viewpoints to look up", nil
	}
	res, err := p.mapsFor(ctx).Elevation(ctx, locs)
	if err != nil {
		return "", err
	}
	if len(res.Results) != len(locs) {
		return "", fmt.Errorf("maps_elevation returned %d results for %d locations", len(res.Results), len(locs))
	}
	for i := range s.Routes {
		for j := range s.Routes[i].Viewpoints {
			v := &s.Routes[i].Viewpoints[j]
			e := res.Results[index[v.PlaceID]].Elevation
			v.Elevation = &e
		}
	}
	s.Elevate = true
	return fmt.Sprintf("elevations of %d viewpoints", len(locs)), nil
}

// synthesis is the synthesis decision for road trips: route names and a
// one-sentence description per viewpoint, in answer order. The data in the
// answer (names, addresses, elevations) is filled in from the state, never
// from this text.
type synthesis struct {
	RouteNames   []string `json:"route_names"`
	Descriptions []string `json:"descriptions"`
}

// synthesisPrompt is what prompts/synthesis_user.tmpl shows.
type synthesisPrompt struct {
	Question string
	Routes   string // one line per route and per viewpoint
	Policy   synthesis
}

// Validate rejects empty or overlong text.
func (y synthesis) Validate() error {
	for i, t := range append(slices.Clone(y.RouteNames), y.Descriptions...) {
		if strings.TrimSpace(t) == "" || len(t) > 200 {
			return fmt.Errorf("text %d is empty or longer than 200 characters", i)
		}
	}
	return nil
}

// answer writes the final JSON in the task's output format.
func (p *Planner) answer(ctx context.Context, s state) (state, error) {
	if s.Spec == nil {
		p := readSpec(s.Task, understand.Options{})
		s.Spec = &p
	}
	checkAnswer(&s)
	var syn synthesis
	if s.Spec.Family == locnav.RoadTrip && len(s.Routes) > 0 {
		policy := synthPolicy(s)
		d, err := decide(ctx, p, "synthesis", "Synthesis", func() any {
			return synthesisPrompt{Question: s.Task.Question, Routes: routeLines(s), Policy: policy}
		}, nil, policy)
		if err != nil {
			return s, err
		}
		syn = d.Value
		if d.Source == llm.FromModel {
			if why := checkSynthesis(s, syn, policy); why != "" {
				s.Notes = append(s.Notes, "synthesis model's text rejected ("+why+"); the policy's text is used")
				syn = policy
			}
		}
	}
	out, err := renderAnswer(s, syn)
	if err != nil {
		return s, err
	}
	s.Answer = out
	return s, nil
}

// checkSynthesis says why model-written text does not fit the answer: one
// name per route naming one of its cities or ends, one description per
// viewpoint naming the viewpoint or its city.
func checkSynthesis(s state, y, policy synthesis) string {
	if len(y.RouteNames) != len(policy.RouteNames) || len(y.Descriptions) != len(policy.Descriptions) {
		return fmt.Sprintf("%d names and %d descriptions, want %d and %d", len(y.RouteNames), len(y.Descriptions), len(policy.RouteNames), len(policy.Descriptions))
	}
	has := func(text string, names ...string) bool {
		t := strings.ToLower(text)
		for _, n := range names {
			if n != "" && strings.Contains(t, strings.ToLower(n)) {
				return true
			}
		}
		return false
	}
	k := 0
	for i, rt := range s.Routes {
		names := cityNames(s.Pool, rt.Cities)
		if s.Start != nil && s.End != nil {
			names = append(names, s.Start.Name, s.End.Name)
		}
		if !has(y.RouteNames[i], names...) {
			return fmt.Sprintf("route name %q names none of its places", y.RouteNames[i])
		}
		for _, v := range rt.Viewpoints {
			if !has(y.Descriptions[k], v.Name, v.City) {
				return fmt.Sprintf("description %q names neither %s nor %s", y.Descriptions[k], v.Name, v.City)
			}
			k++
		}
	}
	return ""
}

func routeLines(s state) string {
	var b strings.Builder
	for i, rt := range s.Routes {
		fmt.Fprintf(&b, "route %d: %s\n", i+1, strings.Join(cityNames(s.Pool, rt.Cities), ", "))
		for _, v := range rt.Viewpoints {
			el := "unknown"
			if v.Elevation != nil {
				el = fmt.Sprintf("%.0f m", *v.Elevation)
			}
			fmt.Fprintf(&b, "  viewpoint: %s in %s (%s), elevation %s\n", v.Name, v.City, v.Address, el)
		}
	}
	return b.String()
}

// synthPolicy names routes by their cities and describes viewpoints from
// their data.
func synthPolicy(s state) synthesis {
	var y synthesis
	for i, rt := range s.Routes {
		y.RouteNames = append(y.RouteNames, rt.Name)
		if rt.Name == "" {
			y.RouteNames[i] = routeName(i, s.Pool, rt.Cities)
		}
		for _, v := range rt.Viewpoints {
			kind := "Viewpoint"
			if slices.Contains(v.Types, "tourist_attraction") {
				kind = "Scenic viewpoint and tourist attraction"
			}
			d := fmt.Sprintf("%s in %s (%s)", kind, v.City, v.Address)
			if v.Elevation != nil {
				d += fmt.Sprintf(", %s m above sea level", fmtElev(*v.Elevation))
			}
			y.Descriptions = append(y.Descriptions, d)
		}
	}
	return y
}

func fmtElev(e float64) string { return strconv.FormatFloat(math.Round(e*100)/100, 'f', -1, 64) }

// kv and obj build JSON objects whose keys keep the shape's order.
type (
	kv  = understand.Field
	obj = understand.Object
)

// shape reads the output format as ordered keys with their values.
type shape struct {
	keys []string
	vals map[string]json.RawMessage
}

func readShape(raw json.RawMessage) shape {
	t := shape{keys: understand.Format{JSON: raw}.Keys(), vals: map[string]json.RawMessage{}}
	json.Unmarshal(raw, &t.vals)
	return t
}

// item is the shape of the first element of array key k.
func (t shape) item(k string) shape {
	var arr []json.RawMessage
	if json.Unmarshal(t.vals[k], &arr) != nil || len(arr) == 0 {
		return shape{vals: map[string]json.RawMessage{}}
	}
	return readShape(arr[0])
}

// empty is the empty value of a shape value's JSON type.
func empty(raw json.RawMessage) any {
	switch t := bytes.TrimSpace(raw); {
	case len(t) > 0 && t[0] == '[':
		return []any{}
	case len(t) > 0 && t[0] == '{':
		return obj{}
	}
	return ""
}

var defaultFormats = map[locnav.Family]string{
	locnav.RoadTrip:     `{"starting_city":"","destination_city":"","routes":[{"route_id":"1","route_name":"","cities_visited":[],"rest_stops":[{"city":"","rest_stop_id":"1","name":"","address":"","amenities":[]}],"scenic_viewpoints":[{"city":"","viewpoint_id":"1","name":"","address":"","elevation_meters":"","description":""}]}]}`,
	locnav.EvenStops:    `{"stops":[{"name":"NAME","place id":"Place ID"}]}`,
	locnav.MeetingPoint: `{"stops":[{"name":"NAME","place id":"Place ID"}]}`,
	locnav.PlaceFinding: `{"stops":[{"name":"NAME","place id":"Place ID"}]}`,
}

// renderAnswer fills the output format from the state.
func renderAnswer(s state, syn synthesis) (json.RawMessage, error) {
	raw := s.Task.OutputFormat
	if len(bytes.TrimSpace(raw)) == 0 {
		raw = s.Spec.Format // written in the question
	}
	if len(bytes.TrimSpace(raw)) == 0 {
		f := defaultFormats[s.Spec.Family]
		if f == "" {
			f = defaultFormats[locnav.MeetingPoint]
		}
		if s.Spec.Family == locnav.RoadTrip { // only the parts asked for
			var d map[string]any
			json.Unmarshal([]byte(f), &d)
			rt := d["routes"].([]any)[0].(map[string]any)
			if s.Spec.RestStops == 0 {
				delete(rt, "rest_stops")
			}
			if s.Spec.Viewpoints == 0 {
				delete(rt, "scenic_viewpoints")
			}
			b, _ := json.Marshal(d)
			f = string(b)
		}
		if s.Spec.Family == locnav.EvenStops && len(s.Spec.Legs) > 1 { // stops per leg, as MCP-Universe's two-route tasks
			var b strings.Builder
			for i := range s.Spec.Legs {
				fmt.Fprintf(&b, `%s"route_%d_stops":[{"name":"NAME","place id":"Place ID"}]`, map[bool]string{true: ",", false: "{"}[i > 0], i+1)
			}
			f = b.String() + "}"
		}
		raw = json.RawMessage(f)
	}
	t := readShape(raw)
	if t.keys == nil {
		if b, ok, err := renderList(s, raw); ok {
			return b, err
		}
		return nil, fmt.Errorf("%w: %s", errFormatShape, short(string(raw), 80))
	}
	var o obj
	slot := stopsSlot(t)
	for _, k := range t.keys {
		var v any
		switch {
		case k == slot:
			v = renderStops(stopsFor(s, 0), t.item(k))
		case k == "starting_city" && s.Start != nil:
			v = s.Start.Name
		case k == "destination_city" && s.End != nil:
			v = s.End.Name
		case k == "routes":
			v = renderRoutes(s, t.item("routes"), syn)
		case k == "stops":
			v = renderStops(stopsFor(s, 0), t.item(k))
		case strings.HasPrefix(k, "route_") && strings.HasSuffix(k, "_stops"):
			n, _ := strconv.Atoi(strings.TrimSuffix(strings.TrimPrefix(k, "route_"), "_stops"))
			v = renderStops(stopsFor(s, n-1), t.item(k))
		default:
			v = empty(t.vals[k])
		}
		o = append(o, kv{K: k, V: v})
	}
	return json.Marshal(o)
}

// stopsSlot is the key of a format that holds the stops: "stops", else
// the only key whose value is a list of objects (a format written in the
// question: {"meeting_spot": [{"name": ""}]}); "" when there is none.
func stopsSlot(t shape) string {
	if slices.Contains(t.keys, "stops") || slices.Contains(t.keys, "routes") || slices.Contains(t.keys, "route_1_stops") {
		return "stops"
	}
	slot := ""
	for _, k := range t.keys {
		if it := t.item(k); len(it.keys) > 0 {
			if slot != "" {
				return ""
			}
			slot = k
		}
	}
	return slot
}

func stopsFor(s state, leg int) []place {
	if s.Spec.Family == locnav.EvenStops {
		if leg >= 0 && leg < len(s.Legs) {
			return s.Legs[leg].Stops
		}
		return nil
	}
	if leg == 0 {
		return s.Stops
	}
	return nil
}

func renderStops(ps []place, it shape) []obj {
	out := []obj{}
	for _, p := range ps {
		var o obj
		for _, k := range it.keys {
			var v any
			switch foldKey(k) {
			case "name":
				v = p.Name
			case "placeid", "id":
				v = p.PlaceID
			case "fulladdress", "address":
				v = p.Address
			case "placetype", "type":
				v = firstType(p.Types)
			default:
				v = empty(it.vals[k])
			}
			o = append(o, kv{K: k, V: v})
		}
		out = append(out, o)
	}
	return out
}

func firstType(ts []string) string {
	for _, t := range ts {
		if t != "point_of_interest" && t != "establishment" {
			return t
		}
	}
	return ""
}

func renderRoutes(s state, it shape, syn synthesis) []obj {
	out := []obj{}
	desc := 0
	for i, rt := range s.Routes {
		var o obj
		for _, k := range it.keys {
			var v any
			switch k {
			case "route_id":
				v = strconv.Itoa(i + 1)
			case "route_name":
				v = rt.Name
				if i < len(syn.RouteNames) {
					v = syn.RouteNames[i]
				}
			case "cities_visited":
				v = cityNames(s.Pool, rt.Cities)
			case "rest_stops":
				rs := []obj{}
				for j, p := range rt.RestStops {
					// What the details record, else what kind of place it is.
					amen := p.Amenities
					if len(amen) == 0 {
						for _, t := range p.Types {
							if t != "point_of_interest" && t != "establishment" {
								amen = append(amen, strings.ReplaceAll(t, "_", " "))
							}
						}
					}
					rs = append(rs, pick(it.item("rest_stops"), map[string]any{"city": p.City, "rest_stop_id": strconv.Itoa(j + 1),
						"name": describe(p), "address": p.Address, "amenities": amen, "place_id": p.PlaceID}))
				}
				v = rs
			case "scenic_viewpoints":
				vs := []obj{}
				for j, p := range rt.Viewpoints {
					var el any = ""
					if p.Elevation != nil {
						el = math.Round(*p.Elevation*100) / 100
					}
					d := ""
					if desc < len(syn.Descriptions) {
						d = syn.Descriptions[desc]
					}
					desc++
					vs = append(vs, pick(it.item("scenic_viewpoints"), map[string]any{"city": p.City, "viewpoint_id": strconv.Itoa(j + 1),
						"name": describe(p), "address": viewpointAddress(p), "elevation_meters": el, "description": d, "place_id": p.PlaceID}))
				}
				v = vs
			default:
				v = empty(it.vals[k])
			}
			o = append(o, kv{K: k, V: v})
		}
		out = append(out, o)
	}
	return out
}

// viewpointAddress is an address a text search resolves to this place
// alone: its name before its address, unless the address already has it.
func viewpointAddress(p place) string {
	if strings.HasPrefix(strings.ToLower(p.Address), strings.ToLower(p.Name)) {
		return p.Address
	}
	return p.Name + ", " + p.Address
}

// pick takes the shape's keys from vals, in the shape's order; a key
// written another way ("place id", "placeId" for place_id) is the same.
func pick(it shape, vals map[string]any) obj {
	var o obj
	for _, k := range it.keys {
		v, ok := vals[k]
		if !ok {
			for vk, vv := range vals {
				if foldKey(vk) == foldKey(k) {
					v, ok = vv, true
					break
				}
			}
		}
		if !ok {
			v = empty(it.vals[k])
		}
		o = append(o, kv{K: k, V: v})
	}
	return o
}

// foldKey is a format key in lower case without spaces, underscores and
// hyphens.
func foldKey(k string) string {
	return keyFolder.Replace(strings.ToLower(k))
}

var keyFolder = strings.NewReplacer(" ", "", "_", "", "-", "")
