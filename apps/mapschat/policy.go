package mapschat

import (
	"fmt"
	"math"
	"strings"

	"github.com/cairn-agents/cairn/geo/mapstool"
)

// The policies: what the coordinator decides in each state with no model
// (or when the model fails), from the policy's reading of the message.

// capabilities is what the assistant says it can do.
const capabilities = "I can find places of a kind near here or near a named place (pizza, coffee, gas stations, viewpoints…), " +
	"give directions, distances and travel times by car, on foot or by bike, tell where a place is, what is at the map's centre, " +
	"how high a place is, and details of places I found (address, opening hours, phone, website). " +
	"You can also save a place (\"save this as home\") and use it later (\"how long from home to work?\")."

// analyzePolicy decides whether the message needs map data.
func analyzePolicy(t turn) CoordinatorState {
	r := t.Request
	switch {
	case r.Kind == KindThanks:
		return CoordinatorState{Status: Analyzing, Action: ActionComplete, NextStep: Completing,
			Reasoning: "a thank-you or goodbye: nothing to look up or explain"}
	case r.needsTools():
		return CoordinatorState{Status: Analyzing, Action: ActionTool, NextStep: ToolPlanning,
			Content: intentLine(r), Reasoning: fmt.Sprintf("a %s request: answered from maps tool results", r.Kind)}
	}
	why := "needs no map data"
	switch {
	case r.Missing != "":
		why = fmt.Sprintf("a %s request with no place to look at: ask where", r.Kind)
	case r.Unresolved != "":
		why = fmt.Sprintf("%q points at nothing this conversation found", r.Unresolved)
	case r.Kind == KindDetails:
		why = "the address is in this conversation's earlier results"
	case r.Kind == KindSave:
		why = "saving a place the conversation knows"
	case r.Kind == KindUnknown && r.Detail == "weather":
		why = "weather is not in the map data: say so"
	case r.Kind == KindUnknown && r.Detail == "sky":
		why = "sunrise, sunset and tides are not in the map data: say so"
	case r.Kind == KindUnknown && r.Detail == "words":
		why = "a question about words (a translation, a meaning): not map data"
	case r.Kind == KindUnknown && r.Detail == "price":
		why = "prices, tickets and opinions of places are not in the map data: say so"
	case r.Kind == KindUnknown && r.Detail == "why":
		why = "a question about why the last answer gave a place: say how the places were found"
	case r.Kind == KindUnknown && r.Detail == "units":
		why = "a question about the unit of the last answer: the answers give kilometres"
	case r.Kind == KindUnknown:
		why = "not a map request the assistant understands: say what it can do"
	}
	return CoordinatorState{Status: Analyzing, Action: ActionRespond, NextStep: Responding, Reasoning: why}
}

// intentLine is what the person sees while the tools run.
func intentLine(r Request) string {
	switch r.Kind {
	case KindNearby:
		return fmt.Sprintf("Searching for %s near %s…", r.Query, r.Near.label())
	case KindDirections:
		return fmt.Sprintf("Finding the %s route from %s to %s…", modeWord(r.Mode), r.From.label(), r.To.label())
	case KindWhere:
		return fmt.Sprintf("Looking up %s…", r.Near.label())
	case KindWhatHere:
		return "Looking up what is at the map's centre…"
	case KindElevation:
		if len(r.Also) > 0 {
			return fmt.Sprintf("Comparing the elevations of %s…", labels(append([]*Loc{r.Near}, r.Also...)))
		}
		return fmt.Sprintf("Looking up the elevation of %s…", r.Near.label())
	case KindDetails:
		return fmt.Sprintf("Getting the details of %s…", r.Near.label())
	}
	return ""
}

// labels are places in a person's words: "A, B and C".
func labels(ls []*Loc) string {
	var out []string
	for _, l := range ls {
		out = append(out, l.label())
	}
	if len(out) < 2 {
		return strings.Join(out, "")
	}
	return strings.Join(out[:len(out)-1], ", ") + " and " + out[len(out)-1]
}

func modeWord(m string) string {
	switch m {
	case "walking":
		return "walking"
	case "bicycling":
		return "cycling"
	case "transit":
		return "transit"
	}
	return "driving"
}

// respondPolicy answers without tools, or sends a map request on to
// tool planning.
func respondPolicy(t turn) CoordinatorState {
	r := t.Request
	cs := CoordinatorState{Status: Responding, Action: ActionRespond, NextStep: Completing}
	if r.needsTools() {
		cs.Action, cs.NextStep = ActionTool, ToolPlanning
		cs.Reasoning = "a map request: it needs maps tool results before any answer"
		return cs
	}
	switch {
	case r.Missing != "":
		cs.Content = askWhere(r)
		cs.Reasoning = "no place to look at and no map centre: ask, and keep the request for the answer"
	case r.Unresolved != "":
		cs.Content = fmt.Sprintf("I don't know which place %q means: I have no earlier results it could point at. Name the place, or ask me to find some first.", r.Unresolved)
		cs.Reasoning = "the reference resolves to nothing in this conversation"
	case r.Kind == KindGreeting:
		cs.Content = "Hello! " + capabilities
		cs.Reasoning = "a greeting"
	case r.Kind == KindCapabilities:
		cs.Content = capabilities
		cs.Reasoning = "asked what the assistant can do"
	case r.Kind == KindSave:
		cs.Content = fmt.Sprintf("Saved %s as %q.", r.Near.label(), r.Label)
		cs.Reasoning = "a place of this conversation saved under a label"
	case r.Kind == KindDetails:
		cs.Content = addressFromMemory(t.Memory, r.Near)
		cs.Reasoning = "the address comes from an earlier tool result of this conversation"
	case r.Kind == KindUnknown && r.Detail == "weather":
		cs.Content = "Sorry, I can't tell the weather or a forecast: the maps hold places, roads and heights, not weather. " + capabilities
		cs.Reasoning = "weather is not served by the maps tools"
	case r.Kind == KindUnknown && r.Detail == "sky":
		cs.Content = "Sorry, I can't tell the times of sunrise, sunset or the tides: the maps hold places, roads and heights, not the sky or the sea. " + capabilities
		cs.Reasoning = "sun and tide times are not served by the maps tools"
	case r.Kind == KindUnknown && r.Detail == "words":
		cs.Content = "Sorry, I can't translate or explain words: the maps hold places, roads and heights. " + capabilities
		cs.Reasoning = "a question about words, not places: no map data answers it"
	case r.Kind == KindUnknown && r.Detail == "why":
		cs.Content = "I list the places the maps find around where the search was centred, nearest first, within about 10 km: one in a neighbouring town can be the nearest. Tell me another town to search in if that is too far."
		cs.Reasoning = "how the last answer's places were found: no map data needed"
	case r.Kind == KindUnknown && r.Detail == "units":
		cs.Content = "The distances I give are in kilometres (km) and metres (m); a mile is about 1.6 km. Times are in minutes."
		cs.Reasoning = "the unit of the figures given: no map data needed"
	case r.Kind == KindUnknown && r.Detail == "price":
		cs.Content = "Sorry, I can't tell prices, fees or tickets, nor which place is better: the maps hold places, roads and heights, not prices or opinions. " + capabilities
		cs.Reasoning = "prices are not served by the maps tools"
	default:
		cs.Content = "Sorry, I can't answer that from map data. " + capabilities
		cs.Reasoning = "not a request the map tools can answer"
	}
	return cs
}

func askWhere(r Request) string {
	switch r.Kind {
	case KindNearby:
		return fmt.Sprintf("Where should I look for %s? Name a town or an address, or move the map there.", r.Query)
	case KindDirections:
		if r.To == nil {
			return "Where do you want to go? Name the destination (and where from, if not from here)."
		}
		return fmt.Sprintf("Where from? Name the starting point for the route to %s, or move the map there.", r.To.label())
	case KindElevation:
		return "Which place do you want the elevation of?"
	}
	return "Where? Name a place or move the map there."
}

func addressFromMemory(m Memory, l *Loc) string {
	if l == nil {
		return "I don't know which place you mean."
	}
	for _, p := range m.Results {
		if p.PlaceID == l.PlaceID && p.Address != "" {
			return fmt.Sprintf("%s: %s.", p.Name, p.Address)
		}
	}
	if f, ok := m.Facts[l.PlaceID]; ok && f.Address != "" {
		return fmt.Sprintf("%s: %s.", l.Name, f.Address)
	}
	for _, f := range m.Found {
		for _, p := range f.Places {
			if p.PlaceID == l.PlaceID && p.Address != "" {
				return fmt.Sprintf("%s: %s.", p.Name, p.Address)
			}
		}
	}
	return fmt.Sprintf("The maps gave no address for %s.", l.label())
}

// Search radii: around a town, and around a region or country.
const (
	townRadius = 10000
	areaRadius = 50000
)

// planPolicy chooses the tools and their arguments for the request. A
// call may take an earlier call's place with "$N" (the Nth call's first
// location).
func planPolicy(t turn) CoordinatorState {
	r := t.Request
	cs := CoordinatorState{Status: ToolPlanning, Action: ActionTool, NextStep: ToolExecuting, Content: intentLine(r)}
	if !r.placed() {
		// A model may plan what the policy would not: with a place
		// missing there is nothing to call the maps with.
		cs.Content, cs.Reasoning = "", "the request lacks a place to look up: no tools"
		return cs
	}
	var calls []ToolCall
	// locate returns the argument for a place's position: its point, or
	// "$N" after a call that finds it.
	locate := func(l *Loc) any {
		if l.Point != nil {
			return latLngObj(*l.Point)
		}
		if l.Known {
			calls = append(calls, ToolCall{Name: mapstool.Geocode, Arguments: map[string]any{"address": l.Name}})
		} else {
			calls = append(calls, ToolCall{Name: mapstool.SearchPlaces, Arguments: map[string]any{"query": l.Name}})
		}
		return fmt.Sprintf("$%d", len(calls)-1)
	}
	switch r.Kind {
	case KindNearby:
		radius := float64(townRadius)
		if t.Center != nil && r.Near.Ref == "here" && t.Center.Zoom > 0 {
			radius = zoomRadius(t.Center.Zoom)
		}
		if r.Near.Area {
			radius = areaRadius
		}
		loc := locate(r.Near)
		calls = append(calls, ToolCall{Name: mapstool.SearchPlaces, Arguments: map[string]any{
			"query": r.Query, "location": loc, "radius": radius}})
		cs.Reasoning = fmt.Sprintf("search %q within %.0f km of %s", r.Query, radius/1000, r.Near.label())
	case KindDirections:
		mode := r.Mode
		if mode == "" {
			mode = "driving"
		}
		from := any(r.From.arg())
		if r.From.Ref == refSelf && r.From.Point == nil {
			from = locate(r.From) // "im at the ferry terminal": the maps find it first
		}
		calls = append(calls, ToolCall{Name: mapstool.Directions, Arguments: map[string]any{
			"origin": from, "destination": r.To.arg(), "mode": mode}})
		for _, l := range r.Also {
			calls = append(calls, ToolCall{Name: mapstool.Directions, Arguments: map[string]any{
				"origin": r.From.arg(), "destination": l.arg(), "mode": mode}})
		}
		for _, m := range r.Modes {
			calls = append(calls, ToolCall{Name: mapstool.Directions, Arguments: map[string]any{
				"origin": r.From.arg(), "destination": r.To.arg(), "mode": m}})
		}
		calls = append(calls, legCalls(r, mode)...)
		cs.Reasoning = fmt.Sprintf("directions give the distance, the travel time and the line (%s)", mode)
		if len(r.Also) > 0 {
			cs.Reasoning = fmt.Sprintf("one route to each place compared: their distances and travel times (%s)", mode)
		}
		if len(r.Stops) > 0 {
			cs.Reasoning = fmt.Sprintf("one route per leg of the trip, each from the stop before (%s)", mode)
		}
	case KindWhere:
		if r.Near.Point != nil && r.Near.PlaceID != "" {
			calls = append(calls, ToolCall{Name: mapstool.PlaceDetails, Arguments: map[string]any{"place_id": r.Near.PlaceID}})
		} else if r.Near.Known || reStreet.MatchString(r.Near.Name) {
			calls = append(calls, ToolCall{Name: mapstool.Geocode, Arguments: map[string]any{"address": r.Near.Name}})
		} else {
			calls = append(calls, ToolCall{Name: mapstool.SearchPlaces, Arguments: map[string]any{"query": r.Near.Name}})
		}
		cs.Reasoning = "the maps place it"
	case KindWhatHere:
		if r.Near.Point != nil {
			calls = append(calls, ToolCall{Name: mapstool.ReverseGeocode, Arguments: map[string]any{
				"latitude": r.Near.Point.Lat, "longitude": r.Near.Point.Lng}})
		} else {
			calls = append(calls, ToolCall{Name: mapstool.Geocode, Arguments: map[string]any{"address": r.Near.Name}})
		}
		cs.Reasoning = "reverse geocoding names what is at the map's centre"
	case KindElevation:
		if len(r.Also) > 0 {
			// Places compared: each where the gazetteer puts it, else
			// where the maps find it.
			var locs []any
			for _, l := range append([]*Loc{r.Near}, r.Also...) {
				locs = append(locs, locate(l))
			}
			calls = append(calls, ToolCall{Name: mapstool.Elevation, Arguments: map[string]any{"locations": locs}})
			cs.Reasoning = "the elevations of the places compared, in one call"
			break
		}
		var loc any
		if r.Near.Point != nil && (r.Near.Ref != "" || r.Near.PlaceID != "") {
			loc = latLngObj(*r.Near.Point)
		} else {
			// The maps place it first: the answer names what they found.
			n := *r.Near
			n.Point = nil
			loc = locate(&n)
		}
		calls = append(calls, ToolCall{Name: mapstool.Elevation, Arguments: map[string]any{"locations": []any{loc}}})
		cs.Reasoning = "the maps place it, then give the elevation there"
	case KindDetails:
		if r.Near.PlaceID == "" {
			// No id to ask details of: the maps find the place by its name.
			calls = append(calls, ToolCall{Name: mapstool.SearchPlaces, Arguments: map[string]any{"query": r.Near.label()}})
			cs.Reasoning = "no place id is known: the maps search the place by its name"
			break
		}
		calls = append(calls, ToolCall{Name: mapstool.PlaceDetails, Arguments: map[string]any{"place_id": r.Near.PlaceID}})
		cs.Reasoning = "place details hold the address, opening hours, phone and website the maps know"
	default:
		cs.Reasoning = "nothing to look up"
	}
	if th := r.Then; th != nil && th.Kind == KindDirections && th.From != nil && th.To != nil && len(calls) > 0 {
		// The route after the search: to the first place it finds.
		found := fmt.Sprintf("$%d", len(calls)-1)
		end := func(l *Loc) any {
			if l.isFound() {
				return found
			}
			return l.arg()
		}
		calls = append(calls, ToolCall{Name: mapstool.Directions, Arguments: map[string]any{
			"origin": end(th.From), "destination": end(th.To), "mode": orDefault(th.Mode, "driving")}})
		cs.Reasoning += "; then the route asked for"
	}
	cs.ToolsToExecute = calls
	return cs
}

// zoomRadius is about half the width of a map at a web-map zoom level.
func zoomRadius(z float64) float64 {
	r := 40075016.0 / math.Pow(2, z) * 2 // two 256-px tiles across
	return math.Max(500, math.Min(r, areaRadius))
}

func latLngObj(p LatLng) map[string]any {
	return map[string]any{"latitude": p.Lat, "longitude": p.Lng}
}

// reflectPolicy says what the results show. It always leads to
// completing.
func reflectPolicy(t turn) CoordinatorState {
	cs := CoordinatorState{Status: ToolReflecting, Action: ActionComplete, NextStep: Completing}
	if len(t.Results) == 0 {
		cs.Reflection = "No tool ran, so there is nothing new to report."
		cs.Reasoning = "nothing was executed"
		return cs
	}
	var parts []string
	failed := 0
	for _, r := range t.Results {
		if r.Err != "" {
			failed++
			parts = append(parts, fmt.Sprintf("%s failed: %s", describeCall(r.Call), failure(r.Err)))
			continue
		}
		parts = append(parts, summarize(r))
	}
	cs.Reflection = strings.Join(parts, "; ") + "."
	switch {
	case failed == len(t.Results):
		cs.Reasoning = "every tool call failed: the answer says what could not be found, and nothing else"
	case failed > 0:
		cs.Reasoning = "some calls failed: the answer uses only what succeeded"
	default:
		cs.Reasoning = "the results answer the question"
	}
	return cs
}

// failure says a tool error in a person's terms.
func failure(err string) string {
	low := strings.ToLower(err)
	switch {
	case strings.Contains(low, "zero_results") || strings.Contains(low, "not_found") || strings.Contains(low, "no place matches"):
		return "the maps know no such place"
	case strings.Contains(low, "connection refused") || strings.Contains(low, "unreachable") ||
		strings.Contains(low, "connect") || strings.Contains(low, "eof") || strings.Contains(low, "no such host"):
		return "the maps server could not be reached"
	case strings.Contains(low, "deadline") || strings.Contains(low, "timeout"):
		return "the maps server did not answer in time"
	}
	return clip(err, 160)
}
