package mapschat

import (
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strings"
	"time"

	"github.com/cairn-agents/cairn/geo"
	"github.com/cairn-agents/cairn/geo/mapstool"
)

// maxListed is how many places an answer lists and marks.
const maxListed = 8

// compose writes the turn's answer from its tool results and the memory,
// and what the memory keeps of it. A fact about a place is stated only
// when a tool result of this conversation says it.
func compose(t turn) (Answer, Memory) {
	r, mem := t.Request, t.Memory
	ans := Answer{Places: []Place{}}
	mem.Pending = nil
	var text []string
	if t.Capped {
		text = append(text, "I stopped before finishing this one (the turn's step limit); here is what I know.")
	}
	switch {
	case r.Kind == KindThanks:
		text = append(text, "You're welcome!")
	case !r.needsTools() || len(t.Results) == 0 && !t.Capped:
		text = append(text, responded(t))
		switch {
		case r.Missing != "":
			p := r
			mem.Pending = &p
		case r.Kind == KindSave && r.Near != nil && r.Label != "":
			mem = save(mem, r)
		}
	default:
		var places []Place
		for i, res := range t.Results {
			s, ps := answerFrom(t, i)
			if s != "" {
				text = append(text, s)
			}
			places = append(places, ps...)
			if res.Call.Name == mapstool.Directions && res.Err == "" {
				ans.Route = routeOf(res)
			}
		}
		if len(places) > maxListed {
			places = places[:maxListed]
		}
		if c := compared(t); c != "" {
			text = append(text, c)
		}
		if s := legsTotal(t); s != "" {
			text = append(text, s)
		}
		ans.Places = places
		if len(t.Results) == 0 {
			text = append(text, "I have no map results for this yet.")
		}
		mem = remember(mem, r, places, t.Results)
	}
	ans.Answer = strings.Join(text, " ")
	return ans, mem
}

// responded is what the responding state said.
func responded(t turn) string {
	for i := len(t.States) - 1; i >= 0; i-- {
		if t.States[i].Status == Responding && t.States[i].Content != "" {
			return t.States[i].Content
		}
	}
	return respondPolicy(t).Content
}

func save(mem Memory, r Request) Memory {
	p := Place{Name: r.Near.label(), PlaceID: r.Near.PlaceID}
	if r.Near.Point != nil {
		p.Location = *r.Near.Point
	}
	for _, sp := range mem.Results {
		if sp.PlaceID != "" && sp.PlaceID == p.PlaceID {
			p = sp
		}
	}
	out := mem.Saved[:0:0]
	for _, sp := range mem.Saved {
		if sp.Label != r.Label {
			out = append(out, sp)
		}
	}
	mem.Saved = append(out, SavedPlace{Label: r.Label, Place: p})
	return mem
}

// remember keeps the places of this answer for follow-ups.
func remember(mem Memory, r Request, places []Place, rs []ToolResult) Memory {
	mem.Last = r.Kind
	if r.Kind == KindDetails {
		mem.Detail = r.Detail
	}
	if r.Moved != nil && r.Moved.Point != nil {
		mem.Here = &Place{Name: r.Moved.label(), Location: *r.Moved.Point}
	}
	if r.Kind == KindNearby && r.Near != nil && r.Query != "" {
		mem.Search = &Search{Query: r.Query, Near: *r.Near}
	}
	if r.Kind == KindNearby && r.Query != "" && len(places) > 0 {
		mem.Found = rememberFound(mem.Found, Found{Query: r.Query, Places: places})
	}
	if len(places) > 0 && r.Kind != KindDetails && !(r.Kind == KindElevation && listedOnly(r, mem)) {
		mem.Results = places
		s := places[0]
		mem.Subject = &s
	}
	if r.Kind == KindDetails && len(places) > 0 {
		s := places[0]
		mem.Subject = &s
	}
	if r.Then != nil && r.Then.From != nil && r.Then.To != nil {
		th := *r.Then
		if th.To.isFound() || th.From.isFound() {
			if len(places) == 0 {
				return mem
			}
			f := placeLoc(places[0], places[0].Name)
			if th.To.isFound() {
				th.To = f
				named := *f // the place the route went to, by its name: "the VA" after it (spoken.go)
				named.Ref = ""
				mem.Named = rememberNamed(mem.Named, &named)
			}
			if th.From.isFound() {
				th.From = f
			}
		}
		r = th
		mem.Last = th.Kind // the answer ended with the route: "then from there …" starts at its end
	}
	switch r.Kind {
	case KindDirections:
		mem.Named = rememberNamed(mem.Named, append(append([]*Loc{r.From, r.To}, r.Also...), r.Stops...)...)
	case KindElevation, KindWhere, KindNearby, KindDetails:
		mem.Named = rememberNamed(mem.Named, append([]*Loc{r.Near}, r.Also...)...)
	}
	if r.Kind == KindDirections && r.From != nil && r.To != nil {
		mode := r.Mode
		for _, res := range rs {
			if m, ok := res.Call.Arguments["mode"].(string); ok && res.Call.Name == mapstool.Directions {
				mode = m
			}
		}
		mem.Trip = &Trip{From: *r.From, To: *r.To, Mode: mode}
		if r.To.PlaceID != "" && r.To.Point != nil {
			// the place just routed to is what "it", "that park" point at
			// next, not the first of the list it was picked from
			s := Place{Name: r.To.Name, PlaceID: r.To.PlaceID, Location: *r.To.Point}
			if i := slices.IndexFunc(mem.Results, func(p Place) bool { return p.PlaceID == s.PlaceID }); i >= 0 {
				s = mem.Results[i]
			}
			mem.Subject = &s
		}
		if len(r.Stops) > 0 {
			mem.Stops = []Loc{*r.To}
			for _, l := range r.Stops {
				mem.Stops = append(mem.Stops, *l)
			}
			// the last leg: where the trip ends
			mem.Trip.From, mem.Trip.To = mem.Stops[len(mem.Stops)-2], mem.Stops[len(mem.Stops)-1]
		}
	}
	return mem
}

// answerFrom states what one result says, and the places it gives.
func answerFrom(t turn, i int) (string, []Place) {
	r, res := t.Request, t.Results[i]
	if res.Err != "" {
		if strings.HasPrefix(res.Err, notRun) {
			return "", nil // the call it needed said why
		}
		switch f := failure(res.Err); f {
		case "the maps know no such place":
			if r.Kind == KindNearby && res.Call.Name == mapstool.SearchPlaces && i == len(t.Results)-1 {
				return fmt.Sprintf("I found no %s near %s.", plural(orDefault(r.Query, "place"), 2), nearLabel(r)), nil
			}
			return fmt.Sprintf("The maps don't know %s.", subjectOf(res.Call, r)), nil
		default:
			return fmt.Sprintf("I couldn't get the %s: %s.", strings.TrimPrefix(describeCall(res.Call), "the "), f), nil
		}
	}
	if r.Then != nil {
		if res.Call.Name == mapstool.Directions {
			r = thenRoute(t)
		}
	} else if dependedOn(t, i) {
		return "", nil
	}
	switch res.Call.Name {
	case mapstool.SearchPlaces:
		var s geo.SearchResult
		_ = json.Unmarshal(res.Result, &s)
		if len(s.Places) == 0 {
			return fmt.Sprintf("I found no %s near %s.", orDefault(r.Query, "place"), nearLabel(r)), nil
		}
		places := make([]Place, 0, len(s.Places))
		for _, p := range s.Places {
			places = append(places, Place{Name: p.Name, PlaceID: p.PlaceID, Address: p.FormattedAddress, Location: LatLng(p.Location)})
		}
		if len(places) > maxListed {
			places = places[:maxListed]
		}
		if r.Kind == KindWhere {
			p := places[0]
			return fmt.Sprintf("%s is at %s (%.5f, %.5f).", p.Name, p.Address, p.Location.Lat, p.Location.Lng), places[:1]
		}
		var b strings.Builder
		fmt.Fprintf(&b, "I found %d %s near %s:", len(places), plural(orDefault(r.Query, "place"), len(places)), nearLabel(r))
		centre := searchCentre(res)
		for i, p := range places {
			fmt.Fprintf(&b, "\n%d. %s — %s", i+1, p.Name, orDefault(p.Address, "no address given"))
			if centre != nil {
				fmt.Fprintf(&b, " (%s)", km(geo.Distance(geo.LatLng(*centre), geo.LatLng(p.Location))))
			}
		}
		return b.String(), places
	case mapstool.Geocode:
		var g geo.GeocodeResult
		_ = json.Unmarshal(res.Result, &g)
		p := Place{Name: orDefault(subjectOf(res.Call, r), g.FormattedAddress), PlaceID: g.PlaceID, Address: g.FormattedAddress, Location: LatLng(g.Location)}
		if p.Name == g.FormattedAddress {
			return fmt.Sprintf("The maps place %s at %.5f, %.5f.", p.Name, g.Location.Lat, g.Location.Lng), []Place{p}
		}
		return fmt.Sprintf("The maps place %s at %s (%.5f, %.5f).", p.Name, g.FormattedAddress, g.Location.Lat, g.Location.Lng), []Place{p}
	case mapstool.ReverseGeocode:
		var g geo.ReverseGeocodeResult
		_ = json.Unmarshal(res.Result, &g)
		lat, _ := res.Call.Arguments["latitude"].(float64)
		lng, _ := res.Call.Arguments["longitude"].(float64)
		p := Place{Name: g.FormattedAddress, PlaceID: g.PlaceID, Address: g.FormattedAddress, Location: LatLng{lat, lng}}
		what := "The map's centre"
		if r.Near != nil && r.Near.Ref != "here" {
			what = "The point"
		}
		return fmt.Sprintf("%s (%.5f, %.5f) is at %s.", what, lat, lng, g.FormattedAddress), []Place{p}
	case mapstool.Directions:
		var d geo.DirectionsResult
		_ = json.Unmarshal(res.Result, &d)
		to := destinationOf(r, res.Call)
		if len(d.Routes) == 0 {
			return fmt.Sprintf("The maps found no route from %s to %s.", originOf(r, res.Call).label(), to.label()), nil
		}
		rt := d.Routes[0]
		mode, _ := res.Call.Arguments["mode"].(string)
		s := fmt.Sprintf("From %s to %s is %s %s, about %s", originOf(r, res.Call).label(), to.label(), rt.Distance.Text, modePhrase(mode), rt.Duration.Text)
		if rt.Summary != "" && !rt.Estimated {
			s += " via " + rt.Summary
		}
		s += "."
		if r.Accessible {
			s += " The maps don't check accessibility (steps, kerbs, slopes): this is the walking route, not a checked step-free one."
		}
		if rt.Estimated {
			s += " (An estimate: the maps have no roads there, so no route line is drawn.)"
		}
		return s, nil
	case mapstool.Elevation:
		var e geo.ElevationResult
		_ = json.Unmarshal(res.Result, &e)
		if len(e.Results) == 0 {
			return "The maps gave no elevation there.", nil
		}
		if len(r.Also) > 0 {
			return heightsCompared(r, e), nil
		}
		el := e.Results[0]
		name, places := elevationSubject(t, res, el)
		s := fmt.Sprintf("%s is about %.0f m above sea level", name, el.Elevation)
		if el.Resolution > 0 {
			s += fmt.Sprintf(" (from %s data, %.0f m resolution)", orDefault(el.Source, "elevation"), el.Resolution)
		}
		return s + ".", places
	case mapstool.PlaceDetails:
		var d geo.PlaceDetails
		_ = json.Unmarshal(res.Result, &d)
		id, _ := res.Call.Arguments["place_id"].(string)
		p := Place{Name: d.Name, PlaceID: id, Address: d.FormattedAddress, Location: LatLng(d.Location)}
		return detailText(d, r.Detail, t.Now), []Place{p}
	}
	return "", nil
}

// dependedOn says whether a later call of the turn used result i's place
// ("$i"): a lookup that only placed something for it says nothing itself.
func dependedOn(t turn, i int) bool {
	ref := fmt.Sprintf(`"$%d"`, i)
	for _, st := range t.States {
		if st.Status != ToolPlanning {
			continue
		}
		for _, c := range st.ToolsToExecute {
			b, _ := json.Marshal(c.Arguments)
			if strings.Contains(string(b), ref) {
				return true
			}
		}
	}
	return false
}

// elevationSubject names where an elevation was read: the place a lookup
// of this turn found, else the place asked about.
func elevationSubject(t turn, res ToolResult, el geo.Elevation) (string, []Place) {
	for _, prev := range t.Results {
		if prev.Err != "" || prev.Call.Name == mapstool.Elevation {
			continue
		}
		switch prev.Call.Name {
		case mapstool.Geocode:
			var g geo.GeocodeResult
			if json.Unmarshal(prev.Result, &g) == nil && g.FormattedAddress != "" {
				return g.FormattedAddress, []Place{{Name: g.FormattedAddress, PlaceID: g.PlaceID, Address: g.FormattedAddress, Location: LatLng(g.Location)}}
			}
		case mapstool.SearchPlaces:
			var s geo.SearchResult
			if json.Unmarshal(prev.Result, &s) == nil && len(s.Places) > 0 {
				p := s.Places[0]
				return p.Name, []Place{{Name: p.Name, PlaceID: p.PlaceID, Address: p.FormattedAddress, Location: LatLng(p.Location)}}
			}
		}
	}
	n := t.Request.Near
	if n == nil {
		return fmt.Sprintf("(%.5f, %.5f)", el.Location.Lat, el.Location.Lng), nil
	}
	name := n.label()
	if n.Ref == "here" {
		name = fmt.Sprintf("The map's centre (%.5f, %.5f)", el.Location.Lat, el.Location.Lng)
	}
	if n.PlaceID != "" {
		return name, []Place{{Name: n.Name, PlaceID: n.PlaceID, Location: LatLng(el.Location)}}
	}
	return name, nil
}

// detailText answers a question about a place from its details result.
func detailText(d geo.PlaceDetails, detail string, now time.Time) string {
	name := d.Name
	switch detail {
	case "info":
		return allDetails(d)
	case "accessibility":
		return fmt.Sprintf("The maps don't record step-free access or accessible toilets, so I can't say for %s; its phone or website may: %s.",
			name, orDefault(d.FormattedPhoneNumber+" "+d.Website, "none given"))
	case "open":
		if d.OpeningHours == nil || len(d.OpeningHours.WeekdayText) == 0 {
			return fmt.Sprintf("The maps have no opening hours for %s, so I can't say whether it is open now.", name)
		}
		day := now.Weekday().String()
		for _, line := range d.OpeningHours.WeekdayText {
			if strings.HasPrefix(line, day) {
				return fmt.Sprintf("%s's hours today, as the maps list them: %s.", name, line)
			}
		}
		return fmt.Sprintf("%s's opening hours, as the maps list them: %s.", name, strings.Join(d.OpeningHours.WeekdayText, "; "))
	case "phone":
		if d.FormattedPhoneNumber == "" {
			return fmt.Sprintf("The maps have no phone number for %s.", name)
		}
		return fmt.Sprintf("%s's phone number: %s.", name, d.FormattedPhoneNumber)
	case "website":
		if d.Website == "" {
			return fmt.Sprintf("The maps have no website for %s.", name)
		}
		return fmt.Sprintf("%s's website: %s.", name, d.Website)
	case "rating":
		if d.Rating == nil {
			return fmt.Sprintf("The maps have no rating for %s.", name)
		}
		return fmt.Sprintf("%s is rated %.1f.", name, *d.Rating)
	}
	if d.FormattedAddress == "" {
		return fmt.Sprintf("The maps gave no address for %s.", name)
	}
	return fmt.Sprintf("%s: %s.", name, d.FormattedAddress)
}

func subjectOf(c ToolCall, r Request) string {
	for _, k := range []string{"address", "query"} {
		if s, ok := c.Arguments[k].(string); ok && s != "" {
			if k == "query" && r.Kind == KindNearby {
				return fmt.Sprintf("any %s near %s", r.Query, nearLabel(r))
			}
			return s
		}
	}
	if r.Near != nil {
		return r.Near.label()
	}
	return "that place"
}

func nearLabel(r Request) string {
	if r.Near == nil {
		return "there"
	}
	if r.Near.Ref == "here" {
		if r.Near.Name != "" {
			return r.Near.Name
		}
		return "the map's centre"
	}
	return r.Near.label()
}

func searchCentre(res ToolResult) *LatLng {
	m, ok := res.Call.Arguments["location"].(map[string]any)
	if !ok {
		return nil
	}
	lat, ok1 := m["latitude"].(float64)
	lng, ok2 := m["longitude"].(float64)
	if !ok1 || !ok2 {
		return nil
	}
	return &LatLng{lat, lng}
}

func routeOf(res ToolResult) *Route {
	var d geo.DirectionsResult
	if json.Unmarshal(res.Result, &d) != nil || len(d.Routes) == 0 {
		return nil
	}
	rt := d.Routes[0]
	out := &Route{DistanceM: float64(rt.Distance.Value), DurationS: float64(rt.Duration.Value)}
	if rt.OverviewPolyline != nil {
		out.Polyline = rt.OverviewPolyline.Points
	}
	return out
}

func modePhrase(m string) string {
	switch m {
	case "walking":
		return "on foot"
	case "bicycling":
		return "by bike"
	case "transit":
		return "by transit"
	}
	return "by car"
}

func km(m float64) string {
	if m < 1000 {
		return fmt.Sprintf("%.0f m", m)
	}
	return fmt.Sprintf("%.1f km", math.Round(m/100)/10)
}

func plural(s string, n int) string {
	if n == 1 || strings.HasSuffix(s, "s") {
		return s
	}
	switch {
	case strings.HasSuffix(s, "y") && !strings.HasSuffix(s, "ey"):
		return s[:len(s)-1] + "ies"
	case strings.HasSuffix(s, "sh"), strings.HasSuffix(s, "ch"), strings.HasSuffix(s, "x"):
		return s + "es"
	case s == "coffee", s == "pizza", s == "food", s == "sushi", s == "ice cream", s == "fast food", s == "parking", s == "gas":
		return s + " places"
	}
	return s + "s"
}

// destinationOf is the place of the request a directions call goes to.
func destinationOf(r Request, c ToolCall) *Loc {
	dest, _ := c.Arguments["destination"].(string)
	for _, l := range append(r.Also, r.Stops...) {
		if l != nil && l.arg() == dest {
			return l
		}
	}
	if r.To == nil {
		return &Loc{Name: dest}
	}
	return r.To
}

// compared says which of the places compared is the nearer by road,
// when the routes to several were asked for.
func compared(t turn) string {
	r := t.Request
	if r.Kind != KindDirections || len(r.Also) == 0 {
		return ""
	}
	best, n := "", 0
	var bestM int64
	for _, res := range t.Results {
		if res.Call.Name != mapstool.Directions || res.Err != "" {
			continue
		}
		var d geo.DirectionsResult
		if json.Unmarshal(res.Result, &d) != nil || len(d.Routes) == 0 {
			continue
		}
		n++
		if m := d.Routes[0].Distance.Value; best == "" || m < bestM {
			best, bestM = destinationOf(r, res.Call).label(), m
		}
	}
	if n < 2 {
		return ""
	}
	return fmt.Sprintf("%s is the closest of them by road.", best)
}

// thenRoute is the route a search was followed by, its found end the
// first place the search found.
func thenRoute(t turn) Request {
	th := *t.Request.Then
	for _, res := range t.Results {
		if res.Call.Name != mapstool.SearchPlaces || res.Err != "" {
			continue
		}
		var s geo.SearchResult
		if json.Unmarshal(res.Result, &s) == nil && len(s.Places) > 0 {
			p := s.Places[0]
			f := &Loc{Name: p.Name, PlaceID: p.PlaceID, Point: &LatLng{Lat: p.Location.Lat, Lng: p.Location.Lng}}
			if th.To.isFound() {
				th.To = f
			}
			if th.From.isFound() {
				th.From = f
			}
		}
	}
	return th
}
