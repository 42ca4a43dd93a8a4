package roadtrip

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/cairn-agents/cairn/apps/roadtrip/locnav"
)

// This file answers in a format the question writes as a JSON list
// ("Return [{"name": "...", "place id": "..."}]"): the stops found, each
// in the list's item shape. A road trip has no list to fill, so its
// error names what is missing.

// errFormatShape says a format has neither keys nor a list of objects.
var errFormatShape = errors.New("output format is not a JSON object")

// renderList fills a format written as a list of objects with the
// stops; ok is false when raw is no such list.
func renderList(s state, raw json.RawMessage) (json.RawMessage, bool, error) {
	var items []json.RawMessage
	if t := bytes.TrimSpace(raw); len(t) == 0 || t[0] != '[' || json.Unmarshal(t, &items) != nil || len(items) == 0 {
		return nil, false, nil
	}
	it := readShape(items[0])
	if it.keys == nil {
		return nil, false, nil
	}
	if len(s.Spec.Legs) > 1 || s.Spec.Family == locnav.RoadTrip {
		return nil, true, fmt.Errorf("%w: the answer format %s is a list, and this answer needs an object with a key per part (routes, or a stops list per leg)", errFormatShape, short(string(raw), 80))
	}
	b, err := json.Marshal(renderStops(stopsFor(s, 0), it))
	return b, true, err
}
