package mapschat

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/cairn-agents/cairn/geo"
	"github.com/cairn-agents/cairn/geo/mapstool"
	"github.com/cairn-agents/cairn/llm"
	"github.com/cairn-agents/cairn/tool"
)

// resolveRefs replaces "$N" in a call's arguments by the position the Nth
// call of the turn found: an object for "location(s)", "lat,lng" for an
// address argument.
func resolveRefs(c ToolCall, done []ToolResult) (ToolCall, error) {
	var err error
	sub := func(key string, v any) any {
		s, ok := v.(string)
		if !ok || !strings.HasPrefix(s, "$") {
			return v
		}
		n, e := strconv.Atoi(s[1:])
		if e != nil || n < 0 || n >= len(done) {
			return v
		}
		p, e := firstLocation(done[n])
		if e != nil {
			err = e
			return v
		}
		switch key {
		case "origin", "destination", "origins", "destinations", "address":
			return latLngArg(p)
		}
		return latLngObj(p)
	}
	out := ToolCall{Name: c.Name, Arguments: make(map[string]any, len(c.Arguments))}
	for k, v := range c.Arguments {
		if list, ok := v.([]any); ok {
			l2 := make([]any, len(list))
			for i, x := range list {
				l2[i] = sub(k, x)
			}
			out.Arguments[k] = l2
			continue
		}
		out.Arguments[k] = sub(k, v)
	}
	return out, err
}

// firstLocation is the first position a result gives.
func firstLocation(r ToolResult) (LatLng, error) {
	if r.Err != "" {
		return LatLng{}, fmt.Errorf("%sit needs the place the %s finds, and that failed", notRun, describeCall(r.Call))
	}
	switch r.Call.Name {
	case mapstool.Geocode:
		var g geo.GeocodeResult
		if json.Unmarshal(r.Result, &g) == nil && g.FormattedAddress != "" {
			return LatLng(g.Location), nil
		}
	case mapstool.SearchPlaces:
		var s geo.SearchResult
		if json.Unmarshal(r.Result, &s) == nil && len(s.Places) > 0 {
			return LatLng(s.Places[0].Location), nil
		}
	case mapstool.PlaceDetails:
		var d geo.PlaceDetails
		if json.Unmarshal(r.Result, &d) == nil {
			return LatLng(d.Location), nil
		}
	}
	return LatLng{}, fmt.Errorf("%sthe %s found no place", notRun, describeCall(r.Call))
}

// notRun starts the error of a call not run because the call it needed
// failed.
const notRun = "not run: "

// describeCall says what a call does, in a person's words.
func describeCall(c ToolCall) string {
	str := func(k string) string { s, _ := c.Arguments[k].(string); return s }
	switch c.Name {
	case mapstool.SearchPlaces:
		return fmt.Sprintf("search for %q", str("query"))
	case mapstool.Geocode:
		return fmt.Sprintf("geocoding %q", str("address"))
	case mapstool.ReverseGeocode:
		return "reverse geocoding the position"
	case mapstool.Directions:
		return fmt.Sprintf("%s directions from %s to %s", orDefault(str("mode"), "driving"), str("origin"), str("destination"))
	case mapstool.DistanceMatrix:
		return "distance matrix"
	case mapstool.Elevation:
		return "elevation lookup"
	case mapstool.PlaceDetails:
		return "place details"
	}
	return c.Name
}

func orDefault(s, d string) string {
	if s == "" {
		return d
	}
	return s
}

// summarize says what one successful result holds.
func summarize(r ToolResult) string {
	switch r.Call.Name {
	case mapstool.SearchPlaces:
		var s geo.SearchResult
		_ = json.Unmarshal(r.Result, &s)
		if len(s.Places) == 0 {
			return fmt.Sprintf("%s found nothing", describeCall(r.Call))
		}
		return fmt.Sprintf("%s found %d places, the first %s", describeCall(r.Call), len(s.Places), s.Places[0].Name)
	case mapstool.Geocode:
		var g geo.GeocodeResult
		_ = json.Unmarshal(r.Result, &g)
		return fmt.Sprintf("%s placed it at %s", describeCall(r.Call), g.FormattedAddress)
	case mapstool.ReverseGeocode:
		var g geo.ReverseGeocodeResult
		_ = json.Unmarshal(r.Result, &g)
		return fmt.Sprintf("the address there is %s", g.FormattedAddress)
	case mapstool.Directions:
		var d geo.DirectionsResult
		_ = json.Unmarshal(r.Result, &d)
		if len(d.Routes) == 0 {
			return "directions found no route"
		}
		return fmt.Sprintf("a route of %s taking %s", d.Routes[0].Distance.Text, d.Routes[0].Duration.Text)
	case mapstool.Elevation:
		var e geo.ElevationResult
		_ = json.Unmarshal(r.Result, &e)
		if len(e.Results) == 0 {
			return "no elevation"
		}
		return fmt.Sprintf("elevation %.0f m", e.Results[0].Elevation)
	case mapstool.PlaceDetails:
		var d geo.PlaceDetails
		_ = json.Unmarshal(r.Result, &d)
		return fmt.Sprintf("details of %s", d.Name)
	}
	return r.Call.Name + " answered"
}

// learn keeps what place-details results said, by place ID.
func learn(m Memory, rs []ToolResult) Memory {
	for _, r := range rs {
		if r.Err != "" || r.Call.Name != mapstool.PlaceDetails {
			continue
		}
		id, _ := r.Call.Arguments["place_id"].(string)
		var d geo.PlaceDetails
		if id == "" || json.Unmarshal(r.Result, &d) != nil {
			continue
		}
		f := Facts{Address: d.FormattedAddress, Phone: d.FormattedPhoneNumber, Website: d.Website, Rating: d.Rating, Details: true}
		if d.OpeningHours != nil {
			f.Hours, f.HasHours = slices.Clone(d.OpeningHours.WeekdayText), true
		}
		if m.Facts == nil {
			m.Facts = map[string]Facts{}
		}
		m.Facts[id] = f
		if len(m.Facts) > maxFacts {
			for k := range m.Facts {
				if k != id {
					delete(m.Facts, k)
					break
				}
			}
		}
	}
	return m
}

// maxFacts bounds the places whose details a session keeps.
const maxFacts = 20

// toolArguments asks the tools model, by native tool calling, for the
// arguments of the tools the coordinator planned; each call is checked
// against its tool's input schema. When the model fails (no call, an
// unknown tool, arguments the schema rejects, no answer) the policy's
// calls are used.
func (a *Assistant) toolArguments(ctx context.Context, t *turn, cs CoordinatorState, policy []ToolCall) []ToolCall {
	m := a.model("tools")
	names := toolNames(cs.ToolsToExecute)
	if len(names) == 0 {
		names = toolNames(policy)
	}
	var defs []llm.ToolDef
	for _, n := range names {
		tl, ok := a.tools.Get(n)
		if !ok {
			a.note(ctx, t, fmt.Sprintf("the model planned %q, which is not a maps tool", n))
			continue
		}
		sp := tl.Spec()
		defs = append(defs, llm.ToolDef{Name: sp.Name, Description: sp.Description, Parameters: sp.InputSchema})
	}
	if m == nil || len(defs) == 0 {
		return policy
	}
	user, err := toolsUser(t, names)
	if err != nil {
		a.note(ctx, t, "prompt: "+err.Error())
		return policy
	}
	cctx, cancel := context.WithTimeout(ctx, a.o.ModelTimeout)
	defer cancel()
	resp, err := llm.Chat(cctx, m, llm.Request{
		Messages:    []llm.Message{{Role: llm.System, Content: toolsSystem}, {Role: llm.User, Content: user}},
		Tools:       defs,
		Temperature: a.o.ToolTemperature,
	})
	if err != nil {
		a.note(ctx, t, "tool arguments from the policy: the model failed: "+clip(err.Error(), 200))
		return policy
	}
	var out []ToolCall
	for _, tc := range resp.Message.ToolCalls {
		tl, ok := a.tools.Get(tc.Name)
		if !ok || !slices.Contains(names, tc.Name) {
			a.note(ctx, t, fmt.Sprintf("the model called %q, which was not planned", tc.Name))
			continue
		}
		if err := tool.CheckArgs(tl.Spec(), tc.Arguments); err != nil {
			a.note(ctx, t, fmt.Sprintf("the model's arguments for %s: %v", tc.Name, err))
			continue
		}
		var args map[string]any
		if err := json.Unmarshal(tc.Arguments, &args); err != nil {
			continue
		}
		out = append(out, ToolCall{Name: tc.Name, Arguments: args})
	}
	for _, n := range names {
		if !slices.ContainsFunc(out, func(c ToolCall) bool { return c.Name == n }) {
			if len(out) > 0 {
				a.note(ctx, t, fmt.Sprintf("the model gave no valid call of %s: the policy's plan is used", n))
			}
			return policy
		}
	}
	return out
}
