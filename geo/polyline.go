package geo

import (
	"errors"
	"fmt"
	"math"
	"strings"
)

// Polyline is a route's line in Google's encoded polyline format
// (precision 1e-5 degrees), as the Directions API's overview_polyline
// holds it: {"points": "_p~iF~ps|U_ulLnnqC"}.
type Polyline struct {
	Points string `json:"points"`
}

// EncodePolyline writes a line of positions in Google's encoded polyline
// format: each latitude and longitude rounded to 1e-5 degrees, as the
// difference from the previous position, in 5-bit chunks offset by 63.
func EncodePolyline(line []LatLng) string {
	var b strings.Builder
	b.Grow(len(line) * 8)
	var plat, plng int64
	for _, p := range line {
		lat, lng := int64(math.Round(p.Lat*1e5)), int64(math.Round(p.Lng*1e5))
		encodeDelta(&b, lat-plat)
		encodeDelta(&b, lng-plng)
		plat, plng = lat, lng
	}
	return b.String()
}

func encodeDelta(b *strings.Builder, d int64) {
	u := uint64(d) << 1
	if d < 0 {
		u = ^u
	}
	for u >= 0x20 {
		b.WriteByte(byte(0x20|u&0x1f) + 63)
		u >>= 5
	}
	b.WriteByte(byte(u) + 63)
}

// ErrPolyline is wrapped by DecodePolyline's errors.
var ErrPolyline = errors.New("bad encoded polyline")

// DecodePolyline reads a line written by EncodePolyline (or by Google).
// A string that is not one fails with an error wrapping ErrPolyline that
// gives the byte offset.
func DecodePolyline(s string) ([]LatLng, error) {
	var out []LatLng
	var lat, lng int64
	for i := 0; i < len(s); {
		var d [2]int64
		for k := range d {
			var u uint64
			shift := 0
			for {
				if i >= len(s) {
					return nil, fmt.Errorf("%w: ends inside a number at byte %d", ErrPolyline, i)
				}
				c := int(s[i]) - 63
				if c < 0 || c > 0x3f {
					return nil, fmt.Errorf("%w: byte %d is %q, outside '?'..'~'", ErrPolyline, i, s[i])
				}
				i++
				if shift > 55 {
					return nil, fmt.Errorf("%w: number too long at byte %d", ErrPolyline, i)
				}
				u |= uint64(c&0x1f) << shift
				shift += 5
				if c < 0x20 {
					break
				}
			}
			v := int64(u >> 1)
			if u&1 != 0 {
				v = ^v
			}
			d[k] = v
		}
		lat, lng = lat+d[0], lng+d[1]
		p := LatLng{Lat: float64(lat) / 1e5, Lng: float64(lng) / 1e5}
		if err := p.Validate(); err != nil {
			return nil, fmt.Errorf("%w: position %d: %w", ErrPolyline, len(out), err)
		}
		out = append(out, p)
	}
	return out, nil
}

// simplifyLine drops the positions of line that lie within tolM metres of
// the line through the positions kept (Douglas-Peucker), keeping both
// ends, so a route's overview stays a few hundred points however many
// road nodes it passes.
func simplifyLine(line []LatLng, tolM float64) []LatLng {
	if len(line) <= 2 {
		return line
	}
	keep := make([]bool, len(line))
	keep[0], keep[len(line)-1] = true, true
	// Equirectangular metres around the line's first position are exact
	// enough at the scale of a tolerance.
	kx := math.Cos(line[0].Lat*math.Pi/180) * 111195
	const ky = 111195.0
	type span struct{ a, b int }
	stack := []span{{0, len(line) - 1}}
	for len(stack) > 0 {
		s := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		ax, ay := line[s.a].Lng*kx, line[s.a].Lat*ky
		bx, by := line[s.b].Lng*kx, line[s.b].Lat*ky
		dx, dy := bx-ax, by-ay
		l2 := dx*dx + dy*dy
		far, farD := -1, tolM
		for i := s.a + 1; i < s.b; i++ {
			px, py := line[i].Lng*kx, line[i].Lat*ky
			var d float64
			if l2 == 0 {
				d = math.Hypot(px-ax, py-ay)
			} else {
				t := max(0, min(1, ((px-ax)*dx+(py-ay)*dy)/l2))
				d = math.Hypot(px-(ax+t*dx), py-(ay+t*dy))
			}
			if d > farD {
				far, farD = i, d
			}
		}
		if far >= 0 {
			keep[far] = true
			stack = append(stack, span{s.a, far}, span{far, s.b})
		}
	}
	out := make([]LatLng, 0, len(line)/4+2)
	for i, k := range keep {
		if k {
			out = append(out, line[i])
		}
	}
	return out
}
