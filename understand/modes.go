package understand

// TravelMode is a way of travelling the text names: "by bike", "walking",
// "on foot", "drive", "by train". Mode is one of the maps' travel modes:
// driving, walking, bicycling, transit.
type TravelMode struct {
	Span
	Mode string `json:"mode"`
}

// modeWords are single words naming a travel mode.
var modeWords = map[string]string{
	"drive": "driving", "driving": "driving", "drove": "driving", "car": "driving", "cars": "driving",
	"walk": "walking", "walking": "walking", "walked": "walking", "foot": "walking", "hike": "walking", "hiking": "walking",
	"bike": "bicycling", "bikes": "bicycling", "biking": "bicycling", "bicycle": "bicycling", "bicycling": "bicycling",
	"cycle": "bicycling", "cycling": "bicycling", "cyclist": "bicycling",
	"transit": "transit", "bus": "transit", "train": "transit", "subway": "transit", "metro": "transit", "tram": "transit",
}

// readModes finds the travel modes of toks, with the "by" or "on" before
// them in their span ("by bike", "on foot").
func readModes(toks []token) []TravelMode {
	var out []TravelMode
	for i, t := range toks {
		if t.masked || t.kind != tokWord {
			continue
		}
		mode := modeWords[t.low]
		if mode == "" {
			continue
		}
		if t.low == "foot" && (i == 0 || toks[i-1].low != "on" && toks[i-1].low != "by") {
			continue // "foot" alone is a body part or a unit
		}
		start := t.start
		if i > 0 && (toks[i-1].low == "by" || toks[i-1].low == "on") {
			start = toks[i-1].start
		}
		out = append(out, TravelMode{Span: Span{start, t.end}, Mode: mode})
	}
	return out
}
