package mapschat

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strings"

	"github.com/cairn-agents/cairn/geo"
	"github.com/cairn-agents/cairn/geo/mapstool"
	"github.com/cairn-agents/cairn/understand"
)

// A trip of several stops in one message ("Newark, then Bear, then
// Middletown, finishing up in Smyrna"): one route per leg, and the stops
// kept for "from the last stop".

// reStopJoin joins two stops of a list: ", then", "and", "after that",
// "finishing up in", "->".
var reStopJoin = regexp.MustCompile(`^[\s,;]*(?:(?:and\s+)?then(?:\s+on)?(?:\s+to)?|and(?:\s+finally)?(?:\s+then)?|after that|followed by|finally|before|finishing(?:\s+up)?\s+(?:in|at)|ending(?:\s+up)?\s+(?:in|at)|last(?:ly)?|->|→|>|-)?[\s,;]*$`)

// itineraryOf reads a list of three places or more joined as stops
// ("Dover, then Milford, then Lewes") as a route through them: from a
// start named apart ("from Smyrna"), else from here. ok false for any
// other message.
func itineraryOf(low string, rd *understand.Reading, here *Loc, mode string) (Request, bool) {
	if !reDirections.MatchString(low) || reCompare.MatchString(low) || len(rd.Terms) > 0 {
		return Request{}, false
	}
	var places []understand.Mention
	for _, m := range rd.Mentions {
		if m.Role != understand.RoleRegion {
			places = append(places, m)
		}
	}
	// The longest run of places joined as stops.
	best, bestAt := 0, 0
	for i := 0; i < len(places); {
		j := i + 1
		for j < len(places) && places[j-1].End <= places[j].Start && reStopJoin.MatchString(rd.Text[places[j-1].End:places[j].Start]) {
			j++
		}
		if j-i > best {
			best, bestAt = j-i, i
		}
		i = j
	}
	if best < 3 {
		return Request{}, false
	}
	stops := places[bestAt : bestAt+best]
	from := here
	for _, m := range places {
		if m.Role == understand.RoleFrom && (m.End <= stops[0].Start || m.Start >= stops[len(stops)-1].End) {
			from = mentionLoc(m)
		}
	}
	if from == nil {
		return Request{Kind: KindDirections, Mode: mode, Missing: "where", To: mentionLoc(stops[0])}, true
	}
	r := Request{Kind: KindDirections, Mode: mode, From: from, To: mentionLoc(stops[0])}
	for _, m := range stops[1:] {
		r.Stops = append(r.Stops, mentionLoc(m))
	}
	return r, true
}

// legCalls are the routes of the legs after the first: each from the
// stop before.
func legCalls(r Request, mode string) []ToolCall {
	var calls []ToolCall
	prev := r.To
	for _, l := range r.Stops {
		calls = append(calls, ToolCall{Name: mapstool.Directions, Arguments: map[string]any{
			"origin": prev.arg(), "destination": l.arg(), "mode": mode}})
		prev = l
	}
	return calls
}

// originOf is the place a route call starts from, as the request named
// it.
func originOf(r Request, c ToolCall) *Loc {
	org, _ := c.Arguments["origin"].(string)
	for _, l := range append([]*Loc{r.To}, r.Stops...) {
		if l != nil && l.arg() == org {
			return l
		}
	}
	return r.From
}

// legsTotal sums the legs of a trip of several stops: "" when the
// request has none or a leg failed.
func legsTotal(t turn) string {
	if len(t.Request.Stops) == 0 {
		return ""
	}
	var metres, secs int64
	legs := 0
	for _, res := range t.Results {
		if res.Call.Name != mapstool.Directions {
			continue
		}
		var d geo.DirectionsResult
		if res.Err != "" || json.Unmarshal(res.Result, &d) != nil || len(d.Routes) == 0 {
			return ""
		}
		metres += d.Routes[0].Distance.Value
		secs += d.Routes[0].Duration.Value
		legs++
	}
	return fmt.Sprintf("In all, the %d legs are %s, about %s.", legs, km(float64(metres)), durationText(secs))
}

// durationText is a time in seconds in a person's words.
func durationText(secs int64) string {
	m := (secs + 30) / 60
	if m < 60 {
		return fmt.Sprintf("%d min", m)
	}
	return fmt.Sprintf("%d h %d min", m/60, m%60)
}

// reStopNamed is a stop of the last trip of several: "the last stop",
// "my first call", "the final drop".
var reStopNamed = regexp.MustCompile(`\b(?:the|my|our|your)\s+(first|1st|second|2nd|third|3rd|last|final)\s+(?:stop|call|visit|drop(?:-off)?|appointment|client)\b`)

// stopsNamed are the ends of a route that name a stop of the last trip
// of several, by their role.
func stopsNamed(rd *understand.Reading, mem Memory) map[understand.Role]*Loc {
	low := strings.ToLower(rd.Text)
	out := map[understand.Role]*Loc{}
	if len(mem.Stops) == 0 || len(low) != len(rd.Text) {
		return out
	}
	for _, m := range reStopNamed.FindAllStringSubmatchIndex(low, -1) {
		w := low[m[2]:m[3]]
		i := len(mem.Stops) - 1
		if n, ok := ordinals[w]; ok {
			i = n - 1
		}
		if i >= len(mem.Stops) {
			continue
		}
		l := mem.Stops[i]
		l.Ref = low[m[0]:m[1]]
		out[roleBefore(low[:m[0]])] = &l
	}
	return out
}
