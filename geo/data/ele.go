package data

import (
	"math"
	"strconv"
	"strings"

	"github.com/paulmach/osm"

	"github.com/cairn-agents/cairn/geo/internal/pack"
)

// Heights outside this range (metres) are tagging errors: the Dead Sea
// shore is about -430 m, Everest 8,849 m.
const minEle, maxEle = -450.0, 8900.0

// parseEle reads an OSM ele value: metres, optionally followed by "m",
// or feet marked "ft", "feet" or "'". Anything else (lists, ranges,
// words such as "Sea Level") is refused rather than guessed.
func parseEle(s string) (float64, bool) {
	s = strings.ToLower(strings.TrimSpace(s))
	scale := 1.0
	for _, u := range []struct {
		suffix string
		scale  float64
	}{{"metres", 1}, {"meters", 1}, {"m", 1}, {"feet", 0.3048}, {"ft", 0.3048}, {"'", 0.3048}} {
		if strings.HasSuffix(s, u.suffix) {
			s, scale = strings.TrimSpace(strings.TrimSuffix(s, u.suffix)), u.scale
			break
		}
	}
	if s == "" || strings.ContainsAny(s, "eEinx_") { // no exponents, infinities, NaN, hex or digit separators
		return 0, false
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return 0, false
	}
	v *= scale
	if math.IsNaN(v) || v < minEle || v > maxEle {
		return 0, false
	}
	return v, true
}

// spotOf returns the surveyed height a node's ele tag gives, if any.
func spotOf(n *osm.Node) (pack.Spot, bool) {
	v, ok := parseEle(n.Tags.Find("ele"))
	if !ok {
		return pack.Spot{}, false
	}
	nat := n.Tags.Find("natural")
	return pack.Spot{Lat: int32(math.Round(n.Lat * 1e6)), Lng: int32(math.Round(n.Lon * 1e6)), Ele: int32(math.Round(v * 10)),
		Summit: nat == "peak" || nat == "saddle" || nat == "volcano" || nat == "hill" || n.Tags.Find("mountain_pass") == "yes"}, true
}
